//! A small seedable random generator for the AIs' tie-breaks. Seeded from the platform's
//! entropy (the browser's crypto in wasm) unless a seed is given, so tests can repeat games.

/// SplitMix64: fast, tiny and good enough to pick among equal moves.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator that always gives the same sequence for the same `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// Seeded from system entropy; falls back to a fixed seed if none is available.
    #[must_use]
    pub fn from_entropy() -> Rng {
        let mut bytes = [0u8; 8];
        let seed = match getrandom::fill(&mut bytes) {
            Ok(()) => u64::from_le_bytes(bytes),
            Err(_) => 0x1234_5678_9ABC_DEF0,
        };
        Rng::seeded(seed)
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        // Multiply-shift: unbiased enough for n far below 2^32.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniformly chosen element, or `None` if the slice is empty.
    pub fn choose<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}
