//! Fitting move ordering's point worths (`crate::search::policy`) to the moves strong players
//! chose: a softmax over each position's candidate points, where a point scores
//! `β · (hand-set value) + own[key] + theirs[key]` by its pattern combinations for the side
//! to move and for the opponent. `β` is fitted first with the corrections at 0, so that the
//! corrections, divided by `β`, come out in the hand-set values' units. Corrections are
//! pulled towards 0, so that a rare combination keeps its hand-set value.

use crate::arena::saved::SavedGame;
use crate::eval::weights::{combo_key, COMBOS};
use crate::position::threat::{free_threat, hand_value, Threat};
use crate::position::{cell_of, Cell, Position};
use crate::rule::Rule;
use crate::search::policy::POLICY;

use super::SKIP_PLIES;

/// Pull of each correction towards 0, per position.
const L2: f64 = 2e-6;
/// Adam's step size and decay rates.
const STEP: f64 = 0.05;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;

/// One choice: the candidate points of a position, each as its combination keys for the
/// side to move and for the opponent, and which of them was played.
#[derive(Clone, Debug)]
pub struct Choice {
    points: Vec<(u16, u16)>,
    played: usize,
}

/// Which players' moves to learn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// The first player of a games file.
    A,
    /// The second.
    B,
    /// Both.
    Both,
}

/// The choices of the selected players in `games`, in positions where the choice is free:
/// nobody has a five to make or stop, and the side to move has no open four or four-three
/// to make and faces none of the opponent's.
#[must_use]
pub fn choices(size: u8, rule: Rule, games: &[SavedGame], players: Players) -> Vec<Choice> {
    let mut out = Vec::new();
    for g in games {
        let mut pos = Position::new(size, rule);
        for (ply, &m) in g.moves.0.iter().enumerate() {
            let m = cell_of(m);
            let us = pos.side_to_move();
            let side = if us == g.a_color {
                Players::A
            } else {
                Players::B
            };
            if ply >= SKIP_PLIES && (players == Players::Both || players == side) && is_free(&pos) {
                if let Some(c) = choice(&mut pos, m) {
                    out.push(c);
                }
            }
            if !pos.is_empty(m) {
                break;
            }
            pos.make(m);
        }
    }
    out
}

fn is_free(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let them = us.opposite();
    let none = |c, ths: &[Threat]| ths.iter().all(|&t| pos.threat_count(c, t) == 0);
    none(us, &[Threat::Five, Threat::OpenFour, Threat::FourThree])
        && none(them, &[Threat::Five, Threat::OpenFour, Threat::FourThree])
}

fn choice(pos: &mut Position, played: Cell) -> Option<Choice> {
    let us = pos.side_to_move();
    let them = us.opposite();
    let mut points = Vec::new();
    let mut index = None;
    for t in pos.candidates().to_vec() {
        if !pos.is_legal(t) {
            continue;
        }
        if t == played {
            index = Some(points.len());
        }
        let key = |c| combo_key([0, 1, 2, 3].map(|d| pos.pattern(c, d, t))) as u16;
        points.push((key(us), key(them)));
    }
    Some(Choice {
        points,
        played: index?,
    })
}

/// A fitted policy and what it achieved.
#[derive(Clone, Debug)]
pub struct PolicyFit {
    /// The new tables, in hand-set value units.
    pub policy: Box<[[i16; COMBOS]; 2]>,
    /// Scale of the hand-set values in the softmax.
    pub beta: f64,
}

/// The hand-set value of each combination key, for the side to move (twice the point's
/// value: our own point counts double) and for the opponent.
fn base() -> Vec<[f64; 2]> {
    let mut v = vec![[0.0; 2]; COMBOS];
    for i in 0..crate::position::threat::INDEX {
        let p = crate::position::threat::patterns_of(i);
        let k = combo_key(p);
        let value = f64::from(hand_value(p, free_threat(p)));
        v[k] = [2.0 * value, value];
    }
    v
}

/// Softmax loss (mean −log p of the played point) and the share of choices whose played
/// point scores highest, for point scores `score(own key, their key)`.
pub fn measure(choices: &[Choice], score: impl Fn(u16, u16) -> f64) -> (f64, f64) {
    let (mut loss, mut top) = (0.0, 0usize);
    for c in choices {
        let s: Vec<f64> = c.points.iter().map(|&(a, b)| score(a, b)).collect();
        let max = s.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = s.iter().map(|x| (x - max).exp()).sum();
        loss += -(s[c.played] - max - z.ln());
        if s.iter().all(|&x| x <= s[c.played]) {
            top += 1;
        }
    }
    let n = choices.len().max(1) as f64;
    (loss / n, top as f64 / n)
}

/// The current tables as scores for [`measure`].
pub fn current_score() -> impl Fn(u16, u16) -> f64 {
    |a, b| f64::from(POLICY[0][usize::from(a)]) + f64::from(POLICY[1][usize::from(b)])
}

