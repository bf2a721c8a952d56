//! What one seat may know about a deal.

use super::equity::SixtySixSheet;
use super::options::SixtySixOptions;
use super::position::draw_slot;
use super::scoring::DealResult;
use super::state::{Closure, Event, Phase, SixtySix, TrickRecord};
use talon_cards::{Card, CardSet, Seat, Suit};

/// A seat's view: its own hand, everything shown to both players, and the
/// full public history (players are assumed to remember every trick).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SixtySixObservation {
    pub seat: Seat,
    /// The rules in force (public: both players agreed on them).
    pub options: SixtySixOptions,
    pub dealer: Seat,
    pub to_move: Option<Seat>,
    pub phase: Phase,
    pub hand: CardSet,
    pub trump: Suit,
    /// The card under the talon while it is there (face down once closed,
    /// but both players saw it).
    pub trump_card: Option<Card>,
    pub talon_remaining: usize,
    pub closed: Option<Closure>,
    /// The card led to the current trick, if any.
    pub lead_card: Option<Card>,
    pub leader: Seat,
    pub tricks: Vec<TrickRecord>,
    pub events: Vec<Event>,
    /// The cards this seat drew from the talon, in order (the trump card
    /// too, if it took it by the last draw). With the tricks and the
    /// events' places among them this is the seat's whole history: its
    /// hand before every trick follows.
    pub drawn: Vec<Card>,
    /// Cards each seat is known to hold (shown marriage partners, the
    /// trump card taken by exchange or by the last draw).
    pub known: [CardSet; 2],
    pub hand_sizes: [usize; 2],
    pub points: [u16; 2],
    pub card_points: [u16; 2],
    pub pending: [u16; 2],
    pub tricks_won: [u8; 2],
    pub result: Option<DealResult>,
    /// The match's score sheet before this deal (public), or `None` for a
    /// lone deal.
    pub sheet: Option<SixtySixSheet>,
}

impl SixtySixObservation {
    /// Cards the opponent is known to hold.
    pub fn opponent_known(&self) -> CardSet {
        self.known[self.seat.opponent().index()]
    }

    /// How many cards the opponent holds.
    pub fn opponent_hand_size(&self) -> usize {
        self.hand_sizes[self.seat.opponent().index()]
    }
}

impl SixtySix {
    /// The observation of `seat`.
    pub fn observation(&self, seat: Seat) -> SixtySixObservation {
        SixtySixObservation {
            seat,
            options: self.pos.opts,
            dealer: self.dealer,
            to_move: self.to_move(),
            phase: self.pos.phase,
            hand: self.pos.hands[seat.index()],
            trump: self.pos.trump,
            trump_card: self.trump_card(),
            talon_remaining: self.talon_remaining(),
            closed: self.pos.closed,
            lead_card: self.pos.lead_card,
            leader: self.pos.leader,
            tricks: self.history.to_vec(),
            events: self.events.to_vec(),
            drawn: self.drawn_by(seat),
            known: [0, 1].map(|s| self.shown[s] & self.pos.hands[s]),
            hand_sizes: self.pos.hands.map(|h| h.len()),
            points: [self.points(Seat(0)), self.points(Seat(1))],
            card_points: self.pos.card_points,
            pending: self.pos.pending,
            tricks_won: self.pos.tricks,
            result: self.pos.result,
            sheet: self.sheet,
        }
    }

    /// What both players know: seat 0's observation without its hand and
    /// its draws.
    pub fn public_observation(&self) -> SixtySixObservation {
        SixtySixObservation {
            hand: CardSet::EMPTY,
            drawn: Vec::new(),
            ..self.observation(Seat(0))
        }
    }

    /// The cards `seat` drew, in order: one draw follows every trick while
    /// the talon is open, so the talon and the tricks' winners tell them
    /// (`draw_slot`).
    fn drawn_by(&self, seat: Seat) -> Vec<Card> {
        let p = &self.pos;
        let draws = p.talon_next as usize + usize::from(p.exhausted);
        let mut out = Vec::with_capacity(draws / 2);
        for (r, trick) in self.history.iter().enumerate().take(draws / 2) {
            let slot = draw_slot(r, trick.winner, seat);
            out.push(
                p.talon
                    .get(slot)
                    .filter(|_| slot < p.talon_len as usize)
                    .copied()
                    .unwrap_or(p.trump_card),
            );
        }
        out
    }

    /// Cards `seat` may not see: the opponent's unshown cards and the
    /// face-down talon.
    pub fn hidden_cards(&self, seat: Seat) -> CardSet {
        let opp = seat.opponent().index();
        let talon: CardSet = self.talon_cards().iter().copied().collect();
        (self.pos.hands[opp] - self.shown[opp]) | talon
    }
}

impl crate::game::Observation for SixtySixObservation {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn mentioned_cards(&self) -> CardSet {
        let mut set = self.hand | self.known[0] | self.known[1];
        if let Some(c) = self.trump_card {
            set.insert(c);
        }
        if let Some(c) = self.lead_card {
            set.insert(c);
        }
        for t in &self.tricks {
            set = set.with(t.cards[0]).with(t.cards[1]);
        }
        set = self.drawn.iter().fold(set, |s, &c| s.with(c));
        for e in &self.events {
            if let Event::Exchange { gave, took, .. } = e {
                set = set.with(*gave).with(*took);
            }
        }
        set
    }
}
