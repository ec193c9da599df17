//! Alpha-beta (principal variation search) with a transposition table, forced-move
//! handling, singular extensions, late-move reductions and move-count pruning, and a
//! four-only quiescence.

use super::correction::Corrections;
use super::params::{
    move_count_limit, reduction, COUNTER_MOVE_BONUS, HARD_STOP_SHARE, HISTORY_CAP, HISTORY_DIVISOR,
    KILLER_BONUS, LMR_FAR, LMR_FIRST, LMR_REFUTER, NO_PATTERN_MAX_DEPTH, RAZOR_BASE,
    RAZOR_MAX_DEPTH, RAZOR_PER_PLY, RFP_MARGIN, RFP_MAX_DEPTH, SE_MARGIN, SE_MIN_DEPTH,
    SE_TT_DEPTH,
};
use super::policy;
use super::threats::{DefenceCache, FailCache, VCF_DEPTH};
use super::tt::{Bound, Hit, Table};
use super::{loss_in, win_in, Limits, WIN_BOUND};
use crate::clock::Clock;
use crate::eval::evaluate;
use crate::position::threat::Threat;
use crate::position::{point_of, Cell, Position, CELLS};

/// Deepest ply tracked (search plus quiescence).
pub const MAX_PLY: usize = 96;
/// Deepest quiescence, in plies of fours and blocks.
const QUIESCENCE_PLIES: usize = 16;
/// Quiescence plies in which a threatened side defends instead of standing pat.
const QUIESCENCE_DEFENCE_PLIES: usize = 2;
/// Quiescence plies in which any four may be played; later, only fours near the side's
/// previous move, as a continuing attack would. Every four at every ply had made the
/// quiescence half of all nodes: +127 Elo (SPRT 0/+25 accepted after 30 pairs at 100 ms a
/// move). From the first ply instead of the second: −15 after 90 pairs, stopped; also
/// asking such late fours to make an open two elsewhere: −10 after 87 pairs, stopped.
const QUIESCENCE_FREE_PLIES: usize = 2;
/// Quiescence delta: a side whose static value is this far below alpha plays only fours
/// that make more than a four (a four-three, an open four); a plain four, answered at
/// once, rarely gains that much. +56.7 Elo (+30.1 … +84.0) node-limited over 204 pairs at
/// 40,000 nodes a move (SPRT 0/+25 accepted on `--seed 7`'s and `--seed 31`'s openings);
/// 1,000 instead: −3.9 (−28.3 … +20.6) over 269 pairs, stopped.
const QUIESCENCE_DELTA: i32 = 1500;
/// Shallowest node where a VCF is tried before the moves: shallower, the quiescence finds
/// it. From depth 7 rather than 4: +34 Elo (SPRT 0/+25 accepted after 185 pairs at 100 ms
/// a move); from 4 rather than 2, +89 (56 pairs). With the narrower continuing threats,
/// from 5 or 9 instead: −8.5 and −7.4 (node-limited, 224 and 141 pairs, stopped).
const TREE_VCF_MIN_DEPTH: i32 = 7;
/// Nodes between clock reads.
const CLOCK_INTERVAL: u64 = 1024;
/// Threat-search nodes allowed in one VCF/VCT call inside the tree. (Since the continuing
/// threats a call rarely needs them: 4,000 played the same games move for move.)
const TREE_VCF_NODES: u64 = 2_000;

