//! Article 002's board analysis: the pattern tables `Computer[15][15][4]` and
//! `Player[15][15][4]`. For every empty point and each of the four lines, the article walks
//! out both ways from the point over the stones of one side, stopping at the other side's
//! stone, an empty point or the edge, joins the two halves and files the code of the run a
//! stone there would make; "every code is defined beforehand, the more important the bigger"
//! (its examples: 20 for a rush four 冲四, 15 for an open three 活三). Keeping a point's four
//! codes apart shows composite threats: two 15s are a double three, a 15 and a 20 a
//! four-three. The simplest move choice, which the article's lookahead falls back on, is the
//! point with the largest value in the two tables.

use super::explain::{Combine, Explanation, Part, Side, Toward, What};
use super::grid::{Cell, Grid};
use crate::color::Color;
use crate::game::Game;
use crate::point::{Direction, Point};
use crate::renju;

/// The code of a five: it wins at once.
pub const FIVE: i32 = 30;
/// An open four: five next move whatever the opponent does.
pub const LIVE_FOUR: i32 = 25;
/// Two fours: the opponent cannot block both.
pub const DOUBLE_FOUR: i32 = 24;
/// A four and an open three: blocking the four leaves the three to become an open four.
pub const FOUR_THREE: i32 = 23;
/// Two open threes: wins unless the opponent has a four to interpose.
pub const DOUBLE_THREE: i32 = 22;
/// The article's code for a rush four (冲四): the opponent must block.
pub const RUSH_FOUR: i32 = 20;
/// The article's code for an open three (活三): the opponent must answer.
pub const LIVE_THREE: i32 = 15;
/// A three with one end blocked: a rush four next move.
pub const SLEEP_THREE: i32 = 10;
/// An open two: an open three next move.
pub const LIVE_TWO: i32 = 6;
/// A two with one end blocked.
pub const SLEEP_TWO: i32 = 3;
/// A lone stone with room beside it.
pub const ONE: i32 = 1;

// The composites sit between a rush four and an open four, the winning points ordered by
// how surely they win; a five is above all.
const _: () = assert!(RUSH_FOUR < DOUBLE_THREE && DOUBLE_THREE < FOUR_THREE);
const _: () = assert!(FOUR_THREE < DOUBLE_FOUR && DOUBLE_FOUR < LIVE_FOUR && LIVE_FOUR < FIVE);

/// The code a run of `run` stones (the point's included) with `open` empty ends is filed
/// under, for a colour whose five is decided by `wins`.
fn line_code(run: usize, open: usize, wins: impl Fn(usize) -> bool) -> What {
    if run >= 5 {
        return if wins(run) {
            What::Five
        } else {
            What::Overline
        };
    }
    match (run, open) {
        (_, 0) => What::Dead,
        (4, 2) => What::LiveFour,
        (4, _) => What::RushFour,
        (3, 2) => What::LiveThree,
        (3, _) => What::SleepThree,
        (2, 2) => What::LiveTwo,
        (2, _) => What::SleepTwo,
        _ => What::One,
    }
}

/// The value of a code: bigger is more urgent.
#[must_use]
pub const fn value(what: What) -> i32 {
    match what {
        What::Five => FIVE,
        What::LiveFour => LIVE_FOUR,
        What::DoubleFour => DOUBLE_FOUR,
        What::FourThree => FOUR_THREE,
        What::DoubleThree => DOUBLE_THREE,
        What::RushFour => RUSH_FOUR,
        What::LiveThree => LIVE_THREE,
        What::SleepThree => SLEEP_THREE,
        What::LiveTwo => LIVE_TWO,
        What::SleepTwo => SLEEP_TWO,
        What::One => ONE,
        _ => 0,
    }
}

/// Stones of `color` touching `p` on the line `d` (both ways, up to the first point that is
/// not `color`), and how many of the two ways stop on an empty point.
fn run(grid: &Grid, p: Point, d: Direction, color: Color) -> (usize, usize) {
    let mut stones = 0;
    let mut open = 0;
    for sign in [1, -1] {
        let mut k = 1;
        loop {
            match grid.at(p, d, sign * k) {
                Cell::Stone(c) if c == color => stones += 1,
                Cell::Empty => {
                    open += 1;
                    break;
                }
                _ => break,
            }
            k += 1;
        }
    }
    (stones, open)
}

