//! The state of one two-hand deal and its transitions.

use super::action::Action;
use super::cards::{beaters_in, king, points, queen, trick_winner};
use super::deal::{deck_for, Deal, DealError};
use super::equity::{MatchValue, SixtySixSheet};
use super::options::{Declaring, LastTrick, MarriageCredit, MarriageLead, SixtySixOptions};
use super::scoring::{self, DealResult, EndReason};
use crate::copy_vec::CopyVec;
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Rank, Seat, Suit};

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The leader acts at the start of a trick.
    Lead,
    /// The trick winner may close before drawing, declare, or draw.
    PreDraw,
    /// The leader melded a marriage in this suit and now leads its king or queen.
    MeldLead(Suit),
    /// The other seat answers the card led.
    Follow,
    Over,
}

/// Who closed the talon, and whether the opponent had a trick then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closure {
    pub by: Seat,
    pub opponent_had_trick: bool,
    /// The opponent's points when the talon was closed, counted as the
    /// schneider line counts them (for `close_score = at_closing`).
    pub opponent_points: u16,
    /// Tricks played before the close: the ones after it were played under
    /// strict rules, which tells a sampler where voids were shown.
    pub tricks_played: u8,
}

/// One finished trick, for the history every seat sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: Seat,
    /// The led card, then the answer.
    pub cards: [Card; 2],
    pub winner: Seat,
}

/// A public event besides card play, in order, for observations and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Meld { seat: Seat, suit: Suit, points: u16 },
    Exchange { seat: Seat, gave: Card, took: Card },
    Close { seat: Seat },
}

pub(super) const MAX_TALON: usize = 11;

/// Fillers for the unused slots of the history lists (never read).
pub(super) const NO_TRICK: TrickRecord = TrickRecord {
    leader: Seat(0),
    cards: [Card::new(Suit::Clubs, Rank::Ace); 2],
    winner: Seat(0),
};
pub(super) const NO_EVENT: Event = Event::Close { seat: Seat(0) };

/// A deal of two-hand Sixty-six, Schnapsen or VU Schnapsen in progress.
///
/// Small and `Copy`-like to clone: search clones it at every node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SixtySix {
    pub(super) opts: SixtySixOptions,
    pub(super) dealer: Seat,
    pub(super) hands: [CardSet; 2],
    pub(super) talon: [Card; MAX_TALON],
    pub(super) talon_len: u8,
    pub(super) talon_next: u8,
    pub(super) trump: Suit,
    /// The card under the talon (changes on an exchange).
    pub(super) trump_card: Card,
    /// The trump card has been drawn: the talon is exhausted.
    pub(super) exhausted: bool,
    pub(super) closed: Option<Closure>,
    pub(super) leader: Seat,
    pub(super) phase: Phase,
    pub(super) lead_card: Option<Card>,
    pub(super) card_points: [u16; 2],
    pub(super) bonus: [u16; 2],
    pub(super) marriage_points: [u16; 2],
    pub(super) pending: [u16; 2],
    pub(super) tricks: [u8; 2],
    /// Cards each seat is publicly known to hold (shown marriage partners,
    /// the trump card taken by exchange or the last draw).
    pub(super) shown: [CardSet; 2],
    pub(super) history: CopyVec<TrickRecord, 12>,
    pub(super) events: CopyVec<Event, 16>,
    pub(super) result: Option<DealResult>,
    /// The match's score sheet before this deal; `None` for a lone deal.
    pub(super) sheet: Option<SixtySixSheet>,
}

impl SixtySix {
    /// Starts a deal after checking it is a legal one for these options.
    pub fn new(deal: &Deal, opts: SixtySixOptions) -> Result<SixtySix, DealError> {
        deal.validate(opts.hand_size)?;
        let mut talon = [deal.trump_card; MAX_TALON];
        talon[..deal.talon.len()].copy_from_slice(&deal.talon);
        Ok(SixtySix {
            opts,
            dealer: deal.dealer,
            hands: deal.hands,
            talon,
            talon_len: deal.talon.len() as u8,
            talon_next: 0,
            trump: deal.trump_card.suit_unchecked(),
            trump_card: deal.trump_card,
            exhausted: false,
            closed: None,
            leader: deal.dealer.opponent(),
            phase: Phase::Lead,
            lead_card: None,
            card_points: [0; 2],
            bonus: [0; 2],
            marriage_points: [0; 2],
            pending: [0; 2],
            tricks: [0; 2],
            shown: [CardSet::EMPTY; 2],
            history: CopyVec::new(NO_TRICK),
            events: CopyVec::new(NO_EVENT),
            result: None,
            sheet: None,
        })
    }

