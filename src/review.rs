//! Game review: every position of a game searched on a fixed node budget, and each move
//! classed by how much it lowered its player's chance to win.
//!
//! A position's chance comes from its search: a proven result (a found VCF or VCT) is
//! certain, otherwise the score goes through the logistic curve the evaluation was fitted on
//! (`sigmoid(score / WIN_CHANCE_SCALE)`). A move's *drop* is its player's chance before it
//! (best play) minus the chance after it, in percentage points; the classes follow from the
//! drop and the proven results ([`MoveClass`]). The budget is in nodes, not time, so a
//! review gives the same classes on every machine and in every build.

use crate::clock::FrozenClock;
use crate::color::Color;
use crate::error::GameError;
use crate::game::{Game, Outcome};
use crate::point::Point;
use crate::position::threat::Threat;
use crate::search::{Engine, Limits, Report};

/// The evaluation's fitted scale: a score of `s` for the side to move is a chance to win of
/// `1 / (1 + e^(-s / WIN_CHANCE_SCALE))` (`tune fit` measures it; the page's analysis.js
/// uses the same number, and a test keeps them equal).
pub const WIN_CHANCE_SCALE: f64 = 1700.0;

/// Nodes searched per position. Doubling it changes the class of fewer than one move in ten
/// (docs/review.md has the measurement), and a 60-move game takes well under 30 s in a
/// browser.
pub const REVIEW_NODES: u64 = 200_000;

/// Below this drop (percentage points of the chance to win) a move is as good as the best.
pub const BEST_BELOW: f64 = 2.0;
/// Below this drop, good.
pub const GOOD_BELOW: f64 = 8.0;
/// Below this drop, an inaccuracy.
pub const INACCURACY_BELOW: f64 = 16.0;
/// Below this drop, a mistake; from it on, a blunder.
pub const MISTAKE_BELOW: f64 = 30.0;
/// A chance above which a position whose win the search did not prove still counts as won
/// (a score of about 11,700), so a move into it has not missed a win.
pub const STILL_WON: f64 = 0.999;
/// A move's accuracy is `100 · e^(-drop / ACCURACY_FALLOFF)`: a drop of 10 points is 61%.
pub const ACCURACY_FALLOFF: f64 = 20.0;

/// What a move was worth, from the best to the worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// The only move that did not lose at once (the block of a four).
    Forced,
    /// The search's move, or within `BEST_BELOW` of it.
    Best,
    /// A drop below `GOOD_BELOW`.
    Good,
    /// A drop below `INACCURACY_BELOW`.
    Inaccuracy,
    /// A drop below `MISTAKE_BELOW`.
    Mistake,
    /// A drop of `MISTAKE_BELOW` or more, or a move that lets the opponent win by force.
    Blunder,
    /// The player had a proven win and this move gave it up (unless the chance after it is
    /// still above `STILL_WON`).
    MissedWin,
}

impl MoveClass {
    /// Every class, best first (the order of [`Summary::counts`]).
    pub const ALL: [MoveClass; 7] = [
        MoveClass::Forced,
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
        MoveClass::MissedWin,
    ];

    /// The class's name for the page (`missed_win`, …).
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            MoveClass::Forced => "forced",
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
            MoveClass::MissedWin => "missed_win",
        }
    }

    /// Whether the review shows the better move for it.
    #[must_use]
    pub fn has_better(self) -> bool {
        matches!(
            self,
            MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder | MoveClass::MissedWin
        )
    }
}

/// One position's search, as the review keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The search's move (none once the game is over).
    pub best: Option<Point>,
    /// The search's line, from `best`.
    pub pv: Vec<Point>,
    /// For the side to move.
    pub score: i32,
    /// Plies to a proven win (positive) or loss (negative) of the side to move.
    pub mate_in: Option<i32>,
    /// Nodes the search visited.
    pub nodes: u64,
    /// The game is over here: who won (`None` a draw).
    pub over: Option<Option<Color>>,
}

impl Searched {
    fn of(report: &Report) -> Searched {
        Searched {
            best: report.best,
            pv: report.pv.clone(),
            score: report.score,
            mate_in: report.mate_in,
            nodes: report.nodes,
            over: None,
        }
    }