/// One side's four codes at `p` and its composite threat, if any. A forbidden point is
/// marked only where the mark changes the point's value unless `every_mark`.
fn side_parts(
    game: &Game,
    grid: &Grid,
    p: Point,
    color: Color,
    side: Side,
    every_mark: bool,
    f: &mut impl FnMut(Part),
) {
    let five = game.rule().five_rule(color);
    let mut fours = 0;
    let mut threes = 0;
    for d in Direction::ALL {
        let (stones, open) = run(grid, p, d, color);
        let what = line_code(stones + 1, open, |n| five.wins(n));
        match what {
            What::LiveFour | What::RushFour => fours += 1,
            What::LiveThree => threes += 1,
            _ => {}
        }
        f(Part {
            direction: Some(Toward::line(d)),
            side,
            what,
            // At most 19 on a 20×20 board.
            count: Some(stones as u32),
            value: value(what),
        });
    }
    // "For black, double three and double four are forbidden, another matter."
    let restricted = game.rule().restricts(color);
    // The mark is worth 0, so a value needs it only in place of a four-three; the full check
    // costs far more than the line codes, and a scan of the board would run it everywhere.
    let forbidden = restricted
        && (every_mark || fours >= 1 && threes >= 1)
        && renju::is_forbidden(game.board(), p);
    let composite = if forbidden {
        Some(What::Forbidden)
    } else if fours >= 2 && !restricted {
        Some(What::DoubleFour)
    } else if fours >= 1 && threes >= 1 {
        Some(What::FourThree)
    } else if threes >= 2 && !restricted {
        Some(What::DoubleThree)
    } else {
        None
    };
    if let Some(what) = composite {
        f(Part {
            direction: None,
            side,
            what,
            count: None,
            value: value(what),
        });
    }
}

/// Hands `f` the entries of both tables for the empty point `p`: the side to move's
/// (`Computer`) four line codes and composite, then the opponent's (`Player`).
fn parts_of(game: &Game, grid: &Grid, p: Point, every_mark: bool, mut f: impl FnMut(Part)) {
    let own = game.side_to_move();
    side_parts(game, grid, p, own, Side::Own, every_mark, &mut f);
    side_parts(
        game,
        grid,
        p,
        own.opposite(),
        Side::Opponent,
        every_mark,
        &mut f,
    );
}

/// The point's value: the largest entry of both tables at `p`.
fn score(game: &Game, grid: &Grid, p: Point) -> i32 {
    let mut best = 0;
    parts_of(game, grid, p, false, |part| best = best.max(part.value));
    best
}

/// Both tables' entries for the empty point `p` (`None` on a stone or off the board), the
/// largest of which is its value.
#[must_use]
pub fn explain(game: &Game, p: Point) -> Option<Explanation> {
    let board = game.board();
    if !board.contains(p) || board.get(p).is_some() {
        return None;
    }
    let grid = Grid::new(board);
    let mut parts = Vec::new();
    parts_of(game, &grid, p, true, |part| parts.push(part));
    Some(Explanation {
        article: "002",
        combine: Combine::Max,
        total: score(game, &grid, p),
        parts,
    })
}

/// Every point's value for the side to move, `y * size + x`; `None` on stones.
#[must_use]
pub fn scores(game: &Game) -> Vec<Option<i32>> {
    let board = game.board();
    let grid = Grid::new(board);
    board
        .points()
        .map(|p| board.get(p).is_none().then(|| score(game, &grid, p)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_grow_with_urgency_and_keep_the_articles_examples() {
        let free = |n: usize| n >= 5;
        let exact = |n: usize| n == 5;
        // (run with the point, open ends) → code, weakest first.
        let table = [
            ((4, 0), What::Dead),
            ((1, 1), What::One),
            ((2, 1), What::SleepTwo),
            ((2, 2), What::LiveTwo),
            ((3, 1), What::SleepThree),
            ((3, 2), What::LiveThree),
            ((4, 1), What::RushFour),
            ((4, 2), What::LiveFour),
            ((5, 0), What::Five),
        ];
        let mut last = -1;
        for ((run, open), what) in table {
            assert_eq!(line_code(run, open, free), what, "{run} {open}");
            assert!(value(what) > last || what == What::Dead, "{what:?}");
            last = value(what);
        }
        // The article's own examples: 20 for a rush four, 15 for an open three.
        assert_eq!((value(What::RushFour), value(What::LiveThree)), (20, 15));
        assert_eq!(line_code(6, 2, free), What::Five);
        assert_eq!(line_code(6, 2, exact), What::Overline);
        assert_eq!(value(What::Overline), 0);
    }
}
