//! Static evaluation, the one function the search calls to judge a quiet position. Every
//! empty point near the stones adds a share for each colour, taken from fitted weights of
//! the line patterns through it, of their combination (the four patterns as a set, which
//! says what the point makes together: a three with a two, two closed threes…) and of its
//! combined threat, and each colour gains for having one, and two, points of each threat
//! class. The threat classes both sides have, together (the threat mix), add a fitted
//! weight of their own: an open three is worth less when the opponent has a four-three
//! point to play first. The weights differ for the side to move and the side waiting,
//! since a three to be made next move is worth far more than one the opponent can answer
//! first. A point's share is looked up once per pattern combination when the tables are
//! built; the point sums and threat counts are kept incrementally by the search board, so
//! this is a handful of additions. Integer only, so native and wasm agree exactly.
// The feature view (`features`, the feature indices) serves the weight tuner, a native tool.
#![cfg_attr(target_arch = "wasm32", allow(dead_code))]

mod combos;
pub mod net;
pub mod weights;

use crate::color::Color;
use crate::position::threat::Threat;
use crate::position::{Position, DIRS};
use weights::{
    mix_key, presence_value, COMBOS, FEATURES, MIX, MOVER, PRESENCE_CLASSES, TEMPO, WAITER,
};

/// Largest evaluation; mate scores lie beyond it.
pub const EVAL_LIMIT: i32 = 20_000;

/// The position's value for the side to move.
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let them = us.opposite();
    let own = pos.eval_sum(us, MOVER) + presence_value(MOVER, |t| pos.threat_count(us, t));
    let theirs = pos.eval_sum(them, WAITER) + presence_value(WAITER, |t| pos.threat_count(them, t));
    let mix = i32::from(MIX[mix_key_of(pos)]);
    let learned = pos.net_value().unwrap_or(0);
    (own - theirs + mix + i32::from(TEMPO) + learned).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The position's [`weights::mix_key`].
fn mix_key_of(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let colours = [us, us.opposite()];
    mix_key(|role, t| pos.threat_count(colours[role], t))
}

/// What the evaluation counts, for the side to move and the side waiting: line patterns on
/// empty points (four per point), combined threats per point, and whether there are one and
/// two points of each threat class (see [`weights::pattern_feature`],
/// [`weights::threat_feature`] and [`weights::presence_feature`]). `evaluate` is the
/// weighted sum of these, before clamping.
#[must_use]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let mut out = [0; FEATURES];
    let us = pos.side_to_move();
    for (role, colour) in [(MOVER, us), (WAITER, us.opposite())] {
        count(pos, colour, role, &mut out);
    }
    out
}

/// How many points of each four-pattern combination each role has, as (index below
/// `2 * COMBOS`, count) pairs in index order: the sparse features of the combination
/// table (see [`weights::combo_key`]); forbidden points count only as such. Last comes
/// the position's threat mix, as `2 * COMBOS + key` (see [`weights::mix_key`]).
#[must_use]
pub fn combo_features(pos: &Position) -> Vec<(usize, i32)> {
    let mut keys = Vec::with_capacity(2 * pos.candidates().len());
    let us = pos.side_to_move();
    for (role, c) in [(MOVER, us), (WAITER, us.opposite())] {
        for &t in pos.candidates() {
            if pos.threat(c, t) == Threat::Forbidden {
                continue;
            }
            let p = [0, 1, 2, 3].map(|d| pos.pattern(c, d, t));
            keys.push(role * COMBOS + weights::combo_key(p));
        }
    }
    keys.sort_unstable();
    let mut out: Vec<(usize, i32)> = Vec::new();
    for k in keys {
        match out.last_mut() {
            Some((last, n)) if *last == k => *n += 1,
            _ => out.push((k, 1)),
        }
    }
    out.push((2 * COMBOS + mix_key_of(pos), 1));
    out
}

fn count(pos: &Position, c: Color, role: usize, out: &mut [i32; FEATURES]) {
    for &t in &PRESENCE_CLASSES {
        let n = pos.threat_count(c, t);
        if n >= 1 {
            out[weights::presence_feature(role, t, 1)] += 1;
        }
        if n >= 2 {
            out[weights::presence_feature(role, t, 2)] += 1;
        }
    }
    for &t in pos.candidates() {
        let threat = pos.threat(c, t);
        out[weights::threat_feature(role, threat)] += 1;
        if threat != Threat::Forbidden {
            for d in 0..DIRS.len() {
                out[weights::pattern_feature(role, pos.pattern(c, d, t))] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::rng::Rng;
    use crate::rule::Rule;
    use weights::{feature_weights, COMBO, MIX, WEIGHTS};

    #[test]
    fn evaluation_is_the_weighted_sum_of_its_features() {
        let w = feature_weights(&WEIGHTS);
        let mut rng = Rng::seeded(7);
        for round in 0..40 {
            let rule = Rule::ALL[round % 3];
            let mut game = Game::new(15, rule).unwrap();
            for _ in 0..(10 + round) {
                let x = 4 + rng.below(7) as i64;
                let y = 4 + rng.below(7) as i64;
                if let Ok(p) = game.point(x, y) {
                    let _ = game.try_play(p);
                }
                if game.is_over() {
                    break;
                }
                let pos = Position::from_game(&game);
                let combos: i32 = combo_features(&pos)
                    .iter()
                    .map(|&(k, n)| {
                        if k >= 2 * COMBOS {
                            return n * i32::from(MIX[k - 2 * COMBOS]);
                        }
                        let sign = if k < COMBOS { 1 } else { -1 };
                        sign * n * i32::from(COMBO[k / COMBOS][k % COMBOS])
                    })
                    .sum();
                let sum: i32 = features(&pos)
                    .iter()
                    .zip(w)
                    .map(|(f, w)| f * w)
                    .sum::<i32>()
                    + combos;
                let expected = (sum + i32::from(weights::TEMPO)).clamp(-EVAL_LIMIT, EVAL_LIMIT);
                assert_eq!(evaluate(&pos), expected, "{}", game.move_list());
            }
        }
    }
}
