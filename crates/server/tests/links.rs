//! A seat's new link: its person chooses a new secret, or the table's
//! host asks for one, and from then on the old one (which whoever made the
//! table also holds) opens nothing, across a restart and at the table's
//! rematch too.

mod common;

use common::*;
use serde_json::json;

const NEW: &str = "0123456789abcdef0123456789abcdef";

/// The error a frame gets, by its code; the message must contain `said`.
async fn refused(c: &mut Client, frame: serde_json::Value, said: &str) {
    c.send(frame).await;
    let e = c.until("error").await;
    assert_eq!(e["code"], "no_new_link", "{e}");
    assert!(e["message"].as_str().unwrap().contains(said), "{e}");
}

/// How a hello with `secret` ends: the seat it is welcomed to, or the
/// close code.
async fn seat_for(addr: std::net::SocketAddr, table: &str, secret: &str) -> Result<u64, u16> {
    let mut c = Client::hello(addr, table, Some(secret), None).await;
    match c.next().await {
        Ok(f) if f["t"] == "welcome" => Ok(f["seat"].as_u64().expect("a seat")),
        Ok(f) => panic!("not a welcome: {f}"),
        Err((code, _)) => Err(code),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_link_voids_the_old_one_everywhere() {
    let config = fast_config();
    let running = server(config.clone()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "schnapsen", &["p", "p"]).await;
    let (ann, old) = (secret(&created, 0), secret(&created, 1));
    // Bo in two places: one of them might be whoever made the table.
    let mut bo = Client::hello(addr, &table, Some(&old), None).await;
    bo.until("snapshot").await;
    let mut other = Client::hello(addr, &table, Some(&old), None).await;
    other.until("snapshot").await;
    let mut watcher = Client::hello(addr, &table, None, None).await;
    watcher.until("welcome").await;

    // Refusals, each saying why, and nothing changes.
    refused(
        &mut watcher,
        json!({"t": "new_link", "secret": NEW}),
        "spectators",
    )
    .await;
    refused(
        &mut bo,
        json!({"t": "new_link", "secret": "5f0c"}),
        "32 hex digits",
    )
    .await;
    let upper = NEW.to_uppercase();
    refused(
        &mut bo,
        json!({"t": "new_link", "secret": upper}),
        "32 hex digits",
    )
    .await;
    refused(
        &mut bo,
        json!({"t": "new_link", "secret": ann}),
        "already a seat's",
    )
    .await;
    assert_eq!(seat_for(addr, &table, &old).await, Ok(1));

    bo.send(json!({"t": "new_link", "secret": NEW})).await;
    bo.until("link_changed").await;
    // Everyone here hears of it (the seat, who gave it; never the secret).
    let told = watcher.until("seat_link_changed").await;
    assert_eq!(
        told,
        json!({"t": "seat_link_changed", "seat": 1, "by": "person"})
    );
    // The other connection came with the old link: closed, saying why.
    let closed = loop {
        match other.next().await {
            Ok(_) => continue,
            Err(e) => break e,
        }
    };
    assert_eq!(closed.0, 4009, "{closed:?}");
    assert!(closed.1.contains("new link"), "{closed:?}");
    assert_eq!(seat_for(addr, &table, &old).await, Err(4003));
    assert_eq!(seat_for(addr, &table, NEW).await, Ok(1));
    assert_eq!(seat_for(addr, &table, &ann).await, Ok(0));
    // Bo's own connection keeps the seat, and plays on it.
    bo.send(json!({"t": "resync"})).await;
    let state = bo.until("snapshot").await["state"].clone();
    assert_eq!(state["you"], 1, "{state}");
    // The same secret again is a seat's already (his own).
    refused(
        &mut bo,
        json!({"t": "new_link", "secret": NEW}),
        "already a seat's",
    )
    .await;

    // Kept across a restart.
    running.stop().await.expect("a clean stop");
    // The same database; the config's port 0 gives another address.
    let running = server(config).await;
    let addr = running.addr;
    assert_eq!(seat_for(addr, &table, &old).await, Err(4003));
    assert_eq!(seat_for(addr, &table, NEW).await, Ok(1));
}

/// A rematch carries the seat's link as it was when the table ended, and
/// the same host; a finished table's link cannot change (its rematch may
/// already have taken it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rematch_takes_the_new_link_and_a_finished_table_keeps_its_own() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "sixty-six", &["p", "random"]).await;
    let old = secret(&created, 0);
    let mut ann = Client::hello(addr, &table, Some(&old), None).await;
    ann.until("snapshot").await;
    ann.send(json!({"t": "new_link", "secret": NEW})).await;
    ann.until("link_changed").await;
    let mut ann = end_alone(addr, &table, NEW).await;
    let fresh = "fedcba9876543210fedcba9876543210";
    refused(&mut ann, json!({"t": "new_link", "secret": fresh}), "over").await;

    let ask = |secret: &str| {
        let body = json!({"secret": secret});
        let path = format!("/api/tables/{table}/rematch");
        async move { http(addr, "POST", &path, Some(&body)).await }
    };
    assert_eq!(ask(&old).await.0, 403);
    let (status, made) = ask(NEW).await;
    assert_eq!(status, 200, "{made}");
    let rematch = made["table"].as_str().unwrap();
    assert_eq!(seat_for(addr, rematch, NEW).await, Ok(0));
    assert_eq!(seat_for(addr, rematch, &old).await, Err(4003));
    // The host is the same there.
    let body = json!({"host": created["host"]});
    let path = format!("/api/tables/{rematch}/seats/0/link");
    let (status, reply) = http(addr, "POST", &path, Some(&body)).await;
    assert_eq!(status, 200, "{reply}");
}

/// The store changes a person's seat's secret only: a bot's seat, or a
/// table it does not hold, is `NotFound` and nothing changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_store_changes_a_persons_secret_only() {
    use talon_server::{SqliteStore, Store, StoreError};
    let store = SqliteStore::open(&temp_db()).unwrap();
    let person = talon_table::SeatSpec::Person { name: None };
    let bot = talon_table::SeatSpec::Bot {
        level: "random".into(),
    };
    let events = opening_events("schnapsen", vec![person, bot]);
    let (first, new) = ([1u8; 32], [2u8; 32]);
    store
        .create("t1", &keys(vec![Some(first), None]), &events, None)
        .await
        .unwrap();
    store.set_secret("t1", 0, &new).await.unwrap();
    for (table, seat) in [("t1", 1), ("t1", 2), ("t2", 0)] {
        let e = store.set_secret(table, seat, &first).await.unwrap_err();
        assert!(matches!(e, StoreError::NotFound(_)), "{table} {seat}: {e}");
    }
    assert_eq!(
        store.load("t1").await.unwrap().keys.seats,
        vec![Some(new), None]
    );
}

