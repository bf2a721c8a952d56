//! A state written out for people watching bots (`str(state)`, the
//! PettingZoo environment's `render()`): every hand, what lies on the
//! table and the score so far, one fact a line. For a program, the
//! observation's JSON (`observation_string`) is the form to read.

use crate::core::Core;
use serde_json::Value;
use talon_cards::Seat;

/// The public parts of an observation worth a line, in reading order.
const PUBLIC: &[&str] = &[
    "dealer",
    "bids",
    "bidder",
    "high_bid_name",
    "trump",
    "trump_card",
    "talon_remaining",
    "stock_left",
    "closed_by",
    "lead_card",
    "trick",
    "calls",
    "points",
    "trick_points",
    "tricks_won",
];

pub fn whole_state(core: &Core) -> String {
    let game = &core.game;
    let mover = game
        .to_move()
        .map_or("over".to_string(), |s| format!("seat {s} to move"));
    let mut lines = vec![format!(
        "{} after {} actions, {mover}",
        core.preset().name(),
        core.history.len()
    )];
    let seen: Vec<Value> = (0..game.seats())
        .filter_map(|s| game.observe(Seat(s)).ok())
        .map(|o| talon_protocol::observation_json(&o))
        .collect();
    for (s, obs) in seen.iter().enumerate() {
        lines.push(format!("seat {s}: {}", cards(&obs["hand"])));
    }
    if let Some(public) = seen.first() {
        for key in PUBLIC {
            match public.get(*key) {
                None | Some(Value::Null) => {}
                Some(Value::Array(a)) if a.is_empty() => {}
                Some(v) => lines.push(format!("{}: {}", key.replace('_', " "), plain(v))),
            }
        }
    }
    match (game.summary(), core.deal()) {
        (Some(s), _) => lines.push(format!("result: {}", s.text)),
        (None, Some(deal)) => lines.push(format!("dealt: {deal}")),
        (None, None) => lines.push("a world sampled from a seat's information".into()),
    }
    lines.join("\n")
}

/// A list of cards as `AH KH 9C`.
fn cards(v: &Value) -> String {
    match v.as_array() {
        Some(list) if list.is_empty() => "-".into(),
        Some(list) => list.iter().map(plain).collect::<Vec<_>>().join(" "),
        None => "-".into(),
    }
}

/// A JSON value without quotes: `AH`, `3`, `[3, 1]`, `{seat 1: QS}`.
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let parts: Vec<String> = items.iter().map(plain).collect();
            format!("[{}]", parts.join(", "))
        }
        // A seat's entry reads "seat 3 QS", "seat 0 bid 5".
        Value::Object(map) => {
            let mut parts: Vec<String> = Vec::new();
            if let Some(seat) = map.get("seat") {
                parts.push(format!("seat {}", plain(seat)));
            }
            for (k, v) in map.iter().filter(|(k, _)| *k != "seat") {
                parts.push(match k.as_str() {
                    "card" => plain(v),
                    _ => format!("{k} {}", plain(v)),
                });
            }
            parts.join(" ")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::{Preset, Setup};

    #[test]
    fn a_state_reads_line_by_line() {
        let mut core = Core::new(Preset::Schnapsen, &[], &Setup::Seed(1)).unwrap();
        let first = core.legal().to_vec()[0] as usize;
        core.apply(first).unwrap();
        let text = whole_state(&core);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "schnapsen after 1 actions, seat 1 to move");
        assert!(lines[1].starts_with("seat 0: ") && lines[2].starts_with("seat 1: "));
        assert_eq!(lines[1].split(' ').count(), 2 + 4, "{text}");
        assert!(
            text.contains("\ntrump: ") && text.contains("\ntalon remaining: 9"),
            "{text}"
        );
        assert!(
            text.lines().last().unwrap().starts_with("dealt: "),
            "{text}"
        );
        assert!(text.lines().all(|l| l.chars().count() < 120), "{text}");
    }
}