/// The state of one search.
pub struct Searcher<'a> {
    pub(super) tt: &'a mut Table,
    pub(super) fails: &'a mut FailCache,
    history: &'a mut [[i32; CELLS]; 2],
    corrections: &'a mut Corrections,
    /// Combination keys of move ordering's point worths.
    policy_keys: &'static policy::KeyTable,
    clock: &'a dyn Clock,
    limits: Limits,
    start_ms: f64,
    /// Hard stop time, if timed.
    deadline_ms: Option<f64>,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Node count at which the current threat search must give up.
    threat_limit: u64,
    /// End of the current root threat phase, if timed.
    phase_deadline_ms: Option<f64>,
    phase_over: bool,
    killers: [[Cell; 2]; MAX_PLY],
    /// Per side to move, the quiet move that last refuted the opponent's move to each point.
    counters: Box<[[Cell; CELLS]; 2]>,
    pv: Vec<[Cell; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Static value of the node at each ply, to tell whether the side to move is improving.
    static_eval: [i32; MAX_PLY],
    /// Root moves excluded from the search (already refuted).
    pub(super) excluded: Vec<Cell>,
    /// The move left out at each ply by a singular-extension test (`NONE` if none).
    skipped: [Cell; MAX_PLY],
    /// Depth of the current iteration, bounding how far extensions may reach.
    root_depth: i32,
    pub(super) defence_cache: DefenceCache,
    /// Move lists of finished nodes, kept for the next ones: allocating a list at every
    /// node costs more than filling it, in wasm's allocator most of all.
    spare_lists: Vec<Vec<Cell>>,
    spare_ordered: Vec<Vec<Ordered>>,
}

/// A move with its ordering score and what it makes.
type Ordered = (i32, Cell, Kind);

const NONE: Cell = 0;

