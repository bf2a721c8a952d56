//! How a server runs: where it listens, where it stores, how it paces.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `talon serve` can be told.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen (loopback by default).
    pub addr: SocketAddr,
    /// The SQLite database file.
    pub db: PathBuf,
    /// How long a bot waits before its move shows, so people can follow.
    pub bot_delay: Duration,
    /// The pause after a deal of a match before the next deal.
    pub deal_pause: Duration,
    /// How long a person who dropped keeps the seat before a bot stands in.
    pub grace: Duration,
    /// The bot level that stands in for an absent person.
    pub stand_in: String,
    /// How long a person who is here may take over a move; past it the
    /// stand-in makes that move, and after `TIMEOUTS_TO_STAND_IN` such moves
    /// in a row it plays the seat until its person says they are back.
    /// `None`: no limit.
    pub turn_time: Option<Duration>,
    /// The bot level that gives hints.
    pub hint_bot: String,
    /// Frames a connection may send per `frame_window` (pings are free).
    pub frame_budget: u32,
    pub frame_window: Duration,
    /// Tables one address may create per `create_window`.
    pub create_budget: u32,
    pub create_window: Duration,
    /// Tables open at once, at most (creation fails with 503 past it).
    pub max_open_tables: usize,
    /// Viewers one table takes at most.
    pub max_viewers: usize,
    /// WebSockets one address may hold open at once.
    pub max_sockets_per_address: usize,
    /// Tables one address may have in play at once, counted from creation
    /// until the table finishes (or leaves memory, for a stored table a
    /// visit brought back).
    pub max_tables_per_address: usize,
    /// Count a request from loopback by the last `X-Forwarded-For` entry
    /// (a reverse proxy on the same machine); else every peer is itself.
    pub behind_proxy: bool,
    /// Catch-ups by missed events one table replays per `catch_up_window`
    /// (a replay rebuilds the table from its log, so costs the log's
    /// length); past them a viewer gets a snapshot, just as correct.
    pub catch_up_budget: u32,
    pub catch_up_window: Duration,
    /// How long a request's headers may take to arrive, counted from when
    /// the server starts waiting for them (on a new or an idle kept-alive
    /// connection too): past it the connection is closed.
    pub header_timeout: Duration,
    /// How long a new connection has to say hello.
    pub hello_timeout: Duration,
    /// A connection that sends nothing (not even a ping) this long is closed.
    pub idle_timeout: Duration,
    /// How long a finished table stays in memory (it stays in the store).
    pub finished_ttl: Duration,
    /// A table with no person online and no event for this long is closed
    /// (ended, reason `closed`): else tables nobody joins would hold their
    /// place among `max_open_tables` for ever.
    pub abandon_after: Duration,
}

/// Moves a stand-in makes in a row for a person who is here but lets their
/// time run out, before it keeps the seat until they are back.
pub const TIMEOUTS_TO_STAND_IN: u8 = 2;

/// The largest frame a client may send, in bytes; larger ones get an
/// error frame. Far larger ones (over 16 times this) close the socket.
pub const MAX_FRAME_BYTES: usize = 4096;

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("talon.db"),
            bot_delay: Duration::from_millis(800),
            deal_pause: Duration::from_secs(3),
            grace: Duration::from_secs(60),
            stand_in: "heuristic".into(),
            turn_time: Some(Duration::from_secs(300)),
            hint_bot: "expert".into(),
            frame_budget: 100,
            frame_window: Duration::from_secs(20),
            create_budget: 20,
            create_window: Duration::from_secs(60),
            max_open_tables: 20_000,
            max_viewers: 64,
            max_sockets_per_address: 256,
            max_tables_per_address: 100,
            behind_proxy: false,
            catch_up_budget: 20,
            catch_up_window: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            hello_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            finished_ttl: Duration::from_secs(300),
            abandon_after: Duration::from_secs(24 * 3600),
        }
    }
}

impl ServerConfig {
    /// Plain HTTP connections one address may hold open at once (an
    /// upgraded WebSocket leaves this count for `max_sockets_per_address`).
    pub fn max_connections_per_address(&self) -> usize {
        self.max_sockets_per_address.saturating_mul(2)
    }
}