    /// The chance (0 to 1) that `side` wins, `to_move` being the side to move here.
    #[must_use]
    pub fn chance(&self, side: Color, to_move: Color) -> f64 {
        let mover = match (self.over, self.mate_in) {
            (Some(Some(winner)), _) => return if winner == side { 1.0 } else { 0.0 },
            (Some(None), _) => return 0.5,
            (None, Some(m)) if m > 0 => 1.0,
            (None, Some(_)) => 0.0,
            (None, None) => win_chance(self.score),
        };
        if side == to_move {
            mover
        } else {
            1.0 - mover
        }
    }

    /// Proven for `side`: `Some(true)` a forced win, `Some(false)` a forced loss.
    fn proven(&self, side: Color, to_move: Color) -> Option<bool> {
        match (self.over, self.mate_in) {
            (Some(Some(winner)), _) => Some(winner == side),
            (Some(None), _) => None,
            (None, Some(m)) => Some((m > 0) == (side == to_move)),
            (None, None) => None,
        }
    }
}

/// The chance to win of a score for the side to move.
#[must_use]
pub fn win_chance(score: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / WIN_CHANCE_SCALE).exp())
}

/// A move of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move.
    pub played: Point,
    /// Who played it.
    pub mover: Color,
    /// What it was worth.
    pub class: MoveClass,
    /// The mover's chance before the move (with best play), 0 to 1.
    pub before: f64,
    /// The mover's chance after it.
    pub after: f64,
    /// Percentage points, never negative.
    pub drop: f64,
    /// The search's move where the move lost ground ([`MoveClass::has_better`]).
    pub better: Option<Point>,
    /// The search's line from `better`.
    pub line: Vec<Point>,
}

/// Judges the move `played` by `mover`, from the searches before and after it. `forced`:
/// every other move let the opponent make five at once.
#[must_use]
pub fn judge(
    before: &Searched,
    after: &Searched,
    played: Point,
    mover: Color,
    forced: bool,
) -> MoveReview {
    let opponent = mover.opposite();
    let chance_before = before.chance(mover, mover);
    let chance_after = after.chance(mover, opponent);
    let was_best = before.best == Some(played);
    let drop = if was_best {
        0.0
    } else {
        (100.0 * (chance_before - chance_after)).max(0.0)
    };
    let won_before = before.proven(mover, mover) == Some(true);
    let won_after = after.proven(mover, opponent) == Some(true);
    let lost_before = before.proven(mover, mover) == Some(false);
    let lost_after = after.proven(mover, opponent) == Some(false);
    // A proven win the next search does not prove again is missed unless the position is
    // still all but certain (a longer win the budget did not reach).
    let missed = won_before && !won_after && !was_best && chance_after < STILL_WON;
    let class = if missed {
        MoveClass::MissedWin
    } else if forced {
        MoveClass::Forced
    } else if lost_after && !lost_before && !was_best {
        MoveClass::Blunder
    } else if drop < BEST_BELOW {
        MoveClass::Best
    } else if drop < GOOD_BELOW {
        MoveClass::Good
    } else if drop < INACCURACY_BELOW {
        MoveClass::Inaccuracy
    } else if drop < MISTAKE_BELOW {
        MoveClass::Mistake
    } else {
        MoveClass::Blunder
    };
    let better = class.has_better().then_some(before.best).flatten();
    MoveReview {
        played,
        mover,
        class,
        before: chance_before,
        after: chance_after,
        drop,
        better,
        line: if better.is_some() {
            before.pv.clone()
        } else {
            Vec::new()
        },
    }
}

/// One side's figures over a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Mean of the moves' accuracies, 0 to 100 (`None` without moves).
    pub accuracy: Option<f64>,
    /// Moves per class, in the order of [`MoveClass::ALL`].
    pub counts: [u32; 7],
}

/// The figures of `side` over the judged moves.
#[must_use]
pub fn summary(moves: &[MoveReview], side: Color) -> Summary {
    let mut s = Summary::default();
    let mut total = 0.0;
    let mut n = 0_u32;
    for m in moves.iter().filter(|m| m.mover == side) {
        let i = MoveClass::ALL
            .iter()
            .position(|&c| c == m.class)
            .unwrap_or(0);
        s.counts[i] += 1;
        total += 100.0 * (-m.drop / ACCURACY_FALLOFF).exp();
        n += 1;
    }
    s.accuracy = (n > 0).then(|| total / f64::from(n));
    s
}

