//! The table layer on every preset: a replayed log is the same table,
//! refusals change nothing, a damaged log is refused, matches end (won or
//! at the cap). What viewers see: views.rs.

mod common;

use common::{bots_table, play_out, viewers};
use talon_rules::Preset;
use talon_table::{
    run_bots, Actor, Checked, EndReason, Event, SeatBots, SeatSpec, Status, Table, TableConfig,
    TableError, Viewer, MATCH_DEAL_CAP,
};

#[test]
fn a_replayed_log_is_the_same_table_for_every_preset() {
    for (i, &preset) in Preset::ALL.iter().enumerate() {
        for whole_match in [false, true] {
            let mut table = bots_table(preset, "random", whole_match, i as u64 + 7);
            play_out(&mut table);
            assert!(table.is_finished(), "{}", preset.name());
            // Through JSON, as the store keeps it.
            let stored: Vec<Event> = table
                .log()
                .iter()
                .map(|e| Event::from_json(&e.to_json()).unwrap())
                .collect();
            let replayed = Table::replay(&stored).unwrap();
            assert_eq!(replayed.version(), table.version());
            for v in viewers(&table) {
                assert_eq!(replayed.state(v), table.state(v), "{} {v:?}", preset.name());
            }
            // Every earlier version replays too, and catches up to now.
            let mid = table.version() / 2;
            let caught = table.catch_up(mid.max(1), Viewer::Seat(0));
            if table.version() - mid.max(1) <= talon_table::MAX_CATCH_UP {
                let caught = caught.expect("within the window");
                assert_eq!(caught.last().unwrap().state, table.state(Viewer::Seat(0)));
                assert_eq!(caught.len() as u64, table.version() - mid.max(1));
            }
        }
    }
}

#[test]
fn refused_actions_change_nothing() {
    let config = TableConfig {
        preset: "sixty-six".into(),
        options: Default::default(),
        seats: vec![SeatSpec::Person { name: None }, SeatSpec::Empty],
        whole_match: false,
        seed: 5,
        hints: None,
        deal: None,
        memory: false,
    };
    let table = Table::new(config).unwrap();
    let before = (table.version(), table.state(Viewer::Seat(0)));
    let v = table.version();
    let legal = table.game().unwrap().legal_actions();
    let other = 1 - table.to_move().unwrap();
    let mover = table.to_move().unwrap();
    assert!(matches!(
        table.check_action(other, &legal[0], Actor::Person, Some(v)),
        Err(TableError::NotYourTurn { .. })
    ));
    assert!(matches!(
        table.check_action(mover, &legal[0], Actor::Person, Some(v - 1)),
        Err(TableError::Stale { .. })
    ));
    assert_eq!(
        table
            .check_action(mover, "ZZ", Actor::Person, Some(v))
            .unwrap_err()
            .code(),
        "illegal"
    );
    assert_eq!((table.version(), table.state(Viewer::Seat(0))), before);
    // A legal action is returned in canonical form, still unapplied.
    let lower = legal[0].to_lowercase();
    let e = table
        .check_action(mover, &lower, Actor::Person, Some(v))
        .unwrap();
    assert_eq!(
        e.event(),
        &Event::Acted {
            seat: mover,
            action: legal[0].clone(),
            by: Actor::Person
        }
    );
    assert_eq!(table.version(), v);
}

