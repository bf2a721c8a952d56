//! Every preset (and every Sixes and Sevens table size) through the text
//! front end: seeded deals played to the end with random legal actions
//! given as text, so every action's notation must read back as itself.

use talon_cards::Seat;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{AnyGame, AnyMatch, Family, OptionKind, Preset, Ruleset, Setup};

/// The actions the game's own error lists for text it cannot read.
fn listed_actions(g: &mut AnyGame) -> String {
    let before = g.legal_actions();
    let err = g.play("?").expect_err("\"?\" is no action").to_string();
    assert_eq!(
        g.legal_actions(),
        before,
        "an unreadable action changed the game"
    );
    let (_, list) = err
        .split_once("actions are ")
        .unwrap_or_else(|| panic!("{err:?} lists no actions"));
    list.to_string()
}

/// How `listed_actions` names the kind of a legal action in notation.
fn kind_of(action: &str) -> &str {
    let first = action.split_whitespace().next().unwrap_or(action);
    if action == "bid double" {
        "bid double"
    } else if action.ends_with('+') {
        "a marriage lead"
    } else if first.parse::<talon_cards::Card>().is_ok() {
        "a card"
    } else if first.len() == 2 && first.starts_with('M') {
        "a marriage"
    } else {
        first
    }
}

fn play_out(preset: Preset, options: &[(String, String)], seed: u64) {
    let mut g = AnyGame::new(preset, options, &Setup::Seed(seed)).unwrap();
    let mut rng = rng_from_seed(seed);
    let deal = g.deal_text();
    let again = AnyGame::new(preset, options, &Setup::Deal(deal.clone()))
        .unwrap_or_else(|e| panic!("{preset}: deal text {deal:?} does not read back: {e}"));
    assert_eq!(again.deal_text(), deal);
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        assert!(seat.0 < g.seats());
        let legal = g.legal_actions();
        assert!(
            !legal.is_empty(),
            "{preset} seed {seed}: no action for seat {seat}"
        );
        // A person told what to type is told only of what this game has,
        // and of every kind of action it offers.
        let listed = listed_actions(&mut g);
        for a in &legal {
            assert!(
                listed.contains(kind_of(a)),
                "{preset} {options:?}: {a:?} is legal, but the notation help lists only {listed:?}"
            );
        }
        let a = &legal[below(&mut rng, legal.len() as u64) as usize];
        g.play(a)
            .unwrap_or_else(|e| panic!("{preset} seed {seed}: {a:?} refused: {e}"));
        for s in 0..g.seats() {
            // Every trick is played face up: each seat's observation
            // tells the tricks as the game does.
            let obs = g.observe(Seat(s)).unwrap();
            assert_eq!(
                obs.tricks_played(),
                g.tricks_played(),
                "{preset} seed {seed}"
            );
            assert_eq!(obs.last_trick(), g.last_trick(), "{preset} seed {seed}");
        }
        steps += 1;
        assert!(steps < 1000);
    }
    assert!(g.observe(Seat(g.seats())).is_err());
    let s = g.summary().expect("a finished deal has a summary");
    assert_eq!(s.score.len(), g.seats() as usize);
    assert_eq!(s.points.len(), g.seats() as usize);
    // The returns lie within the rules' bounds, and add up as they say.
    let rules = Ruleset::new(preset, options).unwrap();
    let (lo, hi) = rules.return_bounds();
    let returns = g.returns().expect("a finished deal has returns");
    for &r in returns.iter() {
        assert!(
            (lo..=hi).contains(&r),
            "{preset} {options:?} seed {seed}: {returns:?} outside {lo}..={hi}"
        );
    }
    if let Some(sum) = rules.return_sum() {
        assert_eq!(returns.iter().sum::<i32>(), sum, "{preset} {options:?}");
    }
}

#[test]
fn every_preset_plays_through_text() {
    for preset in Preset::ALL {
        for seed in 0..40 {
            play_out(preset, &[], seed);
        }
    }
}

#[test]
fn sixes_and_sevens_every_table_size() {
    for players in 3..=6 {
        let opts = vec![
            ("players".to_string(), players.to_string()),
            ("ace_wild".to_string(), "true".to_string()),
        ];
        for seed in 0..20 {
            play_out(Preset::SixesAndSevens, &opts, seed);
        }
        let g = AnyGame::new(Preset::SixesAndSevens, &opts, &Setup::Seed(1)).unwrap();
        assert_eq!(g.seats(), players);
    }
}

