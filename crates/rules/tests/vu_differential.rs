//! Differential test against the VU Amsterdam course platform.
//!
//! tests/data/vu/traces.jsonl was recorded by tools/vu/record_traces.py with
//! the real `schnapsen` 0.0.5 package: 2,000 seeded deals of random play,
//! with the legal set before every move and the final result. Every trace is
//! replayed through the `schnapsen-vu` preset, which must produce the same
//! legal sets and the same result.

use serde::Deserialize;
use talon_cards::{Card, CardSet, Seat};
use talon_rules::sixty_six::{Action, Deal, Phase, SixtySix, SixtySixOptions};
use talon_rules::{ActionList, Game};

#[derive(Deserialize)]
struct Trace {
    seed: u64,
    hands: [Vec<String>; 2],
    talon: Vec<String>,
    trump_card: String,
    leader: u8,
    steps: Vec<Step>,
    result: VuResult,
}

#[derive(Deserialize)]
struct Step {
    seat: u8,
    legal: Vec<String>,
    action: String,
    marriage_card: Option<String>,
}

#[derive(Deserialize)]
struct VuResult {
    winner: u8,
    game_points: u8,
    points: [u16; 2],
    pending: [u16; 2],
    tricks: [u8; 2],
}

fn card(s: &str) -> Card {
    s.parse().expect("trace card")
}

fn legal_strings(g: &SixtySix) -> Vec<String> {
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    let mut v: Vec<String> = list.iter().map(|a| a.to_string()).collect();
    v.sort();
    v
}

fn replay(t: &Trace) -> Result<(), String> {
    let deal = Deal {
        // The seat after the dealer leads, so the VU leader's opponent "deals".
        dealer: Seat(t.leader).opponent(),
        hands: [0, 1].map(|i| t.hands[i].iter().map(|c| card(c)).collect::<CardSet>()),
        talon: t.talon.iter().map(|c| card(c)).collect(),
        trump_card: card(&t.trump_card),
    };
    let mut g = SixtySix::new(&deal, SixtySixOptions::SCHNAPSEN_VU).map_err(|e| e.to_string())?;
    for (i, step) in t.steps.iter().enumerate() {
        let at = format!("step {i} ({})", step.action);
        if g.to_move() != Some(Seat(step.seat)) {
            return Err(format!(
                "{at}: Talon has {:?} to move, VU seat {}",
                g.to_move(),
                step.seat
            ));
        }
        let ours = legal_strings(&g);
        if ours != step.legal {
            return Err(format!(
                "{at}: legal sets differ: Talon {ours:?}, VU {:?}",
                step.legal
            ));
        }
        let action: Action = step.action.parse().map_err(|e| format!("{at}: {e}"))?;
        g.play(action).map_err(|e| format!("{at}: {e}"))?;
        if let Phase::MeldLead(_) = g.phase() {
            // VU plays the marriage card as part of the marriage move.
            let led = step
                .marriage_card
                .as_deref()
                .ok_or(format!("{at}: no marriage card"))?;
            let ours = legal_strings(&g);
            if ours != [led.to_string()] {
                return Err(format!(
                    "{at}: after the meld Talon allows {ours:?}, VU led {led}"
                ));
            }
            g.play(Action::Play(card(led)))
                .map_err(|e| format!("{at}: {e}"))?;
        }
    }
    let r = g
        .result()
        .ok_or("Talon's deal is not over where VU's ended")?;
    let want = &t.result;
    let got = (r.winner, r.game_points, r.points, r.pending, r.tricks);
    let expected = (
        Some(Seat(want.winner)),
        want.game_points,
        want.points,
        want.pending,
        want.tricks,
    );
    if got != expected {
        return Err(format!("results differ: Talon {got:?}, VU {expected:?}"));
    }
    Ok(())
}

#[test]
fn vu_traces_replay_identically() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/vu/traces.jsonl"
    );
    let text = std::fs::read_to_string(path).expect("VU traces are committed");
    let mut count = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let t: Trace = serde_json::from_str(line).expect("trace parses");
        if let Err(e) = replay(&t) {
            failures.push(format!("seed {}: {e}", t.seed));
        }
        count += 1;
    }
    assert!(count >= 2000, "only {count} traces");
    assert!(
        failures.is_empty(),
        "{} of {count} traces differ, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
}
