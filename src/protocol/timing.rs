//! How long to think and how much memory to take, from the manager's `INFO` settings.

use crate::search::DEFAULT_TT_BYTES_NATIVE;

/// Turn limit assumed until `INFO timeout_turn` arrives (Piskvork's usual setting).
pub const DEFAULT_TURN_MS: u64 = 5000;
/// Kept back from every turn for reading, writing and process scheduling.
pub const IO_MARGIN_MS: u64 = 10;
/// A further share of the turn kept back, as 1/n: the search reads the clock only now and
/// then, so it may overrun its budget a little.
pub const OVERRUN_SHARE: u64 = 40;
/// Our moves the remaining match time is spread over (at most; fewer near a full board).
pub const MATCH_MOVES_AHEAD: u64 = 20;
/// Under a match clock, how far an unsettled search may run past its share of the remaining
/// time: this multiple of the share, and at most 1/`MAX_SHARE_OF_LEFT` of the time left.
pub const MAX_STRETCH: u64 = 3;
pub const MAX_SHARE_OF_LEFT: u64 = 4;
/// Budget when `timeout_turn` is 0, "as fast as possible".
pub const FASTEST_MS: u64 = 1;
/// The share of `max_memory` given to the transposition table, as 1/n; the rest is for the
/// program and the allocator.
pub const TT_SHARE_OF_MEMORY: u64 = 2;
/// Smallest and largest transposition table, whatever `max_memory` says.
pub const MIN_TT_BYTES: usize = 1 << 20;
pub const MAX_TT_BYTES: usize = 1 << 30;

/// The manager's time settings, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Limit for one move; 0 means "as fast as possible".
    pub turn_ms: u64,
    /// Limit for the whole match; 0 means none.
    pub match_ms: u64,
    /// What is left of the match time, if the manager said.
    pub left_ms: Option<u64>,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: DEFAULT_TURN_MS,
            match_ms: 0,
            left_ms: None,
        }
    }
}

impl TimeControl {
    /// The search budget for the next move when `empty` points are left, always at least
    /// 1 ms and never past the turn limit less the margins.
    #[must_use]
    pub fn budget_ms(&self, empty: usize) -> u64 {
        if self.turn_ms == 0 {
            return FASTEST_MS;
        }
        let turn = keep_margin(self.turn_ms);
        let from_match = self.left_ms.filter(|_| self.match_ms > 0).map(|left| {
            let ahead = (empty as u64 / 2).clamp(1, MATCH_MOVES_AHEAD);
            keep_margin(left / ahead)
        });
        from_match.map_or(turn, |m| m.min(turn)).max(1)
    }

    /// How long the next move may run while its search is unsettled (see
    /// [`crate::Limits::max_time_ms`]): up to [`MAX_STRETCH`] times [`Self::budget_ms`], within
    /// the turn limit and a quarter of the time left, when the match clock is what sets the
    /// budget. `None` when the turn limit sets it: each turn stands alone then, and time
    /// saved on one is not spent on another.
    #[must_use]
    pub fn stretch_ms(&self, empty: usize) -> Option<u64> {
        let left = self
            .left_ms
            .filter(|_| self.match_ms > 0 && self.turn_ms > 0)?;
        let planned = self.budget_ms(empty);
        let stretch = (planned * MAX_STRETCH)
            .min(keep_margin(self.turn_ms))
            .min(keep_margin(left / MAX_SHARE_OF_LEFT));
        (stretch > planned).then_some(stretch)
    }
}

fn keep_margin(ms: u64) -> u64 {
    ms.saturating_sub(IO_MARGIN_MS + ms / OVERRUN_SHARE)
}

/// Transposition-table bytes for `INFO max_memory` (0 = no limit).
#[must_use]
pub fn tt_bytes_for(max_memory: u64) -> usize {
    if max_memory == 0 {
        return DEFAULT_TT_BYTES_NATIVE;
    }
    let share = usize::try_from(max_memory / TT_SHARE_OF_MEMORY).unwrap_or(MAX_TT_BYTES);
    share.clamp(MIN_TT_BYTES, MAX_TT_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_match_clock_lets_a_move_stretch() {
        let turn_only = TimeControl {
            turn_ms: 1000,
            ..TimeControl::default()
        };
        assert_eq!(turn_only.stretch_ms(200), None);
        // 60 s left over 20 moves: 3 s planned, up to 9 s, but the turn limit is 5 s.
        let clock = TimeControl {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(60_000),
        };
        let planned = clock.budget_ms(200);
        assert_eq!(planned, 3000 - 10 - 75);
        assert_eq!(clock.stretch_ms(200), Some(5000 - 10 - 125));
        // Near the end of the clock, a quarter of what is left caps it.
        let late = TimeControl {
            left_ms: Some(2000),
            turn_ms: 30_000,
            ..clock
        };
        assert_eq!(late.budget_ms(200), 100 - 10 - 2);
        assert_eq!(late.stretch_ms(200), Some(264));
        // The last moves of a full board get the whole rest already: nothing to stretch.
        assert_eq!(late.stretch_ms(2), None);
        // When the turn limit is the tighter one, it is the budget, with no stretch.
        let roomy = TimeControl {
            left_ms: Some(100_000),
            turn_ms: 1000,
            ..clock
        };
        assert_eq!(roomy.stretch_ms(200), None);
    }

    #[test]
    fn the_turn_limit_is_never_reached() {
        for turn_ms in [1, 10, 50, 100, 1000, 5000, 30_000] {
            let tc = TimeControl {
                turn_ms,
                ..TimeControl::default()
            };
            let b = tc.budget_ms(225);
            assert!(b >= 1 && (b < turn_ms || turn_ms == 1), "{turn_ms}: {b}");
        }
        assert_eq!(TimeControl::default().budget_ms(225), 5000 - 10 - 125);
    }

    #[test]
    fn little_match_time_shortens_the_move() {
        let tc = TimeControl {
            turn_ms: 5000,
            match_ms: 60_000,
            left_ms: Some(2000),
        };
        assert_eq!(tc.budget_ms(225), 100 - 10 - 2);
        // Without a match limit the time left is ignored.
        let tc = TimeControl { match_ms: 0, ..tc };
        assert_eq!(tc.budget_ms(225), 4865);
    }

    #[test]
    fn memory_maps_to_a_clamped_table() {
        assert_eq!(tt_bytes_for(0), DEFAULT_TT_BYTES_NATIVE);
        assert_eq!(tt_bytes_for(1000), MIN_TT_BYTES);
        assert_eq!(tt_bytes_for(350 << 20), 175 << 20);
        assert_eq!(tt_bytes_for(u64::MAX), MAX_TT_BYTES);
    }
}