#[test]
fn unknown_options_are_refused() {
    for preset in [
        Preset::NaSixtySix,
        Preset::NaSixtySix3,
        Preset::SixesAndSevens,
    ] {
        let bad = vec![("no_such".to_string(), "1".to_string())];
        assert!(AnyGame::new(preset, &bad, &Setup::Seed(1)).is_err());
        for spec in preset.option_specs() {
            let bad = vec![(spec.name.to_string(), "not-a-value".to_string())];
            let e = AnyGame::new(preset, &bad, &Setup::Seed(1)).unwrap_err();
            assert!(e.to_string().contains(spec.name), "{e}");
        }
    }
}

/// The values worth trying of one option: both booleans, an int's ends
/// and middle, every choice.
fn values_of(kind: &OptionKind) -> Vec<String> {
    match kind {
        OptionKind::Bool => vec!["true".into(), "false".into()],
        OptionKind::Int { min, max } => {
            vec![
                min.to_string(),
                ((min + max) / 2).to_string(),
                max.to_string(),
            ]
        }
        OptionKind::Choice(names) => names.iter().map(|n| n.to_string()).collect(),
    }
}

/// A decided match's winners: the winner first, then its partner, or
/// every seat sharing first place; nobody else.
fn winners_agree(preset: Preset, sheet: &AnyMatch, winner: Seat) {
    let winners = sheet.winners().expect("a match with a winner has winners");
    assert_eq!(winners.first(), Some(&winner), "{preset}: {winners:?}");
    let scores = sheet.scores();
    for s in 0..scores.len() as u8 {
        let won = winners.contains(&Seat(s));
        if preset.partnerships() {
            assert_eq!(won, s % 2 == winner.0 % 2, "{preset}: {winners:?}");
        } else if preset.family() != Family::Sevens {
            assert_eq!(won, s == winner.0, "{preset}: {winners:?}");
        } else {
            // Sixes and Sevens: first place by its own rule (most or fewest).
            assert_eq!(
                won,
                scores[s as usize] == scores[winner.index()],
                "{preset}: {scores:?}"
            );
        }
    }
}

/// Every value of every option of every preset that the rules accept
/// plays seeded deals to the end, and whole matches too: an option the
/// validation lets through must never break the play later.
#[test]
fn every_accepted_option_value_plays_deals_and_matches() {
    let mut tried = 0;
    for preset in Preset::ALL {
        for spec in preset.option_specs() {
            for value in values_of(&spec.kind) {
                let options = vec![(spec.name.to_string(), value.clone())];
                // A game one may choose (`Ruleset::new`), else refused
                // with a reason (checked elsewhere).
                if Ruleset::new(preset, &options).is_err() {
                    continue;
                }
                tried += 1;
                for seed in 0..4 {
                    play_out(preset, &options, seed);
                }
                let mut sheet = AnyMatch::new(preset, &options, 7)
                    .unwrap_or_else(|e| panic!("{preset} {}={value}: {e}", spec.name));
                let mut rng = rng_from_seed(7);
                for deal in 0..30u64 {
                    if let Some(w) = sheet.winner() {
                        winners_agree(preset, &sheet, w);
                        break;
                    }
                    let mut g = sheet.next_deal(deal);
                    while g.to_move().is_some() {
                        let legal = g.legal_actions();
                        let a = &legal[below(&mut rng, legal.len() as u64) as usize];
                        g.play(a).unwrap_or_else(|e| {
                            panic!("{preset} {}={value}: {a:?} refused: {e}", spec.name)
                        });
                    }
                    sheet.record(&g).unwrap_or_else(|e| {
                        panic!(
                            "{preset} {}={value}: deal {deal} not booked: {e}",
                            spec.name
                        )
                    });
                }
            }
        }
    }
    assert!(tried > 200, "only {tried} option values tried");
}

/// Random mixes of option values (seeded): every mix the rules accept
/// plays seeded deals to the end.
#[test]
fn random_mixes_of_option_values_play_out_when_accepted() {
    let mut accepted = 0;
    for preset in Preset::ALL {
        let mut rng = rng_from_seed(preset as u64);
        for _ in 0..60 {
            let mut options: Vec<(String, String)> = Vec::new();
            for spec in preset.option_specs() {
                if below(&mut rng, 3) == 0 {
                    let values = values_of(&spec.kind);
                    let v = values[below(&mut rng, values.len() as u64) as usize].clone();
                    options.push((spec.name.to_string(), v));
                }
            }
            if Ruleset::new(preset, &options).is_err() {
                continue;
            }
            accepted += 1;
            for seed in 0..3 {
                play_out(preset, &options, seed);
            }
        }
    }
    assert!(accepted > 300, "only {accepted} mixes accepted");
}