/// An event checked at one version is refused once the table has moved
/// on: it was not checked against what the table is now.
#[test]
fn a_checked_event_applies_only_at_the_version_it_was_checked_on() {
    let mut table = bots_table(Preset::Schnapsen, "random", false, 8);
    let log = table.log().to_vec();
    table = Table::replay(&log[..2]).expect("created and dealt");
    let seat = table.to_move().unwrap();
    let legal = table.game().unwrap().legal_actions();
    let first = table
        .check_action(seat, &legal[0], Actor::Person, None)
        .unwrap();
    let second = table
        .check_action(seat, &legal[1], Actor::Person, None)
        .unwrap();
    table.apply_checked(first).unwrap();
    let after = (table.version(), table.actions().to_vec());
    assert!(matches!(
        table.apply_checked(second),
        Err(TableError::Stale { .. })
    ));
    assert_eq!((table.version(), table.actions().to_vec()), after);
    // A reply checked, then the move undone and another played: the same
    // version again, but not the table the reply was checked on.
    let replier = table.to_move().unwrap();
    let reply = table.game().unwrap().legal_actions()[0].clone();
    let reply = table
        .check_action(replier, &reply, Actor::Person, None)
        .unwrap();
    table.undo(None).unwrap();
    let other = table
        .check_action(seat, &legal[1], Actor::Person, None)
        .unwrap();
    table.apply_checked(other).unwrap();
    assert_eq!(table.version(), after.0);
    assert_eq!(table.apply_checked(reply), Err(TableError::NotCheckedHere));
    // Checked on one table, offered to another at the same version (a
    // clone that went its own way is another table).
    let mut twin = table.clone();
    let mover = table.to_move().unwrap();
    let on_table = table.game().unwrap().legal_actions()[0].clone();
    let checked = table
        .check_action(mover, &on_table, Actor::Person, None)
        .unwrap();
    let before = (twin.version(), twin.actions().to_vec());
    assert_eq!(
        twin.apply_checked(checked.clone()),
        Err(TableError::NotCheckedHere)
    );
    assert_eq!((twin.version(), twin.actions().to_vec()), before);
    table.apply_checked(checked).unwrap();
}

/// `check` says what `apply` would do, and changes nothing: the server
/// checks the table's own events with it before storing them.
#[test]
fn check_refuses_what_apply_refuses_and_changes_nothing() {
    let table = bots_table(Preset::SixtySix, "random", true, 5);
    let log = table.log().to_vec();
    let mut fresh = Table::replay(&log[..1]).expect("the creation alone");
    let v = fresh.version();
    // The deal that is due passes; the same deal under another number, or
    // a deal that does not read, does not.
    let Event::Dealt { deal, .. } = &log[1] else {
        panic!("the first deal follows the creation")
    };
    assert_eq!(
        fresh.check(&log[1]).map(Checked::into_event),
        Ok(log[1].clone())
    );
    let wrong_no = Event::Dealt {
        deal_no: 2,
        deal: deal.clone(),
    };
    assert!(matches!(
        fresh.check(&wrong_no),
        Err(TableError::Corrupt(_))
    ));
    let bad = Event::Dealt {
        deal_no: 1,
        deal: "nonsense".into(),
    };
    assert!(matches!(fresh.check(&bad), Err(TableError::Corrupt(_))));
    assert!(matches!(fresh.check(&log[0]), Err(TableError::Corrupt(_))));
    // The deal cap is not due; closing is always possible.
    let cap = Event::Ended {
        reason: EndReason::DealCap,
    };
    assert!(matches!(fresh.check(&cap), Err(TableError::Corrupt(_))));
    let closed = Event::Ended {
        reason: EndReason::Closed,
    };
    assert_eq!(
        fresh.check(&closed).map(Checked::into_event),
        Ok(closed.clone())
    );
    assert_eq!(fresh.version(), v, "nothing changed");
    // An action is kept in canonical notation.
    fresh.apply(&log[1]).unwrap();
    let seat = fresh.to_move().unwrap();
    let first = fresh.game().unwrap().legal_actions()[0].clone();
    let lower = Event::Acted {
        seat,
        action: first.to_lowercase(),
        by: Actor::Person,
    };
    let checked = fresh.check(&lower).expect("legal in lower case");
    assert_eq!(
        checked.into_event(),
        Event::Acted {
            seat,
            action: first,
            by: Actor::Person
        }
    );
}

#[test]
fn a_damaged_log_is_refused() {
    let mut table = bots_table(Preset::SixtySix, "random", true, 3);
    play_out(&mut table);
    let log = table.log().to_vec();
    // Out of order, a foreign deal, an illegal action, a second creation.
    let mut swapped = log.clone();
    swapped.swap(2, 3);
    assert!(matches!(
        Table::replay(&swapped),
        Err(TableError::Corrupt(_))
    ));
    let mut foreign = log.clone();
    foreign[1] = Event::Dealt {
        deal_no: 2,
        deal: "nonsense".into(),
    };
    assert!(matches!(
        Table::replay(&foreign),
        Err(TableError::Corrupt(_))
    ));
    let mut illegal = log.clone();
    illegal[2] = Event::Acted {
        seat: 0,
        action: "bid 63".into(),
        by: Actor::Bot,
    };
    assert!(Table::replay(&illegal).is_err());
    let mut twice = log.clone();
    twice.insert(1, log[0].clone());
    assert!(Table::replay(&twice).is_err());
    assert!(Table::replay(&log[1..]).is_err(), "no creation first");
}

