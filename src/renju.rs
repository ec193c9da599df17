//! Renju forbidden points for black: double-three, double-four (two fours on one line
//! included) and overline. A five always wins, even if it also makes a forbidden shape.
//! A three counts only if one more stone can make it a straight four, and that stone makes
//! neither a five nor a forbidden shape (checked recursively): the Gomocup judge's reading,
//! which is the rule of the game everywhere (see [`Reading`] for the other one).
//!
//! This module is the reference implementation: it works on a plain [`Board`] by placing
//! stones and counting runs, and it is what [`crate::Game`] enforces. The search board has
//! a fast path of its own (`src/position/renju.rs`, reading line patterns from the
//! position's keys) that must agree with this module's default reading on every position;
//! `tests/crosscheck.rs`, `tests/renju_table.rs` and the position tests check that, and
//! check this module against the independent `figrid-board` crate.

use crate::board::Board;
use crate::color::Color;
use crate::point::{Direction, Point};

const BLACK: Color = Color::Black;

/// Two readings of "a three is a line that one more stone makes a straight four, by a move
/// that is itself allowed". They differ only when that move also completes a five on
/// another line: is a move that wins at once an allowed straight-four move?
///
/// The default, [`Reading::FiveIsNotAStraightFour`], is the rule of the game everywhere:
/// [`is_forbidden`], [`forbidden_points`], [`shape`], hence [`crate::Game`], the page, the
/// protocol engine and the search all use it. It is how the Gomocup judge, which referees
/// the protocol engine's tournament games, and the independent `figrid-board` crate read
/// the rule, so a game played here is judged the same way there. [`Reading::FiveCounts`]
/// stays available through [`is_forbidden_reading`] and [`shape_reading`], for
/// comparisons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reading {
    /// The Gomocup judge's reading, the default: only a move that makes no five and no
    /// forbidden shape completes a three, so a three whose straight-four points all complete
    /// a five elsewhere is not a three.
    #[default]
    FiveIsNotAStraightFour,
    /// The rule read literally, not the default: a five is never forbidden, so a three whose
    /// straight-four point also completes a five elsewhere still counts.
    FiveCounts,
}

/// Whether black may not play on `p`. False for occupied points and points off the board.
#[must_use]
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    is_forbidden_reading(board, p, Reading::default())
}

/// [`is_forbidden`] under either reading of a three completed by a five; [`is_forbidden`]
/// is this with [`Reading::default`], the judge's reading.
#[must_use]
pub fn is_forbidden_reading(board: &Board, p: Point, reading: Reading) -> bool {
    if !board.is_empty_at(p) || !may_be_forbidden(board, p) {
        return false;
    }
    let mut scratch = board.clone();
    forbidden_on(&mut scratch, p, reading)
}

/// Every point black may not play on (in row order). Works whoever is to move.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<Point> {
    let mut scratch = board.clone();
    board
        .empty_points()
        .filter(|&p| {
            may_be_forbidden(board, p) && forbidden_on(&mut scratch, p, Reading::default())
        })
        .collect()
}

/// Whether black may play somewhere: some empty point is not forbidden. Stops at the first
/// one, so this costs a fraction of one full check in all but the last moves of a game.
#[must_use]
pub fn has_allowed_point(board: &Board) -> bool {
    let mut scratch: Option<Board> = None;
    board.empty_points().any(|p| {
        !may_be_forbidden(board, p)
            || !forbidden_on(
                scratch.get_or_insert_with(|| board.clone()),
                p,
                Reading::default(),
            )
    })
}

/// Black stones a forbidden shape needs besides the point itself, on its four lines within
/// five points: a double three has four (two each), a double four at least four (`X.XpX.X`),
/// an overline five; three leaves a margin.
const FEWEST_NEAR_FORBIDDEN: usize = 3;

/// False when `p` has too few black stones around to be forbidden. Most points of a game
/// are such points, and this look costs a small fraction of the full check, which every
/// boolean query ([`is_forbidden`], [`forbidden_points`], [`has_allowed_point`]) skips then.
fn may_be_forbidden(board: &Board, p: Point) -> bool {
    black_stones_near(board, p) >= FEWEST_NEAR_FORBIDDEN
}