/// Whether the side to move of `game` must block: the opponent has exactly one point that
/// makes five and the side to move has none.
#[must_use]
pub fn must_block(game: &Game) -> Option<Point> {
    let mover = game.side_to_move();
    let threats = game.threats();
    let fives = |c: Color| {
        threats
            .iter()
            .filter(move |&&(_, tc, t)| tc == c && t == Threat::Five)
    };
    if fives(mover).next().is_some() {
        return None;
    }
    let mut theirs = fives(mover.opposite());
    match (theirs.next(), theirs.next()) {
        (Some(&(p, _, _)), None) => Some(p),
        _ => None,
    }
}

/// A game's review, built one position at a time (so a caller can report progress and stop).
pub struct Review {
    moves: Vec<Point>,
    /// The position to search next.
    at: Game,
    engine: Engine,
    nodes: u64,
    positions: Vec<Searched>,
    /// Per move: it was the only block of the opponent's five.
    forced: Vec<bool>,
}

impl Review {
    /// A review of `game`'s moves with `nodes` per position, using `engine`'s memory.
    ///
    /// # Errors
    /// Only if `game`'s own size were refused (it cannot be).
    pub fn new(game: &Game, engine: Engine, nodes: u64) -> Result<Review, GameError> {
        Ok(Review {
            moves: game.moves().to_vec(),
            at: Game::new(game.size().into(), game.rule())?,
            engine,
            nodes,
            positions: Vec::new(),
            forced: Vec::new(),
        })
    }

    /// Positions to search: before each move, and after the last.
    #[must_use]
    pub fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// Positions searched so far.
    #[must_use]
    pub fn done(&self) -> usize {
        self.positions.len()
    }

    /// The position before move `ply` (counted from 0), or `None` past the end.
    #[must_use]
    pub fn position_before(&self, ply: usize) -> Option<Game> {
        let mut game = Game::new(self.at.size().into(), self.at.rule()).ok()?;
        for &m in self.moves.get(..ply)? {
            game.try_play(m).ok()?;
        }
        Some(game)
    }

    /// Whether every position has been searched.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.done() == self.total()
    }

    /// The searches so far, from the empty board on.
    #[must_use]
    pub fn positions(&self) -> &[Searched] {
        &self.positions
    }

    /// Searches the next position; false once all are done.
    pub fn step(&mut self) -> bool {
        if self.is_complete() {
            return false;
        }
        let searched = match self.at.outcome() {
            Some(Outcome::Win(c)) => finished(Some(c)),
            Some(Outcome::Draw(_)) => finished(None),
            None => {
                let limits = Limits {
                    nodes: Some(self.nodes),
                    ..Limits::default()
                };
                self.engine.clear_corrections();
                match self
                    .engine
                    .search(&self.at, &limits, &FrozenClock, &mut |_| {})
                {
                    Ok(report) => Searched::of(&report),
                    // No legal point (renju): a draw.
                    Err(_) => finished(None),
                }
            }
        };
        self.positions.push(searched);
        if let Some(&next) = self.moves.get(self.positions.len() - 1) {
            self.forced.push(must_block(&self.at) == Some(next));
            // The moves came from a game, so each is legal in turn.
            let _ = self.at.try_play(next);
        }
        true
    }

    /// The judged moves so far (those with both their positions searched).
    #[must_use]
    pub fn moves(&self) -> Vec<MoveReview> {
        self.positions
            .windows(2)
            .enumerate()
            .map(|(i, pair)| {
                let mover = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                judge(&pair[0], &pair[1], self.moves[i], mover, self.forced[i])
            })
            .collect()
    }
}

fn finished(winner: Option<Color>) -> Searched {
    Searched {
        best: None,
        pv: Vec::new(),
        score: 0,
        mate_in: None,
        nodes: 0,
        over: Some(winner),
    }
}

#[cfg(test)]
mod tests;
