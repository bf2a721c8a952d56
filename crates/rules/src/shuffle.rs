//! Portable seeded shuffling.
//!
//! A seed must mean the same deal on every platform and in every version,
//! so this module fixes both the generator (ChaCha8 keyed by the seed's
//! little-endian bytes) and the bounded sampling (rejection on 64-bit
//! words) instead of relying on `rand`'s helpers, whose algorithms may change.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator a seed stands for.
pub fn rng_from_seed(seed: u64) -> ChaCha8Rng {
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    ChaCha8Rng::from_seed(key)
}

/// The largest draw `below` accepts for `n`: the top of the last whole
/// run of `n` values, so that no remainder is favoured.
const fn zone(n: u64) -> u64 {
    u64::MAX - (u64::MAX - n + 1) % n
}

/// `zone` of every count up to a pack and a joker, worked out at compile
/// time: a 64-bit division costs about as much as the draw itself, and a
/// shuffle asks for one per card.
const ZONES: [u64; 54] = {
    let mut z = [0; 54];
    let mut n = 1;
    while n < 54 {
        z[n] = zone(n as u64);
        n += 1;
    }
    z
};

/// A uniform integer in `0..n` (n > 0), by rejection, so no value is favoured.
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: u64) -> u64 {
    assert!(n > 0, "below(0)");
    let zone = match ZONES.get(n as usize) {
        Some(&z) => z,
        None => zone(n),
    };
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// Fisher–Yates shuffle driven by [`below`].
pub fn shuffle<T, R: RngCore + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// The seeded generator type used across Talon.
pub type SeededRng = ChaCha8Rng;
