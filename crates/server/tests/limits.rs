//! Work a client can make the server do is bounded: one hint at a time per
//! seat, refused sockets closed whatever the client sends, a client that
//! never reads let go, open sockets and tables in play per address, and
//! stored tables brought back only within the cap on open tables.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::json;
use std::time::Duration;
use talon_server::{Running, ServerConfig};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_gets_one_hint_at_a_time() {
    // A hint bot that searches far longer than the expert's ten
    // milliseconds at the first lead: the second hint frame reaches the
    // table while the first is still being worked out, even on a loaded
    // machine.
    let running = server(ServerConfig {
        hint_bot: "expert-8k-iterations".into(),
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "sixty-six", "hints": true, "seats": seats(&["p", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    let mut person = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    my_turn(&mut person).await;
    person.send(json!({"t": "hint"})).await;
    person.send(json!({"t": "hint"})).await;
    let busy = person.until("error").await;
    assert_eq!(busy["code"], "no_hint", "{busy}");
    assert!(
        busy["message"]
            .as_str()
            .is_some_and(|m| m.contains("still being worked out")),
        "{busy}"
    );
    let hint = person.until("hint").await;
    assert!(hint["action"].is_string(), "{hint}");
    // Once it is answered the seat may ask again.
    person.send(json!({"t": "hint"})).await;
    assert!(person.until("hint").await["action"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_socket_is_closed_even_if_the_client_keeps_pinging() {
    let running = server(ServerConfig {
        max_viewers: 1,
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "sixty-six", "seats": seats(&["heuristic", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    let mut first = Client::hello(addr, table, None, None).await;
    first.until("welcome").await;
    // The second viewer is refused (4029). It never reads, so it never
    // answers the close; it only sends pings. The server must still let go.
    let mut second = Client::hello(addr, table, None, None).await;
    let mut refused = false;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let ping = Message::Text(json!({"t": "ping"}).to_string().into());
        if second.ws.send(ping).await.is_err() {
            refused = true;
            break;
        }
    }
    assert!(
        refused,
        "the refused socket stayed open for two seconds of pings"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_cannot_crowd_a_player_out_of_the_seat() {
    let running = server(ServerConfig {
        max_viewers: 2,
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "sixty-six", &["p", "heuristic"]).await;
    let table = table.as_str();
    let mut watchers = Vec::new();
    for _ in 0..2 {
        let mut w = Client::hello(addr, table, None, None).await;
        w.until("welcome").await;
        watchers.push(w);
    }
    let mut third = Client::hello(addr, table, None, None).await;
    assert_eq!(third.next().await.unwrap_err().0, 4029);
    // The player still gets in, from more than one tab, up to the seat's own cap.
    let mut tabs = Vec::new();
    for _ in 0..8 {
        let mut tab = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
        assert_eq!(tab.until("welcome").await["seat"], 0);
        tabs.push(tab);
    }
    let mut ninth = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    assert_eq!(ninth.next().await.unwrap_err().0, 4029);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stored_table_comes_back_only_within_the_cap() {
    let config = fast_config();
    let db = config.db.clone();
    let table = {
        let running = server(config.clone()).await;
        let created = create(
            running.addr,
            json!({"preset": "sixty-six", "seats": seats(&["heuristic", "heuristic"])}),
        )
        .await;
        let table = created["table"].as_str().unwrap().to_string();
        // Finished, so the next server does not restore it at start.
        finished_within(running.addr, &table, 250).await;
        running.stop().await.unwrap();
        table
    };
    // A new server on the same database with no room for any table: the
    // stored one is found, but not brought back into memory.
    let running = server(ServerConfig {
        max_open_tables: 0,
        db,
        ..config
    })
    .await;
    let (status, body) = http(running.addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(status, 503, "{body}");
    let mut c = Client::hello(running.addr, &table, None, None).await;
    assert_eq!(c.next().await.unwrap_err().0, 1013);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_nobody_joins_is_closed_and_one_with_a_person_is_not() {
    let running = server(ServerConfig {
        // Long enough that the kept table's person, who comes at once, is
        // sure to be there in time on a loaded machine.
        abandon_after: Duration::from_secs(1),
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let request = json!({"preset": "sixty-six", "seats": seats(&["p", "heuristic"])});
    let kept = create(addr, request.clone()).await;
    let table = kept["table"].as_str().unwrap();
    let mut person = Client::hello(addr, table, Some(&secret(&kept, 0)), None).await;
    person.until("welcome").await;
    let empty = create(addr, request).await;
    let empty = empty["table"].as_str().unwrap().to_string();
    let status = |id: String| async move {
        let (_, body) = http(addr, "GET", &format!("/api/tables/{id}"), None).await;
        body["summary"].clone()
    };
    let mut closed = false;
    for _ in 0..250 {
        let s = status(empty.clone()).await;
        if s["status"] == "finished" {
            assert_eq!(s["unfinished"], true, "{s}");
            closed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        closed,
        "the table nobody joined is still open after five seconds"
    );
    // Online the whole time: the other table waits for its person.
    assert_eq!(status(table.to_string()).await["status"], "playing");
}

/// A finished table whose "finished" mark never reached the store is
/// marked when its room next starts (before, it was rebuilt at every start).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unmarked_finished_table_is_marked_when_it_starts() {
    use talon_server::{SqliteStore, Store};
    // A finished table's log, from a first server.
    let first = server(fast_config()).await;
    let created = create(
        first.addr,
        json!({"preset": "sixty-six", "seats": seats(&["random", "random"])}),
    )
    .await;
    let id = created["table"].as_str().unwrap().to_string();
    let mut events = serde_json::Value::Null;
    poll_until(250, async || {
        let (status, body) = http(first.addr, "GET", &format!("/api/tables/{id}/log"), None).await;
        events = body["events"].clone();
        status == 200
    })
    .await;
    let events: Vec<talon_table::Event> = serde_json::from_value(events).expect("a finished log");
    // The same log in a fresh database, not marked finished.
    let config = fast_config();
    let store = SqliteStore::open(&config.db).unwrap();
    store
        .create(&id, &keys(vec![None, None]), &events[..1], None)
        .await
        .unwrap();
    store.append(&id, 1, &events[1..], false).await.unwrap();
    assert_eq!(store.open_tables().await.unwrap().len(), 1);
    let running = server(config).await;
    assert_eq!(running.restored, 1);
    let mut open = 1;
    poll_until(250, async || {
        open = store.open_tables().await.unwrap().len();
        open == 0
    })
    .await;
    assert_eq!(open, 0, "the finished table is still unmarked");
}

/// The `/ws` upgrade request from an address (forwarded by a proxy on
/// loopback when `forwarded_for` is given); returns the HTTP status.
async fn upgrade(addr: std::net::SocketAddr, forwarded_for: Option<&str>) -> (u16, TcpStream) {
    let forwarded = forwarded_for.map_or(String::new(), |f| format!("X-Forwarded-For: {f}\r\n"));
    let request = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n{forwarded}\r\n"
    );
    status_of(addr, &request).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_holds_a_bounded_number_of_sockets() {
    let running = server(ServerConfig {
        max_sockets_per_address: 3,
        behind_proxy: true,
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let mut open = Vec::new();
    for _ in 0..3 {
        let (status, stream) = upgrade(addr, Some("198.51.100.1")).await;
        assert_eq!(status, 101);
        open.push(stream);
    }
    assert_eq!(upgrade(addr, Some("198.51.100.1")).await.0, 429);
    // Behind the proxy each client has its own count; a forged first
    // entry does not help, the proxy's own (the last) counts.
    assert_eq!(upgrade(addr, Some("198.51.100.2")).await.0, 101);
    assert_eq!(upgrade(addr, Some("10.0.0.9, 198.51.100.1")).await.0, 429);
    // A closed socket frees its place.
    drop(open.pop());
    let mut freed = false;
    for _ in 0..100 {
        let (status, stream) = upgrade(addr, Some("198.51.100.1")).await;
        if status == 101 {
            freed = true;
            open.push(stream);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(freed, "the closed socket's place was never freed");
}

/// Creates a table as a proxy on loopback forwarding `client`; returns the
/// HTTP status.
async fn create_from(addr: std::net::SocketAddr, client: &str) -> u16 {
    let body = json!({"preset": "sixty-six", "seats": seats(&["p", "random"])}).to_string();
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nX-Forwarded-For: {client}\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    status_of(addr, &request).await.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_each_client_has_its_own_creation_budget() {
    let config = ServerConfig {
        create_budget: 1,
        ..fast_config()
    };
    let proxied = server(ServerConfig {
        behind_proxy: true,
        ..config.clone()
    })
    .await;
    assert_eq!(create_from(proxied.addr, "198.51.100.1").await, 201);
    assert_eq!(create_from(proxied.addr, "198.51.100.1").await, 429);
    assert_eq!(create_from(proxied.addr, "198.51.100.2").await, 201);
    // Without the flag the header is not read: loopback is one client.
    let direct = server(ServerConfig {
        db: temp_db(),
        ..config
    })
    .await;
    assert_eq!(create_from(direct.addr, "198.51.100.3").await, 201);
    assert_eq!(create_from(direct.addr, "198.51.100.4").await, 429);
}

/// One address may keep at most `max_tables_per_address` tables in play;
/// a table frees its place when it leaves memory (here: nobody joined, so
/// it was closed, and nobody watched it finished).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_holds_a_bounded_number_of_tables() {
    let running = server(ServerConfig {
        max_tables_per_address: 2,
        behind_proxy: true,
        abandon_after: Duration::from_secs(2),
        finished_ttl: Duration::from_millis(100),
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    assert_eq!(create_from(addr, "198.51.100.1").await, 201);
    assert_eq!(create_from(addr, "198.51.100.1").await, 201);
    assert_eq!(create_from(addr, "198.51.100.1").await, 429);
    // At its cap, an address still learns that a table does not exist.
    let unknown =
        "GET /api/tables/abcdefghjkmn HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 198.51.100.1\r\n\r\n";
    assert_eq!(status_of(addr, unknown).await.0, 404);
    assert_eq!(create_from(addr, "198.51.100.2").await, 201);
    let mut freed = false;
    for _ in 0..400 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if create_from(addr, "198.51.100.1").await == 201 {
            freed = true;
            break;
        }
    }
    assert!(freed, "no place was freed after the tables were closed");
}

/// A table counts among its creator's tables in play until it finishes:
/// one that stays in memory after (watched, or within `finished_ttl`)
/// no longer holds the creator's place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_frees_its_creators_place() {
    let running = server(ServerConfig {
        max_tables_per_address: 1,
        finished_ttl: Duration::from_secs(3600),
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let request = json!({"preset": "schnapsen", "seats": seats(&["p", "random"]), "match": false});
    let created = create(addr, request.clone()).await;
    let table = created["table"].as_str().unwrap().to_string();
    let mut watcher = Client::hello(addr, &table, None, None).await;
    watcher.until("welcome").await;
    assert_eq!(
        http(addr, "POST", "/api/tables", Some(&request)).await.0,
        429,
        "a second table while the first is in play"
    );
    let player = play_person(addr, table.clone(), secret(&created, 0), 7).await;
    // Still in memory (watched), but finished: the place is free.
    let (status, body) = http(addr, "POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 201, "{body}");
    drop((player, watcher));
}

/// A stored table brought back into memory by a visit takes one of the
/// visitor's places while it is there (else visiting finished tables
/// again and again would hold places for nobody).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visit_that_brings_a_table_back_takes_a_place() {
    let config = fast_config();
    let db = config.db.clone();
    let mut tables = Vec::new();
    {
        let running = server(config.clone()).await;
        for _ in 0..2 {
            let (_, table) = new_table(running.addr, "schnapsen", &["random", "random"]).await;
            // Finished, so the next server does not restore it at start.
            finished_within(running.addr, &table, 500).await;
            tables.push(table);
        }
        running.stop().await.unwrap();
    }
    let running = server(ServerConfig {
        max_tables_per_address: 1,
        finished_ttl: Duration::from_millis(200),
        db,
        ..config
    })
    .await;
    let addr = running.addr;
    let summary = |id: &str| format!("/api/tables/{id}");
    let (status, body) = http(addr, "GET", &summary(&tables[0]), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["summary"]["status"], "finished", "{body}");
    // The visit holds this address's only place: no second table comes
    // back, by HTTP or by a hello, and none can be created.
    let (status, body) = http(addr, "GET", &summary(&tables[1]), None).await;
    assert_eq!(status, 429, "{body}");
    let mut c = Client::hello(addr, &tables[1], None, None).await;
    assert_eq!(c.next().await.unwrap_err().0, 4029);
    let request = json!({"preset": "sixty-six", "seats": seats(&["p", "random"])});
    assert_eq!(
        http(addr, "POST", "/api/tables", Some(&request)).await.0,
        429
    );
    // Once the visited table has left memory, the place is free again.
    let mut freed = false;
    for _ in 0..250 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        if http(addr, "GET", &summary(&tables[1]), None).await.0 == 200 {
            freed = true;
            break;
        }
    }
    assert!(freed, "the visited table never gave its place back");
}

/// A server that lets a client idle for half a second, and a spectator of
/// one of its tables on a socket with small buffers, so what the server
/// sends soon has nowhere to go when the client does not read, and what
/// the client sends soon waits when the server does not read.
async fn a_client_that_does_not_read() -> (Running, tokio_tungstenite::WebSocketStream<TcpStream>) {
    let running = server(ServerConfig {
        idle_timeout: Duration::from_millis(500),
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let (_, table) = new_table(addr, "sixty-six", &["heuristic", "heuristic"]).await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.set_send_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/ws"), stream)
        .await
        .expect("ws connects");
    ws.send(text(json!({"t": "hello", "table": table})))
        .await
        .unwrap();
    (running, ws)
}

fn text(v: serde_json::Value) -> Message {
    Message::Text(v.to_string().into())
}

/// A client that sends pings and never reads the pongs fills the socket
/// both ways; the server then stops waiting to answer it after the idle
/// timeout and lets the socket go (it waited for ever before, holding the
/// connection, its place among the address's sockets and its buffers).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_reads_is_let_go() {
    let (_running, mut ws) = a_client_that_does_not_read().await;
    // Pings until the server stops taking them (bounded in count). On a
    // slow machine the server may let go before a send is seen to wait.
    let mut blocked = false;
    for _ in 0..1_000_000 {
        let sent = tokio::time::timeout(
            Duration::from_millis(500),
            ws.send(text(json!({"t": "ping"}))),
        );
        if !matches!(sent.await, Ok(Ok(()))) {
            blocked = true;
            break;
        }
    }
    assert!(blocked, "a million unread pongs never filled the socket");
    // The server gives up within the idle timeout and two seconds more
    // for its writer; its end of the socket is then reset, and a send
    // fails instead of waiting for room.
    let mut let_go = false;
    for _ in 0..10 {
        let sent =
            tokio::time::timeout(Duration::from_secs(1), ws.send(text(json!({"t": "ping"}))));
        if matches!(sent.await, Ok(Err(_))) {
            let_go = true;
            break;
        }
    }
    assert!(let_go, "the server held the socket for ten seconds more");
}

/// A client that keeps asking for snapshots, often enough never to be
/// idle, and never reads them: once the server has waited `idle_timeout`
/// to send, it lets the socket go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_keeps_asking_but_never_reads_is_let_go() {
    let (_running, mut ws) = a_client_that_does_not_read().await;
    // A resync every millisecond or so, for at most 15 s (well within the
    // frame budget): the server keeps reading them, so only its sending
    // can tell that nobody reads.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let mut let_go = false;
    while tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(1)).await;
        let sent = tokio::time::timeout_at(deadline, ws.send(text(json!({"t": "resync"}))));
        if matches!(sent.await, Ok(Err(_))) {
            let_go = true;
            break;
        }
    }
    assert!(let_go, "the server held the socket for 15 s");
}

/// Reads until the server closes the connection (Ok(())), or the time runs
/// out (Err).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> Result<(), ()> {
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 1024];
    let read = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(limit, read).await.map_err(|_| ())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_or_idle_connections_are_let_go_and_bounded_per_address() {
    use tokio::io::AsyncWriteExt;
    let config = ServerConfig {
        header_timeout: Duration::from_millis(500),
        max_sockets_per_address: 2,
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    // A connection that says nothing, and one that sends its headers a
    // line at a time and never finishes them, are both closed.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\n")
        .await
        .unwrap();
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        // A late write may find the socket already closed: that is the point.
        let _ = slow.write_all(b"X-Slow: 1\r\n").await;
    }
    assert!(closed_within(&mut idle, Duration::from_secs(5))
        .await
        .is_ok());
    assert!(closed_within(&mut slow, Duration::from_secs(5))
        .await
        .is_ok());
    running.abort();
    // Past twice the socket cap, a further connection is closed at once,
    // and a place comes back when one is let go. (A server whose header
    // timeout cannot close the held sockets meanwhile.)
    let running = server(ServerConfig {
        header_timeout: Duration::from_secs(30),
        max_sockets_per_address: 2,
        ..fast_config()
    })
    .await;
    let addr = running.addr;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut extra = TcpStream::connect(addr).await.unwrap();
    assert!(closed_within(&mut extra, Duration::from_millis(300))
        .await
        .is_ok());
    drop(held.pop());
    // The server hears of the drop in its own time.
    let mut health = String::new();
    for _ in 0..40 {
        health = http_get(addr, "/api/health").await;
        if health.starts_with("HTTP/1.1 200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    running.abort();
}

/// A plain HTTP/1.1 GET over a fresh connection: the status line and on
/// (what went wrong instead, for a connection the server refused).
async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    if let Err(e) = s.write_all(request.as_bytes()).await {
        return format!("write: {e}");
    }
    let mut out = String::new();
    match s.read_to_string(&mut out).await {
        Ok(_) => out,
        Err(e) => format!("read: {e}"),
    }
}
