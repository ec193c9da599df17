//! Move ordering's worth of a point, from its four line patterns for the side to move and
//! for the opponent: how likely a strong player is to play there. The two tables in
//! `policy/table.rs` are fitted by `tune policy` to the moves that strong players chose, in the
//! units of the hand-set point values they start from (so the history and killer bonuses
//! of the ordering keep their weight).

mod table;

use std::sync::OnceLock;

use crate::eval::weights::{combo_key, COMBOS};
use crate::position::threat::{patterns_of, INDEX, TABLE_LEN};
pub use table::POLICY;

/// The ordering score of a point whose combination indexes are `own` for the side to move
/// and `theirs` for the opponent.
#[inline]
#[must_use]
pub fn score(keys: &KeyTable, own: u16, theirs: u16) -> i32 {
    let key = |i: u16| usize::from(keys[usize::from(i) & (TABLE_LEN - 1)]) % COMBOS;
    i32::from(POLICY[0][key(own)]) + i32::from(POLICY[1][key(theirs)])
}

/// The combination key (see [`combo_key`]) of each combination index.
pub type KeyTable = [u16; TABLE_LEN];

/// The key table, built on first use.
#[must_use]
pub fn keys() -> &'static KeyTable {
    static KEYS: OnceLock<Box<KeyTable>> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut t = Box::new([0u16; TABLE_LEN]);
        for (i, slot) in t.iter_mut().enumerate().take(INDEX) {
            // Keys are below COMBOS = 1,365.
            *slot = combo_key(patterns_of(i)) as u16;
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::threat::index;

    #[test]
    fn every_combination_index_has_the_key_of_its_patterns() {
        let keys = keys();
        for (i, &key) in keys.iter().enumerate().take(INDEX) {
            let p = patterns_of(i);
            assert_eq!(index(p), i);
            assert_eq!(usize::from(key), combo_key(p));
        }
    }

    #[test]
    fn a_point_scores_its_two_worths() {
        let p = patterns_of(INDEX - 1);
        let i = index(p) as u16;
        let k = combo_key(p);
        assert_eq!(
            score(keys(), i, i),
            i32::from(POLICY[0][k]) + i32::from(POLICY[1][k])
        );
    }
}
