//! Transposition table for the null-window solver.
//!
//! An entry holds bounds `lo ≤ value ≤ hi` on a position's exact value.
//! Every null-window answer tightens one bound, so an entry stays useful
//! whatever target the next search asks about (as in DDS). Keys cover the
//! whole position, so entries remain true across searches and sampled
//! worlds; `clear` exists for fair benchmarks and changes of rules.

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    /// Generation the entry was written in; older generations are empty.
    generation: u32,
    lo: i8,
    hi: i8,
    /// Index of the best move found, in the game's move generation order
    /// (after merging), or `u8::MAX`.
    best: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    generation: 0,
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

/// A direct-mapped table of `2^bits` entries with always-replace.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u32,
}

impl Table {
    pub fn new(bits: u32) -> Table {
        Table {
            entries: vec![EMPTY; 1 << bits],
            mask: (1 << bits) - 1,
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

    fn slot(&self, key: u64) -> usize {
        // Keys are well mixed, so the low bits index directly.
        key as usize & self.mask
    }

    pub fn probe(&self, key: u64) -> Option<Bounds> {
        let e = &self.entries[self.slot(key)];
        (e.generation == self.generation && e.key == key).then(|| Bounds {
            lo: i32::from(e.lo),
            hi: i32::from(e.hi),
            best: (e.best != u8::MAX).then_some(e.best),
        })
    }

    /// Records `lo ≤ value ≤ hi`, merged with what is known already.
    pub fn store(&mut self, key: u64, lo: i32, hi: i32, best: Option<u8>, range: (i32, i32)) {
        let generation = self.generation;
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        let (mut lo, mut hi) = (lo.max(range.0), hi.min(range.1));
        let mut best = best.unwrap_or(u8::MAX);
        if e.generation == generation && e.key == key {
            lo = lo.max(i32::from(e.lo));
            hi = hi.min(i32::from(e.hi));
            if best == u8::MAX {
                best = e.best;
            }
        }
        *e = Entry {
            key,
            generation,
            lo: lo as i8,
            hi: hi as i8,
            best,
        };
    }
}