#[test]
fn a_match_that_cannot_reach_its_target_ends_unfinished_at_the_cap() {
    // Random bidders sink below zero in Sixty-three.
    let mut table = bots_table(Preset::SixtyThree, "random", true, 4);
    play_out(&mut table);
    assert_eq!(
        table.status(),
        Status::Finished {
            winner: None,
            unfinished: true
        }
    );
    assert_eq!(table.deal_no(), MATCH_DEAL_CAP);
    assert_eq!(
        table.log().last(),
        Some(&Event::Ended {
            reason: EndReason::DealCap
        })
    );
    assert!(table.next_event().is_none());
}

#[test]
fn bad_configs_are_refused_with_a_reason() {
    let base = TableConfig::bots(Preset::SixtySix, &[], &["random".into()], false, 1).unwrap();
    let mut unknown = base.clone();
    unknown.preset = "sixty-seven".into();
    let mut seats = base.clone();
    seats.seats.pop();
    let mut level = base.clone();
    level.seats[0] = SeatSpec::Bot {
        level: "grandmaster".into(),
    };
    let mut name = base.clone();
    name.seats[1] = SeatSpec::Person {
        name: Some("x".repeat(41)),
    };
    let mut option = base.clone();
    option.options.insert("nosuch".into(), "1".into());
    let named = |n: &str| {
        let mut c = base.clone();
        c.seats[1] = SeatSpec::Person {
            name: Some(n.into()),
        };
        c
    };
    for (bad, says) in [
        (unknown, "sixty-seven"),
        (seats, "played by 2, but 1 seat was given"),
        (level, "grandmaster"),
        (name, "characters"),
        (option, "nosuch"),
        (named("Ann\u{202E}nnA"), "text-direction"),
        (named("A\u{200B}"), "invisible"),
        (named("   "), "visible character"),
        (named("Seat 0"), "gives seats itself"),
        (named("expert bot"), "gives seats itself"),
        // Lookalikes: two spaces, a no-break space, full-width letters.
        (named("seat  2"), "gives seats itself"),
        (named("seat\u{00A0}2"), "gives seats itself"),
        (
            named("\u{FF53}\u{FF45}\u{FF41}\u{FF54} 2"),
            "gives seats itself",
        ),
        (named("Expert\u{3000}Bot"), "gives seats itself"),
        // The browser's numbers for alike bots.
        (named("random bot 1"), "gives seats itself"),
        (named("Expert Bot 12"), "gives seats itself"),
        (named("\u{0301}\u{0301}\u{0301}"), "visible character"),
    ] {
        let e = Table::new(bad).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
    }
    // Names people use stay fine: accents, other scripts, emoji, "Robot".
    for fine in [
        "Zoë",
        "Ze\u{0301}",
        "Łukasz",
        "山田",
        "Ann 🂡",
        "Robot",
        "seat of honour",
        "Bot 2",
        "the bot 3 of us",
    ] {
        Table::new(named(fine)).unwrap_or_else(|e| panic!("{fine}: {e}"));
    }
    let too_many = TableConfig::bots(
        Preset::SixtySix,
        &[],
        &["random".into(), "random".into(), "random".into()],
        false,
        1,
    );
    assert!(too_many.is_err());
}

/// A match target set for a lone deal would do nothing: a new table is
/// refused, in every family with a target, whatever the option's
/// spelling; a match takes it; a log stored with one still replays.
#[test]
fn a_match_target_needs_a_match() {
    for (preset, option) in [
        (Preset::Schnapsen, "Match_Target"),
        (Preset::NaSixtySix, "target"),
        (Preset::Pedro, "game_target"),
    ] {
        let options = [(option.to_string(), "5".to_string())];
        let lone = TableConfig::bots(preset, &options, &["random".into()], false, 1).unwrap();
        let e = Table::new(lone.clone()).unwrap_err().to_string();
        assert!(
            e.contains(&option.to_lowercase()) && e.contains("one deal"),
            "{preset:?}: {e}"
        );
        let mut whole = lone.clone();
        whole.whole_match = true;
        Table::new(whole).unwrap_or_else(|e| panic!("{preset:?}: {e}"));
        let stored = [Event::Created {
            config: lone.clone(),
        }];
        Table::replay(&stored).unwrap_or_else(|e| panic!("{preset:?}: {e}"));
        // Its rematch leaves the idle target out, and opens.
        let mut again = lone;
        again.drop_idle_target();
        assert!(again.options.is_empty(), "{preset:?}");
        Table::new(again).unwrap_or_else(|e| panic!("{preset:?}: {e}"));
    }
    // Sixes and Sevens has no target: its options are untouched.
    let sevens = TableConfig::bots(Preset::SixesAndSevens, &[], &["random".into()], false, 1);
    Table::new(sevens.unwrap()).unwrap();
}

