//! Transposition table for the null-window solver.
//!
//! An entry holds bounds `lo ≤ value ≤ hi` on a position's exact value.
//! Every null-window answer tightens one bound, so an entry stays useful
//! whatever target the next search asks about (as in DDS). Keys cover the
//! whole position, so entries remain true across searches and sampled
//! worlds; `clear` exists for fair benchmarks and changes of rules.
//!
//! Two-entry buckets: a new position replaces the entry that cost less
//! search to establish, so the expensive results near the root survive
//! the flood of cheap ones near the leaves.

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// Generation the entry was written in; older generations are empty.
    generation: u16,
    /// Positions searched to establish the entry (saturating).
    work: u16,
    /// Bounds in one byte each, to keep an entry 16 bytes: exact within
    /// −127..=126, and a wider value range (Pedro's margins) is stored
    /// weakened, never wrong: `NO_LO`/`NO_HI` stand for "unbounded".
    lo: i8,
    hi: i8,
    /// Index of the best move found, in the game's move generation order
    /// (after merging), or `u8::MAX`.
    best: u8,
}

const NO_LO: i8 = i8::MIN;
const NO_HI: i8 = i8::MAX;

/// A lower bound in a byte: lower (weaker) when it does not fit.
fn pack_lo(lo: i32) -> i8 {
    if lo <= i32::from(NO_LO) {
        NO_LO
    } else {
        lo.min(i32::from(NO_HI) - 1) as i8
    }
}

/// An upper bound in a byte: higher (weaker) when it does not fit.
fn pack_hi(hi: i32) -> i8 {
    if hi >= i32::from(NO_HI) {
        NO_HI
    } else {
        hi.max(i32::from(NO_LO) + 1) as i8
    }
}

fn unpack_lo(lo: i8) -> i32 {
    if lo == NO_LO {
        i32::MIN
    } else {
        i32::from(lo)
    }
}

fn unpack_hi(hi: i8) -> i32 {
    if hi == NO_HI {
        i32::MAX
    } else {
        i32::from(hi)
    }
}

const EMPTY: Entry = Entry {
    key: 0,
    generation: 0,
    work: 0,
    lo: 0,
    hi: 0,
    best: u8::MAX,
};

/// Bounds and best move stored for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lo: i32,
    pub hi: i32,
    pub best: Option<u8>,
}

/// `2^bits` entries in buckets of two.
pub struct Table {
    entries: Vec<Entry>,
    shift: u32,
    generation: u16,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        let bits = bits.max(1);
        Table {
            entries: vec![EMPTY; 1 << bits],
            shift: 64 - bits,
            generation: 1,
        }
    }

    /// Forgets every entry in O(1) by starting a new generation.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(EMPTY);
            self.generation = 1;
        }
    }

    fn bucket(&self, key: u64) -> usize {
        // Fibonacci hashing: games need not mix their keys.
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize & !1
    }

    fn find(&self, key: u64) -> Option<usize> {
        let b = self.bucket(key);
        (b..b + 2).find(|&i| {
            let e = &self.entries[i];
            e.generation == self.generation && e.key == key
        })
    }

    /// Starts loading `key`'s bucket into the cache: a search probes
    /// every child of a node, and each probe of a cold table is a cache
    /// miss, so issuing them all before the first probe overlaps them.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Entry = &self.entries[self.bucket(key)];
            // SAFETY: a prefetch is only a hint; it never faults nor
            // changes memory, and the address is a live entry.
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn probe(&self, key: u64) -> Option<Bounds> {
        self.find(key).map(|i| {
            let e = &self.entries[i];
            Bounds {
                lo: unpack_lo(e.lo),
                hi: unpack_hi(e.hi),
                best: (e.best != u8::MAX).then_some(e.best),
            }
        })
    }

    /// Records `lo ≤ value ≤ hi`, merged with what is known already;
    /// `work` is the number of positions the search took.
    pub fn store(
        &mut self,
        key: u64,
        lo: i32,
        hi: i32,
        best: Option<u8>,
        work: u64,
        range: (i32, i32),
    ) {
        let generation = self.generation;
        let (mut lo, mut hi) = (lo.max(range.0), hi.min(range.1));
        let mut best = best.unwrap_or(u8::MAX);
        let mut work = work.min(u64::from(u16::MAX)) as u16;
        let slot = match self.find(key) {
            Some(i) => {
                let e = &self.entries[i];
                lo = lo.max(unpack_lo(e.lo));
                hi = hi.min(unpack_hi(e.hi));
                if best == u8::MAX {
                    best = e.best;
                }
                work = work.saturating_add(e.work);
                i
            }
            None => {
                let b = self.bucket(key);
                let cost = |e: &Entry| {
                    if e.generation == generation {
                        u32::from(e.work) + 1
                    } else {
                        0
                    }
                };
                if cost(&self.entries[b]) <= cost(&self.entries[b + 1]) {
                    b
                } else {
                    b + 1
                }
            }
        };
        self.entries[slot] = Entry {
            key,
            generation,
            work,
            lo: pack_lo(lo),
            hi: pack_hi(hi),
            best,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_beyond_a_byte_are_weakened_not_wrapped() {
        let mut t = Table::new(4);
        t.store(7, 200, 300, None, 1, (-400, 400));
        let b = t.probe(7).expect("stored");
        assert!(b.lo <= 200 && b.hi >= 300, "{b:?}");
        t.store(8, -300, -200, None, 1, (-400, 400));
        let b = t.probe(8).expect("stored");
        assert!(b.lo <= -300 && b.hi >= -200, "{b:?}");
        t.store(9, -5, 5, None, 1, (-400, 400));
        assert_eq!((t.probe(9).unwrap().lo, t.probe(9).unwrap().hi), (-5, 5));
    }

    #[test]
    fn bounds_merge_and_clear_forgets() {
        let mut t = Table::new(4);
        let range = (-3, 3);
        t.store(42, 1, 3, Some(2), 10, range);
        t.store(42, -3, 2, None, 5, range);
        assert_eq!(
            t.probe(42),
            Some(Bounds {
                lo: 1,
                hi: 2,
                best: Some(2)
            })
        );
        assert_eq!(t.probe(43), None);
        t.clear();
        assert_eq!(t.probe(42), None);
    }

    #[test]
    fn costly_entries_survive_in_a_bucket() {
        let mut t = Table::new(1); // one bucket of two
        t.store(1, 0, 0, None, 1_000, (-3, 3));
        t.store(2, 1, 1, None, 1, (-3, 3));
        t.store(3, 2, 2, None, 1, (-3, 3)); // replaces the cheap entry 2
        assert!(t.probe(1).is_some());
        assert!(t.probe(2).is_none());
        assert!(t.probe(3).is_some());
    }
}