/// The host key the table's maker was given gives any person's seat a new
/// link: the way out when a link reached the wrong person, who took the
/// seat and locked it to themselves with a new link of their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_gives_a_seat_taken_by_the_wrong_person_a_new_link() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "schnapsen", &["p", "p"]).await;
    let (ann, old) = (secret(&created, 0), secret(&created, 1));
    let host = created["host"].as_str().expect("a host key").to_string();
    assert!(host != ann && host != old && host.len() == 32, "{created}");
    let mut stranger = Client::hello(addr, &table, Some(&old), None).await;
    stranger.until("snapshot").await;
    stranger.send(json!({"t": "new_link", "secret": NEW})).await;
    stranger.until("link_changed").await;
    assert_eq!(seat_for(addr, &table, &old).await, Err(4003));

    let ask = |seat: &str, body: serde_json::Value| {
        let path = format!("/api/tables/{table}/seats/{seat}/link");
        async move { http(addr, "POST", &path, Some(&body)).await }
    };
    // Refusals, each naming the problem; nothing changes.
    for (seat, body, status, said) in [
        ("1", json!({"host": ann}), 403, "wrong host key"),
        ("1", json!({"host": host, "seat": 1}), 400, "unknown field"),
        ("7", json!({"host": host}), 400, "no seat 7"),
        ("x", json!({"host": host}), 400, "seat number"),
        (
            "300",
            json!({"host": host}),
            400,
            "seat number 300: a seat number is 0 to 255",
        ),
        ("+1", json!({"host": host}), 400, "plain digits"),
        ("01", json!({"host": host}), 400, "plain digits"),
        ("%201", json!({"host": host}), 400, "plain digits"),
        ("-0", json!({"host": host}), 400, "plain digits"),
    ] {
        let (s, reply) = ask(seat, body).await;
        assert_eq!(s, status, "{reply}");
        assert!(reply["error"].as_str().unwrap().contains(said), "{reply}");
    }
    assert_eq!(seat_for(addr, &table, NEW).await, Ok(1));

    let mut ann_here = Client::hello(addr, &table, Some(&ann), None).await;
    ann_here.until("snapshot").await;
    let (status, reply) = ask("1", json!({"host": host})).await;
    assert_eq!(status, 200, "{reply}");
    let fresh = reply["secret"].as_str().unwrap().to_string();
    assert_eq!(reply["invite"], format!("/t/{table}#s={fresh}"));
    // The stranger is shut out, told it was the host; the table hears of
    // it (a host taking a seat is never silent); the new link seats Bo.
    let closed = loop {
        if let Err(e) = stranger.next().await {
            break e;
        }
    };
    assert_eq!(closed.0, 4011, "{closed:?}");
    assert!(closed.1.contains("host"), "{closed:?}");
    let told = ann_here.until("seat_link_changed").await;
    assert_eq!(
        (told["seat"].as_u64(), told["by"].as_str()),
        (Some(1), Some("host"))
    );
    assert_eq!(seat_for(addr, &table, NEW).await, Err(4003));
    assert_eq!(seat_for(addr, &table, &fresh).await, Ok(1));
    assert_eq!(seat_for(addr, &table, &ann).await, Ok(0));

    // A bot's seat has no link, and a finished table's links stay.
    let (created, table) = new_table(addr, "schnapsen", &["p", "random"]).await;
    let host = created["host"].as_str().unwrap().to_string();
    let ask = |seat: &str| {
        let path = format!("/api/tables/{table}/seats/{seat}/link");
        let body = json!({"host": host});
        async move { http(addr, "POST", &path, Some(&body)).await }
    };
    let (status, reply) = ask("1").await;
    assert_eq!(
        (status, reply["error"].as_str().unwrap()),
        (400, "seat 1 is a bot's: it has no link")
    );
    end_alone(addr, &table, &secret(&created, 0)).await;
    let (status, reply) = ask("0").await;
    assert_eq!(status, 409, "{reply}");
}

