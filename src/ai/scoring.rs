//! The scoring-table AI of articles 000, 003 and 004: for an empty point, walk each line
//! both ways counting the stones of one colour next to it until an empty point (an open end)
//! or a blocker, and add a weight looked up by (stones, open ends) — once for the
//! opponent's stones (defence) and once for our own (attack).

use super::explain::{Part, Side, Toward, What};
use super::grid::{Cell, Grid};
use crate::color::Color;
use crate::point::{Direction, Point};

/// Weights for one colour's stones on one line through the point.
/// "Dead" has one open end, "live" two; with no open end two or three stones score nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineWeights {
    pub none: i32,
    pub one: i32,
    pub two_dead: i32,
    pub two_live: i32,
    pub three_dead: i32,
    pub three_live: i32,
    /// Four or more: a stone here makes five (or blocks it).
    pub four: i32,
}

impl LineWeights {
    fn lookup(&self, what: What) -> i32 {
        match what {
            What::One => self.none,
            What::Two => self.one,
            What::DeadThree => self.two_dead,
            What::LiveThree => self.two_live,
            What::DeadFour => self.three_dead,
            What::LiveFour => self.three_live,
            What::Five => self.four,
            _ => 0,
        }
    }
}

/// The articles' name for `stones` next to the point with `open_ends`: the shape a stone on
/// the point would complete (article 000's headings 连2, 死3, 活3, 死4, 活4, 连5).
fn shape(stones: usize, open_ends: usize) -> What {
    match (stones, open_ends) {
        (0, _) => What::One,
        (1, _) => What::Two,
        (2, 1) => What::DeadThree,
        (2, 2) => What::LiveThree,
        (2, _) => What::BlockedThree,
        (3, 1) => What::DeadFour,
        (3, 2) => What::LiveFour,
        (3, _) => What::BlockedFour,
        _ => What::Five,
    }
}

/// A weight preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoringTable {
    /// The opponent's stones: the value of blocking them.
    pub theirs: LineWeights,
    /// Our own stones: the value of extending them.
    pub ours: LineWeights,
    /// Articles 003 and 004 visit all eight directions and count both ways in each, so every
    /// line is scored twice; article 000 visits the four lines.
    pub eight_directions: bool,
}

impl ScoringTable {
    /// Article 000: own lines outweigh the opponent's (30000 to complete five, 20000 to
    /// block one; 300 against 200 for a live three).
    pub const ARTICLE_000: ScoringTable = ScoringTable {
        theirs: LineWeights {
            none: 0,
            one: 10,
            two_dead: 30,
            two_live: 40,
            three_dead: 60,
            three_live: 200,
            four: 20000,
        },
        ours: LineWeights {
            none: 5,
            one: 10,
            two_dead: 25,
            two_live: 50,
            three_dead: 55,
            three_live: 300,
            four: 30000,
        },
        eight_directions: false,
    };

    /// Article 003: defensive; blocking a live three (110) beats making one (100).
    pub const ARTICLE_003: ScoringTable = ScoringTable {
        theirs: LineWeights {
            none: 0,
            one: 10,
            two_dead: 30,
            two_live: 40,
            three_dead: 60,
            three_live: 110,
            four: 10100,
        },
        ours: LineWeights {
            none: 5,
            one: 10,
            two_dead: 25,
            two_live: 50,
            three_dead: 55,
            three_live: 100,
            four: 20000,
        },
        eight_directions: true,
    };

    /// Article 004: small weights, own lines worth roughly double.
    pub const ARTICLE_004: ScoringTable = ScoringTable {
        theirs: LineWeights {
            none: 0,
            one: 1,
            two_dead: 5,
            two_live: 10,
            three_dead: 20,
            three_live: 100,
            four: 1000,
        },
        ours: LineWeights {
            none: 1,
            one: 2,
            two_dead: 8,
            two_live: 30,
            three_dead: 50,
            three_live: 200,
            four: 10000,
        },
        eight_directions: true,
    };

    /// The score of the empty point `p` for `own` to move: the sum of its [`Self::parts`].
    #[must_use]
    pub fn score(&self, grid: &Grid, p: Point, own: Color) -> i32 {
        let mut total = 0;
        self.parts(grid, p, own, |part| total += part.value);
        total
    }

    /// Hands `f` what the article adds up for the empty point `p`, in its order: per line
    /// (000) or direction (003, 004), the opponent's stones, then our own.
    pub fn parts(&self, grid: &Grid, p: Point, own: Color, mut f: impl FnMut(Part)) {
        let mut line = |d: Direction, direction: Toward| {
            for (side, color, weights) in [
                (Side::Opponent, own.opposite(), &self.theirs),
                (Side::Own, own, &self.ours),
            ] {
                let (stones, open) = neighbours(grid, p, d, color);
                let what = shape(stones, open);
                f(Part {
                    direction: Some(direction),
                    side,
                    what,
                    // At most eight: four each way.
                    count: Some(stones as u32),
                    value: weights.lookup(what),
                });
            }
        };
        if self.eight_directions {
            // Each direction is counted forward and back: its line, read once more.
            for t in Toward::EIGHT {
                line(t.along().0, t);
            }
        } else {
            for d in Direction::ALL {
                line(d, Toward::line(d));
            }
        }
    }
}

/// Stones of `color` next to `p` on both ways of the line (up to four each way, as the
/// articles read), and how many of the two ways end on an empty point.
fn neighbours(grid: &Grid, p: Point, d: Direction, color: Color) -> (usize, usize) {
    let mut stones = 0;
    let mut open = 0;
    for sign in [1, -1] {
        for k in 1..=4 {
            match grid.at(p, d, sign * k) {
                Cell::Stone(c) if c == color => stones += 1,
                Cell::Empty => {
                    open += 1;
                    break;
                }
                _ => break,
            }
        }
    }
    (stones, open)
}
