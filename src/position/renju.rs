//! Renju forbidden points on the search board: the fast path. The reference implementation
//! is [`crate::renju`], which places stones on a plain board and counts runs; this module
//! decides the same question from the line patterns the position keeps, and must agree
//! with the reference's default reading ([`crate::renju::Reading::FiveIsNotAStraightFour`],
//! the Gomocup judge's, the rule of the game) on every position. `tests/crosscheck.rs`
//! and the position tests compare the two on random positions, `tests/renju_table.rs` on
//! hand-made ones.
//!
//! Overlines and two fours are already flagged by the combination table; two threes need
//! this check: a three is real only if one of its straight-four points is itself allowed,
//! that is makes neither a five nor a forbidden shape (checked recursively). Only that
//! reading is implemented here; the other one lives in the reference alone.

use super::{offset, Cell, Position, DIRS};
use crate::color::Color;
use crate::pattern::Pattern;

const BLACK: Color = Color::Black;

/// Black on the empty `t`, which the patterns show as two or more threes: whether at least
/// two of them are real.
pub(super) fn double_three_is_real(pos: &mut Position, t: Cell) -> bool {
    let dirs: Vec<usize> = (0..4)
        .filter(|&d| pos.pattern(BLACK, d, t) == Pattern::F3)
        .collect();
    pos.set_stone_keys_only(t, BLACK, true);
    let real = dirs
        .into_iter()
        .filter(|&d| three_is_real(pos, t, d))
        .take(2)
        .count();
    pos.set_stone_keys_only(t, BLACK, false);
    real >= 2
}

/// With black on `t`: some empty point on line `d` makes a straight four through `t` and is
/// allowed (no five, nothing forbidden).
fn three_is_real(pos: &mut Position, t: Cell, d: usize) -> bool {
    let step = DIRS[d];
    for k in (-4..=4).filter(|&k: &i32| k != 0) {
        let q = offset(t, step, k);
        if !pos.is_empty(q) || pos.pattern(BLACK, d, q) != Pattern::F4 {
            continue;
        }
        let joined =
            (1..k.abs()).all(|i| pos.stone(offset(t, step, i * k.signum())) == Some(BLACK));
        if joined && is_allowed_and_no_five(pos, q) {
            return true;
        }
    }
    false
}

/// Whether black on the empty `q` makes neither a five nor a forbidden shape, from the
/// current keys alone: only such a move completes a three.
fn is_allowed_and_no_five(pos: &mut Position, q: Cell) -> bool {
    let p = [0, 1, 2, 3].map(|d| pos.pattern(BLACK, d, q));
    // The judge's reading: a move that wins at once does not complete a three, so a three
    // whose straight-four points all make a five on another line is not a three.
    if p.contains(&Pattern::F5) || p.contains(&Pattern::Overline) {
        return false;
    }
    let fours: usize = p
        .iter()
        .map(|&x| match x {
            Pattern::B4 | Pattern::F4 => 1,
            Pattern::DoubleFour => 2,
            _ => 0,
        })
        .sum();
    if fours >= 2 {
        return false;
    }
    !(p.iter().filter(|&&x| x == Pattern::F3).count() >= 2 && double_three_is_real(pos, q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::point::Point;
    use crate::position::cell_of;
    use crate::renju as reference;
    use crate::rule::Rule;

    fn pt(s: &str) -> Point {
        s.parse().expect("a point")
    }

    /// The search board holding the black stones `black`, black to move.
    fn search_board(black: &str) -> Position {
        let mut pos = Position::new(15, Rule::Renju);
        for s in black.split_whitespace() {
            pos.make(cell_of(pt(s)));
            pos.pass();
        }
        pos
    }

    /// The fast path and the reference on every empty point of a position of black stones.
    fn assert_agree(black: &str) {
        let mut board = Board::new(15).expect("15 is a board size");
        for s in black.split_whitespace() {
            board.place(pt(s), BLACK);
        }
        let mut pos = search_board(black);
        for p in board.empty_points() {
            assert_eq!(
                pos.is_forbidden(cell_of(p)),
                reference::is_forbidden(&board, p),
                "{p} with black {black}"
            );
        }
    }

    /// Threes whose straight-four points complete a five on another line: the fast path
    /// follows the reference's default, the judge's reading.
    #[test]
    fn fast_path_follows_the_judges_reading() {
        // i8: the row f8 g8 . i8 is closed only by the five on h8, so no double three.
        assert_agree("f8 g8 h4 h5 h6 h7 i9 i10");
        // h8: the row's straight-four points e8 and i8 both complete a five.
        assert_agree("f8 g8 h6 h7 e4 e5 e6 e7 j7 k6 l5 m4");
        // k10: a double three only because i8, one level down, is allowed.
        assert_agree("f8 g8 h4 h5 h6 h7 i9 i10 j9 k11 k12");
        assert!(!search_board("f8 g8 h4 h5 h6 h7 i9 i10").is_forbidden(cell_of(pt("i8"))));
        let mut pos = search_board("f8 g8 h4 h5 h6 h7 i9 i10 j9 k11 k12");
        assert!(pos.is_forbidden(cell_of(pt("k10"))));
    }
}
