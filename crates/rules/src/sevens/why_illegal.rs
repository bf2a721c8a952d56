//! Why an action is refused, said for people; the legal list decides.

use super::action::Action;
use super::state::{Phase, Sevens};
use crate::game::{NOT_HELD, UNEXPLAINED};

impl Sevens {
    /// Which rule `action` breaks now; meaningful only when it is not legal.
    pub fn why_illegal(&self, action: Action) -> String {
        match (self.phase, action) {
            (Phase::Over, _) => "the deal is over".into(),
            (Phase::Play, Action::Play(c)) => {
                let hand = self.hands[self.seat_at(self.trick.len()).index()];
                match self.trick.first() {
                    _ if !hand.contains(c) => NOT_HELD.into(),
                    Some(lead) => format!("{} must be followed", lead.suit_unchecked().name()),
                    None => UNEXPLAINED.into(),
                }
            }
            (Phase::Play, Action::Ace { .. }) if !self.opts.ace_wild => {
                "Aces are not wild in this game (option ace_wild): there is nothing to call".into()
            }
            (Phase::Play, Action::Ace { .. }) => {
                "Aces are called once every card of the trick is down".into()
            }
            (Phase::AceCall, _) => {
                "the trick's Aces are being called first: ace odd or ace even".into()
            }
        }
    }
}
