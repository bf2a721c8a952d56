//! Random play of whole deals, single thread: deals per second per preset.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use talon_cards::Seat;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::{ActionList, Game, Preset};

fn play_random(mut game: SixtySix, rng: &mut impl rand_core::RngCore) -> i32 {
    let mut legal = ActionList::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        let a = legal[below(rng, legal.len() as u64) as usize];
        game.play_unchecked(a);
    }
    game.returns().map_or(0, |r| r[0])
}

/// Random play that never declares or closes, so every deal runs through all
/// its tricks: the slowest kind of random deal.
fn play_to_the_end(mut game: SixtySix, rng: &mut impl rand_core::RngCore) -> i32 {
    let mut legal = ActionList::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        legal.retain(|a| !matches!(a, Action::Declare | Action::Close));
        let a = legal[below(rng, legal.len() as u64) as usize];
        game.play_unchecked(a);
    }
    game.returns().map_or(0, |r| r[0])
}

fn random_deals(c: &mut Criterion) {
    const BATCH: u64 = 1000;
    let mut group = c.benchmark_group("random_deals");
    group.throughput(Throughput::Elements(BATCH));
    for preset in [Preset::SixtySix, Preset::Schnapsen] {
        let opts = preset.sixty_six_defaults();
        let deals: Vec<SixtySix> = (0..BATCH)
            .map(|s| SixtySix::from_seed(s, opts, Seat((s % 2) as u8)))
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
        group.bench_function(format!("{}/to-the-end", preset.name()), |b| {
            b.iter_batched(
                || deals.clone(),
                |deals| {
                    deals
                        .into_iter()
                        .map(|d| play_to_the_end(d, &mut rng))
                        .sum::<i32>()
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, random_deals);
criterion_main!(benches);