/// Black stones on the four lines through `p`, up to five points away on either side.
fn black_stones_near(board: &Board, p: Point) -> usize {
    let n = board.size();
    Direction::ALL
        .into_iter()
        .flat_map(|d| (-5..=5).filter_map(move |k| p.offset(d, k, n)))
        .filter(|&q| q != p && board.get(q) == Some(BLACK))
        .count()
}

/// The shape a black stone on `p` would make, for rule code and explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Exactly five in a row: a win, never forbidden.
    Five,
    /// Six or more in a row, and no five.
    Overline,
    /// Two or more fours (possibly on one line).
    DoubleFour,
    /// Two or more real threes.
    DoubleThree,
    /// Nothing forbidden.
    Allowed,
}

/// Classifies a black move on the empty point `p`.
#[must_use]
pub fn shape(board: &Board, p: Point) -> Shape {
    shape_reading(board, p, Reading::default())
}

/// [`shape`] under either reading of a three completed by a five; [`shape`] is this with
/// [`Reading::default`], the judge's reading.
#[must_use]
pub fn shape_reading(board: &Board, p: Point, reading: Reading) -> Shape {
    if !board.is_empty_at(p) {
        return Shape::Allowed;
    }
    let mut scratch = board.clone();
    shape_on(&mut scratch, p, reading)
}

fn forbidden_on(board: &mut Board, p: Point, reading: Reading) -> bool {
    !matches!(shape_on(board, p, reading), Shape::Five | Shape::Allowed)
}

/// `p` must be empty; the board is restored before returning.
fn shape_on(board: &mut Board, p: Point, reading: Reading) -> Shape {
    board.place(p, BLACK);
    let shape = classify_placed(board, p, reading);
    board.remove(p);
    shape
}

fn classify_placed(board: &mut Board, p: Point, reading: Reading) -> Shape {
    let runs = Direction::ALL.map(|d| board.run_through(p, BLACK, d));
    if runs.contains(&5) {
        return Shape::Five;
    }
    if runs.iter().any(|&len| len > 5) {
        return Shape::Overline;
    }
    let fours = Direction::ALL.map(|d| fours_on_line(board, p, d));
    if fours.iter().sum::<usize>() >= 2 {
        return Shape::DoubleFour;
    }
    // Cheap filter first: only lines that could hold a three are checked recursively.
    let candidates: Vec<Direction> = Direction::ALL
        .into_iter()
        .zip(fours)
        .filter(|&(d, f)| f == 0 && !straight_four_points(board, p, d).is_empty())
        .map(|(d, _)| d)
        .collect();
    if candidates.len() < 2 {
        return Shape::Allowed;
    }
    let real = candidates
        .into_iter()
        .filter(|&d| is_real_three(board, p, d, reading))
        .take(2)
        .count();
    if real >= 2 {
        Shape::DoubleThree
    } else {
        Shape::Allowed
    }
}

/// Empty points on the line through the black stone on `p` that would complete exactly
/// five including `p`.
fn five_points(board: &Board, p: Point, d: Direction) -> Vec<i32> {
    let n = board.size();
    (-4..=4)
        .filter(|&k| k != 0)
        .filter(|&k| {
            let Some(q) = p.offset(d, k, n) else {
                return false;
            };
            if !board.is_empty_at(q) {
                return false;
            }
            // The five must include p: every point strictly between is black.
            let between_black = (1..k.abs()).all(|i| {
                p.offset(d, i * k.signum(), n)
                    .is_some_and(|r| board.get(r) == Some(BLACK))
            });
            between_black && board.run_through(q, BLACK, d) == 5
        })
        .collect()
}

/// Fours through the black stone on `p` along `d`. A straight four (`.XXXX.`) is one four,
/// two five-points that are not its two ends (`X.XXX.X`) are two.
fn fours_on_line(board: &Board, p: Point, d: Direction) -> usize {
    let points = five_points(board, p, d);
    match points.as_slice() {
        [a, b] if (a - b).abs() == 5 => 1,
        other => other.len(),
    }
}

