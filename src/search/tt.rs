//! Transposition table: a power-of-two array of two-entry buckets (one kept by depth, one
//! always replaced), bounded by a byte budget chosen by the caller.

use crate::position::Cell;

/// How a stored score bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (all moves failed low).
    Upper,
}

/// One slot, stored as two words so that a fresh table is all zeros and can be allocated
/// without writing it (the operating system hands out zeroed pages lazily).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u64,
    score: i16,
    best: u16,
    depth: i8,
    /// Bound in the low 2 bits (0 empty), generation above.
    flags: u8,
}

impl Entry {
    fn pack(self) -> [u64; 2] {
        let data = u64::from(self.score as u16)
            | u64::from(self.best) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.flags) << 40;
        [self.key, data]
    }

    fn unpack(words: [u64; 2]) -> Entry {
        let [key, data] = words;
        // Each field was stored in its own bit range; the casts take exactly those bits.
        Entry {
            key,
            score: data as u16 as i16,
            best: (data >> 16) as u16,
            depth: (data >> 32) as u8 as i8,
            flags: (data >> 40) as u8,
        }
    }
}

/// A hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub score: i32,
    pub best: Option<Cell>,
    pub depth: i32,
    pub bound: Bound,
}

const NO_MOVE: u16 = u16::MAX;

/// The table.
#[derive(Debug)]
pub struct Table {
    entries: Vec<[u64; 2]>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `bytes` (at least one bucket).
    #[must_use]
    pub fn new(bytes: usize) -> Table {
        let entry = std::mem::size_of::<[u64; 2]>();
        let mut buckets = 1usize;
        while buckets * 2 * 2 * entry <= bytes {
            buckets *= 2;
        }
        Table {
            entries: vec![[0; 2]; buckets * 2],
            mask: buckets - 1,
            generation: 0,
        }
    }

    /// Bytes in use.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<[u64; 2]>()
    }

    pub fn clear(&mut self) {
        self.entries.fill([0; 2]);
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    fn bucket(&self, key: u64) -> usize {
        // Upper bits pick the bucket; the full key is checked on a hit.
        ((key >> 20) as usize & self.mask) * 2
    }

    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = self.bucket(key);
        self.entries[b..b + 2]
            .iter()
            .map(|&w| Entry::unpack(w))
            .find(|e| e.key == key && e.flags & 3 != 0)
            .map(|e| Hit {
                score: i32::from(e.score),
                best: (e.best != NO_MOVE).then_some(usize::from(e.best)),
                depth: i32::from(e.depth),
                bound: match e.flags & 3 {
                    1 => Bound::Exact,
                    2 => Bound::Lower,
                    _ => Bound::Upper,
                },
            })
    }

    pub fn store(&mut self, key: u64, score: i32, best: Option<Cell>, depth: i32, bound: Bound) {
        let b = self.bucket(key);
        let flags = (self.generation << 2)
            | match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
        let entry = Entry {
            key,
            // Scores are clamped to the i16 range by the search's mate bounds.
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            best: best.map_or(NO_MOVE, |c| c as u16),
            depth: depth.clamp(-100, 100) as i8,
            flags,
        };
        let deep = Entry::unpack(self.entries[b]);
        // Same position or a shallower / older entry: take the depth slot.
        if deep.key == key
            || deep.flags & 3 == 0
            || i32::from(deep.depth) <= depth
            || deep.flags >> 2 != self.generation
        {
            let keep_move = deep.key == key && best.is_none();
            self.entries[b] = Entry {
                best: if keep_move { deep.best } else { entry.best },
                ..entry
            }
            .pack();
        } else {
            self.entries[b + 1] = entry.pack();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_their_packed_form() {
        for (score, best, depth, flags) in [
            (0, 0, 0, 0),
            (-29_990, 1023, -20, 0xFF),
            (32_767, 7, 100, 5),
        ] {
            let e = Entry {
                key: 0xDEAD_BEEF_1234_5678,
                score,
                best,
                depth,
                flags,
            };
            assert_eq!(Entry::unpack(e.pack()), e);
        }
    }

    #[test]
    fn stores_and_finds_with_bounds_and_moves() {
        let mut t = Table::new(1 << 16);
        assert!(t.bytes() <= 1 << 16);
        t.store(42, -150, Some(300), 7, Bound::Lower);
        let hit = t.probe(42).expect("stored");
        assert_eq!(
            (hit.score, hit.best, hit.depth, hit.bound),
            (-150, Some(300), 7, Bound::Lower)
        );
        assert!(t.probe(43).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
