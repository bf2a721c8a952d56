//! A server on loopback and WebSocket clients for the protocol tests.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use talon_server::{Running, ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

static NEXT_DB: AtomicU64 = AtomicU64::new(0);

/// A fresh database file (in memory-backed /dev/shm when there is one).
pub fn temp_db() -> PathBuf {
    let dir = if std::path::Path::new("/dev/shm").is_dir() {
        PathBuf::from("/dev/shm")
    } else {
        std::env::temp_dir()
    };
    // Process ids come round again, and old runs leave their files: the
    // name has the time too, and whatever is there is cleared, so a test
    // never opens another run's tables.
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = NEXT_DB.fetch_add(1, Ordering::Relaxed);
    if n == 0 {
        sweep_old_dbs(&dir);
    }
    let path = dir.join(format!(
        "talon-test-{}-{nanos}-{}.db",
        std::process::id(),
        n
    ));
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let mut p = path.clone().into_os_string();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
    path
}

/// Removes the databases of earlier test runs whose process has ended
/// (they would fill /dev/shm, which is memory).
fn sweep_old_dbs(dir: &std::path::Path) {
    // Without /proc nothing tells an ended run from a running one.
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("talon-test-")
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let alive = std::path::Path::new(&format!("/proc/{pid}")).exists();
        if pid != std::process::id() && !alive {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Test pacing: bots move at once, deals follow at once.
pub fn fast_config() -> ServerConfig {
    ServerConfig {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: temp_db(),
        bot_delay: Duration::ZERO,
        deal_pause: Duration::ZERO,
        create_budget: 10_000,
        frame_budget: 100_000,
        ..ServerConfig::default()
    }
}

pub async fn server(config: ServerConfig) -> Running {
    talon_server::start(config).await.expect("server starts")
}

/// One HTTP/1.1 request; returns the status and the JSON body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> (u16, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    http_text(addr, method, path, &body).await
}

/// [`http`] with a body of any text (JSON that `json!` cannot build: a
/// key given twice).
pub async fn http_text(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("read");
    let text = String::from_utf8_lossy(&response);
    let status: u16 = text[9..12].parse().expect("status");
    let (_, body) = text.split_once("\r\n\r\n").expect("a body");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// Sends a raw HTTP/1.1 request and reads only its status line; the
/// stream stays open (an upgraded socket stays upgraded).
pub async fn status_of(addr: SocketAddr, request: &str) -> (u16, TcpStream) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).await.expect("a status line");
    let status = String::from_utf8_lossy(&head[9..12])
        .parse()
        .expect("a status");
    (status, stream)
}

/// Creates a table of `preset` with these seats (`p` for a person, or a
/// bot level); returns the reply and the table's id.
pub async fn new_table(addr: SocketAddr, preset: &str, kinds: &[&str]) -> (Value, String) {
    let created = create(addr, json!({"preset": preset, "seats": seats(kinds)})).await;
    let table = created["table"].as_str().expect("a table id").to_string();
    (created, table)
}

/// Creates a table; returns the reply (table id, seats with secrets).
pub async fn create(addr: SocketAddr, request: Value) -> Value {
    let (status, reply) = http(addr, "POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 201, "table created: {reply}");
    reply
}

pub fn secret(created: &Value, seat: usize) -> String {
    created["seats"][seat]["secret"]
        .as_str()
        .expect("a person's seat")
        .to_string()
}

pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every frame received, in order.
    pub frames: Vec<Value>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        // Without Nagle: a second small frame must not wait for the
        // server's (delayed) acknowledgement of the first.
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .expect("ws connects");
        Client {
            ws,
            frames: Vec::new(),
        }
    }

    /// Connects and says hello.
    pub async fn hello(
        addr: SocketAddr,
        table: &str,
        secret: Option<&str>,
        since: Option<u64>,
    ) -> Client {
        let mut c = Client::connect(addr).await;
        c.send(json!({"t": "hello", "table": table, "secret": secret, "since": since}))
            .await;
        c
    }

    pub async fn send(&mut self, frame: Value) {
        self.ws
            .send(Message::Text(frame.to_string().into()))
            .await
            .expect("send");
    }

    pub async fn send_text(&mut self, text: String) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    /// The next frame, or `Err` with the close code and reason.
    pub async fn next(&mut self) -> Result<Value, (u16, String)> {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(60), self.ws.next())
                .await
                .expect("a frame within a minute");
            match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).expect("frames are JSON");
                    self.frames.push(v.clone());
                    return Ok(v);
                }
                Some(Ok(Message::Close(c))) => {
                    return Err(c.map_or((1005, String::new()), |c| {
                        (u16::from(c.code), c.reason.to_string())
                    }))
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err((1006, e.to_string())),
                None => return Err((1006, "closed".into())),
            }
        }
    }

    /// Frames until one of type `t`.
    pub async fn until(&mut self, t: &str) -> Value {
        loop {
            let f = self
                .next()
                .await
                .unwrap_or_else(|e| panic!("closed {e:?} waiting for {t}"));
            if f["t"] == t {
                return f;
            }
        }
    }

    /// After a close for falling behind (4008), says hello again with the
    /// last version seen, keeping the frames received so far.
    pub async fn reconnect(
        &mut self,
        addr: SocketAddr,
        table: &str,
        secret: Option<&str>,
        closed: (u16, String),
    ) {
        assert_eq!(
            closed.0, 4008,
            "only a viewer that fell behind is dropped: {closed:?}"
        );
        let frames = std::mem::take(&mut self.frames);
        let since = Some(self.version_of(&frames));
        *self = Client::hello(addr, table, secret, since).await;
        self.frames = frames;
    }

    fn version_of(&self, frames: &[Value]) -> u64 {
        frames
            .iter()
            .rev()
            .find(|f| f["t"] == "snapshot" || f["t"] == "event")
            .and_then(|f| f["v"].as_u64())
            .unwrap_or(0)
    }

    /// The latest state this client holds (from its last snapshot or event).
    pub fn state(&self) -> Option<&Value> {
        self.frames
            .iter()
            .rev()
            .find(|f| f["t"] == "snapshot" || (f["t"] == "event" && f.get("state").is_some()))
            .map(|f| &f["state"])
    }

    /// The version of the latest snapshot or event.
    pub fn version(&self) -> u64 {
        self.frames
            .iter()
            .rev()
            .find(|f| f["t"] == "snapshot" || f["t"] == "event")
            .and_then(|f| f["v"].as_u64())
            .unwrap_or(0)
    }
}

