//! Threat-space search for the side to move. VCF: a win by continuous fours, each answered
//! by the one forced block. VCT: fours and open threes, where after a three every defence
//! that stops the open four (and every counter-four) must lose too, and the defender's own
//! VCF refutes the three.

use super::ab::{near_attack, Searcher};
use crate::color::Color;
use crate::pattern::Pattern;
use crate::position::threat::Threat;
use crate::position::{Cell, Position, CELLS, DIRS};
use crate::rule::Rule;

/// Deepest VCF, in attacking moves.
pub const VCF_DEPTH: i32 = 24;
/// VCF depth when checking a defender's counter-attack inside VCT.
const COUNTER_VCF_DEPTH: i32 = 12;
/// Most threat moves tried at one VCT node.
const VCT_WIDTH: usize = 12;

const FAIL_CACHE: usize = 1 << 16;
/// Mixed into position hashes for VCT entries in the fail cache, apart from VCF entries.
const VCT_SALT: u64 = 0x9E37_79B9_7F4A_7C15;
/// Mixed into position hashes for VCF entries searched with continuing fours only.
const CONTINUED_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// Slots of the defence cache (a power of two).
const DEFENCE_SLOTS: usize = 1 << 12;
/// Longest defence list the cache keeps; longer ones are worked out each time.
const DEFENCE_CELLS: usize = 14;

/// Defence lists of recently met positions. Working one out takes a trial move on every
/// nearby point, and iterative deepening meets the same threatened positions again and
/// again.
#[derive(Clone, Debug)]
pub struct DefenceCache {
    slots: Vec<DefenceSlot>,
}

#[derive(Clone, Copy, Debug, Default)]
struct DefenceSlot {
    /// Position hash mixed with the threat classes; 0 when empty.
    key: u64,
    len: u8,
    cells: [u16; DEFENCE_CELLS],
}

impl DefenceCache {
    #[must_use]
    pub fn new() -> DefenceCache {
        DefenceCache {
            slots: vec![DefenceSlot::default(); DEFENCE_SLOTS],
        }
    }

    /// [`defences_against`] into the empty `out`, from the cache when this position and
    /// these classes were seen before.
    pub(super) fn defences_against(
        &mut self,
        pos: &mut Position,
        classes: &[Threat],
        out: &mut Vec<Cell>,
    ) {
        let key = classes.iter().fold(pos.hash(), |k, &c| {
            k ^ DEFENCE_SALT.wrapping_mul(c as u64 + 1)
        }) | 1;
        let slot = &mut self.slots[(key >> 7) as usize & (DEFENCE_SLOTS - 1)];
        if slot.key == key {
            out.extend(
                slot.cells[..usize::from(slot.len)]
                    .iter()
                    .map(|&c| usize::from(c)),
            );
            return;
        }
        defences_against(pos, classes, out);
        if out.len() <= DEFENCE_CELLS {
            slot.key = key;
            slot.len = out.len() as u8;
            for (dst, &c) in slot.cells.iter_mut().zip(out.iter()) {
                *dst = c as u16;
            }
        }
    }
}

impl Default for DefenceCache {
    fn default() -> DefenceCache {
        DefenceCache::new()
    }
}

/// Mixed into position hashes per threat class in the defence cache.
const DEFENCE_SALT: u64 = 0xD6E8_FEB8_6659_FD93;

/// Positions where VCF was proven to fail, with the depth it failed at. A slot's index is
/// the low bits of the hash, so the slot keeps only the high bits, with the depth in the low
/// ones: one word a slot, half the memory of a (hash, depth) pair, and the same answers. The
/// table is read once per threat-search node, mostly from outside the caches.
#[derive(Clone, Debug)]
pub struct FailCache {
    slots: Vec<u64>,
}

/// The slot bits of a hash (its index) and of a stored entry (the depth).
const FAIL_LOW: u64 = FAIL_CACHE as u64 - 1;

impl FailCache {
    #[must_use]
    pub fn new() -> FailCache {
        // An empty slot reads as depth 0, and searches ask only about depths from 1.
        FailCache {
            slots: vec![0; FAIL_CACHE],
        }
    }

    fn failed(&self, hash: u64, depth: i32) -> bool {
        let slot = self.slots[(hash & FAIL_LOW) as usize];
        slot & !FAIL_LOW == hash & !FAIL_LOW && (slot & FAIL_LOW) as i32 >= depth
    }

    fn mark(&mut self, hash: u64, depth: i32) {
        // Threat searches are at most VCF_DEPTH deep.
        let depth = depth.clamp(0, FAIL_LOW as i32) as u64;
        self.slots[(hash & FAIL_LOW) as usize] = (hash & !FAIL_LOW) | depth;
    }

