//! Perfect recall in Sixes and Sevens: every card is dealt and every play
//! and Ace call is public, so a seat's hand and the tricks are its whole
//! history. From the observation alone the test rebuilds the seat's hand
//! before every card it played and checks it against the real one, at
//! every step of deals with three to six players, Aces wild or not.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use talon_cards::{Card, CardSet, Seat};
use talon_rules::sevens::{Action, Sevens, SevensObservation, SevensOptions};
use talon_rules::ActionList;

/// A card played, with the hand just before.
type Moment = (Card, CardSet);

fn recalled(obs: &SevensObservation) -> Vec<Moment> {
    let n = obs.options.players;
    let tricks = obs
        .history
        .iter()
        .map(|t| (t.leader, &t.cards[..]))
        .chain(std::iter::once((obs.leader, &obs.trick[..])));
    // The k-th card of a trick is the leader's k-th neighbour's.
    let mine: Vec<Card> = tricks
        .flat_map(|(leader, cards)| {
            cards
                .iter()
                .enumerate()
                .filter(move |(k, _)| (leader.0 + *k as u8) % n == obs.seat.0)
                .map(|(_, &c)| c)
        })
        .collect();
    let mut hand = obs.hand;
    mine.iter().for_each(|&c| hand.insert(c));
    mine.iter()
        .map(|&c| {
            let before = hand;
            hand.remove(c);
            (c, before)
        })
        .collect()
}

#[test]
fn a_seat_recalls_its_hand_before_every_card() {
    let mut checked = 0usize;
    for players in 3..=6u8 {
        for ace_wild in [false, true] {
            let opts = SevensOptions {
                players,
                ace_wild,
                ..SevensOptions::DEFAULT
            };
            for seed in 0..40u64 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut game =
                    Sevens::from_seed(seed, opts, Seat((seed % u64::from(players)) as u8));
                let mut moments: Vec<Vec<Moment>> = vec![Vec::new(); players as usize];
                let mut legal = ActionList::new();
                loop {
                    for s in 0..players {
                        let obs = game.observation(Seat(s));
                        assert_eq!(
                            recalled(&obs),
                            moments[s as usize],
                            "{opts:?} seed {seed} seat {s}"
                        );
                        checked += 1;
                    }
                    let Some(seat) = game.to_move() else { break };
                    game.legal_actions(&mut legal);
                    let action = legal[rng.next_u64() as usize % legal.len()];
                    if let Action::Play(c) = action {
                        moments[seat.index()].push((c, game.hand(seat)));
                    }
                    game.apply(action);
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
