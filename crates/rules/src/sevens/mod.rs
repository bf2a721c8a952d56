//! Sixes and Sevens (preset `sixes-and-sevens`): 3 to 6 players, 52 cards,
//! must follow suit; the odd/even majority of a trick decides whether the
//! highest or the lowest card of the led suit wins.

mod action;
mod cards;
mod deal;
mod matchplay;
mod observation;
mod options;
mod sample;
#[cfg(test)]
mod sample_tests;
mod scoring;
mod solve;
mod state;
mod why_illegal;

pub use action::Action;
pub use cards::{majority, trick_winner, value, AceCall, Majority};
pub use deal::{Deal, DealError};
pub use matchplay::{cut_for_dealer, CutRound, SevensMatch};
pub use observation::SevensObservation;
pub use options::{SevensOptions, Tie, Winner, SPECS};
pub use scoring::{describe, standings};
pub use state::{Phase, Sevens, TrickRecord, MAX_PLAYERS};

use crate::game::{ActionList, ActionParseError, Game, Returns};
use talon_cards::{CardSet, Seat};

impl Game for Sevens {
    type Action = Action;
    type Observation = SevensObservation;

    fn seats(&self) -> u8 {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        Sevens::to_move(self)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        Sevens::legal_actions(self, out)
    }

    fn is_legal(&self, action: Action) -> bool {
        Sevens::is_legal(self, action)
    }

    fn why_illegal(&self, action: Action) -> String {
        Sevens::why_illegal(self, action)
    }

    fn play_unchecked(&mut self, action: Action) {
        self.apply(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        action::parse(text, action::actions_in(&self.opts))
    }

    fn observe(&self, seat: Seat) -> SevensObservation {
        self.observation(seat)
    }

    fn observe_public(&self) -> SevensObservation {
        self.public_observation()
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        self.hidden_cards(seat)
    }

    fn returns(&self) -> Option<Returns> {
        Sevens::returns(self)
    }
}
