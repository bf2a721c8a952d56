//! Random play of whole deals, single thread, for North American Sixty-six
//! (bidding included) and Sixes and Sevens at every table size.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use talon_cards::Seat;
use talon_rules::na_sixty_six::{NaOptions, NaSixtySix};
use talon_rules::sevens::{Sevens, SevensOptions};
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{ActionList, Game};

fn play_random<G: Game>(mut game: G, rng: &mut impl rand_core::RngCore) -> i32 {
    let mut legal = ActionList::new();
    while !game.is_over() {
        game.legal_actions(&mut legal);
        let a = legal[below(rng, legal.len() as u64) as usize];
        game.play_unchecked(a);
    }
    game.returns().map_or(0, |r| r[0])
}

fn bench_deals<G: Game>(c: &mut Criterion, group: &str, name: &str, deals: Vec<G>) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(deals.len() as u64));
    let mut rng = rng_from_seed(7);
    g.bench_function(name, |b| {
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
    g.finish();
}

const BATCH: u64 = 1000;

fn na_sixty_six(c: &mut Criterion) {
    for (name, opts) in [
        ("na-sixty-six", NaOptions::FOUR_HANDS),
        ("na-sixty-six-3", NaOptions::THREE_HANDS),
        ("sixty-six-4", NaOptions::HOYLE_FOUR),
    ] {
        let n = u64::from(opts.players);
        let deals: Vec<NaSixtySix> = (0..BATCH)
            .map(|s| NaSixtySix::from_seed(s, opts, Seat((s % n) as u8)))
            .collect();
        bench_deals(c, "random_deals", name, deals);
    }
}

fn sevens(c: &mut Criterion) {
    for players in 3..=6u8 {
        let opts = SevensOptions {
            players,
            ..SevensOptions::DEFAULT
        };
        let deals: Vec<Sevens> = (0..BATCH)
            .map(|s| Sevens::from_seed(s, opts, Seat((s % u64::from(players)) as u8)))
            .collect();
        bench_deals(
            c,
            "random_deals",
            &format!("sixes-and-sevens-{players}p"),
            deals,
        );
    }
    let wild = SevensOptions {
        ace_wild: true,
        ..SevensOptions::DEFAULT
    };
    let deals: Vec<Sevens> = (0..BATCH)
        .map(|s| Sevens::from_seed(s, wild, Seat((s % 4) as u8)))
        .collect();
    bench_deals(c, "random_deals", "sixes-and-sevens-4p-ace-wild", deals);
}

criterion_group!(benches, na_sixty_six, sevens);
criterion_main!(benches);
