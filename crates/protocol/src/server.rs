//! Frames of `talon serve`'s WebSocket protocol (docs/server.md): what a
//! client sends (`ClientFrame`) and what the server sends (`ServerFrame`).
//! Every frame is one JSON object with a `t` field naming its type.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A frame from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientFrame {
    /// The first frame: which table, which seat (by its secret; none for a
    /// spectator), and the last version the client saw (to catch up).
    Hello {
        table: String,
        #[serde(default)]
        secret: Option<String>,
        #[serde(default)]
        since: Option<u64>,
    },
    /// An action in the game's notation, decided on version `v`.
    Act {
        action: String,
        v: u64,
        #[serde(default)]
        id: Option<String>,
    },
    /// Take back your last move of the deal in play, decided on version
    /// `v` (a table of one person and bots only: the state's `undo`).
    Undo { v: u64 },
    /// What the table's hint bot would do (where the table allows hints).
    Hint,
    /// A fresh snapshot, please.
    Resync,
    /// Keep-alive; answered by `pong`, free of rate limits.
    Ping,
    /// Let a bot play for a seat whose person has not come or has gone
    /// (open or away) until they are back, instead of waiting; from a
    /// seated person.
    StandIn { seat: u8 },
    /// End the table now, from a seated person when every other seat is
    /// a bot's.
    End,
    /// From a seated person whose seat a bot plays: "I am back".
    Back,
    /// From a seated person: from now on `secret` (32 lowercase hex digits, chosen
    /// by the client, which keeps it before sending so that a lost answer
    /// loses nothing) is the seat's secret, and the old one opens nothing.
    NewLink { secret: String },
}

/// One seat's presence, as everyone at the table sees it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct SeatPresence {
    pub seat: u8,
    /// `bot`, `online`, `away` (within the grace period), `stand_in` (a bot
    /// plays for the absent person) or `open` (nobody has come yet).
    pub status: String,
    /// For `away`: how long, in milliseconds, until a bot stands in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stand_in_in_ms: Option<u64>,
    /// For `online`: how many connections hold the seat (tabs and devices),
    /// so a person sees if their seat is open somewhere they are not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connections: Option<u32>,
}

/// Who gave a seat a new link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkBy {
    /// The seat's person (`new_link`).
    Person,
    /// The table's host (its host key, over HTTP).
    Host,
}

impl LinkBy {
    /// As the frame writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkBy::Person => "person",
            LinkBy::Host => "host",
        }
    }
}

/// A frame from the server.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerFrame {
    /// The answer to `hello`: the seat the secret is for (none for a
    /// spectator) and the table's version.
    Welcome {
        table: String,
        seat: Option<u8>,
        v: u64,
        /// The server's turn time for a person who is here, in seconds
        /// (`--turn-secs`), if it has one: a client may count it down.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        turn_secs: Option<u64>,
    },
    /// Everything this viewer may know, as of version `v`.
    Snapshot {
        v: u64,
        state: Value,
    },
    /// Event `v` as this viewer sees it, and the viewer's state after it.
    /// A viewer from whom an event is wholly hidden gets `v` alone.
    Event {
        v: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<Value>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        state: Option<Value>,
    },
    /// An action was refused; nothing changed. `v` is the table's version.
    Reject {
        code: String,
        message: String,
        v: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// The hint bot's choice for this seat at version `v`.
    Hint {
        action: String,
        v: u64,
    },
    /// Who is at the table (not versioned: it is not part of the game).
    Presence {
        seats: Vec<SeatPresence>,
    },
    /// The finished table is to be played again at `table` (someone
    /// seated asked: POST /api/tables/{id}/rematch). Each person's seat
    /// link works there with the same secret.
    Rematch {
        table: String,
    },
    /// To the connection that sent `new_link`: the seat's secret is now
    /// the one it chose. The seat's other connections were closed (4009).
    LinkChanged,
    /// To everyone at the table: `seat` was given a new link, `by` its
    /// person or the table's host, so that a host taking a seat is never
    /// silent.
    SeatLinkChanged {
        seat: u8,
        by: LinkBy,
    },
    /// A frame could not be taken; nothing changed.
    Error {
        code: String,
        message: String,
    },
    Pong,
}

impl ServerFrame {
    pub fn error(code: &str, message: impl Into<String>) -> ServerFrame {
        ServerFrame::Error {
            code: code.to_string(),
            message: message.into(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("frames serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::LinkBy;

    #[test]
    fn link_by_reads_as_its_frame_writes_it() {
        for by in [LinkBy::Person, LinkBy::Host] {
            assert_eq!(serde_json::to_value(by).unwrap(), by.as_str());
        }
    }
}
