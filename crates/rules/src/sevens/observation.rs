//! What one seat may know about a deal of Sixes and Sevens.

use super::cards::AceCall;
use super::options::SevensOptions;
use super::state::{Phase, Sevens, TrickRecord};
use talon_cards::{Card, CardSet, Seat};

/// A seat's view: its own hand, the trick on the table with any Ace calls,
/// and the full public history. The cards set aside stay unseen all deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SevensObservation {
    pub seat: Seat,
    pub options: SevensOptions,
    pub dealer: Seat,
    pub to_move: Option<Seat>,
    pub phase: Phase,
    pub hand: CardSet,
    pub leader: Seat,
    pub trick: Vec<Card>,
    pub calls: Vec<Option<AceCall>>,
    pub history: Vec<TrickRecord>,
    pub hand_sizes: Vec<usize>,
    pub tricks: Vec<u8>,
}

impl Sevens {
    pub fn observation(&self, seat: Seat) -> SevensObservation {
        let n = self.opts.players as usize;
        SevensObservation {
            seat,
            options: self.opts,
            dealer: self.dealer,
            to_move: self.to_move(),
            phase: self.phase,
            hand: self.hands[seat.index()],
            leader: self.leader,
            trick: self.trick.to_vec(),
            calls: self.calls.to_vec(),
            history: self.history.clone(),
            hand_sizes: self.hands[..n].iter().map(|h| h.len()).collect(),
            tricks: self.tricks().to_vec(),
        }
    }

    /// What every seat knows: seat 0's observation without its hand.
    pub fn public_observation(&self) -> SevensObservation {
        SevensObservation {
            hand: CardSet::EMPTY,
            ..self.observation(Seat(0))
        }
    }

    /// Other seats' hands and the cards set aside.
    pub fn hidden_cards(&self, seat: Seat) -> CardSet {
        let mut hidden = self.leftover;
        for (i, h) in self.hands[..self.opts.players as usize].iter().enumerate() {
            if i != seat.index() {
                hidden |= *h;
            }
        }
        hidden
    }
}

impl crate::game::Observation for SevensObservation {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn mentioned_cards(&self) -> CardSet {
        let mut set = self.hand;
        set |= self.trick.iter().copied().collect();
        for t in &self.history {
            set |= t.cards.iter().copied().collect();
        }
        set
    }
}
