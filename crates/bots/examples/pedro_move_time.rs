//! Move times of a Pedro-family bot, per phase: plays seeded deals with
//! the bot in every seat and prints the median, 95th percentile and
//! maximum time per decision (decisions with one legal action excluded).
//!
//! cargo run --release -p talon-bots --example pedro_move_time -- sixty-three expert 20

use std::time::Instant;
use talon_bots::AnyBot;
use talon_cards::Seat;
use talon_rules::pedro::{try_sample, Pedro, Phase};
use talon_rules::shuffle::rng_from_seed;
use talon_rules::{ActionList, Game, Preset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("sixty-three", |s| s)).expect("preset");
    let name = args.get(2).map_or("expert", |s| s.as_str());
    let deals: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let opts = preset.pedro_defaults();
    let mut times: [Vec<f64>; 3] = Default::default();
    // Observations at decisions for which the sampler found no exactly
    // consistent state (the search then uses its approximate fallback).
    let (mut checked, mut missed) = (0, 0);
    let mut rng = rng_from_seed(9);
    for seed in 0..deals {
        let mut bots: Vec<_> = (0..4)
            .map(
                |s| match AnyBot::new(name, preset, seed * 4 + s).expect("bot") {
                    AnyBot::Pedro(b) => b,
                    _ => unreachable!(),
                },
            )
            .collect();
        let mut g = Pedro::from_seed(seed, opts, Seat((seed % 4) as u8));
        let mut legal = ActionList::new();
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            let obs = g.observe(seat);
            checked += 1;
            if try_sample(&obs, &mut rng).is_none() {
                missed += 1;
            }
            let t = Instant::now();
            let a = bots[seat.index()].choose(&obs, &legal);
            let ms = t.elapsed().as_secs_f64() * 1e3;
            if legal.len() > 1 {
                let k = match g.phase() {
                    Phase::Auction | Phase::Trump => 0,
                    Phase::Reduce => 1,
                    _ => 2,
                };
                times[k].push(ms);
            }
            g.play(a).expect("legal");
        }
    }
    println!(
        "{}: no consistent sample at {missed} of {checked} decisions",
        preset.name()
    );
    for (label, t) in ["auction/trump", "reduce", "play"]
        .iter()
        .zip(times.iter_mut())
    {
        if t.is_empty() {
            continue;
        }
        t.sort_by(f64::total_cmp);
        let q = |p: f64| t[((t.len() - 1) as f64 * p) as usize];
        println!(
            "{} {name} {label:14} n={:5} median {:6.2} ms  p95 {:6.2} ms  max {:6.2} ms",
            preset.name(),
            t.len(),
            q(0.5),
            q(0.95),
            q(1.0)
        );
    }
}
