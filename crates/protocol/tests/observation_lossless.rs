//! A seat's observation as JSON loses nothing: within one game, two
//! different observations never share a JSON text. The Python package's
//! information-state string is this text, and tabular algorithms key on it.

use std::collections::HashMap;
use talon_cards::Seat;
use talon_protocol::observation_json;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{AnyGame, AnyObservation, Preset, Setup};

/// Every seat's observation at every step of `deals` random deals, keyed
/// by its JSON; panics on two observations with one text.
fn check(preset: Preset, options: &[(String, String)], deals: u64) -> usize {
    let mut seen: HashMap<String, AnyObservation> = HashMap::new();
    for seed in 0..deals {
        let mut g = AnyGame::new(preset, options, &Setup::Seed(seed)).unwrap();
        let mut rng = rng_from_seed(seed ^ 0x5eed);
        loop {
            for s in 0..g.seats() {
                let obs = g.observe(Seat(s)).unwrap();
                let text = observation_json(&obs).to_string();
                if let Some(before) = seen.get(&text) {
                    assert_eq!(
                        before, &obs,
                        "{preset} {options:?}: two observations read {text}"
                    );
                } else {
                    seen.insert(text, obs);
                }
            }
            if g.to_move().is_none() {
                break;
            }
            let legal = g.legal_actions();
            let a = &legal[below(&mut rng, legal.len() as u64) as usize];
            g.play(a).unwrap();
        }
    }
    seen.len()
}

#[test]
fn every_preset_observation_reads_as_itself_in_json() {
    for preset in Preset::ALL {
        let distinct = check(preset, &[], 150);
        assert!(distinct > 1000, "{preset}: only {distinct} observations");
    }
}

/// Options whose effects the JSON must carry too: the widow laid away in
/// three-hand North American Sixty-six (its order is the taker's own
/// memory), every Sixes and Sevens size, Pedro's kitty and its excess
/// trumps given or discarded.
#[test]
fn observations_of_optional_rules_read_as_themselves() {
    let o = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    };
    check(Preset::NaSixtySix3, &o(&[("widow", "exchange")]), 150);
    for players in ["3", "5", "6"] {
        check(Preset::SixesAndSevens, &o(&[("players", players)]), 60);
    }
    check(
        Preset::Pedro,
        &o(&[("kitty", "4"), ("excess", "give")]),
        100,
    );
    check(Preset::SixtyThree, &o(&[("excess", "discard")]), 100);
}
