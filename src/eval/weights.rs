//! The evaluation's weights: what one line pattern and one combined threat on an empty point
//! are worth, for the side to move and for the side waiting. Fitted to game results by the
//! `tune` tool (`cargo run --release --bin tune -- --help`), which prints this table.

use crate::pattern::Pattern;
use crate::position::threat::Threat;

/// Role of a colour in the evaluation: to move, or waiting.
pub const MOVER: usize = 0;
pub const WAITER: usize = 1;

/// Worth of having the move, beyond what the weights say.
pub const TEMPO: i16 = 62;

/// Weights of one role: line patterns (indexed by [`Pattern`]) and threats (by [`Threat`])
/// on each empty point, and for the whole board whether the colour has at least one, and
/// at least two, points of each threat class (what makes two threats worth more than twice
/// one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleWeights {
    pub pattern: [i16; Pattern::COUNT],
    pub threat: [i16; Threat::COUNT],
    pub one: [i16; Threat::COUNT],
    pub two: [i16; Threat::COUNT],
}

/// Fitted weights, `[MOVER, WAITER]`: `tune fit --steps 3000` on 6,376 self-play games,
/// `tune play --games 4000 --nodes 20000 --seed 1` with the earlier weights and
/// `tune play --nodes 20000 --seed 2` (its first 2,376 games) with the weights of that fit
/// (15 games left out for starting with a match opening; 116,533 positions; held-out loss
/// 0.552 → 0.546 at scale 966).
pub const WEIGHTS: [RoleWeights; 2] = [
    RoleWeights {
        pattern: [0, 0, -3, 3, 15, 24, 85, 88, 196, 248, 248, 900],
        threat: [0, 0, -33, 40, 133, 153, 292, 562, 1350],
        one: [0, 0, 41, 123, -57, 16, 0, 0, 0],
        two: [0, 0, 41, 120, -57, -14, 0, 0, 0],
    },
    RoleWeights {
        pattern: [0, 0, -6, 3, 16, 30, 87, 58, 233, 252, 210, 800],
        threat: [0, 0, -47, 28, 97, 85, 360, 513, 1200],
        one: [0, 0, -41, 107, -141, -21, 90, 65, 0],
        two: [0, 0, -41, 120, -143, -25, 10, -56, 0],
    },
];

/// Features per role, and in all.
pub const ROLE_FEATURES: usize = Pattern::COUNT + 3 * Threat::COUNT;
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

/// Feature index of having at least `n` (1 or 2) points of a threat class.
#[must_use]
pub fn presence_feature(role: usize, t: Threat, n: usize) -> usize {
    let block = if n >= 2 { 2 } else { 1 };
    (role & 1) * ROLE_FEATURES + Pattern::COUNT + block * Threat::COUNT + t as usize
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
        let base = role * ROLE_FEATURES + Pattern::COUNT;
        let blocks = [&w[role].threat, &w[role].one, &w[role].two];
        for (b, block) in blocks.into_iter().enumerate() {
            for (i, &v) in block.iter().enumerate() {
                out[base + b * Threat::COUNT + i] = sign * i32::from(v);
            }
        }
    }
    out
}

/// The board-wide share of a colour in `role`: having one, and two, points of each threat
/// class. `count` gives the colour's number of points of a class.
#[must_use]
pub fn presence_value(role: usize, count: impl Fn(Threat) -> u16) -> i32 {
    let w = &WEIGHTS[role & 1];
    PRESENCE_CLASSES
        .iter()
        .map(|&t| match count(t) {
            0 => 0,
            1 => i32::from(w.one[t as usize]),
            _ => i32::from(w.one[t as usize]) + i32::from(w.two[t as usize]),
        })
        .sum()
}

/// Threat classes whose presence is weighed (the empty and forbidden classes are not).
pub const PRESENCE_CLASSES: [Threat; 7] = [
    Threat::Two,
    Threat::Three,
    Threat::Four,
    Threat::DoubleThree,
    Threat::FourThree,
    Threat::OpenFour,
    Threat::Five,
];

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
