//! Random play of whole Pedro-family deals (auction, trump naming,
//! discards, play, scoring), single thread: deals per second per preset.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use talon_cards::Seat;
use talon_rules::pedro::Pedro;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{ActionList, Game, Preset};

fn play_random(mut game: Pedro, rng: &mut impl rand_core::RngCore) -> i32 {
    let mut legal = ActionList::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        let a = legal[below(rng, legal.len() as u64) as usize];
        game.play_unchecked(a);
    }
    game.returns().map_or(0, |r| r[0])
}

fn pedro_deals(c: &mut Criterion) {
    const BATCH: u64 = 1000;
    let mut group = c.benchmark_group("pedro_random_deals");
    group.throughput(Throughput::Elements(BATCH));
    for preset in Preset::PEDRO_FAMILY {
        let opts = preset.pedro_defaults();
        let deals: Vec<Pedro> = (0..BATCH)
            .map(|s| Pedro::from_seed(s, opts, Seat((s % 4) as u8)))
            .collect();
        let mut rng = rng_from_seed(7);
        group.bench_function(preset.name(), |b| {
            b.iter_batched(
                || deals.clone(),
                |deals| {
                    deals
                        .into_iter()
                        .map(|d| play_random(d, &mut rng))
                        .sum::<i32>()
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, pedro_deals);
criterion_main!(benches);
