//! The embedded default store: one SQLite file in WAL mode with
//! synchronous=FULL, written by one thread.
//!
//! One writer is what SQLite wants (several writers fight over the lock).
//! The thread takes every request waiting in its queue and commits them in
//! one transaction, each inside its own savepoint: a busy server pays one
//! disk sync for many tables' moves, and no move is acknowledged before
//! its commit.

use super::sqlite_file;
use super::{Store, StoreError, StoreFuture, StoredTable};
use crate::secret::{SecretHash, TableKeys};
use rusqlite::{params, Connection, OptionalExtension};
use std::fs::File;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{SystemTime, UNIX_EPOCH};
use talon_table::Event;
use tokio::sync::oneshot;

/// Requests taken into one transaction, at most.
const BATCH: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created_ms INTEGER NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    host_sha256 BLOB
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    secret_sha256 BLOB,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    v INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (table_id, v)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS open_tables ON tables(finished);
CREATE TABLE IF NOT EXISTS rematches (
    from_id TEXT PRIMARY KEY REFERENCES tables(id),
    to_id TEXT NOT NULL REFERENCES tables(id)
);
";

enum Job {
    Create {
        id: String,
        keys: TableKeys,
        events: Vec<Event>,
        rematch_of: Option<String>,
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    Append {
        id: String,
        after: u64,
        events: Vec<Event>,
        finished: bool,
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    SetSecret {
        id: String,
        seat: u8,
        hash: SecretHash,
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    OpenTables {
        reply: oneshot::Sender<Result<Vec<StoredTable>, StoreError>>,
    },
    Load {
        id: String,
        reply: oneshot::Sender<Result<StoredTable, StoreError>>,
    },
    Ping {
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
    Close {
        reply: oneshot::Sender<Result<(), StoreError>>,
    },
}

/// A handle to the writer thread; cheap to share.
pub struct SqliteStore {
    jobs: mpsc::Sender<Job>,
    /// Set by `close`: a write refused after it is the server stopping
    /// (`Closed`), not a writer that died (`Backend`).
    closed: Arc<AtomicBool>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl SqliteStore {
    /// Opens (or creates) the database file and starts its writer thread.
    /// The file is refused unchanged if it is not Talon's or this user
    /// may not write it.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::start(path, None)
    }

    /// As [`SqliteStore::open`], and the only store on this file until it
    /// is closed or its last handle dropped: what a server uses.
    pub fn open_exclusive(path: &Path) -> Result<SqliteStore, StoreError> {
        let (lock, made) = sqlite_file::lock(path)?;
        // A file refused (not a database, not ours) keeps no lock file
        // beside it that this attempt made. The lock is held (by a second
        // handle of the same open file) until the file is gone, so no
        // other server can take it in between.
        let held = made.and_then(|made| Some((made, lock.try_clone().ok()?)));
        SqliteStore::start(path, Some(lock)).inspect_err(|_| {
            if let Some((made, _lock)) = &held {
                let _ = std::fs::remove_file(made);
            }
        })
    }

    fn start(path: &Path, lock: Option<File>) -> Result<SqliteStore, StoreError> {
        sqlite_file::probe(path)?;
        let conn = sqlite_file::open(path)?;
        let setup = || -> rusqlite::Result<()> {
            conn.pragma_update(None, "journal_mode", "WAL")?;
            conn.pragma_update(None, "synchronous", "FULL")?;
            conn.pragma_update(None, "foreign_keys", "ON")?;
            conn.busy_timeout(std::time::Duration::from_secs(5))?;
            conn.execute_batch(SCHEMA)?;
            add_host_keys(&conn)?;
            conn.pragma_update(None, "application_id", sqlite_file::APPLICATION_ID)
        };
        setup().map_err(sqlite_file::sqlite_error)?;
        let (jobs, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("talon-store".into())
            .spawn(move || writer(conn, queue, lock))
            .map_err(backend)?;
        Ok(SqliteStore {
            jobs,
            closed: Arc::default(),
        })
    }

    fn send<T: Send + 'static>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, StoreError>>) -> Job,
    ) -> StoreFuture<T> {
        let (tx, rx) = oneshot::channel();
        let sent = self.jobs.send(make(tx));
        let closed = self.closed.clone();
        let gone = move || match closed.load(Ordering::Relaxed) {
            true => StoreError::Closed,
            false => backend("the store's writer has stopped"),
        };
        Box::pin(async move {
            sent.map_err(|_| gone())?;
            rx.await.map_err(|_| gone())?
        })
    }
}

impl Store for SqliteStore {
    fn create(
        &self,
        id: &str,
        keys: &TableKeys,
        events: &[Event],
        rematch_of: Option<&str>,
    ) -> StoreFuture<()> {
        let (id, keys, events) = (id.to_string(), keys.clone(), events.to_vec());
        let rematch_of = rematch_of.map(str::to_string);
        self.send(move |reply| Job::Create {
            id,
            keys,
            events,
            rematch_of,
            reply,
        })
    }

    fn append(&self, id: &str, after: u64, events: &[Event], finished: bool) -> StoreFuture<()> {
        let (id, events) = (id.to_string(), events.to_vec());
        self.send(move |reply| Job::Append {
            id,
            after,
            events,
            finished,
            reply,
        })
    }

    fn set_secret(&self, id: &str, seat: u8, hash: &SecretHash) -> StoreFuture<()> {
        let (id, hash) = (id.to_string(), *hash);
        self.send(move |reply| Job::SetSecret {
            id,
            seat,
            hash,
            reply,
        })
    }

    fn open_tables(&self) -> StoreFuture<Vec<StoredTable>> {
        self.send(|reply| Job::OpenTables { reply })
    }

    fn load(&self, id: &str) -> StoreFuture<StoredTable> {
        let id = id.to_string();
        self.send(move |reply| Job::Load { id, reply })
    }

    fn ping(&self) -> StoreFuture<()> {
        self.send(|reply| Job::Ping { reply })
    }

    fn close(&self) -> StoreFuture<()> {
        self.closed.store(true, Ordering::Relaxed);
        self.send(|reply| Job::Close { reply })
    }
}

/// The writer thread: batches of writes, each batch one commit. It
/// holds the file's lock (if any) until it stops: when closed, or when
/// the last handle is gone.
fn writer(mut conn: Connection, queue: mpsc::Receiver<Job>, lock: Option<File>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let (reads, writes): (Vec<Job>, Vec<Job>) = batch.into_iter().partition(|j| {
            matches!(
                j,
                Job::OpenTables { .. } | Job::Load { .. } | Job::Ping { .. } | Job::Close { .. }
            )
        });
        if !writes.is_empty() {
            write_batch(&mut conn, writes);
        }
        let mut close = None;
        for job in reads {
            match job {
                Job::OpenTables { reply } => {
                    let _ = reply.send(open_tables(&conn));
                }
                Job::Load { id, reply } => {
                    let _ = reply.send(load(&conn, &id));
                }
                Job::Ping { reply } => {
                    let _ = reply.send(conn.query_row("SELECT 1", [], |_| Ok(())).map_err(backend));
                }
                Job::Close { reply } => close = Some(reply),
                _ => unreachable!("partitioned"),
            }
        }
        if let Some(reply) = close {
            // After this batch's writes: they are in the main file too.
            // Jobs still queued are dropped, so their callers hear that
            // the store has stopped and nothing later is acknowledged.
            let folded = fold_journal(&conn);
            drop(conn);
            drop(lock);
            let _ = reply.send(folded);
            return;
        }
    }
}

/// Folds the write-ahead log into the main file and empties it, or says
/// why it could not (a reader, such as a backup, holds the file).
fn fold_journal(conn: &Connection) -> Result<(), StoreError> {
    let (busy, log, folded): (i64, i64, i64) = conn
        .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })
        .map_err(backend)?;
    if busy != 0 || log != folded {
        return Err(backend(
            "part of the data is still in the -wal file beside the database (another program has it open); nothing is lost, and the next start folds it in",
        ));
    }
    Ok(())
}

type Reply = oneshot::Sender<Result<(), StoreError>>;

/// The reply channel of a write job.
fn reply_of(job: Job) -> Reply {
    match job {
        Job::Create { reply, .. } | Job::Append { reply, .. } | Job::SetSecret { reply, .. } => {
            reply
        }
        _ => unreachable!("only writes here"),
    }
}

/// Runs each write in its own savepoint, commits once, then answers: a
/// write is reported done only once the commit is on disk.
fn write_batch(conn: &mut Connection, writes: Vec<Job>) {
    let mut answers: Vec<(Reply, Result<(), StoreError>)> = Vec::new();
    let tx = match conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => {
            for job in writes {
                let _ = reply_of(job).send(Err(backend(&e)));
            }
            return;
        }
    };
    for job in writes {
        // After disk-full, I/O or out-of-memory errors SQLite may roll the
        // whole transaction back by itself. A job run after that would
        // start (and commit) a transaction of its own while this batch is
        // answered as failed, so the rest fail unwritten.
        if tx.is_autocommit() {
            answers.push((
                reply_of(job),
                Err(StoreError::Backend("the batch was rolled back".into())),
            ));
            continue;
        }
        let (reply, outcome) = match job {
            Job::Create {
                id,
                keys,
                events,
                rematch_of,
                reply,
            } => (
                reply,
                in_savepoint(&tx, |c| {
                    create(c, &id, &keys, &events)?;
                    match &rematch_of {
                        Some(from) => link_rematch(c, from, &id),
                        None => Ok(()),
                    }
                }),
            ),
            Job::Append {
                id,
                after,
                events,
                finished,
                reply,
            } => (
                reply,
                in_savepoint(&tx, |c| append(c, &id, after, &events, finished)),
            ),
            Job::SetSecret {
                id,
                seat,
                hash,
                reply,
            } => (
                reply,
                in_savepoint(&tx, |c| set_secret(c, &id, seat, &hash)),
            ),
            _ => unreachable!("only writes here"),
        };
        answers.push((reply, outcome));
    }
    let committed = tx.commit().map_err(backend);
    for (reply, outcome) in answers {
        let _ = reply.send(match &committed {
            Ok(()) => outcome,
            Err(e) => Err(e.clone()),
        });
    }
}

