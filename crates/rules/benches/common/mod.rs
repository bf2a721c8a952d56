//! Shared by the random-play benches: play whole deals with random legal
//! actions on the unchecked fast path, and time a batch of deals.

use criterion::{BatchSize, Criterion, Throughput};
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{ActionList, Game};

/// Plays `game` to its end, choosing uniformly among the legal actions that
/// `keep` accepts (all of them if it accepts none); returns seat 0's payoff.
pub fn play_random<G: Game>(
    mut game: G,
    rng: &mut impl rand_core::RngCore,
    keep: impl Fn(&G::Action) -> bool,
) -> i32 {
    let mut legal = ActionList::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        if legal.iter().any(&keep) {
            legal.retain(|a| keep(a));
        }
        let a = legal[below(rng, legal.len() as u64) as usize];
        game.play_unchecked(a);
    }
    game.returns().map_or(0, |r| r[0])
}

/// Benchmarks random play of `deals` as `group/name`, reporting deals a second.
pub fn bench_deals<G: Game>(
    c: &mut Criterion,
    group: &str,
    name: &str,
    deals: &[G],
    keep: impl Fn(&G::Action) -> bool + Copy,
) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(deals.len() as u64));
    let mut rng = rng_from_seed(7);
    g.bench_function(name, |b| {
        b.iter_batched(
            || deals.to_vec(),
            |deals| {
                deals
                    .into_iter()
                    .map(|d| play_random(d, &mut rng, keep))
                    .sum::<i32>()
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// Keeps every action.
pub fn any<A>(_: &A) -> bool {
    true
}
