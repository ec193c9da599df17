//! Correction of the static value by what the searches of this game have found, keyed by
//! the last two moves: every position reached by the same exchange shares an entry, so what
//! a search learns about a reply to that exchange carries over to its siblings.

use super::params::{CORRECTION_BITS, CORRECTION_GRAIN, CORRECTION_LIMIT, CORRECTION_UPDATE};
use crate::position::Position;

const ENTRIES: usize = 1 << CORRECTION_BITS;

/// Per side to move, per entry: a running correction, in `CORRECTION_GRAIN`ths of a unit.
pub struct Corrections {
    table: Box<[[i32; ENTRIES]; 2]>,
}

impl Corrections {
    #[must_use]
    pub fn new() -> Corrections {
        Corrections {
            table: vec![[0; ENTRIES]; 2]
                .into_boxed_slice()
                .try_into()
                .unwrap_or_else(|_| unreachable!("two sides")),
        }
    }

    pub fn clear(&mut self) {
        for side in self.table.iter_mut() {
            side.fill(0);
        }
    }

    /// The entry of `pos`'s last two moves.
    fn slot(pos: &Position) -> usize {
        let last = |i: usize| {
            let m = pos.moves();
            m.len().checked_sub(i).map_or(0, |j| m[j] as u64 + 1)
        };
        let moves = last(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(last(2).wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
        (moves >> 40) as usize & (ENTRIES - 1)
    }

    /// What to add to `pos`'s static value.
    #[must_use]
    pub fn of(&self, pos: &Position) -> i32 {
        self.table[pos.side_to_move().index()][Self::slot(pos)] / CORRECTION_GRAIN
    }

    /// Moves `pos`'s entry towards `error` (the search's score less the corrected
    /// static value), more for a deeper search.
    pub fn update(&mut self, pos: &Position, error: i32, depth: i32) {
        let limit = CORRECTION_LIMIT * CORRECTION_GRAIN;
        let error = error.clamp(-4 * CORRECTION_LIMIT, 4 * CORRECTION_LIMIT);
        let bonus = (error * depth.min(32) * CORRECTION_GRAIN / CORRECTION_UPDATE)
            .clamp(-limit / 4, limit / 4);
        let e = &mut self.table[pos.side_to_move().index()][Self::slot(pos)];
        // Gravity: an entry near the limit moves less, so it stays within it.
        *e += bonus - *e * bonus.abs() / limit;
    }
}

impl Default for Corrections {
    fn default() -> Corrections {
        Corrections::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rule::Rule;

    fn position(moves: &str) -> Position {
        Position::from_game(&Game::from_moves(15, Rule::Freestyle, moves).unwrap())
    }

    #[test]
    fn a_correction_follows_the_error_and_stays_within_its_limit() {
        let mut c = Corrections::new();
        let pos = position("h8 h9 i9");
        assert_eq!(c.of(&pos), 0);
        c.update(&pos, 100, 8);
        let once = c.of(&pos);
        assert!(once > 0 && once <= 100, "{once}");
        for _ in 0..1_000 {
            c.update(&pos, 10_000, 40);
        }
        let most = CORRECTION_LIMIT;
        assert!(c.of(&pos) > 0 && c.of(&pos) <= most, "{}", c.of(&pos));
        for _ in 0..1_000 {
            c.update(&pos, -10_000, 40);
        }
        assert!(c.of(&pos) < 0 && c.of(&pos) >= -most, "{}", c.of(&pos));
        c.clear();
        assert_eq!(c.of(&pos), 0);
    }

    #[test]
    fn the_same_exchange_shares_an_entry_for_the_same_side_to_move() {
        let mut c = Corrections::new();
        c.update(&position("h8 h9"), 200, 8);
        let learned = c.of(&position("h8 h9"));
        assert!(learned > 0);
        // The same last two moves after other stones, black to move again: the same entry.
        assert_eq!(c.of(&position("a1 a2 h8 h9")), learned);
        // The same last two moves with white to move: the other side's table.
        assert_eq!(c.of(&position("a1 h8 h9")), 0);
        // Another exchange.
        assert_eq!(c.of(&position("h8 i9")), 0);
    }
}
