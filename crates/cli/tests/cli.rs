//! Integration tests that drive the real `talon` binary.

use serde_json::{json, Value};

mod common;

use common::{output, talon};

/// Runs `talon` with `args`, feeding `input`; returns stdout (asserting success).
fn run(args: &[&str], input: &str) -> String {
    let out = output(args, input.as_bytes());
    assert!(
        out.status.success(),
        "talon {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Sends request lines to `talon engine`, returns the parsed replies.
fn engine(requests: &[String]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = run(&["engine"], &input);
    out.lines()
        .map(|l| serde_json::from_str(l).expect("every reply is JSON"))
        .collect()
}

#[test]
fn engine_plays_a_whole_seeded_game() {
    // Play by asking the random bot for every move, one request at a time.
    let mut requests = vec![json!({"cmd": "new", "game": "sixty-six", "seed": 42}).to_string()];
    let mut replies = engine(&requests);
    for _ in 0..200 {
        let last = replies.last().unwrap();
        assert_eq!(last["ok"], true, "{last}");
        if !last["result"].is_null() {
            break;
        }
        assert!(last["to_move"].is_u64());
        let legal = last["legal"].as_array().unwrap();
        let mut sorted: Vec<String> = legal.iter().map(|a| a.as_str().unwrap().into()).collect();
        talon_rules::sort_actions(&mut sorted);
        assert_eq!(
            &json!(sorted),
            &json!(legal),
            "legal actions in the listing order"
        );
        requests.push(json!({"cmd": "bot", "name": "random", "seed": requests.len()}).to_string());
        let bot = engine(&requests).pop().unwrap();
        assert_eq!(bot["ok"], true, "{bot}");
        let action = bot["action"].as_str().unwrap().to_string();
        assert!(
            legal.iter().any(|a| a == &action),
            "bot move {action} is legal"
        );
        requests.pop();
        requests.push(json!({"cmd": "play", "action": action}).to_string());
        replies = engine(&requests);
    }
    let last = replies.last().unwrap();
    let result = &last["result"];
    assert!(!result.is_null(), "game finished");
    assert_eq!(last["to_move"], Value::Null);
    assert_eq!(last["legal"], json!([]));
    let score: Vec<i64> = result["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(score.iter().sum::<i64>(), 0);
    assert!(score.iter().any(|&s| s != 0));

    // The record replays with `talon replay`.
    requests.push(json!({"cmd": "record"}).to_string());
    let record = engine(&requests).pop().unwrap();
    assert_eq!(record["ok"], true);
    let dir = std::env::temp_dir().join(format!("talon-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    std::fs::write(&path, record["record"].to_string()).unwrap();
    let out = run(&["replay", path.to_str().unwrap()], "");
    assert!(out.contains("record is valid"), "{out}");
    assert!(out.contains("trick 1:"), "{out}");

    // Player names from a file reach the terminal without control codes.
    let mut named = record["record"].clone();
    named["players"] = json!(["\u{1b}[2JAnn", "Bo"]);
    std::fs::write(&path, named.to_string()).unwrap();
    let out = run(&["replay", path.to_str().unwrap()], "");
    assert!(out.contains("players: ?[2JAnn, Bo"), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");

    // A table log closed before its end says so (not "the deal cap").
    let closed = json!({"format": "talon-table", "version": 1, "events": [
        {"kind": "created", "config": {"preset": "sixty-six", "seed": 1,
            "seats": [{"kind": "person"}, {"kind": "person"}]}},
        {"kind": "ended", "reason": "closed"}]});
    std::fs::write(&path, closed.to_string()).unwrap();
    let out = run(&["replay", path.to_str().unwrap()], "");
    assert!(out.contains("closed before the end"), "{out}");

    // A tampered record is refused.
    let mut bad = record["record"].clone();
    bad["result"]["score"] = json!([5, -5]);
    std::fs::write(&path, bad.to_string()).unwrap();
    let out = talon()
        .args(["replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("the recorded result"));
}

/// Bids come in number order after the pass (byte order put `bid 10`
/// before `bid 6`), and cards before the moves that change the deal.
#[test]
fn engine_lists_actions_in_reading_order() {
    let replies = engine(&[json!({"cmd": "new", "game": "pedro", "seed": 3}).to_string()]);
    let legal: Vec<&str> = replies[0]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(legal[0], "pass", "{legal:?}");
    let bids: Vec<u32> = legal[1..]
        .iter()
        .map(|b| b.strip_prefix("bid ").unwrap().parse().unwrap())
        .collect();
    assert!(
        bids.len() > 3 && bids.windows(2).all(|w| w[0] < w[1]),
        "{legal:?}"
    );
}

#[test]
fn engine_refuses_bad_input_and_changes_nothing() {
    let new = json!({"cmd": "new", "game": "sixty-six", "seed": 7}).to_string();
    let state = json!({"cmd": "state"}).to_string();
    let bad_inputs = [
        "not json",
        "{}",
        r#"{"cmd":"fly"}"#,
        r#"{"cmd":"new","game":"bridge"}"#,
        r#"{"cmd":"new","game":"sixty-six","options":{"no_such_option":true}}"#,
        r#"{"cmd":"new","game":"sixty-six","options":{"schneider":"many"}}"#,
        r#"{"cmd":"new","game":"sixty-six","options":{"closing":[1]}}"#,
        r#"{"cmd":"new","game":"sixty-six","deal":"0/AS/KS/QS/JS"}"#,
        r#"{"cmd":"new","game":"sixty-six","deal":"1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/AS"}"#,
        r#"{"cmd":"new","game":"sixty-six","seed":1,"deal":"x"}"#,
        r#"{"cmd":"play","action":"ZZ"}"#,
        r#"{"cmd":"play","action":"2C"}"#,
        r#"{"cmd":"play","action":"declare"}"#,
        r#"{"cmd":"play"}"#,
        r#"{"cmd":"observe","seat":5}"#,
        r#"{"cmd":"bot","name":"nobody"}"#,
        r#"{"cmd":"bot","name":"random","seat":1}"#,
        r#"{"cmd":"play","action":"QS","extra":1}"#,
        r#"{"cmd":"new","game":"sixty-six","options":{"match_target":3}}"#,
    ];
    let mut requests = vec![new, state.clone()];
    for bad in bad_inputs {
        requests.push(bad.to_string());
        requests.push(state.clone());
    }
    let replies = engine(&requests);
    assert_eq!(
        replies.len(),
        requests.len(),
        "one reply per request, engine never exits on bad input"
    );
    let baseline = &replies[1];
    for (k, bad) in bad_inputs.iter().enumerate() {
        let reply = &replies[2 + 2 * k];
        assert_eq!(reply["ok"], false, "{bad} → {reply}");
        assert!(
            reply["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{bad} names the problem"
        );
        assert_eq!(&replies[3 + 2 * k], baseline, "{bad} changed the game");
    }
    // Text that is not JSON is told what a request looks like, in words
    // (no serde type names); Talon's own list of options is never cut.
    let said = |k: usize| replies[2 + 2 * k]["error"].as_str().unwrap().to_string();
    assert!(
        said(0).contains("such as {\"cmd\": \"games\"}"),
        "{}",
        said(0)
    );
    assert!(!said(1).contains("internally tagged"), "{}", said(1));
    let options = said(4);
    assert!(options.ends_with("match_target, sharp"), "{options}");
    let lone = said(bad_inputs.len() - 1);
    assert!(
        lone.contains("match_target") && lone.contains("one deal"),
        "{lone}"
    );
    // Undo with nothing to undo is an error too, before any game.
    let replies = engine(&[
        json!({"cmd": "undo"}).to_string(),
        json!({"cmd": "play", "action": "AS"}).to_string(),
    ]);
    assert!(replies.iter().all(|r| r["ok"] == false));
}

#[test]
fn engine_observe_hides_the_opponent_and_undo_restores() {
    let deal = "1/9C TC AC QH KH JS/9D TD AD JC QS KS/KC QC JD KD QD 9H TH AH 9S TS AS/JH";
    let replies = engine(&[
        json!({"cmd": "new", "game": "sixty-six", "deal": deal}).to_string(),
        json!({"cmd": "observe", "seat": 1}).to_string(),
        json!({"cmd": "play", "action": "9C"}).to_string(),
        json!({"cmd": "undo"}).to_string(),
    ]);
    assert_eq!(
        replies[0]["legal"],
        json!(["AC", "TC", "9C", "KH", "QH", "JS", "MH", "close"])
    );
    let obs = &replies[1]["observation"];
    assert_eq!(obs["hand"], json!(["JC", "9D", "TD", "AD", "QS", "KS"]));
    let text = obs.to_string();
    for hidden in ["9C", "TC", "AC", "QH", "KH", "\"JS\"", "KC", "QC", "JD"] {
        assert!(
            !text.contains(hidden),
            "seat 1 must not see {hidden}: {text}"
        );
    }
    assert_eq!(replies[3], replies[0], "undo restores the state exactly");
}

#[test]
fn play_plain_completes_a_game_from_scripted_input() {
    // Always pick move 1; confirm closing/declaring with y (a stray y is just refused).
    let script = "1\ny\n".repeat(60);
    let dir = std::env::temp_dir().join(format!("talon-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("played.json");
    let out = run(
        &[
            "play",
            "sixty-six",
            "--plain",
            "--seed",
            "3",
            "--record",
            rec.to_str().unwrap(),
        ],
        &script,
    );
    assert!(out.contains("your hand:"), "{out}");
    assert!(out.contains("result:"), "{out}");
    let replay = run(&["replay", rec.to_str().unwrap()], "");
    assert!(replay.contains("record is valid"), "{replay}");
}

#[test]
fn a_match_left_by_quitting_is_taken_up_by_resume() {
    let dir = std::env::temp_dir().join(format!("talon-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("match.json");
    let rec = rec.to_str().unwrap();
    let flags = [
        "--plain",
        "--seed",
        "4",
        "--bots",
        "heuristic",
        "--record",
        rec,
    ];
    let out = run(
        &[&["play", "schnapsen", "--match"], &flags[..]].concat(),
        "1\n1\nq\n",
    );
    assert!(out.contains("the match was left unfinished"), "{out}");
    // Taken up where it was left, the record kept up to date in place.
    let out = run(&["resume", rec, "--plain"], "1\nq\n");
    assert!(out.contains("resumed after"), "{out}");
    assert!(out.contains("--seed 4 --bots heuristic --match"), "{out}");
    let replay = run(&["replay", rec], "");
    assert!(replay.contains("log is valid"), "{replay}");
    // Played out: the whole match, then there is nothing left to resume.
    let out = run(&["resume", rec, "--plain"], &"1\ny\n".repeat(600));
    let end = out
        .lines()
        .find(|l| l.starts_with("schnapsen: match score"));
    assert!(end.is_some_and(|l| !l.contains("unfinished")), "{out}");
    let err = common::fails(&["resume", rec, "--plain"], "");
    assert!(err.contains("the game is over"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_plain_pedro_names_the_cards_you_drew() {
    // Sixty-three: after trumps are named every hand is filled to six.
    let out = run(
        &["play", "sixty-three", "--plain", "--seed", "5"],
        &format!("30\npass\n{}", "1\n".repeat(80)),
    );
    assert!(out.contains("you drew: "), "{out}");
    // In the auction a number is a bid, not a move of the list.
    assert!(
        out.contains("30 is not a bid you can make now; you may: pass, bid 40"),
        "{out}"
    );
    let out = run(
        &["play", "sixty-three", "--plain", "--seed", "5"],
        "45\nn\nq\n",
    );
    assert!(out.contains("Play bid 45? [y/n]"), "{out}");
    // The prompt's example is a bid open now: 40 here (30 was passed by),
    // 1 in North American Sixty-six.
    assert!(out.contains("(a number bids it: 40 is bid 40)"), "{out}");
    let na = run(
        &["play", "na-sixty-six", "--plain", "--seed", "5"],
        "q\ny\n",
    );
    assert!(na.contains("(a number bids it: 1 is bid 1)"), "{na}");
}

/// The full screen's one-letter keys work in line mode too, a question
/// names the move as the rules write it, the non-trumps thrown away when
/// trumps are named are said, and quitting leaves the seed behind.
#[test]
fn play_plain_keys_questions_and_leaving() {
    // Seat 3 deals seed 5's Sixty-three and is stuck with the bid.
    let out = run(
        &[
            "play",
            "sixty-three",
            "--plain",
            "--seed",
            "5",
            "--seat",
            "3",
        ],
        "h\npass\ntrump c\ny\nQ\n",
    );
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("Play trump C? [y/n]"), "{out}");
    assert!(out.contains("you throw away 6 non-trumps: "), "{out}");
    assert!(
        out.contains("expert (left) throws away 7 non-trumps\n"),
        "{out}"
    );
    assert!(
        out.contains("you rob the rest of the stock (4 cards): "),
        "{out}"
    );
    assert!(
        out.ends_with(
            "sixty-three: the deal was left unfinished\nseed 5: talon play sixty-three --seed 5 --seat 3 deals it again\n"
        ),
        "{out}"
    );
}

#[test]
fn play_plain_hint_undo_and_errors() {
    let out = run(
        &["play", "schnapsen", "--plain", "--seed", "5"],
        "hint\nZZ\ndeclare\nlast\n1\nundo\nundo\nquit\n",
    );
    assert!(out.contains("hint: "), "{out}");
    // A refusal says which rule, to "you".
    assert!(
        out.contains("declare is not a legal action for you: there is nothing to declare before the first trick"),
        "{out}"
    );
    assert!(out.contains("cannot read action"), "{out}");
    assert!(
        out.contains("no trick played yet") || out.contains("last trick:"),
        "{out}"
    );
    assert!(out.contains("undone"), "{out}");
    assert!(out.contains("nothing to undo"), "{out}");
}

#[test]
fn arena_is_reproducible_from_its_seed() {
    let args = [
        "arena",
        "schnapsen",
        "--bots",
        "heuristic,random",
        "--deals",
        "40",
        "--seed",
        "9",
        "--quiet",
    ];
    let a = run(&[&args[..], &["--jobs", "1"]].concat(), "");
    let b = run(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert_eq!(a, b, "same seed, same table, whatever the threads");
    assert!(a.contains("heuristic") && a.contains("Elo"), "{a}");
    assert!(a.contains("40 duplicate deals per pair"), "{a}");
    let matches = run(
        &[
            "arena",
            "schnapsen",
            "--bots",
            "heuristic,random",
            "--matches",
            "--deals",
            "2",
            "--quiet",
        ],
        "",
    );
    assert!(
        matches.contains("2 duplicate matches per pair"),
        "{matches}"
    );
    let dir = std::env::temp_dir().join(format!("talon-arena-{}", std::process::id()));
    run(&[&args[..], &["--out", dir.to_str().unwrap()]].concat(), "");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("arena.json")).unwrap()).unwrap();
    assert_eq!(json["pairs"][0]["deals"], 40);
    assert!(std::fs::read_to_string(dir.join("arena.csv"))
        .unwrap()
        .starts_with("a,b,deals"));
    assert!(std::fs::read_to_string(dir.join("arena.svg"))
        .unwrap()
        .contains("<svg"));
}

#[test]
fn games_and_rules_list_presets() {
    let out = run(&["games"], "");
    for name in ["sixty-six", "schnapsen", "schnapsen-vu"] {
        assert!(out.contains(name), "{out}");
    }
    assert!(
        out.contains("sixes-and-sevens") && out.contains("3-6 hands"),
        "{out}"
    );
    assert!(run(&["games", "sixty-six"], "").contains("close_before_draw"));
    // The engine's list gives the same range to programs.
    let games = engine(&[json!({"cmd": "games"}).to_string()]).remove(0);
    let sevens = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "sixes-and-sevens")
        .unwrap()
        .clone();
    assert_eq!(
        (
            sevens["min_players"].as_u64(),
            sevens["max_players"].as_u64()
        ),
        (Some(3), Some(6))
    );
    assert!(run(&["rules", "schnapsen"], "").contains("Schnapsen"));
    assert!(!talon()
        .args(["rules", "bridge"])
        .output()
        .unwrap()
        .status
        .success());
}

#[test]
fn watch_prints_trick_by_trick() {
    let out = run(&["watch", "sixty-six", "--seed", "42"], "");
    assert!(out.contains("trick 1:") && out.contains("result:"), "{out}");
    let m = run(&["watch", "schnapsen", "--match", "--seed", "2"], "");
    assert!(m.contains("wins the match"), "{m}");
    for preset in [
        "na-sixty-six",
        "na-sixty-six-3",
        "sixty-six-4",
        "sixes-and-sevens",
    ] {
        let out = run(&["watch", preset, "--bots", "random", "--seed", "4"], "");
        assert!(
            out.contains("trick 1:") && out.contains("result:"),
            "{preset}: {out}"
        );
    }
    // Random bidders in North American Sixty-six rarely make a bid, so a
    // random match there may never end; Sixes and Sevens always ends.
    let m = run(
        &[
            "watch",
            "sixes-and-sevens",
            "--bots",
            "random",
            "--seed",
            "4",
            "--match",
        ],
        "",
    );
    assert!(m.contains("wins the match"), "{m}");
    // A shared first place names everyone in it; partners win together.
    let shared = run(
        &[
            "watch",
            "sixes-and-sevens",
            "--bots",
            "random",
            "--seed",
            "2",
            "--match",
            "--option",
            "players=3",
        ],
        "",
    );
    assert!(
        shared.contains("seats 0 and 2 share first place in the match: 20–11–20"),
        "{shared}"
    );
    let na = run(
        &[
            "watch",
            "na-sixty-six",
            "--bots",
            "heuristic",
            "--seed",
            "1",
            "--match",
        ],
        "",
    );
    assert!(na.contains("seats 0 and 2 win the match"), "{na}");
    // Partners' figures are given once a side, not once a seat.
    assert!(
        na.contains("match score: side 0 (seats 0 and 2) ")
            && na.contains("points side 0 (seats 0 and 2) "),
        "{na}"
    );
}

#[test]
fn engine_serves_every_family() {
    for game in [
        "na-sixty-six",
        "na-sixty-six-3",
        "sixty-six-4",
        "sixes-and-sevens",
    ] {
        let replies = engine(&[
            json!({"cmd": "new", "game": game, "seed": 3}).to_string(),
            json!({"cmd": "observe", "seat": 1}).to_string(),
            json!({"cmd": "bot", "name": "random"}).to_string(),
        ]);
        assert_eq!(replies[0]["ok"], true, "{game}: {}", replies[0]);
        assert_eq!(replies[1]["observation"]["seat"], 1, "{game}");
        let action = replies[2]["action"].as_str().expect("a bot move");
        assert!(
            replies[0]["legal"]
                .as_array()
                .unwrap()
                .iter()
                .any(|a| a == action),
            "{game}"
        );
    }
}
