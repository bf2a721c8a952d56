//! How deals end between two equal players: the expert against itself on
//! seeded lone deals, the first leader's game points tallied from −3 to +3.
//! These frequencies feed the match-equity table
//! (`talon_rules::sixty_six::equity`), which turns a deal's outcome into
//! the chance of winning the match.
//!
//! cargo run --release -p talon-bots --example deal_outcomes -- schnapsen 2000

use talon_bots::by_name;
use talon_cards::Seat;
use talon_rules::sixty_six::SixtySix;
use talon_rules::{Game, Preset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("schnapsen", |s| s)).expect("a preset");
    let deals: u64 = args.get(2).map_or(1000, |s| s.parse().expect("a count"));
    let bot = args.get(3).map_or("expert-2026-11", |s| s.as_str());
    let opts = preset.sixty_six_defaults();
    let mut counts = [0u64; 7];
    for seed in 0..deals {
        // Seat 1 deals, so seat 0 leads the first trick.
        let mut game = SixtySix::from_seed(seed, opts, Seat(1));
        let mut bots = [
            by_name(bot, seed * 2).expect("a bot"),
            by_name(bot, seed * 2 + 1).expect("a bot"),
        ];
        for b in &mut bots {
            b.set_time_limit(None);
        }
        while let Some(seat) = game.to_move() {
            let mut legal = talon_rules::ActionList::new();
            game.legal_actions(&mut legal);
            let a = bots[seat.index()].choose(&game.observe(seat), &legal);
            game.play_unchecked(a);
        }
        let v = game.returns().expect("over")[0];
        counts[(v + 3) as usize] += 1;
    }
    let n = deals as f64;
    println!("{preset:?}, {deals} deals of {bot} self-play, first leader's game points −3..3:");
    println!("counts {counts:?}");
    let freq: Vec<String> = counts
        .iter()
        .map(|&c| format!("{:.4}", c as f64 / n))
        .collect();
    println!("frequencies [{}]", freq.join(", "));
}
