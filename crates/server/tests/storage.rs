//! The database file as an operator meets it: one server per file, a
//! file that is not Talon's left as it was, a clean stop that leaves the
//! data whole in the main file, and the closing handshake answered.

mod common;

use common::*;
use futures_util::StreamExt;
use rusqlite::Connection;
use std::time::Duration;
use talon_server::ServerConfig;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_database_is_refused_until_the_first_stops() {
    let config = fast_config();
    let first = server(config.clone()).await;
    // Port 0 again: only the database is shared.
    let again = config.clone();
    let refused = talon_server::start(again.clone())
        .await
        .err()
        .expect("refused");
    assert!(
        refused.contains("another talon serve is using it"),
        "{refused}"
    );
    first.stop().await.expect("a clean stop");
    let second = talon_server::start(again)
        .await
        .expect("the file is free again");
    second.stop().await.unwrap();
}

/// A database another program made with `setup`: refused, saying `why`,
/// and left byte for byte as it was.
async fn refused_unchanged(setup: &str, why: &str) {
    let config = fast_config();
    let conn = Connection::open(&config.db).unwrap();
    conn.execute_batch(setup).unwrap();
    drop(conn);
    let before = std::fs::read(&config.db).unwrap();
    let refused = talon_server::start(config.clone())
        .await
        .err()
        .expect("refused");
    assert!(refused.contains(why), "{setup}: {refused}");
    assert_eq!(
        std::fs::read(&config.db).unwrap(),
        before,
        "{setup}: changed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_programs_database_is_refused_unchanged() {
    for (setup, why) in [
        // A table of its own.
        (
            "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);",
            "not a Talon database: it holds notes",
        ),
        // Talon's names with other shapes.
        (
            "CREATE TABLE tables (name TEXT);",
            "`tables` has other columns",
        ),
        (
            "CREATE TABLE events (at TEXT, what TEXT);",
            "`events` has other columns",
        ),
        // Another program's mark in SQLite's header.
        ("PRAGMA application_id = 42;", "belongs to another program"),
    ] {
        refused_unchanged(setup, why).await;
    }

    // A file that is no database at all.
    let config = fast_config();
    std::fs::write(
        &config.db,
        "not a database, only some words of text\n".repeat(200),
    )
    .unwrap();
    let refused = talon_server::start(config.clone())
        .await
        .err()
        .expect("refused");
    assert!(refused.contains("not a SQLite database"), "{refused}");
    // Nothing left beside it: the lock file this attempt made is gone;
    // one that was there before stays.
    let mut lock = config.db.clone().into_os_string();
    lock.push(".lock");
    assert!(!std::path::Path::new(&lock).exists(), "{lock:?} was left");
    std::fs::write(&lock, "").unwrap();
    let refused = talon_server::start(config.clone())
        .await
        .err()
        .expect("refused");
    assert!(refused.contains("not a SQLite database"), "{refused}");
    assert!(std::path::Path::new(&lock).exists(), "{lock:?} was removed");

    // A directory that is not there.
    let config = ServerConfig {
        db: std::path::PathBuf::from("/nonexistent-talon-dir/talon.db"),
        ..fast_config()
    };
    let refused = talon_server::start(config).await.err().expect("refused");
    assert!(refused.contains("does not exist"), "{refused}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_database_is_marked_as_talons_and_an_old_unmarked_one_is_taken() {
    let config = fast_config();
    let running = server(config.clone()).await;
    new_table(running.addr, "sixty-six", &["p", "random"]).await;
    running.stop().await.unwrap();
    let conn = Connection::open(&config.db).unwrap();
    let id: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(id, 0x5461_6c6e);
    // A file made before the mark: Talon's tables, no mark.
    conn.pragma_update(None, "application_id", 0).unwrap();
    drop(conn);
    let running = server(config.clone()).await;
    assert_eq!(running.restored, 1);
    running.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_clean_stop_the_main_file_alone_holds_every_event() {
    let config = fast_config();
    let running = server(config.clone()).await;
    let (_, table) = new_table(running.addr, "schnapsen", &["random", "random"]).await;
    assert!(finished_within(running.addr, &table, 250).await);
    let (_, log) = http(
        running.addr,
        "GET",
        &format!("/api/tables/{table}/log"),
        None,
    )
    .await;
    let logged = log["events"].as_array().expect("the log").len();
    running.stop().await.unwrap();
    // Only the main file, as a careless backup would copy it.
    let copy = temp_db();
    std::fs::copy(&config.db, &copy).unwrap();
    let conn = Connection::open(&copy).unwrap();
    let stored: i64 = conn
        .query_row(
            "SELECT count(*) FROM events WHERE table_id = ?1",
            [&table],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(stored as usize, logged);
}

/// Once closed, the store acknowledges nothing more: a move still on its
/// way is refused, not saved where the main file does not have it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_store_refuses_later_writes() {
    use talon_server::{SqliteStore, Store};
    let db = temp_db();
    let store = SqliteStore::open_exclusive(&db).unwrap();
    let first = opening_events(
        "sixty-six",
        vec![talon_table::SeatSpec::Person { name: None }; 2],
    );
    store
        .create("t1", &keys(vec![None, None]), &first, None)
        .await
        .unwrap();
    store.close().await.unwrap();
    assert!(store
        .create("t2", &keys(vec![None, None]), &first, None)
        .await
        .is_err());
    assert!(store.open_tables().await.is_err());
    // And the file is free for the next server.
    drop(SqliteStore::open_exclusive(&db).expect("let go"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_closes_hears_the_close_answered() {
    let running = server(fast_config()).await;
    let (_, table) = new_table(running.addr, "sixty-six", &["p", "random"]).await;
    let mut watcher = Client::hello(running.addr, &table, None, None).await;
    watcher.until("welcome").await;
    watcher.ws.close(None).await.unwrap();
    let answered = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match watcher.ws.next().await {
                Some(Ok(Message::Close(_))) => return true,
                Some(Ok(_)) => continue,
                // A connection dropped without the closing handshake.
                Some(Err(_)) | None => return false,
            }
        }
    })
    .await
    .expect("an answer within seconds");
    assert!(
        answered,
        "the server dropped the connection without answering the close"
    );
}

/// The health check asks the database: a store that no longer answers
/// makes it a 503 that says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_health_check_asks_the_database() {
    use talon_server::{SqliteStore, Store};
    let config = fast_config();
    let store = std::sync::Arc::new(SqliteStore::open(&config.db).unwrap());
    let running = talon_server::start_with(config, store.clone())
        .await
        .unwrap();
    let (status, health) = http(running.addr, "GET", "/api/health", None).await;
    assert_eq!(
        (status, &health["database"]),
        (200, &serde_json::json!("ok")),
        "{health}"
    );
    store.close().await.unwrap();
    let (status, health) = http(running.addr, "GET", "/api/health", None).await;
    assert_eq!(status, 503, "{health}");
    assert_eq!(health["ok"], false);
    assert!(
        health["database"].as_str().unwrap().contains("stopped"),
        "{health}"
    );
}
