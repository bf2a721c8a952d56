//! How a table's room lives: what survives a restart or a client that
//! leaves mid-request (tables are rebuilt from the store, and a table once
//! stored always runs), and how a finished table waits for its viewers.

mod common;

use common::*;
use serde_json::json;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;
use talon_server::{SqliteStore, Store, StoreError, StoredTable};
use talon_table::{Actor, Event, SeatSpec, Table};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

type Answer<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send>>;

/// A log of a two-person Sixty-six deal where both people have moved.
fn log_with_moves_by_both() -> Vec<Event> {
    let mut log = opening_events("sixty-six", vec![SeatSpec::Person { name: None }; 2]);
    let mut table = Table::replay(&log).expect("replays");
    let mut movers = [false; 2];
    while movers != [true, true] {
        if let Some(e) = table.next_event() {
            table.apply(&e).expect("applies");
            log.push(e);
            continue;
        }
        let seat = table.to_move().expect("a seat to move");
        let action = table.game().expect("a deal").legal_actions()[0].clone();
        let e = Event::Acted {
            seat,
            action,
            by: Actor::Person,
        };
        table.apply(&e).expect("legal");
        log.push(e);
        movers[usize::from(seat)] = true;
    }
    log
}

/// After a restart nobody is connected, but both people had come: the
/// seat to move is away (not open, waiting for ever), and after the
/// grace period a stand-in plays for it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_who_had_come_get_stand_ins_after_a_restart() {
    let config = talon_server::ServerConfig {
        grace: Duration::from_millis(200),
        ..fast_config()
    };
    let events = log_with_moves_by_both();
    let store = SqliteStore::open(&config.db).unwrap();
    store
        .create("restarted", &keys(vec![None, None]), &events[..1], None)
        .await
        .unwrap();
    store
        .append("restarted", 1, &events[1..], false)
        .await
        .unwrap();
    let running = server(config).await;
    assert_eq!(running.restored, 1);
    let mut watcher = Client::hello(running.addr, "restarted", None, None).await;
    let stand_in = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            let f = watcher.next().await.expect("a frame");
            if f["t"] == "event" && f["event"]["by"] == "stand_in" {
                return f;
            }
        }
    })
    .await
    .expect("a stand-in moves for the absent person");
    assert!(stand_in["v"].as_u64() > Some(events.len() as u64 - 1));
}

/// A store whose creation is written at once but answered late, as a
/// busy database would: time for the client to leave before the answer.
struct SlowAnswer(SqliteStore);

impl Store for SlowAnswer {
    fn create(
        &self,
        id: &str,
        keys: &talon_server::TableKeys,
        events: &[Event],
        rematch_of: Option<&str>,
    ) -> Answer<()> {
        let written = self.0.create(id, keys, events, rematch_of);
        Box::pin(async move {
            let r = written.await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            r
        })
    }
    fn append(&self, id: &str, after: u64, events: &[Event], finished: bool) -> Answer<()> {
        self.0.append(id, after, events, finished)
    }
    fn set_secret(&self, id: &str, seat: u8, hash: &[u8; 32]) -> Answer<()> {
        self.0.set_secret(id, seat, hash)
    }
    fn open_tables(&self) -> Answer<Vec<StoredTable>> {
        self.0.open_tables()
    }
    fn load(&self, id: &str) -> Answer<StoredTable> {
        self.0.load(id)
    }
}

/// A client that sends a whole creation and hangs up before the answer
/// leaves a stored table that runs in memory, not one that only a
/// restart would find.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_creator_hung_up_still_runs() {
    let config = fast_config();
    let store = Arc::new(SlowAnswer(SqliteStore::open(&config.db).unwrap()));
    let running = talon_server::start_with(config.clone(), store)
        .await
        .unwrap();
    let body = json!({"preset": "sixty-six", "seats": seats(&["p", "random"])}).to_string();
    let mut stream = TcpStream::connect(running.addr).await.unwrap();
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    // Hang up once the table is written, while its answer is still due.
    let reader = SqliteStore::open(&config.db).unwrap();
    let mut stored = 0;
    poll_until(250, async || {
        stored = reader.open_tables().await.unwrap().len();
        stored > 0
    })
    .await;
    assert_eq!(stored, 1, "the table was never written");
    drop(stream);
    // Its room starts once the store has answered, hung-up creator or not.
    assert!(
        in_memory_within(running.addr, 1, 250).await,
        "the table's room never started"
    );
}

/// A finished table someone still watches past `finished_ttl` stays in
/// memory, its room waiting for them instead of waking up again and
/// again; once they leave, it leaves memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watched_finished_table_waits_quietly_then_leaves() {
    let config = talon_server::ServerConfig {
        finished_ttl: Duration::from_millis(50),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "schnapsen", "seats": seats(&["random", "random"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let watcher = Client::hello(addr, &table, None, None).await;
    let finished = finished_within(addr, &table, 250).await;
    assert!(finished, "the bots did not finish the deal");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = running.metrics.wakeups();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let woke = running.metrics.wakeups() - before;
    assert!(woke < 50, "the room woke {woke} times in half a second");
    let (_, health) = http(addr, "GET", "/api/health", None).await;
    assert_eq!(health["tables_in_memory"], 1, "{health}");
    drop(watcher);
    let left = in_memory_within(addr, 0, 250).await;
    assert!(
        left,
        "the table stayed in memory after its last viewer left"
    );
}

/// Visits to a finished table that leaves memory the moment its last
/// viewer goes: a visit that arrives as the room closes is told to come
/// again (1012), never that it fell behind (4008), and coming again works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visit_as_a_finished_table_leaves_memory_is_asked_to_come_again() {
    let config = talon_server::ServerConfig {
        finished_ttl: Duration::ZERO,
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "schnapsen", "seats": seats(&["random", "random"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    assert!(finished_within(addr, &table, 250).await);
    // Eight visitors at once, coming and going.
    let mut visitors = Vec::new();
    for _ in 0..8 {
        let table = table.clone();
        visitors.push(tokio::spawn(async move {
            let mut again = 0;
            for _ in 0..60 {
                let mut c = Client::hello(addr, &table, None, None).await;
                loop {
                    match c.next().await {
                        Ok(f) if f["t"] == "snapshot" => break,
                        Ok(_) => continue,
                        Err((1012, _)) => {
                            again += 1;
                            c = Client::hello(addr, &table, None, None).await;
                        }
                        Err(e) => panic!("a visit to a finished table closed with {e:?}"),
                    }
                }
                c.ws.close(None).await.ok();
            }
            again
        }));
    }
    let mut again = 0;
    for v in visitors {
        again += v.await.expect("no visit failed");
    }
    eprintln!("visits asked to come again: {again}");
}

/// The pause between deals is for reading the one before: a new table is
/// dealt at once, however long that pause.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_table_is_dealt_at_once() {
    let config = talon_server::ServerConfig {
        deal_pause: Duration::from_secs(60),
        ..fast_config()
    };
    let running = server(config).await;
    let (created, table) = new_table(running.addr, "sixty-six", &["p", "random"]).await;
    let mut ann = Client::hello(running.addr, &table, Some(&secret(&created, 0)), None).await;
    let turn = tokio::time::timeout(Duration::from_secs(5), my_turn(&mut ann)).await;
    let turn = turn.expect("the first deal came within seconds, not after the pause");
    assert_eq!(turn["state"]["deal_no"], 1, "{turn}");
}