/// A database made before host keys: its tables come back and play, its
/// file gains the column, and its tables have no host.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_stored_before_host_keys_load_and_have_no_host() {
    let config = fast_config();
    let running = server(config.clone()).await;
    let (created, table) = new_table(running.addr, "schnapsen", &["p", "random"]).await;
    running.stop().await.unwrap();
    let conn = rusqlite::Connection::open(&config.db).unwrap();
    conn.execute_batch("ALTER TABLE tables DROP COLUMN host_sha256")
        .unwrap();
    drop(conn);
    let running = server(config).await;
    let addr = running.addr;
    assert_eq!(running.restored, 1);
    assert_eq!(seat_for(addr, &table, &secret(&created, 0)).await, Ok(0));
    let body = json!({"host": created["host"]});
    let path = format!("/api/tables/{table}/seats/0/link");
    let (status, reply) = http(addr, "POST", &path, Some(&body)).await;
    assert_eq!(status, 403, "{reply}");
    assert!(
        reply["error"].as_str().unwrap().contains("no host key"),
        "{reply}"
    );
    // New tables there have one.
    let (created, _) = new_table(addr, "schnapsen", &["p", "random"]).await;
    assert!(created["host"].is_string(), "{created}");
}

/// New links are committed writes: a table makes at most ten a minute,
/// from its people and its host together, and then says when to ask again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_makes_a_few_new_links_a_minute() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "schnapsen", &["p", "p"]).await;
    let body = json!({"host": created["host"]});
    let path = format!("/api/tables/{table}/seats/1/link");
    for _ in 0..10 {
        let (status, reply) = http(addr, "POST", &path, Some(&body)).await;
        assert_eq!(status, 200, "{reply}");
    }
    // Refused, saying when to ask again (`Retry-After`, whole seconds).
    let text = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{text}",
        text.len()
    );
    let (status, mut stream) = status_of(addr, &request).await;
    assert_eq!(status, 429);
    let mut answer = String::new();
    tokio::io::AsyncReadExt::read_to_string(&mut stream, &mut answer)
        .await
        .unwrap();
    let wait = answer
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after: ")
                .map(str::to_string)
        })
        .and_then(|v| v.trim().parse::<u64>().ok());
    assert!(wait.is_some_and(|s| (1..=60).contains(&s)), "{answer}");
    assert!(answer.contains("at most 10 new links a minute"), "{answer}");
    let mut ann = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    ann.until("snapshot").await;
    refused(
        &mut ann,
        json!({"t": "new_link", "secret": NEW}),
        "at most 10 new links",
    )
    .await;
}
