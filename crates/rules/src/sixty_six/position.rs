//! The part of a deal that decides its play and its score: hands, talon,
//! trumps, tricks and points, with the moves and how they change it.
//! [`SixtySix`](super::SixtySix) wraps it with the record every seat
//! sees (tricks, events, shown cards) and the match's score sheet.
//!
//! Kept apart so that search can copy and play it cheaply: the endgame
//! search and the solver's bounds work on a `Position` alone, with the
//! very rules the game is played by.

use super::action::Action;
use super::cards::{beaters_in, king, points, queen, trick_winner};
use super::options::{Declaring, LastTrick, MarriageCredit, MarriageLead, SixtySixOptions};
use super::scoring::{self, DealResult};
use super::state::{Closure, Phase, MAX_TALON};
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Rank, Seat, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Position {
    pub(super) opts: SixtySixOptions,
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
    pub(super) result: Option<DealResult>,
}

impl Position {
    /// Points that count now: tricks, last-trick bonus and counted marriages.
    pub(super) fn points(&self, seat: Seat) -> u16 {
        let i = seat.index();
        self.card_points[i] + self.bonus[i] + self.marriage_points[i]
    }

    /// The seat to act, or `None` when the deal is over.
    pub(super) fn mover(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Follow => Some(self.leader.opponent()),
            _ => Some(self.leader),
        }
    }

    /// Tricks played by both seats so far.
    pub(super) fn tricks_played(&self) -> u8 {
        self.tricks[0] + self.tricks[1]
    }

    /// Strict rules apply: the talon is closed or exhausted.
    pub(super) fn strict(&self) -> bool {
        self.exhausted || self.closed.is_some()
    }

    fn talon_open(&self) -> bool {
        !self.strict()
    }

    /// Face-down cards left in the talon.
    pub(super) fn talon_remaining(&self) -> usize {
        (self.talon_len - self.talon_next) as usize
    }

    /// The face-down talon, top first.
    pub(super) fn talon_cards(&self) -> &[Card] {
        &self.talon[self.talon_next as usize..self.talon_len as usize]
    }

    /// The lowest trump, which is exchanged for the trump card: the nine in
    /// the 24-card pack, the jack in the 20-card pack.
    pub(super) fn exchange_rank(&self) -> Rank {
        if self.opts.hand_size == 5 {
            Rank::Jack
        } else {
            Rank::Nine
        }
    }

    pub(super) fn exchange_card(&self) -> Card {
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
    pub(super) fn legal_actions(&self, out: &mut ActionList<Action>) {
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
    pub(super) fn is_legal(&self, action: Action) -> bool {
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

    /// Applies a legal action.
    pub(super) fn apply(&mut self, action: Action) {
        let me = self.leader;
        match action {
            Action::Play(card) if self.phase == Phase::Follow => self.finish_trick(card),
            Action::Play(card) => {
                self.hands[me.index()].remove(card);
                self.lead_card = Some(card);
                self.phase = Phase::Follow;
            }
            Action::Meld(suit) => self.meld(suit),
            Action::Exchange => {
                let gave = self.exchange_card();
                let hand = &mut self.hands[me.index()];
                hand.remove(gave);
                hand.insert(self.trump_card);
                self.trump_card = gave;
            }
            Action::Close => {
                let opp = me.opponent();
                self.closed = Some(Closure {
                    by: me,
                    opponent_had_trick: self.tricks[opp.index()] > 0,
                    opponent_points: scoring::schneider_points(self, opp),
                    tricks_played: self.tricks_played(),
                });
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

    /// Marriage points for melding in `suit`.
    pub(super) fn marriage_value(&self, suit: Suit) -> u16 {
        if suit == self.trump {
            40
        } else {
            20
        }
    }

    fn meld(&mut self, suit: Suit) {
        let me = self.leader.index();
        let value = self.marriage_value(suit);
        let counts_now =
            self.opts.marriage_credit == MarriageCredit::HasTrick && self.tricks[me] > 0;
        if counts_now {
            self.marriage_points[me] += value;
        } else {
            self.pending[me] += value;
        }
        self.phase = Phase::MeldLead(suit);
        if counts_now {
            self.check_automatic(self.leader);
        }
    }

    /// The follower plays `card`: the trick goes to its winner, who leads
    /// next (after the draw, or after choosing whether to close first).
    fn finish_trick(&mut self, card: Card) {
        let follower = self.leader.opponent();
        self.hands[follower.index()].remove(card);
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
        self.leader = winner;
        self.phase = Phase::Lead;
        let last = self.hands[w].is_empty();
        // Reached by the cards and melds; the last trick's 10 is added
        // either way, but does not turn a played-out deal into one reached.
        let reached = self.reached_automatically(winner);
        if last && self.closed.is_none() && self.opts.last_trick == LastTrick::Bonus10 {
            self.bonus[w] += 10;
        }
        if reached {
            let result = scoring::reached_66(self, winner);
            self.end(result);
            return;
        }
        if last {
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

    /// Whether the engine declares for `seat` (VU rules): 66 reached.
    fn reached_automatically(&self, seat: Seat) -> bool {
        self.opts.declaring == Declaring::Automatic && self.points(seat) >= 66
    }

    /// Ends the deal when the engine declares for the players.
    fn check_automatic(&mut self, seat: Seat) -> bool {
        if self.reached_automatically(seat) {
            let result = scoring::reached_66(self, seat);
            self.end(result);
            return true;
        }
        false
    }

    /// The leader (last trick's winner) draws first, then the other seat;
    /// the trump card is the last card drawn (see [`draw_slot`]).
    fn draw(&mut self) {
        for seat in [self.leader, self.leader.opponent()] {
            let card = if self.talon_next < self.talon_len {
                self.talon_next += 1;
                self.talon[self.talon_next as usize - 1]
            } else {
                self.exhausted = true;
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
}

/// Where `seat`'s card of the draw after trick `round` lay, as `draw`
/// takes them: that trick's winner `first` takes talon card `2·round`,
/// the other seat the next one, which past the talon's end is the trump
/// card.
pub(super) fn draw_slot(round: usize, first: Seat, seat: Seat) -> usize {
    if first == seat {
        2 * round
    } else {
        2 * round + 1
    }
}
