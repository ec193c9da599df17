//! Fitting the learned line evaluation ([`crate::eval::net`]) to game results. The model is
//! the engine's, in floating point: the network's value is added to the classical
//! evaluation, and `P(win for the side to move) = σ((classical + net) / scale)` is fitted
//! by minibatch Adam on the cross-entropy, the scale being the one that suits the classical
//! evaluation alone. The same quiet positions as the classical fit are used (see
//! [`super::samples`]); every tenth game is held out. The fitted weights are rounded to the
//! engine's integers, and the held-out loss is measured again with the engine's own
//! arithmetic.

use super::{for_each_quiet, result_for, summed_in_threads, winner_of};
use crate::arena::saved::SavedGame;
use crate::color::Color;
use crate::eval::net::{Net, CLIP, CODES, LANES, MAX_INPUT_WEIGHT, MAX_OUT_WEIGHT, OUT_SHIFT};
use crate::eval::{evaluate, EVAL_LIMIT};
use crate::position::Position;
use crate::rng::Rng;
use crate::rule::Rule;

/// One position: its classical evaluation, its game's result for the side to move, and
/// where its points' codes are in [`Samples::codes`].
#[derive(Clone, Copy, Debug)]
struct Sample {
    classical: f32,
    result: f32,
    start: u32,
    points: u16,
}

/// Positions and their candidate points' pattern combinations: per point, the side to
/// move's, then the opponent's.
#[derive(Debug, Default)]
pub struct Samples {
    samples: Vec<Sample>,
    codes: Vec<[u16; 2]>,
}

impl Samples {
    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether there are no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    fn points(&self, s: &Sample) -> &[[u16; 2]] {
        let start = s.start as usize;
        &self.codes[start..start + usize::from(s.points)]
    }

    /// Adds the quiet positions of a game.
    pub fn add_game(&mut self, size: u8, rule: Rule, game: &SavedGame) {
        let winner = winner_of(game);
        for_each_quiet(&mut Position::new(size, rule), &game.moves.0, |pos| {
            self.add(pos, winner);
        });
    }

    fn add(&mut self, pos: &Position, winner: Option<Color>) {
        let us = pos.side_to_move();
        let result = result_for(us, winner);
        let start = self.codes.len() as u32;
        for &t in pos.candidates() {
            self.codes
                .push([pos.combo_key(us, t), pos.combo_key(us.opposite(), t)]);
        }
        self.samples.push(Sample {
            classical: evaluate(pos) as f32,
            result,
            start,
            points: pos.candidates().len() as u16,
        });
    }
}

/// Fitted and held-out samples of games files: every tenth game (by number) is held out;
/// games that start with one of the arena's built-in openings for `rule` are left out.
#[must_use]
pub fn samples_of(size: u8, rule: Rule, games: &[SavedGame]) -> (Samples, Samples) {
    let (mut fitted, mut held) = (Samples::default(), Samples::default());
    for g in games {
        if super::starts_with_match_opening(size, rule, &g.moves.0) {
            continue;
        }
        let into = if g.number % 10 == 0 {
            &mut held
        } else {
            &mut fitted
        };
        into.add_game(size, rule, g);
    }
    (fitted, held)
}

/// The network in floating point, laid out as one vector: `own`, `other`, `bias`, `out`.
#[derive(Clone, Debug)]
struct Model {
    w: Vec<f32>,
}

const OWN: usize = 0;
const OTHER: usize = CODES * LANES;
const BIAS: usize = 2 * CODES * LANES;
const OUT: usize = BIAS + LANES;
const PARAMS: usize = OUT + 2 * LANES;
/// Divides a point's dot product, as [`OUT_SHIFT`] does in the engine.
const OUT_DIV: f32 = (1u32 << OUT_SHIFT) as f32;

impl Model {
    fn new(rng: &mut Rng) -> Model {
        let mut w = vec![0.0; PARAMS];
        // Random lookups around a bias in the middle of the clipping range, so that every
        // lane starts alive and the lanes differ; zero outputs, so the fit starts at the
        // classical loss.
        for x in &mut w[..BIAS] {
            *x = rng.below(81) as f32 - 40.0;
        }
        for x in &mut w[BIAS..OUT] {
            *x = 64.0;
        }
        Model { w }
    }

    fn lanes(&self, at: usize, code: u16) -> &[f32] {
        let i = at + usize::from(code) * LANES;
        &self.w[i..i + LANES]
    }

    /// A point's sums for one colour viewing: its combination `own`, the other colour's
    /// `other`.
    fn sums(&self, own: u16, other: u16) -> [f32; LANES] {
        let (a, b) = (self.lanes(OWN, own), self.lanes(OTHER, other));
        std::array::from_fn(|k| self.w[BIAS + k] + a[k] + b[k])
    }

