//! Move times of a bot by preset: plays seeded deals with the bot in every
//! seat and reports the mean, p90 and maximum time per decision.
//!
//! cargo run --release -p talon-bots --example move_time -- na-sixty-six expert 20
//!
//! `--unlimited` (anywhere) lifts the bot's safety time limit, as the
//! arena does. The digest of the moves played tells whether two runs (with
//! and without the limit, or two builds) played the same.

use std::time::Instant;
use talon_bots::AnyBot;
use talon_rules::{AnyGame, Preset, Setup};

fn main() {
    let mut args: Vec<String> = std::env::args().collect();
    let unlimited = args.iter().any(|a| a == "--unlimited");
    args.retain(|a| a != "--unlimited");
    let preset = Preset::from_name(args.get(1).map_or("na-sixty-six", |s| s)).expect("a preset");
    let name = args.get(2).map_or("expert", |s| s.as_str());
    let deals: u64 = args.get(3).map_or(20, |s| s.parse().expect("a count"));
    let options: Vec<(String, String)> = args[4.min(args.len())..]
        .iter()
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("name=value");
            (k.to_string(), v.to_string())
        })
        .collect();
    let mut times = Vec::new();
    // FNV-1a over the moves' notation.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..deals {
        let mut game = AnyGame::new(preset, &options, &Setup::Seed(seed)).expect("a game");
        let mut bot = AnyBot::new(name, preset, seed).expect("a bot");
        if unlimited {
            bot.set_time_limit(None);
        }
        while game.to_move().is_some() {
            let t = Instant::now();
            let a = bot.choose(&game).expect("a move");
            times.push(t.elapsed().as_secs_f64() * 1e3);
            for b in a.bytes().chain([b' ']) {
                digest = (digest ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
            game.play(&a).expect("a legal move");
        }
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{preset:?} {name}{}: {} decisions, mean {mean:.1} ms, p90 {:.1} ms, max {:.1} ms, moves {digest:016x}",
        if unlimited { " (no time limit)" } else { "" },
        times.len(),
        times[times.len() * 9 / 10],
        times[times.len() - 1]
    );
}
