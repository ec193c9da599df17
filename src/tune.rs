//! Fitting the evaluation's weights to game results: logistic regression of each quiet
//! position's result (for the side to move) on its features, `P(win) = σ(eval / scale)`.
//!
//! Data are games in the `arena --save` format: the tool's own self-play (varied four-stone
//! openings that are never one of the arena's built-in openings, so match openings stay
//! apart from tuning data) and any arena match. The fit starts from the current weights,
//! first finds the scale that suits them, then moves the weights with that scale fixed, so
//! the units stay those of the search's margins. With `--combos` it also fits what each
//! combination of four line patterns adds: a sparse feature per combination, fitted only
//! where the data hold enough of its points.

pub mod net;
pub mod policy;

use crate::arena::openings::builtin_for;
use crate::arena::saved::SavedGame;
use crate::arena::Side;
use crate::color::Color;
use crate::eval::weights::{
    feature_weights, RoleWeights, COMBO, COMBOS, FEATURES, MIX, MIXES, MOVER, ROLE_FEATURES, TEMPO,
    WAITER,
};
use crate::eval::{combo_features, features, EVAL_LIMIT};
use crate::game::Game;
use crate::notation::MoveList;
use crate::pattern::Pattern;
use crate::position::threat::Threat;
use crate::position::{cell_of, Position};
use crate::rng::Rng;
use crate::rule::Rule;
use crate::search::{Engine, Limits};
use crate::FrozenClock;
use std::sync::OnceLock;

/// Plies at the start of a game not used (the opening is chosen, not played).
const SKIP_PLIES: usize = 6;
/// Stones of a self-play opening.
const OPENING_STONES: usize = 4;
/// Side of the square around the centre that a self-play opening's stones are drawn from.
const OPENING_SPAN: i64 = 7;
/// A self-play opening is kept only if a search of `OPENING_CHECK_NODES` scores it within
/// `OPENING_MAX_SCORE` for the side to move: lopsided openings teach only that black wins.
pub const OPENING_CHECK_NODES: u64 = 20_000;
/// See [`OPENING_CHECK_NODES`]; in the search's score units.
const OPENING_MAX_SCORE: i32 = 150;
/// Transposition table of each self-play engine.
const SELF_PLAY_TT_BYTES: usize = 16 << 20;
/// A pattern combination's weight is fitted only if the samples hold at least this many of
/// its points; rarer ones stay at 0, where the pattern and threat weights alone value them.
/// On 4,000 self-play games the held-out loss was 0.6304 with 1,000 and 0.6281 with 200.
/// There is no other pull on them: pulling towards 0 only raised the held-out loss
/// (0.6346 with an L2 of 2e-8 per sample, 0.6459 with 2e-6).
const MIN_COMBO_POINTS: usize = 200;

/// Everything the fit moves: the pattern and threat weights, the tempo, and the pattern
/// combinations' weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// Pattern and threat weights, for the side to move and the side waiting.
    pub weights: [RoleWeights; 2],
    /// Worth of having the move.
    pub tempo: i16,
    /// What each pattern combination adds, by role and [`crate::eval::weights::combo_key`].
    pub combos: Box<[[i16; COMBOS]; 2]>,
    /// What each threat mix adds, by [`crate::eval::weights::mix_key`].
    pub mix: Box<[i16; MIXES]>,
}

/// One position's features and its game's result for the side to move (1, ½ or 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    features: [i16; FEATURES],
    /// Points of each pattern combination: (index below `2 * COMBOS`, count).
    combos: Vec<(u16, u16)>,
    result: f32,
}

