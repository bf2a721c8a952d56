//! A refusal tells the seat nothing it could not know: over random deals
//! of every Pedro preset, each action the seat to move may not take is
//! refused with the same reason in the real deal and in worlds sampled
//! from that seat's observation (deals it cannot tell apart). The reason
//! reaches the player as an error message (server, CLI, Python), so a
//! reason that read a hidden hand would leak it.

use talon_cards::{Card, Suit};
use talon_rules::pedro::{deck_for, try_sample, Action, Pedro, PedroOptions, Phase, DOUBLE};
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::{ActionList, Family, Game, Preset};

/// Every preset of the family, with its default options.
fn presets() -> Vec<PedroOptions> {
    Preset::ALL
        .iter()
        .filter(|p| p.family() == Family::Pedro)
        .map(|p| p.pedro_defaults())
        .collect()
}

/// Every action of the family's space for these options.
fn all_actions(opts: &PedroOptions) -> Vec<Action> {
    let cards: Vec<Card> = deck_for(opts).cards().iter().collect();
    let mut out = vec![
        Action::Pass,
        Action::Keep,
        Action::Dump,
        Action::Bid(DOUBLE),
    ];
    out.extend((0..=opts.max_bid.saturating_add(1)).map(Action::Bid));
    out.extend(Suit::ALL.iter().map(|&s| Action::Trump(s)));
    for &c in &cards {
        out.extend([Action::Discard(c), Action::Give(c), Action::Play(c)]);
    }
    out
}

/// Checks every refused action of `real` against `worlds` samples; returns
/// how many refusals were compared with a sampled world.
fn check_refusals(real: &Pedro, actions: &[Action], seed: u64, worlds: usize) -> usize {
    let Some(seat) = real.to_move() else {
        return 0;
    };
    let obs = real.observe(seat);
    let mut rng = rng_from_seed(seed);
    let samples: Vec<Pedro> = (0..worlds)
        .filter_map(|_| try_sample(&obs, &mut rng))
        .collect();
    let mut compared = 0;
    for &a in actions {
        if real.is_legal(a) {
            continue;
        }
        let why = real.why_illegal(a).to_string();
        for world in &samples {
            // Whether an action is legal is the rules' business (giving
            // to a partner who has room, say); the reason must not be.
            if world.is_legal(a) {
                continue;
            }
            compared += 1;
            assert_eq!(
                world.why_illegal(a).to_string(),
                why,
                "seat {seat} refused {a}: the reason differs in a world it cannot tell \
                 from the real one (events {:?})",
                real.events()
            );
        }
    }
    compared
}

/// Random play (low bids, so deals reach the reduction and the play),
/// checking refusals at every step before the play and every third after.
fn random_walk(opts: PedroOptions, seed: u64) -> usize {
    let actions = all_actions(&opts);
    let mut g = Pedro::from_seed(seed, opts, talon_cards::Seat((seed % 4) as u8));
    let mut rng = rng_from_seed(seed ^ 0x7e5);
    let mut legal = ActionList::new();
    let mut compared = 0;
    let mut step = 0u64;
    while !g.is_over() {
        if g.phase() != Phase::Play || step.is_multiple_of(3) {
            compared += check_refusals(&g, &actions, seed * 1000 + step, 3);
        }
        g.legal_actions(&mut legal);
        let a = if g.phase() == Phase::Auction && legal.len() > 2 && below(&mut rng, 3) == 0 {
            legal[1]
        } else if g.phase() == Phase::Auction {
            legal[0]
        } else {
            legal[below(&mut rng, legal.len() as u64) as usize]
        };
        g.play_unchecked(a);
        step += 1;
    }
    compared
}

#[test]
fn refusals_read_only_what_the_seat_knows() {
    let presets = presets();
    assert_eq!(presets.len(), 8);
    for (i, opts) in presets.iter().enumerate() {
        let compared: usize = (0..12).map(|k| random_walk(*opts, k * 10 + i as u64)).sum();
        assert!(
            compared > 1000,
            "preset {i}: only {compared} refusals compared"
        );
    }
}

/// The leak this test was written for: in 83 the reduction is sequential,
/// so a seat that still holds plain cards must not learn from the refusal
/// of a give whether its partner already holds six trumps.
#[test]
fn a_refused_give_says_nothing_of_partner_trumps_in_eighty_three() {
    let opts = PedroOptions::EIGHTY_THREE;
    let actions = all_actions(&opts);
    let mut checked = 0;
    for seed in 0..400 {
        let mut g = Pedro::from_seed(seed, opts, talon_cards::Seat((seed % 4) as u8));
        let mut rng = rng_from_seed(seed);
        let mut legal = ActionList::new();
        while !g.is_over() && g.phase() != Phase::Play {
            if g.phase() == Phase::Reduce {
                let seat = g.to_move().expect("someone reduces");
                let partner = talon_cards::Seat((seat.0 + 2) % 4);
                let info = g.trump().expect("trumps are named before the reduction");
                let plain = !(g.hand(seat) - info.trumps).is_empty();
                if plain && (g.hand(partner) & info.trumps).len() >= 6 {
                    check_refusals(&g, &actions, seed, 8);
                    checked += 1;
                }
            }
            g.legal_actions(&mut legal);
            let a = if g.phase() == Phase::Auction && legal.len() > 1 {
                legal[1]
            } else {
                legal[below(&mut rng, legal.len() as u64) as usize]
            };
            g.play_unchecked(a);
        }
    }
    assert!(checked > 0, "no position with a full partner was reached");
}
