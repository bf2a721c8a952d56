//! The command line as a newcomer meets it: listings, rules pages,
//! suggestions for misspellings, and arguments refused with a reason.

mod common;

use common::{fails, ok};
use serde_json::Value;

#[test]
fn games_prints_one_line_per_preset() {
    let out = ok(&["games"], "");
    let listing: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(listing.len(), 15, "{out}");
    for name in ["sixty-six", "schnapsen", "king-pedro", "sixes-and-sevens"] {
        assert!(listing.iter().any(|l| l.starts_with(name)), "{name}");
    }
    let page = ok(&["games", "schnapsen"], "");
    assert!(
        page.contains("close_score") && page.contains("default at_end"),
        "{page}"
    );
    assert!(page.lines().all(|l| l.chars().count() <= 80), "{page}");
}

#[test]
fn rules_render_for_a_terminal() {
    for preset in ["schnapsen", "sixty-three", "king-pedro", "na-sixty-six"] {
        let page = ok(&["rules", preset], "");
        for mark in ["**", "`", "| ", "](", "seeds/", ".txt", "rules-research"] {
            assert!(!page.contains(mark), "{preset}: {mark:?} in\n{page}");
        }
        let long: Vec<&str> = page.lines().filter(|l| l.chars().count() > 80).collect();
        // Only unbreakable words (deal notations) may run past 80 columns.
        assert!(
            long.iter()
                .all(|l| !l.trim().contains(' ') || l.contains('/')),
            "{long:?}"
        );
    }
    let schnapsen = ok(&["rules", "schnapsen"], "");
    for part in ["Cards", "Deal", "Closing", "Declaring 66", "Match"] {
        assert!(
            schnapsen.contains(part),
            "the Schnapsen page reads whole: {part}"
        );
    }
}

#[test]
fn misspellings_get_the_nearest_name() {
    let e = fails(&["watch", "shnapsen"], "");
    assert!(e.contains("did you mean \"schnapsen\""), "{e}");
    let e = fails(&["rules", "sixty-sx"], "");
    assert!(e.contains("did you mean \"sixty-six\""), "{e}");
    let e = fails(&["watch", "sixty-six", "--option", "schneder=31"], "");
    assert!(e.contains("did you mean \"schneider\""), "{e}");
    assert!(
        e.contains("close_score") && e.contains("match_target"),
        "lists the options: {e}"
    );
    let e = fails(&["watch", "schnapsen", "--bots", "exprt"], "");
    assert!(e.contains("did you mean \"expert\""), "{e}");
    let e = fails(&["watch", "sixty-six", "--option", "zzz=1"], "");
    assert!(
        !e.contains("did you mean") && e.contains("schneider"),
        "{e}"
    );
}

/// Names are read in any case, as values are: `Expert`, `SHARP`; a
/// misspelt value gets the nearest one suggested.
#[test]
fn bots_and_options_in_any_case() {
    let out = ok(
        &[
            "watch",
            "schnapsen",
            "--bots",
            "Expert,HEURISTIC",
            "--option",
            "SHARP=Yes",
        ],
        "",
    );
    assert!(
        out.contains("seat 0: expert bot, seat 1: heuristic bot"),
        "{out}"
    );
    let arena = [
        "arena",
        "schnapsen",
        "--deals",
        "1",
        "--bots",
        "Random,random",
    ];
    let e = fails(&arena, "");
    assert!(e.contains("--bots names random twice"), "{e}");
    let e = fails(
        &["watch", "schnapsen", "--option", "last_trick=wins-deal"],
        "",
    );
    assert!(e.contains("did you mean \"wins_deal\""), "{e}");
    let e = fails(&["watch", "schnapsen", "--bots", "heuristic,,random"], "");
    assert!(e.contains("has an empty name"), "{e}");
    // A match's target without matches is refused in the arena too.
    let e = fails(
        &[
            "arena",
            "schnapsen",
            "--deals",
            "1",
            "--option",
            "Match_Target=3",
        ],
        "",
    );
    assert!(e.contains("add --matches to play matches"), "{e}");
}

/// `watch` and `play` take an exact deal, as the engine does; a bad one
/// is refused by the rules' own message.
#[test]
fn an_exact_deal_is_watched_and_played() {
    let deal = "1/QC QD KH AH AS/TC TD TH JS KS/JC JD AD QS KD QH TS JH KC/AC";
    let out = ok(&["watch", "schnapsen", "--deal", deal], "");
    assert!(
        out.starts_with(&format!("schnapsen deal (as given): {deal}\n")),
        "{out}"
    );
    let out = ok(
        &[
            "play",
            "schnapsen",
            "--deal",
            deal,
            "--seed",
            "2",
            "--plain",
        ],
        "q\n",
    );
    assert!(out.contains("your hand: "), "{out}");
    assert!(
        out.ends_with(&format!(
            "seed 2: talon play schnapsen --seed 2 --deal \"{deal}\" deals it again\n"
        )),
        "{out}"
    );
    let e = fails(&["watch", "schnapsen", "--deal", "0/AS"], "");
    assert!(e.contains("a deal has 5 '/'-separated fields"), "{e}");
}

