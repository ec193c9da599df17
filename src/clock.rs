//! Time for the search, injectable: `std::time::Instant` panics on wasm32-unknown-unknown,
//! so the browser build reads the JavaScript clock instead.

/// Milliseconds since an arbitrary, fixed start.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// The platform's monotonic clock: `Instant` natively, `Date.now()` in wasm.
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
}

impl SystemClock {
    #[must_use]
    pub fn new() -> SystemClock {
        SystemClock {
            #[cfg(not(target_arch = "wasm32"))]
            start: std::time::Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    #[cfg(not(target_arch = "wasm32"))]
    fn now_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }

    #[cfg(target_arch = "wasm32")]
    fn now_ms(&self) -> f64 {
        js_sys::Date::now()
    }
}

/// A clock that never advances: searches under it stop only on node or depth limits, so
/// they are deterministic.
#[derive(Clone, Copy, Debug, Default)]
pub struct FrozenClock;

impl Clock for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}
