//! North American Sixty-six (presets `na-sixty-six`, four hands in
//! partnerships, and `na-sixty-six-3`, three hands cut-throat with a widow):
//! one bid round, the first card led fixes trumps, strict following with
//! the obligation to head the trick, scores in 33-point ticks. The same
//! trick engine plays Hoyle's four-hand Sixty-six (`sixty-six-4`: 32
//! cards, turned trump, no bidding), which follows and heads the same way.

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
#[cfg(test)]
mod solve_tests;
mod state;
mod why_illegal;

pub use action::{Action, MOON};
pub use cards::{power, trick_winner};
pub use deal::{deck_for, Deal, DealError};
pub use matchplay::{NaMatch, NaSheet};
pub use observation::{bid_name, MarriageLeads, NaObservation};
pub use options::{AllPass, Form, MoonScoring, NaOptions, RankOrder, Widow, SPECS};
pub use scoring::{describe, NaResult};
pub use solve::{best_suit, estimate};
pub use state::{MarriageRecord, NaSixtySix, Phase, TrickRecord, MAX_SIDES};

use crate::game::{ActionList, ActionParseError, Game, Returns};
use talon_cards::{CardSet, Seat};

impl Game for NaSixtySix {
    type Action = Action;
    type Observation = NaObservation;

    fn seats(&self) -> u8 {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        NaSixtySix::to_move(self)
    }

    fn legal_actions(&self, out: &mut ActionList<Action>) {
        NaSixtySix::legal_actions(self, out)
    }

    fn is_legal(&self, action: Action) -> bool {
        NaSixtySix::is_legal(self, action)
    }

    fn why_illegal(&self, action: Action) -> String {
        NaSixtySix::why_illegal(self, action)
    }

    fn play_unchecked(&mut self, action: Action) {
        self.apply(action)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ActionParseError> {
        action::parse(text, &action::actions_in(&self.opts))
    }

    fn observe(&self, seat: Seat) -> NaObservation {
        self.observation(seat)
    }

    fn observe_public(&self) -> NaObservation {
        self.public_observation()
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        self.hidden_cards(seat)
    }

    /// Each seat gets its side's ticks for the deal.
    fn returns(&self) -> Option<Returns> {
        let r = self.result()?;
        Some(
            (0..self.players())
                .map(|s| i32::from(r.score[self.side(Seat(s))]))
                .collect(),
        )
    }
}
