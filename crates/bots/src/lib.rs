//! Bots. A bot is handed its own seat's observation and the legal actions,
//! never the game state, so it cannot see hidden cards.

mod bid_play;
mod duel;
mod levels;
mod na_finish;
mod na_search;
mod na_sixty_six;
mod pedro;
mod pedro_evidence;
mod pedro_finish;
mod pedro_search;
mod pedro_stakes;
mod random;
mod registry;
mod search;
mod sevens;
mod sixty_six;
mod sixty_six_draw_blind;
mod sixty_six_expert;
mod sixty_six_inference;

pub use bid_play::BidPlay;
pub use duel::play_deal;
pub use levels::{by_name, ismcts_config, pimc_config, EXPERT_CLOSE, NAMES};
pub use na_search::{sevens_level, NaSearchBot, SEARCH_LEVELS};
pub use na_sixty_six::NaHeuristic;
pub use pedro::PedroHeuristic;
pub use pedro_search::{pedro_level, PedroSearchBot, PedroSearchConfig, PEDRO_NAMES};
pub use random::RandomBot;
pub use registry::{
    bot_names, canonical_bot, known_text, levels_and_variants, strongest, AnyBot, UnknownBot,
    LEVELS,
};
pub use search::{IsmctsBot, PimcBot};
pub use sevens::SevensHeuristic;
pub use sixty_six::SixtySixHeuristic;
pub use sixty_six_expert::{CloseConfig, Closing, SheetBlind, SheetUse, SixtySixExpert};

use std::time::Duration;
use talon_rules::Game;

/// A player program for game `G`.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and records.
    fn name(&self) -> &str;

    /// Chooses one of `legal` (never empty) for the seat of `obs`.
    fn choose(&mut self, obs: &G::Observation, legal: &[G::Action]) -> G::Action;

    /// Replaces the safety time limit of each decision. `None` leaves only
    /// the count budgets, so a seed replays exactly however loaded the
    /// machine is (the arena and `watch` do this); bots without a limit
    /// ignore it.
    fn set_time_limit(&mut self, _limit: Option<Duration>) {}
}
