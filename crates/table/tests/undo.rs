//! Taking moves back at a stored table (`Event::Undone`): the log keeps
//! everything and only grows, the table is as it was before the move,
//! a replay or a catch-up sees the same, and only the one person at a
//! table of bots may do it.

mod common;

use serde_json::Value;
use talon_rules::Preset;
use talon_table::{
    Actor, Event, SeatSpec, Table, TableConfig, TableError, Viewer, MAX_UNDOS_A_DEAL,
};

/// A table of one person (seat 0) and random bots.
fn practice(preset: Preset, whole_match: bool, seed: u64) -> Table {
    let config =
        TableConfig::seated(preset, &[], &["random".into()], Some(0), whole_match, seed).unwrap();
    Table::new(config).unwrap()
}

/// Plays one action, the person's first legal one or a bot's last, and
/// the table's own events (the next deal) after it.
fn step(table: &mut Table) {
    let seat = table.to_move().expect("a deal in play");
    let legal = table.game().unwrap().legal_actions();
    // A card where there is one (a close or a declaration would end the
    // deal soon): the person its first, a bot its last.
    let cards: Vec<&String> = legal.iter().filter(|a| a.len() == 2).collect();
    let action = match (seat, cards.first(), cards.last()) {
        (0, Some(first), _) => first,
        (_, _, Some(last)) => last,
        _ => &legal[0],
    };
    let by = if seat == 0 { Actor::Person } else { Actor::Bot };
    let checked = table.check_action(seat, action, by, None).unwrap();
    table.apply_checked(checked).unwrap();
    while let Some(e) = table.next_event() {
        table.apply(&e).unwrap();
    }
}

/// A state without what only an undo changes.
fn without_undos(mut state: Value) -> Value {
    let map = state.as_object_mut().unwrap();
    map.remove("undo");
    map.remove("undos");
    state
}

#[test]
fn an_undone_move_is_a_new_version_and_the_table_as_before_it() {
    let mut memory_undos = 0;
    for preset in [
        Preset::Schnapsen,
        Preset::SixtySix,
        Preset::Pedro,
        Preset::SixesAndSevens,
    ] {
        let mut table = practice(preset, true, 5);
        // From the second deal on, three of the person's moves in one deal.
        while table.deal_no() < 2 {
            step(&mut table);
        }
        let mut before_own = Vec::new();
        let mut deal = table.deal_no();
        while before_own.len() < 3 && !table.is_finished() {
            if table.deal_no() != deal {
                (deal, before_own) = (table.deal_no(), Vec::new());
            }
            if table.to_move() == Some(0) {
                before_own.push(table.version());
            }
            step(&mut table);
        }
        assert_eq!(before_own.len(), 3, "{preset:?}: the deal ended early");
        assert!(table.state(Viewer::Seat(0))["undo"] == true, "{preset:?}");
        let v = table.version();
        let checked = table.check(&Event::Undone { seat: 0 }).unwrap();
        table.apply_checked(checked).unwrap();
        assert_eq!(table.version(), v + 1, "{preset:?}: versions only grow");
        assert_eq!(table.log().last(), Some(&Event::Undone { seat: 0 }));
        assert_eq!(table.to_move(), Some(0));
        assert_eq!(table.undos(), 1);
        // What each viewer is sent for the undo names no card hidden from it.
        for viewer in common::viewers(&table) {
            let sent = table.project_last(viewer);
            // The deals played out are shown whole to all, by design.
            let mut state = sent.state;
            let map = state.as_object_mut().unwrap();
            map.remove("last_deal");
            map.remove("deals");
            let text = format!("{} {state}", sent.event);
            for card in table.hidden_for(viewer).iter() {
                assert!(
                    !text.contains(&format!("\"{card}\"")),
                    "{preset:?}: {viewer:?} is sent hidden {card} after an undo"
                );
            }
        }
        let then = Table::replay(&table.log()[..before_own[2] as usize]).unwrap();
        for viewer in common::viewers(&table) {
            assert_eq!(
                without_undos(table.state(viewer)),
                without_undos(then.state(viewer)),
                "{preset:?}: {viewer:?} sees the table as before the move"
            );
        }
        // After a crash the stored log gives the same table; a viewer who
        // left before the undo catches up to the same state.
        let again = Table::replay(table.log()).unwrap();
        assert_eq!(again.state(Viewer::Seat(0)), table.state(Viewer::Seat(0)));
        assert_eq!(again.undos(), 1);
        let missed = table.catch_up(v - 2, Viewer::Seat(0)).unwrap();
        let last = missed.last().unwrap();
        assert_eq!(last.event["kind"], "undone");
        assert_eq!(last.state, table.state(Viewer::Seat(0)));
        // Twice more, then nothing is left to take back in this deal.
        for _ in 0..2 {
            let checked = table.check(&Event::Undone { seat: 0 }).unwrap();
            table.apply_checked(checked).unwrap();
        }
        let then = Table::replay(&table.log()[..before_own[0] as usize]).unwrap();
        assert_eq!(
            without_undos(table.state(Viewer::Seat(0))),
            without_undos(then.state(Viewer::Seat(0)))
        );
        assert!(table.state(Viewer::Seat(0))["undo"] == false);
        let v = table.version();
        assert!(matches!(
            table.apply(&Event::Undone { seat: 0 }),
            Err(TableError::NothingToUndo(_))
        ));
        assert_eq!(table.version(), v, "a refused undo changes nothing");
        // The in-memory undo (terminal, engine) reads past `Undone` events:
        // after two more moves of the person, it takes back the last.
        let mut own = Vec::new();
        while own.len() < 2 && table.deal_no() == deal {
            if table.to_move() == Some(0) {
                own.push(table.version());
            }
            step(&mut table);
        }
        if own.len() == 2 {
            memory_undos += 1;
            let mut memory = table.clone();
            memory.undo(Some(0)).unwrap();
            assert_eq!(
                without_undos(memory.state(Viewer::Seat(0))),
                without_undos(
                    Table::replay(&table.log()[..own[1] as usize])
                        .unwrap()
                        .state(Viewer::Seat(0))
                ),
                "{preset:?}"
            );
        }
        // Play goes on to the end.
        while !table.is_finished() {
            step(&mut table);
        }
        let v = table.version();
        assert_eq!(
            table.apply(&Event::Undone { seat: 0 }),
            Err(TableError::Finished)
        );
        assert_eq!(table.version(), v);
        assert_eq!(
            Table::replay(table.log()).unwrap().state(Viewer::Spectator),
            table.state(Viewer::Spectator)
        );
    }
    assert!(
        memory_undos >= 2,
        "the in-memory undo was checked {memory_undos} times"
    );
}