fn in_savepoint(
    tx: &rusqlite::Transaction<'_>,
    body: impl FnOnce(&Connection) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    tx.execute_batch("SAVEPOINT job").map_err(backend)?;
    match body(tx) {
        Ok(()) => tx.execute_batch("RELEASE job").map_err(backend),
        Err(e) => {
            tx.execute_batch("ROLLBACK TO job; RELEASE job")
                .map_err(backend)?;
            Err(e)
        }
    }
}

fn create(c: &Connection, id: &str, keys: &TableKeys, events: &[Event]) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO tables (id, created_ms, host_sha256) VALUES (?1, ?2, ?3)",
        params![id, now_ms(), keys.host.map(|h| h.to_vec())],
    )
    .map_err(backend)?;
    for (seat, hash) in keys.seats.iter().enumerate() {
        c.execute(
            "INSERT INTO seats (table_id, seat, secret_sha256) VALUES (?1, ?2, ?3)",
            params![id, seat as i64, hash.as_ref().map(|h| h.to_vec())],
        )
        .map_err(backend)?;
    }
    insert_events(c, id, 0, events)
}

/// A file made before host keys gets their column (empty: its tables have
/// none). Adding a nullable column rewrites nothing.
fn add_host_keys(c: &Connection) -> rusqlite::Result<()> {
    let has = c
        .prepare("SELECT 1 FROM pragma_table_info('tables') WHERE name = 'host_sha256'")?
        .exists([])?;
    if !has {
        c.execute_batch("ALTER TABLE tables ADD COLUMN host_sha256 BLOB")?;
    }
    Ok(())
}

