//! Open-card solve of whole deals from the first trick (talon order known).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use std::hint::black_box;
use talon_cards::Seat;
use talon_rules::sixty_six::{SixtySix, SixtySixOptions};
use talon_search::Solver;

fn solve_deals(c: &mut Criterion, name: &str, opts: SixtySixOptions) {
    let deals: Vec<SixtySix> = (0..64)
        .map(|s| SixtySix::from_seed(s, opts, Seat((s % 2) as u8)))
        .collect();
    let mut solver = Solver::default();
    let mut next = 0;
    c.bench_function(name, |b| {
        b.iter_batched(
            || {
                // A cold table each time: every sampled world in PIMC is new.
                solver.clear();
                next = (next + 1) % deals.len();
                &deals[next]
            },
            |g| black_box(solver.value(g)),
            BatchSize::SmallInput,
        )
    });
}

fn benches(c: &mut Criterion) {
    solve_deals(c, "solve_schnapsen_deal", SixtySixOptions::SCHNAPSEN);
    solve_deals(c, "solve_schnapsen_vu_deal", SixtySixOptions::SCHNAPSEN_VU);
    solve_deals(c, "solve_sixty_six_deal", SixtySixOptions::SIXTY_SIX);
}

criterion_group!(search, benches);
criterion_main!(search);
