//! The root: forced moves, our own threat wins first, then iterative deepening, with root
//! moves dropped when the opponent has a forced win after them.

use super::ab::{longest_ms, Searcher};
use super::params::{
    ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH, FALLING_STRETCH, FALL_MARGIN, ITERATION_START_LIMIT,
    REFUTE_SHARE, SETTLED_ITERATIONS, SETTLED_SHARE, UNSETTLED_STRETCH, VCF_SHARE, VCT_SHARE,
};
use super::{
    Limits, Report, MAX_DEPTH, MAX_REFUTED, ROOT_VCF_NODES, ROOT_VCT_DEPTH, ROOT_VCT_NODES, WIN,
    WIN_BOUND,
};
use crate::position::threat::Threat;
use crate::position::{point_of, Cell, Position};

/// Nodes assumed for a search with only a depth limit.
const DEPTH_ONLY_NODES: u64 = 2_000_000;

/// Node budgets of the root's threat searches, as shares of the whole search's.
struct Budgets {
    vcf: u64,
    vct: u64,
    /// Each check of the opponent's forced win after a chosen move.
    refute: u64,
}

impl Budgets {
    fn new(limits: &Limits) -> Budgets {
        // Timed searches share out time (see the *_SHARE constants); node-limited ones
        // share out nodes.
        match limits.nodes {
            Some(n) => Budgets {
                vcf: ROOT_VCF_NODES.min(n / 8),
                vct: ROOT_VCT_NODES.min(n / 8),
                refute: ROOT_VCT_NODES.min(n / 16),
            },
            None if limits.time_ms.is_some() => Budgets {
                vcf: u64::MAX,
                vct: u64::MAX,
                refute: u64::MAX,
            },
            None => Budgets {
                vcf: ROOT_VCF_NODES.min(DEPTH_ONLY_NODES / 8),
                vct: ROOT_VCT_NODES.min(DEPTH_ONLY_NODES / 8),
                refute: ROOT_VCT_NODES.min(DEPTH_ONLY_NODES / 16),
            },
        }
    }
}