/// An option that changes nothing in the game (a widow with four hands,
/// the joker's points without a joker) is refused in a new table; a table
/// stored with one still replays, and its rematch leaves it out and opens,
/// keeping every other option as given.
#[test]
fn an_option_that_changes_nothing_is_left_out_of_a_rematch() {
    for (preset, options) in [
        (
            Preset::NaSixtySix,
            vec![("WIDOW", "exchange"), ("target", "12")],
        ),
        (
            Preset::SixtyThree,
            vec![("joker", "false"), ("joker_points", "3")],
        ),
    ] {
        let options: Vec<(String, String)> = options
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let stored = TableConfig::bots(preset, &options, &["random".into()], true, 1).unwrap();
        let e = Table::new(stored.clone()).unwrap_err().to_string();
        assert!(e.contains("changes nothing"), "{preset:?}: {e}");
        Table::replay(&[Event::Created {
            config: stored.clone(),
        }])
        .unwrap_or_else(|e| panic!("{preset:?}: {e}"));
        let mut again = stored;
        again.drop_inert_options();
        assert_eq!(again.options.len(), 1, "{preset:?}: {:?}", again.options);
        Table::new(again).unwrap_or_else(|e| panic!("{preset:?}: {e}"));
    }
}

/// Sixes and Sevens has no partners, and with `winner=fewest` the fewest
/// tricks win: the single-deal winner follows the rules' returns.
#[test]
fn sixes_and_sevens_names_its_single_deal_winner_by_its_own_rule() {
    let mut ties = 0;
    for (winner_option, sign) in [("most", 1), ("fewest", -1)] {
        for seed in 0..60 {
            let options = [("winner".to_string(), winner_option.to_string())];
            let levels = ["random".to_string()];
            let config =
                TableConfig::bots(Preset::SixesAndSevens, &options, &levels, false, seed).unwrap();
            let mut table = Table::new(config).unwrap();
            play_out(&mut table);
            let game = table.game().unwrap();
            let tricks = game.summary().unwrap().points;
            let best = tricks.iter().map(|t| sign * t).max().unwrap();
            let top: Vec<usize> = (0..tricks.len())
                .filter(|&i| sign * tricks[i] == best)
                .collect();
            let Status::Finished { winner, .. } = table.status() else {
                panic!("a single deal is finished when it is over")
            };
            let want = (top.len() == 1).then(|| top[0] as u8);
            assert_eq!(
                winner, want,
                "{winner_option}, seed {seed}: tricks {tricks:?}"
            );
            let all: Vec<u8> = top.iter().map(|&i| i as u8).collect();
            assert_eq!(table.winners(), all, "every seat with the best result");
            ties += usize::from(top.len() == 2 && top[1] == top[0] + 2);
        }
    }
    assert!(ties > 0, "no deal tied seats 0 and 2 (or 1 and 3)");
}

/// A log may close a table at any time, but reach the deal cap only when
/// the match is due to end there; and it keeps actions in canonical form.
#[test]
fn a_log_ends_at_the_cap_only_when_due_and_keeps_canonical_actions() {
    let mut table = bots_table(Preset::SixtySix, "random", true, 5);
    let v = table.version();
    let cap = Event::Ended {
        reason: EndReason::DealCap,
    };
    assert!(matches!(table.apply(&cap), Err(TableError::Corrupt(_))));
    assert_eq!(table.version(), v, "a refused event changes nothing");
    let mut closed = table.clone();
    closed
        .apply(&Event::Ended {
            reason: EndReason::Closed,
        })
        .unwrap();
    assert!(matches!(
        closed.status(),
        Status::Finished { winner: None, .. }
    ));
    assert!(closed.winners().is_empty(), "a closed table has no winners");
    // `10h` in a log is kept as the table's own `TH`.
    let seat = table.to_move().unwrap();
    let legal = table.game().unwrap().legal_actions();
    let lenient = legal[0].to_lowercase();
    table
        .apply(&Event::Acted {
            seat,
            action: lenient,
            by: Actor::Bot,
        })
        .unwrap();
    assert!(matches!(table.log().last(), Some(Event::Acted { action, .. }) if *action == legal[0]));
}

