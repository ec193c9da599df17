//! Renju forbidden points for black: double-three, double-four (two fours on one line
//! included) and overline. A five always wins, even if it also makes a forbidden shape.
//! A three counts only if it can become a straight four by a move that is itself not
//! forbidden, checked recursively. A move that makes a five is not forbidden, so a three
//! whose straight-four point also completes a five elsewhere is a three (see [`Reading`]).

use crate::board::Board;
use crate::color::Color;
use crate::point::{Direction, Point};

const BLACK: Color = Color::Black;

/// How to read "a three can become a straight four by a move that is not forbidden" when
/// that move also completes a five on another line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The rule as written, and the game's rule: a five is never forbidden, so the three
    /// counts.
    FiveCounts,
    /// The Gomocup judge's reading, kept for comparisons: only a move with no five and no
    /// forbidden shape completes a three.
    FiveIsNotAStraightFour,
}

/// Whether black may not play on `p`. False for occupied points and points off the board.
#[must_use]
pub fn is_forbidden(board: &Board, p: Point) -> bool {
    if !board.is_empty_at(p) {
        return false;
    }
    let mut scratch = board.clone();
    forbidden_on(&mut scratch, p, Reading::FiveCounts)
}

/// [`is_forbidden`] under either reading of a three completed by a five.
#[must_use]
pub fn is_forbidden_reading(board: &Board, p: Point, reading: Reading) -> bool {
    if !board.is_empty_at(p) {
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
        .filter(|&p| forbidden_on(&mut scratch, p, Reading::FiveCounts))
        .collect()
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
    if !board.is_empty_at(p) {
        return Shape::Allowed;
    }
    let mut scratch = board.clone();
    shape_on(&mut scratch, p, Reading::FiveCounts)
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

/// A real three: some straight-four point on the line is itself not forbidden.
fn is_real_three(board: &mut Board, p: Point, d: Direction, reading: Reading) -> bool {
    straight_four_points(board, p, d)
        .into_iter()
        .any(|q| match shape_on(board, q, reading) {
            Shape::Allowed => true,
            Shape::Five => reading == Reading::FiveCounts,
            _ => false,
        })
}
