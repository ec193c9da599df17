//! The sequential probability ratio test on game pairs, and the Elo difference they imply.
//!
//! Games come in pairs that share an opening with the colours swapped, so the two results
//! of a pair are not independent: a pair is one sample, worth 0, ½, 1, 1½ or 2 points to A
//! (the pentanomial model). The test is the generalized SPRT with the normal approximation
//! that fishtest uses for logistic Elo: with `x` a pair's points halved (0 to 1), `m` its
//! mean and `v` its variance over the `n` pairs played, and `s0`, `s1` the scores that
//! `elo0` and `elo1` imply,
//!
//! ```text
//! LLR = n (s1 − s0) (2m − s0 − s1) / (2v)
//! ```
//!
//! accepting H1 (A is `elo1` stronger) once the LLR reaches `ln((1 − β)/α)` and H0 (A is only
//! `elo0` stronger) once it falls to `ln(β/(1 − α))`.
//!
//! Before the LLR is computed every bucket gets a pseudo-count of [`PRIOR_PER_BUCKET`] pairs
//! (fishtest gives empty buckets 0.001 pair, enough over its thousands of games): a few pairs
//! that all came out alike have no variance, and without the prior one such pair would decide
//! any test. After a few dozen pairs the prior no longer matters. The Elo interval from the
//! pairs uses the counts as they are.

use std::fmt;

use super::stats::{elo_from_score, Elo, Z_95};

/// Pseudo-count of pairs added to every bucket before the LLR is computed: half a pair in
/// all, spread evenly over the five results.
pub const PRIOR_PER_BUCKET: f64 = 0.1;

