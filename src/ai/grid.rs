//! The board as the article AIs read it. They rate every empty point on every move by
//! walking each line out from the point, so the board is copied once per move into a
//! padded grid, where a step along a line is an index step and the edge is a wall of cells
//! that stops every walk, with no bounds check per point.

use crate::board::{Board, MAX_SIZE};
use crate::color::Color;
use crate::point::{Direction, Point};

/// Wall cells on each side: the article tables look at most four points away, and the
/// unbounded walks stop at the first wall cell.
const PAD: usize = 4;
const STRIDE: usize = MAX_SIZE as usize + 2 * PAD;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// What is on one cell of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Stone(Color),
    /// Off the board.
    Wall,
}

pub struct Grid {
    cells: [u8; STRIDE * STRIDE],
}

impl Grid {
    #[must_use]
    pub fn new(board: &Board) -> Grid {
        let mut cells = [WALL; STRIDE * STRIDE];
        for p in board.points() {
            cells[index(p)] = match board.get(p) {
                None => EMPTY,
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
            };
        }
        Grid { cells }
    }

    /// The cell `k` steps from `p` along `d` (backwards for negative `k`), for `p` on the
    /// board and `|k|` at most [`PAD`]; beyond that, a walk must have stopped at a wall.
    #[inline]
    #[must_use]
    pub fn at(&self, p: Point, d: Direction, k: i32) -> Cell {
        let i = index(p).wrapping_add_signed(step(d) * k as isize);
        match self.cells.get(i) {
            Some(&EMPTY) => Cell::Empty,
            Some(&BLACK) => Cell::Stone(Color::Black),
            Some(&WHITE) => Cell::Stone(Color::White),
            _ => Cell::Wall,
        }
    }
}

fn index(p: Point) -> usize {
    (usize::from(p.y) + PAD) * STRIDE + usize::from(p.x) + PAD
}

fn step(d: Direction) -> isize {
    let (dx, dy) = d.delta();
    dy as isize * STRIDE as isize + dx as isize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The grid reads what the board says, walls included, at every distance a walk can go.
    #[test]
    fn cells_match_the_board() {
        let mut rng = Rng::seeded(5);
        for size in [crate::board::MIN_SIZE, 9, 15, MAX_SIZE] {
            let mut board = Board::new(size).expect("a board size");
            for p in board.points().collect::<Vec<_>>() {
                match rng.below(3) {
                    0 => board.place(p, Color::Black),
                    1 => board.place(p, Color::White),
                    _ => {}
                }
            }
            let grid = Grid::new(&board);
            for p in board.points() {
                for d in Direction::ALL {
                    for k in -4..=4 {
                        let want = match p.offset(d, k, size).map(|q| board.get(q)) {
                            None => Cell::Wall,
                            Some(None) => Cell::Empty,
                            Some(Some(c)) => Cell::Stone(c),
                        };
                        assert_eq!(grid.at(p, d, k), want, "{p} {d:?} {k}");
                    }
                }
            }
        }
    }
}