    pub fn clear(&mut self) {
        self.slots.fill(0);
    }
}

impl Default for FailCache {
    fn default() -> FailCache {
        FailCache::new()
    }
}

/// The side to move's attacking moves of the kinds `keep` accepts, into the empty `out`;
/// when the opponent has a five to play, only its block, and only if the block is itself
/// such an attack.
fn attacks(pos: &Position, keep: fn(Threat) -> bool, out: &mut Vec<Cell>) {
    let us = pos.side_to_move();
    match pos.find_threat(us.opposite(), Threat::Five) {
        Some(b) if keep(pos.threat(us, b)) => out.push(b),
        Some(_) => {}
        None => out.extend(
            pos.candidates()
                .iter()
                .copied()
                .filter(|&t| keep(pos.threat(us, t))),
        ),
    }
}

/// The fail-cache key of a threat search from `pos` (`salt` tells VCT from VCF): a search
/// restricted to continuing threats proves less than a free one, so they are kept apart.
fn fail_key(pos: &Position, salt: u64, anchor: Option<Cell>) -> u64 {
    pos.hash() ^ salt ^ if anchor.is_some() { CONTINUED_SALT } else { 0 }
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
        let them = us.opposite();
        for (class, plies) in [
            (Threat::OpenFour, 3),
            (Threat::FourThree, 5),
            (Threat::DoubleThree, 5),
        ] {
            if pos.threat_count(us, class) == 0 {
                continue;
            }
            // A four-three or two threes win in five plies only if the opponent cannot
            // answer with a four of their own (their reply to our four or three then makes
            // no five threat, and our open four follows); renju black's open four may be
            // forbidden, so black's are left to the search.
            if plies == 5
                && (pos.threat_count(them, Threat::Four) > 0
                    || pos.threat_count(them, Threat::FourThree) > 0
                    || pos.threat_count(them, Threat::OpenFour) > 0
                    || (pos.rule() == Rule::Renju && us == Color::Black))
            {
                break;
            }
            // By index: the legality check borrows the position mutably, and leaves the
            // candidates as they are.
            for i in 0..pos.candidates().len() {
                let t = pos.candidates()[i];
                if pos.threat(us, t) == class && pos.is_legal(t) {
                    return Some((t, plies));
                }
            }
        }
        None
    }

    /// VCF for the side to move: on success the plies to five, and `line` gets the moves
    /// (both sides').
    pub(super) fn vcf(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
    ) -> Option<i32> {
        self.vcf_after(pos, depth, line, None)
    }

    /// VCF whose attacks continue from the attacker's previous threat `anchor` (see
    /// [`near_attack`]): a four elsewhere did not need that threat and could have been
    /// played first, where the search tried it already. A block of the defender's five that
    /// is far from the anchor ends the line (unproven). `None`: every four is tried.
    fn vcf_after(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
        anchor: Option<Cell>,
    ) -> Option<i32> {
        self.count_node(line.len());
        // The fail cache is read first, so that its (mostly uncached) slot arrives while
        // the immediate win is looked for.
        let key = fail_key(pos, 0, anchor);
        let failed = self.fails.failed(key, depth);
        if let Some((t, plies)) = self.immediate_win(pos) {
            line.push(t);
            return Some(plies);
        }
        if depth <= 0 || self.threat_budget_spent() || failed {
            return None;
        }
        let mut moves = self.take_list();
        attacks(pos, Threat::is_four, &mut moves);
        if let Some(a) = anchor {
            moves.retain(|&t| near_attack(a, t));
        }
        sorted(pos, &mut moves);
        for &m in &moves {
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            let won = self.after_four(pos, m, line, |s, pos, line| {
                s.vcf_after(pos, depth - 1, line, Some(m))
            });
            pos.unmake();
            if won.is_some() {
                self.give_list(moves);
                return won;
            }
        }
        self.give_list(moves);
        if !self.threat_budget_spent() {
            self.fails.mark(key, depth);
        }
        None
    }

    /// After the attacker's four `m` (already played): the defender's one block, then
    /// `next` for the attacker. Plies to five from before `m`.
    fn after_four(
        &mut self,
        pos: &mut Position,
        m: Cell,
        line: &mut Vec<Cell>,
        next: impl FnOnce(&mut Self, &mut Position, &mut Vec<Cell>) -> Option<i32>,
    ) -> Option<i32> {
        let defender = pos.side_to_move();
        let attacker = defender.opposite();
        if pos.threat_count(defender, Threat::Five) > 0 {
            return None;
        }
        let b = pos.find_threat(attacker, Threat::Five)?;
        let len = line.len();
        line.extend([m, b]);
        if !pos.is_legal(b) {
            // Renju: black cannot block on a forbidden point; five follows.
            return Some(3);
        }
        pos.make(b);
        let won = next(self, pos, line);
        pos.unmake();
        if won.is_none() {
            line.truncate(len);
        }
        won.map(|p| p + 2)
    }

    /// VCT for the side to move within `depth` attacking moves: plies of the main line.
    pub(super) fn vct(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
    ) -> Option<i32> {
        self.vct_after(pos, depth, line, None)
    }

    /// VCT whose attacks continue from the attacker's previous threat `anchor`, as in
    /// [`Self::vcf_after`], and so does the VCF tried first at each node. Both searches
    /// had made every four and three on the board at every node; continuing ones only:
    /// +21.0 Elo (+5.1 … +36.9) node-limited over 439 pairs (SPRT 0/+25, two runs pooled:
    /// LLR +3.25). Continuing fours in the VCF alone: +5.5 (−14.9 … +25.9) after 189 pairs,
    /// stopped.
    fn vct_after(
        &mut self,
        pos: &mut Position,
        depth: i32,
        line: &mut Vec<Cell>,
        anchor: Option<Cell>,
    ) -> Option<i32> {
        self.count_node(line.len());
        if let Some(plies) = self.vcf_after(pos, VCF_DEPTH, line, anchor) {
            return Some(plies);
        }
        let key = fail_key(pos, VCT_SALT, anchor);
        if depth <= 0 || self.threat_budget_spent() || self.fails.failed(key, depth) {
            return None;
        }
        let us = pos.side_to_move();
        let them = us.opposite();
        let mut moves = self.take_list();
        attacks(pos, |th| th.is_three() || th.is_four(), &mut moves);
        if let Some(a) = anchor {
            moves.retain(|&t| near_attack(a, t));
        }
        sorted(pos, &mut moves);
        moves.truncate(VCT_WIDTH);
        for &m in &moves {
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            let won = if pos.find_threat(us, Threat::Five).is_some() {
                self.after_four(pos, m, line, |s, pos, line| {
                    s.vct_after(pos, depth - 1, line, Some(m))
                })
            } else if pos.threat_count(them, Threat::Five) > 0 {
                None
            } else {
                line.push(m);
                let won = self.every_defence_loses(pos, m, depth, line);
                if won.is_none() {
                    line.pop();
                }
                won.map(|p| p + 1)
            };
            pos.unmake();
            if won.is_some() {
                self.give_list(moves);
                return won;
            }
        }
        self.give_list(moves);
        if !self.threat_budget_spent() {
            self.fails.mark(key, depth);
        }
        None
    }

    /// VCT by iterative deepening up to `max_depth` attacking moves: short wins are found
    /// before long lines are explored.
    pub(super) fn vct_iterative(
        &mut self,
        pos: &mut Position,
        max_depth: i32,
        line: &mut Vec<Cell>,
    ) -> Option<i32> {
        for depth in 1..=max_depth {
            line.clear();
            if let Some(plies) = self.vct(pos, depth, line) {
                return Some(plies);
            }
            if self.threat_budget_spent() {
                break;
            }
        }
        line.clear();
        None
    }

    /// The defender (to move) faces our open-four threat, the three `three`: each reply
    /// that stops it, and each counter-four, must still lose to a VCT continuing from it; a
    /// counter-VCF of the defender refutes. Plies to five along the longest resistance.
    fn every_defence_loses(
        &mut self,
        pos: &mut Position,
        three: Cell,
        depth: i32,
        line: &mut Vec<Cell>,
    ) -> Option<i32> {
        let them = pos.side_to_move();
        let us = them.opposite();
        if pos.threat_count(us, Threat::OpenFour) == 0 {
            return None;
        }
        let mut counter = Vec::new();
        // A counter-VCF refutes; a search cut short by the budget proves nothing.
        if self.vcf(pos, COUNTER_VCF_DEPTH, &mut counter).is_some() || self.threat_budget_spent() {
            return None;
        }
        let mut longest: Option<(i32, Vec<Cell>)> = None;
        let mut defences = Vec::new();
        self.defence_cache
            .defences_against(pos, &[Threat::OpenFour], &mut defences);
        for r in defences {
            if !pos.is_legal(r) {
                continue;
            }
            pos.make(r);
            let mut sub = vec![r];
            let lost = self.vct_after(pos, depth - 1, &mut sub, Some(three));
            pos.unmake();
            let plies = lost? + 1;
            if self.threat_budget_spent() {
                return None;
            }
            if longest.as_ref().is_none_or(|(p, _)| plies > *p) {
                longest = Some((plies, sub));
            }
        }
        // No defence at all: the open four comes next, then five.
        let (plies, sub) = longest.unwrap_or((3, Vec::new()));
        line.extend(sub);
        Some(plies)
    }
}

