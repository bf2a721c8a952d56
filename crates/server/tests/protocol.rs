//! The WebSocket protocol: catching up after a drop, snapshots, stale and
//! duplicate actions, secrets, rate limits, bad frames, stand-in bots.

mod common;

use common::*;
use futures_util::SinkExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

fn act(f: &Value, i: usize) -> Value {
    json!({"t": "act", "action": f["state"]["legal"][i], "v": f["v"], "id": "a1"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_returning_viewer_gets_exactly_the_events_it_missed() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let created = create(addr, json!({"preset": "sixty-three", "seats": seats(&["p", "heuristic", "heuristic", "heuristic"])})).await;
    let table = created["table"].as_str().unwrap();
    let mut person = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let mut steady = Client::hello(addr, table, None, None).await;
    let mut leaver = Client::hello(addr, table, None, None).await;
    // The person plays twice; the leaver leaves after the first.
    let f = my_turn(&mut person).await;
    person.send(act(&f, 0)).await;
    let f = my_turn(&mut person).await;
    let k = f["v"].as_u64().unwrap();
    while leaver.version() < k {
        leaver.next().await.unwrap();
    }
    leaver.ws.close(None).await.unwrap();
    person.send(act(&f, 0)).await;
    let f = my_turn(&mut person).await;
    let now = f["v"].as_u64().unwrap();
    while steady.version() < now {
        steady.next().await.unwrap();
    }
    let mut back = Client::hello(addr, table, None, Some(k)).await;
    assert_eq!(back.until("welcome").await["v"], json!(now));
    let mut got = Vec::new();
    for _ in k + 1..=now {
        got.push(back.next().await.unwrap());
    }
    let expected: Vec<Value> = steady
        .frames
        .iter()
        .filter(|f| f["t"] == "event" && f["v"].as_u64().is_some_and(|v| v > k))
        .cloned()
        .collect();
    assert_eq!(
        got, expected,
        "the missed events, exactly, as a steady viewer saw them"
    );

    // A seat catches up too, and its folded state equals a fresh snapshot.
    let mut seat_back = Client::hello(addr, table, Some(&secret(&created, 0)), Some(k)).await;
    seat_back.until("welcome").await;
    while seat_back.version() < now {
        seat_back.next().await.unwrap();
    }
    let mut fresh = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let snap = fresh.until("snapshot").await;
    assert_eq!(snap["v"], json!(now));
    assert_eq!(seat_back.state().unwrap(), &snap["state"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_too_old_or_unknown_gets_a_snapshot_equal_to_a_fresh_one() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    // A finished match of random bots (they sink for many deals): its log
    // is longer than the catch-up window. The deals are random; to 250
    // one match ended after 194 events, so the target is 1,000.
    let created = create(
        addr,
        json!({"preset": "sixty-three", "seats": seats(&["random"; 4]), "match": true,
               "options": {"game_target": 1000}}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    let summary = loop {
        let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
        if s["summary"]["status"] == "finished" {
            break s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let v = summary["summary"]["v"].as_u64().unwrap();
    assert!(v > talon_table::MAX_CATCH_UP + 1, "a match of {v} events");
    let mut fresh = Client::hello(addr, table, None, None).await;
    let expected = fresh.until("snapshot").await;
    for since in [0, 1, v + 5] {
        let mut c = Client::hello(addr, table, None, Some(since)).await;
        c.until("welcome").await;
        let f = c.next().await.unwrap();
        assert_eq!(f, expected, "since {since}");
    }
    // At the window's edge the missed events and the welcome and presence
    // frames are more than a fresh outbox holds: the viewer still reaches
    // the welcome's version (by a snapshot), then gets the presence frame.
    for behind in [talon_table::MAX_CATCH_UP, talon_table::MAX_CATCH_UP - 1] {
        let mut c = Client::hello(addr, table, None, Some(v - behind)).await;
        let welcome = c.until("welcome").await;
        assert_eq!(welcome["v"], json!(v));
        let caught = tokio::time::timeout(Duration::from_secs(10), async {
            while c.version() < v {
                c.next().await.unwrap();
            }
            c.until("presence").await
        })
        .await;
        assert!(caught.is_ok(), "{behind} behind: never caught up to {v}");
        assert_eq!(c.state().unwrap(), &expected["state"], "{behind} behind");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_and_duplicate_actions_are_rejected_and_nothing_is_sent_twice() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "sixty-six", "seats": seats(&["p", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    let mut c = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let f = my_turn(&mut c).await;
    let v = f["v"].as_u64().unwrap();
    // Acting on an older version: refused, and nothing follows (the
    // connection has every event already; they were not sent again).
    c.send(json!({"t": "act", "action": f["state"]["legal"][0], "v": v - 1, "id": "old"}))
        .await;
    let r = c.until("reject").await;
    assert_eq!(
        (r["code"].as_str(), r["id"].as_str(), r["v"].as_u64()),
        (Some("stale"), Some("old"), Some(v))
    );
    c.send(json!({"t": "ping"})).await;
    assert_eq!(c.next().await.unwrap()["t"], "pong", "no event again");
    // A version from nowhere (ahead of the table) gets a fresh snapshot.
    c.send(json!({"t": "act", "action": f["state"]["legal"][0], "v": v + 50}))
        .await;
    assert_eq!(c.until("reject").await["code"], "stale");
    let fresh = c.next().await.unwrap();
    assert_eq!(
        (fresh["t"].as_str(), fresh["v"].as_u64()),
        (Some("snapshot"), Some(v))
    );
    // The same action twice: applied once, the copy refused.
    c.send(act(&f, 0)).await;
    c.send(act(&f, 0)).await;
    let mut applied = 0;
    let mut rejected = 0;
    while rejected == 0 {
        let g = c.next().await.unwrap();
        if g["t"] == "event" && g["event"]["seat"] == 0 && g["v"].as_u64() == Some(v + 1) {
            applied += 1;
        }
        if g["t"] == "reject" {
            assert_eq!(g["code"], "stale");
            rejected += 1;
        }
    }
    assert_eq!(applied, 1);
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert!(s["summary"]["v"].as_u64().unwrap() > v);
}

/// A catch-up by missed events replays the table's log, which anyone may
/// ask for by reconnecting with an old `since`: past the table's budget of
/// replays the answer is a snapshot of the same version instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catch_ups_past_the_replay_budget_get_snapshots() {
    let config = talon_server::ServerConfig {
        catch_up_budget: 3,
        catch_up_window: Duration::from_secs(3_600),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "sixty-six", &["p", "heuristic"]).await;
    let mut c = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    let f = my_turn(&mut c).await;
    let v = f["v"].as_u64().unwrap();
    let mut answers = Vec::new();
    for _ in 0..5 {
        let mut again = Client::hello(addr, &table, Some(&secret(&created, 0)), Some(v - 1)).await;
        again.until("welcome").await;
        let g = again.next().await.unwrap();
        assert_eq!(g["v"].as_u64(), Some(v), "{g}");
        answers.push(g["t"].as_str().unwrap().to_string());
    }
    assert_eq!(
        answers,
        ["event", "event", "event", "snapshot", "snapshot"],
        "three replays, then snapshots"
    );
    // A snapshot is as good as the events: the seat still plays.
    c.send(act(&f, 0)).await;
    let mut seen = 0;
    while seen == 0 {
        let g = c.next().await.unwrap();
        if g["t"] == "event" && g["event"]["seat"] == 0 && g["v"].as_u64() == Some(v + 1) {
            seen += 1;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_acts_only_for_its_own_seat_and_is_stored_hashed() {
    let config = fast_config();
    let db = config.db.clone();
    let running = server(config).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "sixty-six", "seats": seats(&["p", "p"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    // A wrong secret: closed with a reason.
    let mut wrong =
        Client::hello(addr, table, Some("00000000000000000000000000000000"), None).await;
    assert_eq!(wrong.next().await.unwrap_err().0, 4003);
    // Seat 1's secret while seat 0 is to move: refused, nothing changes.
    let mut one = Client::hello(addr, table, Some(&secret(&created, 1)), None).await;
    let snap = one.until("snapshot").await;
    assert_eq!(snap["state"]["you"], 1);
    assert_eq!(snap["state"]["to_move"], 0);
    assert_eq!(snap["state"]["legal"], json!([]));
    let mut zero = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let f = my_turn(&mut zero).await;
    one.send(json!({"t": "act", "action": f["state"]["legal"][0], "v": f["v"]}))
        .await;
    assert_eq!(one.until("reject").await["code"], "not_your_turn");
    // A spectator cannot act.
    let mut watcher = Client::hello(addr, table, None, None).await;
    watcher.until("snapshot").await;
    watcher
        .send(json!({"t": "act", "action": f["state"]["legal"][0], "v": f["v"]}))
        .await;
    assert_eq!(watcher.until("reject").await["code"], "spectator");
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["summary"]["v"], f["v"], "nothing changed");
    // No secret is stored as it is.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let mut rows = Vec::new();
    for sql in [
        "SELECT quote(secret_sha256) FROM seats",
        "SELECT body FROM events",
        "SELECT id FROM tables",
    ] {
        let mut st = conn.prepare(sql).unwrap();
        let texts: Vec<String> = st
            .query_map([], |r| r.get::<_, String>(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        rows.extend(texts);
    }
    for seat in 0..2 {
        let s = secret(&created, seat);
        assert!(
            rows.iter().all(|r| !r.to_lowercase().contains(&s)),
            "secret {seat} stored in the clear"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_are_closed_and_table_creation_is_rate_limited() {
    let config = talon_server::ServerConfig {
        frame_budget: 20,
        create_budget: 3,
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let request = json!({"preset": "sixty-six", "seats": seats(&["p", "random"])});
    let created = create(addr, request.clone()).await;
    create(addr, request.clone()).await;
    create(addr, request.clone()).await;
    let (status, reply) = http(addr, "POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 429, "{reply}");
    // It says when asking again may help: a token comes every 20 s.
    let body = request.to_string();
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let raw = format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, raw.as_bytes())
        .await
        .unwrap();
    let mut answer = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut stream, &mut answer)
        .await
        .unwrap();
    let retry: u64 = answer
        .lines()
        .find_map(|l| l.strip_prefix("retry-after: "))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("a Retry-After: {answer}"));
    assert!((1..=20).contains(&retry), "{answer}");
    assert!(answer.contains("try again in"), "{answer}");
    let table = created["table"].as_str().unwrap();
    let mut c = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    c.until("snapshot").await;
    // Pings are free.
    for _ in 0..40 {
        c.send(json!({"t": "ping"})).await;
    }
    for _ in 0..40 {
        c.send(json!({"t": "resync"})).await;
    }
    let closed = loop {
        match c.next().await {
            Ok(_) => continue,
            Err(e) => break e,
        }
    };
    assert_eq!(closed.0, 1008, "{closed:?}");
    assert_eq!(c.frames.iter().filter(|f| f["t"] == "pong").count(), 40);
    // The table and other viewers are untouched.
    let mut other = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    assert_eq!(other.until("snapshot").await["state"]["status"], "playing");
    // Binary and oversized frames are counted as well.
    for flood in [
        Message::Binary(vec![0u8; 16].into()),
        Message::Text("x".repeat(5000).into()),
    ] {
        let mut c = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
        c.until("snapshot").await;
        for _ in 0..40 {
            if c.ws.send(flood.clone()).await.is_err() {
                break;
            }
        }
        let closed = loop {
            match c.next().await {
                Ok(_) => continue,
                Err(e) => break e,
            }
        };
        assert_eq!(closed.0, 1008, "{closed:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_errors_and_change_nothing() {
    let config = talon_server::ServerConfig {
        hello_timeout: Duration::from_millis(300),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "schnapsen", "seats": seats(&["p", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    // No hello in time; an unknown table; a first frame that is no hello.
    let mut silent = Client::connect(addr).await;
    assert_eq!(silent.next().await.unwrap_err().0, 4000);
    let mut lost = Client::hello(addr, "nosuchtable", None, None).await;
    assert_eq!(lost.next().await.unwrap_err().0, 4004);
    let mut rude = Client::connect(addr).await;
    rude.send(json!({"t": "ping"})).await;
    assert_eq!(rude.next().await.unwrap_err().0, 4000);
    // A hello that does not read is told what is wrong with it.
    for (hello, why) in [
        (
            json!({"t": "hello", "table": table, "x": 1}),
            "unknown field \"x\"",
        ),
        (
            json!({"t": "hello", "table": table, "since": -1}),
            "invalid value",
        ),
        (json!({"t": "hello"}), "missing field \"table\""),
    ] {
        let mut odd = Client::connect(addr).await;
        odd.send(hello.clone()).await;
        let (code, reason) = odd.next().await.unwrap_err();
        assert_eq!(code, 4000, "{hello}");
        assert!(
            reason.contains(why) && reason.len() <= 123,
            "{hello}: {reason}"
        );
    }

    let mut c = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let f = my_turn(&mut c).await;
    let v = f["v"].clone();
    for (bad, code) in [
        ("not json".to_string(), "bad_frame"),
        (json!({"t": "dance"}).to_string(), "bad_frame"),
        (json!({"t": "act", "action": "QH"}).to_string(), "bad_frame"),
        (
            json!({"t": "act", "action": "QH", "v": 1, "extra": true}).to_string(),
            "bad_frame",
        ),
        (
            json!({"t": "hello", "table": table}).to_string(),
            "bad_frame",
        ),
        ("x".repeat(5000), "too_large"),
    ] {
        c.send_text(bad.clone()).await;
        let e = c.until("error").await;
        assert_eq!(e["code"], code, "{bad:.40}");
        assert!(
            e["message"].as_str().unwrap().len() < 400,
            "the error quotes only the start"
        );
    }
    // Illegal and unreadable actions are refused by the rules.
    c.send(json!({"t": "act", "action": "XX", "v": v})).await;
    assert_eq!(c.until("reject").await["code"], "illegal");
    // A long one is quoted by its start only.
    c.send(json!({"t": "act", "action": "Q".repeat(3000), "v": v}))
        .await;
    let r = c.until("reject").await;
    assert_eq!(r["code"], "illegal");
    let said = r["message"].as_str().unwrap();
    assert!(
        said.len() < 800 && said.contains("more bytes not shown"),
        "{r}"
    );
    c.send(json!({"t": "ping"})).await;
    c.until("pong").await;
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["summary"]["v"], v, "nothing changed");
    // HTTP: bad bodies and unknown paths get JSON errors.
    for body in [
        json!({"preset": "nope", "seats": []}),
        json!({"preset": "sixty-six", "seats": seats(&["p"])}),
        json!({"preset": "sixty-six", "seats": seats(&["p", "grandmaster"])}),
        json!({"preset": "sixty-six", "seats": seats(&["p", "p"]), "options": {"nosuch": 1}}),
    ] {
        let (status, reply) = http(addr, "POST", "/api/tables", Some(&body)).await;
        assert_eq!(status, 400, "{reply}");
        assert!(reply["error"].is_string());
    }
    // A rule option given twice: which should win? Neither.
    let twice = r#"{"preset": "schnapsen", "seats": [{"kind": "person"}, {"kind": "person"}],
                    "options": {"sharp": "yes", "sharp": "no"}}"#;
    let (status, reply) = http_text(addr, "POST", "/api/tables", twice).await;
    assert_eq!(status, 400, "{reply}");
    let said = reply["error"].as_str().unwrap();
    assert!(said.contains("option \"sharp\" is given twice"), "{said}");
    // A match's target for a single deal would do nothing.
    let lone = json!({"preset": "schnapsen", "seats": seats(&["p", "p"]),
                      "options": {"match_target": 3}});
    let (status, reply) = http(addr, "POST", "/api/tables", Some(&lone)).await;
    assert_eq!(status, 400, "{reply}");
    let said = reply["error"].as_str().unwrap();
    assert!(
        said.contains("match_target") && said.contains("one deal"),
        "{said}"
    );
    let (status, _) = http(addr, "GET", "/api/nope", None).await;
    assert_eq!(status, 404);
    let (status, _) = http(addr, "GET", "/api/tables/nosuchtable", None).await;
    assert_eq!(status, 404);
    let (status, _) = http(addr, "GET", &format!("/api/tables/{table}/log"), None).await;
    assert_eq!(status, 403, "no log while play goes on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_away_past_the_grace_gets_a_stand_in_and_takes_the_seat_back() {
    let config = talon_server::ServerConfig {
        grace: Duration::from_millis(200),
        bot_delay: Duration::from_millis(150),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let created = create(
        addr,
        json!({"preset": "sixty-six", "seats": seats(&["p", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap();
    let mut watcher = Client::hello(addr, table, None, None).await;
    let mut c = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let f = my_turn(&mut c).await;
    c.ws.close(None).await.unwrap();
    // The watcher sees the seat away, then a stand-in move for seat 0.
    let stand_in = loop {
        let g = watcher.next().await.unwrap();
        if g["t"] == "event" && g["event"]["by"] == "stand_in" {
            break g;
        }
    };
    assert_eq!(stand_in["event"]["seat"], 0);
    assert!(stand_in["v"].as_u64() > f["v"].as_u64());
    let away = watcher
        .frames
        .iter()
        .find(|p| p["t"] == "presence" && p["seats"][0]["status"] == "away")
        .expect("seen away");
    // With the time its grace has left.
    let left = away["seats"][0]["stand_in_in_ms"]
        .as_u64()
        .expect("a countdown");
    assert!(left <= 200, "{away}");
    assert!(away["seats"][1].get("stand_in_in_ms").is_none(), "{away}");
    assert!(watcher
        .frames
        .iter()
        .any(|p| p["t"] == "presence" && p["seats"][0]["status"] == "stand_in"));
    // Back: online again, and the seat's moves are the person's.
    let mut back = Client::hello(addr, table, Some(&secret(&created, 0)), None).await;
    let p = back.until("presence").await;
    assert_eq!(p["seats"][0]["status"], "online");
    // The snapshot (read above) may already show our turn.
    let last = back
        .frames
        .iter()
        .rev()
        .find(|f| f["t"] == "snapshot")
        .cloned()
        .unwrap();
    let mine = if last["state"]["legal"]
        .as_array()
        .is_some_and(|l| !l.is_empty())
    {
        last
    } else {
        my_turn(&mut back).await
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["summary"]["v"], mine["v"], "the stand-in no longer plays");
}

/// A friend who never comes need not stop the table: a seated person
/// lets a bot play for the open seat, and the friend takes it over on
/// arrival. Asking for a seat that is not empty is refused by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_person_lets_a_bot_play_for_a_friend_who_has_not_come() {
    let config = talon_server::ServerConfig {
        bot_delay: Duration::from_millis(50),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    let (created, table) =
        new_table(addr, "na-sixty-six", &["p", "heuristic", "p", "heuristic"]).await;
    let mut watcher = Client::hello(addr, &table, None, None).await;
    let mut me = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    let p = me.until("presence").await;
    assert_eq!(p["seats"][2]["status"], "open");
    // Refusals: my own seat, a bot's, a seat that is not there; a spectator.
    for (seat, why) in [(0, "person is here"), (1, "bot's"), (7, "no seat 7")] {
        me.send(json!({"t": "stand_in", "seat": seat})).await;
        let e = me.until("error").await;
        assert_eq!(e["code"], "no_stand_in");
        assert!(e["message"].as_str().unwrap().contains(why), "{e}");
    }
    watcher.send(json!({"t": "stand_in", "seat": 2})).await;
    let e = watcher.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("spectators"), "{e}");
    // Now for real: the seat's moves come from a stand-in.
    me.send(json!({"t": "stand_in", "seat": 2})).await;
    let p = me.until("presence").await;
    assert_eq!(p["seats"][2]["status"], "stand_in");
    // A fresh snapshot: it may be my turn already.
    me.send(json!({"t": "resync"})).await;
    let moved = tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            if let Some(f) = me.frames.iter().find(|f| {
                f["t"] == "event" && f["event"]["seat"] == 2 && f["event"]["by"] == "stand_in"
            }) {
                return f.clone();
            }
            // My own turns: play the first legal action.
            let f = me.next().await.expect("a frame");
            act_first(&mut me, &f).await;
        }
    })
    .await
    .expect("the stand-in plays for seat 2");
    assert_eq!(moved["event"]["seat"], 2);
    // The friend comes: the seat is theirs.
    let mut friend = Client::hello(addr, &table, Some(&secret(&created, 2)), None).await;
    let p = friend.until("presence").await;
    assert_eq!(p["seats"][2]["status"], "online");
    assert_eq!(p["seats"][2]["connections"], 1, "{p}");
    // The seat open in a second place: everyone sees it is.
    let second = Client::hello(addr, &table, Some(&secret(&created, 2)), None).await;
    let p = loop {
        let p = friend.until("presence").await;
        if p["seats"][2]["connections"] == 2 {
            break p;
        }
    };
    assert_eq!(p["seats"][2]["status"], "online");
    assert!(
        p["seats"][1].get("connections").is_none(),
        "a bot's seat has none: {p}"
    );
    drop(second);
    // A blink (a reload, a phone changing networks) is not leaving: no
    // bot for a friend who has only just gone.
    drop(friend);
    loop {
        let f = me.next().await.expect("a frame");
        if f["t"] == "presence" && f["seats"][2]["status"] == "away" {
            break;
        }
    }
    me.send(json!({"t": "stand_in", "seat": 2})).await;
    let e = me.until("error").await;
    assert_eq!(e["code"], "no_stand_in");
    assert!(
        e["message"].as_str().unwrap().contains("only just left"),
        "{e}"
    );
}

/// A frame the WebSocket layer cannot read closes the connection with
/// RFC 6455's code for it, saying why, every time (before, a text frame
/// that is not UTF-8 raced the room's "fell behind" 4008, which a client
/// takes as a cue to reconnect at once); the table is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_frames_close_the_connection_saying_why() {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    let running = server(fast_config()).await;
    let (created, table) = new_table(running.addr, "sixty-six", &["p", "random"]).await;
    let (_, before) = http(running.addr, "GET", &format!("/api/tables/{table}"), None).await;
    for round in 0..8 {
        let who = (round % 2 == 0).then(|| secret(&created, 0));
        let mut c = Client::hello(running.addr, &table, who.as_deref(), None).await;
        c.until("welcome").await;
        let bad = Frame::message(vec![0xff, 0xfe], OpCode::Data(Data::Text), true);
        c.ws.send(Message::Frame(bad)).await.unwrap();
        let closed = loop {
            if let Err(close) = c.next().await {
                break close;
            }
        };
        assert_eq!(
            closed,
            (1007, "a text frame must be UTF-8".to_string()),
            "round {round}"
        );
    }
    // Over the size cap: 1009 saying so, unless the unread rest of the
    // frame resets the connection first (then the client sees a drop).
    let mut c = Client::hello(running.addr, &table, None, None).await;
    c.until("welcome").await;
    let _ = c.ws.send(Message::Text("x".repeat(70_000).into())).await;
    let closed = loop {
        if let Err(close) = c.next().await {
            break close;
        }
    };
    assert!(
        closed == (1009, "a frame has at most 65,536 bytes".to_string()) || closed.0 == 1006,
        "{closed:?}"
    );
    let (_, after) = http(running.addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(after["summary"]["v"], before["summary"]["v"]);
}
