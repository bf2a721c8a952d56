//! The engine protocol under any sequence of requests, good and bad: every
//! reply is one JSON object, a refused request changes nothing (the state
//! and the record read the same before and after), and a legal action is
//! always accepted.

use super::Session;
use proptest::prelude::*;
use serde_json::{json, Value};

/// A `play` of the k-th legal action, resolved when the request is sent.
const LEGAL: &str = "LEGAL:";

fn notationish() -> impl Strategy<Value = String> {
    prop_oneof![
        "[2-9TJQKA]{1,2}[SHDCshdc♠♥]?",
        "(bid|pass|trump|discard|give|close|draw|declare|exchange|moon) ?[0-9SHDC]{0,3}",
        ".{0,12}",
    ]
}

fn game_name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("schnapsen".to_string()),
        Just("sixty-six".to_string()),
        Just("na-sixty-six".to_string()),
        Just("pedro".to_string()),
        Just("eighty-three".to_string()),
        Just("sixes-and-sevens".to_string()),
        "[a-z-]{0,12}",
    ]
}

/// One request line: well-formed requests with good or bad arguments,
/// requests with wrong field types or unknown fields, and text that is
/// not a request at all.
fn request() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            game_name(),
            prop::option::of(0u64..50),
            prop::option::of(notationish()),
            prop::option::of((
                "[a-z_]{0,10}",
                prop_oneof![
                    "[a-z0-9]{0,6}".prop_map(Value::from),
                    any::<i64>().prop_map(Value::from),
                    any::<bool>().prop_map(Value::from),
                ]
            )),
            any::<bool>(),
        )
            .prop_map(|(game, seed, deal, option, whole)| {
                let mut r = json!({"cmd": "new", "game": game, "match": whole});
                if let Some(s) = seed {
                    r["seed"] = json!(s);
                }
                if let Some(d) = deal {
                    r["deal"] = json!(d);
                }
                if let Some((k, v)) = option {
                    r["options"] = json!({ k: v });
                }
                r.to_string()
            }),
        (0usize..64).prop_map(|k| format!("{LEGAL}{k}")),
        (0usize..64).prop_map(|k| format!("{LEGAL}{k}")),
        notationish().prop_map(|a| json!({"cmd": "play", "action": a}).to_string()),
        Just(json!({"cmd": "play", "action": 7}).to_string()),
        Just(json!({"cmd": "next"}).to_string()),
        Just(json!({"cmd": "undo"}).to_string()),
        Just(json!({"cmd": "undo", "steps": 2}).to_string()),
        Just(json!({"cmd": "record"}).to_string()),
        Just(json!({"cmd": "games"}).to_string()),
        (0u8..8).prop_map(|s| json!({"cmd": "observe", "seat": s}).to_string()),
        (
            prop_oneof![Just("random"), Just("heuristic"), Just("grandmaster")],
            0u8..7
        )
            .prop_map(|(n, s)| json!({"cmd": "bot", "name": n, "seat": s}).to_string()),
        ".{0,30}",
    ]
}

fn reply(session: &mut Session, line: &str) -> Value {
    let text = session.handle(line);
    assert!(!text.contains('\n'), "a reply is one line: {text}");
    let v: Value = serde_json::from_str(&text).expect("every reply is JSON");
    assert!(v.is_object(), "every reply is an object: {text}");
    v
}

fn snapshot(session: &mut Session) -> (Value, Value) {
    (
        reply(session, r#"{"cmd":"state"}"#),
        reply(session, r#"{"cmd":"record"}"#),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn refused_requests_change_nothing(lines in prop::collection::vec(request(), 1..40)) {
        let mut session = Session::default();
        for line in lines {
            let before = snapshot(&mut session);
            let line = match line.strip_prefix(LEGAL) {
                Some(k) => {
                    let legal = before.0["legal"].as_array().cloned().unwrap_or_default();
                    if legal.is_empty() {
                        continue;
                    }
                    let k: usize = k.parse().unwrap();
                    let action = &legal[k % legal.len()];
                    let r = reply(&mut session, &json!({"cmd": "play", "action": action}).to_string());
                    prop_assert_eq!(&r["ok"], &json!(true), "legal {} refused: {}", action, r);
                    continue;
                }
                None => line,
            };
            let r = reply(&mut session, &line);
            if r["ok"] == json!(false) {
                let message = r["error"].as_str().unwrap_or_default();
                prop_assert!(!message.trim().is_empty(), "an error without a message: {}", r);
                prop_assert_eq!(&snapshot(&mut session), &before, "{} was refused but changed the game", line);
            } else {
                prop_assert_eq!(&r["ok"], &json!(true), "{}", r);
            }
        }
    }
}
