//! Scenario tests from data files: tests/data/scenarios/*.txt at the
//! workspace root. Each scenario names the rule or option it checks, sets up
//! a deal, plays actions and states what must hold. The format:
//!
//! ```text
//! scenario <id>           starts a scenario
//! rule <text>             the rule or option value it checks (required)
//! preset <name>           e.g. sixty-six
//! option <name>=<value>   an option over the preset's defaults (repeatable)
//! deal <notation> | seed <n>
//! bad-setup <notation>    this deal (or a bad option above) is refused with an error
//! play <action>...        actions that must be legal, applied in order
//! legal <action>...       the exact legal set now (any order)
//! illegal <action>...     each is refused and changes nothing
//! refused <action> because <text>   refused, with a reason containing <text>
//! to-move <seat>|none
//! points <p0> <p1>...     points counted so far per seat
//! score <s0> <s1>...      the final score change per seat (deal over)
//! says <text>             the final summary contains this text
//! ```
//!
//! Actions of more than one word are written with `_` for the space:
//! `bid_2`, `discard_KH`, `ace_odd`.
//! Lists are separated by spaces, or by commas when the line holds a comma
//! (for actions of several words: `play bid 45, pass, pass`).

use std::path::Path;
use talon_cards::Seat;
use talon_rules::{AnyGame, Preset, Setup};

struct Scenario {
    id: String,
    line: usize,
    rule: Option<String>,
    preset: Option<Preset>,
    options: Vec<(String, String)>,
    game: Option<AnyGame>,
}

/// A list of actions or numbers: separated by commas when the line has a
/// comma (actions of several words, e.g. `bid 45, pass`), else by spaces;
/// inside a space-separated word `_` stands for a space (`bid_2`).
fn words(rest: &str) -> Vec<String> {
    if rest.contains(',') {
        rest.split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    } else {
        rest.split_whitespace()
            .map(|w| w.replace('_', " "))
            .collect()
    }
}

impl Scenario {
    fn game(&mut self) -> Result<&mut AnyGame, String> {
        self.game.as_mut().ok_or_else(|| "no deal yet".to_string())
    }

    fn setup(&mut self, setup: Setup) -> Result<(), String> {
        let preset = self.preset.ok_or("preset must come before the deal")?;
        self.game = Some(AnyGame::new(preset, &self.options, &setup).map_err(|e| e.to_string())?);
        Ok(())
    }