    /// A deal from a seed (see [`Deal::from_seed`]).
    pub fn from_seed(seed: u64, opts: SixtySixOptions, dealer: Seat) -> SixtySix {
        let deal = Deal::from_seed(seed, opts.hand_size, dealer);
        SixtySix::new(&deal, opts).expect("a seeded deal is always legal")
    }

    /// The same deal as one deal of a match standing at `scores` (game
    /// points of seat 0 and seat 1 before it).
    pub fn with_sheet(mut self, scores: [u16; 2]) -> SixtySix {
        self.sheet = Some(SixtySixSheet::new(&self.opts, scores, self.dealer));
        self
    }

    /// The same deal with its outcomes valued for search as `value` says
    /// (no change to a lone deal).
    pub fn with_match_value(mut self, value: MatchValue) -> SixtySix {
        if let Some(sheet) = &mut self.sheet {
            sheet.value = value;
        }
        self
    }

    /// The match's score sheet before this deal, if it is one deal of a match.
    pub fn sheet(&self) -> Option<&SixtySixSheet> {
        self.sheet.as_ref()
    }

    pub fn options(&self) -> &SixtySixOptions {
        &self.opts
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn trump(&self) -> Suit {
        self.trump
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    pub fn result(&self) -> Option<&DealResult> {
        self.result.as_ref()
    }

    pub fn history(&self) -> &[TrickRecord] {
        &self.history
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn closure(&self) -> Option<Closure> {
        self.closed
    }

    /// Face-down cards left in the talon.
    pub fn talon_remaining(&self) -> usize {
        (self.talon_len - self.talon_next) as usize
    }

    /// The face-down talon, top first (hidden information).
    pub fn talon_cards(&self) -> &[Card] {
        &self.talon[self.talon_next as usize..self.talon_len as usize]
    }

    /// The trump card while it still lies under the talon.
    pub fn trump_card(&self) -> Option<Card> {
        (!self.exhausted).then_some(self.trump_card)
    }

    /// Points that count now: tricks, last-trick bonus and counted marriages.
    pub fn points(&self, seat: Seat) -> u16 {
        let i = seat.index();
        self.card_points[i] + self.bonus[i] + self.marriage_points[i]
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Follow => Some(self.leader.opponent()),
            _ => Some(self.leader),
        }
    }

    /// Strict rules apply: the talon is closed or exhausted.
    pub fn strict(&self) -> bool {
        self.exhausted || self.closed.is_some()
    }

    fn talon_open(&self) -> bool {
        !self.strict()
    }

    fn tricks_played(&self) -> usize {
        self.history.len()
    }

    fn exchange_card(&self) -> Card {
        Card::new(self.trump, self.exchange_rank())
    }

    fn can_exchange(&self) -> bool {
        let o = &self.opts;
        let l = self.leader.index();
        !self.exhausted
            && (self.closed.is_none() || o.exchange_after_close)
            && self.hands[l].contains(self.exchange_card())
            && (!o.exchange_requires_trick || self.tricks[l] > 0)
            && (o.exchange_on_first_lead || self.tricks_played() > 0)
            && (o.exchange_on_last_draw || self.talon_remaining() > 1)
    }

    fn can_close(&self) -> bool {
        self.opts.closing
            && self.talon_open()
            && (self.opts.close_on_first_lead || self.tricks_played() > 0)
    }

    fn can_meld(&self, suit: Suit) -> bool {
        let hand = self.hands[self.leader.index()];
        hand.contains(king(suit))
            && hand.contains(queen(suit))
            && (self.talon_open() || self.opts.marriages_after_talon)
            && (self.opts.marriage_on_first_lead || self.tricks_played() > 0)
    }

    pub(super) fn can_declare(&self) -> bool {
        self.opts.declaring == Declaring::Manual
            && match self.phase {
                Phase::Lead | Phase::PreDraw => self.tricks_played() > 0,
                Phase::MeldLead(_) => self.opts.declare_after_meld,
                _ => false,
            }
    }

    /// Cards the follower may play to `lead`.
    fn follow_options(&self, lead: Card) -> CardSet {
        let hand = self.hands[self.leader.opponent().index()];
        if !self.strict() {
            return hand;
        }
        let suit = hand.suit(lead.suit_unchecked());
        if !suit.is_empty() {
            let higher = beaters_in(suit, lead);
            return if higher.is_empty() { suit } else { higher };
        }
        let trumps = hand.suit(self.trump);
        if trumps.is_empty() {
            hand
        } else {
            trumps
        }
    }

    /// Writes the legal actions into `out` (cleared first), cards in bit order.
    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Follow => {
                let lead = self.lead_card.expect("a card was led");
                out.extend(self.follow_options(lead).iter().map(Action::Play));
            }
            Phase::PreDraw => {
                out.push(Action::Draw);
                out.push(Action::Close);
                if self.can_declare() {
                    out.push(Action::Declare);
                }
            }
            Phase::MeldLead(suit) => {
                out.push(Action::Play(king(suit)));
                if self.opts.marriage_lead == MarriageLead::KingOrQueen {
                    out.push(Action::Play(queen(suit)));
                }
                if self.can_declare() {
                    out.push(Action::Declare);
                }
            }
            Phase::Lead => {
                out.extend(self.hands[self.leader.index()].iter().map(Action::Play));
                for suit in Suit::ALL {
                    if self.can_meld(suit) {
                        out.push(Action::Meld(suit));
                    }
                }
                if self.can_exchange() {
                    out.push(Action::Exchange);
                }
                if self.can_close() {
                    out.push(Action::Close);
                }
                if self.can_declare() {
                    out.push(Action::Declare);
                }
            }
        }
    }

