//! Per-deal solve times and node counts (cold table), for tuning:
//! `cargo run --release -p talon-search --example solve_stats [preset] [deals]`.

use std::time::Instant;
use talon_cards::Seat;
use talon_rules::sixty_six::SixtySix;
use talon_rules::Preset;
use talon_search::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("schnapsen", |s| s)).expect("preset");
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let opts = preset.sixty_six_defaults();
    let bits = std::env::var("TT_BITS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(talon_search::DEFAULT_TT_BITS);
    let mut solver = Solver::new(bits);
    let mut times = Vec::new();
    let mut nodes = 0;
    let mut per_deal = Vec::new();
    for seed in 0..deals {
        let g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        solver.clear();
        let before = solver.nodes();
        let t = Instant::now();
        let v = solver.value(&g);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        nodes += solver.nodes() - before;
        per_deal.push(solver.nodes() - before);
        if seed < 5 {
            println!("deal {seed}: value {v}, {:.3} ms", times.last().unwrap());
        }
    }
    times.sort_by(f64::total_cmp);
    per_deal.sort_unstable();
    println!(
        "{preset}: {deals} deals, median {:.3} ms, p90 {:.3} ms, max {:.3} ms, mean nodes {}, median nodes {}",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1],
        nodes / deals,
        per_deal[per_deal.len() / 2]
    );
}
