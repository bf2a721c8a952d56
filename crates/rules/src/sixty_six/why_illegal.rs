//! Why an action is refused, said for people. The legal list decides what
//! is allowed; this only explains a refusal, so it follows the same tests
//! as [`Position::is_legal`] in the same order.

use super::action::Action;
use super::cards::{beaters_in, king, queen};
use super::options::{Declaring, MarriageLead};
use super::position::Position;
use super::state::Phase;
use crate::game::NOT_HELD;
use talon_cards::{Card, Suit};

impl Position {
    /// Which rule `action` breaks now; meaningful only when it is not legal.
    pub(super) fn why_illegal(&self, action: Action) -> String {
        match (self.phase, action) {
            (Phase::Over, _) => "the deal is over".into(),
            (Phase::Follow, Action::Play(c)) => self.why_not_follow(c),
            (Phase::Follow, _) => "the trick's second card is to be played".into(),
            (Phase::PreDraw, Action::Declare) => self.why_not_declare(),
            (Phase::PreDraw, _) => {
                "the trick's winner first draws (draw) or closes the talon (close)".into()
            }
            (Phase::MeldLead(s), Action::Declare) => self.why_not_declare_after(s),
            (Phase::MeldLead(s), _) => self.why_not_marriage_lead(s),
            (Phase::Lead, Action::Play(_)) => NOT_HELD.into(),
            (Phase::Lead, Action::Meld(s)) => self.why_not_meld(s),
            (Phase::Lead, Action::Exchange) => self.why_not_exchange(),
            (Phase::Lead, Action::Close) => self.why_not_close(),
            (Phase::Lead, Action::Declare) => self.why_not_declare(),
            (Phase::Lead, Action::Draw) => {
                "there is nothing to draw now: cards are drawn after a trick".into()
            }
        }
    }

    /// "with the talon closed" or "with the talon gone".
    fn strict_because(&self) -> &'static str {
        if self.closed.is_some() {
            "the talon is closed"
        } else {
            "the talon is gone"
        }
    }

    fn why_not_follow(&self, card: Card) -> String {
        let hand = self.hands[self.leader.opponent().index()];
        if !hand.contains(card) {
            return NOT_HELD.into();
        }
        let lead = self.lead_card.expect("a card was led");
        let led = lead.suit_unchecked();
        let suit = hand.suit(led);
        let why = self.strict_because();
        if !suit.is_empty() {
            if beaters_in(suit, lead).is_empty() {
                format!("{why}, so {} must be followed", led.name())
            } else {
                format!(
                    "{why}, so the trick must be headed: play a {} higher than {lead}",
                    led.singular()
                )
            }
        } else {
            format!(
                "{why} and you hold no {}, so a trump ({}) must be played",
                led.singular(),
                self.trump.name()
            )
        }
    }

    fn why_not_marriage_lead(&self, suit: Suit) -> String {
        match self.opts.marriage_lead {
            MarriageLead::KingOnly => format!(
                "the marriage just shown is led with its king, {}",
                king(suit)
            ),
            MarriageLead::KingOrQueen => format!(
                "the marriage just shown is led with its king or queen, {} or {}",
                king(suit),
                queen(suit)
            ),
        }
    }

    fn why_not_meld(&self, suit: Suit) -> String {
        let hand = self.hands[self.leader.index()];
        let (k, q) = (king(suit), queen(suit));
        if !(hand.contains(k) && hand.contains(q)) {
            format!(
                "a marriage in {} needs both {k} and {q} in hand",
                suit.name()
            )
        } else if self.strict() && !self.opts.marriages_after_talon {
            format!("{}: no more marriages", self.strict_because())
        } else {
            "no marriage may be shown before the first trick".into()
        }
    }

    fn why_not_exchange(&self) -> String {
        let o = &self.opts;
        let card = self.exchange_card();
        let l = self.leader.index();
        if self.exhausted {
            "the trump card has been drawn: there is nothing to exchange".into()
        } else if self.closed.is_some() && !o.exchange_after_close {
            "the talon is closed: no exchange".into()
        } else if !self.hands[l].contains(card) {
            format!("the exchange needs the lowest trump, {card}, in hand")
        } else if o.exchange_requires_trick && self.tricks[l] == 0 {
            "only a player who has taken a trick may exchange".into()
        } else if !o.exchange_on_first_lead && self.tricks_played() == 0 {
            "no exchange before the first trick".into()
        } else {
            "no exchange when only one face-down card is left in the talon".into()
        }
    }

    fn why_not_close(&self) -> String {
        if !self.opts.closing {
            "this game has no closing".into()
        } else if self.strict() {
            format!("{}: there is nothing to close", self.strict_because())
        } else {
            "the talon may not be closed before the first trick".into()
        }
    }

    fn why_not_declare(&self) -> String {
        if self.opts.declaring != Declaring::Manual {
            "in this game 66 counts by itself: there is nothing to declare".into()
        } else {
            "there is nothing to declare before the first trick".into()
        }
    }

    fn why_not_declare_after(&self, suit: Suit) -> String {
        if self.opts.declaring != Declaring::Manual {
            self.why_not_declare()
        } else {
            format!(
                "no declaring between showing a marriage and leading from it; {}",
                self.why_not_marriage_lead(suit)
            )
        }
    }
}