    /// Whether `action` is legal now (without building the whole list).
    pub fn is_legal(&self, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Over, _) => false,
            (Phase::Follow, Action::Play(c)) => self
                .follow_options(self.lead_card.expect("a card was led"))
                .contains(c),
            (Phase::PreDraw, Action::Draw | Action::Close) => true,
            (Phase::PreDraw, Action::Declare) => self.can_declare(),
            (Phase::MeldLead(s), Action::Play(c)) => {
                c == king(s)
                    || (c == queen(s) && self.opts.marriage_lead == MarriageLead::KingOrQueen)
            }
            (Phase::MeldLead(_), Action::Declare) => self.can_declare(),
            (Phase::Lead, Action::Play(c)) => self.hands[self.leader.index()].contains(c),
            (Phase::Lead, Action::Meld(s)) => self.can_meld(s),
            (Phase::Lead, Action::Exchange) => self.can_exchange(),
            (Phase::Lead, Action::Close) => self.can_close(),
            (Phase::Lead, Action::Declare) => self.can_declare(),
            _ => false,
        }
    }

    /// Applies a legal action; see [`crate::Game::play_unchecked`].
    pub fn apply(&mut self, action: Action) {
        let me = self.leader;
        match action {
            Action::Play(card) if self.phase == Phase::Follow => self.finish_trick(card),
            Action::Play(card) => {
                self.hands[me.index()].remove(card);
                self.shown[me.index()].remove(card);
                self.lead_card = Some(card);
                self.phase = Phase::Follow;
            }
            Action::Meld(suit) => self.meld(suit),
            Action::Exchange => {
                let gave = self.exchange_card();
                let took = self.trump_card;
                let hand = &mut self.hands[me.index()];
                hand.remove(gave);
                hand.insert(took);
                self.shown[me.index()].remove(gave);
                self.shown[me.index()].insert(took);
                self.trump_card = gave;
                self.events.push(Event::Exchange {
                    seat: me,
                    gave,
                    took,
                });
            }
            Action::Close => {
                let opp = me.opponent().index();
                self.closed = Some(Closure {
                    by: me,
                    opponent_had_trick: self.tricks[opp] > 0,
                    opponent_points: scoring::schneider_points(self, Seat(opp as u8)),
                    tricks_played: self.history.len() as u8,
                });
                self.events.push(Event::Close { seat: me });
                self.phase = Phase::Lead;
            }
            Action::Draw => {
                self.draw();
                self.phase = Phase::Lead;
            }
            Action::Declare => {
                let result = scoring::declaration(self, me);
                self.end(result);
            }
        }
    }

    fn meld(&mut self, suit: Suit) {
        let me = self.leader.index();
        let value = if suit == self.trump { 40 } else { 20 };
        let counts_now =
            self.opts.marriage_credit == MarriageCredit::HasTrick && self.tricks[me] > 0;
        if counts_now {
            self.marriage_points[me] += value;
        } else {
            self.pending[me] += value;
        }
        self.shown[me] = self.shown[me].with(king(suit)).with(queen(suit));
        self.events.push(Event::Meld {
            seat: self.leader,
            suit,
            points: value,
        });
        self.phase = Phase::MeldLead(suit);
        if counts_now {
            self.check_automatic(self.leader);
        }
    }

    fn finish_trick(&mut self, card: Card) {
        let follower = self.leader.opponent();
        self.hands[follower.index()].remove(card);
        self.shown[follower.index()].remove(card);
        let lead = self.lead_card.take().expect("a card was led");
        let winner = if trick_winner(lead, card, self.trump) == 0 {
            self.leader
        } else {
            follower
        };
        let w = winner.index();
        self.card_points[w] += points(lead) + points(card);
        self.tricks[w] += 1;
        self.marriage_points[w] += self.pending[w];
        self.pending[w] = 0;
        self.history.push(TrickRecord {
            leader: self.leader,
            cards: [lead, card],
            winner,
        });
        self.leader = winner;
        self.phase = Phase::Lead;
        if self.check_automatic(winner) {
            return;
        }
        if self.hands[w].is_empty() {
            if self.closed.is_none() && self.opts.last_trick == LastTrick::Bonus10 {
                self.bonus[w] += 10;
            }
            let result = scoring::played_out(self, winner);
            self.end(result);
        } else if self.talon_open() {
            if self.opts.closing && self.opts.close_before_draw {
                self.phase = Phase::PreDraw;
            } else {
                self.draw();
            }
        }
    }

    /// Ends the deal when the engine declares for the players (VU rules).
    fn check_automatic(&mut self, seat: Seat) -> bool {
        if self.opts.declaring == Declaring::Automatic && self.points(seat) >= 66 {
            let result = scoring::win(self, seat, EndReason::Reached66 { seat });
            self.end(result);
            return true;
        }
        false
    }

    /// The leader (last trick's winner) draws first, then the other seat;
    /// the trump card is the last card drawn.
    fn draw(&mut self) {
        for seat in [self.leader, self.leader.opponent()] {
            let card = if self.talon_next < self.talon_len {
                self.talon_next += 1;
                self.talon[self.talon_next as usize - 1]
            } else {
                self.exhausted = true;
                self.shown[seat.index()].insert(self.trump_card);
                self.trump_card
            };
            self.hands[seat.index()].insert(card);
        }
    }

    fn end(&mut self, result: DealResult) {
        self.result = Some(result);
        self.phase = Phase::Over;
        self.lead_card = None;
    }

    /// Every card of the pack exactly once across hands, talon, trump card,
    /// the trick on the table and the tricks taken.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut count = 0usize;
        let mut add = |set: CardSet| {
            count += set.len();
            seen |= set;
        };
        add(self.hands[0]);
        add(self.hands[1]);
        add(self.talon_cards().iter().copied().collect());
        if !self.exhausted {
            add(CardSet::single(self.trump_card));
        }
        if let Some(c) = self.lead_card {
            add(CardSet::single(c));
        }
        for t in self.history.iter() {
            add(CardSet::single(t.cards[0]).with(t.cards[1]));
        }
        let deck = deck_for(self.opts.hand_size).cards();
        if count != deck.len() || seen != deck {
            return Err(format!("cards not conserved: {count} counted, set {seen}"));
        }
        let taken: u16 = self.card_points.iter().sum();
        let played: u16 = self
            .history
            .iter()
            .map(|t| points(t.cards[0]) + points(t.cards[1]))
            .sum();
        if taken != played {
            return Err(format!(
                "trick points {taken} differ from points played {played}"
            ));
        }
        Ok(())
    }

    /// The lowest trump, which is exchanged for the trump card: the nine in
    /// the 24-card pack, the jack in the 20-card pack.
    pub fn exchange_rank(&self) -> Rank {
        if self.opts.hand_size == 5 {
            Rank::Jack
        } else {
            Rank::Nine
        }
    }
}
