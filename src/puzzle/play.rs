//! A puzzle played out: the player attacks, the computer defends. Any move that keeps a win
//! the solver can prove is accepted, not only the stored line:
//! - a five ends the puzzle;
//! - a four leaves the defender one move, the block, and is accepted when a win by fours
//!   remains after it;
//! - any other move is accepted when, for every reply of the defender, a win by fours
//!   remains; the computer then plays the reply that holds out longest.
//!
//! A move that does not keep a proven win is answered with a reply that escapes (or, if the
//! solver ran out of nodes, with none) and is not kept: the position stays as it was.
//!
//! A position is a puzzle when its side to move wins by fours, or by one quiet move (a threat)
//! after which every reply of the defender leaves a win by fours: the same full-defence check
//! proves that, so a game's missed win of that kind is a puzzle too.

use super::vcf::{Unsolved, Vcf};
use super::{five_points, SOLVER_NODES};
use crate::color::Color;
use crate::error::GameError;
use crate::game::Game;
use crate::point::Point;

/// Longest win by fours looked for after a player's move, in attacking moves: longer than any
/// stored puzzle, so a slower win than the shortest is still a win.
pub const PLAY_ATTACK: usize = 12;

/// Nodes for judging one quiet move, all the defender's replies together.
pub const QUIET_MOVE_NODES: u64 = 3_000_000;

/// What a player's move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move made five: solved.
    Solved,
    /// The move keeps the win; the computer replied `reply` (now on the board), and the
    /// shortest win from here takes `left` more attacking moves.
    Kept {
        /// The defender's reply.
        reply: Point,
        /// Attacking moves still needed, at best.
        left: usize,
    },
    /// The move lets the defender escape, for instance by `reply`; nothing was kept.
    Escapes {
        /// A defence that leaves no win by fours (for a four, its block).
        reply: Point,
    },
    /// The solver could not decide within its nodes; nothing was kept.
    Unproven,
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAPuzzle {
    /// Renju, or the game is over.
    Unsupported,
    /// The side to move has no win by fours the solver finds (or makes five at once, or the
    /// opponent threatens five).
    NoWin,
}

/// A puzzle in play.
#[derive(Clone, Debug)]
pub struct PuzzlePlay {
    game: Game,
    attacker: Color,
    solution: Vec<Point>,
}

impl PuzzlePlay {
    /// The puzzle of `game`'s position, the side to move attacking.
    ///
    /// # Errors
    /// When the position is not a puzzle (see [`NotAPuzzle`]).
    pub fn new(game: Game) -> Result<PuzzlePlay, NotAPuzzle> {
        if game.is_over() || game.rule() == crate::rule::Rule::Renju {
            return Err(NotAPuzzle::Unsupported);
        }
        let solution = super::shortest_win(&game)
            .or_else(|| threat_then_fours(&game))
            .ok_or(NotAPuzzle::NoWin)?;
        Ok(PuzzlePlay {
            attacker: game.side_to_move(),
            game,
            solution,
        })
    }

    /// The position now.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The side the player attacks with.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// Whether the attacker has made five.
    #[must_use]
    pub fn solved(&self) -> bool {
        self.game.winner() == Some(self.attacker)
    }

    /// The shortest win from the position now, blocks included (empty once solved).
    #[must_use]
    pub fn solution(&self) -> &[Point] {
        &self.solution
    }

    /// Plays the player's move `p` and the computer's reply when the move keeps the win.
    ///
    /// # Errors
    /// When the puzzle is solved already or `p` is not a legal move; nothing changes.
    pub fn play(&mut self, p: Point) -> Result<Verdict, GameError> {
        if self.game.is_over() {
            return Err(GameError::GameOver);
        }
        self.game.check_move(p)?;
        let mut after = self.game.clone();
        after.try_play(p)?;
        if after.winner() == Some(self.attacker) {
            self.game = after;
            self.solution.clear();
            return Ok(Verdict::Solved);
        }
        let defender = self.attacker.opposite();
        if let Some(&five) = five_points(&after, defender).first() {
            return Ok(Verdict::Escapes { reply: five });
        }
        let verdict = match five_points(&after, self.attacker).as_slice() {
            [] => quiet_move(&after, &threat_of(&after)),
            [block, ..] => {
                let mut blocked = after.clone();
                blocked.try_play(*block)?;
                match win_from(&blocked, SOLVER_NODES) {
                    Ok(Some(line)) => Reply::Keeps(*block, line),
                    Ok(None) => Reply::Escapes(*block),
                    Err(_) => Reply::Unproven,
                }
            }
        };
        Ok(match verdict {
            Reply::Keeps(reply, line) => {
                after.try_play(reply)?;
                self.game = after;
                let left = line.len().div_ceil(2);
                self.solution = line;
                Verdict::Kept { reply, left }
            }
            Reply::Escapes(reply) => Verdict::Escapes { reply },
            Reply::Unproven => Verdict::Unproven,
        })
    }
}