/// The quiet positions of one game as samples. Positions with a five to make or to stop, or
/// an open four or four-three to make, are tactics the search settles; they would only
/// teach the weights to shout.
#[must_use]
pub fn samples(size: u8, rule: Rule, moves: &[crate::Point], winner: Option<Color>) -> Vec<Sample> {
    let mut out = Vec::new();
    for_each_quiet(&mut Position::new(size, rule), moves, |pos| {
        let f = features(pos).map(|x| x.clamp(0, i32::from(i16::MAX)) as i16);
        out.push(Sample {
            features: f,
            combos: sparse(pos),
            result: result_for(pos.side_to_move(), winner),
        });
    });
    out
}

/// Plays `moves` on `pos` (an empty board) and shows `f` every position that a fit uses:
/// after the opening's plies and quiet (see [`samples`]).
pub(crate) fn for_each_quiet(
    pos: &mut Position,
    moves: &[crate::Point],
    mut f: impl FnMut(&Position),
) {
    for (ply, &m) in moves.iter().enumerate() {
        if ply >= SKIP_PLIES && is_quiet(pos) {
            f(pos);
        }
        pos.make(cell_of(m));
    }
}

/// A game's result for `us`: 1, ½ or 0.
pub(crate) fn result_for(us: Color, winner: Option<Color>) -> f32 {
    match winner {
        None => 0.5,
        Some(w) if w == us => 1.0,
        Some(_) => 0.0,
    }
}

/// The colour that won a saved game, if one did.
pub(crate) fn winner_of(game: &SavedGame) -> Option<Color> {
    game.winner.map(|side| match side {
        Side::A => game.a_color,
        Side::B => game.a_color.opposite(),
    })
}

fn is_quiet(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let them = us.opposite();
    pos.threat_count(us, Threat::Five) == 0
        && pos.threat_count(them, Threat::Five) == 0
        && pos.threat_count(us, Threat::OpenFour) == 0
        && pos.threat_count(us, Threat::FourThree) == 0
}

/// The samples of one saved game, whatever its opening.
#[must_use]
pub fn samples_of_game(size: u8, rule: Rule, game: &SavedGame) -> Vec<Sample> {
    samples(size, rule, &game.moves.0, winner_of(game))
}

/// Transposition table of each labelling search.
const LABEL_TT_BYTES: usize = 4 << 20;

/// A search's score of each quiet position of a game (those [`samples`] takes, in its
/// order), for the side to move, from a search of `nodes`; proven results count as the
/// evaluation's limit.
#[must_use]
pub fn search_scores(size: u8, rule: Rule, moves: &[crate::Point], nodes: u64) -> Vec<i32> {
    let Ok(mut game) = Game::new(i64::from(size), rule) else {
        return Vec::new();
    };
    let mut engine = Engine::new(LABEL_TT_BYTES);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut out = Vec::new();
    // The positions `samples` takes, so that there is one score for each of its samples.
    for_each_quiet(&mut Position::new(size, rule), moves, |pos| {
        // The game caught up with the position (saved games are legal; if one is not, its
        // position scores 0 rather than throwing the count off).
        let ahead = moves
            .get(game.moves().len()..pos.move_count())
            .unwrap_or(&[]);
        let score = if ahead.iter().all(|&m| game.try_play(m).is_ok()) {
            engine
                .search(&game, &limits, &FrozenClock, &mut |_| {})
                .map_or(0, |r| r.score)
        } else {
            0
        };
        out.push(score.clamp(-EVAL_LIMIT, EVAL_LIMIT));
    });
    out
}

/// Mixes each sample's game result with a search's view of its position:
/// `λ · result + (1 − λ) · σ(score / scale)`, `scores` in the order of `samples`. The scale
/// is the one that suits the current weights, so that a search score and the static value
/// of the same position mean the same chance.
///
/// # Errors
/// When the numbers of samples and scores differ.
pub fn blend(
    samples: &mut [Sample],
    scores: &[i32],
    scale: f64,
    lambda: f64,
) -> Result<(), String> {
    if samples.len() != scores.len() {
        return Err(format!(
            "{} positions but {} search scores",
            samples.len(),
            scores.len()
        ));
    }
    for (s, &score) in samples.iter_mut().zip(scores) {
        let searched = sigmoid(f64::from(score) / scale);
        s.result = (lambda * f64::from(s.result) + (1.0 - lambda) * searched) as f32;
    }
    Ok(())
}

