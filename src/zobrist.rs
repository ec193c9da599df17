//! Zobrist keys: one random 64-bit key per (colour, cell), fixed at compile time so that
//! hashes are the same natively and in wasm.

use crate::point::MAX_SIZE;

const CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// SplitMix64: a tiny generator good enough to make well-spread keys.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; CELLS]; 2] {
    let mut keys = [[0u64; CELLS]; 2];
    let mut state = 0x676F_6D6F_6B75_u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// Keys indexed by colour, then by `y * MAX_SIZE + x` (independent of the board size).
pub static STONE_KEYS: [[u64; CELLS]; 2] = make_keys();

/// Mixed into the hash when white is to move.
pub const WHITE_TO_MOVE: u64 = splitmix(0x5EED).1;
