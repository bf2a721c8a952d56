//! Determinization for Sixes and Sevens: full deals consistent with one
//! seat's observation.
//!
//! A seat knows its own hand, every card played, the hand sizes and the
//! Ace calls. Following is loose (follow suit if you can, else anything),
//! so the only inference is a void in a suit not followed. The leftover
//! cards set aside at the deal are hidden from everyone. Hidden cards are
//! dealt to the other hands (respecting voids) and the leftovers, the deal
//! is rebuilt (each hand is its current cards plus those it played) and
//! the history replayed on it, so the sample is a real game state.

use super::action::Action;
use super::cards::AceCall;
use super::deal::Deal;
use super::observation::SevensObservation;
use super::state::Sevens;
use crate::constrained::{deal_once, Place};
use crate::search::Determinize;
use arrayvec::ArrayVec;
use rand_core::RngCore;
use talon_cards::{Card, CardSet, Deck, Seat};

const ATTEMPTS: usize = 400;

/// The trick on the record or table as (seat, card, call) in play order.
fn tricks(obs: &SevensObservation) -> impl Iterator<Item = (Seat, &[Card], &[Option<AceCall>])> {
    let n = obs.options.players;
    obs.history
        .iter()
        .map(move |t| (t.leader, &t.cards[..], &t.calls[..]))
        .chain(std::iter::once((
            obs.leader,
            &obs.trick[..],
            &obs.calls[..],
        )))
        .map(move |(l, c, k)| (Seat(l.0 % n), c, k))
}

/// Suits each seat has shown it lacks.
pub(super) fn voids(obs: &SevensObservation) -> [CardSet; 6] {
    let n = obs.options.players;
    let mut out = [CardSet::EMPTY; 6];
    for (leader, cards, _) in tricks(obs) {
        let Some(lead) = cards.first() else { continue };
        for (i, c) in cards.iter().enumerate().skip(1) {
            if c.suit_unchecked() != lead.suit_unchecked() {
                out[leader.offset(i as u8, n).index()] |= CardSet::suit_mask(lead.suit_unchecked());
            }
        }
    }
    out
}

fn try_sample<R: RngCore + ?Sized>(
    obs: &SevensObservation,
    rng: &mut R,
    use_voids: bool,
    checked: bool,
) -> Option<Sevens> {
    let n = obs.options.players;
    let me = obs.seat;
    let mut played = [CardSet::EMPTY; 6];
    for (leader, cards, _) in tricks(obs) {
        for (i, &c) in cards.iter().enumerate() {
            played[leader.offset(i as u8, n).index()].insert(c);
        }
    }
    let all_played = played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let pool = Deck::FiftyTwo.cards() - all_played - obs.hand;
    let voids = if use_voids {
        voids(obs)
    } else {
        [CardSet::EMPTY; 6]
    };
    let mut places: ArrayVec<Place, 8> = ArrayVec::new();
    for (s, void) in voids.iter().enumerate().take(n as usize) {
        places.push(Place {
            need: if s == me.index() {
                0
            } else {
                obs.hand_sizes[s]
            },
            allowed: pool - *void,
        });
    }
    let leftover = 52 - n as usize * obs.options.hand_size();
    places.push(Place {
        need: leftover,
        allowed: pool,
    });
    let dealt = deal_once(pool, &places, rng)?;
    let hands: Vec<CardSet> = (0..n as usize)
        .map(|s| {
            let now = if s == me.index() { obs.hand } else { dealt[s] };
            now | played[s]
        })
        .collect();
    let deal = Deal {
        dealer: obs.dealer,
        hands,
        leftover: dealt[n as usize],
    };
    let mut g = Sevens::new(&deal, obs.options).ok()?;
    for (leader, cards, calls) in tricks(obs) {
        for (i, &c) in cards.iter().enumerate() {
            let seat = leader.offset(i as u8, n);
            let a = Action::Play(c);
            if checked && (g.to_move() != Some(seat) || !g.is_legal(a)) {
                return None;
            }
            g.to_move()?;
            g.apply(a);
        }
        // Wild Aces are called in play order once the trick is down.
        for call in calls.iter().flatten() {
            g.to_move()?;
            g.apply(Action::Ace {
                odd: *call == AceCall::Odd,
            });
        }
    }
    (g.phase() == obs.phase).then_some(g)
}

impl Determinize for Sevens {
    fn sample<R: RngCore + ?Sized>(obs: &SevensObservation, rng: &mut R) -> Sevens {
        for _ in 0..ATTEMPTS {
            if let Some(g) = try_sample(obs, rng, true, true) {
                return g;
            }
        }
        loop {
            if let Some(g) = try_sample(obs, rng, false, false) {
                return g;
            }
        }
    }
}
