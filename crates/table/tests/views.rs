//! What each viewer of a table is sent: a seat its own hand, a spectator
//! what every seat shares and nothing a seat alone saw, memory play's
//! states, and the cards an action names.

mod common;

use common::{bots_table, viewers};
use talon_rules::Preset;
use talon_table::{cards_named, run_bots, SeatBots, Table, TableConfig, Viewer};

/// The state names the game and says whether the seats play as sides.
#[test]
fn the_state_says_the_title_and_whether_seats_are_partners() {
    for preset in Preset::ALL {
        let table = bots_table(preset, "random", false, 1);
        let state = table.state(Viewer::Spectator);
        assert_eq!(state["title"], preset.title());
        let sides = matches!(preset.name(), "na-sixty-six" | "sixty-six-4")
            || Preset::PEDRO_FAMILY.contains(&preset);
        assert_eq!(state["partners"], sides, "{}", preset.name());
    }
}

#[test]
fn views_show_each_seat_its_own_hand_and_a_spectator_none() {
    for &preset in &Preset::ALL {
        let table = bots_table(preset, "random", false, 11);
        for v in viewers(&table) {
            let hidden = table.hidden_for(v);
            let text = table.state(v).to_string();
            for card in hidden.iter() {
                assert!(
                    !text.contains(&format!("\"{card}\"")),
                    "{} {v:?} sees hidden {card}",
                    preset.name()
                );
            }
        }
        let own = table.state(Viewer::Seat(0));
        assert!(!own["observation"]["hand"].as_array().unwrap().is_empty());
        assert!(table.state(Viewer::Spectator)["observation"]
            .get("hand")
            .is_none());
    }
}

