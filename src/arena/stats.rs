//! Match statistics: the score, the Elo difference it implies with a 95% confidence
//! interval, and time per move.

use std::fmt;

/// Two-sided 95% quantile of the normal distribution.
pub const Z_95: f64 = 1.959_964;

/// Wins, losses and draws from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Tally {
    /// Games counted.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points per game, wins 1 and draws ½; `None` before any game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = f64::from(self.games());
        (n > 0.0).then(|| (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / n)
    }

    /// The Elo difference and its 95% interval; `None` before any game.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let s = self.score()?;
        let n = f64::from(self.games());
        // Trinomial variance of one game's points around the mean score.
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let margin = Z_95 * (variance / n).sqrt();
        Some(Elo {
            diff: elo_from_score(s),
            low: elo_from_score(s - margin),
            high: elo_from_score(s + margin),
        })
    }
}

/// An Elo difference with its 95% confidence interval; infinite at scores of 0 or 100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The Elo difference the score implies.
    pub diff: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// The Elo difference for a score (logistic model): `-400 log10(1/s - 1)`.
#[must_use]
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// Formats an Elo value with a sign, `+inf`/`-inf` at the ends.
#[must_use]
pub fn signed(elo: f64) -> String {
    if elo == f64::INFINITY {
        "+inf".to_owned()
    } else if elo == f64::NEG_INFINITY {
        "-inf".to_owned()
    } else {
        // Adding 0.0 turns a rounded -0.0 into 0.0, printed "+0.0".
        let tenths = (elo * 10.0).round() / 10.0 + 0.0;
        format!("{tenths:+.1}")
    }
}

impl fmt::Display for Elo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}  (95% CI {} to {})",
            signed(self.diff),
            signed(self.low),
            signed(self.high)
        )
    }
}

/// Time spent on moves by one player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeStats {
    /// Moves timed.
    pub moves: u64,
    /// Their time in all, in milliseconds.
    pub total_ms: f64,
    /// The longest move, in milliseconds.
    pub max_ms: f64,
    /// Moves that took longer than the player's budget.
    pub over_budget: u64,
}

impl TimeStats {
    /// Counts a move that took `ms` milliseconds, against a budget of `budget_ms` if the
    /// player has one.
    pub fn add(&mut self, ms: f64, budget_ms: Option<u64>) {
        self.moves += 1;
        self.total_ms += ms;
        self.max_ms = self.max_ms.max(ms);
        if budget_ms.is_some_and(|b| ms > b as f64) {
            self.over_budget += 1;
        }
    }

    /// Mean time per move in milliseconds; 0 before any move.
    #[must_use]
    pub fn average_ms(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_ms / self.moves as f64
        }
    }
}

impl fmt::Display for TimeStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "avg {:.1} ms, max {:.1} ms over {} moves",
            self.average_ms(),
            self.max_ms,
            self.moves
        )?;
        if self.over_budget > 0 {
            write!(f, ", {} over budget", self.over_budget)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_are_zero_and_three_to_one_is_191() {
        let even = Tally {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        assert_eq!(even.elo().map(|e| e.diff), Some(0.0));
        let e = Tally {
            wins: 15,
            losses: 5,
            draws: 0,
        }
        .elo();
        assert!(e.is_some_and(|e| (e.diff - 190.85).abs() < 0.01));
        assert_eq!(Tally::default().elo(), None);
    }

    #[test]
    fn infinite_ends_print_as_inf() {
        assert_eq!(signed(elo_from_score(1.0)), "+inf");
        assert_eq!(signed(elo_from_score(0.0)), "-inf");
        assert_eq!(signed(0.0), "+0.0");
        assert_eq!(signed(-0.0), "+0.0");
        assert_eq!(signed(-0.04), "+0.0");
        assert_eq!(signed(-12.34), "-12.3");
    }
}