enum Reply {
    Keeps(Point, Vec<Point>),
    Escapes(Point),
    Unproven,
}

/// The attacker's shortest win by fours from `game` (attacker to move), the line ending in
/// five; a five to make at once is a line of one move.
fn win_from(game: &Game, nodes: u64) -> Result<Option<Vec<Point>>, Unsolved> {
    let us = game.side_to_move();
    if let Some(&five) = five_points(game, us).first() {
        return Ok(Some(vec![five]));
    }
    Vcf::new(game, nodes)?.shortest(PLAY_ATTACK)
}

/// Quiet moves tried as the start of a win, at most: the ones that would win by fours if the
/// defender passed, in board order (one that fails fails fast: see `quiet_move`).
const THREATS_TRIED: usize = 40;

/// A win that starts with a quiet move: the move, the defender's best reply, then the fours.
/// Only when the side to move has no five to make, nothing to block and no win by fours.
fn threat_then_fours(game: &Game) -> Option<Vec<Point>> {
    let us = game.side_to_move();
    if game.is_over()
        || !five_points(game, us).is_empty()
        || !five_points(game, us.opposite()).is_empty()
    {
        return None;
    }
    let board = game.board();
    // A threat lies within two points of one of the attacker's own stones.
    let near = |p: Point| {
        (-2i32..=2).any(|dy| {
            (-2i32..=2).any(|dx| {
                let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
                game.point(x.into(), y.into())
                    .is_ok_and(|q| board.get(q) == Some(us))
            })
        })
    };
    let mut tried = 0;
    for m in board.empty_points().filter(|&p| near(p)) {
        let mut after = game.clone();
        if after.try_play(m).is_err() || after.is_over() {
            continue;
        }
        let threat = threat_of(&after);
        if threat.is_empty() {
            continue;
        }
        if let Reply::Keeps(reply, line) = quiet_move(&after, &threat) {
            let mut solution = vec![m, reply];
            solution.extend(line);
            return Some(solution);
        }
        tried += 1;
        if tried == THREATS_TRIED {
            break;
        }
    }
    None
}

/// What the attacker's quiet move (the last on `after`) threatens: the win by fours it would
/// have were it its move again, or nothing.
fn threat_of(after: &Game) -> Vec<Point> {
    let attacker = after.side_to_move().opposite();
    Vcf::for_side(after, attacker, SOLVER_NODES)
        .ok()
        .and_then(|mut s| s.shortest(PLAY_ATTACK).ok().flatten())
        .unwrap_or_default()
}

/// After a move that threatens no five: every reply of the defender must leave a win; the
/// reply that leaves the longest is the computer's.
///
/// `threat` is what the move threatens ([`threat_of`]): its points are the likely escapes, so
/// they are tried first and a move that fails fails fast.
fn quiet_move(after: &Game, threat: &[Point]) -> Reply {
    let mut best: Option<(Point, Vec<Point>)> = None;
    let mut budget = QUIET_MOVE_NODES;
    let mut replies: Vec<Point> = threat
        .iter()
        .copied()
        .filter(|&p| after.board().is_empty_at(p))
        .collect();
    replies.extend(after.board().empty_points().filter(|p| !threat.contains(p)));
    for r in replies {
        let mut g = after.clone();
        if g.try_play(r).is_err() {
            continue;
        }
        if g.is_over() {
            return Reply::Escapes(r);
        }
        let mut solver = match Vcf::new(&g, budget) {
            Ok(s) => s,
            Err(_) => return Reply::Unproven,
        };
        let found = match five_points(&g, g.side_to_move()).first() {
            Some(&five) => Ok(Some(vec![five])),
            None => solver.shortest(PLAY_ATTACK),
        };
        budget = budget.saturating_sub(solver.nodes());
        match found {
            Ok(Some(line)) => {
                if best.as_ref().is_none_or(|(_, b)| line.len() > b.len()) {
                    best = Some((r, line));
                }
            }
            Ok(None) => return Reply::Escapes(r),
            Err(_) => return Reply::Unproven,
        }
    }
    match best {
        Some((r, line)) => Reply::Keeps(r, line),
        None => Reply::Unproven,
    }
}
