//! The JavaScript interface: the `Game` class, a game's `Review`, a `PuzzleGame`, and the `bench` function. Everything arriving
//! from JS is checked here; bad input becomes a thrown `Error` with a clear message and a
//! machine-readable `code` (see [`Thrown`]), and the game is left unchanged. Structured answers (level descriptions, search reports, bench
//! results) are plain JS objects.

use std::fmt::Display;

use serde::Serialize;
use serde_wasm_bindgen::Serializer;
use wasm_bindgen::prelude::*;

use crate::bench;
use crate::clock::SystemClock;
use crate::color::Color;
use crate::error::{GameError, LoadError, ParseMovesError, ParseNameError, ParseProblem};
use crate::level::{Level, Player};
use crate::opening::{self, OpeningError, SwapRule};
use crate::point::Point;
use crate::position::threat::Threat;
use crate::rng::Rng;
use crate::rule::Rule;
use crate::search::{Engine, Limits, Report, DEFAULT_TT_BYTES_WASM};

mod puzzle;
pub use puzzle::PuzzleGame;

/// Longest move-list text accepted (a full 20×20 game is under 2,000 characters).
const MAX_MOVE_TEXT: usize = 10_000;

/// Longest analysis accepted, in milliseconds.
const MAX_ANALYSIS_MS: f64 = 600_000.0;

/// What the interface throws: a JS `Error` whose `message` says what went wrong in English
/// and whose `code` names the kind of failure, for the page to say it in the player's
/// language: a game refusal's code ([`GameError::code`]: `occupied`, `out_of_board`,
/// `forbidden`, `game_over`, `nothing_to_undo`, …), `bad_size`, `bad_move_list`,
/// `unknown_rule`, `unknown_level`, or the interface's own `not_a_whole_number`,
/// `out_of_range`, `too_long`. Beside them where they apply: `point` (`"h8"`), and for a move
/// list, `move_number` (from 1) or `position` (the character, from 1), `found` and `reason`
/// (what was wrong there: [`ParseProblem::code`]), with `size` for a reason that names
/// the board's side.
#[derive(Debug)]
pub struct Thrown {
    code: &'static str,
    message: String,
    point: Option<String>,
    // Counts as u32 (a move list is at most MAX_MOVE_TEXT characters): `Thrown` stays small.
    move_number: Option<u32>,
    position: Option<u32>,
    found: Option<String>,
    problem: Option<ParseProblem>,
}

impl Thrown {
    fn new(code: &'static str, message: impl Display) -> Thrown {
        Thrown {
            code,
            message: message.to_string(),
            point: None,
            move_number: None,
            position: None,
            found: None,
            problem: None,
        }
    }