/// A person's seat's new secret; a seat without one (a bot's) keeps none.
fn set_secret(c: &Connection, id: &str, seat: u8, hash: &SecretHash) -> Result<(), StoreError> {
    let changed = c
        .execute(
            "UPDATE seats SET secret_sha256 = ?3 \
             WHERE table_id = ?1 AND seat = ?2 AND secret_sha256 IS NOT NULL",
            params![id, i64::from(seat), hash.to_vec()],
        )
        .map_err(backend)?;
    if changed == 1 {
        Ok(())
    } else {
        Err(StoreError::NotFound(format!("{id}, seat {seat}")))
    }
}

/// Records `to` as the rematch of `from`: once (the key refuses a second).
fn link_rematch(c: &Connection, from: &str, to: &str) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO rematches (from_id, to_id) VALUES (?1, ?2)",
        params![from, to],
    )
    .map(|_| ())
    .map_err(|e| backend(format!("table {from} has its rematch already ({e})")))
}

fn append(
    c: &Connection,
    id: &str,
    after: u64,
    events: &[Event],
    finished: bool,
) -> Result<(), StoreError> {
    let found: Option<i64> = c
        .query_row(
            "SELECT MAX(v) FROM events WHERE table_id = ?1",
            params![id],
            |r| r.get(0),
        )
        .map_err(backend)?;
    let found = found.unwrap_or(0) as u64;
    if found != after {
        return Err(StoreError::Conflict {
            expected: after,
            found,
        });
    }
    insert_events(c, id, after, events)?;
    if finished {
        c.execute("UPDATE tables SET finished = 1 WHERE id = ?1", params![id])
            .map_err(backend)?;
    }
    Ok(())
}

