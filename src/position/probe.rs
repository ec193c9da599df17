//! Trying a defence without playing it. The threat searches ask, of every point on an
//! attack's lines, whether a stone there leaves the attacker without any point of a few
//! threat classes. Playing the move would answer it too, but would keep both colours'
//! patterns, the candidates and the undo stack up to date, where the answer needs only the
//! attacker's patterns on the stone's four lines.

use super::{half, threat, Cell, Position, CELLS, DIRS, KEY_DELTAS, NO_SLOT};
use crate::pattern::HALF;
use threat::Threat;

impl Position {
    /// Whether a stone of the side to move on the empty `r` would leave the opponent no
    /// five and no point of any of `classes`: what `make(r)`, the opponent's
    /// [`Position::threat_count`]s, then `unmake()` would tell, for classes from
    /// [`Threat::Three`] up. Those are the only ones the answer can read from the points on
    /// `r`'s lines alone: a point that first comes near a stone with this move has no stone
    /// of the opponent within two points, and so no three of theirs.
    pub(crate) fn stops_threats(&self, r: Cell, classes: &[Threat]) -> bool {
        debug_assert!(classes.iter().all(|&c| c >= Threat::Three));
        debug_assert!(self.is_empty(r));
        let defender = self.side;
        let i = defender.opposite().index();
        let mut counts = self.totals.threat_count[i];
        let mut recount = |old: Threat, new: Threat| {
            counts[old as usize] = counts[old as usize].wrapping_sub(1);
            counts[new as usize] = counts[new as usize].wrapping_add(1);
        };
        // The stone's own point is no longer the opponent's.
        recount(self.points[r & (CELLS - 1)].combos[i].threat, Threat::None);
        // The keys are read as the stone would change them, not changed.
        let deltas = &KEY_DELTAS[defender.index()];
        // As in `refresh_lines`: the same points, in the attacker's colour only.
        let reach = self.line_reach();
        for (d, &step) in DIRS.iter().enumerate() {
            let (mut behind, mut ahead) = (r, r);
            for k in 1..=reach {
                behind = behind.wrapping_add_signed(-step);
                ahead = ahead.wrapping_add_signed(step);
                // `r` is k points ahead of the one behind it and k behind the one ahead.
                for (u, delta) in [(behind, deltas[HALF + k]), (ahead, deltas[HALF - k])] {
                    let u = u & (CELLS - 1);
                    if self.slot[u] == NO_SLOT {
                        continue;
                    }
                    let point = &self.points[u];
                    let key = self.keys[u][d].wrapping_add(delta);
                    let new = self.tables[i].lookup(half(key, i));
                    let old = point.pats[i][d];
                    if new != old {
                        let index = threat::reindex(point.combo_index[i], d, old, new);
                        let combo = threat::lookup(self.combo_tables[i], index);
                        recount(point.combos[i].threat, combo.threat);
                    }
                }
            }
        }
        counts[Threat::Five as usize] == 0 && classes.iter().all(|&c| counts[c as usize] == 0)
    }

    /// Moves the candidate `r` (if it is one) last in [`Position::candidates`], where making
    /// and taking back a move on it leaves it. The search breaks ties in that order, so a
    /// search that tries points without playing them keeps its tree by calling this.
    pub(crate) fn move_candidate_last(&mut self, r: Cell) {
        let r = r & (CELLS - 1);
        if self.slot[r] != NO_SLOT {
            self.remove_candidate(r);
            self.add_candidate(r);
        }
    }
}
