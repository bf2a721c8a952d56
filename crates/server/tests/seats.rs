//! What a seated person may ask besides playing, and what happens to a
//! person who stops playing: ending a game against bots, and the turn
//! clock with its way back.

mod common;

use common::*;
use serde_json::json;
use std::time::Duration;

/// A seated person may end a game against bots; a table with another
/// person's seat is theirs too (come or not: whether someone came is not
/// kept across a restart), and only playing it out, or a day without
/// anyone, ends it. Spectators cannot end a table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_ends_a_game_against_bots_and_no_other() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let (created, table) = new_table(addr, "pedro", &["p", "random", "p", "random"]).await;
    let mut watcher = Client::hello(addr, &table, None, None).await;
    watcher.until("welcome").await;
    let mut ann = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    ann.until("presence").await;
    // Bo has not come, but the seat is his: Ann may not end it, and a
    // spectator never.
    ann.send(json!({"t": "end"})).await;
    let e = ann.until("error").await;
    assert_eq!(e["code"], "no_end");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("has a seat at this table too"),
        "{e}"
    );
    watcher.send(json!({"t": "end"})).await;
    let e = watcher.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("spectators"), "{e}");
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["summary"]["status"], "playing", "{s}");

    // Ann against bots: she ends it.
    let (created, table) = new_table(addr, "schnapsen", &["p", "random"]).await;
    let mut ann = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    ann.until("presence").await;
    ann.send(json!({"t": "end"})).await;
    let f = loop {
        let f = ann.next().await.expect("a frame");
        if f["t"] == "error" {
            panic!("refused: {f}");
        }
        if f["state"]["status"] == "finished" {
            break f;
        }
    };
    assert_eq!(f["event"]["kind"], "ended", "{f}");
    assert_eq!(f["state"]["unfinished"], true, "{f}");
    ann.send(json!({"t": "end"})).await;
    let e = ann.until("error").await;
    assert!(e["message"].as_str().unwrap().contains("over"), "{e}");
    let (_, s) = http(addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(s["summary"]["status"], "finished", "{s}");
    // Over, so its whole log may be read.
    let (status, _) = http(addr, "GET", &format!("/api/tables/{table}/log"), None).await;
    assert_eq!(status, 200);
}

/// A person who is here but lets their time run out: the stand-in makes
/// that move; after two in a row it keeps the seat (presence `stand_in`)
/// until they say they are back, and then they play again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_lets_the_time_run_out_gets_a_stand_in_until_back() {
    // Bots paced, so that the match is far from over when Ann is back.
    let config = talon_server::ServerConfig {
        turn_time: Some(Duration::from_millis(300)),
        bot_delay: Duration::from_millis(50),
        ..fast_config()
    };
    let running = server(config).await;
    let addr = running.addr;
    // A match, so that play goes on after a deal the stand-in finished.
    let created = create(
        addr,
        json!({"preset": "schnapsen", "match": true, "seats": seats(&["p", "heuristic"])}),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let mut watcher = Client::hello(addr, &table, None, None).await;
    watcher.until("welcome").await;
    let mut ann = Client::hello(addr, &table, Some(&secret(&created, 0)), None).await;
    ann.until("welcome").await;
    // Ann does nothing: moves are made for her, then the seat is kept.
    let kept = tokio::time::timeout(Duration::from_secs(30), async {
        let mut made_for_her = 0;
        loop {
            let f = ann.next().await.expect("a frame");
            if f["t"] == "event" && f["event"]["seat"] == 0 && f["event"]["by"] == "stand_in" {
                made_for_her += 1;
            }
            if f["t"] == "presence" && f["seats"][0]["status"] == "stand_in" {
                return made_for_her;
            }
        }
    })
    .await
    .expect("the seat is kept after timeouts");
    assert!(kept >= 1, "a move was made for her first");
    // Only Ann may take it back.
    watcher.send(json!({"t": "back"})).await;
    let e = watcher.until("error").await;
    assert_eq!(e["code"], "no_back");
    // A refused move is no move: the seat stays the stand-in's.
    ann.send(json!({"t": "act", "action": "QS", "v": 0})).await;
    assert_eq!(ann.until("reject").await["code"], "stale");
    ann.send(json!({"t": "back"})).await;
    loop {
        let f = ann.next().await.expect("a frame");
        assert_ne!(f["t"], "error", "the seat was still the stand-in's: {f}");
        if f["t"] == "presence" && f["seats"][0]["status"] == "online" {
            break;
        }
    }
    ann.send(json!({"t": "back"})).await;
    let e = ann.until("error").await;
    assert!(
        e["message"].as_str().unwrap().contains("the seat is yours"),
        "{e}"
    );
    // Her own move is hers again (the clock counts anew).
    ann.send(json!({"t": "resync"})).await;
    let played = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let f = ann.next().await.expect("a frame");
            if f["t"] == "event" && f["event"]["seat"] == 0 && f["event"]["by"] == "person" {
                return true;
            }
            if f["state"]["status"] == "finished" {
                return false;
            }
            act_first(&mut ann, &f).await;
        }
    })
    .await
    .expect("Ann plays");
    assert!(played, "Ann's own move is taken");
}
