//! The JavaScript interface: one `Game` class. Everything arriving from JS is checked here;
//! bad input becomes a thrown `Error` with a clear message and the game is left unchanged.

use wasm_bindgen::prelude::*;

use crate::bench;
use crate::clock::SystemClock;
use crate::game::Game as Engine;
use crate::level::{Level, Player};
use crate::point::Point;
use crate::position::threat::Threat;
use crate::position::{cell_of, Position};
use crate::rng::Rng;
use crate::rule::Rule;
use crate::search::{Limits, Report, DEFAULT_TT_BYTES_WASM};

/// Longest move-list text accepted (a full 20×20 game is under 2,000 characters).
const MAX_MOVE_TEXT: usize = 10_000;

/// Longest analysis accepted, in milliseconds.
const MAX_ANALYSIS_MS: f64 = 600_000.0;

/// A game against one of the computer opponents, as the page uses it.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    game: Engine,
    player: Player,
    /// Searches for hints and analysis, apart from the opponent's own memory.
    analyst: Player,
    last_report: Option<Report>,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// `new Game(size, rule, opponent)`: size 5..=20, rule `freestyle`/`standard`/`renju`,
    /// opponent one of `Game.opponent_ids()` (or `search-N` / `analysis-N`).
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, rule: &str, opponent: &str) -> Result<WasmGame, JsError> {
        console_error_panic_hook::set_once();
        let size = whole_number(size, "board size")?;
        let rule: Rule = rule.parse()?;
        let level: Level = opponent.parse()?;
        Ok(WasmGame {
            game: Engine::new(size, rule)?,
            player: Player::new(level, DEFAULT_TT_BYTES_WASM, Rng::from_entropy()),
            analyst: Player::new(
                Level::Analysis { max_ms: 1000 },
                DEFAULT_TT_BYTES_WASM,
                Rng::seeded(0),
            ),
            last_report: None,
        })
    }

    /// Ids of the selectable opponents, weakest first.
    pub fn opponent_ids() -> Vec<String> {
        Level::LADDER.iter().map(|l| l.id()).collect()
    }

    /// Menu label of an opponent id.
    pub fn opponent_name(id: &str) -> Result<String, JsError> {
        Ok(id.parse::<Level>()?.name())
    }

    /// Whether an opponent searches (and so has depth, nodes and a principal variation to
    /// show).
    pub fn opponent_searches(id: &str) -> Result<bool, JsError> {
        Ok(id.parse::<Level>()?.searches())
    }

    pub fn size(&self) -> u32 {
        self.game.size().into()
    }

    pub fn rule(&self) -> String {
        self.game.rule().id().to_owned()
    }

    pub fn opponent(&self) -> String {
        self.player.level().id()
    }

    pub fn set_opponent(&mut self, id: &str) -> Result<(), JsError> {
        self.player.set_level(id.parse()?);
        Ok(())
    }

    /// Makes the opponent's random choices repeatable.
    pub fn set_seed(&mut self, seed: f64) -> Result<(), JsError> {
        let seed = whole_number(seed, "seed")?;
        let seed = u64::try_from(seed).map_err(|_| JsError::new("seed must not be negative"))?;
        *self.player.rng_mut() = Rng::seeded(seed);
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
        self.ai_move_with(None)
    }

    /// Like `ai_move`, calling `progress(reportJson)` after each completed search
    /// iteration (see `last_report` for the format).
    pub fn ai_move_with(
        &mut self,
        progress: Option<js_sys::Function>,
    ) -> Result<Vec<u32>, JsError> {
        let mut info = |r: &Report| call_progress(progress.as_ref(), r);
        let report = self
            .player
            .choose(&self.game, &SystemClock::new(), &mut info)?;
        let p = report.best.ok_or(crate::GameError::NoLegalMove)?;
        self.game.try_play(p)?;
        self.last_report = Some(report);
        Ok(vec![p.x.into(), p.y.into()])
    }

    /// Searches the position for the side to move for up to `time_ms` without playing,
    /// stopping early on a proven result; returns the report as JSON. For hints and
    /// analysis.
    pub fn analyze(
        &mut self,
        time_ms: f64,
        progress: Option<js_sys::Function>,
    ) -> Result<String, JsError> {
        let ms = whole_number(time_ms, "time")?;
        if !(1.0..=MAX_ANALYSIS_MS).contains(&(ms as f64)) {
            return Err(JsError::new("time must be 1 to 600000 ms"));
        }
        let limits = Limits {
            time_ms: Some(ms as u64),
            ..Limits::default()
        };
        let mut info = |r: &Report| call_progress(progress.as_ref(), r);
        let report =
            self.analyst
                .choose_with(&self.game, &limits, &SystemClock::new(), &mut info)?;
        Ok(report_json(&report))
    }

    /// The last computer move's report as JSON: `{"best":[x,y],"score":s,"mate_in":n|null,
    /// "depth":d,"seldepth":d,"nodes":n,"nps":n,"elapsed_ms":t,"pv":[[x,y],…]}`, or `null`.
    pub fn last_report(&self) -> String {
        self.last_report
            .as_ref()
            .map_or("null".to_owned(), report_json)
    }

    /// Threats on the board: `[x, y, colour, kind, …]` for every empty point where a stone
    /// of `colour` (1 black, 2 white) would make `kind`: 3 open three, 4 four, 5 double
    /// three, 6 four-three, 7 open four, 8 five.
    pub fn threats(&self) -> Vec<u32> {
        let pos = Position::from_game(&self.game);
        let mut out = Vec::new();
        for p in self.game.board().empty_points() {
            for c in [crate::Color::Black, crate::Color::White] {
                let th = pos.threat(c, cell_of(p));
                if th >= Threat::Three {
                    out.extend([p.x.into(), p.y.into(), c.code().into(), th as u32]);
                }
            }
        }
        out
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
        self.player
            .level()
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
        self.last_report = None;
        Ok(())
    }
}

/// Runs the benchmark to `depth` (1 to 12) and returns `{"depth":d,"nodes":n,
/// "elapsed_ms":t,"nps":n}`.
#[wasm_bindgen]
pub fn bench(depth: f64) -> Result<String, JsError> {
    let depth = whole_number(depth, "depth")?;
    if !(1..=12).contains(&depth) {
        return Err(JsError::new("depth must be 1 to 12"));
    }
    let s = bench::run(depth as u32, &SystemClock::new());
    Ok(format!(
        "{{\"depth\":{depth},\"nodes\":{},\"elapsed_ms\":{:.0},\"nps\":{:.0}}}",
        s.nodes,
        s.elapsed_ms,
        s.nps()
    ))
}

fn call_progress(progress: Option<&js_sys::Function>, report: &Report) {
    if let Some(f) = progress {
        // A throwing callback must not abort the search.
        let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&report_json(report)));
    }
}

fn report_json(r: &Report) -> String {
    let point = |p: Point| format!("[{},{}]", p.x, p.y);
    let best = r.best.map_or("null".to_owned(), point);
    let mate = r.mate_in.map_or("null".to_owned(), |m| m.to_string());
    let pv: Vec<String> = r.pv.iter().map(|&p| point(p)).collect();
    format!(
        "{{\"best\":{best},\"score\":{},\"mate_in\":{mate},\"depth\":{},\"seldepth\":{},\"nodes\":{},\"nps\":{},\"elapsed_ms\":{},\"pv\":[{}]}}",
        r.score,
        r.depth,
        r.seldepth,
        r.nodes,
        r.nps(),
        r.elapsed_ms,
        pv.join(",")
    )
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
