//! Taking a move back at a table of one person and bots: stored like a
//! move (after a restart the table is as it was after the undo), a new
//! version for everyone, and refused where it would not be fair.

mod common;

use common::*;
use serde_json::{json, Value};

/// Plays the person's first legal move until they have made `moves` and
/// it is their turn again; returns the frame that says so, or `None` if
/// the deal ended first (a random bot may declare 66 after one trick).
async fn after_own_moves(c: &mut Client, moves: usize) -> Option<Value> {
    let mut made = 0;
    loop {
        let f = c.next().await.expect("open");
        if f["state"]["status"] == "finished" {
            return None;
        }
        if f["state"]["legal"].as_array().is_none_or(|l| l.is_empty()) {
            continue;
        }
        if made == moves {
            return Some(f);
        }
        act_first(c, &f).await;
        made += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_against_bots_takes_a_move_back_and_it_survives_a_restart() {
    let config = fast_config();
    let running = server(config.clone()).await;
    // Deals are random: a new table until one lasts two of the person's moves.
    let mut tries = 0;
    let (table, secret, mut c, turn) = loop {
        tries += 1;
        assert!(tries <= 50, "no deal lasted two moves in 50 tables");
        let (created, table) = new_table(running.addr, "sixty-six", &["p", "random"]).await;
        let secret = secret(&created, 0);
        let mut c = Client::hello(running.addr, &table, Some(&secret), None).await;
        if let Some(turn) = after_own_moves(&mut c, 2).await {
            break (table, secret, c, turn);
        }
    };
    assert_eq!(turn["state"]["undo"], true, "{turn}");
    let v = turn["v"].as_u64().unwrap();
    // A spectator has nothing to take back.
    let mut watcher = Client::hello(running.addr, &table, None, None).await;
    watcher.until("snapshot").await;
    watcher.send(json!({"t": "undo", "v": v})).await;
    assert_eq!(watcher.until("reject").await["code"], "spectator");
    // An old version takes nothing back (a double click takes back one).
    c.send(json!({"t": "undo", "v": v - 1})).await;
    assert_eq!(c.until("reject").await["code"], "stale");
    c.send(json!({"t": "undo", "v": v})).await;
    let undone = loop {
        let f = c.next().await.expect("open");
        if f["t"] == "event" && f["event"]["kind"] == "undone" {
            break f;
        }
    };
    assert!(undone["v"].as_u64().unwrap() > v, "versions only grow");
    let state = &undone["state"];
    assert_eq!(state["to_move"], 0);
    assert_eq!(state["undos"], 1);
    assert!(!state["legal"].as_array().unwrap().is_empty());
    let seen = watcher.until("event").await;
    assert_eq!(seen["event"], json!({"kind": "undone", "seat": 0}));
    assert_eq!(seen["v"], undone["v"]);
    // The person's own snapshot after a restart is the state after the undo.
    let (_, summary) = http(running.addr, "GET", &format!("/api/tables/{table}"), None).await;
    assert_eq!(summary["summary"]["v"], undone["v"]);
    running.stop().await.unwrap();
    let running = server(config).await;
    let mut back = Client::hello(running.addr, &table, Some(&secret), None).await;
    let snapshot = back.until("snapshot").await;
    assert_eq!(snapshot["v"], undone["v"]);
    assert_eq!(snapshot["state"], *state);
    running.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_playing_each_other_take_nothing_back() {
    let running = server(fast_config()).await;
    let (created, table) = new_table(running.addr, "schnapsen", &["p", "p"]).await;
    let mut a = Client::hello(running.addr, &table, Some(&secret(&created, 0)), None).await;
    let turn = my_turn(&mut a).await;
    act_first(&mut a, &turn).await;
    let f = a.until("event").await;
    assert_eq!(f["state"]["undo"], false);
    a.send(json!({"t": "undo", "v": f["v"]})).await;
    let r = a.until("reject").await;
    assert_eq!(r["code"], "nothing_to_undo");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("one person and bots"),
        "{r}"
    );
    running.stop().await.unwrap();
}
