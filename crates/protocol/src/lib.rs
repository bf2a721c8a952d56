//! Types that cross a process boundary: the requests and replies of the
//! `talon engine` line protocol (docs/protocol.md) and the versioned game
//! record format. Nothing else in Talon is serialized.

mod observation;
mod record;
mod wire;

pub use observation::observation_json;
pub use record::{GameRecord, RecordError, RECORD_FORMAT, RECORD_VERSION};
pub use wire::{
    options_from_json, shorten, ErrorReply, Request, ResultView, StateReply, MAX_ERROR_CHARS,
};
