//! Random-play simulation through the generic conformance checks.
//!
//! The full run (100,000 deals per preset) is `#[ignore]`d, since it takes
//! minutes unoptimised; `.ci/run` runs it in release with
//! `--include-ignored`. A smaller run always executes.

use std::collections::BTreeMap;
use talon_cards::{Card, Deck, Seat, Suit};
use talon_rules::conformance::{playout, random_action};
use talon_rules::shuffle::{below, rng_from_seed, SeededRng};
use talon_rules::sixty_six::{Action, EndReason, SixtySix};
use talon_rules::{Family, Game, Preset};

fn two_hand_presets() -> impl Iterator<Item = Preset> {
    Preset::ALL
        .into_iter()
        .filter(|p| p.family() == Family::SixtySix)
}

fn probes() -> Vec<Action> {
    let mut v: Vec<Action> = Deck::TwentyFour
        .ordered()
        .into_iter()
        .map(Action::Play)
        .collect();
    v.extend(Suit::ALL.map(Action::Meld));
    v.extend([
        Action::Exchange,
        Action::Close,
        Action::Declare,
        Action::Draw,
        Action::Play(Card::new(Suit::Clubs, talon_cards::Rank::Two)),
    ]);
    v
}

/// Uniform random play that keeps only one in ten picks of `declare` and
/// `close`, so that deals also reach the exhausted talon and the last trick.
fn patient_random(g: &SixtySix, rng: &mut SeededRng) -> Option<Action> {
    loop {
        let a = random_action(g, rng)?;
        let special = matches!(a, Action::Declare | Action::Close);
        if !special || below(rng, 10) == 0 {
            return Some(a);
        }
    }
}

/// Plays `deals` random deals through the conformance checks; returns how
/// many deals ended each way.
fn simulate(preset: Preset, deals: u64, probe_every: u64) -> BTreeMap<String, u64> {
    let opts = preset.sixty_six_defaults();
    let probes = probes();
    let mut rng = rng_from_seed(0x5eed ^ deals);
    let mut total_points = 0u64;
    let mut endings = BTreeMap::new();
    for seed in 0..deals {
        let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        let p: &[Action] = if seed % probe_every == 0 {
            &probes
        } else {
            &[]
        };
        playout(
            &mut g,
            &mut rng,
            p,
            |g: &SixtySix| g.check_conservation(),
            patient_random,
        )
        .unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
        let r = g.result().expect("finished");
        let cards: u16 = r.card_points.iter().sum();
        assert!(cards <= 120, "{preset} seed {seed}: card points {cards}");
        let played_out = g.hand(Seat(0)).is_empty() && g.hand(Seat(1)).is_empty();
        if played_out && g.closure().is_none() {
            // Every card played: the trick points are the whole pack (120 in both packs).
            assert_eq!(cards, 120, "{preset} seed {seed}");
        }
        assert!(r.game_points <= 3);
        assert_eq!(g.returns().unwrap().iter().sum::<i32>(), 0, "zero-sum");
        total_points += u64::from(r.game_points);
        let reason = format!("{:?}", r.reason);
        let kind = reason.split([' ', '{']).next().unwrap_or("").to_string();
        let kind = match r.reason {
            EndReason::Declared { correct, .. } => format!("{kind}:{correct}"),
            EndReason::ClosedPlayedOut { made, .. } => format!("{kind}:{made}"),
            _ => kind,
        };
        *endings.entry(kind).or_insert(0) += 1;
    }
    assert!(total_points > 0);
    endings
}

/// Every way a deal can end is reached by random play of each preset.
fn assert_coverage(preset: Preset, endings: &BTreeMap<String, u64>) {
    let expected: &[&str] = match preset {
        Preset::SixtySix => &[
            "Declared:true",
            "Declared:false",
            "ClosedPlayedOut:true",
            "ClosedPlayedOut:false",
            "MorePoints",
            "Tie",
        ],
        Preset::Schnapsen => &[
            "Declared:true",
            "Declared:false",
            "ClosedPlayedOut:true",
            "ClosedPlayedOut:false",
            "LastTrick",
        ],
        Preset::SchnapsenVu => &["Reached66", "LastTrick"],
        other => unreachable!("{other} is not a two-hand Sixty-six preset"),
    };
    for e in expected {
        assert!(
            endings.get(*e).copied().unwrap_or(0) > 0,
            "{preset}: no deal ended {e}: {endings:?}"
        );
    }
}

#[test]
fn random_deals_quick() {
    for preset in two_hand_presets() {
        let endings = simulate(preset, 2_000, 7);
        assert_coverage(preset, &endings);
    }
}

#[test]
#[ignore = "100,000 deals per preset: run in release by .ci/run"]
fn random_deals_full() {
    for preset in two_hand_presets() {
        let endings = simulate(preset, 100_000, 97);
        assert_coverage(preset, &endings);
        eprintln!("{preset}: {endings:?}");
    }
}

#[test]
fn random_action_only_from_legal() {
    let mut rng = rng_from_seed(1);
    let g = SixtySix::from_seed(3, Preset::SixtySix.sixty_six_defaults(), Seat(0));
    for _ in 0..100 {
        let a = random_action(&g, &mut rng).unwrap();
        assert!(g.is_legal(a));
    }
}

/// With the last trick worth 10 and 66 declared by the engine, a deal
/// whose last trick brings its winner to 66 still gives him the 10 in the
/// points reported (it used to end before the bonus was added). Counted
/// marriages come in twenties and forties, so the last trick's winner's
/// points less his card points end in 10 and the other's in 0.
#[test]
fn automatic_declaring_keeps_the_last_tricks_ten() {
    use talon_rules::sixty_six::{Declaring, LastTrick};
    let mut opts = Preset::SixtySix.sixty_six_defaults();
    opts.declaring = Declaring::Automatic;
    opts.last_trick = LastTrick::Bonus10;
    let mut rng = rng_from_seed(66);
    let (mut reached, mut played_out) = (0, 0);
    for seed in 0..3_000 {
        let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        playout(&mut g, &mut rng, &[], |_: &SixtySix| Ok(()), patient_random).unwrap();
        let r = *g.result().expect("finished");
        let last_trick = g.hand(Seat(0)).is_empty() && g.hand(Seat(1)).is_empty();
        if !last_trick || g.closure().is_some() {
            continue;
        }
        let w = g.history().last().expect("tricks were played").winner;
        for seat in [w, w.opponent()] {
            let extra = r.points[seat.index()] - r.card_points[seat.index()];
            let want = if seat == w { 10 } else { 0 };
            assert_eq!(extra % 20, want, "seed {seed}, seat {seat}: {r:?}");
        }
        match r.reason {
            EndReason::Reached66 { .. } => reached += 1,
            _ => played_out += 1,
        }
    }
    // Both ways a deal reaches its last trick were seen.
    assert!(
        reached > 0 && played_out > 0,
        "{reached} reached, {played_out} played out"
    );
}
