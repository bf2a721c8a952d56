//! Duplicate-deal duel between two named bots, for measuring strength:
//! `cargo run --release -p talon-bots --example duel -- A B [preset] [deals] [first seed]`.
//! Each seeded deal is played twice with the seats swapped; prints A's
//! share of deals won, its mean game points per deal with a 95% interval,
//! and A's mean and max time per move.

use std::time::{Duration, Instant};
use talon_bots::{by_name, Bot};
use talon_cards::Seat;
use talon_rules::sixty_six::{Action, SixtySix, SixtySixObservation};
use talon_rules::Preset;

/// Wraps a bot to time its moves.
struct Timed {
    bot: Box<dyn Bot<SixtySix>>,
    total: Duration,
    max: Duration,
    moves: u32,
}

impl Bot<SixtySix> for Timed {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn choose(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        let t = Instant::now();
        let a = self.bot.choose(obs, legal);
        let e = t.elapsed();
        self.total += e;
        self.max = self.max.max(e);
        self.moves += 1;
        a
    }
}

/// A named bot, or a custom budget: `pimc-SAMPLES-NODES-ITERS`
/// (ISMCTS fallback iterations) or `ismcts-ITERS[-LEAFNODES]`, each
/// optionally followed by `-cX` (UCT exploration), `-eX` (rollout
/// epsilon) and, for PIMC, `-d` (solve while cards are still to be drawn,
/// too) for tuning runs.
fn make(name: &str, seed: u64) -> Box<dyn Bot<SixtySix>> {
    // Registered names first (`expert-2026-11` is not a custom budget).
    if let Ok(bot) = by_name(name, seed) {
        return bot;
    }
    let all: Vec<&str> = name.split('-').collect();
    let tweak = |prefix: char| -> Option<f64> {
        all.iter()
            .skip(1)
            .find_map(|p| p.strip_prefix(prefix).and_then(|v| v.parse().ok()))
    };
    let parts: Vec<&str> = all
        .iter()
        .copied()
        .filter(|p| !p.starts_with(['c', 'e', 'd']))
        .collect();
    let num = |i: usize| parts[i].parse::<u64>().expect("a number");
    let tuned = |mut config: talon_search::IsmctsConfig| {
        if let Some(c) = tweak('c') {
            config.exploration = c;
        }
        if let Some(e) = tweak('e') {
            config.rollout_epsilon = e;
        }
        config
    };
    match parts[0] {
        "pimc" if parts.len() == 4 => {
            let mut config = talon_bots::pimc_config(num(1) as u32, num(2), 1000);
            config.after_draws = !all.contains(&"d");
            Box::new(talon_bots::PimcBot::<SixtySix>::new(
                name,
                config,
                tuned(talon_bots::ismcts_config(num(3) as u32, 1000)),
                seed,
            ))
        }
        "ismcts" if (2..=3).contains(&parts.len()) => {
            let mut config = tuned(talon_bots::ismcts_config(num(1) as u32, 1000));
            if parts.len() == 3 {
                config.leaf_solve_nodes = num(2);
            }
            Box::new(talon_bots::IsmctsBot::<SixtySix>::new(name, config, seed))
        }
        _ => by_name(name, seed).expect("bot"),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (a, b) = (&args[1], &args[2]);
    let preset = Preset::from_name(args.get(3).map_or("schnapsen", |s| s)).expect("preset");
    let deals: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(200);
    // First deal seed, so several processes can share a run.
    let first: u64 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0);
    let opts = preset.sixty_six_defaults();
    let mut timed = Timed {
        bot: make(a, 1),
        total: Duration::ZERO,
        max: Duration::ZERO,
        moves: 0,
    };
    let mut other = make(b, 2);
    let (mut won, mut lost) = (0u32, 0u32);
    let mut points = Vec::new();
    for seed in first..first + deals {
        for a_seat in [Seat(0), Seat(1)] {
            let g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
            let r = if a_seat == Seat(0) {
                talon_bots::play_deal(g, [&mut timed, other.as_mut()])
            } else {
                talon_bots::play_deal(g, [other.as_mut(), &mut timed])
            };
            let v = r[a_seat.index()];
            won += u32::from(v > 0);
            lost += u32::from(v < 0);
            points.push(f64::from(v));
        }
    }
    let n = points.len() as f64;
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0);
    println!(
        "{preset}: {a} vs {b}, {} deals ({deals} duplicate pairs): {a} won {:.1}% (lost {:.1}%), \
         game points/deal {mean:+.3} ± {:.3}; {a} move time mean {:.2} ms, max {:.1} ms",
        points.len(),
        100.0 * f64::from(won) / n,
        100.0 * f64::from(lost) / n,
        1.96 * (var / n).sqrt(),
        timed.total.as_secs_f64() * 1e3 / f64::from(timed.moves.max(1)),
        timed.max.as_secs_f64() * 1e3,
    );
}