    /// The failure's code (for tests; JS reads the `code` property).
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The English message.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<GameError> for Thrown {
    fn from(e: GameError) -> Thrown {
        Thrown {
            point: e.point().map(|p| p.to_string()),
            ..Thrown::new(e.code(), &e)
        }
    }
}

impl From<ParseMovesError> for Thrown {
    fn from(e: ParseMovesError) -> Thrown {
        Thrown {
            position: u32::try_from(e.position + 1).ok(),
            found: Some(e.found.clone()),
            problem: Some(e.problem),
            ..Thrown::new(e.code(), &e)
        }
    }
}

impl From<LoadError> for Thrown {
    fn from(e: LoadError) -> Thrown {
        let thrown = Thrown::new(e.code(), &e);
        match e {
            LoadError::BadSize(_) => thrown,
            LoadError::Parse(p) => Thrown {
                message: thrown.message,
                ..Thrown::from(p)
            },
            LoadError::Illegal { number, point, .. } => Thrown {
                point: Some(point.to_string()),
                move_number: u32::try_from(number).ok(),
                ..thrown
            },
        }
    }
}

impl From<ParseNameError> for Thrown {
    fn from(e: ParseNameError) -> Thrown {
        Thrown::new(e.code(), &e)
    }
}

impl From<Thrown> for JsValue {
    fn from(t: Thrown) -> JsValue {
        let error = js_sys::Error::new(&t.message);
        let fields = [
            ("code", Some(JsValue::from_str(t.code))),
            ("point", t.point.map(|p| JsValue::from_str(&p))),
            (
                "move_number",
                t.move_number.map(|n| JsValue::from(f64::from(n))),
            ),
            ("position", t.position.map(|n| JsValue::from(f64::from(n)))),
            ("found", t.found.map(|f| JsValue::from_str(&f))),
            ("reason", t.problem.map(|p| JsValue::from_str(p.code()))),
            (
                "size",
                t.problem
                    .and_then(ParseProblem::size)
                    .map(|n| JsValue::from(f64::from(n))),
            ),
        ];
        for (key, value) in fields {
            if let Some(value) = value {
                // Setting a property on a fresh Error object cannot fail.
                let _ = js_sys::Reflect::set(&error, &JsValue::from_str(key), &value);
            }
        }
        error.into()
    }
}

/// Panics print their message and stack to the console instead of a bare "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A game against one of the levels, as the page uses it.
#[wasm_bindgen]
pub struct Game {
    game: crate::game::Game,
    player: Player,
    /// Searches for hints and analysis, apart from the level's own memory; made on the
    /// first analysis, so games that are never analysed stay small.
    analyst: Option<Engine>,
    last_report: Option<Report>,
}

/// A level as JS sees it (`Game.levels()`, `Game.level_info(id)`).
#[derive(Serialize)]
struct LevelInfo {
    id: String,
    kind: &'static str,
    /// Place on the ladder, weakest first; `null` off the ladder.
    rank: Option<usize>,
    /// Time a move for search levels, most time for analysis levels.
    time_ms: Option<u32>,
    /// Positions a move (on average) for node-limited levels, instead of a time.
    nodes: Option<u32>,
    /// Elo on the ladder, `pattern-001` = 0 (see `Level::elo`); `null` off it.
    elo: Option<i32>,
    searches: bool,
    article: Option<&'static str>,
}

impl LevelInfo {
    fn of(level: Level) -> LevelInfo {
        LevelInfo {
            id: level.id(),
            kind: level.kind().id(),
            rank: level.rank(),
            time_ms: level.time_ms(),
            nodes: level.nodes(),
            elo: level.elo(),
            searches: level.searches(),
            article: level.article(),
        }
    }
}

/// A search report as JS sees it; points are `[x, y]`.
#[derive(Serialize)]
struct ReportView {
    best: Option<[u8; 2]>,
    score: i32,
    mate_in: Option<i32>,
    /// The side to move loses against best play (see [`Report::sees_loss`]).
    lost: bool,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    elapsed_ms: u64,
    pv: Vec<[u8; 2]>,
}

impl ReportView {
    fn of(r: &Report) -> ReportView {
        let xy = |p: Point| [p.x, p.y];
        ReportView {
            best: r.best.map(xy),
            score: r.score,
            mate_in: r.mate_in,
            lost: r.sees_loss(),
            depth: r.depth,
            seldepth: r.seldepth,
            nodes: r.nodes,
            nps: r.nps(),
            elapsed_ms: r.elapsed_ms,
            pv: r.pv.iter().copied().map(xy).collect(),
        }
    }
}

/// What `swap_decision` returns.
#[derive(Serialize)]
struct SwapView {
    action: &'static str,
    stones: Vec<[u8; 2]>,
    white_score: i32,
    proven: Option<u8>,
    nodes: u64,
    compared: usize,
    budget: u64,
}

/// What `bench(depth)` returns.
#[derive(Serialize)]
struct BenchView {
    depth: u32,
    nodes: u64,
    elapsed_ms: f64,
    nps: f64,
    /// The engine was built with debug assertions (see [`debug_build`]).
    debug_build: bool,
}

#[wasm_bindgen]
impl Game {
    /// `new Game(size, rule, level)`: size 5..=20, rule `freestyle`/`standard`/`renju`,
    /// level one of `Game.levels()` (or any `search-N` / `analysis-N`).
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, rule: &str, level: &str) -> Result<Game, Thrown> {
        let size = whole_number(size, "board size")?;
        let rule: Rule = rule.parse()?;
        let level: Level = level.parse()?;
        Ok(Game {
            game: crate::game::Game::new(size, rule)?,
            player: Player::new(level, DEFAULT_TT_BYTES_WASM, Rng::from_entropy()),
            analyst: None,
            last_report: None,
        })
    }

    /// The ladder of levels, weakest first: an array of level descriptions
    /// `{ id, kind, rank, time_ms, nodes, elo, searches, article }`.
    pub fn levels() -> Result<JsValue, Thrown> {
        let infos: Vec<LevelInfo> = Level::LADDER.into_iter().map(LevelInfo::of).collect();
        to_js(&infos)
    }

