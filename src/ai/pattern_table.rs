//! Article 001's pattern-table scorer. Around an empty point it reads four cells and matches
//! them against stored patterns, in two tables: cells centred on the point (two each side,
//! per line) and cells starting next to the point (four, per each of eight directions).
//! Cells are written relative to one colour: 0 empty, 1 that colour, 2 the other colour or
//! the edge. Each match adds the value of its pattern class; the article's constants are
//! lost, so ours are below: attack is worth more than the same defence, and a pattern one
//! class stronger is worth several times more.

use super::explain::{Part, Side, Toward, What};
use super::grid::{Cell, Grid};
use crate::color::Color;
use crate::point::{Direction, Point};

/// The article's pattern classes, from strongest to weakest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternClass {
    /// `1111`: a stone here makes five.
    Five,
    /// `1110`, `0111`: an open four.
    LiveFour,
    /// `1112`, `2111`: a four blocked on one side.
    SleepFour,
    /// `1100`, `0110`, …: an open three.
    LiveThree,
    /// `1120`, `2110`, …: a three with one side blocked.
    SleepThree,
    /// `0100`, `0010`: an open two.
    LiveTwo,
    /// `2100`, `0012`: a two blocked on one side.
    SleepTwo,
}

impl PatternClass {
    /// The class's code in an explanation.
    #[must_use]
    pub const fn what(self) -> What {
        match self {
            PatternClass::Five => What::Five,
            PatternClass::LiveFour => What::LiveFour,
            PatternClass::SleepFour => What::SleepFour,
            PatternClass::LiveThree => What::LiveThree,
            PatternClass::SleepThree => What::SleepThree,
            PatternClass::LiveTwo => What::LiveTwo,
            PatternClass::SleepTwo => What::SleepTwo,
        }
    }

    /// Value for making the pattern ourselves, and for stopping the opponent making it.
    #[must_use]
    pub const fn values(self) -> (i32, i32) {
        match self {
            PatternClass::Five => (100_000, 50_000),
            PatternClass::LiveFour => (10_000, 5_000),
            PatternClass::SleepFour => (1_500, 400),
            PatternClass::LiveThree => (1_000, 600),
            PatternClass::SleepThree => (150, 100),
            PatternClass::LiveTwo => (100, 80),
            PatternClass::SleepTwo => (20, 15),
        }
    }
}

type Cells = [u8; 4];

/// Patterns whose four cells are at -2, -1, +1, +2 along a line.
fn centred(cells: Cells) -> Option<PatternClass> {
    use PatternClass::*;
    Some(match cells {
        [1, 1, 1, 1] => Five,
        [1, 1, 1, 0] | [0, 1, 1, 1] => LiveFour,
        [1, 1, 1, 2] | [2, 1, 1, 1] => SleepFour,
        [1, 1, 0, 0] | [0, 0, 1, 1] | [0, 1, 1, 0] => LiveThree,
        [1, 1, 2, 0] | [1, 1, 2, 1] | [0, 2, 1, 1] | [1, 2, 1, 1] | [2, 1, 1, 0] | [0, 1, 1, 2] => {
            SleepThree
        }
        [0, 1, 0, 0] | [0, 0, 1, 0] => LiveTwo,
        [2, 1, 0, 0] | [0, 0, 1, 2] => SleepTwo,
        _ => return None,
    })
}

/// Patterns whose four cells are at +1..+4 in one direction.
fn starting(cells: Cells) -> Option<PatternClass> {
    use PatternClass::*;
    Some(match cells {
        [1, 1, 1, 1] => Five,
        [1, 1, 1, 0] => LiveFour,
        [1, 1, 1, 2] => SleepFour,
        [1, 1, 0, _] => LiveThree,
        [1, 1, 2, _] => SleepThree,
        _ => return None,
    })
}

fn cell(grid: &Grid, p: Point, d: Direction, k: i32, color: Color) -> u8 {
    match grid.at(p, d, k) {
        Cell::Empty => 0,
        Cell::Stone(c) if c == color => 1,
        _ => 2,
    }
}

/// Hands `f` every pattern matched around `p` for one colour: per line, the pattern centred
/// on the point, then the patterns starting next to it forward and back.
fn side_parts(grid: &Grid, p: Point, color: Color, side: Side, f: &mut impl FnMut(Part)) {
    let mut matched = |class: Option<PatternClass>, direction: Toward| {
        if let Some(class) = class {
            let (attack, defence) = class.values();
            f(Part {
                direction: Some(direction),
                side,
                what: class.what(),
                count: None,
                value: if side == Side::Own { attack } else { defence },
            });
        }
    };
    for d in Direction::ALL {
        let around = [-2, -1, 1, 2].map(|k| cell(grid, p, d, k, color));
        matched(centred(around), Toward::line(d));
        for sign in [1, -1] {
            let ahead = [1, 2, 3, 4].map(|k| cell(grid, p, d, sign * k, color));
            matched(starting(ahead), Toward::way(d, sign));
        }
    }
}

/// Hands `f` every pattern matched around the empty point `p`, our own first: a centred
/// pattern's direction is a line (`horizontal`, …), a starting pattern's one of the eight
/// directions (`east`, …).
pub fn parts(grid: &Grid, p: Point, own: Color, mut f: impl FnMut(Part)) {
    side_parts(grid, p, own, Side::Own, &mut f);
    side_parts(grid, p, own.opposite(), Side::Opponent, &mut f);
}

/// The score of the empty point `p` for `own` to move: the sum of its [`parts`].
#[must_use]
pub fn score(grid: &Grid, p: Point, own: Color) -> i32 {
    let mut total = 0;
    parts(grid, p, own, |part| total += part.value);
    total
}
