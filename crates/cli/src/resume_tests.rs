//! `talon resume`: a saved game goes on where it was left, with the same
//! seats and bots, and what cannot be taken up is refused with its reason.

use super::{PlayArgs, PlaySession};
use talon_cards::Seat;
use talon_table::{SeatSpec, Table, TableConfig, TableLog};

fn args(preset: &str, seed: u64, whole_match: bool) -> PlayArgs {
    PlayArgs {
        preset: preset.into(),
        seat: 1,
        bots: "heuristic".into(),
        seed: Some(seed),
        options: Vec::new(),
        deal: None,
        whole_match,
        plain: true,
        record: None,
    }
}

/// The person's first legal move, `n` times (fewer if the game ends).
fn play_moves(s: &mut PlaySession, n: usize) {
    for _ in 0..n {
        if s.game().summary().is_some() && !s.next_deal() {
            return;
        }
        let m = s.moves();
        if m.is_empty() {
            return;
        }
        s.human_move(&m[0]).expect("a legal move");
    }
}

#[test]
fn a_lone_deal_goes_on_where_it_was_left() {
    for (preset, seed) in [("schnapsen", 3), ("sixty-three", 4), ("na-sixty-six-3", 5)] {
        let mut s = PlaySession::new(&args(preset, seed, false)).unwrap();
        play_moves(&mut s, 2);
        let saved = s.record_text();
        let mut again = PlaySession::resume(&saved).unwrap_or_else(|e| panic!("{preset}: {e}"));
        assert_eq!(again.human, Seat(1));
        assert_eq!(again.actions(), s.actions(), "{preset}");
        assert_eq!(
            again.view(),
            s.view(),
            "{preset}: the person sees the same table"
        );
        assert_eq!(
            again.seating.name(Seat(0)),
            s.seating.name(Seat(0)),
            "{preset}: the same bots"
        );
        assert!(again.log.iter().any(|l| l.starts_with("resumed after")));
        // Dealt from the record's seed, it says how to deal it again as
        // the game did, and plays to its end.
        assert_eq!((again.seed, again.again()), (s.seed, s.again()), "{preset}");
        play_moves(&mut again, 200);
        assert!(again.game().summary().is_some(), "{preset}");
    }
}

/// A record without its seed (written before records kept it) still
/// resumes, from its deal; that deal is never shown, since it holds every
/// hand, and no seed is made up for it.
#[test]
fn a_deal_without_its_seed_resumes_without_naming_its_cards() {
    let mut s = PlaySession::new(&args("schnapsen", 3, false)).unwrap();
    play_moves(&mut s, 1);
    let mut record: serde_json::Value = serde_json::from_str(&s.record_text()).unwrap();
    assert_eq!(record["seed"], 3);
    record.as_object_mut().unwrap().remove("seed");
    let mut again = PlaySession::resume(&record.to_string()).unwrap();
    assert_eq!((again.seed, again.view()), (None, s.view()));
    let hidden = again.game().hidden_from(again.human);
    assert!(hidden.len() > 5, "the other hand and the talon are hidden");
    let mut out = Vec::new();
    crate::plain::run(&mut again, "q\n".as_bytes(), &mut out).unwrap();
    let mut shown = String::from_utf8(out).unwrap();
    shown.extend(again.closing_lines(Some("g.json".as_ref())));
    assert!(shown.contains("a deal taken up from its record"), "{shown}");
    // No card hidden from the person is named, in notation or drawn.
    for card in hidden {
        let (text, drawn) = (card.to_string(), crate::text::pretty(card));
        let words: Vec<&str> = shown
            .split(|c: char| c.is_whitespace() || "(),:;\"/".contains(c))
            .collect();
        assert!(
            !words.contains(&text.as_str()) && !shown.contains(&drawn),
            "{card}: {shown}"
        );
    }
    assert!(!shown.contains("seed"), "{shown}");
    // A seed that does not deal the recorded deal is a tampered record.
    record["seed"] = 4.into();
    assert!(PlaySession::resume(&record.to_string())
        .err()
        .unwrap()
        .contains("its seed does not deal its deal"));
}