/// The scale of `σ(eval / scale)` that suits `model` on `samples`.
#[must_use]
pub fn scale_of(model: &Model, samples: &[Sample]) -> f64 {
    best_scale(&to_vector(model), samples)
}

fn sparse(pos: &Position) -> Vec<(u16, u16)> {
    combo_features(pos)
        .into_iter()
        .map(|(k, n)| (k as u16, n.clamp(0, i32::from(u16::MAX)) as u16))
        .collect()
}

/// Where the combinations' weights start in the vector.
const COMBO_BASE: usize = FEATURES + 1;

/// The model as one vector: every feature's signed weight, the tempo, then every
/// combination's signed weight (the mover's, then the waiter's).
fn to_vector(model: &Model) -> Vec<f64> {
    let mut v: Vec<f64> = feature_weights(&model.weights)
        .iter()
        .map(|&x| f64::from(x))
        .collect();
    v.push(f64::from(model.tempo));
    for (role, sign) in [(MOVER, 1.0), (WAITER, -1.0)] {
        v.extend(model.combos[role].iter().map(|&x| sign * f64::from(x)));
    }
    v.extend(model.mix.iter().map(|&x| f64::from(x)));
    v
}

fn from_vector(v: &[f64]) -> Model {
    let (weights, tempo) = weights_of(v);
    let mut combos = Box::new([[0; COMBOS]; 2]);
    for (role, sign) in [(MOVER, 1.0), (WAITER, -1.0)] {
        for (k, c) in combos[role].iter_mut().enumerate() {
            *c = (sign * v[COMBO_BASE + role * COMBOS + k]).round() as i16;
        }
    }
    let mut mix = Box::new([0; MIXES]);
    for (k, x) in mix.iter_mut().enumerate() {
        *x = v[COMBO_BASE + 2 * COMBOS + k].round() as i16;
    }
    Model {
        weights,
        tempo,
        combos,
        mix,
    }
}

fn weights_of(v: &[f64]) -> ([RoleWeights; 2], i16) {
    let mut w = [RoleWeights {
        pattern: [0; Pattern::COUNT],
        threat: [0; Threat::COUNT],
        one: [0; Threat::COUNT],
        two: [0; Threat::COUNT],
    }; 2];
    for (role, sign) in [(MOVER, 1.0), (WAITER, -1.0)] {
        let at = |i: usize| (sign * v[role * ROLE_FEATURES + i]).round() as i16;
        for i in 0..Pattern::COUNT {
            w[role].pattern[i] = at(i);
        }
        for i in 0..Threat::COUNT {
            w[role].threat[i] = at(Pattern::COUNT + i);
            w[role].one[i] = at(Pattern::COUNT + Threat::COUNT + i);
            w[role].two[i] = at(Pattern::COUNT + 2 * Threat::COUNT + i);
        }
    }
    (w, v[FEATURES].round() as i16)
}

