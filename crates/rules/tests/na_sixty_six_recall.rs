//! Perfect recall in North American Sixty-six: a seat's observation holds
//! its whole history. From the observation alone (its hand, the tricks,
//! the widow it took up and the cards it laid away, in order) the test
//! rebuilds the seat's hand before every card it played or laid away and
//! checks it against the hand the game really had then, at every step of
//! deals played with random moves.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use talon_cards::{Card, CardSet, Seat};
use talon_rules::na_sixty_six::{Action, NaObservation, NaOptions, NaSixtySix, Widow};
use talon_rules::ActionList;

/// A card played or laid away, with the hand just before.
type Moment = (Card, CardSet);

/// The seat's moments rebuilt from `obs` alone.
fn recalled(obs: &NaObservation) -> Vec<Moment> {
    let me = obs.seat;
    let tricks: Vec<&[(Seat, Card)]> = obs
        .history
        .iter()
        .map(|t| &t.cards[..])
        .chain(std::iter::once(&obs.trick[..]))
        .collect();
    let mine = |cards: &[(Seat, Card)]| cards.iter().find(|x| x.0 == me).map(|x| x.1);
    let took_up = obs.options.widow == Widow::Exchange && obs.widow_taker == Some(me);
    let widow = if took_up {
        obs.widow.expect("the taker sees the widow")
    } else {
        CardSet::EMPTY
    };
    // The hand dealt: the hand now, the cards played and laid away, less
    // the widow taken up.
    let mut hand = obs.hand;
    for cards in &tricks {
        hand |= mine(cards).map_or(CardSet::EMPTY, CardSet::single);
    }
    for &c in &obs.laid_away_order {
        hand.insert(c);
    }
    hand = hand - widow;
    let mut out = Vec::new();
    for (i, cards) in tricks.iter().enumerate() {
        if let Some(c) = mine(cards) {
            out.push((c, hand));
            hand.remove(c);
        }
        if i == 0 && took_up {
            hand |= widow;
            for &c in &obs.laid_away_order {
                out.push((c, hand));
                hand.remove(c);
            }
        }
    }
    assert_eq!(
        hand, obs.hand,
        "the rebuilt hand ends where the observation is"
    );
    out
}

#[test]
fn a_seat_recalls_its_hand_before_every_card() {
    let mut exchange = NaOptions::THREE_HANDS;
    exchange.widow = Widow::Exchange;
    let variants = [
        NaOptions::FOUR_HANDS,
        NaOptions::THREE_HANDS,
        NaOptions::HOYLE_FOUR,
        exchange,
    ];
    let (mut checked, mut laid) = (0usize, 0usize);
    for opts in variants {
        let n = opts.players;
        for seed in 0..200u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = NaSixtySix::from_seed(seed, opts, Seat((seed % u64::from(n)) as u8));
            let mut moments: Vec<Vec<Moment>> = vec![Vec::new(); n as usize];
            let mut legal = ActionList::new();
            loop {
                for s in 0..n {
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
                let hand = game.hand(seat);
                match action {
                    Action::Play(c) | Action::Marriage(c) => moments[seat.index()].push((c, hand)),
                    Action::Discard(c) => {
                        moments[seat.index()].push((c, hand));
                        laid += 1;
                    }
                    Action::Pass | Action::Bid(_) => {}
                }
                game.apply(action);
            }
        }
    }
    assert!(checked > 10_000 && laid > 100, "{checked} {laid}");
}