/// An option a new game refuses as changing nothing (here a forced bid
/// where nobody is forced) is left out of a stored record, which resumes.
#[test]
fn a_record_with_an_option_that_changes_nothing_resumes() {
    let mut s = PlaySession::new(&args("sixty-three-maine", 2, false)).unwrap();
    play_moves(&mut s, 2);
    let mut record: serde_json::Value = serde_json::from_str(&s.record_text()).unwrap();
    record["options"]["forced_bid"] = "30".into();
    let again = PlaySession::resume(&record.to_string()).unwrap();
    assert_eq!(again.view(), s.view());
}

#[test]
fn a_match_goes_on_in_its_deal_with_its_score_sheet() {
    let mut s = PlaySession::new(&args("schnapsen", 8, true)).unwrap();
    // Through the first deal and into the second.
    while s.sheet().unwrap().deals_played() == 0 {
        play_moves(&mut s, 1);
    }
    assert!(s.next_deal());
    play_moves(&mut s, 1);
    let saved = s.record_text();
    let again = PlaySession::resume(&saved).unwrap();
    assert_eq!(again.sheet().unwrap().scores(), s.sheet().unwrap().scores());
    assert_eq!(again.actions(), s.actions());
    assert_eq!(again.view(), s.view());
    assert!(
        again.log.iter().any(|l| l.ends_with("of deal 2")),
        "{:?}",
        again.log
    );
    assert_eq!(again.again(), s.again(), "the match's own seed and flags");
}

#[test]
fn what_cannot_be_taken_up_is_refused_with_its_reason() {
    let refused = |text: &str| match PlaySession::resume(text) {
        Ok(_) => panic!("{text} was taken up"),
        Err(e) => e,
    };
    // A finished deal.
    let mut s = PlaySession::new(&args("schnapsen", 3, false)).unwrap();
    play_moves(&mut s, 200);
    assert!(refused(&s.record_text()).contains("the game is over"));
    // A game of bots (`talon watch --record`).
    let names = vec!["random".to_string()];
    let config = TableConfig::bots(talon_rules::Preset::Schnapsen, &[], &names, false, 1).unwrap();
    let table = Table::new(config).unwrap();
    let log = TableLog::new(table.log()).to_json();
    assert!(refused(&log).contains("no seat is a person's"));
    // Two people.
    let mut config =
        TableConfig::bots(talon_rules::Preset::Schnapsen, &[], &names, false, 1).unwrap();
    config.seats = vec![SeatSpec::Person { name: None }; 2];
    let table = Table::new(config).unwrap();
    assert!(refused(&TableLog::new(table.log()).to_json()).contains("2 seats are people's"));
    // A seat nobody holds.
    let mut config =
        TableConfig::bots(talon_rules::Preset::Schnapsen, &[], &names, false, 1).unwrap();
    config.seats = vec![SeatSpec::Person { name: None }, SeatSpec::Empty];
    let table = Table::new(config).unwrap();
    assert!(refused(&TableLog::new(table.log()).to_json()).contains("seat 1 is held by nobody"));
    // A deal record whose moves do not replay, and text that is no record.
    let mut s = PlaySession::new(&args("schnapsen", 3, false)).unwrap();
    play_moves(&mut s, 1);
    let broken = s
        .record_text()
        .replacen("\"actions\": [", "\"actions\": [\"QQ\", ", 1);
    assert!(
        refused(&broken).contains("action 1 (\"QQ\") does not replay"),
        "{}",
        refused(&broken)
    );
    // A result the moves do not lead to, as `talon replay` refuses it.
    let mut record: serde_json::Value = serde_json::from_str(&s.record_text()).unwrap();
    record["result"] = serde_json::json!({"points": [66, 0], "score": [3, -3], "text": "won"});
    let e = refused(&record.to_string());
    assert!(e.contains("the recorded result"), "{e}");
    assert!(refused("{").contains("not a game record"));
}
