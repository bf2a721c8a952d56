//! Determinization: full deals consistent with one seat's observation.
//!
//! The hidden cards are the opponent's unshown cards and the face-down
//! talon. Only the opponent's hand is constrained: a seat that follows
//! under strict rules (talon closed or exhausted) must follow suit and
//! beat the card led if it can, else trump, so each such trick shows that
//! the follower holds no card above the lead in its suit, or no card of
//! the suit (and no trump) at all. Under strict rules nobody draws, so what
//! was missing then is still missing now. The talon is unconstrained.
//!
//! With one constrained place and one free place, drawing the opponent's
//! hidden cards uniformly from the cards it may hold and shuffling the rest
//! into the talon is exactly uniform over consistent deals.

use super::cards::beaters_in;
use super::deal::deck_for;
use super::observation::SixtySixObservation;
use super::position::{draw_slot, Position};
use super::state::{Event, SixtySix, MAX_TALON, NO_EVENT, NO_TRICK};
use crate::copy_vec::CopyVec;
use crate::search::Determinize;
use crate::shuffle::{below, shuffle};
use arrayvec::ArrayVec;
use rand_core::RngCore;
use talon_cards::{Card, CardSet, Rank};

/// Index of the first trick of the deal played under strict rules.
pub(super) fn first_strict_trick(obs: &SixtySixObservation) -> usize {
    let deck = obs.options.deck_size();
    let talon = deck - 2 * obs.options.hand_size as usize - 1;
    // One draw round (two cards) after each trick until the talon and the
    // trump card are gone.
    let exhausted_after = talon.div_ceil(2);
    match obs.closed {
        Some(c) => exhausted_after.min(c.tricks_played as usize),
        None => exhausted_after,
    }
}

/// Cards the opponent of `obs.seat` cannot hold, from how it followed.
pub(super) fn opponent_forbidden(obs: &SixtySixObservation) -> CardSet {
    let all = deck_for(obs.options.hand_size).cards();
    let mut forbidden = CardSet::EMPTY;
    for t in obs.tricks.iter().skip(first_strict_trick(obs)) {
        if t.leader != obs.seat {
            continue; // the opponent led; leading shows nothing
        }
        let [lead, answer] = t.cards;
        let suit = lead.suit_unchecked();
        if answer.suit_unchecked() == suit {
            if beaters_in(CardSet::single(answer), lead).is_empty() {
                forbidden |= beaters_in(all, lead);
            }
        } else {
            forbidden |= CardSet::suit_mask(suit);
            if answer.suit_unchecked() != obs.trump {
                forbidden |= CardSet::suit_mask(obs.trump);
            }
        }
    }
    forbidden
}

/// Cards the observing seat has seen or knows the place of.
fn known_cards(obs: &SixtySixObservation) -> CardSet {
    let mut seen = obs.hand | obs.opponent_known();
    if let Some(c) = obs.trump_card {
        seen.insert(c);
    }
    if let Some(c) = obs.lead_card {
        seen.insert(c);
    }
    for t in &obs.tricks {
        seen = seen.with(t.cards[0]).with(t.cards[1]);
    }
    seen
}

impl Determinize for SixtySix {
    fn sample<R: RngCore + ?Sized>(obs: &SixtySixObservation, rng: &mut R) -> SixtySix {
        let unknown = unknown_cards(obs);
        let hidden = opponent_hidden(obs, unknown, rng);
        world(obs, unknown, hidden, rng)
    }

    /// Cards are drawn until the talon is exhausted or closed.
    fn draws_ahead(obs: &SixtySixObservation) -> bool {
        obs.talon_remaining > 0 && obs.closed.is_none()
    }
}

impl SixtySix {
    /// The opponent's unknown cards in a uniform sample: a uniform subset of
    /// the cards it may hold, of the size it must hold.
    pub fn sample_opponent_hidden<R: RngCore + ?Sized>(
        obs: &SixtySixObservation,
        rng: &mut R,
    ) -> CardSet {
        opponent_hidden(obs, unknown_cards(obs), rng)
    }

    /// A world consistent with `obs` in which the opponent's unknown cards
    /// are `opp_hidden` (as drawn by [`SixtySix::sample_opponent_hidden`]);
    /// the talon still to be drawn is shuffled.
    ///
    /// # Panics
    /// If `opp_hidden` is not a set of unknown cards of the size the
    /// opponent's hidden hand has (a caller's bug, not bad input).
    pub fn sample_given<R: RngCore + ?Sized>(
        obs: &SixtySixObservation,
        opp_hidden: CardSet,
        rng: &mut R,
    ) -> SixtySix {
        world(obs, unknown_besides(obs, opp_hidden), opp_hidden, rng)
    }

    /// Puts this world's face-down talon in a fresh random order (the
    /// trump card stays under it). For searches that must not know which
    /// cards the coming draws bring: only a sampled world's own order is
    /// changed, and no seat's knowledge is.
    pub fn shuffle_talon<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        let p = &mut self.pos;
        shuffle(
            &mut p.talon[p.talon_next as usize..p.talon_len as usize],
            rng,
        );
    }

    /// The face-down talon of [`SixtySix::sample_given`]'s world, in the
    /// order it would draw it (same draws from `rng`), without the world.
    ///
    /// # Panics
    /// As [`SixtySix::sample_given`].
    pub fn talon_given<R: RngCore + ?Sized>(
        obs: &SixtySixObservation,
        opp_hidden: CardSet,
        rng: &mut R,
    ) -> ArrayVec<Card, 24> {
        shuffled_talon(unknown_besides(obs, opp_hidden), opp_hidden, rng)
    }
}