/// A match given its first deal exactly: a deal the match cannot start
/// with (the wrong dealer) is a bad config, named as such.
#[test]
fn a_matchs_exact_first_deal_is_checked_as_a_config() {
    let deal = talon_rules::AnyGame::new(Preset::SixtySix, &[], &talon_rules::Setup::Seed(3))
        .unwrap()
        .deal_text();
    let mut config = TableConfig::bots(Preset::SixtySix, &[], &["random".into()], true, 3).unwrap();
    config.deal = Some(deal.clone());
    Table::new(config.clone()).expect("the deal the match would deal");
    let (dealer, rest) = deal.split_once('/').unwrap();
    let other = if dealer == "0" { "1" } else { "0" };
    config.deal = Some(format!("{other}/{rest}"));
    match Table::new(config) {
        Err(TableError::Config(e)) => assert!(e.contains("deal"), "{e}"),
        other => panic!("{other:?}"),
    }
}

/// A single deal where both sides of partners end level (here King Pedro
/// thrown in: all four pass) has no winner and no winners; the page
/// would otherwise say that everyone won.
#[test]
fn a_single_deal_both_sides_tie_has_no_winners() {
    let config = TableConfig {
        preset: "king-pedro".into(),
        options: Default::default(),
        seats: vec![SeatSpec::Person { name: None }; 4],
        whole_match: false,
        seed: 3,
        hints: None,
        deal: None,
        memory: false,
    };
    let mut table = Table::new(config).unwrap();
    while let Some(seat) = table.to_move() {
        let event = table
            .check_action(seat, "pass", Actor::Person, Some(table.version()))
            .expect("everyone may pass");
        table.apply_checked(event).unwrap();
    }
    assert_eq!(
        table.game().unwrap().returns().unwrap().as_slice(),
        &[0, 0, 0, 0]
    );
    assert!(matches!(
        table.status(),
        Status::Finished { winner: None, .. }
    ));
    assert!(table.winners().is_empty(), "{:?}", table.winners());
}

/// A hint: only where the table allows hints and only on the seat's turn;
/// the same point of a table gives the same hint.
#[test]
fn hints_are_one_rule_for_every_front_end() {
    let one_person = TableConfig::seated(
        Preset::Schnapsen,
        &[],
        &["random".into()],
        Some(0),
        false,
        9,
    )
    .expect("valid");
    let table = Table::new(one_person).expect("opens");
    let to_move = table.to_move().expect("a seat to move");
    let other = 1 - to_move;
    let bot_seat_error = talon_table::hint(&table, other, "heuristic");
    assert_eq!(bot_seat_error, Err(talon_table::NoHint::NotYourTurn));
    let a = talon_table::hint(&table, to_move, "expert").expect("a hint");
    let b = talon_table::hint(&table, to_move, "expert").expect("a hint");
    assert_eq!(a, b, "the same point, the same hint");
    assert!(table.game().unwrap().legal_actions().contains(&a));
    assert!(matches!(
        talon_table::hint(&table, to_move, "nonsense"),
        Err(talon_table::NoHint::UnknownBot(_))
    ));
    // Two people at the table: hints are off unless asked for.
    let two = TableConfig {
        seats: vec![
            SeatSpec::Person { name: None },
            SeatSpec::Person { name: None },
        ],
        ..TableConfig::seated(
            Preset::Schnapsen,
            &[],
            &["random".into()],
            Some(0),
            false,
            9,
        )
        .unwrap()
    };
    let table = Table::new(two).expect("opens");
    let to_move = table.to_move().unwrap();
    assert_eq!(
        talon_table::may_hint(&table, to_move),
        Err(talon_table::NoHint::Off)
    );
}

