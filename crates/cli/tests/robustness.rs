//! Bad and hostile input to the real binary: nothing panics, nothing grows
//! without bound, every refusal names the problem and changes nothing.

mod common;

use common::{engine_raw, fails, ok, output, talon};
use serde_json::{json, Value};
use std::process::Stdio;

fn lines(requests: &[Value]) -> Vec<u8> {
    requests
        .iter()
        .flat_map(|r| format!("{r}\n").into_bytes())
        .collect()
}

#[test]
fn closed_pipe_ends_every_subcommand_quietly() {
    let dir = std::env::temp_dir().join(format!("talon-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("r.json");
    ok(
        &[
            "watch",
            "sixty-six",
            "--bots",
            "random",
            "--record",
            record.to_str().unwrap(),
        ],
        "",
    );
    let record = record.to_str().unwrap().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["games"],
        vec!["games", "pedro"],
        vec!["rules", "sixty-three"],
        vec!["watch", "sixty-six", "--bots", "random"],
        vec!["replay", &record],
        vec![
            "arena",
            "schnapsen",
            "--bots",
            "random,heuristic",
            "--deals",
            "2",
            "--quiet",
        ],
        vec!["engine"],
    ];
    for args in cases {
        let mut child = talon()
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the first write.
        drop(child.stdout.take());
        let mut stdin = child.stdin.take().unwrap();
        use std::io::Write;
        let _ = stdin.write_all(b"{\"cmd\":\"games\"}\n");
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "talon {args:?}: {err}");
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert!(
                out.status.success() || out.status.signal() == Some(13),
                "talon {args:?} ended with {:?}: {err}",
                out.status
            );
        }
    }
}

#[test]
fn engine_answers_invalid_utf8_and_goes_on() {
    let mut input = lines(&[json!({"cmd": "new", "game": "sixty-six", "seed": 3})]);
    input.extend_from_slice(b"{\"cmd\":\"play\",\"action\":\"\xff\xfe\"}\n");
    input.extend(lines(&[json!({"cmd": "state"})]));
    let replies = engine_raw(&input);
    assert_eq!(replies.len(), 3, "{replies:?}");
    assert_eq!(replies[1]["ok"], false);
    assert!(replies[1]["error"].as_str().unwrap().contains("UTF-8"));
    assert_eq!(replies[2]["ok"], true);
    assert_eq!(replies[2], replies[0], "the game is untouched");
}

#[test]
fn engine_refuses_unknown_fields_on_every_request() {
    let new = json!({"cmd": "new", "game": "sixty-six", "seed": 3});
    let first = engine_raw(&lines(std::slice::from_ref(&new)))[0]["legal"][0].clone();
    let play = json!({"cmd": "play", "action": first});
    for bad in [
        json!({"cmd": "undo", "n": 2}),
        json!({"cmd": "state", "verbose": true}),
        json!({"cmd": "record", "pretty": true}),
        json!({"cmd": "games", "filter": "x"}),
        json!({"cmd": "observe", "seat": 0, "all": true}),
        json!({"cmd": "bot", "name": "random", "sead": 1}),
    ] {
        let replies = engine_raw(&lines(&[
            new.clone(),
            play.clone(),
            bad.clone(),
            json!({"cmd": "state"}),
        ]));
        assert_eq!(replies[2]["ok"], false, "{bad} was accepted");
        assert!(
            replies[2]["error"]
                .as_str()
                .unwrap()
                .contains("unknown field"),
            "{bad}: {}",
            replies[2]
        );
        assert_eq!(replies[3], replies[1], "{bad} changed the game");
    }
}

#[test]
fn seeded_bot_requests_replay_exactly() {
    // The expert searches; with a wall-clock limit its answer would depend
    // on the machine's load. Ask the same question several times.
    for game in ["schnapsen", "na-sixty-six", "pedro"] {
        let req = lines(&[
            json!({"cmd": "new", "game": game, "seed": 11}),
            json!({"cmd": "bot", "name": "beginner", "seed": 5}),
            json!({"cmd": "bot", "name": "beginner", "seed": 5}),
            json!({"cmd": "bot", "name": "beginner", "seed": 5, "time_limit_ms": 60000}),
        ]);
        let a = engine_raw(&req);
        let b = engine_raw(&req);
        assert_eq!(a[1]["ok"], true, "{}", a[1]);
        assert_eq!(a[1], a[2], "{game}");
        assert_eq!(a[1], b[1], "{game}");
        assert_eq!(a[3]["ok"], true, "time_limit_ms is accepted: {}", a[3]);
    }
}

