//! Perfect recall in the Pedro family: a seat's observation holds its
//! whole history. From the observation alone (its hand and the record as
//! it saw it, with the cards of its own face-down discards and draws) the
//! test rebuilds the seat's hand after every event of the deal and checks
//! it against the hand the game really had then, at every step of deals
//! played with random moves in every preset (fill and robbing, four more,
//! the kitty; gives, face-up discards, dumps).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::BTreeMap;
use talon_cards::{CardSet, Seat};
use talon_rules::pedro::{Event, Pedro, PedroObservation};
use talon_rules::{ActionList, Family, Preset};

fn partner(s: Seat) -> Seat {
    Seat((s.0 + 2) % 4)
}

/// How `e` changes `me`'s hand: (cards in, cards out).
fn effect(e: &Event, me: Seat) -> (CardSet, CardSet) {
    let none = CardSet::EMPTY;
    match *e {
        Event::Drew { seat, cards, .. } if seat == me => (cards, none),
        Event::Discarded { seat, cards, .. } if seat == me => (none, cards),
        Event::ShownDiscard { seat, card } | Event::Play { seat, card } if seat == me => {
            (none, CardSet::single(card))
        }
        Event::Dump { seat, cards } if seat == me => (none, cards),
        Event::Give { seat, card } if seat == me => (none, CardSet::single(card)),
        Event::Give { seat, card } if partner(seat) == me => (CardSet::single(card), none),
        _ => (none, none),
    }
}

/// The seat's hand after each event (index: events so far), rebuilt from
/// `obs` alone: back from the hand now to the hand dealt, then forward.
fn recalled(obs: &PedroObservation) -> Vec<CardSet> {
    let me = obs.seat;
    let mut hand = obs.hand;
    for e in obs.events.iter().rev() {
        let (came, went) = effect(e, me);
        assert!(
            came.is_subset(hand),
            "{e:?}: {came} came in but is not held"
        );
        hand = (hand - came) | went;
    }
    let mut out = vec![hand];
    for e in &obs.events {
        let (came, went) = effect(e, me);
        hand = (hand - went) | came;
        out.push(hand);
    }
    assert_eq!(hand, obs.hand);
    out
}

#[test]
fn a_seat_recalls_its_hand_after_every_event() {
    let presets: Vec<Preset> = Preset::ALL
        .into_iter()
        .filter(|p| p.family() == Family::Pedro)
        .collect();
    assert_eq!(presets.len(), 8);
    let mut checked = 0usize;
    let mut drawn = 0usize;
    for preset in presets {
        for seed in 0..60u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Pedro::from_seed(seed, preset.pedro_defaults(), Seat((seed % 4) as u8));
            // The real hands whenever an action ended: events so far → hands.
            let mut truth: BTreeMap<usize, [CardSet; 4]> = BTreeMap::new();
            let mut legal = ActionList::new();
            loop {
                let hands = [0, 1, 2, 3].map(|s| game.hand(Seat(s)));
                truth.insert(game.events().len(), hands);
                for s in 0..4 {
                    let obs = game.observation(Seat(s));
                    let rebuilt = recalled(&obs);
                    for (&k, real) in &truth {
                        assert_eq!(
                            rebuilt[k],
                            real[s as usize],
                            "{} seed {seed} seat {s} after {k} events: {:?}",
                            preset.name(),
                            obs.events
                        );
                        checked += 1;
                    }
                    drawn += obs
                        .events
                        .iter()
                        .filter(|e| matches!(e, Event::Drew { seat, .. } if seat.0 == s))
                        .count();
                }
                if game.to_move().is_none() {
                    break;
                }
                game.legal_actions(&mut legal);
                game.apply(legal[rng.next_u64() as usize % legal.len()]);
            }
        }
    }
    assert!(checked > 100_000 && drawn > 1_000, "{checked} {drawn}");
}

/// Another seat's face-down cards stay counts: no observation names a
/// card it has no right to know.
#[test]
fn face_down_cards_are_their_owners_alone() {
    for preset in Preset::ALL
        .into_iter()
        .filter(|p| p.family() == Family::Pedro)
    {
        for seed in 0..30u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Pedro::from_seed(seed, preset.pedro_defaults(), Seat(0));
            let mut legal = ActionList::new();
            while game.to_move().is_some() {
                for s in 0..4 {
                    let me = Seat(s);
                    for e in game.observation(me).events {
                        if let Event::Drew { seat, cards, .. }
                        | Event::Discarded { seat, cards, .. } = e
                        {
                            assert_eq!(cards.is_empty(), seat != me, "{e:?} seen by {s}");
                        }
                    }
                }
                game.legal_actions(&mut legal);
                game.apply(legal[rng.next_u64() as usize % legal.len()]);
            }
        }
    }
}
