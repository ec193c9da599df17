//! The search's tuning constants, in one place, each with the reason for its value. Scores
//! are in evaluation units (see `crate::eval`), fitted so that the side to move wins with a
//! chance of about σ(score / 1,700): near an even position, 90 units are about 1.3% of win
//! chance.

/// Deepest node (remaining depth) where reverse futility pruning may cut: a quiet node whose
/// static value beats beta by a margin per ply is not searched. Up to 7 rather than 3:
/// +37 Elo (SPRT 0/+25 accepted after 185 pairs at 100 ms a move); the margin grows with
/// depth, and nodes facing a threat are never cut.
pub const RFP_MAX_DEPTH: i32 = 7;
/// Margin per remaining ply of reverse futility pruning. 250 rather than 90: +20.3 Elo
/// (+6.9 … +33.7) node-limited over 936 pairs at 40,000 nodes a move (SPRT 0/+25, three runs
/// pooled: LLR +4.19). Smaller steps were inside the noise (110: −21 after 149 pairs at
/// 100 ms a move; 150: +11 after 197 node-limited pairs), and 400 gave +11.9 after 394;
/// 350: +7.5 over 1,200 node-limited pairs, at 5% more time a move (fewer cheap cut-offs).
pub const RFP_MARGIN: i32 = 250;

/// Singular extension: from this remaining depth, a hash move that failed high before is
/// searched a ply deeper when every other move, searched half as deep, falls short of its
/// stored score by `SE_MARGIN` per ply; the stored entry must be at most `SE_TT_DEPTH`
/// plies shallower than the node. +21.6 Elo (+5.3 … +37.9) node-limited over 605 pairs at
/// 40,000 nodes a move (SPRT 0/+25, two runs pooled: LLR +3.31). Extending two plies off
/// the PV when the rivals fall 60 further short: −3 after 174 pairs, stopped. Margins of 2,
/// 8 and 12 were inside the noise (+14, +12 and −2 over 343–389 pairs).
pub const SE_MIN_DEPTH: i32 = 6;
pub const SE_MARGIN: i32 = 4;
pub const SE_TT_DEPTH: i32 = 2;

/// Deepest node where razoring may drop straight into the four-only quiescence. 3 rather
/// than 2: +10.0 Elo (+3.2 … +16.9) node-limited over 3,600 pairs at 40,000 nodes a move
/// (SPRT 0/+10, six runs pooled: LLR +4.16); the bench's tree at depth 11 is 11.5% smaller.
/// 4: +1.9 (−9.9 … +13.7) over 1,200 pairs at 7% more time a move; not kept.
pub const RAZOR_MAX_DEPTH: i32 = 3;
/// Razoring margin: base and per ply. 60 a ply: +4.9 (−3.4 … +13.3) over 2,267
/// node-limited pairs (LLR −0.05) at 4–5% more time a move; not kept.
pub const RAZOR_BASE: i32 = 120;
pub const RAZOR_PER_PLY: i32 = 80;

/// Move-count pruning: quiet moves tried at most `(MCP_BASE + depth^MCP_POWER) / 2`, doubled
/// on principal-variation nodes and when the side to move is improving.
/// A power of 1.5 rather than 1.35 (fewer moves pruned), alone: +7.9 Elo (−8.6 … +24.4)
/// over 685 node-limited pairs, stopped; together with the counter move and the corrected
/// static value below: +13.7 Elo (+3.5 … +24.0) node-limited over 1,709 pairs at 40,000
/// nodes a move (SPRT 0/+10, four runs pooled: LLR +3.22). A power of 1.7 rather than 1.5:
/// +9.1 Elo (+2.2 … +16.0) node-limited over 3,600 pairs (SPRT 0/+10, six runs pooled: LLR
/// +3.31), at the same time a move. A power of 2.0 rather than 1.7: +4.5 Elo over 1,200
/// node-limited pairs, at 3.6% more time a move; not kept. At 200,000 nodes a move (deeper
/// iterations), 1.5 gave −14.7 over 344 pairs and 2.0 +0.4 over 388: the same slope.
pub const MCP_BASE: f64 = 3.0;
pub const MCP_POWER: f64 = 1.7;

/// Below this remaining depth, moves that make nothing for either side (not even a two)
/// are not tried once one move has been searched.
pub const NO_PATTERN_MAX_DEPTH: i32 = 3;

