//! Bad input, generated: seeded streams of frames that are wrong in every
//! way a client can be wrong (and some right ones), sent by both seats
//! and a spectator, and creation requests built the same way. Every frame
//! the server sends is one it documents; a frame that cannot be read gets
//! `bad_frame` before the sender's next pong; a request gets its table or
//! an HTTP error naming the problem. No connection is dropped, no frame
//! tells anyone a secret or the host key, and the table plays on to its
//! end afterwards.

mod common;

use common::*;
use serde_json::{json, Value};

/// Every frame type a client may receive (docs/server.md).
const KNOWN: [&str; 11] = [
    "welcome",
    "snapshot",
    "event",
    "reject",
    "hint",
    "presence",
    "rematch",
    "error",
    "pong",
    "link_changed",
    "seat_link_changed",
];

/// Values of every JSON type, some of them near the edges.
fn any_value(r: &mut Lcg) -> Value {
    match r.below(12) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(u64::MAX),
        4 => json!(1.5),
        5 => json!(""),
        6 => json!("QH"),
        7 => json!("\u{1F4A5}\u{0000}\u{202E}"),
        8 => json!([1, "a", null]),
        9 => json!({"t": "act"}),
        10 => json!("x".repeat(r.below(3000))),
        _ => json!(r.below(300)),
    }
}

/// A frame: right, nearly right, or wrong in one of many ways; and
/// whether it cannot even be read as a frame (the sender's connection
/// answers those itself, with `bad_frame`, before its next pong).
fn fuzz_frame(r: &mut Lcg, legal: &[Value], v: u64, secrets: &[String]) -> (String, bool) {
    let t = [
        "act", "hint", "resync", "stand_in", "end", "back", "new_link", "hello",
    ];
    let kind = r.below(16);
    let text = match kind {
        // A legal move, when there is one: the game goes on.
        0..=2 if !legal.is_empty() => {
            json!({"t": "act", "action": legal[r.below(legal.len())], "v": v}).to_string()
        }
        3 => json!({"t": "act", "action": any_value(r), "v": v}).to_string(),
        4 => json!({"t": "act", "action": "QH", "v": any_value(r), "id": any_value(r)}).to_string(),
        5 => json!({"t": t[r.below(t.len())], "extra": any_value(r)}).to_string(),
        6 => json!({"t": "stand_in", "seat": any_value(r)}).to_string(),
        7 => json!({"t": "new_link", "secret": any_value(r)}).to_string(),
        // Another seat's secret (or its own) as a new link: refused.
        8 => json!({"t": "new_link", "secret": secrets[r.below(secrets.len())]}).to_string(),
        9 => json!({"t": any_value(r)}).to_string(),
        10 => any_value(r).to_string(),
        11 => "[".repeat(200 + r.below(200)),
        12 => "{\"t\": \"act\", \"action\": \"QH\", \"v\": 3".to_string(),
        13 => "\u{FEFF}{\"t\": \"ping\"}".to_string(),
        _ => json!({"t": t[r.below(t.len())]}).to_string(),
    };
    (text, (9..=13).contains(&kind))
}

