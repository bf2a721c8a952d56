//! Exact rules of the Talon games.
//!
//! Every game implements [`Game`]: whose turn it is, the legal actions,
//! a checked and an unchecked `play`, a per-seat observation and the
//! outcome. Rules code does no IO and draws randomness only from a seed
//! passed in ([`shuffle`]), so the same seed and actions give the same
//! game on every platform.

/// The conversions every family's `DealError` shares: `Error`, and `From`
/// for card notation errors (`Card` variant) and pack misfits (`NotInDeck`,
/// `Repeated` variants).
// Defined before the modules, so every family module sees it.
macro_rules! deal_error_conversions {
    ($error:ident) => {
        impl std::error::Error for $error {}

        impl From<talon_cards::Misfit> for $error {
            fn from(m: talon_cards::Misfit) -> Self {
                match m {
                    talon_cards::Misfit::NotInPack(c) => $error::NotInDeck(c),
                    talon_cards::Misfit::Repeated(c) => $error::Repeated(c),
                }
            }
        }

        impl From<talon_cards::CardParseError> for $error {
            fn from(e: talon_cards::CardParseError) -> Self {
                $error::Card(e)
            }
        }
    };
}

mod action_order;
mod any_game;
mod any_match;
pub mod conformance;
mod constrained;
mod copy_vec;
mod deal_sheet;
mod game;
pub mod na_sixty_six;
mod options;
pub mod pedro;
mod preset;
mod ruleset;
mod search;
pub mod sevens;
pub mod shuffle;
pub mod sixty_six;
pub mod target;

pub use action_order::sort_actions;
pub use any_game::{AnyGame, AnyObservation, PlayError, Setup, SetupError, Summary, TrickView};
pub use any_match::AnyMatch;
pub use game::{
    ActionList, ActionParseError, Game, IllegalAction, Observation, Returns, MAX_ACTIONS, NOT_HELD,
    UNEXPLAINED,
};
pub use options::{nearest, OptionError, OptionKind, OptionSpec};
pub use preset::{Family, Preset, PresetError};
pub use ruleset::Ruleset;
pub use search::{Determinize, Rewards, SolverGame};
