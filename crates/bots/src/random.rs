//! Uniformly random play from a seed.

use crate::Bot;
use talon_rules::shuffle::{below, rng_from_seed, SeededRng};
use talon_rules::Game;

/// Chooses uniformly among the legal actions; seeded, so reproducible.
pub struct RandomBot {
    rng: SeededRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _obs: &G::Observation, legal: &[G::Action]) -> G::Action {
        legal[below(&mut self.rng, legal.len() as u64) as usize]
    }
}
