//! Whole matches of every preset through the server, with scripted people,
//! bots and a spectator; then the privacy oracle over every frame each
//! viewer received, and contiguous versions for every viewer.

mod common;

use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use talon_rules::Preset;
use talon_table::{cards_named, Event, Table, Viewer};

/// Every string anywhere in a frame (keys' values), for the oracle.
fn strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Checks one viewer's frames against the log: versions contiguous, and
/// no frame names a card hidden from the viewer at that version. A
/// finished deal's reveal (`last_deal`) is exempt: it is shown only once
/// that deal is over.
fn check_viewer(log: &[Event], viewer: Viewer, frames: &[Value]) {
    let mut at = Table::replay(&log[..1]).expect("log replays");
    let mut last_v: Option<u64> = None;
    for f in frames {
        let kind = f["t"].as_str().unwrap_or("");
        if kind != "snapshot" && kind != "event" {
            continue;
        }
        let v = f["v"].as_u64().expect("versioned");
        match (kind, last_v) {
            ("event", Some(prev)) => assert_eq!(v, prev + 1, "{viewer:?}: versions jump"),
            ("event", None) => panic!("{viewer:?}: an event before any snapshot"),
            _ => {}
        }
        last_v = Some(v);
        while at.version() < v {
            at.apply(&log[at.version() as usize]).expect("log applies");
        }
        let hidden = at.hidden_for(viewer);
        let mut frame = f.clone();
        if let Some(state) = frame.get_mut("state") {
            let reveal = state["last_deal"].take();
            if let Some(no) = reveal["deal_no"].as_u64() {
                let current = state["deal_no"].as_u64().unwrap();
                assert!(
                    no < current || state["status"] != "playing",
                    "{viewer:?}: deal {no} revealed while it is played"
                );
            }
        }
        let mut all = Vec::new();
        strings(&frame, &mut all);
        for s in all {
            let named = cards_named(s) & hidden;
            assert!(
                named.is_empty(),
                "{viewer:?} at v{v} was sent {s:?}, naming hidden {named:?}"
            );
        }
    }
    assert!(last_v.is_some(), "{viewer:?} saw nothing");
}

async fn finished_log(addr: SocketAddr, table: &str) -> Vec<Event> {
    let (status, reply) = http(addr, "GET", &format!("/api/tables/{table}/log"), None).await;
    assert_eq!(status, 200, "{reply}");
    serde_json::from_value(reply["events"].clone()).expect("events")
}

/// Runs one table with `people` scripted seats (the rest `bot`s) and a
/// spectator to its end; checks every viewer's frames and the score sheet.
async fn run_table(
    addr: SocketAddr,
    preset: Preset,
    people: usize,
    bot: &str,
    whole_match: bool,
    seed: u64,
) {
    let players = usize::from(preset.players());
    let list: Vec<&str> = (0..players)
        .map(|i| if i < people { "p" } else { bot })
        .collect();
    let created = create(
        addr,
        json!({"preset": preset.name(), "seats": seats(&list), "match": whole_match}),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let mut spectator = Client::hello(addr, &table, None, None).await;
    let persons: Vec<_> = (0..people)
        .map(|s| {
            tokio::spawn(play_person(
                addr,
                table.clone(),
                secret(&created, s),
                seed * 10 + s as u64,
            ))
        })
        .collect();
    let mut clients = Vec::new();
    for p in persons {
        clients.push(p.await.expect("person plays"));
    }
    loop {
        let f = match spectator.next().await {
            Ok(f) => f,
            Err(e) => {
                spectator.reconnect(addr, &table, None, e).await;
                continue;
            }
        };
        if f.get("state").is_some_and(|s| s["status"] == "finished") {
            break;
        }
    }
    let log = finished_log(addr, &table).await;
    for (s, c) in clients.iter().enumerate() {
        check_viewer(&log, Viewer::Seat(s as u8), &c.frames);
    }
    check_viewer(&log, Viewer::Spectator, &spectator.frames);
    // The score sheet people saw is the engine's own.
    let engine = Table::replay(&log).expect("log replays");
    let shown = spectator.state().unwrap();
    assert_eq!(
        shown["scores"],
        json!(engine.sheet().map(|m| m.scores())),
        "{}",
        preset.name()
    );
    assert!(engine.is_finished());
    if whole_match {
        assert!(
            shown["winner"].is_u64() || shown["unfinished"] == true,
            "{}: a match ends won or unfinished",
            preset.name()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_preset_plays_a_whole_match_with_people_bots_and_a_spectator() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    let tables: Vec<_> = Preset::ALL
        .iter()
        .enumerate()
        .map(|(i, &p)| tokio::spawn(run_table(addr, p, 1, "heuristic", true, i as u64)))
        .collect();
    for t in tables {
        t.await.expect("table plays to its end");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_names_a_card_hidden_from_its_viewer() {
    let running = server(fast_config()).await;
    let addr = running.addr;
    // Several people per table, so seat frames of every kind are checked.
    let mut tables = Vec::new();
    for seed in 0..4u64 {
        for (i, &p) in Preset::ALL.iter().enumerate() {
            let people = usize::from(p.players()).min(2 + (seed as usize % 2));
            let bot = if seed % 2 == 0 { "random" } else { "heuristic" };
            tables.push(tokio::spawn(run_table(
                addr,
                p,
                people,
                bot,
                false,
                seed * 100 + i as u64,
            )));
        }
    }
    for t in tables {
        t.await.expect("table plays to its end");
    }
}