fn insert_events(c: &Connection, id: &str, after: u64, events: &[Event]) -> Result<(), StoreError> {
    let mut insert = c
        .prepare_cached("INSERT INTO events (table_id, v, at_ms, body) VALUES (?1, ?2, ?3, ?4)")
        .map_err(backend)?;
    let at = now_ms();
    for (i, e) in events.iter().enumerate() {
        insert
            .execute(params![id, (after + 1 + i as u64) as i64, at, e.to_json()])
            .map_err(backend)?;
    }
    Ok(())
}

fn open_tables(c: &Connection) -> Result<Vec<StoredTable>, StoreError> {
    let ids: Vec<String> = c
        .prepare("SELECT id FROM tables WHERE finished = 0 ORDER BY created_ms")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(backend)?;
    ids.iter().map(|id| load(c, id)).collect()
}

fn load(c: &Connection, id: &str) -> Result<StoredTable, StoreError> {
    let row: Option<(bool, Option<Vec<u8>>)> = c
        .query_row(
            "SELECT finished, host_sha256 FROM tables WHERE id = ?1",
            params![id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(backend)?;
    let (finished, host) = row.ok_or_else(|| StoreError::NotFound(id.to_string()))?;
    let host = host.and_then(|b| SecretHash::try_from(b.as_slice()).ok());
    let secrets = c
        .prepare("SELECT secret_sha256 FROM seats WHERE table_id = ?1 ORDER BY seat")
        .and_then(|mut s| {
            s.query_map(params![id], |r| {
                let blob: Option<Vec<u8>> = r.get(0)?;
                Ok(blob.and_then(|b| SecretHash::try_from(b.as_slice()).ok()))
            })?
            .collect::<Result<Vec<_>, _>>()
        })
        .map_err(backend)?;
    let bodies: Vec<String> = c
        .prepare("SELECT body FROM events WHERE table_id = ?1 ORDER BY v")
        .and_then(|mut s| s.query_map(params![id], |r| r.get(0))?.collect())
        .map_err(backend)?;
    let events = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| {
            Event::from_json(b).map_err(|e| backend(format!("table {id} event {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    let rematch: Option<String> = c
        .query_row(
            "SELECT to_id FROM rematches WHERE from_id = ?1",
            params![id],
            |r| r.get(0),
        )
        .optional()
        .map_err(backend)?;
    Ok(StoredTable {
        id: id.to_string(),
        keys: TableKeys {
            seats: secrets,
            host,
        },
        events,
        finished,
        rematch,
    })
}
