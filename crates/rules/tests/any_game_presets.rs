//! Every preset (and every Sixes and Sevens table size) through the text
//! front end: seeded deals played to the end with random legal actions
//! given as text, so every action's notation must read back as itself.

use talon_cards::Seat;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{AnyGame, Preset, Setup};

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
        let a = &legal[below(&mut rng, legal.len() as u64) as usize];
        g.play(a)
            .unwrap_or_else(|e| panic!("{preset} seed {seed}: {a:?} refused: {e}"));
        for s in 0..g.seats() {
            g.observe(Seat(s)).unwrap();
        }
        steps += 1;
        assert!(steps < 1000);
    }
    assert!(g.observe(Seat(g.seats())).is_err());
    let s = g.summary().expect("a finished deal has a summary");
    assert_eq!(s.score.len(), g.seats() as usize);
    assert_eq!(s.points.len(), g.seats() as usize);
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
