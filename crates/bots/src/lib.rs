//! Bots. A bot is handed its own seat's observation and the legal actions,
//! never the game state, so it cannot see hidden cards.

mod random;
mod registry;
mod sixty_six;

pub use random::RandomBot;
pub use registry::{strongest, AnyBot, UnknownBot, BOT_NAMES};
pub use sixty_six::SixtySixHeuristic;

use talon_rules::Game;

/// A player program for game `G`.
pub trait Bot<G: Game> {
    /// A short name for tables and records.
    fn name(&self) -> &str;

    /// Chooses one of `legal` (never empty) for the seat of `obs`.
    fn choose(&mut self, obs: &G::Observation, legal: &[G::Action]) -> G::Action;
}