    /// The description of any level id the engine accepts, on the ladder or not
    /// (`search-777`): `{ id, kind: "article"|"lookahead"|"nodes"|"search"|"analysis",
    /// rank: n|null, time_ms: n|null, nodes: n|null, elo: n|null, searches,
    /// article: "000"…"004"|null }`.
    pub fn level_info(id: &str) -> Result<JsValue, Thrown> {
        to_js(&LevelInfo::of(id.parse()?))
    }

    /// Board side.
    pub fn size(&self) -> u32 {
        self.game.size().into()
    }

    /// How the level makes its score of the empty point (x, y), in its article's terms:
    /// `{ article, combine: "sum"|"max", total, parts: [{ direction, side, what, count,
    /// value }] }` (see `Level::explain`), or `null` on a stone and for the search levels.
    pub fn explain(&self, x: f64, y: f64) -> Result<JsValue, Thrown> {
        let p = self.point(x, y)?;
        match self.player.level().explain(&self.game, p) {
            Some(why) => to_js(&why),
            None => Ok(JsValue::NULL),
        }
    }

    /// Rule id: `freestyle`, `standard` or `renju`.
    pub fn rule(&self) -> String {
        self.game.rule().id().to_owned()
    }

    /// The level's id.
    pub fn level(&self) -> String {
        self.player.level().id()
    }

    /// Plays at another level from the next move on.
    pub fn set_level(&mut self, id: &str) -> Result<(), Thrown> {
        self.player.set_level(id.parse()?);
        Ok(())
    }

    /// Makes the level's random choices repeatable.
    pub fn set_seed(&mut self, seed: f64) -> Result<(), Thrown> {
        let seed = whole_number(seed, "seed")?;
        let seed = u64::try_from(seed)
            .map_err(|_| Thrown::new("out_of_range", "seed must not be negative"))?;
        *self.player.rng_mut() = Rng::seeded(seed);
        Ok(())
    }

    /// Plays `(x, y)` for the side to move (x column from the left, y row from the bottom).
    pub fn place_stone(&mut self, x: f64, y: f64) -> Result<(), Thrown> {
        let p = self.point(x, y)?;
        self.game.try_play(p)?;
        Ok(())
    }

    /// The level chooses and plays a move for the side to move; returns `[x, y]`.
    pub fn ai_move(&mut self) -> Result<Vec<u32>, Thrown> {
        self.ai_move_with(None)
    }