    fn share(&self, a: &[f32; LANES], role: usize) -> f32 {
        let row = &self.w[OUT + role * LANES..OUT + (role + 1) * LANES];
        a.iter()
            .zip(row)
            .map(|(&x, &r)| x.clamp(0.0, CLIP as f32) * r)
            .sum()
    }

    /// The network's value for a sample, in evaluation units.
    fn value(&self, points: &[[u16; 2]]) -> f32 {
        let mut total = 0.0;
        for &[us, them] in points {
            total += self.share(&self.sums(us, them), 0) - self.share(&self.sums(them, us), 1);
        }
        total / OUT_DIV
    }

    /// Adds `d(loss)/d(value) · d(value)/d(w)` for one sample to `grad`.
    fn backward(&self, points: &[[u16; 2]], dvalue: f32, grad: &mut [f32]) {
        let g = dvalue / OUT_DIV;
        for &[us, them] in points {
            for (role, own, other, sign) in [(0, us, them, 1.0), (1, them, us, -1.0)] {
                let a = self.sums(own, other);
                let row = OUT + role * LANES;
                let mut da = [0.0f32; LANES];
                for k in 0..LANES {
                    let live = a[k] > 0.0 && a[k] < CLIP as f32;
                    grad[row + k] += sign * g * a[k].clamp(0.0, CLIP as f32);
                    if live {
                        da[k] = sign * g * self.w[row + k];
                    }
                }
                for k in 0..LANES {
                    grad[BIAS + k] += da[k];
                }
                let (io, it) = (
                    OWN + usize::from(own) * LANES,
                    OTHER + usize::from(other) * LANES,
                );
                for k in 0..LANES {
                    grad[io + k] += da[k];
                    grad[it + k] += da[k];
                }
            }
        }
    }

