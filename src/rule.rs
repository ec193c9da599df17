//! The rule sets: which lines win and which moves are forbidden.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseNameError;

/// A rule set. It decides which runs of stones win and whether black has forbidden moves.
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
