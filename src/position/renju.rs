//! Renju forbidden points on the search board, decided from line patterns. Overlines and two
//! fours are already flagged by the combination table; two threes need this check: a three
//! is real only if one of its straight-four points is itself not forbidden (recursively).

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
/// not forbidden.
fn three_is_real(pos: &mut Position, t: Cell, d: usize) -> bool {
    let step = DIRS[d];
    for k in (-4..=4).filter(|&k: &i32| k != 0) {
        let q = offset(t, step, k);
        if !pos.is_empty(q) || pos.pattern(BLACK, d, q) != Pattern::F4 {
            continue;
        }
        let joined =
            (1..k.abs()).all(|i| pos.stone(offset(t, step, i * k.signum())) == Some(BLACK));
        if joined && !forbidden_by_patterns(pos, q) {
            return true;
        }
    }
    false
}

/// The full forbidden test from the current keys alone.
fn forbidden_by_patterns(pos: &mut Position, q: Cell) -> bool {
    let p = [0, 1, 2, 3].map(|d| pos.pattern(BLACK, d, q));
    if p.contains(&Pattern::F5) {
        return false;
    }
    if p.contains(&Pattern::Overline) {
        return true;
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
        return true;
    }
    p.iter().filter(|&&x| x == Pattern::F3).count() >= 2 && double_three_is_real(pos, q)
}
