//! Open-card solve of whole deals from the first trick (talon order known),
//! cycling through 64 seeded deals with a cold table each time. Criterion
//! reports means over batches, which the few hard deals dominate; for the
//! per-deal median run the `solve_stats` example. Whole Sixty-six deals
//! take milliseconds to a second each, so that group measures longer.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use talon_cards::Seat;
use talon_rules::sixty_six::{SixtySix, SixtySixOptions};
use talon_search::Solver;

fn solve_deals(c: &mut Criterion, name: &str, opts: SixtySixOptions, seconds: u64) {
    let deals: Vec<SixtySix> = (0..64)
        .map(|s| SixtySix::from_seed(s, opts, Seat((s % 2) as u8)))
        .collect();
    let mut solver = Solver::default();
    let mut next = 0;
    let mut group = c.benchmark_group("solve");
    // A batch of solves takes milliseconds: ten samples are plenty.
    group.sample_size(10);
    group.measurement_time(std::time::Duration::from_secs(seconds));
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            // A cold table for every solve: each sampled world in PIMC is new.
            let mut total = std::time::Duration::ZERO;
            for _ in 0..iters {
                next = (next + 1) % deals.len();
                solver.clear();
                let start = std::time::Instant::now();
                black_box(solver.value(&deals[next]));
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    solve_deals(c, "solve_schnapsen_deal", SixtySixOptions::SCHNAPSEN, 5);
    solve_deals(
        c,
        "solve_schnapsen_vu_deal",
        SixtySixOptions::SCHNAPSEN_VU,
        5,
    );
    solve_deals(c, "solve_sixty_six_deal", SixtySixOptions::SIXTY_SIX, 30);
}

criterion_group!(search, benches);
criterion_main!(search);
