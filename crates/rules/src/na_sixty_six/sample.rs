//! Determinization for North American Sixty-six: full deals consistent
//! with one seat's observation.
//!
//! What a seat knows: its own hand; every card played; hand sizes; the
//! bids; voids and "no card that heads the trick" shown by following
//! (following is strict from the first trick: follow suit, else trump,
//! and head the trick when possible — unless the partner is winning and
//! `head_partner` is off); the partner card of an announced marriage (its
//! holder keeps it until it is played); the turned trump card (the
//! dealer's); the widow when it has seen it. Hidden: the other hands
//! (including a moon partner's face-down hand), the widow until seen, and
//! cards someone else laid away.
//!
//! The sampler deals the unknown cards into the hidden places respecting
//! these constraints, rebuilds the deal as dealt (each hand is its current
//! cards plus those it played) and replays the public history on it,
//! rejecting any deal on which a recorded action would have been illegal.
//! The rebuilt state is therefore a real game state that continues legally,
//! and the observer's observation of it equals the real one.

use super::action::Action;
use super::cards::beats;
use super::deal::Deal;
use super::observation::NaObservation;
use super::options::Widow;
use super::state::{NaSixtySix, Phase};
use crate::constrained::{deal_once, Place};
use crate::game::Game;
use crate::search::Determinize;
use crate::shuffle::below;
use arrayvec::ArrayVec;
use rand_core::RngCore;
use talon_cards::{Card, CardSet, Deck, Rank, Seat};

/// Attempts with every constraint before relaxing the heading ones.
const STRICT_ATTEMPTS: usize = 200;
/// Attempts in all before the last resort (replay without checking).
const ATTEMPTS: usize = 400;
/// Attempts of the last resort.
const LAST_RESORT_ATTEMPTS: usize = 400;

fn deck(obs: &NaObservation) -> CardSet {
    if obs.options.deck_size() == 32 {
        Deck::ThirtyTwo.cards()
    } else {
        Deck::TwentyFour.cards()
    }
}

/// Cards each seat cannot hold now, from how it followed: void in the suit
/// led (and in trumps when it neither followed nor trumped), or holding no
/// card of the suit it played that would have headed the trick. With
/// `heading` off only the voids are used.
pub(super) fn forbidden(obs: &NaObservation, heading: bool) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    let Some(trump) = obs.trump else {
        return out;
    };
    let order = obs.options.rank_order;
    let all = deck(obs);
    let exchange_taker = match (obs.options.widow, obs.widow_taker) {
        (Widow::Exchange, Some(t)) => Some(t),
        _ => None,
    };
    let tricks = obs
        .history
        .iter()
        .map(|t| &t.cards[..])
        .chain(std::iter::once(&obs.trick[..]));
    for (i, cards) in tricks.enumerate() {
        let Some(&(_, lead)) = cards.first() else {
            continue;
        };
        let led = lead.suit_unchecked();
        let (mut wseat, mut wcard) = cards[0];
        for &(s, c) in &cards[1..] {
            // The widow taker's hand changed after the first trick.
            let skip = i == 0 && exchange_taker == Some(s);
            let head = obs.options.head_partner || obs.options.side(s) != obs.options.side(wseat);
            let suit = c.suit_unchecked();
            if !skip {
                let f = &mut out[s.index()];
                let beaters: CardSet = all
                    .iter()
                    .filter(|&x| beats(x, wcard, trump, order))
                    .collect();
                if suit == led {
                    if heading && head && !beats(c, wcard, trump, order) {
                        *f |= beaters & CardSet::suit_mask(led);
                    }
                } else {
                    *f |= CardSet::suit_mask(led);
                    if suit != trump {
                        *f |= CardSet::suit_mask(trump);
                    } else if heading && head && !beats(c, wcard, trump, order) {
                        *f |= beaters & CardSet::suit_mask(trump);
                    }
                }
            }
            if beats(c, wcard, trump, order) {
                wseat = s;
                wcard = c;
            }
        }
    }
    out
}