    /// Like `ai_move`, calling `progress(report)` after each completed search iteration
    /// (see `last_report` for the report).
    pub fn ai_move_with(&mut self, progress: Option<js_sys::Function>) -> Result<Vec<u32>, Thrown> {
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
    /// stopping early on a proven result, calling `progress(report)` after each iteration;
    /// returns the final report. For hints and analysis.
    pub fn analyze(
        &mut self,
        time_ms: f64,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, Thrown> {
        let ms = whole_number(time_ms, "time")?;
        if !(1.0..=MAX_ANALYSIS_MS).contains(&(ms as f64)) {
            return Err(Thrown::new("out_of_range", "time must be 1 to 600000 ms"));
        }
        let limits = Limits {
            time_ms: Some(ms as u64),
            ..Limits::default()
        };
        let mut info = |r: &Report| call_progress(progress.as_ref(), r);
        let report = self
            .analyst
            .get_or_insert_with(|| Engine::new(DEFAULT_TT_BYTES_WASM))
            .search(&self.game, &limits, &SystemClock::new(), &mut info)?;
        to_js(&ReportView::of(&report))
    }

    /// The computer's decision in a swap opening (`kind` `swap1` or `swap2`) at this point of
    /// the game, by searches at the level's fixed node budget (see [`crate::opening`]), without
    /// playing it: `{ action: 'place'|'black'|'white'|'two', stones: [[x, y], …],
    /// white_score, proven: 1|2|null, nodes, compared, budget }`: the stones to place (the
    /// three opening stones, or swap2's two more), or the colour taken, with the search's
    /// score for white of the position the decision leaves.
    pub fn swap_decision(&mut self, kind: &str) -> Result<JsValue, Thrown> {
        let swap: SwapRule = kind
            .parse()
            .map_err(|e: OpeningError| Thrown::new("bad_opening", e))?;
        let budget = opening::budget(self.player.level());
        let (engine, rng) = self.player.engine_and_rng();
        let d = opening::decide(&self.game, swap, budget, engine, rng)
            .map_err(|e| Thrown::new("bad_opening", e))?;
        to_js(&SwapView {
            action: d.action.id(),
            stones: d.stones.iter().map(|p| [p.x, p.y]).collect(),
            white_score: d.white_score,
            proven: d.proven.map(|c| if c == Color::Black { 1 } else { 2 }),
            nodes: d.nodes,
            compared: d.compared,
            budget,
        })
    }

    /// The last computer move's report, or `null`: `{ best: [x, y] | null, score,
    /// mate_in: n | null, lost, depth, seldepth, nodes, nps, elapsed_ms, pv: [[x, y], …] }`.
    pub fn last_report(&self) -> Result<JsValue, Thrown> {
        match &self.last_report {
            Some(r) => to_js(&ReportView::of(r)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Threats on the board: `[x, y, colour, code, …]` for every empty point where a stone
    /// of `colour` (1 black, 2 white) would make the threat of that code (see
    /// [`threat_code`]).
    pub fn threats(&self) -> Vec<u32> {
        self.game
            .threats()
            .into_iter()
            .filter_map(|(p, c, t)| {
                threat_code(t).map(|code| [p.x.into(), p.y.into(), c.code().into(), code])
            })
            .flatten()
            .collect()
    }

    /// Whether somebody has made five.
    pub fn is_win(&self) -> bool {
        self.game.winner().is_some()
    }

    /// 0 nobody, 1 black, 2 white.
    pub fn winner(&self) -> u8 {
        self.game.winner().map_or(0, |c| c.code())
    }

    /// Nobody won and the game is over: the board is full, or (renju) black has only
    /// forbidden points left (see `draw_reason`).
    pub fn is_draw(&self) -> bool {
        self.game.draw_reason().is_some()
    }

    /// Why the game is a draw: `"board_full"`, `"no_legal_move"` (renju: every empty point
    /// is forbidden for black, who is to move), or `undefined` while it is not a draw.
    pub fn draw_reason(&self) -> Option<String> {
        self.game.draw_reason().map(|r| r.code().to_owned())
    }

    /// Whether the game has ended, won or drawn.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// 1 black, 2 white.
    pub fn side_to_move(&self) -> u8 {
        self.game.side_to_move().code()
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Result<(), Thrown> {
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

    /// `[x0, y0, …]` of the points black may not play (renju, black to move, nobody has
    /// won): every empty point in a game drawn for `"no_legal_move"`.
    pub fn forbidden_points(&self) -> Vec<u32> {
        flatten(self.game.forbidden_points())
    }

    /// The moves as text, `h8 i9 j10`.
    pub fn move_list(&self) -> String {
        self.game.move_list().to_string()
    }

    /// Number of moves played.
    pub fn move_count(&self) -> u32 {
        // At most 400 moves.
        self.game.moves().len() as u32
    }

    /// The level's score of every point for the side to move, `y * size + x`; -1 on stones.
    pub fn scores(&self) -> Vec<i32> {
        self.player
            .level()
            .scores(&self.game)
            .into_iter()
            .map(|s| s.unwrap_or(-1))
            .collect()
    }

    /// Replaces the game by the moves of `text` (`h8 i9 j10`) on the same board and rule.
    pub fn load_moves(&mut self, text: &str) -> Result<(), Thrown> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(Thrown::new("too_long", "move list is too long"));
        }
        self.game = crate::game::Game::from_moves(self.game.size().into(), self.game.rule(), text)?;
        self.last_report = None;
        Ok(())
    }
}

impl Game {
    fn point(&self, x: f64, y: f64) -> Result<Point, Thrown> {
        let x = whole_number(x, "x")?;
        let y = whole_number(y, "y")?;
        Ok(self.game.point(x, y)?)
    }
}

/// Most nodes a review may spend on one position.
const MAX_REVIEW_NODES: f64 = 10_000_000.0;

/// A game's review (see [`crate::review`]): `new Review(size, rule, moves, nodes)`, then
/// `step()` until it returns false (one position a call, so the caller can show progress and
/// stop), then `result()`.
#[wasm_bindgen]
pub struct Review {
    review: crate::review::Review,
    nodes: u64,
}

/// A searched position as JS sees it: black's chance to win and, when proven, who wins.
#[derive(Serialize)]
struct PositionView {
    black_chance: f64,
    /// 1 black or 2 white: that side wins by force (or has won).
    proven: Option<u8>,
    /// Moves (of the winner) to five, for a proven result not yet on the board.
    proven_in: Option<i32>,
    best: Option<[u8; 2]>,
    pv: Vec<[u8; 2]>,
    score: i32,
}

/// A judged move as JS sees it; `mover` 1 black, 2 white; chances 0 to 1 for the mover.
#[derive(Serialize)]
struct MoveView {
    played: [u8; 2],
    mover: u8,
    class: &'static str,
    before: f64,
    after: f64,
    drop: f64,
    better: Option<[u8; 2]>,
    line: Vec<[u8; 2]>,
    /// A missed win the puzzle solver proves (by fours, or a threat then fours): the position
    /// before the move is a puzzle.
    puzzle: bool,
}

#[derive(Serialize)]
struct SummaryView {
    accuracy: Option<f64>,
    counts: std::collections::BTreeMap<&'static str, u32>,
}

#[derive(Serialize)]
struct ReviewView {
    nodes: u64,
    positions: Vec<PositionView>,
    moves: Vec<MoveView>,
    black: SummaryView,
    white: SummaryView,
}

fn color_code(c: Color) -> u8 {
    if c == Color::Black {
        1
    } else {
        2
    }
}

#[wasm_bindgen]
impl Review {
    /// A review of the moves `moves` (`h8 i9 …`) of a game of `size` under `rule`, searching
    /// `nodes` positions a move (1 to 10,000,000; `Review.default_nodes()` is the page's).
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, rule: &str, moves: &str, nodes: f64) -> Result<Review, Thrown> {
        let size = whole_number(size, "board size")?;
        let rule: Rule = rule.parse()?;
        let nodes = whole_number(nodes, "nodes")?;
        if !(1.0..=MAX_REVIEW_NODES).contains(&(nodes as f64)) {
            return Err(Thrown::new("out_of_range", "nodes must be 1 to 10000000"));
        }
        if moves.len() > MAX_MOVE_TEXT {
            return Err(Thrown::new("too_long", "move list is too long"));
        }
        let game = crate::game::Game::from_moves(size, rule, moves)?;
        let nodes = nodes as u64;
        Ok(Review {
            review: crate::review::Review::new(&game, Engine::new(DEFAULT_TT_BYTES_WASM), nodes)?,
            nodes,
        })
    }

    /// The budget the page reviews with ([`crate::review::REVIEW_NODES`]).
    #[must_use]
    pub fn default_nodes() -> f64 {
        crate::review::REVIEW_NODES as f64
    }

    /// Positions to search (moves + 1).
    #[must_use]
    pub fn total(&self) -> u32 {
        u32::try_from(self.review.total()).unwrap_or(u32::MAX)
    }

    /// Positions searched so far.
    #[must_use]
    pub fn done(&self) -> u32 {
        u32::try_from(self.review.done()).unwrap_or(u32::MAX)
    }

    /// Searches the next position; false once every position is done.
    pub fn step(&mut self) -> bool {
        self.review.step()
    }

    /// `{ nodes, positions: [{ black_chance, proven, proven_in, best, pv, score }],
    /// moves: [{ played, mover, class, before, after, drop, better, line, puzzle }], black, white }`
    /// with `black` and `white` `{ accuracy, counts: { best: n, … } }`, for what is done.
    pub fn result(&self) -> Result<JsValue, Thrown> {
        let xy = |p: Point| [p.x, p.y];
        let positions = self
            .review
            .positions()
            .iter()
            .enumerate()
            .map(|(ply, s)| {
                let to_move = if ply % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let proven = match (s.over, s.mate_in) {
                    (Some(winner), _) => winner.map(color_code),
                    (None, Some(m)) => {
                        Some(color_code(if m > 0 { to_move } else { to_move.opposite() }))
                    }
                    (None, None) => None,
                };
                PositionView {
                    black_chance: s.chance(Color::Black, to_move),
                    proven,
                    proven_in: s.mate_in.map(|m| (m.abs() + 1) / 2),
                    best: s.best.map(xy),
                    pv: s.pv.iter().copied().map(xy).collect(),
                    score: s.score,
                }
            })
            .collect();
        let judged = self.review.moves();
        let moves = judged
            .iter()
            .enumerate()
            .map(|(ply, m)| MoveView {
                puzzle: m.class == crate::review::MoveClass::MissedWin
                    && self
                        .review
                        .position_before(ply)
                        .is_some_and(|g| crate::puzzle::play::PuzzlePlay::new(g).is_ok()),
                played: xy(m.played),
                mover: color_code(m.mover),
                class: m.class.id(),
                before: m.before,
                after: m.after,
                drop: m.drop,
                better: m.better.map(xy),
                line: m.line.iter().copied().map(xy).collect(),
            })
            .collect();
        let side = |c: Color| {
            let s = crate::review::summary(&judged, c);
            SummaryView {
                accuracy: s.accuracy,
                counts: crate::review::MoveClass::ALL
                    .iter()
                    .zip(s.counts)
                    .map(|(class, n)| (class.id(), n))
                    .collect(),
            }
        };
        to_js(&ReviewView {
            nodes: self.nodes,
            positions,
            moves,
            black: side(Color::Black),
            white: side(Color::White),
        })
    }
}

/// Runs the benchmark to `depth` (1 to 12) and returns `{ depth, nodes, elapsed_ms, nps }`
/// (times in whole milliseconds, speed in whole nodes a second).
#[wasm_bindgen]
pub fn bench(depth: f64) -> Result<JsValue, Thrown> {
    let depth = whole_number(depth, "depth")?;
    if !(1..=12).contains(&depth) {
        return Err(Thrown::new("out_of_range", "depth must be 1 to 12"));
    }
    // 1 to 12.
    let depth = depth as u32;
    let s = bench::run(depth, &SystemClock::new());
    to_js(&BenchView {
        depth,
        nodes: s.nodes,
        elapsed_ms: s.elapsed_ms.round(),
        nps: s.nps().round(),
        debug_build: debug_build(),
    })
}

/// Whether this engine was built with debug assertions: an unoptimised development build
/// that searches several times slower (and so shallower) than the one players get. The page
/// says so whenever it is.
#[wasm_bindgen]
#[must_use]
pub fn debug_build() -> bool {
    cfg!(debug_assertions)
}

/// The wire code of a threat in [`Game::threats`]: 3 open three, 4 four, 5 double three,
/// 6 four-three, 7 open four, 8 five; `None` for the weaker kinds, which are not listed.
/// Fixed numbers that the page relies on, independent of the order of [`Threat`].
#[must_use]
pub const fn threat_code(threat: Threat) -> Option<u32> {
    match threat {
        Threat::None | Threat::Forbidden | Threat::Two => None,
        Threat::Three => Some(3),
        Threat::Four => Some(4),
        Threat::DoubleThree => Some(5),
        Threat::FourThree => Some(6),
        Threat::OpenFour => Some(7),
        Threat::Five => Some(8),
    }
}

fn call_progress(progress: Option<&js_sys::Function>, report: &Report) {
    if let Some(f) = progress {
        if let Ok(value) = to_js(&ReportView::of(report)) {
            // A throwing callback must not abort the search.
            let _ = f.call1(&JsValue::NULL, &value);
        }
    }
}

/// A plain JS object (arrays for sequences, `null` for `None`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, Thrown> {
    value
        .serialize(&Serializer::json_compatible())
        .map_err(|e| Thrown::new("internal", e.to_string()))
}

/// A JS number that must hold a whole number (not NaN, infinite or fractional).
fn whole_number(v: f64, what: &str) -> Result<i64, Thrown> {
    // 2^53: every integer up to here is exact in f64.
    const LIMIT: f64 = 9_007_199_254_740_992.0;
    if v.is_finite() && v.fract() == 0.0 && v.abs() <= LIMIT {
        // Exact: a whole number within ±2^53.
        Ok(v as i64)
    } else {
        Err(Thrown::new(
            "not_a_whole_number",
            format!("{what} must be a whole number, got {v}"),
        ))
    }
}

fn flatten(points: impl IntoIterator<Item = Point>) -> Vec<u32> {
    points
        .into_iter()
        .flat_map(|p| [u32::from(p.x), u32::from(p.y)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page keys its threat labels on these numbers: they must not follow the enum.
    #[test]
    fn threat_wire_codes_are_fixed() {
        let codes = [
            (Threat::None, None),
            (Threat::Forbidden, None),
            (Threat::Two, None),
            (Threat::Three, Some(3)),
            (Threat::Four, Some(4)),
            (Threat::DoubleThree, Some(5)),
            (Threat::FourThree, Some(6)),
            (Threat::OpenFour, Some(7)),
            (Threat::Five, Some(8)),
        ];
        assert_eq!(codes.len(), Threat::COUNT);
        for (threat, code) in codes {
            assert_eq!(threat_code(threat), code, "{threat:?}");
        }
    }
}