    fn step(&mut self, cmd: &str, rest: &str) -> Result<(), String> {
        match cmd {
            "rule" => self.rule = Some(rest.to_string()),
            "preset" => self.preset = Some(Preset::from_name(rest).map_err(|e| e.to_string())?),
            "option" => {
                let (k, v) = rest.split_once('=').ok_or("option needs name=value")?;
                self.options
                    .push((k.trim().to_string(), v.trim().to_string()));
            }
            "deal" => self.setup(Setup::Deal(rest.to_string()))?,
            "seed" => self.setup(Setup::Seed(rest.parse().map_err(|_| "bad seed")?))?,
            "bad-setup" => {
                let preset = self.preset.ok_or("preset must come before the deal")?;
                let setup = Setup::Deal(rest.to_string());
                if AnyGame::new(preset, &self.options, &setup).is_ok() {
                    return Err(format!("deal {rest:?} was accepted"));
                }
            }
            "play" => {
                let g = self.game()?;
                for a in words(rest) {
                    let a = a.as_str();
                    g.play(a)
                        .map_err(|e| format!("play {a}: {e} (legal: {:?})", g.legal_actions()))?;
                }
            }
            "legal" => {
                let g = self.game()?;
                // A set: compared in the listing order.
                let mut want = words(rest);
                talon_rules::sort_actions(&mut want);
                let got = g.legal_actions();
                if got != want {
                    return Err(format!("legal set is {got:?}, expected {want:?}"));
                }
            }
            "illegal" => {
                let g = self.game()?;
                for a in words(rest) {
                    let a = a.as_str();
                    let before = g.clone();
                    if g.play(a).is_ok() {
                        return Err(format!("{a} was accepted"));
                    }
                    if *g != before {
                        return Err(format!("refusing {a} changed the game"));
                    }
                }
            }
            "refused" => {
                // `refused <action> because <words of the reason>`
                let (action, want) = rest
                    .split_once(" because ")
                    .ok_or("refused <action> because <reason>")?;
                let action = action.trim().replace('_', " ");
                let g = self.game()?;
                let before = g.clone();
                match g.play(&action) {
                    Ok(()) => return Err(format!("{action} was accepted")),
                    Err(e) if !e.to_string().contains(want.trim()) => {
                        return Err(format!(
                            "{action} was refused with {:?}, not {want:?}",
                            e.to_string()
                        ))
                    }
                    Err(_) => {}
                }
                if *g != before {
                    return Err(format!("refusing {action} changed the game"));
                }
            }
            "to-move" => {
                let g = self.game()?;
                let want = if rest == "none" {
                    None
                } else {
                    Some(Seat(rest.parse().map_err(|_| "bad seat")?))
                };
                if g.to_move() != want {
                    return Err(format!("to move is {:?}, expected {want:?}", g.to_move()));
                }
            }
            "points" => {
                let g = self.game()?;
                let want: Vec<i32> = words(rest)
                    .iter()
                    .map(|w| w.parse().map_err(|_| "bad number"))
                    .collect::<Result<_, _>>()?;
                if g.points() != want {
                    return Err(format!("points are {:?}, expected {want:?}", g.points()));
                }
            }
            "score" => {
                let g = self.game()?;
                let want: Vec<i32> = words(rest)
                    .iter()
                    .map(|w| w.parse().map_err(|_| "bad number"))
                    .collect::<Result<_, _>>()?;
                let s = g.summary().ok_or("the deal is not over")?;
                if s.score != want {
                    return Err(format!(
                        "score is {:?}, expected {want:?} ({})",
                        s.score, s.text
                    ));
                }
            }
            "says" => {
                let g = self.game()?;
                let s = g.summary().ok_or("the deal is not over")?;
                if !s.text.contains(rest) {
                    return Err(format!("summary {:?} does not say {rest:?}", s.text));
                }
            }
            other => return Err(format!("unknown command {other:?}")),
        }
        Ok(())
    }
}

fn run_file(path: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("readable scenario file");
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut current: Option<Scenario> = None;
    let mut failed = false;
    let finish = |s: Option<Scenario>, failures: &mut Vec<String>| {
        if let Some(s) = s {
            if s.rule.is_none() {
                failures.push(format!("{name}:{} scenario {} names no rule", s.line, s.id));
            }
        }
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (cmd, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        if cmd == "scenario" {
            finish(current.take(), &mut failures);
            current = Some(Scenario {
                id: rest.to_string(),
                line: i + 1,
                rule: None,
                preset: None,
                options: Vec::new(),
                game: None,
            });
            failed = false;
            count += 1;
            continue;
        }
        let Some(s) = current.as_mut() else {
            failures.push(format!("{name}:{}: {cmd} outside a scenario", i + 1));
            continue;
        };
        if failed {
            continue;
        }
        if let Err(e) = s.step(cmd, rest) {
            failures.push(format!(
                "{name}:{} scenario {} ({}): {e}",
                i + 1,
                s.id,
                s.rule.as_deref().unwrap_or("?")
            ));
            failed = true;
        }
    }
    finish(current.take(), &mut failures);
    (count, failures)
}

#[test]
fn scenario_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/scenarios");
    let mut total = 0;
    let mut failures = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("scenario dir")
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for p in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
    {
        let (n, f) = run_file(p);
        total += n;
        failures.extend(f);
    }
    assert!(total > 0, "no scenarios found");
    assert!(
        failures.is_empty(),
        "{} failing of {total} scenarios:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{total} scenarios passed");
}