/// Late-move reduction: `LMR_FACTOR · ln(depth) · ln(move number)` plies, for quiet moves
/// from the `LMR_FIRST`-th move on; moves making or stopping a three get one ply less.
/// A factor of 1.25 played even (148 pairs); 0.8 lost, −22 Elo (H0 accepted after 124
/// node-limited pairs).
/// A ply more for a quiet move worth under 50 to the ordering (`policy`), and a ply less
/// from 90: −2.6 Elo over 397 node-limited pairs; the ply more alone, +1.3 (−7.1 … +9.7)
/// over 645; neither kept. From the second move off the principal variation: −0.1 over
/// 1,200 node-limited pairs (LLR −1.44); not kept.
pub const LMR_FACTOR: f64 = 1.0;
pub const LMR_FIRST: usize = 2;
/// Further plies of reduction for a quiet move away from both sides' last moves (off their
/// lines within four cells and outside the 5×5 squares around them): such moves rarely
/// change what the fight is about. +38 Elo (SPRT 0/+25 accepted after 165 pairs at 100 ms
/// a move); 2 plies instead of 1: +10 after 104 pairs, stopped, and +0.4 over 493
/// node-limited pairs on a later build. Late plain fours away from them too: +12.7 Elo
/// (+3.7 … +21.8) node-limited over 1,420 pairs (SPRT 0/+10, four runs pooled: LLR +3.62).
/// Far moves that only block a three-to-be of the opponent's reduced the same way: −0.6
/// over 921 pairs. No reduction at all where the opponent threatens a win: −3.7 over 695.
pub const LMR_FAR: i32 = 1;
/// A ply less for a quiet killer or counter move: it refuted a sibling or the opponent's
/// last move elsewhere in the tree, so it is likelier than other late quiet moves to matter.
/// +8.9 Elo (+2.2 … +15.7) node-limited over 3,558 pairs (SPRT 0/+10, seven runs pooled:
/// LLR +3.29).
pub const LMR_REFUTER: i32 = 1;

/// Fraction of a timed search after which no new iteration starts. An unfinished
/// iteration still counts (its best move so far is used), so starting late is not wasted.
/// 1.0 together with a forced block that goes on deepening for its whole turn (for the next
/// turn's table): +7.1 (−9.7 … +23.8) over 418 pairs at 200 ms a move (SPRT 0/+10, LLR
/// +0.28, stopped undecided); not kept. The forced block's deepening alone, at 100,000
/// nodes a move: +2.2 (−4.9 … +9.2) over 1,200 pairs (LLR −2.17); not kept.
pub const ITERATION_START_LIMIT: f64 = 0.8;
/// Fraction of a timed search at which it stops, wherever it is: unwinding and answering
/// take the rest (the clock is read every 1,024 nodes, well under a millisecond).
pub const HARD_STOP_SHARE: f64 = 0.97;

/// Time management when a match clock lets a move run past its planned time (see
/// [`crate::Limits::max_time_ms`]). After each iteration the plan is scaled: by
/// `UNSETTLED_STRETCH` when the best move just changed, by at least `FALLING_STRETCH` when
/// the score fell `FALL_MARGIN` or more since the last iteration, and down to
/// `SETTLED_SHARE` once the same best move has come out of `SETTLED_ITERATIONS` iterations in
/// a row; never past the stretch. With a turn limit only, the plan is the whole turn.
pub const UNSETTLED_STRETCH: f64 = 2.0;
pub const FALLING_STRETCH: f64 = 1.5;
pub const FALL_MARGIN: i32 = 40;
pub const SETTLED_ITERATIONS: usize = 4;
pub const SETTLED_SHARE: f64 = 0.5;

/// Share of a timed search for our own VCF at the root, our VCT, and each check of the
/// opponent's VCT after a new best move. A check that runs out of time proves nothing, and
/// one is made for every new best move of every iteration, so large shares mostly buy
/// fewer iterations: 0.15/0.06 rather than 0.25/0.12 gained +25 Elo (SPRT 0/+25 accepted
/// after 390 pairs at 100 ms a move).
pub const VCF_SHARE: f64 = 0.08;
pub const VCT_SHARE: f64 = 0.15;
pub const REFUTE_SHARE: f64 = 0.06;

/// Aspiration windows: from this depth, an iteration searches a window of
/// `ASPIRATION_DELTA` around the last score, doubling the window on each fail. 50 rather
/// than 30: +18.4 Elo (+6.4 … +30.3) node-limited over 1,165 pairs at 40,000 nodes a move
/// (SPRT 0/+10, three runs pooled: LLR +3.60), at 2% more time a move; 16 had lost
/// (−22 over 141 pairs). 80 rather than 50: +12.6 (+3.2 … +22.0) over 1,876 pairs (four
/// runs pooled: LLR +3.34), at the same time a move; 120: −10.4 over 751 pairs, stopped.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
pub const ASPIRATION_DELTA: i32 = 80;

/// Correction of the static value by what the searches found (see `correction.rs`): a
/// table of `2^CORRECTION_BITS` entries per side to move, each at most
/// `CORRECTION_LIMIT` units, kept in `CORRECTION_GRAIN`ths; a search of depth d moves an
/// entry by d / `CORRECTION_UPDATE` of its error, at most a quarter of the limit. Kept
/// with the counter move and `MCP_POWER` 1.5 (see there); alone, +4.9 Elo over 1,200
/// node-limited pairs, and about 4% of the time a node. A second table keyed by the
/// opponent's last two moves: +2.6 over 600 node-limited pairs at 7% more time a move; not
/// kept.
pub const CORRECTION_BITS: u32 = 14;
pub const CORRECTION_GRAIN: i32 = 256;
pub const CORRECTION_LIMIT: i32 = 200;
pub const CORRECTION_UPDATE: i32 = 8;

