//! The events of a table's log. The log is the table: replaying it from
//! the first event rebuilds the table exactly, and a deal is stored as its
//! text, so a replay never depends on the random generator.
//!
//! Events hold everything, hidden cards included; they are stored, never
//! sent. What a viewer receives is their projection (`view.rs`).

use crate::config::TableConfig;
use serde::{Deserialize, Serialize};

/// Who made an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// The seat's person (or the front end's caller).
    #[default]
    Person,
    /// The seat's bot.
    Bot,
    /// A bot playing for a person who is away.
    StandIn,
}

/// Why a table ended before its match was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The match reached the deal cap without a winner.
    DealCap,
    /// The host or the server closed the table.
    Closed,
}

/// One entry of the log; its version is its position, from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Always the first event.
    Created { config: TableConfig },
    /// A new deal, in the family's deal notation (every hidden card).
    Dealt { deal_no: u32, deal: String },
    /// A seat's action in the game's notation (canonical form).
    Acted {
        seat: u8,
        action: String,
        #[serde(default)]
        by: Actor,
    },
    /// The table ended without a decided match.
    Ended { reason: EndReason },
    /// `seat` took back its last action in the deal in play, with every
    /// action after it (a table of one person and bots only). The actions
    /// stay in the log, so versions only grow; the table is as it was
    /// before them.
    Undone { seat: u8 },
}

impl Event {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("events serialize")
    }

    pub fn from_json(text: &str) -> Result<Event, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// The format name of a saved table log.
pub const LOG_FORMAT: &str = "talon-table";
pub const LOG_VERSION: u32 = 1;

/// A table's whole log as a file: a match keeps every deal (`talon watch
/// --match --record`, `talon play --match --record`, `talon replay`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableLog {
    pub format: String,
    pub version: u32,
    pub events: Vec<Event>,
}

impl TableLog {
    pub fn new(events: &[Event]) -> TableLog {
        TableLog {
            format: LOG_FORMAT.to_string(),
            version: LOG_VERSION,
            events: events.to_vec(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("logs serialize")
    }

    /// Reads a saved log; the events are checked when replayed.
    pub fn from_json(text: &str) -> Result<TableLog, String> {
        let log: TableLog =
            serde_json::from_str(text).map_err(|e| format!("not a table log: {e}"))?;
        if log.format != LOG_FORMAT || log.version != LOG_VERSION {
            return Err(format!(
                "format {:?} version {} is not {LOG_FORMAT:?} version {LOG_VERSION}",
                log.format, log.version
            ));
        }
        Ok(log)
    }
}
