//! Threat-space search for the side to move. VCF: a win by continuous fours, each answered
//! by the one forced block. VCT: fours and open threes, where after a three every defence
//! that stops the open four (and every counter-four) must lose too, and the defender's own
//! VCF refutes the three.

use super::ab::Searcher;
use crate::pattern::Pattern;
use crate::position::threat::Threat;
use crate::position::{Cell, Position, CELLS, DIRS};

/// Deepest VCF, in attacking moves.
pub const VCF_DEPTH: i32 = 24;
/// VCF depth when checking a defender's counter-attack inside VCT.
const COUNTER_VCF_DEPTH: i32 = 12;
/// Most threat moves tried at one VCT node.
const VCT_WIDTH: usize = 12;

const FAIL_CACHE: usize = 1 << 16;

/// Positions where VCF was proven to fail, with the depth it failed at.
#[derive(Clone, Debug)]
pub struct FailCache {
    slots: Vec<(u64, i32)>,
}

impl FailCache {
    #[must_use]
    pub fn new() -> FailCache {
        FailCache {
            slots: vec![(0, -1); FAIL_CACHE],
        }
    }

    fn failed(&self, hash: u64, depth: i32) -> bool {
        let (h, d) = self.slots[hash as usize & (FAIL_CACHE - 1)];
        h == hash && d >= depth
    }

    fn mark(&mut self, hash: u64, depth: i32) {
        self.slots[hash as usize & (FAIL_CACHE - 1)] = (hash, depth);
    }

    pub fn clear(&mut self) {
        self.slots.fill((0, -1));
    }
}

impl Default for FailCache {
    fn default() -> FailCache {
        FailCache::new()
    }
}

/// Attacking moves sorted strongest first.
fn sorted(pos: &Position, moves: &mut [Cell]) {
    let us = pos.side_to_move();
    moves.sort_by_key(|&t| {
        let c = pos.combo(us, t);
        std::cmp::Reverse((c.threat, c.value))
    });
}

