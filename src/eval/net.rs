//! The learned point evaluation: a small network over each empty point's line patterns.
//! A point's input is its pattern combination (its four line patterns as a set,
//! [`super::weights::combo_key`]) for each colour. Each combination looks up a vector of
//! [`LANES`] values, from one table for the viewing colour's combination and one for the
//! other colour's at the same point, so that the network sees what a point does for both
//! sides at once (the classical evaluation values each colour's patterns apart). The
//! point's vector is their sum plus a bias, clipped to `0..=CLIP`; its share is the dot
//! product with an output row, one row for the side to move and one for the side waiting.
//! The search board works a point's shares out again only when its patterns change, and
//! keeps their sums move by move as it does the classical ones, so an evaluation adds two
//! numbers. Integer only, so native and wasm agree exactly.
//!
//! The weights are fitted by `tune net` to the results of self-play games, on top of the
//! classical evaluation (see `docs/tuning.md`).

use std::sync::OnceLock;

use super::weights::{combo_key, COMBOS};
use crate::position::threat::{patterns_of, INDEX};

/// Values per point and colour.
pub const LANES: usize = 8;
/// Inputs of each table: the pattern combinations.
pub const CODES: usize = COMBOS;
/// Largest point value after clipping.
pub const CLIP: i32 = 255;
/// A point's dot product is divided by this to give evaluation units.
pub const OUT_SHIFT: u32 = 12;
/// Largest magnitude of a lookup or bias weight.
pub const MAX_INPUT_WEIGHT: i16 = 3_000;
/// Largest magnitude of an output weight: with 400 points, the sums of the shares stay
/// inside `i32` (400 · 8 · 255 · 2,000 < 2^31).
pub const MAX_OUT_WEIGHT: i16 = 2_000;

const MAGIC: &[u8; 8] = b"GMKNET01";

/// The environment variable that names a weights file for the native engine and bench.
pub const NET_VARIABLE: &str = "GOMOKU_NET";

/// The network named by [`NET_VARIABLE`], if it is set, kept for the rest of the program.
///
/// # Errors
/// The file cannot be read or is not a weights file.
#[cfg(not(target_arch = "wasm32"))]
pub fn from_environment() -> Result<Option<&'static Net>, String> {
    let Some(path) = std::env::var_os(NET_VARIABLE) else {
        return Ok(None);
    };
    let shown = path.to_string_lossy().into_owned();
    let bytes = std::fs::read(&path).map_err(|e| format!("{shown}: {e}"))?;
    let net = Net::from_bytes(&bytes).map_err(|e| format!("{shown}: {e}"))?;
    Ok(Some(Box::leak(Box::new(net))))
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    /// Per combination: values for the viewing colour's.
    pub own: Box<[[i16; LANES]; CODES]>,
    /// Per combination: values for the other colour's at the same point.
    pub other: Box<[[i16; LANES]; CODES]>,
    /// Added to every point's sums.
    pub bias: [i16; LANES],
    /// Output rows for the side to move and the side waiting.
    pub out: [[i16; LANES]; 2],
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start as a weights file does.
    BadMagic,
    /// Not the length the format needs.
    BadLength {
        /// Bytes the format needs.
        expected: usize,
        /// Bytes the file has.
        found: usize,
    },
    /// A lookup weight beyond [`MAX_INPUT_WEIGHT`], at this index of the file's values.
    OutOfRange(usize),
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::BadMagic => write!(f, "not a network weights file"),
            NetError::BadLength { expected, found } => {
                write!(f, "weights file of {found} bytes, expected {expected}")
            }
            NetError::OutOfRange(i) => write!(f, "weight {i} is out of range"),
        }
    }
}

impl std::error::Error for NetError {}

/// Values in a weights file after its magic.
const VALUES: usize = 2 * CODES * LANES + 3 * LANES;

impl Net {
    /// A network whose weights are all zero (it adds nothing).
    #[must_use]
    pub fn zero() -> Net {
        Net {
            own: Box::new([[0; LANES]; CODES]),
            other: Box::new([[0; LANES]; CODES]),
            bias: [0; LANES],
            out: [[0; LANES]; 2],
        }
    }

