//! A puzzle in play for the page: `new PuzzleGame(size, rule, moves)` for the position after
//! `moves`, the side to move attacking (see [`crate::puzzle::play`]).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::{color_code, flatten, to_js, whole_number, Thrown, MAX_MOVE_TEXT};
use crate::point::Point;
use crate::puzzle::play::{NotAPuzzle, PuzzlePlay, Verdict};
use crate::puzzle::{grade_of, puzzle_id};
use crate::rule::Rule;

/// A puzzle being played.
#[wasm_bindgen]
pub struct PuzzleGame {
    play: PuzzlePlay,
    id: String,
    attack: usize,
}

/// What a move did, as JS sees it.
#[derive(Serialize)]
struct VerdictView {
    /// `solved`, `kept`, `escapes` or `unproven`.
    verdict: &'static str,
    /// The computer's reply (kept) or a reply that escapes (escapes).
    reply: Option<[u8; 2]>,
    /// Attacking moves still needed at best (kept).
    left: Option<usize>,
}

#[wasm_bindgen]
impl PuzzleGame {
    /// The puzzle of the position after `moves` (`h8 i9 …`) on a `size` board under `rule`
    /// (freestyle or standard). Throws `not_a_puzzle` when the side to move has no win by
    /// fours of 2 to 7 moves that the solver proves, `unsupported` for renju or a finished
    /// game, and the usual codes for a bad size, rule or move list.
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, rule: &str, moves: &str) -> Result<PuzzleGame, Thrown> {
        let size = whole_number(size, "board size")?;
        let rule: Rule = rule.parse()?;
        if moves.len() > MAX_MOVE_TEXT {
            return Err(Thrown::new("too_long", "move list is too long"));
        }
        let game = crate::game::Game::from_moves(size, rule, moves)?;
        let id = puzzle_id(&game);
        let play = PuzzlePlay::new(game).map_err(|e| match e {
            NotAPuzzle::Unsupported => Thrown::new(
                "unsupported",
                "puzzles are for freestyle and standard games that are not over",
            ),
            NotAPuzzle::NoWin => Thrown::new(
                "not_a_puzzle",
                "the side to move has no win by continuous fours here",
            ),
        })?;
        let attack = play.solution().len().div_ceil(2);
        Ok(PuzzleGame { play, id, attack })
    }

    /// The position's id (the same as the puzzle file's).
    #[must_use]
    pub fn id(&self) -> String {
        self.id.clone()
    }

    /// The grade of the shortest win from the start: 1 to 4.
    #[must_use]
    pub fn grade(&self) -> u32 {
        grade_of(self.attack).map_or(0, |g| g as u32)
    }

    /// Moves of the attacker in the shortest win from the start.
    #[must_use]
    pub fn attack(&self) -> u32 {
        self.attack as u32
    }

    /// The attacker: 1 black, 2 white.
    #[must_use]
    pub fn attacker(&self) -> u8 {
        color_code(self.play.attacker())
    }

    /// Every move so far from the empty board, flattened `[x0, y0, x1, y1, …]`.
    #[must_use]
    pub fn moves(&self) -> Vec<u32> {
        flatten(self.play.game().moves().iter().copied())
    }

    /// Whether the attacker has made five.
    #[must_use]
    pub fn solved(&self) -> bool {
        self.play.solved()
    }

    /// The winning five once solved, flattened.
    #[must_use]
    pub fn winning_line(&self) -> Vec<u32> {
        flatten(self.play.game().winning_line().iter().copied())
    }

    /// The shortest win from the position now, blocks included, flattened (empty once solved).
    #[must_use]
    pub fn solution(&self) -> Vec<u32> {
        flatten(self.play.solution().iter().copied())
    }

    /// The player's move at column `x`, row `y` (0-based): `{ verdict, reply, left }`. Only a
    /// kept move (and its reply) stays on the board. Throws for an illegal move or a solved
    /// puzzle; nothing changes then.
    pub fn play(&mut self, x: f64, y: f64) -> Result<JsValue, Thrown> {
        let p = self
            .play
            .game()
            .point(whole_number(x, "x")?, whole_number(y, "y")?)?;
        let xy = |p: Point| [p.x, p.y];
        let view = match self.play.play(p)? {
            Verdict::Solved => VerdictView {
                verdict: "solved",
                reply: None,
                left: None,
            },
            Verdict::Kept { reply, left } => VerdictView {
                verdict: "kept",
                reply: Some(xy(reply)),
                left: Some(left),
            },
            Verdict::Escapes { reply } => VerdictView {
                verdict: "escapes",
                reply: Some(xy(reply)),
                left: None,
            },
            Verdict::Unproven => VerdictView {
                verdict: "unproven",
                reply: None,
                left: None,
            },
        };
        to_js(&view)
    }
}