/// Cards each seat has played (tricks on the record and on the table).
fn played_by(obs: &NaObservation) -> [CardSet; 4] {
    let mut out = [CardSet::EMPTY; 4];
    for t in &obs.history {
        for &(s, c) in &t.cards {
            out[s.index()].insert(c);
        }
    }
    for &(s, c) in &obs.trick {
        out[s.index()].insert(c);
    }
    out
}

/// The public actions in order (bids, then plays, with the lay-away of an
/// exchanged widow after the first trick), given the laid-away cards.
fn replay(obs: &NaObservation, deal: &Deal, laid: &[Card], checked: bool) -> Option<NaSixtySix> {
    let mut g = NaSixtySix::new(deal, obs.options).ok()?;
    g.sheet = obs.sheet;
    let step = |g: &mut NaSixtySix, seat: Seat, a: Action| -> bool {
        if checked && (g.to_move() != Some(seat) || !g.is_legal(a)) {
            return false;
        }
        if g.to_move().is_none() {
            return false;
        }
        g.apply(a);
        true
    };
    for &(s, b) in &obs.bids {
        let a = if b == 0 { Action::Pass } else { Action::Bid(b) };
        if !step(&mut g, s, a) {
            return None;
        }
    }
    let mut leads = obs.marriage_leads();
    let tricks = obs
        .history
        .iter()
        .map(|t| &t.cards[..])
        .chain(std::iter::once(&obs.trick[..]));
    for (i, cards) in tricks.enumerate() {
        for (j, &(s, c)) in cards.iter().enumerate() {
            let a = if j == 0 {
                leads.lead(s, c)
            } else {
                Action::Play(c)
            };
            if !step(&mut g, s, a) {
                return None;
            }
        }
        if i == 0 && g.phase() == Phase::Discard {
            let taker = g.to_move()?;
            for &c in laid {
                if !step(&mut g, taker, Action::Discard(c)) {
                    return None;
                }
            }
        }
    }
    Some(g)
}

fn try_sample<R: RngCore + ?Sized>(
    obs: &NaObservation,
    rng: &mut R,
    heading: bool,
    checked: bool,
) -> Option<NaSixtySix> {
    let me = obs.seat;
    let n = obs.players as usize;
    let opts = obs.options;
    let played = played_by(obs);
    let all_played: CardSet = played.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    let forbidden = forbidden(obs, heading);

    let taken_up = opts.widow == Widow::Exchange && obs.widow_taker.is_some();
    // Another seat's widow taker: cards known to have been in its hand
    // once the widow was taken up, which it may have laid away since (a
    // marriage's partner, the widow when it was shown to everyone).
    let other_taker = obs.widow_taker.filter(|&t| taken_up && t != me);
    let mut taker_or_laid = CardSet::EMPTY;
    // Cards whose holder the observer knows.
    let mut fixed = [CardSet::EMPTY; 4];
    fixed[me.index()] = obs.hand;
    for m in &obs.marriages {
        if m.seat == me {
            continue;
        }
        for r in [Rank::King, Rank::Queen] {
            let c = Card::new(m.suit, r);
            if all_played.contains(c) || obs.laid_away.contains(c) {
                continue;
            }
            if other_taker == Some(m.seat) {
                taker_or_laid.insert(c);
            } else {
                fixed[m.seat.index()].insert(c);
            }
        }
    }
    let shown_widow = obs.widow.filter(|_| other_taker.is_some());
    if let Some(w) = shown_widow {
        taker_or_laid |= w - all_played;
    }
    if let Some(t) = obs.turned {
        if obs.dealer != me && !all_played.contains(t) {
            fixed[obs.dealer.index()].insert(t);
        }
    }
    let widow_size = opts.widow_size();
    let me_taker = obs.widow_taker == Some(me);
    let mut known = all_played | obs.laid_away;
    for f in &fixed {
        known |= *f;
    }
    // What the extra place (widow, or someone else's laid-away cards) needs.
    let extra_need = if taken_up {
        if me_taker {
            0
        } else {
            let in_hands: usize = obs.hand_sizes.iter().sum();
            opts.deck_size() - in_hands - all_played.len()
        }
    } else {
        match obs.widow {
            Some(w) => {
                known |= w;
                0
            }
            None => widow_size,
        }
    };
    let pool = deck(obs) - known;
    let mut places: ArrayVec<Place, 8> = ArrayVec::new();
    for s in 0..n {
        let need = if s == me.index() {
            0
        } else {
            obs.hand_sizes[s].checked_sub(fixed[s].len())?
        };
        places.push(Place {
            need,
            allowed: match other_taker {
                Some(t) if t.index() == s => pool - forbidden[s],
                _ => pool - forbidden[s] - taker_or_laid,
            },
        });
    }
    places.push(Place {
        need: extra_need,
        allowed: pool,
    });
    let dealt = deal_once(pool, &places, rng)?;
    let extra = dealt[n];

    let mut hands: Vec<CardSet> = (0..n).map(|s| fixed[s] | dealt[s] | played[s]).collect();
    let (widow, laid) = if taken_up {
        let taker = obs.widow_taker.expect("taken up");
        let (widow, laid) = match (me_taker, obs.widow) {
            (true, Some(w)) => (w, obs.laid_away),
            (false, Some(w)) => (w, extra),
            _ => {
                // Which of the taker's later cards came from the widow.
                let first_card = obs.history[0]
                    .cards
                    .iter()
                    .find(|x| x.0 == taker)
                    .map(|x| x.1)?;
                let cands: ArrayVec<Card, 32> = (hands[taker.index()] | extra)
                    .without(first_card)
                    .iter()
                    .collect();
                let mut cands = cands;
                let mut w = CardSet::EMPTY;
                for i in 0..widow_size.min(cands.len()) {
                    let j = i + below(rng, (cands.len() - i) as u64) as usize;
                    cands.swap(i, j);
                    w.insert(cands[i]);
                }
                (w, extra)
            }
        };
        let h = &mut hands[taker.index()];
        *h = (*h | laid) - widow;
        (widow, laid)
    } else {
        (obs.widow.unwrap_or(extra), CardSet::EMPTY)
    };
    let deal = Deal {
        dealer: obs.dealer,
        hands,
        widow,
        turned: obs.turned,
    };
    // The observer lays away in the order it did; another taker in any.
    let order: Vec<Card> = if me_taker {
        obs.laid_away_order.clone()
    } else {
        laid.iter().collect()
    };
    let g = replay(obs, &deal, &order, checked)?;
    (g.phase() == obs.phase).then_some(g)
}