/// A node settled by what is on the board.
enum Visible {
    Score(i32),
    /// The one point that blocks the opponent's five.
    Block(Cell),
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
        tt: &'a mut Table,
        fails: &'a mut FailCache,
        history: &'a mut [[i32; CELLS]; 2],
        corrections: &'a mut Corrections,
        clock: &'a dyn Clock,
        limits: Limits,
    ) -> Searcher<'a> {
        let start_ms = clock.now_ms();
        Searcher {
            tt,
            fails,
            history,
            corrections,
            policy_keys: policy::keys(),
            clock,
            limits,
            start_ms,
            // Stop a little early: unwinding and the caller's work take time too.
            deadline_ms: limits
                .time_ms
                .map(|t| start_ms + (longest_ms(&limits, t) * HARD_STOP_SHARE - 1.0).max(1.0)),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            threat_limit: u64::MAX,
            phase_deadline_ms: None,
            phase_over: false,
            killers: [[NONE; 2]; MAX_PLY],
            counters: Box::new([[NONE; CELLS]; 2]),
            pv: vec![[NONE; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            static_eval: [0; MAX_PLY],
            excluded: Vec::new(),
            skipped: [NONE; MAX_PLY],
            root_depth: 0,
            defence_cache: DefenceCache::new(),
            spare_lists: Vec::new(),
            spare_ordered: Vec::new(),
        }
    }

    /// An empty move list, reusing a spare one's memory.
    pub(super) fn take_list(&mut self) -> Vec<Cell> {
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.clear();
        list
    }

    /// Gives a list back for reuse (one not given back is only freed).
    pub(super) fn give_list(&mut self, list: Vec<Cell>) {
        self.spare_lists.push(list);
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Counts a node and checks the limits now and then.
    pub(super) fn count_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.nodes % CLOCK_INTERVAL == 0
            && (self.deadline_ms.is_some() || self.phase_deadline_ms.is_some())
        {
            let now = self.clock.now_ms();
            if self.deadline_ms.is_some_and(|d| now >= d) {
                self.stopped = true;
            }
            if self.phase_deadline_ms.is_some_and(|d| now >= d) {
                self.phase_over = true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
    }

    /// Whether a threat search must stop (its own budget, or the whole search's).
    pub(super) fn threat_budget_spent(&self) -> bool {
        self.stopped || self.phase_over || self.nodes >= self.threat_limit
    }

    /// Runs `f` with a threat-search node budget.
    pub(super) fn with_threat_budget<T>(
        &mut self,
        nodes: u64,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let saved = self.threat_limit;
        self.threat_limit = self.nodes.saturating_add(nodes).min(saved);
        let out = f(self);
        self.threat_limit = saved;
        out
    }

    /// Runs a root threat search with a node budget and, in timed searches, a share of the
    /// time (`share` of the whole budget from now).
    pub(super) fn with_phase_budget<T>(
        &mut self,
        nodes: u64,
        share: f64,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        self.phase_deadline_ms = self
            .limits
            .time_ms
            .map(|t| self.clock.now_ms() + t as f64 * share);
        self.phase_over = false;
        let out = self.with_threat_budget(nodes, f);
        self.phase_deadline_ms = None;
        self.phase_over = false;
        out
    }

    /// The principal variation found by the last root search.
    pub fn root_pv(&self) -> Vec<Cell> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    fn update_pv(&mut self, ply: usize, m: Cell) {
        let child = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = m;
        for i in 0..child.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child + 1;
    }

    /// What the board shows without searching: a five to play, two fives of theirs, an
    /// open four of ours, or the one block of their five.
    fn visible_outcome(&mut self, pos: &mut Position, ply: usize) -> Option<Visible> {
        let us = pos.side_to_move();
        let them = us.opposite();
        if pos.threat_count(us, Threat::Five) > 0 {
            return Some(Visible::Score(win_in(ply + 1)));
        }
        let their_fives = pos.threat_count(them, Threat::Five);
        if their_fives >= 2 {
            return Some(Visible::Score(loss_in(ply + 2)));
        }
        if their_fives == 1 {
            return Some(match pos.find_threat(them, Threat::Five) {
                None => Visible::Score(evaluate(pos)),
                Some(b) if !pos.is_legal(b) => Visible::Score(loss_in(ply + 2)),
                Some(b) => Visible::Block(b),
            });
        }
        self.immediate_win(pos)
            .map(|(_, plies)| Visible::Score(win_in(ply + plies as usize)))
    }

    /// Searches `depth` plies from `pos`; the score is for the side to move.
    pub fn alpha_beta(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        if ply == 0 {
            self.root_depth = depth;
        }
        let us = pos.side_to_move();
        let them = us.opposite();
        // A singular-extension test of this node, without one move: no table cut-offs,
        // stores or static shortcuts, which would stand for the node with every move.
        let skip = self.skipped[ply];

        // Step 1. Wins and losses visible on the board; Step 2, the one forced block, which
        // costs no depth.
        match self.visible_outcome(pos, ply) {
            Some(Visible::Score(score)) => return score,
            Some(Visible::Block(b)) => {
                pos.make(b);
                let score = -self.alpha_beta(pos, -beta, -alpha, depth, ply + 1);
                pos.unmake();
                if !self.stopped && score > alpha {
                    self.update_pv(ply, b);
                }
                return score;
            }
            None => {}
        }
        if pos.is_full() {
            return 0;
        }

        // Step 3. Quiescence at the horizon.
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }

        // Step 4. Mate-distance pruning.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table.
        let key = pos.hash();
        let hit = self.tt.probe(key);
        let tt_move = hit.and_then(|h| h.best).filter(|&m| pos.is_empty(m));
        if let Some(h) = hit.filter(|_| skip == NONE) {
            if !pv_node && ply > 0 && h.depth >= depth {
                if let Some(score) = table_cut(h, alpha, beta, ply) {
                    return score;
                }
            }
        }

        // Step 6. A win by continuous fours settles the node.
        let our_fours =
            pos.threat_count(us, Threat::Four) + pos.threat_count(us, Threat::FourThree) > 0;
        if depth >= TREE_VCF_MIN_DEPTH && our_fours && skip == NONE {
            let mut line = Vec::new();
            let found =
                self.with_threat_budget(TREE_VCF_NODES, |s| s.vcf(pos, VCF_DEPTH, &mut line));
            if let Some(plies) = found {
                let score = win_in(ply + plies as usize);
                if let Some(&first) = line.first() {
                    self.update_pv(ply, first);
                    self.tt
                        .store(key, to_tt(score, ply), Some(first), depth, Bound::Exact);
                }
                return score;
            }
        }

        // Step 7. Static pruning of quiet nodes: the opponent threatens nothing that must be
        // answered, so the static value is a fair guess of what the search would find.
        let stand = evaluate(pos) + self.corrections.of(pos);
        self.static_eval[ply] = stand;
        let improving = ply < 2 || stand > self.static_eval[ply - 2];
        // The opponent threatens a win in a few moves (an open three, or a four-three point)
        // and we have no four to play first: only defences and fours are worth trying.
        let open_three = pos.threat_count(them, Threat::OpenFour) > 0;
        let four_three = !our_fours && pos.threat_count(them, Threat::FourThree) > 0;
        let forced = open_three || four_three;
        if !pv_node && !forced && ply > 0 && beta.abs() < WIN_BOUND && skip == NONE {
            // Reverse futility: far above beta, stay there.
            if depth <= RFP_MAX_DEPTH && stand - RFP_MARGIN * (depth - i32::from(improving)) >= beta
            {
                return stand;
            }
            // Razoring: far below alpha, only fours can save the node.
            if depth <= RAZOR_MAX_DEPTH && stand + RAZOR_BASE + RAZOR_PER_PLY * depth < alpha {
                let q = self.quiesce(pos, alpha, alpha + 1, ply, 0);
                if self.stopped {
                    return 0;
                }
                if q <= alpha {
                    return q;
                }
            }
        }

        // Step 8. Moves: only defences and fours against an open-four threat.
        let mut moves = self.take_list();
        if open_three && !four_three {
            self.defence_cache
                .defences_against(pos, &[Threat::OpenFour], &mut moves);
        } else if forced {
            self.defence_cache.defences_against(
                pos,
                &[Threat::OpenFour, Threat::FourThree],
                &mut moves,
            );
            // No one move stops everything: probably lost, but let the search show it.
            if moves.is_empty() {
                moves.extend_from_slice(pos.candidates());
            }
        } else {
            moves.extend_from_slice(pos.candidates());
        }
        if ply == 0 {
            moves.retain(|m| !self.excluded.contains(m));
        }
        if moves.is_empty() {
            self.give_list(moves);
            // Nothing stops the opponent's open four.
            return loss_in(ply + 4);
        }
        let mut ordered = self.spare_ordered.pop().unwrap_or_default();
        self.order(pos, &moves, tt_move, ply, &mut ordered);
        self.give_list(moves);

        // Step 9. The move loop.
        let mut best = -super::WIN;
        let mut best_move = None;
        let mut best_kind = Kind::Quiet;
        let mut searched = 0usize;
        let original_alpha = alpha;
        let limit = if forced {
            usize::MAX
        } else {
            move_count_limit(depth, pv_node, improving)
        };
        let mut aborted = false;
        // The opponent's last move, whose counter move this node's quiet moves are checked against.
        let prev = pos.moves().last().copied();
        for i in 0..ordered.len() {
            pick_next(&mut ordered, i);
            let (_, m, kind) = ordered[i];
            let quiet = kind == Kind::Quiet || kind == Kind::Empty;
            if searched > 0 && best > -WIN_BOUND && !forced {
                // Move-count pruning: late quiet moves are not tried.
                if searched >= limit && quiet {
                    break;
                }
                // Moves that make nothing for anyone matter only deeper in the tree.
                if kind == Kind::Empty && depth <= NO_PATTERN_MAX_DEPTH {
                    continue;
                }
            }
            if m == skip || !pos.is_legal(m) {
                continue;
            }
            let extension = if Some(m) == tt_move && skip == NONE && ply > 0 {
                match self.singular(pos, m, hit, depth, beta, ply) {
                    Singular::Extend(e) => e,
                    Singular::Cut(score) => {
                        self.spare_ordered.push(ordered);
                        return score;
                    }
                    Singular::Stopped => {
                        aborted = true;
                        break;
                    }
                }
            } else {
                0
            };
            let new_depth = depth - 1 + extension;
            // A plain four (no three or second four with it) is answered by one block and
            // gains a tempo at most, so a late one is reduced like a three. +18.7 Elo
            // (+6.3 … +31.2) node-limited over 958 pairs (SPRT 0/+25, three runs pooled:
            // LLR +3.87; H1 accepted on `--seed 31`'s openings after 403 pairs); the bench's
            // tree at depth 11 is 13% smaller.
            let reducible = kind != Kind::Four || pos.threat(us, m) == Threat::Four;
            pos.make(m);
            let score = if searched == 0 {
                -self.alpha_beta(pos, -beta, -alpha, new_depth, ply + 1)
            } else {
                // Late-move reduction: quiet moves most, threes, their blocks and plain
                // fours less, other fours never; quiet moves and plain fours away from both
                // sides' last moves more, killers and the counter move less.
                let r = if depth >= 3 && searched >= LMR_FIRST && reducible {
                    let far = (quiet || kind == Kind::Four) && far_from_action(pos, m);
                    let refuter = quiet
                        && (self.killers[ply].contains(&m)
                            || prev.map(|p| self.counters[us.index()][p]) == Some(m));
                    let r = reduction(depth, searched + 1) - i32::from(pv_node)
                        + i32::from(!improving)
                        - i32::from(!quiet)
                        + LMR_FAR * i32::from(far)
                        - LMR_REFUTER * i32::from(refuter);
                    r.clamp(0, depth - 2)
                } else {
                    0
                };
                let mut s = -self.alpha_beta(pos, -alpha - 1, -alpha, new_depth - r, ply + 1);
                if s > alpha && r > 0 {
                    s = -self.alpha_beta(pos, -alpha - 1, -alpha, new_depth, ply + 1);
                }
                if s > alpha && pv_node {
                    s = -self.alpha_beta(pos, -beta, -alpha, new_depth, ply + 1);
                }
                s
            };
            pos.unmake();
            searched += 1;
            if self.stopped {
                aborted = true;
                break;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                best_kind = kind;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        if quiet && self.killers[ply][0] != m {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = m;
                        }
                        if quiet {
                            if let Some(prev) = prev {
                                self.counters[us.index()][prev] = m;
                            }
                        }
                        self.history[us.index()][m] += depth * depth;
                        break;
                    }
                }
            }
        }
        self.spare_ordered.push(ordered);
        if aborted {
            return 0;
        }
        if searched == 0 {
            // Every move was forbidden: black has nowhere to play (or, in a singular test,
            // the one move left out was the only one).
            return loss_in(ply + 1);
        }
        if skip != NONE {
            return best;
        }
        let bound = bound_of(best, original_alpha, beta);
        self.tt
            .store(key, to_tt(best, ply), best_move, depth, bound);
        // What the search found against the static value, where it says something about
        // the position rather than about a threat: no forced node, no four as the best
        // move, no proven result, and a bound on the side that shows the error.
        let tells = match bound {
            Bound::Lower => best > stand,
            Bound::Upper => best < stand,
            Bound::Exact => true,
        };
        if tells && !forced && best_kind != Kind::Four && best.abs() < WIN_BOUND {
            self.corrections.update(pos, best - stand, depth);
        }
        best
    }

    /// Singular extension of the hash move `m`: it alone holds the node when the other
    /// moves, on a shallower search, all fall clearly short of its stored score.
    fn singular(
        &mut self,
        pos: &mut Position,
        m: Cell,
        hit: Option<Hit>,
        depth: i32,
        beta: i32,
        ply: usize,
    ) -> Singular {
        let Some(h) = hit.filter(|h| {
            depth >= SE_MIN_DEPTH
                && h.bound != Bound::Upper
                && h.depth >= depth - SE_TT_DEPTH
                && h.score.abs() < WIN_BOUND
        }) else {
            return Singular::Extend(0);
        };
        let tt_score = from_tt(h.score, ply);
        let singular_beta = tt_score - SE_MARGIN * depth;
        // The same node searched without `m`, at the same ply.
        self.skipped[ply] = m;
        let v = self.alpha_beta(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply);
        self.skipped[ply] = NONE;
        self.pv_len[ply] = 0;
        if self.stopped {
            Singular::Stopped
        } else if v < singular_beta {
            Singular::Extend(i32::from((ply as i32) < 2 * self.root_depth))
        } else if singular_beta >= beta {
            // Multi-cut: another move holds beta too.
            Singular::Cut(singular_beta)
        } else {
            // Not singular, and above beta already: a ply less will do.
            Singular::Extend(-i32::from(tt_score >= beta))
        }
    }

    /// Fours and blocks only, over a stand-pat evaluation.
    fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        q: usize,
    ) -> i32 {
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        self.count_node(ply);
        if self.stopped {
            return 0;
        }
        let us = pos.side_to_move();
        match self.visible_outcome(pos, ply) {
            Some(Visible::Score(score)) => return score,
            Some(Visible::Block(b)) => {
                pos.make(b);
                let score = -self.quiesce(pos, -beta, -alpha, ply + 1, q + 1);
                pos.unmake();
                return score;
            }
            None => {}
        }
        // The table serves the quiescence too, at depth 0: the same fours and blocks are
        // reached by many move orders. +22.4 Elo (+6.0 … +38.9) node-limited over 668 pairs at
        // 40,000 nodes a move (SPRT 0/+25, two runs pooled: LLR +3.53), for about 2% of the
        // node rate.
        let key = pos.hash();
        let hit = self.tt.probe(key);
        if let Some(score) = hit.and_then(|h| table_cut(h, alpha, beta, ply)) {
            return score;
        }
        let original_alpha = alpha;
        // The opponent threatens a win (an open three or a four-three point) and we have no
        // four: standing pat would pretend the threat is not there, so defend first.
        let them = us.opposite();
        let threatened = q < QUIESCENCE_DEFENCE_PLIES
            && pos.threat_count(us, Threat::Four) == 0
            && pos.threat_count(us, Threat::FourThree) == 0
            && (pos.threat_count(them, Threat::OpenFour) > 0
                || pos.threat_count(them, Threat::FourThree) > 0);
        let mut moves = self.take_list();
        if threatened {
            self.defence_cache.defences_against(
                pos,
                &[Threat::OpenFour, Threat::FourThree],
                &mut moves,
            );
        }
        // With no one move that stops everything the node is probably lost; the static
        // value says so less surely, so it stands.
        if !moves.is_empty() {
            let mut best = -super::WIN;
            for &m in &moves {
                if !pos.is_legal(m) {
                    continue;
                }
                pos.make(m);
                let score = -self.quiesce(pos, -beta, -alpha.max(best), ply + 1, q + 1);
                pos.unmake();
                if self.stopped {
                    best = 0;
                    break;
                }
                best = best.max(score);
                if best >= beta {
                    break;
                }
            }
            self.give_list(moves);
            if !self.stopped {
                self.store_quiescence(key, hit, best, original_alpha, beta, ply);
            }
            return best;
        }
        let stand = evaluate(pos) + self.corrections.of(pos);
        if stand >= beta || q >= QUIESCENCE_PLIES {
            self.give_list(moves);
            return stand;
        }
        let hopeless = stand + QUIESCENCE_DELTA <= alpha;
        alpha = alpha.max(stand);
        // Past the first plies only a continuing attack: fours near our own last four.
        let anchor = if q >= QUIESCENCE_FREE_PLIES {
            pos.moves().len().checked_sub(2).map(|i| pos.moves()[i])
        } else {
            None
        };
        // The list is empty here: it gets the fours, if the counts say there are any.
        if pos.has_four(us) {
            moves.extend(pos.candidates().iter().copied().filter(|&t| {
                let threat = pos.threat(us, t);
                threat.is_four()
                    && (!hopeless || threat != Threat::Four)
                    && anchor.is_none_or(|a| near_attack(a, t))
            }));
            moves.sort_by_key(|&t| std::cmp::Reverse(pos.combo(us, t).value));
        }
        for &m in &moves {
            if !pos.is_legal(m) {
                continue;
            }
            pos.make(m);
            let score = -self.quiesce(pos, -beta, -alpha, ply + 1, q + 1);
            pos.unmake();
            if self.stopped {
                alpha = 0;
                break;
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        let searched = !moves.is_empty();
        self.give_list(moves);
        if searched && !self.stopped {
            self.store_quiescence(key, hit, alpha, original_alpha, beta, ply);
        }
        alpha
    }

    /// Stores a quiescence result at depth 0, unless the table holds a deeper search of the
    /// same position.
    fn store_quiescence(
        &mut self,
        key: u64,
        hit: Option<Hit>,
        score: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) {
        if hit.is_some_and(|h| h.depth > 0) {
            return;
        }
        let bound = bound_of(score, alpha, beta);
        self.tt.store(key, to_tt(score, ply), None, 0, bound);
    }

    /// `moves` into `out`, best first, each with what it makes.
    fn order(
        &self,
        pos: &Position,
        moves: &[Cell],
        tt_move: Option<Cell>,
        ply: usize,
        out: &mut Vec<Ordered>,
    ) {
        let us = pos.side_to_move();
        let them = us.opposite();
        let counter = pos.moves().last().map(|&p| self.counters[us.index()][p]);
        let scored = moves.iter().map(|&m| {
            let own = pos.combo(us, m);
            let theirs = pos.combo(them, m);
            let mut s = policy::score(
                self.policy_keys,
                pos.combo_index(us, m),
                pos.combo_index(them, m),
            );
            // Threat classes first: our four-three beats blocking their three, etc.
            s += THREAT_ORDER[own.threat as usize] * 2 + THREAT_ORDER[theirs.threat as usize];
            s += (self.history[us.index()][m] / HISTORY_DIVISOR).min(HISTORY_CAP);
            if Some(m) == tt_move {
                s += 1 << 24;
            } else if self.killers[ply][0] == m || self.killers[ply][1] == m {
                s += KILLER_BONUS;
            } else if counter == Some(m) {
                s += COUNTER_MOVE_BONUS;
            }
            let kind = if own.threat.is_four() {
                Kind::Four
            } else if own.threat >= Threat::Three || theirs.threat >= Threat::Three {
                Kind::Three
            } else if own.threat == Threat::None && theirs.threat == Threat::None {
                Kind::Empty
            } else {
                Kind::Quiet
            };
            (s, m, kind)
        });
        out.clear();
        out.extend(scored);
    }
}

/// Moves picked one by one (the best left, found by a scan) before the rest are sorted at
/// once: most nodes are cut off or pruned after a few moves, and sorting every list in
/// full took a tenth of the search's time. The sort bounds the cost of the rare long loop
/// (a scan per move is quadratic). Bench at depth 11, against sorting in full: 0.95 of the
/// time picking 6, 0.90 picking 32, no better picking every move.
const PICKED_BEFORE_SORT: usize = 32;

/// Puts the `i`-th best move of `list` at `i`, given that the first `i` are in place. The
/// moves are distinct, so ties on the score are broken by the move and the order is
/// total: picking and an unstable sort give the same order.
fn pick_next(list: &mut [Ordered], i: usize) {
    let before = |a: &Ordered, b: &Ordered| b.0.cmp(&a.0).then(a.1.cmp(&b.1));
    match i.cmp(&PICKED_BEFORE_SORT) {
        std::cmp::Ordering::Less => {
            let rest = &list[i..];
            let best = (1..rest.len()).fold(0, |best, j| {
                if before(&rest[j], &rest[best]).is_lt() {
                    j
                } else {
                    best
                }
            });
            list.swap(i, i + best);
        }
        std::cmp::Ordering::Equal => list[i..].sort_unstable_by(before),
        std::cmp::Ordering::Greater => {}
    }
}

/// Whether `t` continues an attack from `a`: on one of its lines within four cells, or in
/// the 5×5 square around it.
pub(super) fn near_attack(a: Cell, t: Cell) -> bool {
    let (a, t) = (point_of(a), point_of(t));
    let (dx, dy) = (a.x.abs_diff(t.x), a.y.abs_diff(t.y));
    (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 4)
}

/// Whether `m` (already played) is away from both sides' last moves before it.
fn far_from_action(pos: &Position, m: Cell) -> bool {
    let moves = pos.moves();
    let n = moves.len();
    n >= 3 && !near_attack(moves[n - 2], m) && !near_attack(moves[n - 3], m)
}

/// What the singular-extension test of a hash move found.
enum Singular {
    /// Plies to add to the move's depth (−1, 0 or 1).
    Extend(i32),
    /// Another move holds beta too: the node fails high with this score.
    Cut(i32),
    /// The search ran out of time or nodes.
    Stopped,
}

/// What a move makes, for pruning and reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A four of ours.
    Four,
    /// A three of ours, or a point of the opponent's three.
    Three,
    /// A two for either side.
    Quiet,
    /// Nothing for either side.
    Empty,
}