#[test]
fn only_the_one_person_at_a_table_of_bots_takes_moves_back() {
    let mut table = practice(Preset::Schnapsen, false, 9);
    let v = table.version();
    let said = |r: Result<_, TableError>| r.unwrap_err().to_string();
    assert!(said(table.check(&Event::Undone { seat: 0 })).contains("nothing to undo"));
    while table.to_move() != Some(1) || table.actions().is_empty() {
        step(&mut table);
    }
    let v_bot = table.version();
    let e = table
        .apply(&Event::Undone { seat: 1 })
        .unwrap_err()
        .to_string();
    assert!(e.contains("a person's own moves"), "{e}");
    assert_eq!(table.version(), v_bot);
    assert!(table.version() > v);
    // Two people: taking back needs both, so neither may.
    let mut config = table.config().clone();
    config.seats[1] = SeatSpec::Person { name: None };
    let mut friends = Table::new(config).unwrap();
    while friends.actions().len() < 2 {
        let seat = friends.to_move().unwrap();
        let action = friends.game().unwrap().legal_actions()[0].clone();
        let checked = friends
            .check_action(seat, &action, Actor::Person, None)
            .unwrap();
        friends.apply_checked(checked).unwrap();
    }
    for seat in [0, 1] {
        let e = said(friends.check(&Event::Undone { seat }));
        assert!(e.contains("one person and bots"), "{e}");
        assert!(friends.state(Viewer::Seat(seat))["undo"] == false);
    }
    // A log that says otherwise is refused as damaged.
    let mut log = friends.log().to_vec();
    log.push(Event::Undone { seat: 0 });
    assert!(Table::replay(&log).is_err());
}

/// A deal takes back at most `MAX_UNDOS_A_DEAL` moves: a client cannot
/// make the log grow for ever by moving and taking back.
#[test]
fn a_deal_takes_back_a_bounded_number_of_moves() {
    let mut table = practice(Preset::SixtySix, false, 3);
    while table.to_move() != Some(0) {
        step(&mut table);
    }
    for _ in 0..MAX_UNDOS_A_DEAL {
        step(&mut table);
        let checked = table.check_undo(0, None).unwrap();
        table.apply_checked(checked).unwrap();
    }
    step(&mut table);
    let v = table.version();
    let e = table.check_undo(0, None).unwrap_err();
    assert!(e.to_string().contains("as many moves as a deal may"), "{e}");
    assert!(table.state(Viewer::Seat(0))["undo"] == false);
    assert_eq!(table.version(), v);
    assert_eq!(table.undos(), MAX_UNDOS_A_DEAL as u64);
    // The cap is a new request's: a log with more (stored before it, say)
    // replays.
    table.apply(&Event::Undone { seat: 0 }).unwrap();
    let again = Table::replay(table.log()).unwrap();
    assert_eq!(again.undos(), MAX_UNDOS_A_DEAL as u64 + 1);
    assert_eq!(again.state(Viewer::Seat(0)), table.state(Viewer::Seat(0)));
}
