//! Types that cross a process boundary: the requests and replies of the
//! `talon engine` line protocol (docs/protocol.md), the frames of
//! `talon serve` (docs/server.md) and the versioned game record format.
//! Besides these, only a table's stored log (talon-table) is serialized.

mod json_error;
mod observation;
mod record;
mod server;
mod wire;

pub use json_error::{plain_json_error, plain_words};
pub use observation::{observation_json, public_observation_json};
pub use record::{GameRecord, RecordError, RECORD_FORMAT, RECORD_VERSION};
pub use server::{ClientFrame, LinkBy, SeatPresence, ServerFrame};
pub use wire::{
    error_text, options_from_json, options_once, shorten, ErrorReply, MatchView, Request,
    ResultView, StateReply, MAX_ERROR_CHARS,
};
