//! Random play of whole deals, single thread, for North American Sixty-six
//! (bidding included) and Sixes and Sevens at every table size.

mod common;

use common::{any, bench_deals};
use criterion::{criterion_group, criterion_main, Criterion};
use talon_cards::Seat;
use talon_rules::na_sixty_six::{NaOptions, NaSixtySix};
use talon_rules::sevens::{Sevens, SevensOptions};

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
        bench_deals(c, "random_deals", name, &deals, any);
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
            &deals,
            any,
        );
    }
    let wild = SevensOptions {
        ace_wild: true,
        ..SevensOptions::DEFAULT
    };
    let deals: Vec<Sevens> = (0..BATCH)
        .map(|s| Sevens::from_seed(s, wild, Seat((s % 4) as u8)))
        .collect();
    bench_deals(
        c,
        "random_deals",
        "sixes-and-sevens-4p-ace-wild",
        &deals,
        any,
    );
}

criterion_group!(benches, na_sixty_six, sevens);
criterion_main!(benches);
