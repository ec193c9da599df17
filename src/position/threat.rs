//! What a stone on an empty point makes for one colour on all four lines together, and how
//! much that is worth to the evaluation and to move ordering.

use std::sync::OnceLock;

use crate::pattern::Pattern;

/// The combined threat of a point for one colour, weakest first (by urgency).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    None = 0,
    /// Renju, black: overline or two fours; never playable.
    Forbidden,
    /// An open two or a closed three: a three one move later.
    Two,
    /// One open three.
    Three,
    /// One closed four.
    Four,
    /// Two open threes (renju black: forbidden unless one is fake).
    DoubleThree,
    /// A four and an open three.
    FourThree,
    /// An open four or two fours: five next move whatever the opponent does.
    OpenFour,
    /// Five.
    Five,
}

impl Threat {
    pub const COUNT: usize = 9;

    /// A four of some kind: the opponent must block (or make five).
    #[must_use]
    pub fn is_four(self) -> bool {
        matches!(self, Threat::Four | Threat::FourThree | Threat::OpenFour)
    }

    /// An open three of some kind, without a four.
    #[must_use]
    pub fn is_three(self) -> bool {
        matches!(self, Threat::Three | Threat::DoubleThree)
    }
}

/// Which table of combinations applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Freestyle, standard, and white under renju: two fours win.
    Free,
    /// Black under renju: overline and two fours are forbidden, two threes need a check.
    RenjuBlack,
}

/// Evaluation weight of one line pattern on an empty point.
pub const PATTERN_VALUE: [i16; Pattern::COUNT] = [
    0,   // Dead
    0,   // Overline
    1,   // B1
    3,   // F1
    5,   // B2
    14,  // F2
    16,  // B3
    48,  // F3
    56,  // B4
    220, // F4
    220, // DoubleFour
    800, // F5
];

/// Extra weight of combined threats on one point.
const THREAT_BONUS: [i16; Threat::COUNT] = [0, 0, 0, 0, 0, 140, 260, 500, 1200];

/// A packed combination: threat class, renju check flag, values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combo {
    pub threat: Threat,
    /// Renju black: two threes seen by the patterns; an exact check decides.
    pub needs_check: bool,
    /// Hand-set worth of the point, for move ordering and the lookahead level.
    pub value: i16,
    /// The point's share of the evaluation when its colour is to move, and when it waits
    /// (fitted weights, see [`crate::eval::weights`]).
    pub eval: [i16; 2],
}

/// Distinct combination indexes.
pub const INDEX: usize = Pattern::COUNT * Pattern::COUNT * Pattern::COUNT * Pattern::COUNT;
/// Table length: a power of two above `INDEX`, so a masked index needs no bounds check.
pub const TABLE_LEN: usize = 1 << 15;

/// Weight of each direction's pattern in a combination index.
pub const DIGIT: [i32; 4] = [
    (Pattern::COUNT * Pattern::COUNT * Pattern::COUNT) as i32,
    (Pattern::COUNT * Pattern::COUNT) as i32,
    Pattern::COUNT as i32,
    1,
];

/// Combinations of four line patterns.
pub type ComboTable = [Combo; TABLE_LEN];

/// The combination at `index` (from [`index`]).
#[inline]
#[must_use]
pub fn lookup(table: &ComboTable, index: u16) -> Combo {
    table[usize::from(index) & (TABLE_LEN - 1)]
}

/// The combination index `index` with direction `d`'s pattern changed from `old` to `new`:
/// only that direction's digit moves.
#[inline]
#[must_use]
pub fn reindex(index: u16, d: usize, old: Pattern, new: Pattern) -> u16 {
    (i32::from(index) + (new as i32 - old as i32) * DIGIT[d]) as u16
}

/// Index of four line patterns in the combination table.
#[inline]
#[must_use]
pub fn index(p: [Pattern; 4]) -> usize {
    ((p[0] as usize * Pattern::COUNT + p[1] as usize) * Pattern::COUNT + p[2] as usize)
        * Pattern::COUNT
        + p[3] as usize
}

/// The four line patterns of a combination index below [`INDEX`] (the inverse of [`index`]).
#[must_use]
pub fn patterns_of(index: usize) -> [Pattern; 4] {
    let mut rest = index;
    let mut p = [Pattern::Dead; 4];
    for x in p.iter_mut().rev() {
        *x = Pattern::from_index(rest % Pattern::COUNT);
        rest /= Pattern::COUNT;
    }
    p
}

/// The combination table for a variant, built on first use.
#[must_use]
pub fn table(variant: Variant) -> &'static ComboTable {
    static FREE: OnceLock<Box<ComboTable>> = OnceLock::new();
    static RENJU: OnceLock<Box<ComboTable>> = OnceLock::new();
    let cell = match variant {
        Variant::Free => &FREE,
        Variant::RenjuBlack => &RENJU,
    };
    cell.get_or_init(|| {
        let none = combine([Pattern::Dead; 4], variant);
        let mut table = Box::new([none; TABLE_LEN]);
        for (i, slot) in table.iter_mut().enumerate().take(INDEX) {
            *slot = combine(patterns_of(i), variant);
        }
        table
    })
}

/// The hand-set worth of a point with patterns `p` and threat class `threat`.
#[must_use]
pub fn hand_value(p: [Pattern; 4], threat: Threat) -> i16 {
    p.iter().map(|&x| PATTERN_VALUE[x as usize]).sum::<i16>() + THREAT_BONUS[threat as usize]
}

/// The threat class of patterns `p` where five or more wins (no renju restrictions).
#[must_use]
pub fn free_threat(p: [Pattern; 4]) -> Threat {
    combine(p, Variant::Free).threat
}

fn combine(p: [Pattern; 4], variant: Variant) -> Combo {
    let count = |f: fn(Pattern) -> bool| p.iter().filter(|&&x| f(x)).count();
    let fives = count(|x| x == Pattern::F5);
    let open_fours = count(|x| x == Pattern::F4);
    let fours = count(|x| x == Pattern::B4) + 2 * count(|x| x == Pattern::DoubleFour);
    let threes = count(|x| x == Pattern::F3);
    let weak = count(|x| matches!(x, Pattern::F2 | Pattern::B3));
    let overline = count(|x| x == Pattern::Overline);
    let renju = variant == Variant::RenjuBlack;
    let mut needs_check = false;
    let threat = if fives > 0 {
        Threat::Five
    } else if renju && (overline > 0 || open_fours + fours >= 2) {
        Threat::Forbidden
    } else if open_fours > 0 || fours >= 2 {
        needs_check = renju && threes >= 2;
        Threat::OpenFour
    } else if fours == 1 && threes > 0 {
        needs_check = renju && threes >= 2;
        Threat::FourThree
    } else if fours == 1 {
        Threat::Four
    } else if threes >= 2 {
        needs_check = renju;
        Threat::DoubleThree
    } else if threes == 1 {
        Threat::Three
    } else if weak > 0 {
        Threat::Two
    } else {
        Threat::None
    };
    let value = if threat == Threat::Forbidden {
        0
    } else {
        hand_value(p, threat)
    };
    let eval = [0, 1].map(|role| crate::eval::weights::point_value(role, p, threat));
    Combo {
        threat,
        needs_check,
        value,
        eval,
    }
}