/// The expected score of a player `elo` stronger (logistic model): `1/(1 + 10^(−elo/400))`.
#[must_use]
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Pair results: `counts[k]` pairs in which A scored `k/2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by A's points in half points, 0 to 4.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Counts a pair in which A scored `half_points / 2` points (0..=4 half points).
    pub fn add(&mut self, half_points: usize) {
        if let Some(c) = self.counts.get_mut(half_points) {
            *c += 1;
        }
    }

    /// Pairs counted so far.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// Mean and variance of the pair score (points halved, 0 to 1) over `weights`.
    fn mean_variance(weights: [f64; 5]) -> Option<(f64, f64)> {
        let n: f64 = weights.iter().sum();
        if n <= 0.0 {
            return None;
        }
        let x = |k: usize| k as f64 / 4.0;
        let mean = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * x(k))
            .sum::<f64>()
            / n;
        let variance = weights
            .iter()
            .enumerate()
            .map(|(k, w)| w * (x(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        Some((mean, variance))
    }

    fn weights(&self) -> [f64; 5] {
        self.counts.map(f64::from)
    }

    /// Mean pair score (A's points per game); `None` before any pair.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        Self::mean_variance(self.weights()).map(|(m, _)| m)
    }

    /// The Elo difference with its 95% interval from the pair scores; `None` before any pair.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let (mean, variance) = Self::mean_variance(self.weights())?;
        let margin = Z_95 * (variance / f64::from(self.pairs())).sqrt();
        Some(Elo {
            diff: elo_from_score(mean),
            low: elo_from_score(mean - margin),
            high: elo_from_score(mean + margin),
        })
    }
}

impl fmt::Display for Pentanomial {
    /// `0: 1, ½: 2, 1: 3, 1½: 2, 2: 2` (pairs by A's points).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [c0, c1, c2, c3, c4] = self.counts;
        write!(f, "0: {c0}, ½: {c1}, 1: {c2}, 1½: {c3}, 2: {c4}")
    }
}

/// A test of H0 "A is `elo0` stronger than B" against H1 "A is `elo1` stronger".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference A − B under H0.
    pub elo0: f64,
    /// Elo difference A − B under H1, above `elo0`.
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Chance of accepting H1 when H0 holds, when `--alpha` is not given.
pub const DEFAULT_ALPHA: f64 = 0.05;
/// Chance of accepting H0 when H1 holds, when `--beta` is not given.
pub const DEFAULT_BETA: f64 = 0.05;

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The LLR reached the upper bound.
    H1,
    /// The LLR reached the lower bound.
    H0,
    /// The LLR is still between the bounds: play on.
    Undecided,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::H1 => "H1 accepted",
            Verdict::H0 => "H0 accepted",
            Verdict::Undecided => "undecided",
        })
    }
}

impl Sprt {
    /// A test with the given hypotheses and error rates.
    ///
    /// # Errors
    /// A message if the Elo values are not finite with `elo0 < elo1`, or the error rates
    /// are not in (0, 1) with `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("SPRT needs ELO0 < ELO1, got {elo0}, {elo1}"));
        }
        let rate = |r: f64| r > 0.0 && r < 1.0;
        if !(rate(alpha) && rate(beta) && alpha + beta < 1.0) {
            return Err(format!(
                "SPRT error rates must be between 0 and 1 with alpha + beta < 1, got {alpha}, {beta}"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower (accept H0) and upper (accept H1) bounds of the LLR.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 after the pairs in `p` (with the prior, see
    /// the module's notes); 0 before any.
    #[must_use]
    pub fn llr(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let weights = p.weights().map(|w| w + PRIOR_PER_BUCKET);
        let n: f64 = weights.iter().sum();
        match Pentanomial::mean_variance(weights) {
            Some((mean, variance)) if variance > 0.0 => {
                let (s0, s1) = (score_from_elo(self.elo0), score_from_elo(self.elo1));
                n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
            }
            _ => 0.0,
        }
    }

    /// What an LLR of `llr` says, given the [`bounds`](Sprt::bounds).
    #[must_use]
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Undecided
        }
    }

    /// `LLR +1.23 (bounds -2.94, +2.94): undecided` after the pairs in `p`.
    #[must_use]
    pub fn status(&self, p: &Pentanomial) -> String {
        let llr = self.llr(p);
        let (lower, upper) = self.bounds();
        format!(
            "LLR {llr:+.2} (bounds {lower:+.2}, {upper:+.2}): {}",
            self.verdict(llr)
        )
    }
}

impl fmt::Display for Sprt {
    /// `elo0 0, elo1 5, alpha 0.05, beta 0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0 {}, elo1 {}, alpha {}, beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    /// Counts 1, 2, 3, 2, 2 over the pair scores 0, ¼, ½, ¾, 1: n = 10,
    /// m = (0·1 + ¼·2 + ½·3 + ¾·2 + 1·2)/10 = 0.55, E[x²] = (1/16·2 + ¼·3 + 9/16·2 + 2)/10
    /// = 0.4, so v = 0.4 − 0.55² = 0.0975.
    const SAMPLE: Pentanomial = Pentanomial {
        counts: [1, 2, 3, 2, 2],
    };

    #[test]
    fn scores_and_elo_are_inverse() {
        assert!(close(score_from_elo(0.0), 0.5, 1e-12));
        // 10^(−10/400) = 0.944061, so s = 1/1.944061 = 0.514387.
        assert!(close(score_from_elo(10.0), 0.514_387, 1e-6));
        for elo in [-300.0, -5.0, 0.0, 42.0, 400.0] {
            assert!(close(elo_from_score(score_from_elo(elo)), elo, 1e-9));
        }
    }

    #[test]
    fn default_bounds_are_ln_19() {
        let t = Sprt::new(0.0, 5.0, DEFAULT_ALPHA, DEFAULT_BETA).expect("test");
        let (lower, upper) = t.bounds();
        // ln(0.05/0.95) = −ln 19 = −2.944439.
        assert!(close(lower, -2.944_439, 1e-6) && close(upper, 2.944_439, 1e-6));
        let t = Sprt::new(0.0, 5.0, 0.05, 0.1).expect("test");
        // ln(0.1/0.95) = −2.251292, ln(0.9/0.05) = ln 18 = 2.890372.
        let (lower, upper) = t.bounds();
        assert!(close(lower, -2.251_292, 1e-6) && close(upper, 2.890_372, 1e-6));
    }

    #[test]
    fn llr_matches_hand_computed_values() {
        assert_eq!(SAMPLE.pairs(), 10);
        assert!(close(SAMPLE.score().expect("pairs"), 0.55, 1e-12));
        // With the prior the counts are 1.1, 2.1, 3.1, 2.1, 2.1: n = 10.5,
        // m = (5.5 + 0.1 · 2.5)/10.5 = 0.547619, E[x²] = (4 + 0.1 · 1.875)/10.5 = 0.398810,
        // v = 0.398810 − 0.547619² = 0.098923.
        // elo0 0, elo1 10: s0 = 0.5, s1 = 0.5143872;
        // LLR = 10.5 · 0.0143872 · (1.095238 − 1.0143872) / (2 · 0.098923) = 0.061734.
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("test");
        assert!(close(t.llr(&SAMPLE), 0.061_734, 1e-5), "{}", t.llr(&SAMPLE));
        // elo0 −10, elo1 20: s0 = 0.4856128, s1 = 0.5287506; LLR = 0.185154.
        let t = Sprt::new(-10.0, 20.0, 0.05, 0.05).expect("test");
        assert!(close(t.llr(&SAMPLE), 0.185_154, 1e-5), "{}", t.llr(&SAMPLE));
        assert_eq!(t.verdict(t.llr(&SAMPLE)), Verdict::Undecided);
        // Ten times the pairs: n = 100.5, m = 0.549751, v = 0.097649, LLR = 1.889966,
        // close to ten times the LLR without the prior (0.189445 · 10).
        let more = Pentanomial {
            counts: SAMPLE.counts.map(|c| c * 10),
        };
        assert!(close(t.llr(&more), 1.889_966, 1e-5), "{}", t.llr(&more));
        assert_eq!(t.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn clear_results_cross_the_bounds() {
        let t = Sprt::new(0.0, 5.0, 0.05, 0.05).expect("test");
        let (lower, upper) = t.bounds();
        let lost = |n| Pentanomial {
            counts: [n, 0, 0, 0, 0],
        };
        let won = |n| Pentanomial {
            counts: [0, 0, 0, 0, n],
        };
        // Identical pairs have no variance of their own: with the prior, n lost pairs give
        // m = 0.25/(n + 0.5) and E[x²] = 0.1875/(n + 0.5); eleven leave the test open
        // (LLR −2.518), twelve accept H0 (−2.979).
        assert!(t.llr(&lost(1)) < 0.0 && t.llr(&lost(1)) > lower);
        assert!(
            close(t.llr(&lost(11)), -2.518_395, 1e-5),
            "{}",
            t.llr(&lost(11))
        );
        assert_eq!(t.verdict(t.llr(&lost(11))), Verdict::Undecided);
        assert!(close(t.llr(&lost(12)), -2.979_044, 1e-5));
        assert_eq!(t.verdict(t.llr(&lost(12))), Verdict::H0);
        // Won pairs: 12 give +2.935, still short of +2.944; 13 give +3.427.
        assert!(
            close(t.llr(&won(12)), 2.934_721, 1e-5),
            "{}",
            t.llr(&won(12))
        );
        assert_eq!(t.verdict(t.llr(&won(12))), Verdict::Undecided);
        assert_eq!(t.verdict(t.llr(&won(13))), Verdict::H1);
        assert!(t.llr(&won(1)) > 0.0 && t.llr(&won(1)) < upper);
        // Far-apart hypotheses are decided sooner: 0 against 100 Elo, three won pairs.
        let wide = Sprt::new(0.0, 100.0, 0.05, 0.05).expect("test");
        assert!(close(wide.llr(&won(2)), 1.777_573, 1e-5));
        assert!(close(wide.llr(&won(3)), 3.626_323, 1e-5));
        assert!(close(wide.llr(&lost(2)), -2.532_119, 1e-5));
        assert!(close(wide.llr(&lost(3)), -5.042_964, 1e-5));
        // Even pairs favour H0 (elo0 = 0) slowly.
        let even = Pentanomial {
            counts: [0, 5, 10, 5, 0],
        };
        assert!(t.llr(&even) < 0.0 && t.llr(&even) > lower);
    }

    #[test]
    fn pair_elo_interval_matches_hand_computed_values() {
        // m = 0.55, v = 0.0975, n = 10: margin 1.959964 · √0.00975 = 0.193531, so the
        // interval runs from elo(0.356469) = −102.62 to elo(0.743531) = +184.91.
        let e = SAMPLE.elo().expect("pairs");
        assert!(close(e.diff, 34.860, 1e-3), "{e:?}");
        assert!(close(e.low, -102.619, 1e-2), "{e:?}");
        assert!(close(e.high, 184.906, 1e-2), "{e:?}");
        assert_eq!(Pentanomial::default().elo(), None);
        assert_eq!(SAMPLE.to_string(), "0: 1, ½: 2, 1: 3, 1½: 2, 2: 2");
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(-5.0, 5.0, 0.1, 0.2).is_ok());
    }
}