impl Determinize for NaSixtySix {
    /// A consistent world, solved (see [`NaSixtySix::solved_for`]) for the
    /// observer's side, so a search over it plays for the observer.
    fn sample<R: RngCore + ?Sized>(obs: &NaObservation, rng: &mut R) -> NaSixtySix {
        let world = sample_world(obs, rng);
        world.solved_for(world.side(obs.seat))
    }

    /// With `widow=exchange` the first trick's winner takes the widow into
    /// hand: until then a solved world would play knowing it.
    fn draws_ahead(obs: &NaObservation) -> bool {
        obs.options.widow == Widow::Exchange
            && obs.options.widow_size() > 0
            && obs.history.is_empty()
    }
}

fn sample_world<R: RngCore + ?Sized>(obs: &NaObservation, rng: &mut R) -> NaSixtySix {
    for attempt in 0..ATTEMPTS {
        if let Some(g) = try_sample(obs, rng, attempt < STRICT_ATTEMPTS, true) {
            return g;
        }
    }
    // Last resort (never seen in tests): voids only, history unchecked.
    // Bounded, so that a sampler bug shows as a poor world, not a hang.
    for _ in 0..LAST_RESORT_ATTEMPTS {
        if let Some(g) = try_sample(obs, rng, false, false) {
            debug_assert!(g.observe(obs.seat).hand == obs.hand);
            return g;
        }
    }
    unplayed_world(obs, rng)
}

/// A fresh deal of the same options and dealer: a legal game, but not
/// the observer's world. Never reached in the tests; it keeps a search
/// going (on a poor world) where the sampler found no consistent one.
fn unplayed_world<R: RngCore + ?Sized>(obs: &NaObservation, rng: &mut R) -> NaSixtySix {
    let mut g = NaSixtySix::from_seed(rng.next_u64(), obs.options, obs.dealer);
    g.sheet = obs.sheet;
    g
}
