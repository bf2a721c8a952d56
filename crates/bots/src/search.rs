//! Search bots: PIMC with an exact solver, and ISMCTS. Game-generic; they
//! see only their observation and sample the rest.

use crate::Bot;
use std::time::Duration;
use talon_rules::shuffle::{rng_from_seed, SeededRng};
use talon_rules::{Determinize, SolverGame};
use talon_search::{Ismcts, IsmctsConfig, Pimc, PimcConfig};

/// PIMC over exactly solved worlds. When a position is too deep to solve
/// within the node budget (early in a long deal) it plays by ISMCTS.
pub struct PimcBot<G: SolverGame + Determinize> {
    name: String,
    pimc: Pimc<G>,
    fallback: Ismcts<G>,
    rng: SeededRng,
}

impl<G: SolverGame + Determinize> PimcBot<G> {
    pub fn new(name: &str, config: PimcConfig, fallback: IsmctsConfig, seed: u64) -> Self {
        PimcBot {
            name: name.to_string(),
            pimc: Pimc::new(config),
            fallback: Ismcts::new(fallback),
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: SolverGame + Determinize> Bot<G> for PimcBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, obs: &G::Observation, legal: &[G::Action]) -> G::Action {
        match self.pimc.choose(obs, legal, &mut self.rng) {
            Some(a) => a,
            None => self.fallback.choose(obs, legal, &mut self.rng),
        }
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.pimc.config.time_limit = limit;
        self.fallback.config.time_limit = limit;
    }
}

/// Single-observer ISMCTS.
pub struct IsmctsBot<G: SolverGame + Determinize> {
    name: String,
    ismcts: Ismcts<G>,
    rng: SeededRng,
}

impl<G: SolverGame + Determinize> IsmctsBot<G> {
    pub fn new(name: &str, config: IsmctsConfig, seed: u64) -> Self {
        IsmctsBot {
            name: name.to_string(),
            ismcts: Ismcts::new(config),
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: SolverGame + Determinize> Bot<G> for IsmctsBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, obs: &G::Observation, legal: &[G::Action]) -> G::Action {
        self.ismcts.choose(obs, legal, &mut self.rng)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.ismcts.config.time_limit = limit;
    }
}