/// Ordering bonus of a threat class.
const THREAT_ORDER: [i32; Threat::COUNT] =
    [0, -100_000, 0, 2_000, 3_000, 6_000, 8_000, 20_000, 50_000];

/// The stored score of `h` if its bound settles a node searched with (`alpha`, `beta`).
fn table_cut(h: Hit, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let score = from_tt(h.score, ply);
    let usable = match h.bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    };
    usable.then_some(score)
}

/// How a node's result `score`, searched with (`alpha`, `beta`), bounds its true value.
fn bound_of(score: i32, alpha: i32, beta: i32) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The longest a search with time budget `t` may run: its stretch when it may stretch, else
/// `t` itself.
pub(super) fn longest_ms(limits: &Limits, t: u64) -> f64 {
    limits.max_time_ms.map_or(t, |m| m.max(t)) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;
    use crate::position::cell_of;

    #[test]
    fn a_far_move_is_away_from_both_sides_last_moves() {
        use crate::game::Game;
        use crate::rule::Rule;
        let far = |moves: &str| {
            let game = Game::from_moves(15, Rule::Freestyle, moves).unwrap();
            let pos = Position::from_game(&game);
            far_from_action(&pos, *pos.moves().last().unwrap())
        };
        // The last move, o15, is far from both h8 (ours before) and i9 (theirs).
        assert!(far("h8 i9 o15"));
        // Near the opponent's last move, or near our own before it.
        assert!(!far("h8 i9 k11"));
        assert!(!far("h8 a1 j10"));
        // Too early in the game to tell.
        assert!(!far("h8 o15"));
    }

    #[test]
    fn a_continuing_attack_stays_on_the_lines_or_close_by() {
        let at = |x, y| cell_of(Point::new(x, y));
        let a = at(7, 7);
        // The 5×5 square, knight's steps included.
        for (x, y) in [(5, 5), (9, 9), (8, 5), (6, 9), (5, 6)] {
            assert!(near_attack(a, at(x, y)), "({x}, {y})");
        }
        // The four lines, up to four cells away.
        for (x, y) in [(11, 7), (7, 3), (3, 3), (11, 3), (3, 11)] {
            assert!(near_attack(a, at(x, y)), "({x}, {y})");
        }
        // Off the lines past the square, or too far along them.
        for (x, y) in [(10, 8), (4, 9), (12, 7), (2, 2), (7, 12)] {
            assert!(!near_attack(a, at(x, y)), "({x}, {y})");
        }
    }
}