/// The history in the ordering: a cut-off adds depth² to its point's count (for the side to
/// move, quartered before each search), and the ordering adds `1/HISTORY_DIVISOR` of it, at
/// most `HISTORY_CAP`, against policy values of 0 to 8,800. After 40,000 nodes it adds a
/// median of 2 to 4; after 1000 ms, 17 to 65, with 2 to 19 points a side capped. At 200,000
/// nodes a move, twice the weight (32, 400) gave +9.5 over 128 pairs and none +11.2 over
/// 155, both stopped; none again on a later build, −8.9 (−26.8 … +8.9) over 409 pairs. A
/// ply less of late-move reduction for a quiet move with a history of at least 4,096: −20.9
/// (−45.1 … +3.0) over 216 pairs at 200,000 nodes; not kept. A malus of depth² for the quiet
/// moves searched before a quiet cut-off: −6.5 (−18.2 … +5.2) over 1,042 node-limited pairs
/// (LLR −3.23); not kept.
pub const HISTORY_DIVISOR: i32 = 64;
pub const HISTORY_CAP: i32 = 200;

/// Ordering bonus of a killer: a quiet move that refuted a sibling node. 1,500: −12.5 Elo
/// (−26.1 … +1.1) over 626 node-limited pairs (LLR −3.65); none: −2.3 over 600; the
/// grandchildren's killers cleared on entering a node: −1.2 over 1,200. None kept.
pub const KILLER_BONUS: i32 = 300;

/// Ordering bonus of the quiet move that last refuted the opponent's move to the same
/// point (below `KILLER_BONUS`). Alone, +10.1 Elo over 1,567 node-limited pairs, stopped;
/// kept with the corrected static value and `MCP_POWER` 1.5.
pub const COUNTER_MOVE_BONUS: i32 = 200;

/// Depth and move number covered by the reduction table.
const LMR_DEPTHS: usize = 64;
const LMR_MOVES: usize = 64;

/// Moves tried before quiet moves are pruned at `depth`.
#[must_use]
pub fn move_count_limit(depth: i32, pv_node: bool, improving: bool) -> usize {
    // The series behind `base` take a while: work them out once for the usual depths.
    static BASES: std::sync::OnceLock<[usize; LMR_DEPTHS]> = std::sync::OnceLock::new();
    let bases = BASES.get_or_init(|| std::array::from_fn(move_count_base));
    let d = depth.max(1) as usize;
    let base = bases.get(d).copied().unwrap_or_else(|| move_count_base(d));
    let factor = 1 + usize::from(pv_node) + usize::from(improving);
    (base * factor / 2).max(2)
}

/// `MCP_BASE + depth^MCP_POWER`, the move-count limit before its factors.
fn move_count_base(depth: usize) -> usize {
    (MCP_BASE + exp(MCP_POWER * ln(depth.max(1) as f64))) as usize
}

/// Plies by which a late quiet move is reduced.
#[must_use]
pub fn reduction(depth: i32, move_number: usize) -> i32 {
    static TABLE: std::sync::OnceLock<Box<[[u8; LMR_MOVES]; LMR_DEPTHS]>> =
        std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = Box::new([[0u8; LMR_MOVES]; LMR_DEPTHS]);
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (LMR_FACTOR * ln(d as f64) * ln(m as f64)) as u8;
            }
        }
        t
    });
    let d = (depth.max(0) as usize).min(LMR_DEPTHS - 1);
    i32::from(table[d][move_number.min(LMR_MOVES - 1)])
}

/// Natural logarithm from basic arithmetic only (`x > 0`): the platform's `ln` may round
/// differently natively and in wasm, and the search must count the same nodes on both.
fn ln(x: f64) -> f64 {
    // ln x = k ln 2 + ln m with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)).
    let mut m = x;
    let mut k = 0.0;
    while m >= 2.0 {
        m /= 2.0;
        k += 1.0;
    }
    let z = (m - 1.0) / (m + 1.0);
    let z2 = z * z;
    let (mut term, mut sum) = (z, 0.0);
    for n in 0..40 {
        sum += term / f64::from(2 * n + 1);
        term *= z2;
    }
    k * std::f64::consts::LN_2 + 2.0 * sum
}

/// `e^x` from basic arithmetic only, for the same reason as [`ln`] (`0 <= x < 20`).
fn exp(x: f64) -> f64 {
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..80 {
        term *= x / f64::from(n);
        sum += term;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_ln_and_exp_match_the_library() {
        for x in [1.0, 1.5, 2.0, 7.0, 63.0] {
            assert!((ln(x) - f64::ln(x)).abs() < 1e-12, "{x}");
            let e = f64::exp(x / 4.0);
            assert!((exp(x / 4.0) - e).abs() < 1e-12 * e, "{x}");
        }
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(1, 40), 0);
        assert!(reduction(10, 20) >= reduction(5, 20));
        assert!(reduction(10, 30) >= reduction(10, 5));
        assert!(move_count_limit(8, false, false) > move_count_limit(4, false, false));
    }
}
