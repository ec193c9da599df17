//! Swap openings, the way serious players make freestyle and standard fair: the first player
//! places three stones (black, white, black); under swap1 the second player then takes either
//! colour; under swap2 the second player may instead place two more stones (white, black) and
//! leave the choice of colour to the first player. White moves next in every case.
//!
//! The computer's part in them is decided here, by its search at a fixed node budget (so a
//! decision is the same on a phone as on a desktop): it proposes the most even of a few
//! random shapes, takes the colour its search prefers, and under swap2 adds two stones when
//! the position is too even to choose.
//!
//! ```
//! use gomoku::opening::{decide, SwapAction, SwapRule};
//! use gomoku::{Engine, Game, Rng, Rule};
//!
//! let mut engine = Engine::new(1 << 20);
//! let mut rng = Rng::seeded(7);
//! let mut game = Game::new(15, Rule::Freestyle)?;
//! let proposal = decide(&game, SwapRule::Swap2, 2_000, &mut engine, &mut rng)?;
//! assert_eq!(proposal.action, SwapAction::Place);
//! for &p in &proposal.stones {
//!     game.try_play(p)?;
//! }
//! let answer = decide(&game, SwapRule::Swap2, 2_000, &mut engine, &mut rng)?;
//! assert_ne!(answer.action, SwapAction::Place);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::clock::FrozenClock;
use crate::color::Color;
use crate::error::GameError;
use crate::game::Game;
use crate::level::Level;
use crate::point::Point;
use crate::rng::Rng;
use crate::rule::Rule;
use crate::search::{Engine, Limits, Report, WIN_BOUND};

/// Shapes the proposer compares: more find a more even one, each costs a search.
pub const PROPOSALS: usize = 6;
/// Pairs of stones compared before adding two under swap2.
pub const ADDITIONS: usize = 8;
/// How far from the centre the proposal's white stone and second black stone may lie.
const WHITE_REACH: i32 = 2;
const BLACK_REACH: i32 = 3;
/// How far from the stones on the board an added stone may lie.
const ADD_REACH: i32 = 2;
/// Under swap2, a position this close to even (in score units, for either side) is too even
/// to pick a colour: the second player adds two stones instead. 340 is a 55 % win chance on
/// the page's scale (score / 1700 through the logistic curve).
pub const EVEN_MARGIN: i32 = 340;
/// The budget, in positions a search, for levels that do not search by nodes or search
/// little (the article levels, lookahead, the smallest node levels).
pub const SMALL_BUDGET: u64 = 3_000;
/// The budget for the timed search levels: a search of its own, not the level's time, so
/// the decision does not depend on the device.
pub const FULL_BUDGET: u64 = 20_000;

/// Which swap rule opens the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapRule {
    /// Three stones, then the other player takes a colour.
    Swap1,
    /// Three stones, then the other player takes a colour or adds two stones and lets the
    /// first player take one.
    Swap2,
}

impl SwapRule {
    /// `swap1` or `swap2`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            SwapRule::Swap1 => "swap1",
            SwapRule::Swap2 => "swap2",
        }
    }
}

impl fmt::Display for SwapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for SwapRule {
    type Err = OpeningError;

    fn from_str(s: &str) -> Result<SwapRule, OpeningError> {
        match s {
            "swap1" => Ok(SwapRule::Swap1),
            "swap2" => Ok(SwapRule::Swap2),
            _ => Err(OpeningError::UnknownRule),
        }
    }
}

/// What the player deciding does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapAction {
    /// Places [`SwapDecision::stones`]: the three opening stones.
    Place,
    /// Takes black.
    TakeBlack,
    /// Takes white.
    TakeWhite,
    /// Swap2: places [`SwapDecision::stones`] (white, black) and lets the first player choose.
    AddTwo,
}

impl SwapAction {
    /// `place`, `black`, `white` or `two`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            SwapAction::Place => "place",
            SwapAction::TakeBlack => "black",
            SwapAction::TakeWhite => "white",
            SwapAction::AddTwo => "two",
        }
    }
}

/// A decision and the evaluation behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwapDecision {
    /// What is done.
    pub action: SwapAction,
    /// The stones placed, in order (none when a colour is taken).
    pub stones: Vec<Point>,
    /// The search's score of the position the decision leaves (white to move), for white.
    pub white_score: i32,
    /// The search proved a win for one side in that position.
    pub proven: Option<Color>,
    /// Positions searched to decide, all searches together.
    pub nodes: u64,
    /// Positions compared (proposals or pairs of stones; 1 for a choice of colour).
    pub compared: usize,
}

