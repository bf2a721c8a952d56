//! Two-hand Sixty-six and Schnapsen (presets `sixty-six`, `schnapsen`,
//! `schnapsen-vu`): one engine, the differences are options.

mod action;
mod bounds;
pub(crate) mod cards;
mod deal;
mod endgame;
mod equity;
mod matchplay;
mod observation;
mod options;
mod position;
mod sample;
mod scoring;
mod solve;
mod state;
mod why_illegal;

pub use action::Action;
pub use cards::{points as card_points, trick_winner};
pub use deal::{deck_for, Deal, DealError};
pub use endgame::clear_table as clear_endgame_table;
pub use endgame::nodes as endgame_nodes;
pub use equity::{MatchValue, SixtySixSheet};
pub use matchplay::SixtySixMatch;
pub use observation::SixtySixObservation;
pub use options::{
    CloseScore, Declaring, FailedClose, LastTrick, MarriageCredit, MarriageLead, PlayedOutScore,
    SchneiderPoints, SixtySixOptions, Unclaimed, SPECS,
};
pub use scoring::{describe, DealResult, EndReason};
pub use state::{Closure, Event, Phase, SixtySix, TrickRecord};

use crate::game::{ActionList, ActionParseError, Game, Returns};
use talon_cards::{CardSet, Seat};

impl Game for SixtySix {
    type Action = Action;
    type Observation = SixtySixObservation;

    fn seats(&self) -> u8 {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        SixtySix::to_move(self)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        SixtySix::legal_actions(self, out)
    }

    fn is_legal(&self, action: Action) -> bool {
        SixtySix::is_legal(self, action)
    }

    fn why_illegal(&self, action: Action) -> String {
        SixtySix::why_illegal(self, action)
    }

    fn play_unchecked(&mut self, action: Action) {
        self.apply(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        action::parse(text, &action::actions_in(&self.pos.opts))
    }

    fn observe(&self, seat: Seat) -> SixtySixObservation {
        self.observation(seat)
    }

    fn observe_public(&self) -> SixtySixObservation {
        self.public_observation()
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        self.hidden_cards(seat)
    }

    fn returns(&self) -> Option<Returns> {
        let r = self.result()?;
        let gp = i32::from(r.game_points);
        let mut out = Returns::new();
        for seat in [Seat(0), Seat(1)] {
            out.push(match r.winner {
                Some(w) if w == seat => gp,
                Some(_) => -gp,
                None => 0,
            });
        }
        Some(out)
    }
}
