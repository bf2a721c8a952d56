//! The table layer: one way to run a game for every front end.
//!
//! A table is a preset with its options, its seats (people, bots, open
//! seats), a single deal or a whole match with its score sheet, and an
//! append-only log of events. `watch`, `arena`, `play`, the engine
//! protocol and the server all drive games through it. Data flows one way:
//! rules ← table ← front ends.
//!
//! The log is the truth: [`Table::replay`] rebuilds a table from it. What
//! a viewer is sent is built in one place, `view.rs`, from that viewer's
//! observation.

mod autoplay;
mod config;
mod consequence;
mod error;
mod event;
mod games;
mod hint;
mod table;
mod view;

pub use autoplay::{bot_seed, bots_move, run_bots, SeatBots};
pub use config::{without_inert_options, SeatSpec, TableConfig, MAX_NAME_CHARS};
pub use consequence::consequence;
pub use error::TableError;
pub use event::{Actor, EndReason, Event, TableLog, LOG_FORMAT};
pub use games::{game_info, games, GameInfo, OptionInfo};
pub use hint::{hint, hint_bot, may_hint, NoHint};
pub use table::{
    cut_short, Checked, FinishedDeal, Status, Table, MATCH_DEAL_CAP, MAX_UNDOS_A_DEAL,
};
pub use view::{cards_named, Projected, Viewer, MAX_CATCH_UP};