#[test]
fn engine_quotes_only_the_start_of_huge_input() {
    let big = "Q".repeat(200_000);
    let mut input = lines(&[
        json!({"cmd": "new", "game": "sixty-six", "seed": 3}),
        json!({"cmd": "play", "action": big}),
        json!({"cmd": big}),
    ]);
    // A line over the 1 MiB cap is refused without being held.
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.push(b'\n');
    input.extend(lines(&[json!({"cmd": "state"})]));
    let replies = engine_raw(&input);
    assert_eq!(replies.len(), 5);
    for r in &replies[1..4] {
        assert_eq!(r["ok"], false);
        assert!(
            r.to_string().len() < 1000,
            "reply of {} bytes",
            r.to_string().len()
        );
    }
    assert!(replies[3]["error"].as_str().unwrap().contains("limit"));
    assert_eq!(replies[4], replies[0]);
}

fn finished_record() -> Value {
    let dir = std::env::temp_dir().join(format!("talon-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("r.json");
    ok(
        &[
            "watch",
            "schnapsen",
            "--bots",
            "random",
            "--seed",
            "4",
            "--record",
            path.to_str().unwrap(),
        ],
        "",
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn replay(record: &Value, name: &str) -> Result<String, String> {
    let dir = std::env::temp_dir().join(format!("talon-rec-{}", std::process::id()));
    let path = dir.join(name);
    std::fs::write(&path, record.to_string()).unwrap();
    let out = output(&["replay", path.to_str().unwrap()], b"");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!err.contains("panicked"), "{err}");
    if out.status.success() {
        Ok(String::from_utf8(out.stdout).unwrap())
    } else {
        Err(err)
    }
}

#[test]
fn records_with_a_wrong_missing_or_unknown_field_are_refused() {
    let good = finished_record();
    assert!(replay(&good, "good.json")
        .unwrap()
        .contains("record is valid"));
    let mut null = good.clone();
    null["result"] = Value::Null;
    let e = replay(&null, "null.json").unwrap_err();
    assert!(e.contains("recorded result"), "{e}");
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("result");
    let e = replay(&missing, "missing.json").unwrap_err();
    assert!(e.contains("missing field `result`"), "{e}");
    let mut unknown = good.clone();
    unknown["comment"] = json!("hi");
    let e = replay(&unknown, "unknown.json").unwrap_err();
    assert!(e.contains("unknown field `comment`"), "{e}");
    let mut inner = good.clone();
    inner["result"]["bonus"] = json!(1);
    assert!(replay(&inner, "inner.json").is_err());
    // The arena's report, easily taken for a record: named as what it is.
    let report = json!({"preset": "schnapsen", "seed": 1, "deals_per_pair": 2, "pairs": []});
    let e = replay(&report, "arena.json").unwrap_err();
    assert!(e.contains("is an arena report"), "{e}");
    // An unfinished deal records a null result, and only then.
    let mut short = good.clone();
    short["actions"] = json!(good["actions"].as_array().unwrap()[..2]);
    assert!(replay(&short, "short.json").is_err());
    short["result"] = Value::Null;
    assert!(replay(&short, "short2.json")
        .unwrap()
        .contains("not finished"));
}

#[test]
fn replay_reads_a_bounded_amount() {
    #[cfg(unix)]
    {
        let e = fails(&["replay", "/dev/zero"], "");
        assert!(e.contains("larger than"), "{e}");
    }
}

#[test]
fn play_plain_answers_invalid_utf8_and_goes_on() {
    let out = output(
        &[
            "play",
            "sixty-six",
            "--plain",
            "--bots",
            "random",
            "--seed",
            "2",
        ],
        b"\xff\xfe\nquit\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("not valid UTF-8"), "{text}");
}

#[test]
fn lenient_input_is_recorded_canonically() {
    let replies = engine_raw(&lines(&[
        json!({"cmd": "new", "game": "na-sixty-six", "seed": 3}),
        json!({"cmd": "play", "action": "  BID 5 "}),
        json!({"cmd": "record"}),
    ]));
    assert_eq!(replies[1]["ok"], true, "{}", replies[1]);
    assert_eq!(replies[2]["record"]["actions"], json!(["moon"]));
    let replies = engine_raw(&lines(&[
        json!({"cmd": "new", "game": "sixty-six", "deal": "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH"}),
        json!({"cmd": "play", "action": "10c"}),
        json!({"cmd": "play", "action": "ad"}),
        json!({"cmd": "record"}),
    ]));
    assert_eq!(replies[3]["record"]["actions"], json!(["TC", "AD"]));
}

/// Mistakes found at once, not after a whole game or tournament.
#[test]
fn output_paths_and_flags_are_checked_before_playing() {
    let missing = std::env::temp_dir()
        .join(format!("talon-missing-{}", std::process::id()))
        .join("no")
        .join("record.json");
    let path = missing.to_str().unwrap();
    let e = fails(
        &[
            "play",
            "schnapsen",
            "--plain",
            "--seed",
            "1",
            "--record",
            path,
        ],
        "1\n",
    );
    assert!(
        e.contains("cannot write") && e.contains("record.json"),
        "{e}"
    );
    let file = std::env::temp_dir().join(format!("talon-file-{}", std::process::id()));
    std::fs::write(&file, "").unwrap();
    let out_dir = file.join("arena");
    let out = output(
        &[
            "arena",
            "schnapsen",
            "--bots",
            "random,heuristic",
            "--deals",
            "1",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ],
        b"",
    );
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && e.contains("cannot create"), "{e}");
    assert!(out.stdout.is_empty(), "the tournament ran first");
    let e = fails(
        &[
            "arena",
            "schnapsen",
            "--bots",
            "heuristic,heuristic",
            "--deals",
            "1",
        ],
        "",
    );
    assert!(e.contains("twice"), "{e}");
    let e = fails(&["watch", "schnapsen", "--bots", ","], "");
    assert!(e.contains("--bots"), "{e}");
}

/// Input that ends mid-game is an error, but what was played is recorded.
#[test]
fn input_ending_early_still_writes_the_record() {
    let record = std::env::temp_dir().join(format!("talon-early-{}.json", std::process::id()));
    let _ = std::fs::remove_file(&record);
    let out = output(
        &[
            "play",
            "sixty-three",
            "--plain",
            "--seed",
            "2",
            "--record",
            record.to_str().unwrap(),
        ],
        b"pass\n",
    );
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && e.contains("input ended"), "{e}");
    let text = std::fs::read_to_string(&record).expect("the record is written");
    let json: serde_json::Value = serde_json::from_str(&text).expect("a JSON record");
    assert!(
        json["actions"].as_array().is_some_and(|a| !a.is_empty()),
        "{json}"
    );
}

/// A game that cannot start (unknown preset, a seat the game lacks) is
/// refused before its record file is made: no empty file is left behind.
#[test]
fn a_play_that_cannot_start_leaves_no_record() {
    let dir = std::env::temp_dir().join(format!("talon-norec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, args) in [
        vec!["play", "nosuch"],
        vec!["play", "sixty-six", "--seat", "9"],
    ]
    .into_iter()
    .enumerate()
    {
        let path = dir.join(format!("r{i}.json"));
        let path_text = path.to_str().unwrap().to_string();
        let mut args = args;
        args.extend(["--plain", "--record", &path_text]);
        let out = output(&args, b"");
        assert!(!out.status.success(), "{args:?}");
        assert!(!path.exists(), "{args:?} left {path_text}");
    }
}

/// In `--plain`, a confirmation takes y or n only: a script's next move
/// sent instead is refused by name, not silently read as "no".
#[test]
fn a_plain_confirmation_takes_only_y_or_n() {
    let out = output(
        &["play", "schnapsen", "--plain", "--seed", "3"],
        b"8\nKD\nn\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"kd\" is not an answer"), "{text}");
    assert_eq!(text.matches("not played").count(), 1, "{text}");
}

/// `watch --record` checks the path before the game, as `play` does.
#[test]
fn watch_refuses_an_unwritable_record_before_playing() {
    let out = output(
        &[
            "watch",
            "schnapsen",
            "--match",
            "--record",
            "/nonexistent-dir/x.json",
        ],
        b"",
    );
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("== deal"),
        "the match was played first: {text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write"));
}
