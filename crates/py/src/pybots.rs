//! Bots and the exact solver from Python. The GIL is released while they
//! think, so other Python threads (a GUI, a second bot) keep running.

use crate::core::{typed, Core};
use crate::pygame::{Game, State};
use crate::python::SolverBudgetError;
use crate::talon_err;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Mutex;
use std::time::Duration;
use talon_bots::AnyBot;
use talon_rules::{AnyGame, SolverGame};
use talon_search::Solver;

/// A bot by name (`random`, `heuristic`, `beginner`, `intermediate`,
/// `expert`, and per family more; `Game.bot_names()`). It sees only the
/// observation of the seat to move.
#[pyclass(module = "talon._talon", frozen)]
pub struct Bot {
    // A mutex makes the bot shareable between Python threads (pyo3 requires
    // `Sync`); one thread thinks at a time, without the GIL.
    bot: Mutex<AnyBot>,
    /// Kept apart from the bot: reading it must not wait for a search.
    name: String,
    /// The game it plays (so its preset). With the name, seed and time
    /// limit it is the recipe pickle keeps: the bot's tables and random
    /// stream are not kept, so a copy is the bot as it was made.
    game: Py<Game>,
    /// The name the bot was made by, as the registry writes it (a bot may
    /// call itself otherwise).
    made_as: &'static str,
    seed: u64,
    time_limit: Option<f64>,
}

#[pymethods]
impl Bot {
    /// `time_limit` (seconds) is a safety net per move; None (the default)
    /// leaves only the bot's count budgets, so a seed replays exactly.
    #[new]
    #[pyo3(signature = (game, name, seed=0, time_limit=None))]
    fn new(
        game: Bound<'_, Game>,
        name: &str,
        #[pyo3(from_py_with = crate::args::seed)] seed: u64,
        time_limit: Option<f64>,
    ) -> PyResult<Bot> {
        let preset = game.get().preset();
        let mut bot = AnyBot::new(name, preset, seed).map_err(|e| talon_err(e.to_string()))?;
        let made_as =
            talon_bots::canonical_bot(name, preset).map_err(|e| talon_err(e.to_string()))?;
        let limit = match time_limit {
            Some(t) if !(t > 0.0 && t.is_finite()) => {
                return Err(talon_err(format!(
                    "time_limit must be a positive number of seconds, not {t}"
                )))
            }
            Some(t) => Some(
                Duration::try_from_secs_f64(t)
                    .map_err(|_| talon_err(format!("time_limit of {t:e} seconds is too long")))?,
            ),
            None => None,
        };
        bot.set_time_limit(limit);
        Ok(Bot {
            name: bot.name().to_string(),
            bot: Mutex::new(bot),
            game: game.unbind(),
            made_as,
            seed,
            time_limit,
        })
    }

    /// Pickle and `copy.deepcopy` give the bot as it was made (game, name,
    /// seed, time limit), to send to worker processes: a copy taken
    /// mid-deal starts its random stream and its search tables afresh.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> (Bound<'py, PyAny>, (Py<Game>, String, u64, Option<f64>)) {
        let bot = slf.get();
        (
            slf.get_type().into_any(),
            (
                bot.game.clone_ref(py),
                bot.made_as.to_string(),
                bot.seed,
                bot.time_limit,
            ),
        )
    }

    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The action id this bot chooses for the seat to move.
    fn step(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        // A bot's settings are its preset's (Schnapsen's expert searches
        // longer than Sixty-six's); the options it reads from the state.
        if state.core.preset() != self.preset() {
            return Err(talon_err(format!(
                "this bot plays {}, not {}",
                self.preset().name(),
                state.core.preset().name()
            )));
        }
        let bot = &self.bot;
        let game = &state.core.game;
        // A panic inside a bot cannot leave it half-updated in a way that
        // matters more than the panic itself: a poisoned lock keeps serving.
        let text = py
            .detach(|| bot.lock().unwrap_or_else(|e| e.into_inner()).choose(game))
            .ok_or_else(|| talon_err("the deal is over: there is nothing to choose"))?;
        state.core.parse_action(&text).map_err(talon_err)
    }

    fn __repr__(&self) -> String {
        format!("talon.Bot({:?}, {:?})", self.preset().name(), self.name)
    }
}

