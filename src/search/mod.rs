//! The main search: iterative deepening alpha-beta over the pattern evaluation, with a
//! transposition table and threat-space search (VCF/VCT). Limits come in a settings struct.

mod ab;
mod correction;
mod params;
pub mod policy;
mod root;
mod threats;
mod tt;

use crate::clock::Clock;
use crate::error::GameError;
use crate::eval::net::Net;
use crate::game::Game;
use crate::point::Point;
use crate::position::{Position, CELLS};
use ab::Searcher;
use correction::Corrections;
use threats::FailCache;
use tt::Table;

/// Default transposition-table size natively.
pub const DEFAULT_TT_BYTES_NATIVE: usize = 64 << 20;
/// Default transposition-table size in the browser.
pub const DEFAULT_TT_BYTES_WASM: usize = 16 << 20;

/// When to stop searching. A search under only node/depth limits is deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget in milliseconds for this move.
    pub time_ms: Option<u64>,
    /// How far a timed search may run past `time_ms` while its best move is unsettled, in
    /// milliseconds; it then also stops early once the best move has held for a while. Set
    /// when a match clock leaves room to move time between moves; `None` (or no more than
    /// `time_ms`): `time_ms` is the move's hard limit and is used whole.
    pub max_time_ms: Option<u64>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
}

/// What a search found: the move, its value, and how hard it looked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The move to play; `None` only when there is no legal move.
    pub best: Option<Point>,
    /// Centi-stone-like score for the side to move, integer.
    pub score: i32,
    /// Plies to a forced win (positive) or loss (negative) when one was proven.
    pub mate_in: Option<i32>,
    /// Last completed iteration depth.
    pub depth: u32,
    /// Deepest ply reached, threat search included.
    pub seldepth: u32,
    /// Positions visited, threat search included.
    pub nodes: u64,
    /// Wall-clock time spent, in milliseconds.
    pub elapsed_ms: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Point>,
}

impl Report {
    /// The report of a move chosen without searching.
    #[must_use]
    pub fn of_move(best: Point) -> Report {
        Report {
            best: Some(best),
            pv: vec![best],
            ..Report::default()
        }
    }

    /// Whether the side to move loses against best play, as far as the search could tell:
    /// a forced loss in `-mate_in` plies, or every move refuted by a forced win (length
    /// unknown, `mate_in` empty).
    #[must_use]
    pub fn sees_loss(&self) -> bool {
        self.score <= -WIN_BOUND + 1
    }

    /// Nodes per second (0 when no time elapsed).
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes * 1000)
            .checked_div(self.elapsed_ms)
            .unwrap_or(0)
    }
}

/// Score of a win: the search reports `WIN - plies` for a win in `plies`.
pub const WIN: i32 = 30_000;
/// Scores at least this far from zero are proven wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;
/// Threat-search nodes for our own VCF at the root.
const ROOT_VCF_NODES: u64 = 60_000;
/// Threat-search nodes for our VCT at the root, and for checking the opponent's.
const ROOT_VCT_NODES: u64 = 40_000;
/// Attacking moves in a root VCT. 8 instead: −28 Elo (node-limited, 129 pairs, H0).
const ROOT_VCT_DEPTH: i32 = 6;
/// Root moves dropped at most because the opponent has a forced win after them.
const MAX_REFUTED: usize = 6;

#[must_use]
pub fn win_in(plies: usize) -> i32 {
    WIN - plies as i32
}

#[must_use]
pub fn loss_in(plies: usize) -> i32 {
    -WIN + plies as i32
}

/// A searcher: owns its transposition table and threat cache, reused across moves.
pub struct Engine {
    /// Allocated on the first search, so engines that never search cost nothing.
    tt: Option<Table>,
    tt_bytes: usize,
    fails: FailCache,
    history: Box<[[i32; CELLS]; 2]>,
    /// Allocated on the first search, as the table is.
    corrections: Option<Corrections>,
    /// A learned evaluation added to the classical one, if any.
    net: Option<&'static Net>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("tt_bytes", &self.tt_bytes)
            .finish()
    }
}

impl Engine {
    /// An engine whose transposition table takes at most `tt_bytes`.
    #[must_use]
    pub fn new(tt_bytes: usize) -> Engine {
        Engine {
            tt: None,
            tt_bytes,
            fails: FailCache::new(),
            history: Box::new([[0; CELLS]; 2]),
            corrections: None,
            net: None,
        }
    }

    /// Adds a learned evaluation to the classical one in every later search (`None`:
    /// the classical evaluation alone).
    pub fn set_net(&mut self, net: Option<&'static Net>) {
        self.net = net;
    }

    /// The learned evaluation in use, if any.
    #[must_use]
    pub fn net(&self) -> Option<&'static Net> {
        self.net
    }

    /// Bytes the transposition table uses (once allocated) or will use.
    #[must_use]
    pub fn tt_bytes(&self) -> usize {
        self.tt.as_ref().map_or(self.tt_bytes, Table::bytes)
    }

    /// Builds now what the first search of a game would otherwise build on its clock: the
    /// board's tables for the game's size and rule, the move ordering's keys and the
    /// transposition table, written through once so that its memory is mapped now rather
    /// than page by page during the first moves. A game manager times moves, not `START`.
    pub fn prepare(&mut self, game: &Game) {
        let _ = Position::new(game.size(), game.rule());
        let _ = policy::keys();
        if self.tt.is_none() {
            let mut tt = Table::new(self.tt_bytes);
            tt.clear();
            self.tt = Some(tt);
        }
        self.corrections.get_or_insert_with(Corrections::new);
    }

    /// Whether the transposition table is allocated (by [`Engine::prepare`] or a search).
    #[must_use]
    pub fn is_prepared(&self) -> bool {
        self.tt.is_some()
    }

    /// Forgets everything learned (new game), so later searches repeat exactly.
    pub fn clear(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.fails.clear();
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.clear_corrections();
    }

    /// Forgets the static value's corrections but keeps the table: a review judges each
    /// position on its own, not on what the searches of the positions before it taught.
    pub fn clear_corrections(&mut self) {
        if let Some(c) = &mut self.corrections {
            c.clear();
        }
    }

    /// Searches the position for the side to move. `info` is called after each completed
    /// iteration.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::NoLegalMove`].
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        clock: &dyn Clock,
        info: &mut dyn FnMut(&Report),
    ) -> Result<Report, GameError> {
        if game.is_over() {
            return Err(GameError::GameOver);
        }
        let mut pos = Position::from_game(game);
        if let Some(net) = self.net {
            pos.attach_net(net);
        }
        if pos.move_count() == 0 {
            let c = game.size() / 2;
            let best = Point::new(c, c);
            let report = Report::of_move(best);
            info(&report);
            return Ok(report);
        }
        let tt_bytes = self.tt_bytes;
        let tt = self.tt.get_or_insert_with(|| Table::new(tt_bytes));
        tt.new_search();
        for h in self.history.iter_mut().flatten() {
            *h /= 4;
        }
        let mut s = Searcher::new(
            tt,
            &mut self.fails,
            &mut self.history,
            self.corrections.get_or_insert_with(Corrections::new),
            clock,
            *limits,
        );
        let report = root::search(&mut s, &mut pos, limits, info);
        report
            .best
            .map(|_| report.clone())
            .ok_or(GameError::NoLegalMove)
    }
}
