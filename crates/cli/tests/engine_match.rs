//! `talon engine` plays whole matches: `"match": true` on `new`, `next`
//! between deals, the score sheet in replies and observations, undo across
//! a deal's end.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_talon"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("talon engine runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn ask(&mut self, request: Value) -> Value {
        writeln!(self.stdin, "{request}").unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).expect("a JSON reply")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_whole_match_through_the_engine() {
    for game in [
        "sixty-six",
        "sixty-three",
        "na-sixty-six",
        "sixes-and-sevens",
    ] {
        let mut e = Engine::start();
        let mut r = e.ask(json!({"cmd": "new", "game": game, "seed": 3, "match": true}));
        assert_eq!(r["match"]["deal_no"], 1, "{game}: {r}");
        let mut deals = 1;
        loop {
            match r["match"]["status"].as_str().unwrap() {
                "finished" => break,
                "deal_over" => {
                    assert!(r["result"].is_object());
                    let refused = e.ask(json!({"cmd": "play", "action": "QH"}));
                    assert!(
                        refused["error"].as_str().unwrap().contains("next"),
                        "{refused}"
                    );
                    r = e.ask(json!({"cmd": "next"}));
                    deals += 1;
                    assert_eq!(r["match"]["deal_no"], deals);
                }
                _ => {
                    if deals == 1 && r["legal"].as_array().unwrap().len() > 1 {
                        let early = e.ask(json!({"cmd": "next"}));
                        assert_eq!(early["ok"], false);
                    }
                    // The heuristic plays every seat, so matches end.
                    let bot = e.ask(json!({"cmd": "bot", "name": "heuristic"}));
                    r = e.ask(json!({"cmd": "play", "action": bot["action"]}));
                    assert_eq!(r["ok"], true, "{game}: {r}");
                }
            }
            assert!(deals < 200, "{game}: the match ends");
        }
        let scores = r["match"]["scores"].as_array().unwrap().clone();
        assert!(!scores.is_empty());
        assert!(r["match"]["winner"].is_u64() || r["match"]["unfinished"] == true);
        if let Some(w) = r["match"]["winner"].as_u64() {
            // The winner comes first among every winning seat.
            let winners = r["match"]["winners"].as_array().unwrap();
            assert_eq!(winners[0], w, "{game}: {r}");
        }
        assert_eq!(
            e.ask(json!({"cmd": "next"}))["ok"],
            false,
            "the match is over"
        );
    }
}

#[test]
fn match_deals_carry_the_sheet_and_undo_crosses_a_deals_end() {
    let mut e = Engine::start();
    let mut r = e.ask(json!({"cmd": "new", "game": "sixty-three", "seed": 8, "match": true}));
    while r["match"]["status"] == "playing" {
        let bot = e.ask(json!({"cmd": "bot", "name": "heuristic"}));
        r = e.ask(json!({"cmd": "play", "action": bot["action"]}));
    }
    let after_first = r.clone();
    let next = e.ask(json!({"cmd": "next"}));
    assert_eq!(next["match"]["deal_no"], 2);
    // The second deal's observation shows the score so far.
    let obs = e.ask(json!({"cmd": "observe", "seat": 0}));
    assert_eq!(
        obs["observation"]["sheet"],
        after_first["match"]["scores"]
            .as_array()
            .map(|s| json!([s[0], s[1]]))
            .unwrap()
    );
    // Undo takes back the first deal's last action (and the deal after it).
    let undone = e.ask(json!({"cmd": "undo"}));
    assert_eq!(undone["match"]["deal_no"], 1);
    assert_eq!(undone["match"]["status"], "playing");
    assert!(undone["result"].is_null());
    // A single deal has no next deal.
    e.ask(json!({"cmd": "new", "game": "sixty-six", "seed": 1}));
    let single = e.ask(json!({"cmd": "next"}));
    assert!(single["error"].as_str().unwrap().contains("single deal"));
    assert!(e.ask(json!({"cmd": "state"})).get("match").is_none());
}

#[test]
fn a_recorded_match_keeps_every_deal_and_replays() {
    let dir = std::env::temp_dir().join(format!("talon-match-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("match.json");
    let talon = env!("CARGO_BIN_EXE_talon");
    let watched = Command::new(talon)
        .args([
            "watch",
            "sixty-six",
            "--match",
            "--seed",
            "5",
            "--bots",
            "heuristic",
            "--record",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(watched.status.success());
    let log: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(log["format"], "talon-table");
    let deals = log["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "dealt")
        .count();
    assert!(deals > 1, "every deal of the match is kept");
    let replayed = Command::new(talon)
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&replayed.stdout);
    assert!(replayed.status.success(), "{out}");
    assert!(
        out.contains(&format!("log is valid: {deals} deal(s), seat")),
        "{out}"
    );
    // A damaged log is refused, naming the event.
    let mut bad = log.clone();
    bad["events"][5]["action"] = json!("XX");
    std::fs::write(&path, bad.to_string()).unwrap();
    let refused = Command::new(talon)
        .arg("replay")
        .arg(&path)
        .output()
        .unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("event 6"));
    let _ = std::fs::remove_dir_all(&dir);
}
