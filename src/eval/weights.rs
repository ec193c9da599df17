//! The evaluation's weights: what one line pattern and one combined threat on an empty point
//! are worth, for the side to move and for the side waiting. Fitted to game results by the
//! `tune` tool (`cargo run --release --bin tune -- --help`), which prints this table.

use crate::pattern::Pattern;
use crate::position::threat::Threat;

/// Role of a colour in the evaluation: to move, or waiting.
pub const MOVER: usize = 0;
pub const WAITER: usize = 1;

/// Worth of having the move, beyond what the weights say.
pub const TEMPO: i16 = 24;

/// Weights of one role: line patterns (indexed by [`Pattern`]) and threats (by [`Threat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleWeights {
    pub pattern: [i16; Pattern::COUNT],
    pub threat: [i16; Threat::COUNT],
}

/// Fitted weights, `[MOVER, WAITER]`.
pub const WEIGHTS: [RoleWeights; 2] = [
    RoleWeights {
        pattern: [0, 0, 1, 3, 6, 16, 18, 54, 63, 248, 248, 900],
        threat: [0, 0, 0, 0, 0, 157, 292, 562, 1350],
    },
    RoleWeights {
        pattern: [0, 0, 1, 3, 5, 14, 16, 48, 56, 220, 220, 800],
        threat: [0, 0, 0, 0, 0, 140, 260, 500, 1200],
    },
];

/// Features per role, and in all.
pub const ROLE_FEATURES: usize = Pattern::COUNT + Threat::COUNT;
pub const FEATURES: usize = 2 * ROLE_FEATURES;

/// Feature index of a line pattern on an empty point.
#[must_use]
pub fn pattern_feature(role: usize, p: Pattern) -> usize {
    (role & 1) * ROLE_FEATURES + p as usize
}

/// Feature index of a combined threat on an empty point.
#[must_use]
pub fn threat_feature(role: usize, t: Threat) -> usize {
    (role & 1) * ROLE_FEATURES + Pattern::COUNT + t as usize
}

/// The signed weight of every feature in [`crate::eval::evaluate`]: the waiter's count
/// against the mover.
#[must_use]
pub fn feature_weights(w: &[RoleWeights; 2]) -> [i32; FEATURES] {
    let mut out = [0; FEATURES];
    for (role, sign) in [(MOVER, 1), (WAITER, -1)] {
        for (i, &v) in w[role].pattern.iter().enumerate() {
            out[role * ROLE_FEATURES + i] = sign * i32::from(v);
        }
        for (i, &v) in w[role].threat.iter().enumerate() {
            out[role * ROLE_FEATURES + Pattern::COUNT + i] = sign * i32::from(v);
        }
    }
    out
}

/// One empty point's share of the evaluation for a colour in `role`, from its four line
/// patterns and combined threat. A forbidden point (renju, black) counts only as such.
#[must_use]
pub fn point_value(role: usize, p: [Pattern; 4], threat: Threat) -> i16 {
    let w = &WEIGHTS[role & 1];
    let lines: i16 = if threat == Threat::Forbidden {
        0
    } else {
        p.iter().map(|&x| w.pattern[x as usize]).sum()
    };
    lines.saturating_add(w.threat[threat as usize])
}