/// Fits the tables to `choices` in `steps` full passes.
#[must_use]
pub fn fit(choices: &[Choice], steps: usize) -> PolicyFit {
    let base = base();
    // β: the best scale of the hand-set values alone, by golden-section search.
    let loss_at = |beta: f64| {
        measure(choices, |a, b| {
            beta * (base[usize::from(a)][0] + base[usize::from(b)][1])
        })
        .0
    };
    let (mut lo, mut hi) = (1e-4, 0.5);
    for _ in 0..40 {
        let m1 = hi - (hi - lo) / 1.618;
        let m2 = lo + (hi - lo) / 1.618;
        if loss_at(m1) < loss_at(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let beta = (lo + hi) / 2.0;
    // The corrections, by Adam on full passes.
    let n = choices.len().max(1) as f64;
    let mut w = vec![0.0f64; 2 * COMBOS];
    let (mut m, mut v) = (vec![0.0; 2 * COMBOS], vec![0.0; 2 * COMBOS]);
    let mut probs = Vec::new();
    for step in 1..=steps {
        let mut grad = vec![0.0f64; 2 * COMBOS];
        for c in choices {
            probs.clear();
            probs.extend(c.points.iter().map(|&(a, b)| {
                let (a, b) = (usize::from(a), usize::from(b));
                beta * (base[a][0] + base[b][1]) + w[a] + w[COMBOS + b]
            }));
            let max = probs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut z = 0.0;
            for x in &mut probs {
                *x = (*x - max).exp();
                z += *x;
            }
            for (i, &(a, b)) in c.points.iter().enumerate() {
                let g = probs[i] / z - f64::from(u8::from(i == c.played));
                grad[usize::from(a)] += g;
                grad[COMBOS + usize::from(b)] += g;
            }
        }
        let (c1, c2) = (1.0 - BETA1.powi(step as i32), 1.0 - BETA2.powi(step as i32));
        for (((w, m), v), g) in w.iter_mut().zip(&mut m).zip(&mut v).zip(&grad) {
            let g = g / n + 2.0 * L2 * *w;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            *w -= STEP * (*m / c1) / ((*v / c2).sqrt() + 1e-9);
        }
    }
    let mut policy = Box::new([[0i16; COMBOS]; 2]);
    for k in 0..COMBOS {
        for role in 0..2 {
            let x = base[k][role] + w[role * COMBOS + k] / beta;
            policy[role][k] = x.round().clamp(-30_000.0, 30_000.0) as i16;
        }
    }
    PolicyFit { policy, beta }
}

/// The Rust source of `src/search/policy/table.rs` for `policy`.
#[must_use]
pub fn source(policy: &[[i16; COMBOS]; 2]) -> String {
    let mut s = String::from(
        "//! Generated by `tune policy`: move ordering's worth of a point by its combination key\n\
         //! (`crate::eval::weights::combo_key`), for the side to move and for the opponent.\n\
         \n\
         use crate::eval::weights::COMBOS;\n\
         \n\
         #[rustfmt::skip]\n\
         pub const POLICY: [[i16; COMBOS]; 2] = [\n",
    );
    for row in policy {
        s.push_str("    [\n");
        for chunk in row.chunks(16) {
            let line: Vec<String> = chunk.iter().map(i16::to_string).collect();
            s.push_str(&format!("        {},\n", line.join(", ")));
        }
        s.push_str("    ],\n");
    }
    s.push_str("];\n");
    s
}

/// Whose moves `--players` names.
impl std::str::FromStr for Players {
    type Err = String;
    fn from_str(s: &str) -> Result<Players, String> {
        match s {
            "a" | "A" => Ok(Players::A),
            "b" | "B" => Ok(Players::B),
            "both" => Ok(Players::Both),
            _ => Err(format!("--players: {s} is not a, b or both")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::saved;
    use crate::rng::Rng;
    use crate::tune::{opening, self_play};

    #[test]
    fn the_policy_table_is_as_the_tuner_writes_it() {
        assert_eq!(source(&POLICY), include_str!("../search/policy/table.rs"));
    }

    #[test]
    fn a_fit_predicts_its_data_better_than_the_hand_set_values() {
        let mut rng = Rng::seeded(5);
        let mut text = String::new();
        for n in 1..=4 {
            let g = self_play(opening(15, Rule::Freestyle, &mut rng, 1_000), 1_000);
            let moves: Vec<String> = g.moves().iter().map(ToString::to_string).collect();
            text.push_str(&format!(
                "{n}\tblack\t1/2-1/2\tself-play\t{}\n",
                moves.join(" ")
            ));
        }
        let games = saved::parse(&text).unwrap();
        let data = choices(15, Rule::Freestyle, &games, Players::Both);
        assert!(data.len() > 20, "{}", data.len());
        let f = fit(&data, 200);
        let base = base();
        let hand = measure(&data, |a, b| {
            f.beta * (base[usize::from(a)][0] + base[usize::from(b)][1])
        });
        let fitted = measure(&data, |a, b| {
            f.beta
                * (f64::from(f.policy[0][usize::from(a)]) + f64::from(f.policy[1][usize::from(b)]))
        });
        assert!(fitted.0 < hand.0, "{fitted:?} against {hand:?}");
    }

    #[test]
    fn players_are_read_from_their_names() {
        assert_eq!("a".parse(), Ok(Players::A));
        assert_eq!("B".parse(), Ok(Players::B));
        assert_eq!("both".parse(), Ok(Players::Both));
        assert!("c".parse::<Players>().is_err());
    }
}
