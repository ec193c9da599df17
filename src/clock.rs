//! Time for the search, injectable: `std::time::Instant` panics on wasm32-unknown-unknown,
//! so the browser build reads the JavaScript clock instead.

/// Milliseconds since an arbitrary, fixed start.
pub trait Clock {
    /// Milliseconds since the clock's start; never goes back.
    fn now_ms(&self) -> f64;
}

/// The platform's monotonic clock: `Instant` natively, `performance.now()` in the browser
/// (in a window and in a worker alike).
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    #[cfg(not(target_arch = "wasm32"))]
    start: std::time::Instant,
}

impl SystemClock {
    /// A clock starting now.
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
        browser::now_ms()
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use wasm_bindgen::JsCast;
    use web_sys::Performance;

    thread_local! {
        /// The global scope's `performance`, looked up once: the global is a `Window` on
        /// the page and a `WorkerGlobalScope` in the AI worker, and both have it.
        static PERFORMANCE: Option<Performance> =
            js_sys::Reflect::get(&js_sys::global(), &"performance".into())
                .ok()
                .and_then(|p| p.dyn_into::<Performance>().ok());
    }

    pub(super) fn now_ms() -> f64 {
        // `Date.now()` only where there is no `performance` (never in a browser); it can jump
        // with the system time, which the search survives.
        PERFORMANCE.with(|p| p.as_ref().map_or_else(js_sys::Date::now, Performance::now))
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