impl Bot {
    /// The preset of the game it was made for (its settings are that
    /// preset's).
    fn preset(&self) -> talon_rules::Preset {
        self.game.get().preset()
    }
}

/// Solver nodes still to spend, when the caller set a budget.
type Budget = Option<u64>;

/// The exact value of `g`, or `None` once the budget is spent.
fn value_within<G: SolverGame>(solver: &mut Solver<G>, g: &G, budget: &mut Budget) -> Option<i32> {
    let Some(left) = budget else {
        return Some(solver.value(g));
    };
    let before = solver.nodes();
    let v = solver.value_within(g, *left);
    *left = left.saturating_sub(solver.nodes() - before);
    v
}

/// Each legal action's value for the seat to move, within the budget.
fn action_values<G: SolverGame + crate::core::Encoded>(
    solver: &mut Solver<G>,
    g: &G,
    budget: &mut Budget,
) -> Option<Vec<(usize, i32)>> {
    let values = match budget {
        None => solver.action_values(g),
        Some(left) => {
            let before = solver.nodes();
            let values = solver.action_values_within(g, *left);
            *left = left.saturating_sub(solver.nodes() - before);
            values?
        }
    };
    Some(values.into_iter().map(|(a, v)| (G::encode(a), v)).collect())
}

/// The solver's answer for a typed game: the value for seat 0's side and
/// each legal action's value for the seat to move.
fn solve_typed<G: SolverGame + crate::core::Encoded>(
    g: &G,
    budget: &mut Budget,
) -> Option<(i32, Vec<(usize, i32)>)> {
    let mut solver = Solver::<G>::default();
    let value = value_within(&mut solver, g, budget)?;
    Some((value, action_values(&mut solver, g, budget)?))
}

/// Solves a full-information state exactly (every hand and the stock
/// order known, as in the true state). Returns `{"value": v, "action_values":
/// {id: v}}`: `value` for seat 0's side, action values for the seat to move.
/// The cost grows steeply with the cards left: meant for endings.
/// `max_nodes` bounds the work (positions visited, in all): past it,
/// `SolverBudgetError`, and the state is unchanged.
#[pyfunction]
#[pyo3(signature = (state, max_nodes=None))]
fn solve<'py>(
    py: Python<'py>,
    state: &State,
    #[pyo3(from_py_with = crate::args::optional_nodes)] max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let core: &Core = &state.core;
    // Alpha-beta plays two sides against each other; in Sixes and Sevens
    // three to six seats each play for themselves.
    if matches!(core.game, AnyGame::Sevens { .. }) {
        return Err(talon_err(
            "the exact solver plays two sides against each other; in Sixes and Sevens \
             every seat plays for itself (use a bot, or resample and play out)",
        ));
    }
    let mut budget = max_nodes;
    let answer = py.detach(|| match &core.game {
        // North American Sixty-six is solved for one side's stake (ticks
        // are not zero-sum), which a sampled world sets to its observer's:
        // the value is asked for seat 0's side, the actions for the mover's.
        AnyGame::NaSixtySix { game: g, .. } => {
            let value = value_within(&mut Solver::default(), &g.solved_for(0), &mut budget)?;
            let actions = match g.to_move() {
                Some(seat) => {
                    let side = g.solved_for(g.side(seat));
                    action_values(&mut Solver::default(), &side, &mut budget)?
                }
                None => Vec::new(),
            };
            Some((value, actions))
        }
        other => typed!(other, g => solve_typed(g, &mut budget)),
    });
    let Some((value, actions)) = answer else {
        return Err(SolverBudgetError::new_err(format!(
            "no answer within {} solver nodes: a smaller position, or a larger max_nodes",
            max_nodes.unwrap_or(u64::MAX)
        )));
    };
    let d = PyDict::new(py);
    d.set_item("value", value)?;
    let av = PyDict::new(py);
    for (id, v) in actions {
        av.set_item(id, v)?;
    }
    d.set_item("action_values", av)?;
    Ok(d)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Bot>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    Ok(())
}
