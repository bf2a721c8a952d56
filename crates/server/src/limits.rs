//! Token buckets: a connection's frames, an address's table creations.
//! A bucket holds `budget` tokens and refills them evenly over `window`.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    pub fn full(budget: u32) -> Bucket {
        Bucket {
            tokens: f64::from(budget),
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, budget: u32, window: Duration) -> bool {
        let now = Instant::now();
        let rate = f64::from(budget) / window.as_secs_f64().max(1e-9);
        let refill = now.duration_since(self.last).as_secs_f64() * rate;
        self.tokens = (self.tokens + refill).min(f64::from(budget));
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets by key (an address), bounded: when too many keys are kept,
/// those idle for a whole window (so full again) are forgotten.
pub struct Buckets<K> {
    budget: u32,
    window: Duration,
    map: HashMap<K, Bucket>,
}

/// Keys kept before idle ones are dropped.
const MAX_KEYS: usize = 10_000;

impl<K: Hash + Eq + Clone> Buckets<K> {
    pub fn new(budget: u32, window: Duration) -> Buckets<K> {
        Buckets {
            budget,
            window,
            map: HashMap::new(),
        }
    }

    pub fn take(&mut self, key: &K) -> bool {
        if self.map.len() >= MAX_KEYS && !self.map.contains_key(key) {
            let window = self.window;
            self.map.retain(|_, b| b.last.elapsed() < window);
            if self.map.len() >= MAX_KEYS {
                return false;
            }
        }
        let budget = self.budget;
        self.map
            .entry(key.clone())
            .or_insert_with(|| Bucket::full(budget))
            .take(budget, self.window)
    }
}
