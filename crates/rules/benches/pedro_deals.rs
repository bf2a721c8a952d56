//! Random play of whole Pedro-family deals (auction, trump naming,
//! discards, play, scoring), single thread: deals per second per preset.

mod common;

use common::{any, bench_deals};
use criterion::{criterion_group, criterion_main, Criterion};
use talon_cards::Seat;
use talon_rules::pedro::Pedro;
use talon_rules::Preset;

fn pedro_deals(c: &mut Criterion) {
    for preset in Preset::PEDRO_FAMILY {
        let opts = preset.pedro_defaults();
        let deals: Vec<Pedro> = (0..1000)
            .map(|s| Pedro::from_seed(s, opts, Seat((s % 4) as u8)))
            .collect();
        bench_deals(c, "pedro_random_deals", preset.name(), &deals, any);
    }
}

criterion_group!(benches, pedro_deals);
criterion_main!(benches);
