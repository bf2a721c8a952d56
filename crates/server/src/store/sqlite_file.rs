//! Which file the SQLite store may use: Talon's (or a new one), one this
//! user may write, and one no other server is using. All of it is decided
//! before anything in the file changes.

use super::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::fs::File;
use std::path::{Path, PathBuf};

/// Marks the file as Talon's in SQLite's header ("Taln"), so that a
/// server given another program's database refuses it unchanged.
pub(super) const APPLICATION_ID: i32 = 0x5461_6c6e;

/// Talon's tables and the columns each has always had.
const OURS: &[(&str, &[&str])] = &[
    ("tables", &["id", "created_ms", "finished"]),
    ("seats", &["table_id", "seat", "secret_sha256"]),
    ("events", &["table_id", "v", "at_ms", "body"]),
    ("rematches", &["from_id", "to_id"]),
];

const READ_ONLY: &str =
    "this user may not write the file, or the directory it is in (SQLite writes its journal beside it)";

fn refuse(why: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(why.to_string())
}

/// One server per database: two would each run the same tables, and
/// every move of one would be refused by the other's log. The lock is
/// on a file beside the database (SQLite's own locks are for single
/// writes); the system lets it go however the process ends, and the
/// store lets it go when its writer stops. Also returns the lock file's
/// path if this call made it, for a server that then fails to start to
/// take away again.
pub(super) fn lock(db: &Path) -> Result<(File, Option<PathBuf>), StoreError> {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    let path = PathBuf::from(name);
    // `create_new` tells, atomically, whether this call made the file.
    let made = std::fs::OpenOptions::new()
        .create_new(true)
        .write(true)
        .open(&path);
    let made_it = made.is_ok();
    let file = made
        .or_else(|_| {
            std::fs::OpenOptions::new()
                .truncate(false)
                .write(true)
                .open(&path)
        })
        // A lock file this user may only read still locks (and the
        // database's own check then says what this user may not do).
        .or_else(|e| File::open(&path).map_err(|_| e))
        .map_err(|e| match missing_dir(db) {
            Some(why) => why,
            None => refuse(format!("cannot open the lock file {}: {e}", path.display())),
        })?;
    match file.try_lock() {
        Ok(()) => Ok((file, made_it.then_some(path))),
        Err(std::fs::TryLockError::WouldBlock) => Err(refuse(format!(
            "another talon serve is using it (it holds {}): stop that one first, or give --db another file",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(refuse(format!("cannot lock {}: {e}", path.display())))
        }
    }
}

/// Looks at an existing file without writing to it (a read-write open
/// of another program's database could already fold its journal in).
pub(super) fn probe(db: &Path) -> Result<(), StoreError> {
    if !db.exists() {
        return Ok(());
    }
    let conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| missing_dir(db).unwrap_or_else(|| sqlite_error(e)))?;
    check_ours(&conn).map_err(sqlite_error)?
}

/// Opens the file for writing (after [`probe`]), refusing it if this
/// user may not write.
pub(super) fn open(db: &Path) -> Result<Connection, StoreError> {
    let conn =
        Connection::open(db).map_err(|e| missing_dir(db).unwrap_or_else(|| sqlite_error(e)))?;
    if conn.is_readonly(rusqlite::MAIN_DB).map_err(sqlite_error)? {
        return Err(refuse(READ_ONLY));
    }
    Ok(conn)
}

/// Whether the file is Talon's or new: marked as Talon's, or unmarked
/// and holding no table but Talon's, each with Talon's columns (a file
/// made before the mark). The outer error is SQLite's; the inner one the
/// reason for refusing.
fn check_ours(conn: &Connection) -> rusqlite::Result<Result<(), StoreError>> {
    let id: i32 = conn.pragma_query_value(None, "application_id", |r| r.get(0))?;
    if id == APPLICATION_ID {
        return Ok(Ok(()));
    }
    if id != 0 {
        return Ok(Err(refuse(format!(
            "the file belongs to another program (its application id is {id:#x}); give --db a new file"
        ))));
    }
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' \
             AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let foreign: Vec<&str> = tables
        .iter()
        .map(String::as_str)
        .filter(|t| !OURS.iter().any(|(ours, _)| ours == t))
        .collect();
    if !foreign.is_empty() {
        return Ok(Err(refuse(format!(
            "the file is not a Talon database: it holds {}; give --db a new file",
            foreign.join(", ")
        ))));
    }
    // Talon's names with another shape (another program's `events`).
    for (table, wanted) in OURS {
        if !tables.iter().any(|t| t == table) {
            continue;
        }
        let columns: Vec<String> = conn
            .prepare("SELECT name FROM pragma_table_info(?1)")?
            .query_map([table], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        if wanted.iter().any(|c| !columns.iter().any(|have| have == c)) {
            return Ok(Err(refuse(format!(
                "the file is not a Talon database: its table `{table}` has other columns; give --db a new file"
            ))));
        }
    }
    Ok(Ok(()))
}

/// A failure while the file is looked at or set up, in the operator's
/// words where SQLite's would puzzle.
pub(super) fn sqlite_error(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::NotADatabase) => refuse("the file is not a SQLite database"),
        Some(rusqlite::ErrorCode::ReadOnly) => refuse(READ_ONLY),
        _ => refuse(e),
    }
}

/// "The directory … does not exist", when that is why the file cannot
/// be opened.
fn missing_dir(db: &Path) -> Option<StoreError> {
    let dir = db.parent().filter(|d| !d.as_os_str().is_empty())?;
    (!dir.is_dir()).then(|| refuse(format!("the directory {} does not exist", dir.display())))
}
