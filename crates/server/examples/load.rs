//! A bounded load run on loopback: N bot-only tables play whole matches at
//! once (no pacing), each watched by one WebSocket spectator.
//!
//! cargo run --release -p talon-server --example load -- [TABLES] [SECONDS] [PRESET] [BOT] [BOT_DELAY_MS]
//!
//! With no bot delay every table plays as fast as it can, so the run
//! measures the server at saturation; a delay offers a steadier load.
//!
//! Reports moves per second, the time from a move's arrival at its table
//! to the last viewer's frame being queued (store commit, apply,
//! projection, serialization; p50/p99), memory per table and database
//! bytes per finished match. Stops after SECONDS at the latest.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use talon_server::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

async fn create(addr: SocketAddr, body: &Value) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let req = format!("POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let reply: Value = serde_json::from_str(out.split_once("\r\n\r\n").unwrap().1).unwrap();
    reply["table"].as_str().expect("created").to_string()
}

/// Watches a table to its end, reconnecting with `since` if dropped.
async fn watch(
    addr: SocketAddr,
    table: String,
    done: Arc<AtomicUsize>,
    reconnects: Arc<AtomicUsize>,
) {
    let mut since: Option<u64> = None;
    loop {
        let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await
        else {
            return;
        };
        let hello = json!({"t": "hello", "table": table, "since": since});
        if ws
            .send(Message::Text(hello.to_string().into()))
            .await
            .is_err()
        {
            return;
        }
        while let Some(Ok(msg)) = ws.next().await {
            let Message::Text(t) = msg else { continue };
            // The client reads only what it needs, so that the load
            // generator (in the same process) costs the server little CPU.
            if let Some(v) = version_of(&t) {
                since = Some(v);
            }
            if t.contains("\"status\":\"finished\"") {
                done.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
        reconnects.fetch_add(1, Ordering::Relaxed);
    }
}

/// The `"v"` of a snapshot or event frame (the first key after `t`).
fn version_of(frame: &str) -> Option<u64> {
    let rest = frame.split_once("\"v\":")?.1;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let tables: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(120);
    let preset = args.get(3).cloned().unwrap_or_else(|| "sixty-six".into());
    let bot = args.get(4).cloned().unwrap_or_else(|| "random".into());
    let delay: u64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(0);
    let dir = std::env::temp_dir().join(format!("talon-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("load.db");
    let config = ServerConfig {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: db.clone(),
        bot_delay: Duration::from_millis(delay),
        deal_pause: Duration::ZERO,
        create_budget: u32::MAX,
        // Every table and spectator comes from loopback.
        max_sockets_per_address: usize::MAX,
        max_tables_per_address: usize::MAX,
        ..ServerConfig::default()
    };
    let running = talon_server::start(config).await.unwrap();
    let addr = running.addr;
    let players =
        if preset.contains("sixty-six") && !preset.starts_with("na") && preset != "sixty-six-4"
            || preset.starts_with("schnapsen")
        {
            2
        } else {
            4
        };
    let seats: Vec<Value> = (0..players)
        .map(|_| json!({"kind": "bot", "level": bot}))
        .collect();
    let rss0 = rss_kib();
    let done = Arc::new(AtomicUsize::new(0));
    let reconnects = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    // Created all at once, so the tables really play side by side.
    let body = json!({"preset": preset, "seats": seats, "match": true});
    let ids: Vec<_> = (0..tables)
        .map(|_| {
            let body = body.clone();
            tokio::spawn(async move { create(addr, &body).await })
        })
        .collect();
    let mut watchers = Vec::new();
    for id in ids {
        let id = id.await.unwrap();
        watchers.push(tokio::spawn(watch(
            addr,
            id,
            done.clone(),
            reconnects.clone(),
        )));
    }
    let created = start.elapsed();
    let rss1 = rss_kib();
    let deadline = start + Duration::from_secs(seconds);
    let mut peak = rss1;
    while done.load(Ordering::Relaxed) < tables && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(500)).await;
        peak = peak.max(rss_kib());
    }
    let elapsed = start.elapsed().as_secs_f64();
    let moves = running.metrics.moves();
    let [p50, p99, max] = running.metrics.percentiles(&[50.0, 99.0, 100.0])[..] else {
        unreachable!()
    };
    let finished = done.load(Ordering::Relaxed);
    let db_bytes: u64 = ["load.db", "load.db-wal"]
        .iter()
        .filter_map(|f| std::fs::metadata(dir.join(f)).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "{tables} tables of {preset} ({players} {bot} bots, matches, bot delay {delay} ms), one spectator each, {} cores, database in {}",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        dir.display()
    );
    println!("created in {:.1} s; ran {elapsed:.1} s; matches finished: {finished}; reconnects after falling behind: {}", created.as_secs_f64(), reconnects.load(Ordering::Relaxed));
    println!("moves: {moves} ({:.0}/s)", moves as f64 / elapsed);
    println!(
        "move arrival to last viewer's frame queued: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        f64::from(p50) / 1e3,
        f64::from(p99) / 1e3,
        f64::from(max) / 1e3
    );
    println!(
        "memory: {:.1} KiB per table just after creation, peak RSS {:.1} MiB",
        (rss1.saturating_sub(rss0)) as f64 / tables as f64,
        peak as f64 / 1024.0
    );
    if finished == tables {
        println!(
            "database: {:.1} MiB, {:.1} KiB per finished match",
            db_bytes as f64 / 1048576.0,
            db_bytes as f64 / 1024.0 / finished as f64
        );
    }
    running.abort();
    let _ = std::fs::remove_dir_all(&dir);
}
