//! The JavaScript interface: one `Game` class. Everything arriving from JS is checked here;
//! bad input becomes a thrown `Error` with a clear message and the game is left unchanged.

use wasm_bindgen::prelude::*;

use crate::ai::Opponent;
use crate::game::Game as Engine;
use crate::point::Point;
use crate::rng::Rng;
use crate::rule::Rule;

/// Longest move-list text accepted (a full 20×20 game is under 2,000 characters).
const MAX_MOVE_TEXT: usize = 10_000;

/// A game against one of the computer opponents, as the page uses it.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    game: Engine,
    opponent: Opponent,
    rng: Rng,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// `new Game(size, rule, opponent)`: size 5..=20, rule `freestyle`/`standard`/`renju`,
    /// opponent one of `Game.opponent_ids()`.
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, rule: &str, opponent: &str) -> Result<WasmGame, JsError> {
        console_error_panic_hook::set_once();
        let size = whole_number(size, "board size")?;
        let rule: Rule = rule.parse()?;
        let opponent: Opponent = opponent.parse()?;
        Ok(WasmGame {
            game: Engine::new(size, rule)?,
            opponent,
            rng: Rng::from_entropy(),
        })
    }

    /// Ids of the selectable opponents.
    pub fn opponent_ids() -> Vec<String> {
        Opponent::ALL.iter().map(|o| o.id().to_owned()).collect()
    }

    /// Menu label of an opponent id.
    pub fn opponent_name(id: &str) -> Result<String, JsError> {
        Ok(id.parse::<Opponent>()?.name().to_owned())
    }

    pub fn size(&self) -> u32 {
        self.game.size().into()
    }

    pub fn rule(&self) -> String {
        self.game.rule().id().to_owned()
    }

    pub fn opponent(&self) -> String {
        self.opponent.id().to_owned()
    }

    pub fn set_opponent(&mut self, id: &str) -> Result<(), JsError> {
        self.opponent = id.parse()?;
        Ok(())
    }

    /// Makes the opponent's random choices repeatable.
    pub fn set_seed(&mut self, seed: f64) -> Result<(), JsError> {
        let seed = whole_number(seed, "seed")?;
        let seed = u64::try_from(seed).map_err(|_| JsError::new("seed must not be negative"))?;
        self.rng = Rng::seeded(seed);
        Ok(())
    }

    /// Plays `(x, y)` for the side to move (x column from the left, y row from the bottom).
    pub fn place_stone(&mut self, x: f64, y: f64) -> Result<(), JsError> {
        let p = self.point(x, y)?;
        self.game.try_play(p)?;
        Ok(())
    }

    /// The opponent chooses and plays a move for the side to move; returns `[x, y]`.
    pub fn ai_move(&mut self) -> Result<Vec<u32>, JsError> {
        let p = self.opponent.choose(&self.game, &mut self.rng)?;
        self.game.try_play(p)?;
        Ok(vec![p.x.into(), p.y.into()])
    }

    /// Whether somebody has made five.
    pub fn is_win(&self) -> bool {
        self.game.winner().is_some()
    }

    /// 0 nobody, 1 black, 2 white.
    pub fn winner(&self) -> u8 {
        self.game.winner().map_or(0, |c| c.code())
    }

    /// The board is full and nobody won.
    pub fn is_draw(&self) -> bool {
        self.game.is_over() && self.game.winner().is_none()
    }

    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// 1 black, 2 white.
    pub fn side_to_move(&self) -> u8 {
        self.game.side_to_move().code()
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), JsError> {
        self.game.undo()?;
        Ok(())
    }

    /// `size * size` cells, index `y * size + x`: 0 empty, 1 black, 2 white.
    pub fn board(&self) -> Vec<u8> {
        self.game.board().codes()
    }

    /// `[x, y]` of the last move, or empty.
    pub fn last_move(&self) -> Vec<u32> {
        flatten(self.game.last_move())
    }

    /// `[x0, y0, x1, y1, …]` of the winning stones, or empty.
    pub fn winning_line(&self) -> Vec<u32> {
        flatten(self.game.winning_line().iter().copied())
    }

    /// `[x0, y0, …]` of the points black may not play (renju, black to move).
    pub fn forbidden_points(&self) -> Vec<u32> {
        flatten(self.game.forbidden_points())
    }

    /// The moves as text, `h8 i9 j10`.
    pub fn move_list(&self) -> String {
        self.game.move_list().to_string()
    }

    pub fn move_count(&self) -> u32 {
        // At most 400 moves.
        self.game.moves().len() as u32
    }

    /// The selected opponent's score of every point for the side to move, `y * size + x`;
    /// -1 on stones.
    pub fn scores(&self) -> Vec<i32> {
        self.opponent
            .scores(&self.game)
            .into_iter()
            .map(|s| s.unwrap_or(-1))
            .collect()
    }

    /// Replaces the game by the moves of `text` (`h8 i9 j10`) on the same board and rule.
    pub fn load_moves(&mut self, text: &str) -> Result<(), JsError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(JsError::new("move list is too long"));
        }
        self.game = Engine::from_moves(self.game.size().into(), self.game.rule(), text)?;
        Ok(())
    }
}

impl WasmGame {
    fn point(&self, x: f64, y: f64) -> Result<Point, JsError> {
        let x = whole_number(x, "x")?;
        let y = whole_number(y, "y")?;
        Ok(self.game.point(x, y)?)
    }
}

/// A JS number that must hold a whole number (not NaN, infinite or fractional).
fn whole_number(v: f64, what: &str) -> Result<i64, JsError> {
    // 2^53: every integer up to here is exact in f64.
    const LIMIT: f64 = 9_007_199_254_740_992.0;
    if v.is_finite() && v.fract() == 0.0 && v.abs() <= LIMIT {
        // Exact: a whole number within ±2^53.
        Ok(v as i64)
    } else {
        Err(JsError::new(&format!(
            "{what} must be a whole number, got {v}"
        )))
    }
}

fn flatten(points: impl IntoIterator<Item = Point>) -> Vec<u32> {
    points
        .into_iter()
        .flat_map(|p| [u32::from(p.x), u32::from(p.y)])
        .collect()
}