pub(super) fn search(
    s: &mut Searcher<'_>,
    pos: &mut Position,
    limits: &Limits,
    info: &mut dyn FnMut(&Report),
) -> Report {
    let us = pos.side_to_move();
    let them = us.opposite();

    // Our five, or the one block of theirs: nothing to think about.
    if let Some(f) = pos.find_threat(us, Threat::Five) {
        return finish(s, vec![f], WIN - 1, 1, info);
    }
    if pos.threat_count(them, Threat::Five) == 1 {
        if let Some(b) = pos.find_threat(them, Threat::Five) {
            if pos.is_legal(b) {
                // Still search the reply to report a score, one ply is enough.
                let score = s.alpha_beta(pos, -WIN, WIN, 2, 0);
                return finish(s, vec![b], score, 1, info);
            }
        }
    }

    // Our own forced wins.
    let budgets = Budgets::new(limits);
    let mut line = Vec::new();
    if let Some(plies) = s.with_phase_budget(budgets.vcf, VCF_SHARE, |s| {
        s.vcf(pos, super::threats::VCF_DEPTH, &mut line)
    }) {
        return finish(s, line, WIN - plies, 1, info);
    }
    let mut line = Vec::new();
    if pos.threat_count(them, Threat::Five) == 0 {
        if let Some(plies) = s.with_phase_budget(budgets.vct, VCT_SHARE, |s| {
            s.vct_iterative(pos, ROOT_VCT_DEPTH, &mut line)
        }) {
            return finish(s, line, WIN - plies, 1, info);
        }
    }

    // Iterative deepening.
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH) as i32;
    let mut best: Option<(Vec<Cell>, i32, i32)> = None;
    // Root moves already checked against the opponent's forced wins.
    let mut checked: Vec<Cell> = Vec::new();
    // The last iteration's best move and score, and how many iterations in a row have
    // chosen that move.
    let mut previous: Option<(Cell, i32)> = None;
    let mut settled = 0;
    let mut depth = 1;
    while depth <= max_depth {
        let last = best.as_ref().map(|b| b.1);
        let score = aspiration(s, pos, depth, last);
        if s.stopped {
            // An unfinished iteration's best move so far beat the previous best at the
            // greater depth; use it if it has been checked against the opponent's wins.
            let pv = s.root_pv();
            match (&best, pv.first()) {
                (None, Some(_)) => best = Some((pv, score, depth)),
                (Some((old, old_score, _)), Some(first))
                    if old.first() != Some(first) && checked.contains(first) =>
                {
                    best = Some((pv, *old_score, depth - 1));
                }
                _ => {}
            }
            break;
        }
        let pv = s.root_pv();
        let Some(&first) = pv.first() else { break };
        // The opponent's forced win after our choice refutes it: drop it and look again.
        if score > -WIN_BOUND
            && s.excluded.len() < MAX_REFUTED
            && !checked.contains(&first)
            && opponent_wins_after(s, pos, first, budgets.refute)
        {
            s.excluded.push(first);
            continue;
        }
        checked.push(first);
        best = Some((pv, score, depth));
        if let Some((pv, score, depth)) = &best {
            info(&report(s, pv, *score, *depth));
        }
        if score.abs() >= WIN_BOUND {
            break;
        }
        let changed = previous.is_some_and(|(m, _)| m != first);
        let fell = previous.is_some_and(|(_, v)| score <= v - FALL_MARGIN);
        settled = if changed { 1 } else { settled + 1 };
        previous = Some((first, score));
        if let Some(t) = limits.time_ms {
            let plan = planned_ms(limits, t, changed, fell, settled);
            if s.elapsed_ms() > plan * ITERATION_START_LIMIT {
                break;
            }
        }
        depth += 1;
    }
    match best {
        // A proven loss: make the opponent prove it, blocking their most urgent threat.
        // The search's choice stands if it is a four or meets their most urgent point.
        Some((pv, score, depth)) if score <= -WIN_BOUND => {
            let keep = pv.first().is_some_and(|&m| {
                let us = pos.side_to_move();
                pos.combo(us, m).threat.is_four() || urgency(pos, m) >= max_urgency(pos)
            });
            if keep {
                report(s, &pv, score, depth)
            } else {
                let m = resisting_move(pos).or(pv.first().copied());
                report(s, &m.into_iter().collect::<Vec<_>>(), score, depth)
            }
        }
        Some((pv, score, depth)) => report(s, &pv, score, depth),
        None => {
            // Every root move was refuted, or the board already shows a loss.
            let m = resisting_move(pos).or_else(|| s.excluded.first().copied());
            report(s, &m.into_iter().collect::<Vec<_>>(), -WIN_BOUND + 1, 0)
        }
    }
}

/// How long a search with budget `t` means to run, after an iteration whose best move
/// `changed` or not and whose score `fell` or not, that move having come out of the last
/// `settled` iterations: the budget, scaled within the stretch the limits allow (see
/// [`UNSETTLED_STRETCH`]).
fn planned_ms(limits: &Limits, t: u64, changed: bool, fell: bool, settled: usize) -> f64 {
    let longest = longest_ms(limits, t);
    let t = t as f64;
    if longest <= t {
        return t;
    }
    let mut scale = if changed {
        UNSETTLED_STRETCH
    } else if settled >= SETTLED_ITERATIONS {
        SETTLED_SHARE
    } else {
        1.0
    };
    if fell {
        scale = scale.max(FALLING_STRETCH);
    }
    (t * scale).min(longest)
}

/// How urgent the opponent's threat on `t` is.
fn urgency(pos: &Position, t: Cell) -> Threat {
    pos.combo(pos.side_to_move().opposite(), t).threat
}

fn max_urgency(pos: &Position) -> Threat {
    pos.candidates()
        .iter()
        .map(|&t| urgency(pos, t))
        .filter(|&th| th != Threat::Forbidden)
        .max()
        .unwrap_or(Threat::None)
}

