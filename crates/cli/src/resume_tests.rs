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
        // The resumed game plays to its end, and says how to deal it again.
        play_moves(&mut again, 200);
        assert!(again.game().summary().is_some(), "{preset}");
        assert!(again.again().contains("--deal"), "{}", again.again());
    }
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
    // A deal record whose moves do not replay, and text that is no record.
    let mut s = PlaySession::new(&args("schnapsen", 3, false)).unwrap();
    play_moves(&mut s, 1);
    let broken = s
        .record_text()
        .replacen("\"actions\": [", "\"actions\": [\"QQ\", ", 1);
    assert!(
        refused(&broken).contains("move 1 (QQ) does not replay"),
        "{}",
        refused(&broken)
    );
    assert!(refused("{").contains("not a game record"));
}