/// Pings, and reads until the pong: every frame on the way is one the
/// server documents, and none names any of `keys`. Returns them.
async fn barrier(c: &mut Client, keys: &[String]) -> Vec<Value> {
    c.send(json!({"t": "ping"})).await;
    let mut frames = Vec::new();
    loop {
        let f = c
            .next()
            .await
            .unwrap_or_else(|e| panic!("a bad frame closed the connection: {e:?}"));
        let t = f["t"].as_str().unwrap_or_default();
        assert!(KNOWN.contains(&t), "an undocumented frame: {f}");
        if t == "error" || t == "reject" {
            let said = f["message"].as_str().unwrap_or_default();
            assert!(!said.is_empty() && f["code"].is_string(), "{f}");
        }
        let text = f.to_string();
        for k in keys {
            assert!(!text.contains(k.as_str()), "a key in a frame: {f}");
        }
        if t == "pong" {
            return frames;
        }
        frames.push(f);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_bad_frames_change_nothing_they_should_not() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    for seed in 1..=3u64 {
        let (created, table) = new_table(addr, "schnapsen", &["p", "p"]).await;
        let secrets = vec![secret(&created, 0), secret(&created, 1)];
        // What no frame may carry: the seats' secrets and the host key.
        let keys = [
            secrets.clone(),
            vec![created["host"].as_str().unwrap().to_string()],
        ]
        .concat();
        let mut clients = vec![
            Client::hello(addr, &table, Some(&secrets[0]), None).await,
            Client::hello(addr, &table, Some(&secrets[1]), None).await,
            Client::hello(addr, &table, None, None).await,
        ];
        for c in clients.iter_mut() {
            barrier(c, &keys).await;
        }
        let mut r = Lcg(seed);
        for _ in 0..400 {
            let i = r.below(3);
            // What the sender last saw: its legal moves and the version.
            let c = &clients[i];
            let legal = c.state().and_then(|s| s["legal"].as_array().cloned());
            let (text, unreadable) =
                fuzz_frame(&mut r, &legal.unwrap_or_default(), c.version(), &secrets);
            clients[i].send_text(text.clone()).await;
            for (k, c) in clients.iter_mut().enumerate() {
                let frames = barrier(c, &keys).await;
                if k == i && unreadable {
                    let said = frames
                        .iter()
                        .any(|f| f["t"] == "error" && f["code"] == "bad_frame");
                    assert!(said, "no bad_frame for {text:.80}: {frames:?}");
                }
            }
        }
        // The spectator never saw a hand.
        for f in &clients[2].frames {
            assert!(f["state"]["observation"]["hand"].is_null(), "{f}");
        }
        // Every seat's secret still opens it, and the table plays to its end.
        drop(clients);
        let ends =
            [0, 1].map(|s| play_person(addr, table.clone(), secrets[s].clone(), seed + s as u64));
        for played in futures_util::future::join_all(ends).await {
            assert_eq!(played.state().unwrap()["status"], "finished");
        }
    }
    let (status, health) = http(addr, "GET", "/api/health", None).await;
    assert_eq!(status, 200, "{health}");
}

/// A creation request built at random from right and wrong parts.
fn fuzz_creation(r: &mut Lcg) -> Value {
    let presets = [
        ("schnapsen", 2),
        ("pedro", 4),
        ("sixes-and-sevens", 4),
        ("chess", 2),
        ("", 2),
    ];
    let (preset, players) = presets[r.below(presets.len())];
    let n = if r.below(2) == 0 { players } else { r.below(8) };
    let mut seat = || match r.below(8) {
        0..=2 => json!({"kind": "person"}),
        3..=4 => json!({"kind": "bot", "level": "random"}),
        5 => json!({"kind": "person", "name": any_value(r)}),
        6 => json!({"kind": "bot", "level": any_value(r)}),
        _ => json!({"kind": any_value(r)}),
    };
    let seats: Vec<Value> = (0..n).map(|_| seat()).collect();
    let mut body = json!({"preset": preset, "seats": seats});
    match r.below(8) {
        0 => body["options"] = json!({"players": any_value(r)}),
        1 => body["options"] = json!({any_value(r).to_string(): any_value(r)}),
        2 => body["match"] = any_value(r),
        3 => body["hints"] = any_value(r),
        4 => body = any_value(r),
        _ => {}
    }
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generated_creation_requests_are_answered_and_never_fail_the_server() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let mut r = Lcg(7);
    let mut made = 0;
    for _ in 0..300 {
        let body = fuzz_creation(&mut r);
        let (status, reply) = http(addr, "POST", "/api/tables", Some(&body)).await;
        match status {
            201 => {
                made += 1;
                assert_eq!(reply["ok"], true, "{reply}");
            }
            400 | 429 => {
                let said = reply["error"].as_str().unwrap_or_default();
                assert!(
                    reply["ok"] == false && !said.is_empty(),
                    "{body} -> {reply}"
                );
            }
            _ => panic!("{body} -> {status} {reply}"),
        }
    }
    assert!(made > 0, "some generated requests are right");
    let (status, health) = http(addr, "GET", "/api/health", None).await;
    assert_eq!(status, 200, "{health}");
}