/// Why there is no decision to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningError {
    /// Not `swap1` or `swap2`.
    UnknownRule,
    /// Swap openings are for freestyle and standard (renju has its own openings).
    Renju,
    /// No decision falls at this many stones under this rule.
    NotADecision(usize),
    /// The board has no room for the opening.
    BoardTooSmall,
    /// The search could not run (the game is over, say).
    Game(GameError),
}

impl fmt::Display for OpeningError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningError::UnknownRule => f.write_str("the opening must be swap1 or swap2"),
            OpeningError::Renju => f.write_str("swap openings are for freestyle and standard"),
            OpeningError::NotADecision(n) => {
                write!(f, "no swap decision falls after {n} stones")
            }
            OpeningError::BoardTooSmall => f.write_str("the board is too small for the opening"),
            OpeningError::Game(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OpeningError {}

impl From<GameError> for OpeningError {
    fn from(e: GameError) -> OpeningError {
        OpeningError::Game(e)
    }
}

/// The node budget of a level's swap decisions: [`SMALL_BUDGET`] for the levels that search
/// little or not at all, a node level's own budget above that, [`FULL_BUDGET`] for the
/// timed levels.
#[must_use]
pub fn budget(level: Level) -> u64 {
    match level {
        Level::Article(_) | Level::Lookahead => SMALL_BUDGET,
        Level::Nodes { nodes } => u64::from(nodes).max(SMALL_BUDGET),
        Level::Search { .. } | Level::Analysis { .. } => FULL_BUDGET,
    }
}

/// The decision due in `game` under `swap`, by searches of `nodes` positions each: the three
/// stones on an empty board, the second player's answer after three stones, the first
/// player's colour after five (swap2).
///
/// # Errors
/// [`OpeningError`] under renju, or when no decision falls at the game's stone count.
pub fn decide(
    game: &Game,
    swap: SwapRule,
    nodes: u64,
    engine: &mut Engine,
    rng: &mut Rng,
) -> Result<SwapDecision, OpeningError> {
    if game.rule() == Rule::Renju {
        return Err(OpeningError::Renju);
    }
    match (swap, game.moves().len()) {
        (_, 0) => propose(game, nodes, engine, rng),
        (SwapRule::Swap1, 3) => take_colour(game, nodes, engine),
        (SwapRule::Swap2, 3) => {
            let choice = take_colour(game, nodes, engine)?;
            if choice.proven.is_some() || choice.white_score.abs() > EVEN_MARGIN {
                return Ok(choice);
            }
            let mut added = add_two(game, nodes, engine, rng)?;
            added.nodes += choice.nodes;
            Ok(added)
        }
        (SwapRule::Swap2, 5) => take_colour(game, nodes, engine),
        (_, n) => Err(OpeningError::NotADecision(n)),
    }
}

/// The score of `game` for white (white to move), and who is proven to win, if anyone.
fn judge(
    game: &Game,
    nodes: u64,
    engine: &mut Engine,
) -> Result<(i32, Option<Color>, u64), GameError> {
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    // A fresh table for each: the decision depends only on the position and the budget.
    engine.clear();
    let report: Report = engine.search(game, &limits, &FrozenClock, &mut |_| {})?;
    let mover = game.side_to_move();
    let for_mover = report.score;
    let white_score = if mover == Color::White {
        for_mover
    } else {
        -for_mover
    };
    let proven = if report.score >= WIN_BOUND - 1 {
        Some(mover)
    } else if report.sees_loss() {
        Some(mover.opposite())
    } else {
        None
    };
    Ok((white_score, proven, report.nodes))
}

/// Takes the colour the search prefers; white when it sees the position exactly even.
fn take_colour(game: &Game, nodes: u64, engine: &mut Engine) -> Result<SwapDecision, OpeningError> {
    let (white_score, proven, used) = judge(game, nodes, engine)?;
    let white = match proven {
        Some(winner) => winner == Color::White,
        None => white_score >= 0,
    };
    Ok(SwapDecision {
        action: if white {
            SwapAction::TakeWhite
        } else {
            SwapAction::TakeBlack
        },
        stones: Vec::new(),
        white_score,
        proven,
        nodes: used,
        compared: 1,
    })
}

/// Of [`PROPOSALS`] random three-stone shapes around the centre, the one the search finds
/// most even.
fn propose(
    game: &Game,
    nodes: u64,
    engine: &mut Engine,
    rng: &mut Rng,
) -> Result<SwapDecision, OpeningError> {
    let size = i32::from(game.size());
    let c = size / 2;
    let on_board = |x: i32, y: i32| (0..size).contains(&x) && (0..size).contains(&y);
    let around = |reach: i32| -> Vec<(i32, i32)> {
        (-reach..=reach)
            .flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| (dx, dy) != (0, 0) && on_board(c + dx, c + dy))
            .collect()
    };
    let whites = around(WHITE_REACH);
    let blacks = around(BLACK_REACH);
    if whites.is_empty() || blacks.len() < 2 {
        return Err(OpeningError::BoardTooSmall);
    }
    let at = |(dx, dy): (i32, i32)| Point::new((c + dx) as u8, (c + dy) as u8);
    let mut shapes: Vec<[Point; 3]> = Vec::new();
    // Draw until PROPOSALS distinct shapes (bounded: tiny boards have few).
    for _ in 0..PROPOSALS * 20 {
        if shapes.len() == PROPOSALS {
            break;
        }
        let w = at(whites[rng.below(whites.len())]);
        let b = at(blacks[rng.below(blacks.len())]);
        let shape = [at((0, 0)), w, b];
        if w != b && !shapes.contains(&shape) {
            shapes.push(shape);
        }
    }
    best_of(game, &shapes, SwapAction::Place, nodes, engine)
}

