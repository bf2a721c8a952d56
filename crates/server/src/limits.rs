//! Token buckets: a connection's frames, an address's table creations, a
//! table's catch-up replays.
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

    /// Tokens refilled per second.
    fn rate(budget: u32, window: Duration) -> f64 {
        f64::from(budget) / window.as_secs_f64().max(1e-9)
    }

    /// The tokens it would hold now, refilled since its last take.
    fn refilled(&self, budget: u32, window: Duration) -> f64 {
        let refill = self.last.elapsed().as_secs_f64() * Bucket::rate(budget, window);
        (self.tokens + refill).min(f64::from(budget))
    }

    /// How long until a token is there (zero if one is).
    pub fn wait(&self, budget: u32, window: Duration) -> Duration {
        let missing = 1.0 - self.refilled(budget, window);
        let secs = missing / Bucket::rate(budget, window);
        Duration::from_secs_f64(secs.clamp(0.0, window.as_secs_f64()))
    }

    /// Takes a token if there is one.
    pub fn take(&mut self, budget: u32, window: Duration) -> bool {
        self.tokens = self.refilled(budget, window);
        self.last = Instant::now();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Buckets by key (an address), bounded: when too many keys are kept,
/// those refilled by now are forgotten, and if none is, the fullest.
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
            // A bucket refilled by now is as good as a new one: drop those.
            // If every key still owes tokens (many addresses at once), the
            // fullest goes: memory stays bounded and no newcomer is shut
            // out, and a fresh address would get a full bucket anyway.
            let (budget, window) = (self.budget, self.window);
            self.map
                .retain(|_, b| b.refilled(budget, window) < f64::from(budget));
            if self.map.len() >= MAX_KEYS {
                let fullest = self
                    .map
                    .iter()
                    .max_by(|a, b| {
                        a.1.refilled(budget, window)
                            .total_cmp(&b.1.refilled(budget, window))
                    })
                    .map(|(k, _)| k.clone());
                if let Some(k) = fullest {
                    self.map.remove(&k);
                }
            }
        }
        let budget = self.budget;
        self.map
            .entry(key.clone())
            .or_insert_with(|| Bucket::full(budget))
            .take(budget, self.window)
    }

    /// How long until `key` may take a token again (a Retry-After).
    pub fn wait(&self, key: &K) -> Duration {
        self.map
            .get(key)
            .map_or(Duration::ZERO, |b| b.wait(self.budget, self.window))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_bucket_says_how_long_until_a_token() {
        let mut b = Buckets::new(20, Duration::from_secs(60));
        assert_eq!(b.wait(&1), Duration::ZERO);
        for _ in 0..20 {
            assert!(b.take(&1));
        }
        assert!(!b.take(&1));
        // One token in 3 s (20 a minute).
        let wait = b.wait(&1);
        assert!(
            wait > Duration::from_secs(2) && wait <= Duration::from_secs(3),
            "{wait:?}"
        );
    }

    #[test]
    fn many_owing_addresses_never_shut_a_newcomer_out() {
        let mut b = Buckets::new(20, Duration::from_secs(60));
        for k in 0..MAX_KEYS as u32 {
            assert!(b.take(&k));
        }
        assert!(b.take(&u32::MAX), "a new address gets its tokens");
        assert!(b.map.len() <= MAX_KEYS);
        // A key with its budget spent stays limited meanwhile.
        for _ in 0..19 {
            assert!(b.take(&7) || !b.map.contains_key(&7));
        }
    }

    #[test]
    fn a_spent_budget_is_refused_until_it_refills() {
        let mut b = Buckets::new(3, Duration::from_secs(60));
        assert!((0..3).all(|_| b.take(&1)));
        assert!(!b.take(&1));
        assert!(b.take(&2), "another key has its own budget");
    }
}
