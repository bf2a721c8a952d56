//! The heuristic bots beat random play in every preset, on duplicate deals
//! (each deal once per seating). A statistical check with a wide margin.

use talon_bots::AnyBot;
use talon_cards::Seat;
use talon_rules::{AnyGame, Preset, Setup};

/// Heuristic's mean score minus random's over `deals` duplicate deals.
fn margin(preset: Preset, deals: u64) -> f64 {
    let seats = AnyGame::new(preset, &[], &Setup::Seed(0)).unwrap().seats();
    let mut total = 0.0;
    for seed in 0..deals {
        for flip in [false, true] {
            let mut game = AnyGame::new(preset, &[], &Setup::Seed(seed)).unwrap();
            let heuristic_seat = |s: u8| s.is_multiple_of(2) != flip;
            let mut bots: Vec<AnyBot> = (0..seats)
                .map(|s| {
                    let name = if heuristic_seat(s) {
                        "heuristic"
                    } else {
                        "random"
                    };
                    AnyBot::new(name, preset, seed * 8 + u64::from(s)).unwrap()
                })
                .collect();
            while let Some(seat) = game.to_move() {
                let a = bots[seat.index()].choose(&game).unwrap();
                game.play(&a).unwrap();
            }
            let score = game.summary().unwrap().score;
            let (mut h, mut r, mut nh, mut nr) = (0.0, 0.0, 0.0, 0.0);
            for s in 0..seats {
                let v = f64::from(score[Seat(s).index()]);
                if heuristic_seat(s) {
                    h += v;
                    nh += 1.0;
                } else {
                    r += v;
                    nr += 1.0;
                }
            }
            total += h / nh - r / nr;
        }
    }
    total / (2 * deals) as f64
}

#[test]
fn heuristic_beats_random_in_every_preset() {
    for preset in Preset::ALL {
        let m = margin(preset, 60);
        assert!(m > 0.0, "{preset}: heuristic's margin over random is {m}");
    }
}