/// Every key of `value`, at any depth.
fn keys(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn a_spectator_never_sees_a_seats_private_record() {
    // What a seat alone saw (its draws, its face-down discards, its
    // lay-away) stays out of the spectator's view even after the cards
    // themselves are played face up. (The widow: the test below.)
    let private = [
        "hand",
        "own_discards",
        "laid_away",
        "laid_away_order",
        "drawn",
        "own_cards",
    ];
    for (i, &preset) in Preset::ALL.iter().enumerate() {
        let mut table = bots_table(preset, "random", false, 40 + i as u64);
        let mut bots = SeatBots::for_table(&table).unwrap();
        bots.count_budgets_only();
        let mut seen_own = false;
        run_bots(&mut table, &mut bots, |_, _, t| {
            let mut found = Vec::new();
            keys(&t.state(Viewer::Spectator), &mut found);
            for k in &private {
                assert!(
                    !found.iter().any(|f| f == k),
                    "{} spectator sees {k}",
                    preset.name()
                );
            }
            let mut own = Vec::new();
            keys(&t.state(Viewer::Seat(0)), &mut own);
            seen_own |= own.iter().any(|k| k == "own_cards" || k == "drawn");
        })
        .unwrap();
        // The check can fail: seat 0's own view does hold such records.
        if matches!(preset.name(), "sixty-six" | "sixty-three" | "pedro") {
            assert!(
                seen_own,
                "{}: seat 0 never saw a record of its own",
                preset.name()
            );
        }
    }
}

/// The spectator is shown exactly what every seat shares: each field of
/// its observation (those relative to a seat aside) is the same in every
/// seat's, the record too once a seat's own cards are taken out of it.
#[test]
fn a_spectator_sees_what_every_seat_shares() {
    let relative = ["seat", "opponent_known", "opponent_hand_size", "widow"];
    let strip_own = |mut v: serde_json::Value| {
        if let Some(events) = v.as_array_mut() {
            for e in events.iter_mut().filter_map(|e| e.as_object_mut()) {
                e.remove("own_cards");
            }
        }
        v
    };
    for (i, &preset) in Preset::ALL.iter().enumerate() {
        let mut table = bots_table(preset, "random", false, 70 + i as u64);
        let mut bots = SeatBots::for_table(&table).unwrap();
        bots.count_budgets_only();
        run_bots(&mut table, &mut bots, |_, _, t| {
            let public = t.state(Viewer::Spectator)["observation"].clone();
            let fields = public.as_object().expect("an observation");
            for seat in 0..t.seats() {
                let own = t.state(Viewer::Seat(seat))["observation"].clone();
                for (key, value) in fields
                    .iter()
                    .filter(|(k, _)| !relative.contains(&k.as_str()))
                {
                    assert_eq!(
                        strip_own(own[key].clone()),
                        *value,
                        "{}: {key} differs between the spectator and seat {seat}",
                        preset.name()
                    );
                }
            }
        })
        .unwrap();
    }
}

/// A widow turned up for everyone once won is public: spectators see it
/// then (and never before, nor the widow its winner alone saw).
#[test]
fn a_spectator_sees_a_widow_shown_to_everyone() {
    for shown in [true, false] {
        let options = [("widow_shown".to_string(), shown.to_string())];
        let config = TableConfig::bots(
            Preset::NaSixtySix3,
            &options,
            &["random".to_string()],
            false,
            3,
        )
        .expect("valid");
        let mut table = Table::new(config).expect("opens");
        let mut bots = SeatBots::for_table(&table).unwrap();
        bots.count_budgets_only();
        let mut seen = None;
        run_bots(&mut table, &mut bots, |_, _, t| {
            let state = t.state(Viewer::Spectator);
            let widow = state["observation"].get("widow").filter(|w| !w.is_null());
            if let Some(widow) = widow {
                let cards: Vec<String> =
                    serde_json::from_value(widow.clone()).expect("the widow's cards, none blanked");
                // The same cards every seat sees.
                for seat in 0..3 {
                    let own = t.state(Viewer::Seat(seat));
                    assert_eq!(own["observation"]["widow"], *widow, "seat {seat}");
                }
                seen.get_or_insert(cards);
            }
        })
        .unwrap();
        assert_eq!(
            seen.is_some_and(|c| !c.is_empty()),
            shown,
            "widow_shown={shown}"
        );
    }
}

#[test]
fn an_action_names_its_cards() {
    let named = |s: &str| {
        cards_named(s)
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(named("QH"), ["QH"]);
    assert_eq!(named("KH+"), ["KH"]);
    assert_eq!(named("discard 5C"), ["5C"]);
    assert!(named("pass").is_empty());
    assert!(named("bid double").is_empty());
    assert!(named("trump C").is_empty());
    assert!(named("close").is_empty());
}

/// Memory play: while a deal is played no state shows past tricks,
/// points or earlier knowledge; the trick just taken stays in view until
/// the next lead; the finished deal shows everything.
#[test]
fn memory_play_shows_no_past_while_a_deal_is_played() {
    for preset in [
        Preset::Schnapsen,
        Preset::SixtyThree,
        Preset::NaSixtySix,
        Preset::SixesAndSevens,
    ] {
        let mut config =
            TableConfig::bots(preset, &[], &["random".into()], false, 4).expect("valid");
        config.memory = true;
        let mut table = Table::new(config).unwrap();
        let mut bots = SeatBots::for_table(&table).unwrap();
        bots.count_budgets_only();
        let (mut kept, mut hidden) = (0, 0);
        while table.game().is_some_and(|g| g.summary().is_none()) {
            for viewer in viewers(&table) {
                let state = table.state(viewer);
                assert_eq!(state["memory"], true);
                let obs = &state["observation"];
                for key in [
                    "tricks",
                    "events",
                    "points",
                    "card_points",
                    "trick_points",
                    "marriages",
                ] {
                    assert!(obs.get(key).is_none(), "{preset:?}: {key} in {obs}");
                }
                let on_table = obs["trick"].as_array().is_some_and(|t| !t.is_empty())
                    || !obs["lead_card"].is_null() && obs.get("lead_card").is_some();
                if on_table {
                    assert!(
                        state["last_trick"].is_null(),
                        "{preset:?}: a past trick shown"
                    );
                    hidden += 1;
                } else if !state["last_trick"].is_null() {
                    kept += 1;
                }
            }
            let event = bots.decide(&table).expect("a bot moves");
            table.apply(&event).unwrap();
        }
        assert!(
            kept > 0 && hidden > 0,
            "{preset:?}: {kept} kept, {hidden} hidden"
        );
        let end = &table.state(Viewer::Seat(0))["observation"];
        assert!(
            end.get("tricks").is_some() || end.get("events").is_some(),
            "{preset:?}: the finished deal shows its tricks: {end}"
        );
    }
}

/// The last deal shows the whole pack: every seat's hand as dealt and
/// the undealt cards by name, each card once.
#[test]
fn the_last_deal_shows_the_hands_and_the_undealt_cards() {
    for preset in Preset::ALL {
        let mut table = bots_table(preset, "random", false, 3);
        common::play_out(&mut table);
        let state = table.state(Viewer::Spectator);
        let deal = &state["last_deal"];
        let mut seen: Vec<String> = Vec::new();
        for hand in deal["hands"].as_object().unwrap().values() {
            seen.extend(hand.as_array().unwrap().iter().map(|c| c.to_string()));
        }
        let mut names = Vec::new();
        for part in deal["undealt"].as_array().unwrap() {
            names.push(part["name"].as_str().unwrap().to_string());
            let cards = part["cards"].as_array().unwrap();
            assert!(
                !cards.is_empty(),
                "{}: an empty part is left out",
                preset.name()
            );
            seen.extend(cards.iter().map(|c| c.to_string()));
        }
        let pack = talon_rules::Ruleset::new(preset, &[]).unwrap().pack();
        let mut want: Vec<String> = pack.iter().map(|c| format!("\"{c}\"")).collect();
        seen.sort();
        want.sort();
        assert_eq!(seen, want, "{}", preset.name());
        let expected: &[&str] = match preset.name() {
            "sixty-six" | "schnapsen" | "schnapsen-vu" => &["talon", "trump card"],
            "king-pedro" | "eighty-three" => &["kitty"],
            "na-sixty-six-3" => &["widow"],
            // All 52 (Sixes and Sevens of four) or 24 and 32 cards dealt.
            "na-sixty-six" | "sixty-six-4" | "sixes-and-sevens" => &[],
            _ => &["stock"],
        };
        assert_eq!(names, expected, "{}", preset.name());
    }
}

/// What a bot played for a person who was away is in that person's state
/// until their own next move, and in no one else's.
#[test]
fn a_person_is_told_what_a_bot_played_for_them() {
    use talon_table::{Actor, SeatSpec};
    let names = ["random".to_string()];
    let mut config = TableConfig::bots(Preset::Schnapsen, &[], &names, false, 5).unwrap();
    config.seats = vec![
        SeatSpec::Person { name: None },
        SeatSpec::Person { name: None },
    ];
    let mut table = Table::new(config).unwrap();
    let act = |table: &mut Table, by: Actor| {
        let seat = table.to_move().unwrap();
        let action = table.game().unwrap().legal_actions()[0].clone();
        let checked = table.check_action(seat, &action, by, None).unwrap();
        table.apply_checked(checked).unwrap();
        (seat, action)
    };
    let state = |table: &Table, seat: u8| table.state(Viewer::Seat(seat))["stood_in"].clone();
    let (first, _) = act(&mut table, Actor::Person);
    assert_eq!(state(&table, first), serde_json::json!([]));
    // Stand-ins play for both seats until the first seat's turn has come
    // round twice: its two moves are kept for it, in order.
    let mut theirs = Vec::new();
    while theirs.len() < 2 {
        let (seat, action) = act(&mut table, Actor::StandIn);
        if seat == first {
            theirs.push(action);
        }
    }
    assert_eq!(state(&table, first), serde_json::json!(theirs));
    assert!(state(&table, 1 - first)
        .as_array()
        .unwrap()
        .iter()
        .all(|a| !theirs.contains(&a.as_str().unwrap().to_string())));
    assert_eq!(
        table.state(Viewer::Spectator)["stood_in"],
        serde_json::json!([])
    );
    // Back: the person's own move ends the list.
    while table.to_move() != Some(first) {
        act(&mut table, Actor::Person);
    }
    act(&mut table, Actor::Person);
    assert_eq!(state(&table, first), serde_json::json!([]));
}
