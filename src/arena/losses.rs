//! Where a game was lost: the first of the loser's moves after which an oracle (a deeper
//! search of our own, or an outside protocol engine) proves a forced win for the winner or
//! scores the position past a threshold for them. Those positions are test and tuning
//! material.

use super::external::ExternalEngine;
use super::saved::SavedGame;
use super::Contestant;
use super::Side;
use crate::clock::{FrozenClock, SystemClock};
use crate::color::Color;
use crate::game::Game;
use crate::notation::MoveList;
use crate::point::Point;
use crate::rule::Rule;
use crate::search::{Engine, Limits};

/// Oracle's transposition table.
const ORACLE_TT_BYTES: usize = 64 << 20;
/// How long past its turn an outside oracle's answer is awaited: it analyses rather than
/// plays, so a reply slowed by a busy machine is still its verdict, not a timeout.
const ORACLE_GRACE_MS: u64 = 10_000;

/// The move after which a game was lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningPoint {
    /// The game's number in its file.
    pub game: u32,
    /// 1-based number of the losing move in the game (opening stones included).
    pub move_number: usize,
    /// The colour that played it (and lost).
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

/// What an oracle says of a position, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Score in the oracle's own units.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative), when the oracle proved one.
    pub mate_in: Option<i32>,
    /// The oracle's line, when it gives one.
    pub line: Vec<Point>,
}

/// Something that judges positions.
pub trait Judge {
    /// The judgement of `game`'s position for its side to move, or `None` when the oracle
    /// has nothing to say (no legal move).
    ///
    /// # Errors
    /// A message when an outside oracle fails.
    fn judge(&mut self, game: &Game) -> Result<Option<Judgement>, String>;

    /// Score for the winner past which a position counts as lost.
    fn threshold(&self) -> i32;

    /// Called before the positions of a new game.
    fn new_game(&mut self) {}

    /// The turning point of `saved` for the side that lost it, or `None` for a draw, a game
    /// `side` did not lose, or one the oracle does not see as lost before its end. Moves
    /// before `skip` (the opening) are not judged.
    ///
    /// # Errors
    /// A message if the moves are not a game under `rule` on `size`, or the oracle fails.
    fn turning_point(
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
        self.new_game();
        let mut game = Game::new(i64::from(size), rule).map_err(|e| e.to_string())?;
        for (i, &m) in moves.iter().enumerate() {
            let mover = game.side_to_move();
            game.try_play(m)
                .map_err(|e| format!("game {}, move {} ({m}): {e}", saved.number, i + 1))?;
            if mover != loser || i < skip || game.is_over() {
                continue;
            }
            let Some(j) = self.judge(&game)? else {
                continue;
            };
            let proven = j.mate_in.filter(|&p| p > 0);
            if proven.is_some() || j.score >= self.threshold() {
                return Ok(Some(TurningPoint {
                    game: saved.number,
                    move_number: i + 1,
                    loser,
                    position: MoveList(moves[..=i].to_vec()),
                    score: j.score,
                    win_in: proven,
                    line: j.line,
                    moves_left: moves.len() - i - 1,
                }));
            }
        }
        Ok(None)
    }
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
    /// An oracle searching `nodes` nodes a position; `threshold` is the score for the
    /// winner, in the search's units, past which a position counts as lost.
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
}

impl Judge for Oracle {
    fn judge(&mut self, game: &Game) -> Result<Option<Judgement>, String> {
        Ok(self
            .engine
            .search(game, &self.limits, &FrozenClock, &mut |_| {})
            .ok()
            .map(|r| Judgement {
                score: r.score,
                mate_in: r.mate_in,
                line: r.pv,
            }))
    }

    fn threshold(&self) -> i32 {
        self.threshold
    }

    fn new_game(&mut self) {
        self.engine.clear();
    }
}

/// An outside engine speaking the Gomocup protocol, asked for a move in each position (a
/// fresh process each time, given the position with `BOARD`); its evaluation is read from
/// the `MESSAGE` lines it sends while thinking: the last number after `key` (for example
/// `Eval` in "MESSAGE ... Eval -130 ..."), where `+M15` / `-M15` mean a forced win / loss in
/// 15 plies and "mate in N" after the number a proven result.
pub struct ExternalOracle {
    command: String,
    turn_ms: u64,
    key: String,
    threshold: i32,
}

