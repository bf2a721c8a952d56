//! Named bots and levels for the Sixty-six family.
//!
//! Budgets are counts (samples, iterations, solver nodes) so a seed
//! replays exactly; the time limits are only a safety net on slow
//! machines and bind rarely at these budgets.

use crate::search::{IsmctsBot, PimcBot};
use crate::{Bot, RandomBot, SixtySixHeuristic};
use std::fmt;
use std::time::Duration;
use talon_rules::sixty_six::SixtySix;
use talon_search::{IsmctsConfig, PimcConfig};

/// Names accepted by [`by_name`].
pub const NAMES: [&str; 7] = [
    "random",
    "heuristic",
    "beginner",
    "intermediate",
    "expert",
    "pimc",
    "ismcts",
];

/// A bot name [`by_name`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown bot {:?} (known: {})", self.0, NAMES.join(", "))
    }
}

impl std::error::Error for UnknownBot {}

/// ISMCTS settings by iteration budget.
pub fn ismcts_config(iterations: u32, time_limit_ms: u64) -> IsmctsConfig {
    IsmctsConfig {
        iterations,
        time_limit: Some(Duration::from_millis(time_limit_ms)),
        // Returns are −3..3 game points.
        exploration: 2.0,
        rollout_epsilon: 0.2,
        leaf_solve_nodes: 0,
    }
}

/// PIMC settings by sample and per-solve node budget.
pub fn pimc_config(samples: u32, max_nodes: u64, time_limit_ms: u64) -> PimcConfig {
    PimcConfig {
        samples,
        time_limit: Some(Duration::from_millis(time_limit_ms)),
        max_nodes,
    }
}

/// A Sixty-six-family bot by name, seeded.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Bot<SixtySix>>, UnknownBot> {
    let name = name.trim().to_ascii_lowercase();
    Ok(match name.as_str() {
        "random" => Box::new(RandomBot::new(seed)),
        "heuristic" => Box::new(SixtySixHeuristic),
        "beginner" => Box::new(IsmctsBot::<SixtySix>::new(
            "beginner",
            ismcts_config(150, 50),
            seed,
        )),
        "intermediate" => Box::new(PimcBot::<SixtySix>::new(
            "intermediate",
            pimc_config(6, 5_000, 50),
            ismcts_config(500, 50),
            seed,
        )),
        "expert" | "pimc" => Box::new(PimcBot::<SixtySix>::new(
            if name == "expert" { "expert" } else { "pimc" },
            pimc_config(20, 20_000, 80),
            ismcts_config(2_000, 80),
            seed,
        )),
        "ismcts" => Box::new(IsmctsBot::<SixtySix>::new(
            "ismcts",
            ismcts_config(2_000, 80),
            seed,
        )),
        _ => return Err(UnknownBot(name)),
    })
}