/// Defender moves worth trying against the attacker's points of the given classes (each a
/// win in a few moves if played; `[OpenFour]` for an open three): points on those points'
/// four- and three-making lines (no other point can change those lines) that remove every
/// such point, plus the defender's own fours.
fn defences_against(pos: &mut Position, classes: &[Threat], out: &mut Vec<Cell>) {
    let them = pos.side_to_move();
    let us = them.opposite();
    // A four-three is stopped on its three's line too.
    let three_lines = classes.contains(&Threat::FourThree);
    // A set of cells: read in order, it is the points sorted and without repeats.
    let mut near = [0u64; CELLS / 64];
    for &t in pos.candidates() {
        if !classes.contains(&pos.threat(us, t)) {
            continue;
        }
        near[t / 64] |= 1 << (t % 64);
        for (d, &step) in DIRS.iter().enumerate() {
            let line = pos.pattern(us, d, t);
            if !(matches!(line, Pattern::F4 | Pattern::DoubleFour | Pattern::B4)
                || three_lines && line == Pattern::F3)
            {
                continue;
            }
            for k in (-5..=5).filter(|&k: &isize| k != 0) {
                let u = t.wrapping_add_signed(step * k);
                if u < CELLS && pos.is_empty(u) {
                    near[u / 64] |= 1 << (u % 64);
                }
            }
        }
    }
    for (w, &word) in near.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let r = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Each point tried goes last among the candidates, where making and taking back
            // a move there leaves it: the search breaks ties in that order, and so trying a
            // point with or without playing it gives the same tree.
            pos.move_candidate_last(r);
            if pos.stops_threats(r, classes) {
                out.push(r);
            }
        }
    }
    if !pos.has_four(them) {
        return;
    }
    for &t in pos.candidates() {
        if pos.threat(them, t).is_four() && !out.contains(&t) {
            out.push(t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::FrozenClock;
    use crate::game::Game;
    use crate::point::Point;
    use crate::position::cell_of;
    use crate::search::correction::Corrections;
    use crate::search::tt::Table;
    use crate::search::Limits;

    /// A VCF of five fours (a position of `tests/data/vcf-positions.txt`), none of them
    /// near o15.
    const VCF: &str = "h8 g7 g8 f8 e9 i8 h6 h7 i7 g6 j9 g5 g9 f10 j6 k5 f9 h9 g10 g11 d9 c9 \
                       e8 h11 e10 e7 f7";

    #[test]
    fn the_fail_cache_answers_for_the_hash_and_depths_it_was_given() {
        let mut fails = FailCache::new();
        let hash = 0x1234_5678_9abc_def0;
        // Same slot (low bits), other high bits.
        let neighbour = hash ^ (1 << 40);
        assert!(!fails.failed(hash, 1));
        fails.mark(hash, 7);
        assert!(fails.failed(hash, 7) && fails.failed(hash, 1));
        assert!(!fails.failed(hash, 8));
        assert!(!fails.failed(neighbour, 1));
        fails.mark(neighbour, VCF_DEPTH);
        assert!(fails.failed(neighbour, VCF_DEPTH) && !fails.failed(hash, 1));
        fails.clear();
        assert!(!fails.failed(neighbour, 1));
        // An empty slot never answers, whatever the hash's high bits.
        assert!(!fails.failed(0, 1) && !fails.failed(0xffff, 1));
    }

    fn vcf_from(anchor: Option<Point>) -> Option<i32> {
        let game = Game::from_moves(15, Rule::Freestyle, VCF).unwrap();
        let mut pos = Position::from_game(&game);
        let (mut tt, mut fails) = (Table::new(1 << 20), FailCache::new());
        let mut history = Box::new([[0; CELLS]; 2]);
        let mut corrections = Corrections::new();
        let mut s = Searcher::new(
            &mut tt,
            &mut fails,
            &mut history,
            &mut corrections,
            &FrozenClock,
            Limits::default(),
        );
        s.vcf_after(&mut pos, VCF_DEPTH, &mut Vec::new(), anchor.map(cell_of))
    }

    #[test]
    fn a_continued_vcf_plays_only_fours_near_the_last_threat() {
        assert_eq!(vcf_from(None), Some(11), "five fours, then five");
        assert_eq!(vcf_from(Some(Point::new(14, 14))), None);
    }
}
