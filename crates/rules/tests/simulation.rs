//! Random-play simulation through the generic conformance checks.
//!
//! The full run (100,000 deals per preset) is `#[ignore]`d in debug builds
//! because it takes minutes unoptimised; `.ci/run` runs it in release with
//! `--include-ignored`. A smaller run always executes.

use talon_cards::{Card, Deck, Seat, Suit};
use talon_rules::conformance::{random_action, random_playout};
use talon_rules::shuffle::rng_from_seed;
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::{Family, Game, Preset};

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

fn simulate(preset: Preset, deals: u64, probe_every: u64) {
    let opts = preset.sixty_six_defaults();
    let probes = probes();
    let mut rng = rng_from_seed(0x5eed ^ deals);
    let mut total_points = 0u64;
    for seed in 0..deals {
        let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        let p: &[Action] = if seed % probe_every == 0 {
            &probes
        } else {
            &[]
        };
        random_playout(&mut g, &mut rng, p, |g: &SixtySix| g.check_conservation())
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
    }
    assert!(total_points > 0);
}

fn sixty_six_presets() -> impl Iterator<Item = Preset> {
    Preset::ALL
        .into_iter()
        .filter(|p| p.family() == Family::SixtySix)
}

#[test]
fn random_deals_quick() {
    for preset in sixty_six_presets() {
        simulate(preset, 2_000, 7);
    }
}

#[test]
#[ignore = "100,000 deals per preset: run in release by .ci/run"]
fn random_deals_full() {
    for preset in sixty_six_presets() {
        simulate(preset, 100_000, 97);
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
