//! The Pedro-family search bot beats the heuristic bot. A statistical test
//! on seeded duplicate deals: each deal is played twice, the search bot
//! in seats 0 and 2 and then in seats 1 and 3, so the cards even out;
//! budgets are small so it runs quickly in debug builds.

use talon_bots::{BidPlay, Bot, PedroHeuristic, PedroSearchBot, PedroSearchConfig};
use talon_cards::Seat;
use talon_rules::pedro::{Pedro, PedroOptions};
use talon_rules::{ActionList, Game};

fn play(mut g: Pedro, bots: &mut [&mut dyn Bot<Pedro>; 4]) -> [i32; 4] {
    let mut legal = ActionList::new();
    while let Some(seat) = g.to_move() {
        g.legal_actions(&mut legal);
        let obs = g.observe(seat);
        let a = bots[seat.index()].choose(&obs, &legal);
        g.play(a).expect("bots choose legal actions");
    }
    let r = g.returns().expect("over");
    [r[0], r[1], r[2], r[3]]
}

/// Mean score margin per deal of the search side over the heuristic side.
fn margin(opts: PedroOptions, pairs: u64) -> (f64, f64) {
    let config = PedroSearchConfig {
        bid_samples: 16,
        iterations: 150,
        time_limit_ms: 60_000,
        bid_play: BidPlay::Policy,
    };
    let t = f64::from(opts.total_points());
    let mut a = PedroSearchBot::new("search", config, 0.5 * t, 1);
    let mut b = PedroSearchBot::new("search", config, 0.5 * t, 2);
    let (mut h1, mut h2) = (PedroHeuristic, PedroHeuristic);
    let mut margins = Vec::new();
    for seed in 0..pairs {
        let deal = || Pedro::from_seed(seed, opts, Seat((seed % 4) as u8));
        let r = play(deal(), &mut [&mut a, &mut h1, &mut b, &mut h2]);
        let s = play(deal(), &mut [&mut h1, &mut a, &mut h2, &mut b]);
        margins.push(f64::from((r[0] - r[1]) + (s[1] - s[0])) / 2.0);
    }
    let n = margins.len() as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let var = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

// Measured in release with these budgets: see docs/strength.md. The
// threshold asks for a clearly positive margin (more than two standard
// errors above zero) rather than the measured size.

#[test]
fn search_beats_heuristic_sixty_three() {
    let (m, se) = margin(PedroOptions::SIXTY_THREE, 30);
    eprintln!("sixty-three: search - heuristic {m:+.1} ± {se:.1} points a deal");
    assert!(m > 2.0 * se && m > 5.0, "margin {m:+.1} ± {se:.1}");
}

#[test]
fn search_beats_heuristic_eighty_three() {
    let (m, se) = margin(PedroOptions::EIGHTY_THREE, 20);
    eprintln!("eighty-three: search - heuristic {m:+.1} ± {se:.1} points a deal");
    assert!(m > 2.0 * se && m > 5.0, "margin {m:+.1} ± {se:.1}");
}

#[test]
fn named_pedro_bots_play_every_preset() {
    use talon_bots::AnyBot;
    use talon_rules::Preset;
    for preset in Preset::PEDRO_FAMILY {
        for name in talon_bots::bot_names(preset) {
            let bot = AnyBot::new(name, preset, 1).expect("known name");
            assert_eq!(bot.name(), name);
        }
        assert_eq!(talon_bots::strongest(preset), "expert");
    }
}
