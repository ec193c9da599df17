//! The scoring-table AI of articles 000, 003 and 004: for an empty point, walk each line
//! both ways counting the stones of one colour next to it until an empty point (an open end)
//! or a blocker, and add a weight looked up by (stones, open ends) — once for the
//! opponent's stones (defence) and once for our own (attack).

use crate::board::Board;
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
    fn lookup(&self, stones: usize, open_ends: usize) -> i32 {
        match (stones, open_ends) {
            (0, _) => self.none,
            (1, _) => self.one,
            (2, 1) => self.two_dead,
            (2, 2) => self.two_live,
            (3, 1) => self.three_dead,
            (3, 2) => self.three_live,
            (2 | 3, _) => 0,
            _ => self.four,
        }
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
    /// line is scored twice; article 000 visits four.
    pub passes_per_line: i32,
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
        passes_per_line: 1,
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
        passes_per_line: 2,
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
        passes_per_line: 2,
    };

    /// The score of the empty point `p` for `own` to move.
    #[must_use]
    pub fn score(&self, board: &Board, p: Point, own: Color) -> i32 {
        let mut total = 0;
        for d in Direction::ALL {
            let (theirs, theirs_open) = neighbours(board, p, d, own.opposite());
            let (ours, ours_open) = neighbours(board, p, d, own);
            total += self.theirs.lookup(theirs, theirs_open) + self.ours.lookup(ours, ours_open);
        }
        total * self.passes_per_line
    }
}

/// Stones of `color` next to `p` on both ways of the line (up to four each way, as the
/// articles read), and how many of the two ways end on an empty point.
fn neighbours(board: &Board, p: Point, d: Direction, color: Color) -> (usize, usize) {
    let mut stones = 0;
    let mut open = 0;
    for sign in [1, -1] {
        for k in 1..=4 {
            match p.offset(d, sign * k, board.size()) {
                Some(q) if board.get(q) == Some(color) => stones += 1,
                Some(q) if board.get(q).is_none() => {
                    open += 1;
                    break;
                }
                _ => break,
            }
        }
    }
    (stones, open)
}