impl Searcher<'_> {
    /// A winning move for the side to move right now or next move: five, or an open four
    /// (two five-points) while the opponent has no five to play.
    pub(super) fn immediate_win(&mut self, pos: &mut Position) -> Option<(Cell, i32)> {
        let us = pos.side_to_move();
        if let Some(f) = pos.find_threat(us, Threat::Five) {
            return Some((f, 1));
        }
        if pos.threat_count(us.opposite(), Threat::Five) > 0 {
            return None;
        }
        if pos.threat_count(us, Threat::OpenFour) > 0 {
            let cells: Vec<Cell> = pos
                .candidates()
                .iter()
                .copied()
                .filter(|&t| pos.threat(us, t) == Threat::OpenFour)
                .collect();
            return cells.into_iter().find(|&t| pos.is_legal(t)).map(|t| (t, 3));
        }
        None
    }

    /// VCF for the side to move; on success `line` gets the winning moves (both sides').
    pub(super) fn vcf(&mut self, pos: &mut Position, depth: i32, line: &mut Vec<Cell>) -> bool {
        self.count_node(line.len());
        if let Some((t, _)) = self.immediate_win(pos) {
            line.push(t);
            return true;
        }
        if depth <= 0 || self.threat_budget_spent() || self.fails.failed(pos.hash(), depth) {
            return false;
        }
        let us = pos.side_to_move();
        let them = us.opposite();
        let mut moves: Vec<Cell> = match pos.find_threat(them, Threat::Five) {
            Some(b) if pos.threat(us, b).is_four() => vec![b],
            Some(_) => Vec::new(),
            None => pos
                .candidates()
                .iter()
                .copied()
                .filter(|&t| pos.threat(us, t).is_four())
                .collect(),
        };
        sorted(pos, &mut moves);
        for m in moves {
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            let won = if pos.threat_count(them, Threat::Five) > 0 {
                false
            } else if let Some(b) = pos.find_threat(us, Threat::Five) {
                if pos.is_legal(b) {
                    pos.make(b);
                    line.extend([m, b]);
                    let won = self.vcf(pos, depth - 1, line);
                    if !won {
                        line.truncate(line.len() - 2);
                    }
                    pos.unmake();
                    won
                } else {
                    // Renju: black cannot block on a forbidden point.
                    line.extend([m, b]);
                    true
                }
            } else {
                false
            };
            pos.unmake();
            if won {
                return true;
            }
        }
        if !self.threat_budget_spent() {
            self.fails.mark(pos.hash(), depth);
        }
        false
    }

    /// VCT for the side to move within `depth` attacking moves.
    pub(super) fn vct(&mut self, pos: &mut Position, depth: i32, line: &mut Vec<Cell>) -> bool {
        self.count_node(line.len());
        if self.vcf(pos, VCF_DEPTH, line) {
            return true;
        }
        if depth <= 0 || self.threat_budget_spent() {
            return false;
        }
        let us = pos.side_to_move();
        let them = us.opposite();
        let mut moves: Vec<Cell> = match pos.find_threat(them, Threat::Five) {
            // A forced block keeps the attack only if it is itself a threat.
            Some(b) if pos.threat(us, b) >= Threat::Three => vec![b],
            Some(_) => Vec::new(),
            None => pos
                .candidates()
                .iter()
                .copied()
                .filter(|&t| {
                    let th = pos.threat(us, t);
                    th.is_three() || th.is_four()
                })
                .collect(),
        };
        sorted(pos, &mut moves);
        moves.truncate(VCT_WIDTH);
        for m in moves {
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            line.push(m);
            let won = if pos.threat_count(them, Threat::Five) > 0 {
                false
            } else if let Some(b) = pos.find_threat(us, Threat::Five) {
                if pos.is_legal(b) {
                    pos.make(b);
                    line.push(b);
                    let won = self.vct(pos, depth - 1, line);
                    if !won {
                        line.pop();
                    }
                    pos.unmake();
                    won
                } else {
                    line.push(b);
                    true
                }
            } else {
                self.every_defence_loses(pos, depth, line)
            };
            if !won {
                line.pop();
            }
            pos.unmake();
            if won {
                return true;
            }
        }
        false
    }

    /// The defender (to move) faces our open-four threat: each reply that stops it, and
    /// each counter-four, must still lose to a VCT; a counter-VCF of the defender refutes.
    fn every_defence_loses(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
    ) -> bool {
        let them = pos.side_to_move();
        let us = them.opposite();
        if pos.threat_count(us, Threat::OpenFour) == 0 {
            return false;
        }
        let mut counter = Vec::new();
        if self.vcf(pos, COUNTER_VCF_DEPTH, &mut counter) {
            return false;
        }
        let replies = defences(pos);
        let mut best_line: Option<Vec<Cell>> = None;
        for r in replies {
            if !pos.is_legal(r) {
                continue;
            }
            pos.make(r);
            let mut sub = vec![r];
            let still_lost = self.vct(pos, depth - 1, &mut sub);
            pos.unmake();
            if !still_lost {
                return false;
            }
            // Show the longest resistance as the main line.
            if best_line.as_ref().is_none_or(|b| sub.len() > b.len()) {
                best_line = Some(sub);
            }
        }
        line.extend(best_line.unwrap_or_default());
        true
    }
}

/// Defender moves worth trying against an open-four threat: points on the four-making
/// lines of the attacker's open-four points (no other point can change those lines) that
/// remove every such point, plus the defender's own fours.
pub(super) fn defences(pos: &mut Position) -> Vec<Cell> {
    let them = pos.side_to_move();
    let us = them.opposite();
    let mut near: Vec<Cell> = Vec::new();
    for &t in pos.candidates() {
        if pos.threat(us, t) != Threat::OpenFour {
            continue;
        }
        near.push(t);
        for (d, &step) in DIRS.iter().enumerate() {
            if !matches!(
                pos.pattern(us, d, t),
                Pattern::F4 | Pattern::DoubleFour | Pattern::B4
            ) {
                continue;
            }
            for k in (-5..=5).filter(|&k: &isize| k != 0) {
                let u = t.wrapping_add_signed(step * k);
                if u < CELLS && pos.is_empty(u) {
                    near.push(u);
                }
            }
        }
    }
    near.sort_unstable();
    near.dedup();
    let mut out: Vec<Cell> = near
        .into_iter()
        .filter(|&r| {
            pos.make(r);
            let stops = pos.threat_count(us, Threat::OpenFour) == 0
                && pos.threat_count(us, Threat::Five) == 0;
            pos.unmake();
            stops
        })
        .collect();
    for &t in pos.candidates() {
        if pos.threat(them, t).is_four() && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}