    /// The engine's integer network: every weight rounded, the lookups kept in range.
    fn quantised(&self) -> Net {
        let round = |x: f32| {
            x.round()
                .clamp(-f32::from(MAX_INPUT_WEIGHT), f32::from(MAX_INPUT_WEIGHT)) as i16
        };
        let round_out = |x: f32| {
            x.round()
                .clamp(-f32::from(MAX_OUT_WEIGHT), f32::from(MAX_OUT_WEIGHT)) as i16
        };
        let mut net = Net::zero();
        for (code, (own, other)) in net.own.iter_mut().zip(net.other.iter_mut()).enumerate() {
            for k in 0..LANES {
                own[k] = round(self.w[OWN + code * LANES + k]);
                other[k] = round(self.w[OTHER + code * LANES + k]);
            }
        }
        for k in 0..LANES {
            net.bias[k] = round(self.w[BIAS + k]);
            net.out[0][k] = round_out(self.w[OUT + k]);
            net.out[1][k] = round_out(self.w[OUT + LANES + k]);
        }
        net
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn cross_entropy(eval: f32, scale: f32, y: f32) -> f32 {
    let p = sigmoid(eval / scale).clamp(1e-7, 1.0 - 1e-7);
    -(y * p.ln() + (1.0 - y) * (1.0 - p).ln())
}

fn clamp_eval(x: f32) -> f32 {
    x.clamp(-(EVAL_LIMIT as f32), EVAL_LIMIT as f32)
}

/// Mean cross-entropy of the classical evaluation alone, and with the network added.
fn losses(model: &Model, scale: f32, data: &Samples) -> (f64, f64) {
    let (mut classical, mut with_net) = (0.0f64, 0.0f64);
    for s in &data.samples {
        classical += f64::from(cross_entropy(s.classical, scale, s.result));
        let e = clamp_eval(s.classical + model.value(data.points(s)));
        with_net += f64::from(cross_entropy(e, scale, s.result));
    }
    let n = data.len().max(1) as f64;
    (classical / n, with_net / n)
}

/// The scale that suits the classical evaluation (golden-section search, log scale).
fn best_scale(data: &Samples) -> f32 {
    let loss = |scale: f32| -> f64 {
        data.samples
            .iter()
            .map(|s| f64::from(cross_entropy(s.classical, scale, s.result)))
            .sum()
    };
    let (mut lo, mut hi) = (10f32.ln(), 10_000f32.ln());
    let g = (5f32.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if loss(a.exp()) < loss(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Settings of a fit.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Passes over the fitted samples.
    pub epochs: usize,
    /// Samples per Adam step.
    pub batch: usize,
    /// Threads working out a batch's gradient.
    pub threads: usize,
    /// Seed of the starting weights and of the sample order.
    pub seed: u64,
}

/// What a fit found.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The engine's network.
    pub net: Net,
    /// The `scale` of `σ(eval / scale)`.
    pub scale: f32,
    /// Cross-entropy on the fitted samples before and after the fit (floating point).
    pub fitted_loss: (f64, f64),
    /// Held-out cross-entropy of the classical evaluation alone.
    pub held_classical: f64,
    /// Held-out cross-entropy with the fitted network in floating point.
    pub held_float: f64,
    /// Held-out cross-entropy with the engine's integer network, worked out by the search
    /// board itself.
    pub held_engine: f64,
}

/// Adam step sizes of the lookups and biases, and of the output rows (in their units).
const RATE_LOOKUP: f32 = 2.0;
const RATE_OUT: f32 = 2.0;
/// Weight decay of the lookups per step, pulling rarely seen codes towards zero.
const DECAY: f32 = 1e-5;

/// Fits a network to `fitted`, printing each epoch's held-out loss with `report`; `games`
/// (size, rule and the games `held` came from) check the engine's rounded network.
pub fn fit(
    fitted: &Samples,
    held: &Samples,
    games: (u8, Rule, &[SavedGame]),
    settings: Settings,
    report: &mut dyn FnMut(&str),
) -> Fit {
    let mut rng = Rng::seeded(settings.seed);
    let mut model = Model::new(&mut rng);
    let scale = best_scale(fitted);
    let (held_classical, _) = losses(&model, scale, held);
    let (fitted_classical, _) = losses(&model, scale, fitted);
    report(&format!(
        "scale {scale:.1}; held-out loss, classical evaluation alone: {held_classical:.5}"
    ));
    let (mut m, mut v) = (vec![0.0f32; PARAMS], vec![0.0f32; PARAMS]);
    let mut order: Vec<usize> = (0..fitted.len()).collect();
    let batch = settings.batch.max(1);
    let threads = settings.threads.clamp(1, 64);
    let steps_per_epoch = order.len().div_ceil(batch);
    let total_steps = (settings.epochs * steps_per_epoch).max(1);
    let mut step = 0;
    for epoch in 1..=settings.epochs {
        shuffle(&mut order, &mut rng);
        for chunk in order.chunks(batch) {
            step += 1;
            let grad = batch_gradient(&model, fitted, chunk, scale, threads);
            // Cosine decay of the step size over the whole fit.
            let progress = step as f32 / total_steps as f32;
            let decay = 0.5 * (1.0 + (std::f32::consts::PI * progress).cos());
            adam(&mut model.w, &grad, &mut m, &mut v, step, decay);
        }
        let (_, held_float) = losses(&model, scale, held);
        report(&format!(
            "epoch {epoch}: held-out loss {held_float:.5} (classical alone {held_classical:.5})"
        ));
    }
    let (_, held_float) = losses(&model, scale, held);
    let fitted_loss = (fitted_classical, losses(&model, scale, fitted).1);
    let net = model.quantised();
    let held_engine = engine_loss(&net, scale, games.0, games.1, games.2);
    Fit {
        net,
        scale,
        fitted_loss,
        held_classical,
        held_float,
        held_engine,
    }
}

fn shuffle(order: &mut [usize], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
}

fn batch_gradient(
    model: &Model,
    data: &Samples,
    chunk: &[usize],
    scale: f32,
    threads: usize,
) -> Vec<f32> {
    let mut grad = summed_in_threads(chunk, threads, PARAMS, |part| {
        let mut grad = vec![0.0f32; PARAMS];
        for &i in part {
            let s = &data.samples[i];
            let points = data.points(s);
            let e = s.classical + model.value(points);
            // d(cross-entropy)/d(eval) = (p - y) / scale; nothing past the clamp.
            if e.abs() >= EVAL_LIMIT as f32 {
                continue;
            }
            let d = (sigmoid(e / scale) - s.result) / scale;
            model.backward(points, d, &mut grad);
        }
        grad
    });
    let n = chunk.len().max(1) as f32;
    grad.iter_mut().for_each(|g| *g /= n);
    grad
}

fn adam(w: &mut [f32], grad: &[f32], m: &mut [f32], v: &mut [f32], step: usize, decay: f32) {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    let c1 = 1.0 - B1.powi(step as i32);
    let c2 = 1.0 - B2.powi(step as i32);
    for i in 0..w.len() {
        let g = grad[i];
        m[i] = B1 * m[i] + (1.0 - B1) * g;
        v[i] = B2 * v[i] + (1.0 - B2) * g * g;
        let rate = if i >= OUT { RATE_OUT } else { RATE_LOOKUP } * decay;
        w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-8);
        if i < BIAS {
            w[i] -= DECAY * w[i];
        }
    }
}

/// Held-out loss of the engine's network as the search board works it out, over the
/// held-out games' quiet positions (those of [`samples_of`]).
fn engine_loss(net: &Net, scale: f32, size: u8, rule: Rule, games: &[SavedGame]) -> f64 {
    let net: &'static Net = Box::leak(Box::new(net.clone()));
    let (mut total, mut n) = (0.0f64, 0usize);
    for g in games {
        if g.number % 10 != 0 || super::starts_with_match_opening(size, rule, &g.moves.0) {
            continue;
        }
        let winner = winner_of(g);
        let mut pos = Position::new(size, rule);
        pos.attach_net(net);
        for_each_quiet(&mut pos, &g.moves.0, |pos| {
            let y = result_for(pos.side_to_move(), winner);
            total += f64::from(cross_entropy(evaluate(pos) as f32, scale, y));
            n += 1;
        });
    }
    total / n.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Side;
    use crate::game::Game;
    use crate::notation::MoveList;

    /// Games of random moves near the centre, played until someone makes five.
    fn random_games(n: u32) -> Vec<SavedGame> {
        let mut rng = Rng::seeded(5);
        (1..=n)
            .map(|number| {
                let mut game = Game::new(15, Rule::Freestyle).unwrap();
                // A 7×7 square holds 49 points: stop well before it fills.
                while !game.is_over() && game.moves().len() < 40 {
                    let (x, y) = (4 + rng.below(7) as i64, 4 + rng.below(7) as i64);
                    let p = game.point(x, y).unwrap();
                    let _ = game.try_play(p);
                }
                SavedGame {
                    number,
                    a_color: Color::Black,
                    winner: game
                        .winner()
                        .map(|c| if c == Color::Black { Side::A } else { Side::B }),
                    ending: String::new(),
                    moves: MoveList(game.moves().to_vec()),
                }
            })
            .collect()
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_value() {
        let mut rng = Rng::seeded(3);
        let mut model = Model::new(&mut rng);
        for x in &mut model.w[OUT..] {
            *x = rng.below(200) as f32 - 100.0;
        }
        let points: Vec<[u16; 2]> = (0..30)
            .map(|_| [rng.below(CODES) as u16, rng.below(CODES) as u16])
            .collect();
        let mut grad = vec![0.0f32; PARAMS];
        model.backward(&points, 1.0, &mut grad);
        // Every weight the points use, and a few they do not.
        let mut used: Vec<usize> = points
            .iter()
            .flat_map(|&[a, b]| {
                (0..LANES).flat_map(move |k| {
                    [a, b].into_iter().flat_map(move |c| {
                        [OWN, OTHER].map(|table| table + usize::from(c) * LANES + k)
                    })
                })
            })
            .chain(BIAS..PARAMS)
            .chain([5, OTHER + 17])
            .collect();
        used.sort_unstable();
        used.dedup();
        for i in used {
            let step = 0.25;
            let mut up = model.clone();
            up.w[i] += step;
            let mut down = model.clone();
            down.w[i] -= step;
            let slope = (up.value(&points) - down.value(&points)) / (2.0 * step);
            // A clipping edge between the two probes bends the slope; allow for it.
            assert!(
                (slope - grad[i]).abs() <= 0.02 * grad[i].abs().max(1.0),
                "{i}: {slope} against {}",
                grad[i]
            );
        }
    }

    #[test]
    fn a_fit_lowers_the_loss_and_the_engine_computes_what_was_fitted() {
        let games = random_games(120);
        let (fitted, held) = samples_of(15, Rule::Freestyle, &games);
        assert!(fitted.len() > 500 && !held.is_empty(), "{}", fitted.len());
        let settings = Settings {
            epochs: 20,
            batch: 32,
            threads: 2,
            seed: 1,
        };
        let f = fit(
            &fitted,
            &held,
            (15, Rule::Freestyle, &games),
            settings,
            &mut |_| {},
        );
        // Random games' results say little beyond what the classical evaluation sees, but
        // the fit must still move downhill.
        assert!(
            f.fitted_loss.1 < f.fitted_loss.0 - 0.002,
            "{:?}",
            f.fitted_loss
        );
        // The rounded weights and the search board's sums give the trainer's figure.
        assert!((f.held_engine - f.held_float).abs() < 2e-3, "{f:?}");
        assert_ne!(f.net, Net::zero());
        assert_eq!(Net::from_bytes(&f.net.to_bytes()), Ok(f.net));
    }
}
