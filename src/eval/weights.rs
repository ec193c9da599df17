//! The evaluation's weights: what one line pattern and one combined threat on an empty point
//! are worth, for the side to move and for the side waiting. Fitted to game results by the
//! `tune` tool (`cargo run --release --bin tune -- --help`), which prints this table.

use crate::pattern::Pattern;
use crate::position::threat::Threat;

pub use super::combos::{COMBO, MIX};

/// Role of a colour in the evaluation: to move, or waiting.
pub const MOVER: usize = 0;
pub const WAITER: usize = 1;

/// Worth of having the move, beyond what the weights say.
pub const TEMPO: i16 = 83;

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

/// Fitted weights, `[MOVER, WAITER]`, with the pattern combinations and threat mixes of
/// [`super::combos`], by `tune fit --steps 3000 --threads 2 --combos src/eval/combos.rs`
/// twice on self-play games of 2,000 nodes a move (`tune play --games 9000 --nodes 2000
/// --check-nodes 2000 --seed S`): first on 36,000 games (S = 41 … 44) played by the weights
/// before them, which had been fitted on 7,839 games of 20,000 nodes a move (see
/// `docs/tuning.md`), then on those and 18,000 more (S = 45, 46) played by the first fit;
/// then a third time, on 36,000 games (S = 51 … 54) played by the second fit, each
/// position's target three quarters its game's result and a quarter its score in a search
/// of 4,000 nodes (`tune label --nodes 4000`, then `tune fit --lambda 0.75`): 1,079,119
/// positions; on the 119,171 positions of the held-out games, judged on their results,
/// loss 0.59537 → 0.59314 at scale 1548.6.
pub const WEIGHTS: [RoleWeights; 2] = [
    RoleWeights {
        pattern: [0, 0, -7, -9, 10, 29, 88, 77, 202, 248, 248, 900],
        threat: [0, 0, -38, 40, 139, 149, 292, 562, 1350],
        one: [0, 0, 50, 152, -41, 35, 0, 0, 0],
        two: [0, 0, 50, 144, -41, -27, 0, 0, 0],
    },
    RoleWeights {
        pattern: [0, 0, -13, -5, 16, 61, 94, 56, 233, 262, 208, 800],
        threat: [0, 0, -56, 29, 100, 82, 364, 515, 1200],
        one: [0, 0, -50, 124, -177, -5, 95, 115, 0],
        two: [0, 0, -51, 161, -164, -36, 11, -129, 0],
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
/// patterns, their combination and the combined threat. A forbidden point (renju, black)
/// counts only as such.
#[must_use]
pub fn point_value(role: usize, p: [Pattern; 4], threat: Threat) -> i16 {
    let w = &WEIGHTS[role & 1];
    let lines: i16 = if threat == Threat::Forbidden {
        0
    } else {
        p.iter()
            .map(|&x| w.pattern[x as usize])
            .fold(COMBO[role & 1][combo_key(p)], i16::saturating_add)
    };
    lines.saturating_add(w.threat[threat as usize])
}

/// Threat classes whose board-wide presence, for both sides at once, keys [`MIX`]: what
/// one side's threats are worth depends on what the other side threatens (an open three
/// means little against a four-three point), which per-side weights cannot say.
pub const MIX_CLASSES: [Threat; 5] = [
    Threat::Three,
    Threat::Four,
    Threat::DoubleThree,
    Threat::FourThree,
    Threat::OpenFour,
];
/// Bits of one side's part of a [`mix_key`]: a bit per class, and one for two fours.
const MIX_SIDE_BITS: usize = MIX_CLASSES.len() + 1;
/// Distinct keys of the threat mix.
pub const MIXES: usize = 1 << (2 * MIX_SIDE_BITS);

/// The side to move's and the side waiting's threats together, as a number below
/// [`MIXES`]; `count(role, class)` gives a role's number of points of a class.
#[must_use]
pub fn mix_key(count: impl Fn(usize, Threat) -> u16) -> usize {
    let side = |role: usize| {
        let mut bits = usize::from(count(role, Threat::Four) >= 2);
        for (i, &t) in MIX_CLASSES.iter().enumerate() {
            bits |= usize::from(count(role, t) > 0) << (i + 1);
        }
        bits
    };
    side(MOVER) << MIX_SIDE_BITS | side(WAITER)
}

/// Distinct combinations of four line patterns, whatever their directions.
pub const COMBOS: usize = 1365;

/// The combination of four line patterns, as a number below [`COMBOS`]: the same for the
/// same patterns in any order, since a point's worth does not depend on which line holds
/// which pattern.
#[must_use]
pub fn combo_key(p: [Pattern; 4]) -> usize {
    let mut s = p.map(|x| x as usize);
    s.sort_unstable();
    // The rank of a multiset in the combinatorial number system: shifted, the sorted
    // patterns are distinct, and C(n, k) counts the smaller sets.
    let c = |n: usize, k: usize| -> usize { (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1)) };
    c(s[0], 1) + c(s[1] + 1, 2) + c(s[2] + 2, 3) + c(s[3] + 3, 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_threat_mix_has_its_own_key() {
        // A role's points of each class, from bits laid out as in `mix_key`: two fours,
        // then one point or more of each of `MIX_CLASSES`.
        let count = |bits: usize, t: Threat| -> u16 {
            let i = MIX_CLASSES.iter().position(|&c| c == t).unwrap_or(0);
            let one = u16::from(bits >> (i + 1) & 1 != 0);
            if t == Threat::Four && bits & 1 != 0 {
                2
            } else {
                one
            }
        };
        let four_bit = 1 << (1 + MIX_CLASSES.iter().position(|&c| c == Threat::Four).unwrap());
        let mut seen = vec![false; MIXES];
        for mover in 0..1 << MIX_SIDE_BITS {
            for waiter in 0..1 << MIX_SIDE_BITS {
                // Two fours come with the bit of one four.
                let two_without_one = |b: usize| b & 1 != 0 && b & four_bit == 0;
                if two_without_one(mover) || two_without_one(waiter) {
                    continue;
                }
                let k = mix_key(|role, t| count([mover, waiter][role], t));
                assert!(k < MIXES && !seen[k], "{mover} {waiter}");
                seen[k] = true;
            }
        }
    }

    #[test]
    fn every_pattern_combination_has_its_own_key_in_any_order() {
        let mut seen = vec![false; COMBOS];
        for a in 0..Pattern::COUNT {
            for b in a..Pattern::COUNT {
                for c in b..Pattern::COUNT {
                    for d in c..Pattern::COUNT {
                        let p = [a, b, c, d].map(Pattern::from_index);
                        let k = combo_key(p);
                        assert!(k < COMBOS && !seen[k], "{p:?}");
                        seen[k] = true;
                        assert_eq!(combo_key([p[2], p[0], p[3], p[1]]), k);
                        assert_eq!(combo_key([p[3], p[2], p[1], p[0]]), k);
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