/// Empty points `q` on the line such that black on `q` makes a straight four through `p`.
fn straight_four_points(board: &mut Board, p: Point, d: Direction) -> Vec<Point> {
    let n = board.size();
    let mut out = Vec::new();
    for k in (-4..=4).filter(|&k| k != 0) {
        let Some(q) = p.offset(d, k, n) else { continue };
        if !board.is_empty_at(q) {
            continue;
        }
        board.place(q, BLACK);
        if fours_on_line(board, p, d) == 1 && five_points(board, p, d).len() == 2 {
            out.push(q);
        }
        board.remove(q);
    }
    out
}

/// A real three: some straight-four point on the line is itself allowed (under the judge's
/// reading, a five there is not).
fn is_real_three(board: &mut Board, p: Point, d: Direction, reading: Reading) -> bool {
    straight_four_points(board, p, d)
        .into_iter()
        .any(|q| match shape_on(board, q, reading) {
            Shape::Allowed => true,
            Shape::Five => reading == Reading::FiveCounts,
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(black: &str) -> Board {
        let mut board = Board::new(15).expect("15 is a board size");
        for s in black.split_whitespace() {
            board.place(pt(s), BLACK);
        }
        board
    }

    fn pt(s: &str) -> Point {
        s.parse().expect("a point")
    }

    /// On random boards of every density, no point with fewer black stones around than a
    /// forbidden shape needs is forbidden by the full check under either reading (so the
    /// queries may skip such points), and the queries agree with the full check.
    #[test]
    fn sparse_points_are_never_forbidden() {
        let mut rng = crate::rng::Rng::seeded(5);
        let mut checked = 0;
        for density in [10, 30, 50, 70, 90] {
            for _ in 0..40 {
                let mut board = Board::new(15).expect("15 is a board size");
                for p in Board::new(15).expect("size").points() {
                    if rng.below(100) < density {
                        let c = if rng.below(2) == 0 {
                            BLACK
                        } else {
                            Color::White
                        };
                        board.place(p, c);
                    }
                }
                let full = |p, reading| forbidden_on(&mut board.clone(), p, reading);
                for p in board.empty_points() {
                    if !may_be_forbidden(&board, p) {
                        assert!(!full(p, Reading::FiveIsNotAStraightFour), "{p}");
                        assert!(!full(p, Reading::FiveCounts), "{p}");
                        checked += 1;
                    }
                }
                let listed: Vec<Point> = board
                    .empty_points()
                    .filter(|&p| full(p, Reading::default()))
                    .collect();
                assert_eq!(forbidden_points(&board), listed);
                let any = board.empty_points().any(|p| !full(p, Reading::default()));
                assert_eq!(has_allowed_point(&board), any);
            }
        }
        assert!(checked > 1000);
    }

    /// Black on i8 makes the column three i8-i10 and the row f8 g8 . i8, whose only
    /// straight-four point h8 completes the five h4-h8.
    #[test]
    fn the_judges_reading_is_the_default() {
        assert_eq!(Reading::default(), Reading::FiveIsNotAStraightFour);
        let board = board("f8 g8 h4 h5 h6 h7 i9 i10");
        let p = pt("i8");
        assert_eq!(shape(&board, pt("h8")), Shape::Five);
        assert_eq!(shape(&board, p), Shape::Allowed);
        assert!(!is_forbidden(&board, p));
        assert!(!forbidden_points(&board).contains(&p));
        assert_eq!(
            shape_reading(&board, p, Reading::FiveCounts),
            Shape::DoubleThree
        );
        assert!(is_forbidden_reading(&board, p, Reading::FiveCounts));
    }

    /// k10 makes the column three k10-k12 and the diagonal h7 . j9 k10, whose only
    /// straight-four point i8 is allowed under the judge's reading (a four and one three) and
    /// a double three under the other: the readings give opposite answers on k10.
    #[test]
    fn the_reading_holds_in_the_recursive_check() {
        let board = board("f8 g8 h4 h5 h6 h7 i9 i10 j9 k11 k12");
        let p = pt("k10");
        assert_eq!(shape(&board, p), Shape::DoubleThree);
        assert_eq!(
            shape_reading(&board, p, Reading::FiveCounts),
            Shape::Allowed
        );
    }
}
