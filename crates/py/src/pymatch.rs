//! `Match`: several deals on one score sheet (the engine's `AnyMatch`, the
//! sheet a table keeps; Python drives each deal itself by action ids, so a
//! match here holds no seats or log), ended at a table's deal cap.

use crate::core::Core;
use crate::pygame::{Game, State};
use crate::talon_err;
use pyo3::prelude::*;
use talon_rules::AnyMatch;
use talon_table::{cut_short, MATCH_DEAL_CAP};

/// A match of a game: deal by deal until the score sheet has a winner.
#[pyclass(module = "talon._talon")]
pub struct Match {
    sheet: AnyMatch,
    /// The deal `new_deal` gave last and `record` has not booked yet.
    waiting: Option<String>,
    /// What pickling keeps: the game, the seed and every booked deal
    /// serialized, in order; unpickling books them again on a new sheet.
    game: Py<Game>,
    seed: u64,
    booked: Vec<String>,
}

/// What `Match.__reduce__` gives pickle: the function that rebuilds a
/// match, and its arguments.
type Reduced<'py> = (
    Bound<'py, PyAny>,
    (Py<Game>, u64, Vec<String>, Option<String>),
);

#[pymethods]
impl Match {
    /// `seed` only matters where the rules cut for the first dealer.
    #[new]
    #[pyo3(signature = (game, seed=0))]
    fn new(game: Py<Game>, #[pyo3(from_py_with = crate::args::seed)] seed: u64) -> PyResult<Match> {
        let g = game.get();
        let sheet =
            AnyMatch::new(g.preset(), &g.options, seed).map_err(|e| talon_err(e.to_string()))?;
        Ok(Match {
            sheet,
            waiting: None,
            seed,
            booked: Vec::new(),
            game,
        })
    }

    /// Pickling (and so `copy` and multiprocessing): the game, the seed,
    /// the deals booked and the deal waiting to be booked.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let restore = py.import("talon._talon")?.getattr("_restore_match")?;
        Ok((
            restore,
            (
                self.game.clone_ref(py),
                self.seed,
                self.booked.clone(),
                self.waiting.clone(),
            ),
        ))
    }

    /// The next deal of the match, dealt from `seed` by the seat whose turn it is.
    fn new_deal(&mut self, #[pyo3(from_py_with = crate::args::seed)] seed: u64) -> PyResult<State> {
        if self.sheet.winner().is_some() {
            return Err(talon_err("the match is over"));
        }
        if cut_short(&self.sheet) {
            return Err(talon_err(format!(
                "the match ended unfinished at the {MATCH_DEAL_CAP}-deal cap"
            )));
        }
        let game = self.sheet.next_deal(seed);
        self.waiting = Some(game.deal_text());
        Ok(State {
            core: Core::from_game(game, self.game.get().options.clone()),
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
        match &self.waiting {
            // The sheet names what is wrong with another game's deal.
            _ if !self.plays(&state.core) => {}
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
        let text = state.core.serialize().map_err(talon_err)?;
        self.sheet
            .record(&state.core.game)
            .map_err(|e| talon_err(format!("this deal cannot be booked here: {e}")))?;
        self.booked.push(text);
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
        self.sheet.winner().is_some() || cut_short(&self.sheet)
    }

    /// Cut short at the deal cap without a winner.
    fn unfinished(&self) -> bool {
        cut_short(&self.sheet)
    }

    fn deals_played(&self) -> u32 {
        self.sheet.deals_played()
    }
}

impl Match {
    /// Whether `core` is a deal of this match's game: its preset and options.
    fn plays(&self, core: &Core) -> bool {
        core.game.preset() == self.sheet.preset() && *core.options == *self.game.get().options
    }
}

/// Unpickles a match: books its deals again, in order, on a new sheet.
#[pyfunction]
fn _restore_match(
    game: Py<Game>,
    seed: u64,
    booked: Vec<String>,
    waiting: Option<String>,
) -> PyResult<Match> {
    let mut m = Match::new(game, seed)?;
    for (n, text) in booked.into_iter().enumerate() {
        let refused = |e: String| talon_err(format!("booked deal {} does not restore: {e}", n + 1));
        let core = Core::deserialize(&text).map_err(refused)?;
        if !m.plays(&core) {
            return Err(refused("it is another game's deal".into()));
        }
        m.sheet
            .record(&core.game)
            .map_err(|e| refused(e.to_string()))?;
        m.booked.push(text);
    }
    m.waiting = waiting;
    Ok(m)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Match>()?;
    m.add_function(wrap_pyfunction!(_restore_match, m)?)
}