/// Of [`ADDITIONS`] random pairs (white, black) near the stones, the one the search finds
/// most even.
fn add_two(
    game: &Game,
    nodes: u64,
    engine: &mut Engine,
    rng: &mut Rng,
) -> Result<SwapDecision, OpeningError> {
    let near = |g: &Game| -> Vec<Point> {
        g.board()
            .empty_points()
            .filter(|&p| {
                g.moves().iter().any(|m| {
                    (i32::from(m.x) - i32::from(p.x)).abs() <= ADD_REACH
                        && (i32::from(m.y) - i32::from(p.y)).abs() <= ADD_REACH
                })
            })
            .collect()
    };
    let whites = near(game);
    let mut pairs: Vec<[Point; 2]> = Vec::new();
    for _ in 0..ADDITIONS * 20 {
        if pairs.len() == ADDITIONS || whites.is_empty() {
            break;
        }
        let w = whites[rng.below(whites.len())];
        let mut after = game.clone();
        if after.try_play(w).is_err() || after.is_over() {
            continue;
        }
        let blacks = near(&after);
        let Some(b) = rng.choose(&blacks) else {
            continue;
        };
        let pair = [w, b];
        let mut probe = after;
        if probe.try_play(b).is_ok() && !probe.is_over() && !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    best_of(game, &pairs, SwapAction::AddTwo, nodes, engine)
}

/// Plays each candidate's stones on `game` and keeps the one whose score is nearest even
/// (a proven result counts as the farthest); the first of equals.
fn best_of<const N: usize>(
    game: &Game,
    candidates: &[[Point; N]],
    action: SwapAction,
    nodes: u64,
    engine: &mut Engine,
) -> Result<SwapDecision, OpeningError> {
    let mut best: Option<SwapDecision> = None;
    let mut used = 0;
    for stones in candidates {
        let mut after = game.clone();
        if stones.iter().any(|&p| after.try_play(p).is_err()) || after.is_over() {
            continue;
        }
        let (white_score, proven, n) = judge(&after, nodes, engine)?;
        used += n;
        let distance = |d: &SwapDecision| {
            if d.proven.is_some() {
                i64::MAX
            } else {
                i64::from(d.white_score).abs()
            }
        };
        let candidate = SwapDecision {
            action,
            stones: stones.to_vec(),
            white_score,
            proven,
            nodes: 0,
            compared: candidates.len(),
        };
        if best
            .as_ref()
            .is_none_or(|b| distance(&candidate) < distance(b))
        {
            best = Some(candidate);
        }
    }
    let mut best = best.ok_or(OpeningError::BoardTooSmall)?;
    best.nodes = used;
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(1 << 20)
    }

    /// A decision by a fresh engine and a generator seeded with `seed`.
    fn decide_seeded(
        game: &Game,
        swap: SwapRule,
        nodes: u64,
        seed: u64,
    ) -> Result<SwapDecision, OpeningError> {
        decide(game, swap, nodes, &mut engine(), &mut Rng::seeded(seed))
    }

    #[test]
    fn a_proposal_is_three_legal_stones_near_the_centre_and_repeats_with_its_seed() {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let a = decide_seeded(&game, SwapRule::Swap1, 1_000, 3).unwrap();
        let b = decide_seeded(&game, SwapRule::Swap1, 1_000, 3).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.action, SwapAction::Place);
        assert_eq!(a.stones.len(), 3);
        assert_eq!(a.stones[0], Point::new(7, 7));
        assert_eq!(a.compared, PROPOSALS);
        let mut g = game.clone();
        for &p in &a.stones {
            g.try_play(p).unwrap();
        }
        assert!(!g.is_over());
    }

    #[test]
    fn the_chooser_takes_the_colour_that_is_ahead() {
        // Black's two stones make an open two in the middle, white's stone is far away.
        let game = Game::from_moves(15, Rule::Freestyle, "h8 a1 i8").unwrap();
        for swap in [SwapRule::Swap1, SwapRule::Swap2] {
            let d = decide_seeded(&game, swap, 3_000, 1).unwrap();
            assert_eq!(d.action, SwapAction::TakeBlack, "{swap}: {d:?}");
            assert!(d.white_score < -EVEN_MARGIN);
            assert!(d.stones.is_empty());
        }
        // And white when white is ahead: a white open three against scattered black.
        let game = Game::from_moves(15, Rule::Freestyle, "a1 h8 o15 i8 a15 j8 o1").unwrap();
        let d = take_colour(&game, 3_000, &mut engine()).unwrap();
        assert_eq!(d.action, SwapAction::TakeWhite, "{d:?}");
    }

    #[test]
    fn swap2_adds_two_stones_only_when_the_position_is_even_and_they_keep_it_even() {
        let game = Game::from_moves(15, Rule::Freestyle, "h8 g8 k5").unwrap();
        let d = decide_seeded(&game, SwapRule::Swap2, 3_000, 2).unwrap();
        let (score, proven, _) = judge(&game, 3_000, &mut engine()).unwrap();
        if proven.is_none() && score.abs() <= EVEN_MARGIN {
            assert_eq!(d.action, SwapAction::AddTwo);
            assert_eq!(d.stones.len(), 2);
            let mut g = game.clone();
            for &p in &d.stones {
                g.try_play(p).unwrap();
            }
            assert_eq!(g.side_to_move(), Color::White);
            assert!(d.proven.is_none());
            // The first player's choice follows.
            let last = decide_seeded(&g, SwapRule::Swap2, 3_000, 2);
            assert!(matches!(
                last.unwrap().action,
                SwapAction::TakeBlack | SwapAction::TakeWhite
            ));
        } else {
            assert_ne!(d.action, SwapAction::AddTwo);
        }
    }

    #[test]
    fn no_decision_off_the_swap_points_nor_under_renju() {
        let game = Game::from_moves(15, Rule::Freestyle, "h8 i9").unwrap();
        let d = decide_seeded(&game, SwapRule::Swap2, 100, 1);
        assert_eq!(d, Err(OpeningError::NotADecision(2)));
        let five = Game::from_moves(15, Rule::Freestyle, "h8 i9 j10 a1 a2").unwrap();
        let d = decide_seeded(&five, SwapRule::Swap1, 100, 1);
        assert_eq!(d, Err(OpeningError::NotADecision(5)));
        let renju = Game::new(15, Rule::Renju).unwrap();
        let d = decide_seeded(&renju, SwapRule::Swap1, 100, 1);
        assert_eq!(d, Err(OpeningError::Renju));
        assert_eq!("swap3".parse::<SwapRule>(), Err(OpeningError::UnknownRule));
    }

    #[test]
    fn every_board_size_gets_a_proposal() {
        for size in 5..=20 {
            let game = Game::new(size, Rule::Standard).unwrap();
            let d = decide_seeded(&game, SwapRule::Swap2, 200, 9);
            assert_eq!(d.map(|d| d.stones.len()), Ok(3), "size {size}");
        }
    }

    #[test]
    fn budgets_follow_the_level() {
        assert_eq!(budget("scoring-000".parse().unwrap()), SMALL_BUDGET);
        assert_eq!(budget("nodes-100".parse().unwrap()), SMALL_BUDGET);
        assert_eq!(budget("nodes-20000".parse().unwrap()), 20_000);
        assert_eq!(budget("search-100".parse().unwrap()), FULL_BUDGET);
    }
}
