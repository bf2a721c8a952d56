//! `Match`: several deals on one score sheet (the engine's `AnyMatch`, the
//! sheet a table keeps; Python drives each deal itself by action ids, so a
//! match here holds no seats or log), ended at a table's deal cap.

use crate::core::Core;
use crate::pygame::{Game, State};
use crate::talon_err;
use pyo3::prelude::*;
use std::sync::Arc;
use talon_rules::AnyMatch;
use talon_table::MATCH_DEAL_CAP;

/// A match of a game: deal by deal until the score sheet has a winner.
#[pyclass(module = "talon._talon")]
pub struct Match {
    sheet: AnyMatch,
    options: Arc<[(String, String)]>,
    /// The deal `new_deal` gave last and `record` has not booked yet.
    waiting: Option<String>,
}

#[pymethods]
impl Match {
    /// `seed` only matters where the rules cut for the first dealer.
    #[new]
    #[pyo3(signature = (game, seed=0))]
    fn new(game: &Game, #[pyo3(from_py_with = crate::args::seed)] seed: u64) -> PyResult<Match> {
        let sheet = AnyMatch::new(game.preset(), &game.options, seed)
            .map_err(|e| talon_err(e.to_string()))?;
        Ok(Match {
            sheet,
            options: game.options.clone(),
            waiting: None,
        })
    }

    /// The next deal of the match, dealt from `seed` by the seat whose turn it is.
    fn new_deal(&mut self, #[pyo3(from_py_with = crate::args::seed)] seed: u64) -> PyResult<State> {
        if self.sheet.winner().is_some() {
            return Err(talon_err("the match is over"));
        }
        if self.capped() {
            return Err(talon_err(format!(
                "the match ended unfinished at the {MATCH_DEAL_CAP}-deal cap"
            )));
        }
        let game = self.sheet.next_deal(seed);
        self.waiting = Some(game.deal_text());
        Ok(State {
            core: Core::from_game(game, self.options.clone()),
        })
    }

    /// Books a finished deal of this match on the sheet.
    fn record(&mut self, state: &State) -> PyResult<()> {
        // Only the deal this match gave last: a sampled world (invented
        // hands), another match's deal or one booked already carry the
        // same sheet line and dealer, and would pass the sheet's checks.
        if state.core.sampled {
            return Err(talon_err(
                "this deal cannot be booked here: it was sampled from a seat's information, so its hands are invented",
            ));
        }
        let same_game =
            state.core.game.preset() == self.sheet.preset() && *state.core.options == *self.options;
        match &self.waiting {
            // The sheet names what is wrong with another game's deal.
            _ if !same_game => {}
            None => {
                return Err(talon_err(
                    "this deal cannot be booked here: no deal of this match is waiting to be booked (it was booked already, or new_deal was not called)",
                ))
            }
            Some(dealt) if *dealt != state.core.game.deal_text() => {
                return Err(talon_err(
                    "this deal cannot be booked here: it is not the deal this match's new_deal gave last",
                ))
            }
            Some(_) => {}
        }
        self.sheet
            .record(&state.core.game)
            .map_err(|e| talon_err(format!("this deal cannot be booked here: {e}")))?;
        self.waiting = None;
        Ok(())
    }

    /// Match score per seat (partners show their side's score).
    fn scores(&self) -> Vec<i32> {
        self.sheet.scores()
    }

    /// The winning seat (the lower seat of a winning side), or None.
    fn winner(&self) -> Option<u8> {
        self.sheet.winner().map(|s| s.0)
    }

    /// Every winning seat, lowest first: both partners of a winning side,
    /// or every seat sharing first place in Sixes and Sevens; empty until
    /// the match is over.
    fn winners(&self) -> Vec<u32> {
        // Not Vec<u8>, which pyo3 hands to Python as bytes.
        self.sheet.winners().map_or_else(Vec::new, |w| {
            w.into_iter().map(|s| u32::from(s.0)).collect()
        })
    }

    /// Over: won, or cut short at the deal cap a table has too (200
    /// deals; random play in North American Sixty-six may never reach
    /// the target).
    fn is_over(&self) -> bool {
        self.sheet.winner().is_some() || self.capped()
    }

    /// Cut short at the deal cap without a winner.
    fn unfinished(&self) -> bool {
        self.sheet.winner().is_none() && self.capped()
    }

    fn deals_played(&self) -> u32 {
        self.sheet.deals_played()
    }
}

impl Match {
    fn capped(&self) -> bool {
        self.sheet.deals_played() >= MATCH_DEAL_CAP
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Match>()
}