#[test]
fn more_bots_than_seats_is_an_error() {
    let e = fails(
        &["watch", "sixty-six", "--bots", "random,random,random"],
        "",
    );
    assert!(e.contains("3 bots") && e.contains("2 seats"), "{e}");
    let e = fails(
        &[
            "play",
            "schnapsen",
            "--plain",
            "--bots",
            "random,random,random",
        ],
        "",
    );
    assert!(e.contains("3 bots"), "{e}");
    ok(
        &[
            "watch",
            "na-sixty-six",
            "--bots",
            "random,heuristic,random,heuristic",
        ],
        "",
    );
}

#[test]
fn arena_refuses_absurd_jobs_and_deals() {
    let base = [
        "arena",
        "schnapsen",
        "--bots",
        "random,heuristic",
        "--quiet",
    ];
    let with = |extra: &[&'static str]| -> Vec<&'static str> { [&base[..], extra].concat() };
    let e = fails(&with(&["--jobs", "100000"]), "");
    assert!(e.contains("--jobs 100000"), "{e}");
    let e = fails(&with(&["--jobs", "0"]), "");
    assert!(e.contains("--jobs 0"), "{e}");
    let e = fails(&with(&["--deals", "18446744073709551615"]), "");
    assert!(e.contains("--deals") && e.contains("1000000"), "{e}");
    let e = fails(&with(&["--deals", "0"]), "");
    assert!(e.contains("--deals 0"), "{e}");
}

#[test]
fn arena_reports_wilson_and_elo_intervals_with_units() {
    let dir = std::env::temp_dir().join(format!("talon-arena-{}", std::process::id()));
    let args = [
        "arena",
        "schnapsen",
        "--bots",
        "expert,random",
        "--deals",
        "12",
        "--quiet",
        "--jobs",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ];
    let table = ok(&args, "");
    assert!(
        table.contains("95% CI") && table.contains("pts/deal set"),
        "{table}"
    );
    assert!(table.contains("Elo (mean 1500, 95% CI)"), "{table}");
    let report: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("arena.json")).unwrap()).unwrap();
    let p = &report["pairs"][0];
    let (rate, low, high) = (
        p["a_win_rate"].as_f64().unwrap(),
        p["a_win_rate_low"].as_f64().unwrap(),
        p["a_win_rate_high"].as_f64().unwrap(),
    );
    assert!(low < rate && rate <= high && high - low > 0.1, "{p}");
    for r in report["elo"].as_array().unwrap() {
        let ci = r["elo_ci"].as_f64().unwrap();
        assert!(ci > 10.0 && ci.is_finite(), "{r}");
    }
    let svg = std::fs::read_to_string(dir.join("arena.svg")).unwrap();
    let width: f64 = svg
        .split("width=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let title = "schnapsen: win rate of A (95% Wilson CI)";
    assert!(svg.contains(title));
    assert!(
        width >= 10.0 * title.len() as f64,
        "the title fits: {width}"
    );
}

/// Ctrl-C (or the terminal closing, or `kill`) in the middle of a game
/// still writes the record of what was played, then exits.
#[cfg(unix)]
#[test]
fn a_signal_mid_game_still_writes_the_record() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    for signal in ["INT", "TERM", "HUP"] {
        let dir =
            std::env::temp_dir().join(format!("talon-signal-{}-{signal}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        let mut child = common::talon()
            .args(["play", "sixty-six", "--seed", "5", "--plain", "--record"])
            .arg(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("talon runs");
        let mut stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        // One move, then wait until it has been answered.
        writeln!(stdin, "1").unwrap();
        let mut line = String::new();
        let mut seen = 0;
        while out.read_line(&mut line).unwrap() > 0 {
            // The prompt, then the move made: "> you: K♣".
            if line.contains("> you: ") {
                seen += 1;
                break;
            }
            line.clear();
        }
        assert_eq!(seen, 1, "the move was made");
        std::thread::sleep(std::time::Duration::from_millis(200));
        let killed = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = child.wait().unwrap();
        assert!(!status.success(), "SIG{signal} ends the game");
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&dir).expect("the record was written"))
                .expect("a record");
        assert!(
            !record["actions"].as_array().unwrap().is_empty(),
            "SIG{signal}: {record}"
        );
        let _ = std::fs::remove_file(&dir);
        drop(stdin);
    }
}

