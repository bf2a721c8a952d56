//! Exact rules of the Talon games.
//!
//! Every game implements [`Game`]: whose turn it is, the legal actions,
//! a checked and an unchecked `play`, a per-seat observation and the
//! outcome. Rules code does no IO and draws randomness only from a seed
//! passed in ([`shuffle`]), so the same seed and actions give the same
//! game on every platform.

mod any_game;
mod any_match;
pub mod conformance;
mod constrained;
mod game;
pub mod na_sixty_six;
mod options;
pub mod pedro;
mod preset;
mod search;
pub mod sevens;
pub mod shuffle;
pub mod sixty_six;

pub use any_game::{AnyGame, AnyObservation, PlayError, Setup, SetupError, Summary, TrickView};
pub use any_match::AnyMatch;
pub use game::{
    ActionList, ActionParseError, Game, IllegalAction, Observation, Returns, MAX_ACTIONS,
};
pub use options::{OptionError, OptionKind, OptionSpec};
pub use preset::{Family, Preset, PresetError};
pub use search::{Determinize, SolverGame};
