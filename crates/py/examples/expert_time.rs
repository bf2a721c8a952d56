//! The Rust side of the Python benchmark's expert move time: the expert's
//! first decision of `count` seeded deals, straight through `AnyBot`, as
//! `bench/bench.py` times it through `talon.Bot`.
//!
//! cargo run --release -p talon-py --example expert_time -- schnapsen 20

use std::time::Instant;
use talon_bots::AnyBot;
use talon_rules::{AnyGame, Preset, Setup};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset =
        Preset::from_name(args.get(1).map_or("schnapsen", String::as_str)).expect("preset");
    let count: u64 = args.get(2).map_or(20, |c| c.parse().expect("count"));
    let games: Vec<AnyGame> = (0..count)
        .map(|seed| AnyGame::new(preset, &[], &Setup::Seed(seed)).expect("deal"))
        .collect();
    let mut bot = AnyBot::new("expert", preset, 1).expect("expert");
    bot.set_time_limit(None);
    let start = Instant::now();
    for g in &games {
        std::hint::black_box(bot.choose(g));
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / count as f64;
    println!("{ms:.3}");
}
