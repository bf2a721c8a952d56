//! The Pedro family (presets `sixty-three`, `sixty-three-inverness`,
//! `sixty-three-queens`, `sixty-three-maine`, `pedro`, `king-pedro`,
//! `king-pedro-given`, `eighty-three`): four players in partnerships
//! opposite, an auction for the right to name trumps, the hands cut down
//! to six, tricks for the scoring trumps. One engine; the presets differ
//! only in options.

mod action;
mod auction;
mod cards;
mod deal;
mod error;
mod matchplay;
mod observation;
mod options;
mod play;
mod playout;
mod reduce;
mod sample;
mod scoring;
mod state;

/// The hand every player plays the tricks with: after trumps are named,
/// each hand comes down (or is filled) to this many cards.
pub const PLAY_HAND: usize = 6;

pub use action::{Action, DOUBLE};
pub use auction::bid_text;
pub use cards::{trick_winner, TrumpInfo};
pub use deal::{deck_for, Deal, DealError};
pub use error::PedroError;
pub use matchplay::PedroMatch;
pub use observation::{last_trick, PedroObservation};
pub use options::{
    AllPass, Auction, Excess, Follow, JokerRank, NoTrumpTrick, OutOfTrumps, PedroOptions,
    Replenish, TwoScores, Values, WinRule, SPECS,
};
pub use sample::try_sample;
pub use scoring::{describe, PedroResult};
pub use state::{DrawSource, Event, Pedro, Phase};

use crate::game::{ActionList, ActionParseError, Game, Returns};
use talon_cards::{CardSet, Seat};

impl Game for Pedro {
    type Action = Action;
    type Observation = PedroObservation;

    fn seats(&self) -> u8 {
        4
    }

    fn to_move(&self) -> Option<Seat> {
        Pedro::to_move(self)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        Pedro::legal_actions(self, out)
    }

    fn is_legal(&self, action: Action) -> bool {
        Pedro::is_legal(self, action)
    }

    fn why_illegal(&self, action: Action) -> String {
        Pedro::why_illegal(self, action).to_string()
    }

    fn play_unchecked(&mut self, action: Action) {
        self.apply(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        action::parse(text, &action::actions_in(&self.opts))
    }

    fn observe(&self, seat: Seat) -> PedroObservation {
        self.observation(seat)
    }

    fn observe_public(&self) -> PedroObservation {
        self.public_observation()
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        self.hidden_cards(seat)
    }

    fn returns(&self) -> Option<Returns> {
        let r = self.result()?;
        Some(r.seat_scores().into_iter().collect())
    }
}
