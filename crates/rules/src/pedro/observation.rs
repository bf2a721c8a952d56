//! What one seat may know about a deal, and what it may not.
//!
//! A seat knows its own hand and its own face-down discards (including the
//! stock cards it drew, the kitty it took and what it robbed), and every
//! card that was ever face up: trumps given to partner, trumps discarded
//! face up, cards played or dumped. Everything else is hidden: the other
//! hands (apart from cards known to have been given into them), the other
//! seats' face-down discards, the stock and the kitty.

use super::action::Action;
use super::options::PedroOptions;
use super::scoring::PedroResult;
use super::state::{Event, Pedro, Phase};
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Seat, Suit};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PedroObservation {
    pub seat: Seat,
    /// The rules in force (public knowledge).
    pub options: PedroOptions,
    pub dealer: Seat,
    pub to_move: Option<Seat>,
    pub phase: Phase,
    pub hand: CardSet,
    pub own_discards: CardSet,
    /// Cards each seat is known to hold (given to it face up).
    pub known: [CardSet; 4],
    pub hand_sizes: [u8; 4],
    pub stock_left: u8,
    pub trump: Option<Suit>,
    pub bidder: Option<Seat>,
    pub high_bid: u8,
    /// The current trick, in order.
    pub trick: Vec<(Seat, Card)>,
    pub out: [bool; 4],
    pub points: [u16; 2],
    /// The record as this seat saw it: bids, trump, gives, face-up
    /// discards, play, and which cards it discarded face down and drew
    /// (other seats' only as counts). With the hand it is the seat's whole
    /// history (perfect recall).
    pub events: Vec<Event>,
    pub result: Option<PedroResult>,
    /// Team scores before this deal, when it is one deal of a game.
    pub sheet: Option<[i32; 2]>,
    /// While the hands are reduced, this seat's own legal actions when it
    /// is to move: whether it may give trumps to partner (or must discard)
    /// depends on the partner's trumps, which partners tell each other at
    /// the table. Part of the observation, so every world sampled from it
    /// offers the seat the same actions. Empty otherwise.
    pub reduce_moves: Vec<Action>,
}

impl Pedro {
    pub fn observation(&self, seat: Seat) -> PedroObservation {
        self.observation_of(Some(seat))
    }

    /// What every seat knows: no hand, no face-down discards, the cards
    /// drawn only as counts, no seat's own moves. It reads as seat 0's
    /// place at the table (the seat a spectator looks from).
    pub fn public_observation(&self) -> PedroObservation {
        self.observation_of(None)
    }

    /// One constructor for both, so a field added later is decided for
    /// the public view here, not copied from a seat's.
    fn observation_of(&self, seat: Option<Seat>) -> PedroObservation {
        let mut known = [CardSet::EMPTY; 4];
        for (i, k) in known.iter_mut().enumerate() {
            *k = self.received[i] & self.hands[i];
        }
        let own = |cards: &[CardSet; 4]| seat.map_or(CardSet::EMPTY, |s| cards[s.index()]);
        PedroObservation {
            seat: seat.unwrap_or(Seat(0)),
            options: self.opts,
            dealer: self.dealer,
            to_move: self.to_move(),
            phase: self.phase,
            hand: own(&self.hands),
            own_discards: own(&self.discards),
            known,
            hand_sizes: self.hands.map(|h| h.len() as u8),
            stock_left: self.stock_left() as u8,
            trump: self.trump.map(|t| t.suit),
            bidder: self.bidder,
            high_bid: self.high_bid,
            trick: self.trick.to_vec(),
            out: [0, 1, 2, 3].map(|s| self.is_out(Seat(s))),
            points: self.points,
            events: match seat {
                Some(s) => self.events.iter().map(|e| e.seen_by(s)).collect(),
                None => self.events.iter().map(|e| e.public()).collect(),
            },
            result: self.result,
            sheet: self.sheet,
            reduce_moves: seat.map_or_else(Vec::new, |s| self.reduce_moves_seen_by(s)),
        }
    }

    fn reduce_moves_seen_by(&self, seat: Seat) -> Vec<Action> {
        if self.phase != Phase::Reduce || self.to_move() != Some(seat) {
            return Vec::new();
        }
        let mut moves = ActionList::new();
        self.legal_actions(&mut moves);
        moves.to_vec()
    }

    /// Exactly the cards whose place `seat` does not know.
    pub fn hidden_cards(&self, seat: Seat) -> CardSet {
        let deck = super::deal::deck_for(&self.opts).cards();
        deck - self.hands[seat.index()] - self.discards[seat.index()] - self.public
    }
}

impl PedroObservation {
    /// The high bid as players say it: `45`, or `double` (on the record
    /// one above `max_bid`).
    pub fn high_bid_name(&self) -> String {
        super::auction::bid_text(self.high_bid, self.options.max_bid)
    }

    /// Cards this seat must still get rid of, one at a time, before the
    /// tricks: what its hand holds above [`super::PLAY_HAND`] (0 outside
    /// the reduction). A hand of six may still owe a move here: the rest
    /// of a pass-and-fold, or a trump discarded to make room for partner.
    pub fn to_shed(&self) -> usize {
        match self.phase {
            Phase::Reduce => self.hand.len().saturating_sub(super::PLAY_HAND),
            _ => 0,
        }
    }

    /// What the undealt cards are called: the bidder's `kitty`, or the
    /// `stock` that hands are filled from.
    pub fn stock_name(&self) -> &'static str {
        self.options.stock_name()
    }

    /// The bid the dealer is stuck with when every seat passes; `None`
    /// where the cards are thrown in instead.
    pub fn forced_bid(&self) -> Option<u8> {
        (self.options.all_pass == super::options::AllPass::DealerForced)
            .then_some(self.options.forced_bid)
    }

    /// The cards this seat drew this deal (its own record names them).
    pub fn own_draws(&self) -> CardSet {
        self.events.iter().fold(CardSet::EMPTY, |set, e| match *e {
            Event::Drew { seat, cards, .. } if seat == self.seat => set | cards,
            _ => set,
        })
    }
}

impl crate::game::Observation for PedroObservation {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn mentioned_cards(&self) -> CardSet {
        let mut set = self.hand | self.own_discards;
        for k in self.known {
            set |= k;
        }
        for &(_, c) in &self.trick {
            set.insert(c);
        }
        for e in &self.events {
            match *e {
                Event::ShownDiscard { card, .. }
                | Event::Give { card, .. }
                | Event::Play { card, .. } => set.insert(card),
                Event::Dump { cards, .. }
                | Event::Discarded { cards, .. }
                | Event::Drew { cards, .. } => set |= cards,
                _ => {}
            }
        }
        set
    }
}

/// The last trick from a public event record: every card played or dumped
/// since the trick before, and the winner.
pub fn last_trick(events: &[Event]) -> Option<(Vec<(Seat, Card)>, Seat)> {
    let end = events
        .iter()
        .rposition(|e| matches!(e, Event::Trick { .. }))?;
    let Event::Trick { winner } = events[end] else {
        unreachable!("found a trick")
    };
    let start = events[..end]
        .iter()
        .rposition(|e| matches!(e, Event::Trick { .. }))
        .map_or(0, |i| i + 1);
    let mut cards = Vec::new();
    for e in &events[start..end] {
        match e {
            Event::Play { seat, card } => cards.push((*seat, *card)),
            Event::Dump {
                seat,
                cards: dumped,
            } => cards.extend(dumped.iter().map(|c| (*seat, c))),
            _ => {}
        }
    }
    Some((cards, winner))
}