/// The move that resists a lost position longest, as a person would play it: block a five;
/// else stop the most urgent point of the opponent's (open four, four-three, four, three),
/// preferring points that also build our own threats.
fn resisting_move(pos: &mut Position) -> Option<Cell> {
    let us = pos.side_to_move();
    let them = us.opposite();
    if let Some(b) = pos
        .find_threat(them, Threat::Five)
        .filter(|&b| pos.is_legal(b))
    {
        return Some(b);
    }
    let mut legal = pos.candidates().to_vec();
    legal.retain(|&t| pos.is_legal(t));
    legal.into_iter().max_by_key(|&t| {
        let (own, theirs) = (pos.combo(us, t), pos.combo(them, t));
        // Our own five-threats first: a four must be answered, so it gains a move.
        let four = own.threat.is_four();
        (
            four,
            theirs.threat as i32 * 2 + own.threat as i32,
            i32::from(theirs.value) + i32::from(own.value),
            std::cmp::Reverse(t),
        )
    })
}

/// One iteration: a narrow window around the last score first (see
/// [`ASPIRATION_DELTA`]), widened until the score falls inside it.
fn aspiration(s: &mut Searcher<'_>, pos: &mut Position, depth: i32, last: Option<i32>) -> i32 {
    let mut delta = ASPIRATION_DELTA;
    let (mut lo, mut hi) = match last {
        Some(v) if depth >= ASPIRATION_MIN_DEPTH && v.abs() < WIN_BOUND => {
            ((v - delta).max(-WIN), (v + delta).min(WIN))
        }
        _ => (-WIN, WIN),
    };
    loop {
        let v = s.alpha_beta(pos, lo, hi, depth, 0);
        if s.stopped {
            return v;
        }
        delta = delta.saturating_mul(2);
        if v <= lo && lo > -WIN {
            lo = (v - delta).max(-WIN);
        } else if v >= hi && hi < WIN {
            hi = (v + delta).min(WIN);
        } else {
            return v;
        }
    }
}

/// Whether the opponent has a VCF or VCT after we play `m`.
fn opponent_wins_after(s: &mut Searcher<'_>, pos: &mut Position, m: Cell, nodes: u64) -> bool {
    pos.make(m);
    let mut line = Vec::new();
    let lost = s.with_phase_budget(nodes, REFUTE_SHARE, |s| {
        s.vct_iterative(pos, ROOT_VCT_DEPTH, &mut line)
    });
    pos.unmake();
    lost.is_some() && !s.stopped
}

fn finish(
    s: &mut Searcher<'_>,
    line: Vec<Cell>,
    score: i32,
    depth: i32,
    info: &mut dyn FnMut(&Report),
) -> Report {
    let r = report(s, &line, score, depth);
    info(&r);
    r
}

fn report(s: &Searcher<'_>, pv: &[Cell], score: i32, depth: i32) -> Report {
    let mate_in = if score >= WIN_BOUND {
        Some(WIN - score)
    } else if score <= -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    };
    Report {
        best: pv.first().map(|&t| point_of(t)),
        score,
        mate_in,
        depth: depth.max(0) as u32,
        seldepth: s.seldepth as u32,
        nodes: s.nodes,
        elapsed_ms: s.elapsed_ms().max(0.0) as u64,
        pv: pv.iter().map(|&t| point_of(t)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_moves_only_within_the_stretch() {
        let turn_only = Limits {
            time_ms: Some(1000),
            ..Limits::default()
        };
        for (changed, fell, settled) in [(true, true, 1), (false, false, 9), (false, true, 2)] {
            assert_eq!(planned_ms(&turn_only, 1000, changed, fell, settled), 1000.0);
        }
        let clock = Limits {
            max_time_ms: Some(2500),
            ..turn_only
        };
        assert_eq!(planned_ms(&clock, 1000, false, false, 1), 1000.0);
        assert_eq!(planned_ms(&clock, 1000, true, false, 1), 2000.0);
        assert_eq!(planned_ms(&clock, 1000, false, true, 2), 1500.0);
        assert_eq!(
            planned_ms(&clock, 1000, false, false, SETTLED_ITERATIONS),
            500.0
        );
        // A falling score outweighs a settled move, and nothing passes the stretch.
        assert_eq!(planned_ms(&clock, 1000, false, true, 9), 1500.0);
        let short = Limits {
            max_time_ms: Some(1200),
            ..clock
        };
        assert_eq!(planned_ms(&short, 1000, true, true, 1), 1200.0);
    }
}
