//! The main search: iterative deepening alpha-beta over the pattern evaluation, with a
//! transposition table and threat-space search (VCF/VCT). Limits come in a settings struct.

use crate::ai::Opponent;
use crate::clock::Clock;
use crate::error::GameError;
use crate::game::Game;
use crate::point::Point;
use crate::rng::Rng;

/// Default transposition-table size natively.
pub const DEFAULT_TT_BYTES_NATIVE: usize = 64 << 20;
/// Default transposition-table size in the browser.
pub const DEFAULT_TT_BYTES_WASM: usize = 16 << 20;

/// When to stop searching. A search under only node/depth limits is deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget in milliseconds for this move.
    pub time_ms: Option<u64>,
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
    pub nodes: u64,
    pub elapsed_ms: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Point>,
}

impl Report {
    /// Nodes per second (0 when no time elapsed).
    #[must_use]
    pub fn nps(&self) -> u64 {
        (self.nodes * 1000)
            .checked_div(self.elapsed_ms)
            .unwrap_or(0)
    }
}

/// A searcher: owns its transposition table, reused across moves of a game.
#[derive(Debug)]
pub struct Engine {
    tt_bytes: usize,
    rng: Rng,
}

impl Engine {
    /// An engine whose transposition table takes at most `tt_bytes`.
    #[must_use]
    pub fn new(tt_bytes: usize) -> Engine {
        Engine {
            tt_bytes,
            rng: Rng::seeded(0),
        }
    }

    /// Bytes the transposition table may use.
    #[must_use]
    pub fn tt_bytes(&self) -> usize {
        self.tt_bytes
    }

    /// Forgets everything learned (new game).
    pub fn clear(&mut self) {}

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
        // Placeholder until the alpha-beta lands: the strongest article table.
        let start = clock.now_ms();
        let _ = limits;
        let best = Opponent::Scoring000.choose(game, &mut self.rng)?;
        let report = Report {
            best: Some(best),
            depth: 1,
            seldepth: 1,
            nodes: 1,
            elapsed_ms: (clock.now_ms() - start).max(0.0) as u64,
            pv: vec![best],
            ..Report::default()
        };
        info(&report);
        Ok(report)
    }
}