/// A seat spec list: `p` a person, anything else a bot level.
pub fn seats(list: &[&str]) -> Value {
    Value::Array(
        list.iter()
            .map(|s| {
                if *s == "p" {
                    json!({"kind": "person"})
                } else {
                    json!({"kind": "bot", "level": s})
                }
            })
            .collect(),
    )
}

/// The first events of a new single deal of `preset` (seed 7) with these
/// seats: what a store is given for a table made without a server.
pub fn opening_events(preset: &str, seats: Vec<talon_table::SeatSpec>) -> Vec<talon_table::Event> {
    talon_table::Table::open(talon_table::TableConfig {
        preset: preset.into(),
        options: Default::default(),
        seats,
        whole_match: false,
        seed: 7,
        hints: None,
        deal: None,
        memory: false,
    })
    .expect("a table")
}

/// Keys for a table made without a server: these seats' hashes, no host.
pub fn keys(seats: Vec<Option<[u8; 32]>>) -> talon_server::TableKeys {
    talon_server::TableKeys { seats, host: None }
}

/// A tiny seeded generator for scripted people.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays a person's seat with random legal actions until the table is
/// finished; returns the client with every frame it saw.
pub async fn play_person(addr: SocketAddr, table: String, secret: String, seed: u64) -> Client {
    let mut c = Client::hello(addr, &table, Some(&secret), None).await;
    let mut rng = Lcg(seed);
    loop {
        let f = match c.next().await {
            Ok(f) => f,
            Err(e) => {
                c.reconnect(addr, &table, Some(&secret), e).await;
                continue;
            }
        };
        if f["t"] == "reject" {
            continue;
        }
        let Some(state) = f
            .get("state")
            .filter(|_| f["t"] == "snapshot" || f["t"] == "event")
        else {
            continue;
        };
        if state["status"] == "finished" {
            return c;
        }
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if !legal.is_empty() {
            let action = legal[rng.below(legal.len())].clone();
            let v = f["v"].clone();
            c.send(json!({"t": "act", "action": action, "v": v})).await;
        }
    }
}

/// Waits (reading frames) until it is this client's turn; returns the
/// frame that says so.
pub async fn my_turn(c: &mut Client) -> Value {
    loop {
        let f = c.next().await.expect("open");
        // A finished table offers no turn: fail now, not after a minute.
        assert_ne!(
            f["state"]["status"], "finished",
            "the table finished before this seat's turn: {f}"
        );
        if f.get("state")
            .is_some_and(|s| s["legal"].as_array().is_some_and(|l| !l.is_empty()))
        {
            return f;
        }
    }
}

/// If frame `f` (an event or snapshot) offers this client a move, plays
/// the first one.
pub async fn act_first(c: &mut Client, f: &Value) {
    if f["t"] != "event" && f["t"] != "snapshot" {
        return;
    }
    if let Some(a) = f["state"]["legal"].as_array().and_then(|l| l.first()) {
        let v = f["v"].clone();
        c.send(json!({"t": "act", "action": a, "v": v})).await;
    }
}

/// A person alone with bots at `table` ends it (`end`); returns their
/// client once it has the finished state.
pub async fn end_alone(addr: SocketAddr, table: &str, secret: &str) -> Client {
    let mut c = Client::hello(addr, table, Some(secret), None).await;
    c.until("snapshot").await;
    c.send(json!({"t": "end"})).await;
    while c.next().await.expect("a frame")["state"]["status"] != "finished" {}
    c
}

/// Asks `check` every 20 ms, at most `tries` times, until it holds;
/// returns whether it did.
pub async fn poll_until(tries: usize, mut check: impl AsyncFnMut() -> bool) -> bool {
    for _ in 0..tries {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// Whether `table`'s summary says it finished within `tries` polls.
pub async fn finished_within(addr: SocketAddr, table: &str, tries: usize) -> bool {
    poll_until(tries, async || {
        let (_, body) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
        body["summary"]["status"] == "finished"
    })
    .await
}

/// Whether the server holds `n` tables in memory within `tries` polls.
pub async fn in_memory_within(addr: SocketAddr, n: u64, tries: usize) -> bool {
    poll_until(tries, async || {
        let (_, health) = http(addr, "GET", "/api/health", None).await;
        health["tables_in_memory"] == n
    })
    .await
}