/// A bot taken out to think elsewhere comes back with `put`; a seat
/// without one gets its bot again, or a stand-in for a person's seat.
#[test]
fn seat_bots_lend_their_bots_and_make_stand_ins() {
    let config = TableConfig::seated(
        Preset::Schnapsen,
        &[],
        &["heuristic".into()],
        Some(0),
        false,
        4,
    )
    .unwrap();
    let table = Table::new(config).unwrap();
    let mut bots = SeatBots::for_table(&table).unwrap();
    let bot = bots.take(&table, 1, None).expect("the bot seat's bot");
    assert!(bots.get(1).is_none(), "taken out");
    bots.put(1, bot);
    assert_eq!(
        bots.get(1).map(|b| b.name().to_string()),
        Some("heuristic".into())
    );
    // Lost (a thread died): made again.
    let _lost = bots.take(&table, 1, None).unwrap();
    assert!(bots.take(&table, 1, None).is_some());
    // A person's seat: nothing, unless a stand-in is asked for.
    assert!(bots.take(&table, 0, None).is_none());
    let stand_in = bots.take(&table, 0, Some("random")).expect("a stand-in");
    assert_eq!(stand_in.name(), "random");
    assert!(bots.take(&table, 0, Some("no such bot")).is_none());
}

/// A deal's seed and record come from the table: a match's deal `k` is
/// dealt from the seed plus `k - 1`, as a lone deal from that seed is.
#[test]
fn the_table_says_its_deals_seed_and_record() {
    let mut table = bots_table(Preset::Schnapsen, "random", true, 40);
    let mut bots = SeatBots::for_table(&table).unwrap();
    bots.count_budgets_only();
    let mut seen = 0;
    run_bots(&mut table, &mut bots, |_, event, t| {
        if let Event::Dealt { deal, deal_no } = event {
            assert_eq!(t.deal_seed(), Some(40 + u64::from(*deal_no) - 1));
            let record = t.record().expect("a deal in play");
            assert_eq!(&record.deal, deal);
            assert_eq!(
                record.players,
                Some(vec!["random bot".to_string(), "random bot".to_string()])
            );
            seen += 1;
        }
    })
    .unwrap();
    assert!(seen > 1, "a match of several deals");
}

/// Undo takes back the last action of anyone, or a seat's last action in
/// the deal with everything after it; refused, it changes nothing.
#[test]
fn undo_takes_back_an_action_or_a_seats_last_move() {
    let config = TableConfig::seated(
        Preset::SixtySix,
        &[],
        &["random".into()],
        Some(0),
        false,
        12,
    )
    .unwrap();
    let mut table = Table::new(config).unwrap();
    let nothing = table.undo(Some(0));
    assert!(matches!(nothing, Err(TableError::NothingToUndo(_))));
    assert!(matches!(
        table.undo(None),
        Err(TableError::NothingToUndo(_))
    ));
    // Play four actions, whoever is to move.
    let mut versions = vec![table.version()];
    let mut movers = Vec::new();
    for _ in 0..4 {
        let seat = table.to_move().unwrap();
        let action = table.game().unwrap().legal_actions()[0].clone();
        let e = table
            .check_action(seat, &action, Actor::Person, None)
            .unwrap();
        table.apply_checked(e).unwrap();
        versions.push(table.version());
        movers.push(seat);
    }
    table.undo(None).unwrap();
    assert_eq!(table.version(), versions[3]);
    // Seat 0's last move, and everything after it.
    let last0 = movers[..3].iter().rposition(|&s| s == 0).unwrap();
    table.undo(Some(0)).unwrap();
    assert_eq!(table.version(), versions[last0]);
    assert_eq!(table.to_move(), Some(0));
}

#[test]
fn options_are_kept_as_talon_writes_them() {
    let options: Vec<(String, String)> = [
        ("sharp", "Yes"),
        ("schneider", " 31"),
        ("last_trick", "BONUS10"),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let config =
        TableConfig::bots(Preset::Schnapsen, &options, &["random".into()], false, 3).unwrap();
    let table = Table::new(config).unwrap();
    let written: Vec<(&str, &str)> = table
        .config()
        .options
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        written,
        [
            ("last_trick", "bonus10"),
            ("schneider", "31"),
            ("sharp", "true")
        ]
    );
    let record = serde_json::to_value(table.record()).unwrap();
    assert_eq!(record["options"]["sharp"], "true", "{record}");
}