/// The unknown cards, checked to hold the opponent's hidden cards `opp_hidden`.
fn unknown_besides(obs: &SixtySixObservation, opp_hidden: CardSet) -> CardSet {
    let unknown = unknown_cards(obs);
    assert!(
        opp_hidden - unknown == CardSet::EMPTY
            && opp_hidden.len() == obs.opponent_hand_size() - obs.opponent_known().len(),
        "the opponent's hidden cards must be that many unknown cards"
    );
    unknown
}

/// The unknown cards the opponent does not hold, in a random order.
fn shuffled_talon<R: RngCore + ?Sized>(
    unknown: CardSet,
    opp_hidden: CardSet,
    rng: &mut R,
) -> ArrayVec<Card, 24> {
    let mut cards: ArrayVec<Card, 24> = (unknown - opp_hidden).iter().collect();
    shuffle(&mut cards, rng);
    cards
}

/// Cards whose place the observing seat does not know.
fn unknown_cards(obs: &SixtySixObservation) -> CardSet {
    deck_for(obs.options.hand_size).cards() - known_cards(obs)
}

/// A uniform subset of the `unknown` cards the opponent may hold, of the
/// size its hidden hand has.
fn opponent_hidden<R: RngCore + ?Sized>(
    obs: &SixtySixObservation,
    unknown: CardSet,
    rng: &mut R,
) -> CardSet {
    let allowed = unknown - opponent_forbidden(obs);
    let need = obs.opponent_hand_size() - obs.opponent_known().len();
    debug_assert!(allowed.len() >= need, "observation admits no deal");
    // Partial Fisher–Yates: the first `need` cards are a uniform subset.
    let mut pool: ArrayVec<Card, 24> = allowed.iter().collect();
    let mut opp_hidden = CardSet::EMPTY;
    for i in 0..need.min(pool.len()) {
        let j = i + below(rng, (pool.len() - i) as u64) as usize;
        pool.swap(i, j);
        opp_hidden.insert(pool[i]);
    }
    opp_hidden
}

/// The world with the opponent's hidden cards `opp_hidden` (among the
/// `unknown` ones) and the rest of the unknown cards shuffled into the talon.
fn world<R: RngCore + ?Sized>(
    obs: &SixtySixObservation,
    unknown: CardSet,
    opp_hidden: CardSet,
    rng: &mut R,
) -> SixtySix {
    let me = obs.seat;
    let opp = me.opponent();
    let opts = obs.options;
    let talon_cards = shuffled_talon(unknown, opp_hidden, rng);
    debug_assert_eq!(talon_cards.len(), obs.talon_remaining);

    let full = opts.deck_size() - 2 * opts.hand_size as usize - 1;
    let mut trump_card = obs
        .trump_card
        .or_else(|| last_exchanged(obs))
        .unwrap_or(Card::new(obs.trump, Rank::Ace));
    let next = full - talon_cards.len();
    // The observing seat's own draws go back in their slots (its
    // observation lists them, `SixtySix::drawn_by`); the opponent's
    // slots get a placeholder, as only the opponent's observation of
    // the sampled world would read them (the expert's model of the
    // opponent asks the heuristic on it, which does not read them).
    let mut drawn_slots: ArrayVec<(usize, Card), 12> = ArrayVec::new();
    for (r, (trick, &card)) in obs.tricks.iter().zip(&obs.drawn).enumerate() {
        let slot = draw_slot(r, trick.winner, me);
        if slot < full {
            drawn_slots.push((slot, card));
        } else {
            trump_card = card; // it drew the trump card last
        }
    }
    let mut talon = [trump_card; MAX_TALON];
    for (slot, card) in drawn_slots {
        talon[slot] = card;
    }
    talon[next..full].copy_from_slice(&talon_cards);

    let mut hands = [CardSet::EMPTY; 2];
    hands[me.index()] = obs.hand;
    hands[opp.index()] = obs.opponent_known() | opp_hidden;
    let shown = obs.known;

    let mut marriage_points = [0; 2];
    for (i, m) in marriage_points.iter_mut().enumerate() {
        // Before the end no last-trick bonus has been given.
        *m = obs.points[i] - obs.card_points[i];
    }
    SixtySix {
        pos: Position {
            opts,
            hands,
            talon,
            talon_len: full as u8,
            talon_next: next as u8,
            trump: obs.trump,
            trump_card,
            exhausted: obs.trump_card.is_none(),
            closed: obs.closed,
            leader: obs.leader,
            phase: obs.phase,
            lead_card: obs.lead_card,
            card_points: obs.card_points,
            bonus: [0; 2],
            marriage_points,
            pending: obs.pending,
            tricks: obs.tricks_won,
            result: obs.result,
        },
        dealer: obs.dealer,
        shown,
        history: CopyVec::from_slice(&obs.tricks, NO_TRICK),
        events: CopyVec::from_slice(&obs.events, NO_EVENT),
        sheet: obs.sheet,
    }
}

/// The card last put under the talon by an exchange.
fn last_exchanged(obs: &SixtySixObservation) -> Option<Card> {
    obs.events.iter().rev().find_map(|e| match e {
        Event::Exchange { gave, .. } => Some(*gave),
        _ => None,
    })
}

#[cfg(test)]
#[path = "sample_tests.rs"]
mod tests;
