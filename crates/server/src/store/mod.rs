//! Where tables live between runs: a small trait, so that the embedded
//! SQLite store can be joined by others (Postgres) without touching the
//! rest of the server.
//!
//! A table is its seat secrets and host key (hashed) and its event log. Appends are
//! conditional on the version the caller has, so two writers can never
//! interleave a table's log.

mod sqlite;
mod sqlite_file;

pub use sqlite::SqliteStore;

use crate::secret::{SecretHash, TableKeys};
use std::fmt;
use std::future::Future;
use std::pin::Pin;
use talon_table::Event;

/// What a store call returns: a future that owns everything it needs.
pub type StoreFuture<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send>>;

/// A stored table as loaded.
#[derive(Clone, Debug)]
pub struct StoredTable {
    pub id: String,
    /// Its seats' secrets and host key, hashed.
    pub keys: TableKeys,
    pub events: Vec<Event>,
    pub finished: bool,
    /// The table made to play this one again, once someone asked.
    pub rematch: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The log is not at the version the writer expected.
    Conflict {
        expected: u64,
        found: u64,
    },
    NotFound(String),
    /// The database failed (disk, corruption).
    Backend(String),
    /// The store was closed: the server is stopping.
    Closed,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Conflict { expected, found } => {
                write!(f, "the stored log is at version {found}, not {expected}")
            }
            StoreError::NotFound(id) => write!(f, "no stored table {id:?}"),
            StoreError::Backend(e) => write!(f, "storage failed: {e}"),
            StoreError::Closed => write!(
                f,
                "the store's writer has stopped: the store was closed (the server is stopping)"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

pub trait Store: Send + Sync + 'static {
    /// Stores a new table: its seat secrets, host key and first events, at
    /// once; with `rematch_of`, in the same commit, as the one rematch of
    /// that finished table (a second is refused).
    fn create(
        &self,
        id: &str,
        keys: &TableKeys,
        events: &[Event],
        rematch_of: Option<&str>,
    ) -> StoreFuture<()>;

    /// Appends `events` to a table whose log holds `after` events, and
    /// marks it finished if `finished`. Durable when the future is ready.
    fn append(&self, id: &str, after: u64, events: &[Event], finished: bool) -> StoreFuture<()>;

    /// Gives a person's seat a new secret (its hash): the old one opens
    /// nothing from the commit on. `NotFound` for a table or seat that has
    /// no secret to change (a bot's). Durable when the future is ready.
    fn set_secret(&self, id: &str, seat: u8, hash: &SecretHash) -> StoreFuture<()>;

    /// Every table that is not finished (to rebuild on start).
    fn open_tables(&self) -> StoreFuture<Vec<StoredTable>>;

    /// One table, finished or not.
    fn load(&self, id: &str) -> StoreFuture<StoredTable>;

    /// Whether the store answers (for the health check): a read that
    /// waits its turn behind the writes.
    fn ping(&self) -> StoreFuture<()> {
        Box::pin(async { Ok(()) })
    }

    /// Stops the store for a clean stop: what was written is made whole
    /// in its main file (SQLite folds its write-ahead log in), and every
    /// later call fails, so nothing written after it is acknowledged.
    fn close(&self) -> StoreFuture<()> {
        Box::pin(async { Ok(()) })
    }
}