fn eval_of(v: &[f64], s: &Sample) -> f64 {
    let sum: f64 = s
        .features
        .iter()
        .zip(v)
        .map(|(&f, &w)| f64::from(f) * w)
        .sum::<f64>()
        + v[FEATURES]
        + s.combos
            .iter()
            .map(|&(k, n)| f64::from(n) * v[COMBO_BASE + usize::from(k)])
            .sum::<f64>();
    sum.clamp(-f64::from(EVAL_LIMIT), f64::from(EVAL_LIMIT))
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean cross-entropy of the results under `σ(eval / scale)`.
fn loss(v: &[f64], scale: f64, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(eval_of(v, s) / scale).clamp(1e-9, 1.0 - 1e-9);
            let y = f64::from(s.result);
            -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Mean cross-entropy of `samples` under `model` at `scale`.
#[must_use]
pub fn loss_of(model: &Model, scale: f64, samples: &[Sample]) -> f64 {
    loss(&to_vector(model), scale, samples)
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The fitted model.
    pub model: Model,
    /// The `scale` of `σ(eval / scale)`, found for the starting weights and then kept.
    pub scale: f64,
    /// Mean cross-entropy on the samples with the starting weights.
    pub loss_before: f64,
    /// Mean cross-entropy on the samples with the fitted weights, rounded as they are
    /// written out.
    pub loss_after: f64,
}

/// The scale that suits `w` best (golden-section search over 10..10,000, log scale).
fn best_scale(v: &[f64], samples: &[Sample]) -> f64 {
    let (mut lo, mut hi) = (10f64.ln(), 10_000f64.ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(v, a.exp(), samples) < loss(v, b.exp(), samples) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// The element-wise sum of the vectors of length `len` that `part` returns for each of
/// `threads` shares of `items`. The shares are added in order, so a run is repeatable; a
/// share whose thread failed counts as zero.
fn summed_in_threads<I: Sync, T>(
    items: &[I],
    threads: usize,
    len: usize,
    part: impl Fn(&[I]) -> Vec<T> + Sync,
) -> Vec<T>
where
    T: Copy + Default + std::ops::AddAssign + Send,
{
    let per = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(per)
            .map(|share| scope.spawn(|| part(share)))
            .collect();
        let mut sum = vec![T::default(); len];
        for h in handles {
            for (s, x) in sum.iter_mut().zip(h.join().unwrap_or_default()) {
                *s += x;
            }
        }
        sum
    })
}

/// The cross-entropy's gradient summed over `samples` (not yet divided by their number).
fn gradient(v: &[f64], scale: f64, samples: &[Sample]) -> Vec<f64> {
    let mut grad = vec![0.0; v.len()];
    for s in samples {
        // d(cross-entropy)/d(eval) = (p - y) / scale.
        let e = (sigmoid(eval_of(v, s) / scale) - f64::from(s.result)) / scale;
        for (g, &f) in grad.iter_mut().zip(&s.features) {
            *g += e * f64::from(f);
        }
        grad[FEATURES] += e;
        for &(k, n) in &s.combos {
            grad[COMBO_BASE + usize::from(k)] += e * f64::from(n);
        }
    }
    grad
}

/// Fits the weights to `samples` by full-batch Adam from `start`, for `steps` steps.
/// Features never seen keep their weights, and so do the anchors below; a light pull
/// towards the start keeps rare ones from running away. The combinations' weights move
/// only if `combos` (see [`MIN_COMBO_POINTS`]). The gradient is summed on `threads` threads.
#[must_use]
pub fn fit(start: &Model, samples: &[Sample], steps: usize, combos: bool, threads: usize) -> Fit {
    const RATE: f64 = 0.5;
    const PULL: f64 = 1e-7;
    let v0 = to_vector(start);
    let scale = best_scale(&v0, samples);
    let loss_before = loss(&v0, scale, samples);
    // Every point has four line patterns and one threat class, so adding to every pattern
    // weight and taking four times as much from every threat weight changes nothing: the
    // dead line and the empty threat stay at 0 to pin the weights down.
    let anchored = |i: usize| {
        let at = i % ROLE_FEATURES;
        at == Pattern::Dead as usize || at == Pattern::COUNT + Threat::None as usize
    };
    let mut points = vec![0usize; 2 * COMBOS + MIXES];
    for s in samples {
        for &(k, n) in &s.combos {
            points[usize::from(k)] += usize::from(n);
        }
    }
    let seen: Vec<bool> = (0..FEATURES)
        .map(|i| !anchored(i) && samples.iter().any(|s| s.features[i] != 0))
        .chain([true])
        .chain(points.iter().map(|&n| combos && n >= MIN_COMBO_POINTS))
        .collect();
    let mut v = v0.clone();
    let (mut m, mut s2) = (vec![0.0; v.len()], vec![0.0; v.len()]);
    let n = samples.len().max(1) as f64;
    for step in 1..=steps {
        let grad = summed_in_threads(samples, threads, v.len(), |share| {
            gradient(&v, scale, share)
        });
        for i in 0..v.len() {
            if !seen[i] {
                continue;
            }
            // The combinations are not pulled back (see MIN_COMBO_POINTS).
            let g = if i >= COMBO_BASE {
                grad[i] / n
            } else {
                grad[i] / n + PULL * (v[i] - v0[i])
            };
            m[i] = 0.9 * m[i] + 0.1 * g;
            s2[i] = 0.999 * s2[i] + 0.001 * g * g;
            let mh = m[i] / (1.0 - 0.9f64.powi(step as i32));
            let sh = s2[i] / (1.0 - 0.999f64.powi(step as i32));
            v[i] -= RATE * mh / (sh.sqrt() + 1e-12);
        }
    }
    let model = from_vector(&v);
    let rounded = to_vector(&model);
    Fit {
        model,
        scale,
        loss_before,
        loss_after: loss(&rounded, scale, samples),
    }
}

/// The weights as the Rust source of `eval/weights.rs`'s `TEMPO` and `WEIGHTS`.
#[must_use]
pub fn rust_source(w: &[RoleWeights; 2], tempo: i16) -> String {
    let list = |xs: &[i16]| xs.iter().map(i16::to_string).collect::<Vec<_>>().join(", ");
    let role = |r: &RoleWeights| {
        format!(
            "    RoleWeights {{\n        pattern: [{}],\n        threat: [{}],\n        \
             one: [{}],\n        two: [{}],\n    }},\n",
            list(&r.pattern),
            list(&r.threat),
            list(&r.one),
            list(&r.two)
        )
    };
    format!(
        "pub const TEMPO: i16 = {tempo};\n\npub const WEIGHTS: [RoleWeights; 2] = [\n{}{}];\n",
        role(&w[MOVER]),
        role(&w[WAITER])
    )
}

/// The evaluation's current model.
#[must_use]
pub fn current() -> Model {
    Model {
        weights: crate::eval::weights::WEIGHTS,
        tempo: TEMPO,
        combos: Box::new(COMBO),
        mix: Box::new(MIX),
    }
}

/// The combinations' weights as the Rust source of `eval/combos.rs`.
#[must_use]
pub fn combos_source(model: &Model) -> String {
    let mut out = String::from(COMBOS_HEADER);
    for role in &*model.combos {
        out.push_str("    [\n");
        for row in role.chunks(16) {
            let items: Vec<String> = row.iter().map(|x| format!("{x},")).collect();
            out.push_str(&format!("        {}\n", items.join(" ")));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out.push_str(MIX_HEADER);
    for row in model.mix.chunks(16) {
        let items: Vec<String> = row.iter().map(|x| format!("{x},")).collect();
        out.push_str(&format!("    {}\n", items.join(" ")));
    }
    out.push_str("];\n");
    out
}

const MIX_HEADER: &str = "
/// What each threat mix adds for the side to move (indexed by [`super::weights::mix_key`]).
#[rustfmt::skip]
pub const MIX: [i16; MIXES] = [
";

const COMBOS_HEADER: &str = "\
//! What each combination of four line patterns on an empty point adds to the sum of its
//! patterns' weights, for the side to move and the side waiting (indexed by
//! [`super::weights::combo_key`]). Printed by `tune fit --combos FILE`, with the weights.

use super::weights::{COMBOS, MIXES};

#[rustfmt::skip]
pub const COMBO: [[i16; COMBOS]; 2] = [
";

/// Whether a game starts with one of the arena's built-in openings for `rule` (the balanced
/// openings, and under renju also the 26 renju shapes), in any of the board's eight
/// symmetries: such games are kept out of tuning data.
#[must_use]
pub fn starts_with_match_opening(size: u8, rule: Rule, moves: &[crate::Point]) -> bool {
    if moves.len() < 3 {
        return false;
    }
    // Parsed once: every self-play opening and every game of a fit is checked.
    static FREE: OnceLock<Vec<MoveList>> = OnceLock::new();
    static RENJU: OnceLock<Vec<MoveList>> = OnceLock::new();
    let free = FREE.get_or_init(|| builtin_for(15, Rule::Freestyle));
    let shapes: &[MoveList] = if rule == Rule::Renju {
        RENJU.get_or_init(|| [free.clone(), builtin_for(15, Rule::Renju)].concat())
    } else {
        free
    };
    let c = i32::from(size / 2);
    (0..8).any(|sym| {
        let turned: Vec<(i32, i32)> = moves[..3]
            .iter()
            .map(|p| {
                let (x, y) = (i32::from(p.x) - c, i32::from(p.y) - c);
                let (x, y) = if sym & 4 != 0 { (y, x) } else { (x, y) };
                let x = if sym & 1 != 0 { -x } else { x };
                let y = if sym & 2 != 0 { -y } else { y };
                (x + 7, y + 7)
            })
            .collect();
        shapes.iter().any(|b| {
            b.0.iter()
                .zip(&turned)
                .all(|(p, &(x, y))| (i32::from(p.x), i32::from(p.y)) == (x, y))
        })
    })
}

/// A self-play opening: `OPENING_STONES` stones drawn near the centre, roughly even for a
/// search of `check_nodes` (see `OPENING_MAX_SCORE`), never starting with one of the
/// arena's built-in openings for `rule`.
#[must_use]
pub fn opening(size: u8, rule: Rule, rng: &mut Rng, check_nodes: u64) -> Game {
    loop {
        let Ok(mut game) = Game::new(i64::from(size), rule) else {
            unreachable!("tuning boards have a valid size")
        };
        let lo = i64::from(size) / 2 - OPENING_SPAN / 2;
        while game.moves().len() < OPENING_STONES {
            let x = lo + rng.below(OPENING_SPAN as usize) as i64;
            let y = lo + rng.below(OPENING_SPAN as usize) as i64;
            if let Ok(p) = game.point(x, y) {
                let _ = game.try_play(p);
            }
        }
        if !game.is_over()
            && !starts_with_match_opening(size, rule, game.moves())
            && is_even(&game, check_nodes)
        {
            return game;
        }
    }
}

fn is_even(game: &Game, nodes: u64) -> bool {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    Engine::new(1 << 20)
        .search(game, &limits, &FrozenClock, &mut |_| {})
        .is_ok_and(|r| r.score.abs() <= OPENING_MAX_SCORE)
}

/// Plays one self-play game from `game` with `nodes` per move; returns it finished (or
/// full).
pub fn self_play(mut game: Game, nodes: u64) -> Game {
    let mut engines = [
        Engine::new(SELF_PLAY_TT_BYTES),
        Engine::new(SELF_PLAY_TT_BYTES),
    ];
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    while !game.is_over() {
        let side = game.side_to_move().index();
        let Ok(report) = engines[side].search(&game, &limits, &FrozenClock, &mut |_| {}) else {
            break;
        };
        let Some(best) = report.best else { break };
        if game.try_play(best).is_err() {
            break;
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::openings::BALANCED_FREE;

    #[test]
    fn the_current_weights_survive_the_round_trip() {
        let m = current();
        assert_eq!(from_vector(&to_vector(&m)), m);
    }

    #[test]
    fn the_combination_table_is_as_the_tuner_writes_it() {
        assert_eq!(combos_source(&current()), include_str!("eval/combos.rs"));
    }

    #[test]
    fn the_vector_evaluation_is_the_engines() {
        let v = to_vector(&current());
        let game = Game::from_moves(15, Rule::Freestyle, "h8 i9 j8 h9 g10 i7 i8").unwrap();
        let pos = Position::from_game(&game);
        let s = Sample {
            features: features(&pos).map(|x| x as i16),
            combos: sparse(&pos),
            result: 1.0,
        };
        assert_eq!(eval_of(&v, &s) as i32, crate::eval::evaluate(&pos));
    }

    #[test]
    fn a_fit_lowers_the_loss_on_its_data() {
        let mut rng = Rng::seeded(3);
        let mut all = Vec::new();
        for _ in 0..4 {
            let g = self_play(opening(15, Rule::Freestyle, &mut rng, 1_000), 1_000);
            all.extend(samples(15, Rule::Freestyle, g.moves(), g.winner()));
        }
        assert!(!all.is_empty());
        let f = fit(&current(), &all, 200, true, 2);
        assert!(f.loss_after <= f.loss_before + 1e-6, "{f:?}");
    }

    #[test]
    fn search_labels_match_the_samples_and_blend_into_the_targets() {
        let mut rng = Rng::seeded(5);
        let g = self_play(opening(15, Rule::Freestyle, &mut rng, 1_000), 1_000);
        let mut all = samples(15, Rule::Freestyle, g.moves(), g.winner());
        let scores = search_scores(15, Rule::Freestyle, g.moves(), 500);
        assert_eq!(scores.len(), all.len());
        assert!(scores.iter().all(|s| s.abs() <= EVAL_LIMIT));
        assert!(blend(&mut all, &scores[1..], 1_000.0, 0.5).is_err());
        // λ = 1 keeps the results; λ = 0 puts the search's chances in their place.
        let results: Vec<f32> = all.iter().map(|s| s.result).collect();
        blend(&mut all, &scores, 1_000.0, 1.0).unwrap();
        assert_eq!(all.iter().map(|s| s.result).collect::<Vec<_>>(), results);
        blend(&mut all, &scores, 1_000.0, 0.0).unwrap();
        for (s, &score) in all.iter().zip(&scores) {
            let want = sigmoid(f64::from(score) / 1_000.0) as f32;
            assert!((s.result - want).abs() < 1e-6);
        }
    }

    #[test]
    fn openings_keep_away_from_the_match_openings() {
        let mut rng = Rng::seeded(9);
        for _ in 0..10 {
            let g = opening(15, Rule::Freestyle, &mut rng, 1_000);
            assert_eq!(g.moves().len(), OPENING_STONES);
            assert!(!starts_with_match_opening(15, Rule::Freestyle, g.moves()));
        }
        // Every balanced opening is recognised, turned and mirrored too.
        for text in BALANCED_FREE {
            let m: crate::MoveList = text.parse().unwrap();
            assert!(
                starts_with_match_opening(15, Rule::Freestyle, &m.0),
                "{text}"
            );
            let mirrored: Vec<crate::Point> =
                m.0.iter()
                    .map(|p| crate::Point::new(14 - p.y, p.x))
                    .collect();
            assert!(
                starts_with_match_opening(15, Rule::Freestyle, &mirrored),
                "{text}"
            );
        }
        let other: crate::MoveList = "h8 h9 h10".parse().unwrap();
        assert!(!starts_with_match_opening(15, Rule::Freestyle, &other.0));
        // Under renju the 26 renju shapes are kept out too ("h8 h9 h10" is one of them).
        for m in builtin_for(15, Rule::Renju) {
            assert!(starts_with_match_opening(15, Rule::Renju, &m.0), "{m}");
        }
        assert!(starts_with_match_opening(15, Rule::Renju, &other.0));
        let mut rng = Rng::seeded(9);
        for _ in 0..5 {
            let g = opening(15, Rule::Renju, &mut rng, 1_000);
            assert!(!starts_with_match_opening(15, Rule::Renju, g.moves()));
        }
    }
}