    /// Reads a weights file: the magic, then little-endian `i16`s: `own`, `other`, `bias`,
    /// `out`.
    ///
    /// # Errors
    /// A file of the wrong kind or length, or with a lookup weight out of range.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let body = bytes.strip_prefix(MAGIC).ok_or(NetError::BadMagic)?;
        let expected = MAGIC.len() + 2 * VALUES;
        if bytes.len() != expected {
            return Err(NetError::BadLength {
                expected,
                found: bytes.len(),
            });
        }
        let mut values = body
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]));
        let mut net = Net::zero();
        let mut index = 0;
        for table in [&mut net.own, &mut net.other] {
            for row in table.iter_mut() {
                for v in row {
                    *v = values.next().unwrap_or(0);
                    if v.unsigned_abs() > MAX_INPUT_WEIGHT.unsigned_abs() {
                        return Err(NetError::OutOfRange(index));
                    }
                    index += 1;
                }
            }
        }
        for v in &mut net.bias {
            *v = values.next().unwrap_or(0);
            if v.unsigned_abs() > MAX_INPUT_WEIGHT.unsigned_abs() {
                return Err(NetError::OutOfRange(index));
            }
            index += 1;
        }
        for v in net.out.iter_mut().flatten() {
            *v = values.next().unwrap_or(0);
            if v.unsigned_abs() > MAX_OUT_WEIGHT.unsigned_abs() {
                return Err(NetError::OutOfRange(index));
            }
            index += 1;
        }
        Ok(net)
    }

    /// The weights file of this network.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        let values = self
            .own
            .iter()
            .chain(self.other.iter())
            .flatten()
            .chain(&self.bias)
            .chain(self.out.iter().flatten());
        for v in values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// One point's shares: per colour viewing (black, white), for the side to move and
    /// the side waiting, before [`OUT_SHIFT`]; `keys` are the point's combinations per
    /// colour.
    // Not inlined: inside the board's move code the compiler no longer vectorises it.
    #[inline(never)]
    #[must_use]
    pub fn point_shares(&self, keys: [u16; 2]) -> [[i32; 2]; 2] {
        let [b, w] = keys.map(|k| usize::from(k).min(CODES - 1));
        [self.shares(b, w), self.shares(w, b)]
    }

    /// The shares of the colour whose combination is `own`, the other's being `other`.
    /// In `i16` lanes, which the compiler turns into vector instructions: a lookup or bias
    /// weight is at most 3,000, so a sum fits.
    #[inline]
    fn shares(&self, own: usize, other: usize) -> [i32; 2] {
        let (a, b) = (&self.own[own], &self.other[other]);
        let h: [i16; LANES] = std::array::from_fn(|k| {
            self.bias[k]
                .wrapping_add(a[k])
                .wrapping_add(b[k])
                .max(0)
                .min(CLIP as i16)
        });
        self.out.map(|row| dot(&h, &row))
    }
}

/// The dot product of two lanes of `i16`, in `i32`.
#[inline]
fn dot(a: &[i16; LANES], b: &[i16; LANES]) -> i32 {
    // Pairwise first, as a vector multiply-add of pairs computes it.
    let pairs: [i32; LANES / 2] = std::array::from_fn(|k| {
        i32::from(a[2 * k]) * i32::from(b[2 * k])
            + i32::from(a[2 * k + 1]) * i32::from(b[2 * k + 1])
    });
    pairs.iter().sum()
}

/// The pattern combination ([`combo_key`]) of a search-board combination index. The table
/// is built on first use, so builds that never attach a network carry none of it.
#[inline]
#[must_use]
pub fn key_of_index(index: u16) -> u16 {
    static KEYS: OnceLock<Box<[u16]>> = OnceLock::new();
    let keys = KEYS.get_or_init(|| {
        (0..INDEX)
            .map(|i| combo_key(patterns_of(i)) as u16)
            .collect()
    });
    keys.get(usize::from(index)).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_the_clipped_sums_times_the_output_rows() {
        let mut net = Net::zero();
        net.bias = [10; LANES];
        net.own[3][0] = 300;
        net.other[5][0] = -20;
        net.other[3][1] = -50;
        net.out[0][0] = 2;
        net.out[1][0] = 3;
        net.out[0][1] = 7;
        // Black's combination 3, white's 5: black views 10 + 300 - 20 = 290, clipped to
        // 255, and 10 in lane 1; white views 10 in lane 0 and 10 - 50 < 0 in lane 1.
        let s = net.point_shares([3, 5]);
        assert_eq!(s[0], [255 * 2 + 10 * 7, 255 * 3]);
        assert_eq!(s[1], [10 * 2, 10 * 3]);
    }

    #[test]
    fn combination_keys_are_the_evaluations() {
        use crate::position::threat::patterns_of;
        for i in 0..INDEX {
            assert_eq!(
                usize::from(key_of_index(i as u16)),
                super::super::weights::combo_key(patterns_of(i)),
                "{i}"
            );
        }
    }

    #[test]
    fn weights_files_round_trip_and_bad_ones_are_refused() {
        let mut net = Net::zero();
        net.own[7][3] = -12;
        net.other[CODES - 1][0] = 2_999;
        net.bias[2] = 40;
        net.out[1][7] = -5;
        let bytes = net.to_bytes();
        assert_eq!(Net::from_bytes(&bytes), Ok(net));
        assert_eq!(Net::from_bytes(b"nonsense"), Err(NetError::BadMagic));
        assert!(matches!(
            Net::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::BadLength { .. })
        ));
        let mut wild = bytes.clone();
        wild[8..10].copy_from_slice(&(-3_001i16).to_le_bytes());
        assert_eq!(Net::from_bytes(&wild), Err(NetError::OutOfRange(0)));
    }
}
