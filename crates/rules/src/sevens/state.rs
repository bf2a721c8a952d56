//! The state of one deal of Sixes and Sevens and its transitions.

use super::action::Action;
use super::cards::{is_ace, odd_even, trick_winner, AceCall};
use super::deal::{Deal, DealError};
use super::options::{SevensOptions, Winner};
use crate::game::{ActionList, Returns};
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Seat};

/// Most seats at the table.
pub const MAX_PLAYERS: usize = 6;

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The next seat plays a card to the trick.
    Play,
    /// Every card of the trick is down; Ace players call their Aces in
    /// play order (clockwise from the leader).
    AceCall,
    Over,
}

/// One finished trick, for the history every seat sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: Seat,
    /// In play order, the lead first.
    pub cards: ArrayVec<Card, MAX_PLAYERS>,
    /// The call of each Ace (by position in `cards`), when Aces are wild.
    pub calls: ArrayVec<Option<AceCall>, MAX_PLAYERS>,
    pub odd: u8,
    pub even: u8,
    pub winner: Seat,
}

/// A deal of Sixes and Sevens in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sevens {
    pub(super) opts: SevensOptions,
    pub(super) dealer: Seat,
    pub(super) hands: [CardSet; MAX_PLAYERS],
    pub(super) leftover: CardSet,
    pub(super) leader: Seat,
    pub(super) phase: Phase,
    /// Cards of the trick in progress, in play order.
    pub(super) trick: ArrayVec<Card, MAX_PLAYERS>,
    pub(super) calls: ArrayVec<Option<AceCall>, MAX_PLAYERS>,
    pub(super) tricks: [u8; MAX_PLAYERS],
    pub(super) history: Vec<TrickRecord>,
}

impl Sevens {
    /// Starts a deal after checking it fits these options.
    pub fn new(deal: &Deal, opts: SevensOptions) -> Result<Sevens, DealError> {
        if deal.hands.len() != opts.players as usize {
            return Err(DealError::Fields {
                found: deal.hands.len() + 2,
                expected: opts.players as usize + 2,
            });
        }
        if deal.dealer.0 >= opts.players {
            return Err(DealError::Dealer(deal.dealer.to_string()));
        }
        deal.validate()?;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[..deal.hands.len()].copy_from_slice(&deal.hands);
        Ok(Sevens {
            opts,
            dealer: deal.dealer,
            hands,
            leftover: deal.leftover,
            leader: deal.dealer.next(opts.players),
            phase: Phase::Play,
            trick: ArrayVec::new(),
            calls: ArrayVec::new(),
            tricks: [0; MAX_PLAYERS],
            history: Vec::with_capacity(opts.hand_size()),
        })
    }

    /// A deal from a seed (see [`Deal::from_seed`]).
    pub fn from_seed(seed: u64, opts: SevensOptions, dealer: Seat) -> Sevens {
        let deal = Deal::from_seed(seed, opts.players, dealer);
        Sevens::new(&deal, opts).expect("a seeded deal is always legal")
    }

    pub fn options(&self) -> &SevensOptions {
        &self.opts
    }

    pub fn players(&self) -> u8 {
        self.opts.players
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    pub fn history(&self) -> &[TrickRecord] {
        &self.history
    }

    /// Tricks taken per seat so far (one point each).
    pub fn tricks(&self) -> &[u8] {
        &self.tricks[..self.opts.players as usize]
    }

    /// The seat at position `i` of the current trick.
    pub(super) fn seat_at(&self, i: usize) -> Seat {
        self.leader.offset(i as u8, self.opts.players)
    }

    /// The position in the trick of the next Ace still to be called.
    fn next_ace(&self) -> Option<usize> {
        (0..self.trick.len()).find(|&i| is_ace(self.trick[i]) && self.calls[i].is_none())
    }

    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Play => Some(self.seat_at(self.trick.len())),
            Phase::AceCall => self.next_ace().map(|i| self.seat_at(i)),
        }
    }

    /// Cards the seat to play may play: its cards of the led suit, if any.
    fn playable(&self) -> CardSet {
        let hand = self.hands[self.seat_at(self.trick.len()).index()];
        match self.trick.first() {
            Some(lead) => {
                let suit = hand.suit(lead.suit_unchecked());
                if suit.is_empty() {
                    hand
                } else {
                    suit
                }
            }
            None => hand,
        }
    }

    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Play => out.extend(self.playable().iter().map(Action::Play)),
            Phase::AceCall => {
                out.push(Action::Ace { odd: true });
                out.push(Action::Ace { odd: false });
            }
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Play, Action::Play(c)) => self.playable().contains(c),
            (Phase::AceCall, Action::Ace { .. }) => true,
            _ => false,
        }
    }

    /// Applies a legal action; see [`crate::Game::play_unchecked`].
    pub fn apply(&mut self, action: Action) {
        match action {
            Action::Play(card) => {
                let seat = self.seat_at(self.trick.len());
                self.hands[seat.index()].remove(card);
                self.trick.push(card);
                self.calls.push(None);
                if self.trick.len() == self.opts.players as usize {
                    self.trick_down();
                }
            }
            Action::Ace { .. } => {
                let i = self.next_ace().expect("an Ace awaits its call");
                self.calls[i] = action.call();
                if self.next_ace().is_none() {
                    self.finish_trick();
                }
            }
        }
    }

    /// All cards are down: Aces are called first when they are wild.
    fn trick_down(&mut self) {
        if self.opts.ace_wild && self.next_ace().is_some() {
            self.phase = Phase::AceCall;
        } else {
            self.finish_trick();
        }
    }

    fn finish_trick(&mut self) {
        let w = trick_winner(&self.trick, &self.calls, self.opts.tie);
        let winner = self.seat_at(w);
        let (odd, even) = odd_even(&self.trick, &self.calls);
        self.tricks[winner.index()] += 1;
        self.history.push(TrickRecord {
            leader: self.leader,
            cards: std::mem::take(&mut self.trick),
            calls: std::mem::take(&mut self.calls),
            odd,
            even,
            winner,
        });
        self.leader = winner;
        self.phase = if self.hands[winner.index()].is_empty() {
            Phase::Over
        } else {
            Phase::Play
        };
    }

    /// Payoff per seat once the deal is over: tricks taken, negated when
    /// the fewest points win (so that more is always better).
    pub fn returns(&self) -> Option<Returns> {
        if self.phase != Phase::Over {
            return None;
        }
        let sign = if self.opts.winner == Winner::Fewest {
            -1
        } else {
            1
        };
        Some(self.tricks().iter().map(|&t| sign * i32::from(t)).collect())
    }

    /// Every card exactly once across hands, leftover, trick and history;
    /// one trick per round of cards.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = self.leftover;
        let mut count = self.leftover.len();
        for h in &self.hands[..self.opts.players as usize] {
            seen |= *h;
            count += h.len();
        }
        for c in self
            .trick
            .iter()
            .chain(self.history.iter().flat_map(|t| t.cards.iter()))
        {
            seen.insert(*c);
            count += 1;
        }
        if count != 52 || seen.len() != 52 {
            return Err(format!("cards not conserved: {count} counted, {seen}"));
        }
        let taken: usize = self.tricks().iter().map(|&t| t as usize).sum();
        if taken != self.history.len() {
            return Err(format!(
                "{taken} tricks scored, {} played",
                self.history.len()
            ));
        }
        Ok(())
    }
}
