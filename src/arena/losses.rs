//! Where a game was lost: the first of the loser's moves after which an oracle, a deeper
//! search of our own, proves a forced win for the winner or scores the position past a
//! threshold for them. Those positions are test and tuning material.

use super::saved::SavedGame;
use super::Side;
use crate::clock::FrozenClock;
use crate::color::Color;
use crate::game::Game;
use crate::notation::MoveList;
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{Engine, Limits};

/// Oracle's transposition table.
const ORACLE_TT_BYTES: usize = 64 << 20;

/// The move after which a game was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// The game's number in its file.
    pub game: u32,
    /// 1-based number of the losing move in the game (opening stones included).
    pub move_number: usize,
    pub loser: Color,
    /// The game up to and including the losing move.
    pub position: MoveList,
    /// The oracle's score for the winner, to move after it.
    pub score: i32,
    /// Plies to the winner's forced win, when the oracle proved one.
    pub win_in: Option<i32>,
    /// The oracle's line for the winner.
    pub line: Vec<Point>,
    /// Moves the game went on after the losing move.
    pub moves_left: usize,
}

/// A deeper search of our own, node-limited so that its verdicts repeat.
#[derive(Debug)]
pub struct Oracle {
    engine: Engine,
    limits: Limits,
    /// Score for the winner past which a position counts as lost.
    pub threshold: i32,
}

impl Oracle {
    #[must_use]
    pub fn new(nodes: u64, threshold: i32) -> Oracle {
        Oracle {
            engine: Engine::new(ORACLE_TT_BYTES),
            limits: Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            threshold,
        }
    }

    /// The turning point of `saved` for the side that lost it, or `None` for a draw, a game
    /// `side` did not lose, or one the oracle does not see as lost before its end. Moves
    /// before `skip` (the opening) are not judged.
    ///
    /// # Errors
    /// A message if the moves are not a game under `rule` on `size`.
    pub fn turning_point(
        &mut self,
        size: u8,
        rule: Rule,
        saved: &SavedGame,
        side: Side,
        skip: usize,
    ) -> Result<Option<TurningPoint>, String> {
        let loser = match (saved.winner, side) {
            (Some(Side::B), Side::A) => saved.a_color,
            (Some(Side::A), Side::B) => saved.a_color.opposite(),
            _ => return Ok(None),
        };
        let moves = &saved.moves.0;
        self.engine.clear();
        let mut game = Game::new(i64::from(size), rule).map_err(|e| e.to_string())?;
        for (i, &m) in moves.iter().enumerate() {
            let mover = game.side_to_move();
            game.try_play(m)
                .map_err(|e| format!("game {}, move {} ({m}): {e}", saved.number, i + 1))?;
            if mover != loser || i < skip || game.is_over() {
                continue;
            }
            let Ok(r) = self
                .engine
                .search(&game, &self.limits, &FrozenClock, &mut |_| {})
            else {
                continue;
            };
            let proven = r.mate_in.filter(|&p| p > 0);
            if proven.is_some() || r.score >= self.threshold {
                return Ok(Some(TurningPoint {
                    game: saved.number,
                    move_number: i + 1,
                    loser,
                    position: MoveList(moves[..=i].to_vec()),
                    score: r.score,
                    win_in: proven,
                    line: r.pv,
                    moves_left: moves.len() - i - 1,
                }));
            }
        }
        Ok(None)
    }
}
