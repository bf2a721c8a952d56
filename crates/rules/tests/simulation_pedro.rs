//! Random-play simulation of the Pedro family through the generic
//! conformance checks (legal list, probes, privacy), with card
//! conservation after every action and, in every finished deal in which
//! all scoring trumps took part, the points adding up to the preset's
//! total (63, 44, 83, 14 …).
//!
//! The full run (100,000 deals per preset) is `#[ignore]`d;
//! CI runs it in release with `--include-ignored`.

use talon_cards::{Card, Deck, Seat, Suit};
use talon_rules::conformance::random_playout;
use talon_rules::pedro::{Action, Pedro, PedroMatch, DOUBLE};
use talon_rules::shuffle::rng_from_seed;
use talon_rules::Preset;

/// Probe actions: every card played, discarded and given, every bid,
/// every trump, pass, keep and dump.
fn probes() -> Vec<Action> {
    let mut v = Vec::new();
    for c in Deck::FiftyThree.ordered() {
        v.extend([Action::Play(c), Action::Discard(c), Action::Give(c)]);
    }
    v.extend((0..=90).map(Action::Bid));
    v.push(Action::Bid(DOUBLE));
    v.extend(Suit::ALL.map(Action::Trump));
    v.extend([
        Action::Pass,
        Action::Keep,
        Action::Dump,
        Action::Play(Card::JOKER),
    ]);
    v
}

#[derive(Default)]
struct Tally {
    deals: u64,
    thrown_in: u64,
    made: u64,
    full_count: u64,
    multi_first_trick: u64,
    actions: u64,
}

fn simulate(preset: Preset, deals: u64, probe_every: u64) -> Tally {
    let opts = preset.pedro_defaults();
    let total = opts.total_points();
    let probes = probes();
    let mut rng = rng_from_seed(0x9ed0 ^ deals);
    let mut t = Tally::default();
    let mut sheet = PedroMatch::new(opts, Seat(3));
    for seed in 0..deals {
        let mut g = Pedro::from_seed(seed, opts, Seat((seed % 4) as u8));
        let p: &[Action] = if seed % probe_every == 0 {
            &probes
        } else {
            &[]
        };
        let steps = random_playout(&mut g, &mut rng, p, |g: &Pedro| g.check_conservation())
            .unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
        t.actions += steps as u64;
        t.deals += 1;
        let r = *g.result().expect("finished");
        if r.thrown() {
            t.thrown_in += 1;
            assert_eq!(r.score, [0, 0]);
            continue;
        }
        let info = g.trump().expect("trumps named");
        let sum = r.points[0] + r.points[1];
        assert!(sum <= total, "{preset} seed {seed}: {sum} > {total}");
        if (info.scoring & g.out_of_play()).is_empty() {
            assert_eq!(sum, total, "{preset} seed {seed}: points {:?}", r.points);
            t.full_count += 1;
        }
        if r.made {
            t.made += 1;
        }
        let plays_in_first = g
            .events()
            .iter()
            .skip_while(|e| !matches!(e, talon_rules::pedro::Event::Play { .. }))
            .take_while(|e| !matches!(e, talon_rules::pedro::Event::Trick { .. }))
            .count();
        if plays_in_first > 4 {
            t.multi_first_trick += 1;
        }
        if sheet.winner.is_some() {
            sheet = PedroMatch::new(opts, Seat(3));
        }
        sheet.record(&r);
    }
    // Every preset should leave (almost) every scoring trump in play most of the time.
    assert!(
        t.full_count * 2 > t.deals - t.thrown_in,
        "{preset}: too few full counts"
    );
    t
}

fn report(preset: Preset, t: &Tally) {
    eprintln!(
        "{preset}: {} deals, {} thrown in, {} bids made, {} full 63/44/83 counts, {} multi-card first tricks, {:.1} actions/deal",
        t.deals,
        t.thrown_in,
        t.made,
        t.full_count,
        t.multi_first_trick,
        t.actions as f64 / t.deals as f64
    );
}

#[test]
fn pedro_random_deals_quick() {
    for preset in Preset::PEDRO_FAMILY {
        let t = simulate(preset, 1_000, 11);
        report(preset, &t);
    }
}

#[test]
#[ignore = "100,000 deals per preset: run in release by CI"]
fn pedro_random_deals_full() {
    for preset in Preset::PEDRO_FAMILY {
        let t = simulate(preset, 100_000, 997);
        report(preset, &t);
    }
}
