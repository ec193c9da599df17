//! The stones on the board and their Zobrist hash. No rules live here.

use crate::color::Color;
use crate::point::{Direction, Point};
pub use crate::point::{MAX_SIZE, MIN_SIZE};
use crate::zobrist::STONE_KEYS;

/// A square board of stones. Placing and removing are unchecked fast paths for search and
/// rule code; [`crate::Game`] is the checked interface.
///
/// ```
/// use gomoku::{Board, Color, Direction, Point};
///
/// assert!(Board::new(4).is_none()); // smaller than MIN_SIZE
/// let mut board = Board::new(15).expect("a supported size");
/// let empty_hash = board.hash();
/// for x in 5..8 {
///     board.place(Point::new(x, 7), Color::Black);
/// }
/// assert_eq!(board.get(Point::new(6, 7)), Some(Color::Black));
/// assert_eq!(board.stone_count(), 3);
/// // f8 g8 h8 and an empty i8: a black stone at i8 would make four in a row.
/// assert_eq!(board.run_through(Point::new(8, 7), Color::Black, Direction::Horizontal), 4);
///
/// for x in 5..8 {
///     board.remove(Point::new(x, 7));
/// }
/// assert_eq!(board.hash(), empty_hash);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Color>>,
    stones: usize,
    hash: u64,
}

impl Board {
    /// An empty board of `size`×`size`, or `None` if `size` is outside
    /// [`MIN_SIZE`]..=[`MAX_SIZE`].
    #[must_use]
    pub fn new(size: u8) -> Option<Board> {
        (MIN_SIZE..=MAX_SIZE).contains(&size).then(|| Board {
            size,
            cells: vec![None; usize::from(size) * usize::from(size)],
            stones: 0,
            hash: 0,
        })
    }

    /// The board's side.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Whether `(x, y)` lies on the board (any integers accepted).
    #[must_use]
    pub fn contains_xy(&self, x: i64, y: i64) -> bool {
        let n = i64::from(self.size);
        (0..n).contains(&x) && (0..n).contains(&y)
    }

    /// Whether `p` lies on the board.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size) + usize::from(p.x)
    }

    /// The stone at `p`; `None` for an empty point or a point off the board.
    #[must_use]
    pub fn get(&self, p: Point) -> Option<Color> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// Whether `p` is on the board and empty.
    #[must_use]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.contains(p) && self.cells[self.index(p)].is_none()
    }

    /// Puts a stone on an empty point. The caller guarantees `p` is on the board and empty.
    pub fn place(&mut self, p: Point, color: Color) {
        debug_assert!(self.is_empty_at(p), "place on {p:?} which is not empty");
        let i = self.index(p);
        self.cells[i] = Some(color);
        self.stones += 1;
        self.hash ^= key(color, p);
    }

    /// Takes the stone off `p`. The caller guarantees there is one.
    pub fn remove(&mut self, p: Point) {
        let i = self.index(p);
        let color = self.cells[i].take();
        debug_assert!(color.is_some(), "remove from empty {p:?}");
        if let Some(color) = color {
            self.stones -= 1;
            self.hash ^= key(color, p);
        }
    }

    /// Number of stones on the board.
    #[must_use]
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Whether every point holds a stone.
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// Zobrist hash of the stones (the side to move is mixed in by [`crate::Game::hash`]).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from scratch; equals [`Board::hash`] unless there is a bug.
    #[must_use]
    pub fn hash_from_scratch(&self) -> u64 {
        self.points()
            .filter_map(|p| self.get(p).map(|c| key(c, p)))
            .fold(0, |h, k| h ^ k)
    }

    /// Every point, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let n = self.size;
        (0..n).flat_map(move |y| (0..n).map(move |x| Point::new(x, y)))
    }

    /// Every empty point.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.get(p).is_none())
    }

    /// Consecutive stones of `color` next to `p` going `steps_sign` (+1 or -1) along `dir`;
    /// `p` itself is not looked at.
    #[must_use]
    pub fn count_from(&self, p: Point, color: Color, dir: Direction, steps_sign: i32) -> usize {
        let mut n = 0;
        while let Some(q) = p.offset(dir, steps_sign * (n as i32 + 1), self.size) {
            if self.get(q) != Some(color) {
                break;
            }
            n += 1;
        }
        n
    }

    /// Length of the run of `color` through `p` along `dir`, counting `p` as `color`
    /// whether or not a stone is there.
    #[must_use]
    pub fn run_through(&self, p: Point, color: Color, dir: Direction) -> usize {
        1 + self.count_from(p, color, dir, 1) + self.count_from(p, color, dir, -1)
    }

    /// Board snapshot, `y * size + x`: 0 empty, 1 black, 2 white.
    #[must_use]
    pub fn codes(&self) -> Vec<u8> {
        self.cells
            .iter()
            .map(|c| c.map_or(0, Color::code))
            .collect()
    }
}

fn key(color: Color, p: Point) -> u64 {
    STONE_KEYS[color.index()][usize::from(p.y) * usize::from(MAX_SIZE) + usize::from(p.x)]
}
