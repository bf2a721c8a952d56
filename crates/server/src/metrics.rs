//! What the load benchmark reads: how long each applied move took from its
//! arrival at the table to the last viewer's frame being queued (store
//! commit, apply, projection and serialization included); and how often
//! rooms woke up, which shows a room that spins instead of waiting.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Samples kept at most (the rest are counted, not kept).
const MAX_SAMPLES: usize = 1 << 20;

#[derive(Default)]
pub struct Metrics {
    micros: Mutex<Vec<u32>>,
    moves: AtomicU64,
    wakeups: AtomicU64,
}

impl Metrics {
    pub fn record(&self, took: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        let mut m = self.micros.lock().expect("metrics lock");
        if m.len() < MAX_SAMPLES {
            m.push(took.as_micros().min(u128::from(u32::MAX)) as u32);
        }
    }

    /// A room's task woke up (a command, or a timer).
    pub fn wakeup(&self) {
        self.wakeups.fetch_add(1, Ordering::Relaxed);
    }

    /// Room wake-ups since start, over every table.
    pub fn wakeups(&self) -> u64 {
        self.wakeups.load(Ordering::Relaxed)
    }

    /// Moves applied since start.
    pub fn moves(&self) -> u64 {
        self.moves.load(Ordering::Relaxed)
    }

    /// The given percentiles (0–100) of the kept samples, in microseconds.
    pub fn percentiles(&self, ps: &[f64]) -> Vec<u32> {
        let mut m = self.micros.lock().expect("metrics lock").clone();
        m.sort_unstable();
        ps.iter()
            .map(|p| {
                if m.is_empty() {
                    return 0;
                }
                let i = ((p / 100.0) * (m.len() - 1) as f64).round() as usize;
                m[i.min(m.len() - 1)]
            })
            .collect()
    }
}