impl ExternalOracle {
    /// `command` as the arena takes it (program and arguments), `turn_ms` its time for each
    /// position, `key` the word its evaluation follows, `threshold` in its units.
    #[must_use]
    pub fn new(command: &str, turn_ms: u64, key: &str, threshold: i32) -> ExternalOracle {
        ExternalOracle {
            command: command.to_owned(),
            turn_ms,
            key: key.to_owned(),
            threshold,
        }
    }
}

impl Judge for ExternalOracle {
    fn judge(&mut self, game: &Game) -> Result<Option<Judgement>, String> {
        let mut engine =
            ExternalEngine::new(&self.command, self.turn_ms, None).with_grace(ORACLE_GRACE_MS);
        let fault = |e: super::Fault| format!("oracle {}: {e}", self.command);
        engine.new_game(game, 0).map_err(fault)?;
        let best = engine.choose(game, &SystemClock::new()).map_err(fault)?;
        engine.end_game();
        let verdict = engine
            .notes()
            .iter()
            .rev()
            .find_map(|note| read_evaluation(note, &self.key));
        let Some((score, mate_in)) = verdict else {
            return Err(format!(
                "oracle {} reported no evaluation after '{}'",
                self.command, self.key
            ));
        };
        Ok(Some(Judgement {
            score,
            mate_in,
            line: best.into_iter().collect(),
        }))
    }

    fn threshold(&self) -> i32 {
        self.threshold
    }
}

/// The evaluation after `key` in one `MESSAGE` line: the score (a mate counts as the largest
/// score) and the plies to a proven result, if any.
#[must_use]
fn read_evaluation(note: &str, key: &str) -> Option<(i32, Option<i32>)> {
    let words: Vec<&str> = note.split_whitespace().collect();
    let at = words.iter().position(|w| w.eq_ignore_ascii_case(key))?;
    let value = *words.get(at + 1)?;
    if let Some(mate) = value
        .strip_prefix("+M")
        .or_else(|| value.strip_prefix('M'))
        .and_then(|n| n.parse::<i32>().ok())
    {
        return Some((i32::MAX, Some(mate)));
    }
    if let Some(mate) = value.strip_prefix("-M").and_then(|n| n.parse::<i32>().ok()) {
        return Some((i32::MIN, Some(-mate)));
    }
    let score: i32 = value.parse().ok()?;
    let mate = match (words.get(at + 2), words.get(at + 3), words.get(at + 4)) {
        (Some(m), Some(i), Some(n)) if m.eq_ignore_ascii_case("mate") && *i == "in" => {
            n.parse::<i32>().ok()
        }
        _ => None,
    };
    Some((score, mate))
}

#[cfg(test)]
mod tests {
    use super::read_evaluation;

    #[test]
    fn evaluations_are_read_from_engine_messages() {
        let rapfi_like = "Speed 1202K | Depth 16-28 | Eval -130 | Node 204K | Time 171ms";
        assert_eq!(read_evaluation(rapfi_like, "Eval"), Some((-130, None)));
        let won = "Depth 9-15 | Eval +M15 | Node 20K";
        assert_eq!(read_evaluation(won, "Eval"), Some((i32::MAX, Some(15))));
        let lost = "Depth 9-15 | Eval -M8 | Node 20K";
        assert_eq!(read_evaluation(lost, "eval"), Some((i32::MIN, Some(-8))));
        let ours = "depth 10/25 score 29993 mate in 7 nodes 148480 time 164 ms";
        assert_eq!(read_evaluation(ours, "score"), Some((29993, Some(7))));
        let ours = "depth 10/25 score -40 nodes 148480 time 164 ms";
        assert_eq!(read_evaluation(ours, "score"), Some((-40, None)));
        assert_eq!(read_evaluation("PentaZen 0.4.17", "Eval"), None);
        assert_eq!(read_evaluation("Eval soon", "Eval"), None);
        assert_eq!(read_evaluation("ends with Eval", "Eval"), None);
    }
}
