//! The rule sets: which lines win and which moves are forbidden.

use std::fmt;
use std::str::FromStr;

use crate::color::Color;
use crate::error::ParseNameError;

/// A rule set. It decides which runs of stones win and whether black has forbidden moves.
///
/// ```
/// use gomoku::{Color, FiveRule, Rule};
///
/// let rule: Rule = "Renju".parse()?;
/// assert_eq!(rule, Rule::Renju);
/// assert_eq!(rule.to_string(), "renju");
/// assert!(rule.restricts(Color::Black) && !rule.restricts(Color::White));
/// assert_eq!(rule.five_rule(Color::Black), FiveRule::ExactlyFive);
/// assert_eq!(rule.five_rule(Color::White), FiveRule::FiveOrMore);
/// assert!("chess".parse::<Rule>().is_err());
/// # Ok::<(), gomoku::ParseNameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    #[default]
    Freestyle,
    /// Exactly five wins, for both colours; six or more does not.
    Standard,
    /// Black: exactly five wins, and double-three, double-four and overline are forbidden.
    /// White: five or more wins, nothing is forbidden.
    Renju,
}

impl Rule {
    /// Every rule, in the order the page lists them.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The rule's identifier in text and at the wasm boundary.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }

    /// Whether `color` has forbidden points under this rule: black under renju.
    #[must_use]
    pub const fn restricts(self, color: Color) -> bool {
        matches!((self, color), (Rule::Renju, Color::Black))
    }

    /// Which runs of `color` win under this rule.
    #[must_use]
    pub const fn five_rule(self, color: Color) -> FiveRule {
        match (self, color) {
            (Rule::Freestyle, _) | (Rule::Renju, Color::White) => FiveRule::FiveOrMore,
            (Rule::Standard, _) | (Rule::Renju, Color::Black) => FiveRule::ExactlyFive,
        }
    }
}

/// Which runs of stones win for one colour: five or more (freestyle, and white under
/// renju), or exactly five (standard, and black under renju).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FiveRule {
    /// Five or more in a row wins; an overline too.
    FiveOrMore,
    /// Exactly five in a row wins; six or more does not.
    ExactlyFive,
}

impl FiveRule {
    /// Whether a run of `len` stones wins.
    #[must_use]
    pub const fn wins(self, len: usize) -> bool {
        match self {
            FiveRule::FiveOrMore => len >= 5,
            FiveRule::ExactlyFive => len == 5,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Rule {
    type Err = ParseNameError;

    /// Parses `freestyle`, `standard` or `renju` (any case).
    ///
    /// # Errors
    /// [`ParseNameError`] naming the text and the accepted names.
    fn from_str(s: &str) -> Result<Rule, ParseNameError> {
        Rule::ALL
            .into_iter()
            .find(|r| r.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseNameError::new("rule", s, &Rule::ALL.map(Rule::id)))
    }
}
