//! Why an action is refused, said for people. The legal list decides what
//! is allowed; this only explains a refusal, following the same tests as
//! [`NaSixtySix::is_legal`].

use super::action::{Action, MOON};
use super::cards::trick_winner;
use super::options::{Form, Widow};
use super::state::{NaSixtySix, Phase};
use crate::game::{NOT_HELD, UNEXPLAINED};
use arrayvec::ArrayVec;
use talon_cards::{Card, Rank, Seat};

impl NaSixtySix {
    /// Which rule `action` breaks now; meaningful only when it is not legal.
    pub fn why_illegal(&self, action: Action) -> String {
        let Some(seat) = self.to_move() else {
            return "the deal is over".into();
        };
        match (self.phase, action) {
            (Phase::Over, _) => "the deal is over".into(),
            (Phase::Bidding, Action::Pass) => {
                "everyone else has passed, so the dealer must bid".into()
            }
            (Phase::Bidding, Action::Bid(MOON)) if !self.opts.moon => {
                "this game has no moon bid".into()
            }
            (Phase::Bidding, Action::Bid(n)) if n > MOON || n == 0 => {
                "bids run from 1 to 4 (5 is the moon)".into()
            }
            (Phase::Bidding, Action::Bid(_)) => {
                format!("a bid must be higher than {}", self.high)
            }
            (Phase::Bidding, _) => "the bidding comes first: bid or pass".into(),
            (Phase::Discard, Action::Discard(_)) => NOT_HELD.into(),
            (Phase::Discard, _) => format!(
                "{} cards are still to be laid away (discard and a card)",
                self.discards_left
            ),
            (Phase::Play, Action::Play(c)) => self.why_not_card(seat, c),
            (Phase::Play, Action::Marriage(c)) => self.why_not_marriage(c),
            (Phase::Play, Action::Pass | Action::Bid(_)) if self.opts.form == Form::TurnedTrump => {
                "this game has no bidding: the turned card names trumps".into()
            }
            (Phase::Play, Action::Pass | Action::Bid(_)) => "the bidding is over".into(),
            (Phase::Play, Action::Discard(_)) if self.opts.players != 3 => {
                "this game has no widow: nobody lays cards away".into()
            }
            (Phase::Play, Action::Discard(_)) if self.opts.widow != Widow::Exchange => {
                "the widow's cards join the first trick here (option widow): nothing is laid away"
                    .into()
            }
            (Phase::Play, Action::Discard(_)) => {
                "only the first trick's winner lays cards away, after taking the widow".into()
            }
        }
    }

    fn why_not_card(&self, seat: Seat, card: Card) -> String {
        let hand = self.hands[seat.index()];
        if !hand.contains(card) {
            return NOT_HELD.into();
        }
        let (Some(&(_, lead)), Some(trump)) = (self.trick.first(), self.trump) else {
            return UNEXPLAINED.into();
        };
        let led = lead.suit_unchecked();
        let (pool, what) = if !hand.suit(led).is_empty() {
            (hand.suit(led), format!("{} must be followed", led.name()))
        } else {
            (
                hand.suit(trump),
                format!(
                    "you hold no {}, so a trump ({}) must be played",
                    led.singular(),
                    trump.name()
                ),
            )
        };
        if !pool.contains(card) {
            return what;
        }
        let cards: ArrayVec<Card, 4> = self.trick.iter().map(|t| t.1).collect();
        let (_, best) = self.trick[trick_winner(&cards, trump, self.opts.rank_order)];
        format!("{what}, and with a card that beats {best} when you hold one")
    }

    fn why_not_marriage(&self, card: Card) -> String {
        if self.opts.form != Form::Bidding {
            return "this game has no marriages".into();
        }
        if !matches!(card.rank(), Some(Rank::King | Rank::Queen)) {
            return "a marriage is led with its king or queen (KH+ or QH+)".into();
        }
        if !self.trick.is_empty() {
            return "a marriage is announced only when leading to a trick".into();
        }
        let suit = card.suit_unchecked();
        format!(
            "a marriage in {} needs both {} and {} in hand",
            suit.name(),
            Card::new(suit, Rank::King),
            Card::new(suit, Rank::Queen)
        )
    }
}
