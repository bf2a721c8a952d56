//! Move time of the levels at their default budgets, at the first lead of
//! a deal (the hardest decision: most hidden cards) and at every decision
//! of whole deals played by the bot against itself.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use talon_bots::{by_name, play_deal};
use talon_cards::Seat;
use talon_rules::sixty_six::SixtySix;
use talon_rules::{ActionList, Game, Preset};

fn first_lead(c: &mut Criterion, level: &str, preset: Preset) {
    let opts = preset.sixty_six_defaults();
    let deals: Vec<SixtySix> = (0..32)
        .map(|s| SixtySix::from_seed(s, opts, Seat((s % 2) as u8)))
        .collect();
    let mut bot = by_name(level, 1).expect("level");
    let mut next = 0;
    let mut legal = ActionList::new();
    c.bench_function(&format!("{level}_first_lead_{preset}"), |b| {
        b.iter(|| {
            let g = &deals[next];
            next = (next + 1) % deals.len();
            g.legal_actions(&mut legal);
            let obs = g.observe(g.to_move().expect("a seat to move"));
            black_box(bot.choose(&obs, &legal))
        })
    });
}

fn whole_deal(c: &mut Criterion, level: &str, preset: Preset) {
    let opts = preset.sixty_six_defaults();
    let mut seed = 0;
    let mut a = by_name(level, 1).expect("level");
    let mut b = by_name(level, 2).expect("level");
    let mut group = c.benchmark_group("deal");
    group.sample_size(10);
    group.bench_function(format!("{level}_selfplay_deal_{preset}"), |bench| {
        bench.iter(|| {
            seed += 1;
            let g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
            black_box(play_deal(g, [a.as_mut(), b.as_mut()]))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    for preset in [Preset::Schnapsen, Preset::SixtySix] {
        first_lead(c, "expert", preset);
    }
    whole_deal(c, "expert", Preset::Schnapsen);
}

criterion_group!(expert, benches);
criterion_main!(expert);