/// `watch --record F | head`: once the reader has gone the game is still
/// played out and saved whole (the program used to die of the closed
/// pipe at its first line, before it wrote anything). Here the reader is
/// gone before the first line. Without `--record` a closed pipe ends
/// `watch` at once, as it does `games` and `arena`.
#[cfg(unix)]
#[test]
fn watch_saves_its_record_when_its_reader_goes() {
    use std::process::{Output, Stdio};
    let path = std::env::temp_dir().join(format!("talon-watch-pipe-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    // `talon watch schnapsen --seed 2`, its output into `stdout`.
    let watch = |stdout: Stdio, record: bool| -> Output {
        let mut talon = common::talon();
        talon.args(["watch", "schnapsen", "--seed", "2"]);
        if record {
            talon.arg("--record").arg(&path);
        }
        talon.stdout(stdout).output().expect("talon runs")
    };
    // A pipe whose reader is gone before the first line.
    let gone = || {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        Stdio::from(writer)
    };
    let out = watch(gone(), true);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    let text = std::fs::read_to_string(&path).expect("the record was written");
    let record: Value = serde_json::from_str(&text).expect("a record");
    assert!(record["result"].is_object(), "a whole deal: {record}");
    let replayed = ok(&["replay", path.to_str().unwrap()], "");
    assert!(replayed.contains("schnapsen"), "{replayed}");
    let _ = std::fs::remove_file(&path);
    // A full disk is no reader going away: the record is saved, and the
    // failure to write is reported.
    #[cfg(target_os = "linux")]
    {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = watch(Stdio::from(full), true);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("cannot write to standard output"), "{err}");
        assert!(path.exists(), "the record was written");
        let _ = std::fs::remove_file(&path);
    }
    // Nothing to save: the closed pipe ends it (SIGPIPE, no status code).
    let out = watch(gone(), false);
    assert_eq!(out.status.code(), None, "{:?}", out.status);
}

#[test]
fn a_game_option_written_as_a_flag_gets_the_option_spelling() {
    let out = common::output(&["play", "sixes-and-sevens", "--players", "5"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("try '--option players=5'"), "{err}");
    // A flag that is no option keeps clap's own words.
    let out = common::output(&["play", "schnapsen", "--colour"], b"");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("--option"), "{err}");
}

#[test]
fn refusals_name_what_would_be_accepted() {
    let e = fails(&["watch", "schnapsen", "--option", "sharp=maybe"], "");
    assert!(e.contains("yes/no, on/off, 1/0"), "{e}");
    let e = fails(&["watch", "schnapsen", "--bots", "zzz"], "");
    let levels = e.find("levels: random, heuristic, beginner, intermediate, expert");
    // The five levels named; the seventeen variants only counted.
    let variants = e.find("variants kept for experiments, listed by `talon games schnapsen`");
    assert!(levels.is_some() && levels < variants, "{e}");
    assert!(!e.contains("expert-2026-11"), "{e}");
    assert!(ok(&["games", "schnapsen"], "").contains("expert-2026-11"));
    let e = fails(&["serve", "--stand-in", "exprt"], "");
    assert!(e.contains("did you mean \"expert\""), "{e}");
    // An option given twice, either spelling: which value should win?
    let e = fails(
        &[
            "watch",
            "schnapsen",
            "--option",
            "sharp=yes",
            "--option",
            "SHARP=no",
        ],
        "",
    );
    assert!(e.contains("option \"sharp\" is given twice"), "{e}");
    // `serve`'s counts speak as the others do, and name their range
    // (clap's refusals: status 2).
    for (args, said) in [
        (
            ["serve", "--turn-secs", "1,000"],
            "without separators (1000)",
        ),
        (
            ["serve", "--max-tables-per-address", "0"],
            "0 is out of range: choose 1 to 20000",
        ),
    ] {
        let out = common::output(&args, b"");
        let e = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{e}");
        assert!(e.contains(said), "{e}");
    }
    let dir = std::env::temp_dir().join(format!("talon-out-file-{}", std::process::id()));
    std::fs::write(&dir, "").unwrap();
    let e = fails(
        &[
            "arena",
            "schnapsen",
            "--deals",
            "2",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    std::fs::remove_file(&dir).unwrap();
    assert!(e.contains("is a file") && e.contains("directory"), "{e}");
}

#[test]
fn rules_without_a_preset_lists_them() {
    let out = ok(&["rules"], "");
    assert!(
        out.contains("talon rules PRESET") && out.contains("king-pedro"),
        "{out}"
    );
}

#[test]
fn a_port_in_use_leaves_no_database_behind() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let db = std::env::temp_dir().join(format!("talon-busy-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let e = fails(
        &["serve", "--addr", &addr, "--db", db.to_str().unwrap()],
        "",
    );
    assert!(e.contains("cannot listen"), "{e}");
    assert!(!db.exists(), "{} was created", db.display());
}
