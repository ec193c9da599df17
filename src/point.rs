//! Board points, the board sizes they live on, and the four line directions.

/// Smallest board side supported.
pub const MIN_SIZE: u8 = 5;
/// Largest board side supported: every point has `x` and `y` below it.
pub const MAX_SIZE: u8 = 20;

/// A point on the board: `x` is the column (0 = `a`, left), `y` the row (0 = row 1, bottom).
///
/// Points read and print in the notation of game records:
///
/// ```
/// use gomoku::Point;
///
/// let p: Point = "h8".parse()?;
/// assert_eq!(p, Point::new(7, 7));
/// assert_eq!(Point::new(0, 19).to_string(), "a20");
/// assert_eq!("J10".parse(), Ok(Point::new(9, 9)));
/// assert!("u1".parse::<Point>().is_err()); // column past t
/// assert!("h8 i9".parse::<Point>().is_err()); // two points
/// # Ok::<(), gomoku::ParseMovesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 for `a` on the left.
    pub x: u8,
    /// Row, 0 for row 1 at the bottom.
    pub y: u8,
}

impl Point {
    /// The point in column `x` and row `y`, counted from 0.
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point `steps` away along `dir`, if it stays on a board of `size`.
    #[must_use]
    pub fn offset(self, dir: Direction, steps: i32, size: u8) -> Option<Point> {
        let (dx, dy) = dir.delta();
        let x = i32::from(self.x) + dx * steps;
        let y = i32::from(self.y) + dy * steps;
        let n = i32::from(size);
        if (0..n).contains(&x) && (0..n).contains(&y) {
            // In range 0..size <= 20, so the casts are exact.
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }
}

/// One of the four lines through a point; each is walked both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Along a row.
    Horizontal,
    /// Along a column.
    Vertical,
    /// Up and to the right.
    Diagonal,
    /// Down and to the right.
    AntiDiagonal,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Horizontal,
        Direction::Vertical,
        Direction::Diagonal,
        Direction::AntiDiagonal,
    ];

    /// The step `(dx, dy)` of the forward way.
    #[must_use]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Horizontal => (1, 0),
            Direction::Vertical => (0, 1),
            Direction::Diagonal => (1, 1),
            Direction::AntiDiagonal => (1, -1),
        }
    }
}
