//! Random play of whole two-hand Sixty-six and Schnapsen deals, single
//! thread: deals per second per preset.

mod common;

use common::{any, bench_deals};
use criterion::{criterion_group, criterion_main, Criterion};
use talon_cards::Seat;
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::Preset;

/// Never declaring or closing makes every deal run through all its tricks:
/// the slowest kind of random deal.
fn to_the_end(a: &Action) -> bool {
    !matches!(a, Action::Declare | Action::Close)
}

fn random_deals(c: &mut Criterion) {
    for preset in [Preset::SixtySix, Preset::Schnapsen] {
        let opts = preset.sixty_six_defaults();
        let deals: Vec<SixtySix> = (0..1000)
            .map(|s| SixtySix::from_seed(s, opts, Seat((s % 2) as u8)))
            .collect();
        bench_deals(c, "random_deals", preset.name(), &deals, any);
        bench_deals(
            c,
            "random_deals",
            &format!("{}/to-the-end", preset.name()),
            &deals,
            to_the_end,
        );
    }
}

criterion_group!(benches, random_deals);
criterion_main!(benches);
