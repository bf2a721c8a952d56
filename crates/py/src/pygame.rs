//! `Game` and `State`: the OpenSpiel-shaped native API.

use crate::actions::{card_id, num_distinct_actions};
use crate::core::{Core, LegalIds};
use crate::tensor::{self, Block};
use crate::{options_from, preset_by_name, setup_from, talon_err, IllegalActionError};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;
use talon_rules::{AnyObservation, Preset, Ruleset, Setup};

/// What `Game.__reduce__` gives pickle: the class and its arguments.
type Reduced<'py> = (Bound<'py, PyAny>, (&'static str, Bound<'py, PyDict>));

/// OpenSpiel's id for "no one: the game is over".
pub const TERMINAL_PLAYER: i64 = -4;

/// A preset with its options: the factory of states.
#[pyclass(module = "talon._talon", frozen)]
pub struct Game {
    pub options: Arc<[(String, String)]>,
    /// The preset with the options parsed once, for every deal.
    pub rules: Ruleset,
}

impl Game {
    pub fn preset(&self) -> Preset {
        self.rules.preset()
    }

    pub fn seats(&self) -> usize {
        self.rules.seats()
    }

    pub fn new_core(&self, setup: &Setup) -> PyResult<Core> {
        let game = self
            .rules
            .deal(setup)
            .map_err(|e| talon_err(e.to_string()))?;
        Ok(Core::from_game(game, self.options.clone()))
    }

    pub fn actions(&self) -> usize {
        num_distinct_actions(self.preset().family())
    }
}

fn layout_list<'py>(py: Python<'py>, blocks: &[Block]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for b in blocks {
        let d = PyDict::new(py);
        d.set_item("name", b.name)?;
        d.set_item("seat", b.seat)?;
        d.set_item("start", b.start)?;
        d.set_item("size", b.len)?;
        d.set_item("cards", b.cards)?;
        list.append(d)?;
    }
    Ok(list)
}

impl Game {
    /// A game of preset `name` with these options, as the rules take them
    /// (an option given twice, in any spelling, is refused there).
    fn from_options(name: &str, options: Vec<(String, String)>) -> PyResult<Game> {
        let preset = preset_by_name(name)?;
        let rules = Ruleset::new(preset, &options).map_err(|e| talon_err(e.to_string()))?;
        // Kept as Talon writes them (`sharp="yes"` as true), so a state
        // serializes them so and a match compares them alike.
        let options = preset
            .canonical_options(&options)
            .map_err(|e| talon_err(e.to_string()))?;
        Ok(Game {
            options: options.into(),
            rules,
        })
    }
}

#[pymethods]
impl Game {
    /// `load_game(name, params)`; `params` overrides the preset's defaults.
    #[new]
    #[pyo3(signature = (name, params=None))]
    fn py_new(name: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        Game::from_options(name, options_from(params)?)
    }

    /// Pickling (and so `copy`, `deepcopy` and multiprocessing): a game is
    /// its preset's name and the options it was given.
    fn __reduce__<'py>(slf: &Bound<'py, Self>, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let game = slf.get();
        let params = PyDict::new(py);
        for (k, v) in game.options.iter() {
            params.set_item(k, v)?;
        }
        Ok((slf.get_type().into_any(), (game.preset().name(), params)))
    }

    /// The preset's name, e.g. "sixty-six".
    fn name(&self) -> &'static str {
        self.preset().name()
    }

    fn family(&self) -> String {
        format!("{:?}", self.preset().family())
    }

    fn num_players(&self) -> usize {
        self.seats()
    }

    /// Size of the action id space of this family (see the README layout).
    fn num_distinct_actions(&self) -> usize {
        self.actions()
    }

    /// The lowest return a seat can get from a deal under these rules (a
    /// safe bound, not always reached), as OpenSpiel's `min_utility`.
    fn min_utility(&self) -> f64 {
        f64::from(self.rules.return_bounds().0)
    }

    /// The highest return a seat can get from a deal, as `max_utility`.
    fn max_utility(&self) -> f64 {
        f64::from(self.rules.return_bounds().1)
    }

    /// What every deal's returns add up to, or None where that varies
    /// (the partnership games), as OpenSpiel's `utility_sum`.
    fn utility_sum(&self) -> Option<f64> {
        self.rules.return_sum().map(f64::from)
    }

    /// Every option with its value in this game: the rules in force, so a
    /// shorthand such as `sharp` shows as the options it sets.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.rules.option_values() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![tensor::observation_len(self.seats())]
    }

    fn observation_tensor_size(&self) -> usize {
        tensor::observation_len(self.seats())
    }

    fn information_state_tensor_shape(&self) -> Vec<usize> {
        vec![tensor::information_state_len(
            self.preset().family(),
            self.seats(),
        )]
    }

    fn information_state_tensor_size(&self) -> usize {
        tensor::information_state_len(self.preset().family(), self.seats())
    }

    /// The named blocks of the observation tensor: name, seat (relative),
    /// start, size and whether it is indexed by card id.
    fn observation_tensor_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let core = self.new_core(&Setup::Seed(0))?;
        layout_list(
            py,
            &tensor::layout(&core.observe(talon_cards::Seat(0)), false),
        )
    }

    /// The inner layout of the information-state tensor's `history` block:
    /// `records` records of `record_size` floats each, a record being a
    /// one-hot of `kinds`, then the seat (relative, from `seat_offset`),
    /// the cards it names (by card id, from `cards_offset`) and its number
    /// (at `value_offset`); `start` is where the block begins.
    fn information_state_history_layout<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let core = self.new_core(&Setup::Seed(0))?;
        let blocks = tensor::layout(&core.observe(talon_cards::Seat(0)), true);
        let history = blocks
            .iter()
            .find(|b| b.name == "history")
            .expect("the information-state layout has a history block");
        let seats = self.seats();
        let kinds = crate::history::KINDS.len();
        let d = PyDict::new(py);
        d.set_item("start", history.start)?;
        d.set_item("records", crate::history::slots(self.preset().family()))?;
        d.set_item("record_size", tensor::record_width(seats))?;
        d.set_item("kinds", crate::history::KINDS.to_vec())?;
        d.set_item("seat_offset", kinds)?;
        d.set_item("cards_offset", kinds + seats)?;
        d.set_item("value_offset", kinds + seats + crate::actions::CARD_SLOTS)?;
        Ok(d)
    }

    fn information_state_tensor_layout<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyList>> {
        let core = self.new_core(&Setup::Seed(0))?;
        layout_list(
            py,
            &tensor::layout(&core.observe(talon_cards::Seat(0)), true),
        )
    }

    /// A new deal: from `seed` (by default a fresh random one, as
    /// `random.Random()` seeds itself; `state.deal()` gives the deal to
    /// replay it), an exact `deal` in the
    /// family's notation, or a whole `pack` in dealing order (top first:
    /// card ids or texts, a permutation of `pack()`).
    #[pyo3(signature = (seed=None, deal=None, pack=None))]
    fn new_initial_state(
        &self,
        #[pyo3(from_py_with = crate::args::optional_seed)] seed: Option<u64>,
        deal: Option<String>,
        pack: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        Ok(State {
            core: self.new_core(&setup_from(seed, deal, pack)?)?,
        })
    }

    /// The card ids of the pack a deal uses, in canonical order (by suit,
    /// then rank). Any order of them is a `pack=` for `new_initial_state`;
    /// seed `s` deals the order `shuffled_pack(s)`.
    fn pack(&self) -> Vec<usize> {
        self.rules.pack().into_iter().map(card_id).collect()
    }

    /// The pack in the order seed `seed` deals it.
    fn shuffled_pack(&self, #[pyo3(from_py_with = crate::args::seed)] seed: u64) -> Vec<usize> {
        self.rules
            .shuffled_pack(seed)
            .into_iter()
            .map(card_id)
            .collect()
    }

    fn deserialize_state(&self, text: &str) -> PyResult<State> {
        let core = Core::deserialize(text).map_err(talon_err)?;
        if core.preset() != self.preset() {
            return Err(talon_err(format!(
                "the serialized state is a {} state, not {}",
                core.preset().name(),
                self.preset().name()
            )));
        }
        // Same preset, other options (players, rules): not this game's state.
        let theirs =
            Ruleset::new(core.preset(), &core.options).map_err(|e| talon_err(e.to_string()))?;
        if theirs != self.rules {
            let differ: Vec<String> = theirs
                .option_values()
                .into_iter()
                .zip(self.rules.option_values())
                .filter(|(a, b)| a != b)
                .map(|((k, v), (_, mine))| format!("{k}={v} (this game: {mine})"))
                .collect();
            return Err(talon_err(format!(
                "the serialized state has other options than this game: {}",
                differ.join(", ")
            )));
        }
        Ok(State { core })
    }

    /// The bot names this game accepts, weakest first.
    fn bot_names(&self) -> Vec<&'static str> {
        talon_bots::bot_names(self.preset())
    }

    /// Two games are equal when they play the same rules: the preset and
    /// every option's value (`sharp=True` equals the options it sets).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Game>()
            .is_ok_and(|o| o.borrow().rules == self.rules)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.preset().name().hash(&mut h);
        self.rules.option_values().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        // Python that loads the same game again (option values as text).
        let opts: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k:?}: {v:?}"))
            .collect();
        format!(
            "talon.load_game({:?}, {{{}}})",
            self.preset().name(),
            opts.join(", ")
        )
    }
}

/// One deal in progress.
#[pyclass(module = "talon._talon")]
#[derive(Clone)]
pub struct State {
    pub core: Core,
}

impl State {
    fn seat(&self, player: i64) -> PyResult<talon_cards::Seat> {
        self.core.check_seat(player).map_err(talon_err)
    }

    /// `player`'s observation; without one (as OpenSpiel's methods
    /// default), the player to move's.
    fn obs(&self, player: Option<i64>) -> PyResult<AnyObservation> {
        let player = match player {
            Some(p) => p,
            None => self.core.to_move().map(|s| s as i64).ok_or_else(|| {
                talon_err("nobody is to move (the deal is over): name the player to observe for")
            })?,
        };
        Ok(self.core.observe(self.seat(player)?))
    }

    /// Whether `player` (default: the one to move) is to move.
    fn is_mover(&self, player: Option<i64>) -> bool {
        player.is_none_or(|p| Some(p) == self.core.to_move().map(|s| s as i64))
    }

    fn action_of(
        &self,
        player_or_action: &Bound<'_, PyAny>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        let a = match action {
            Some(a) => {
                self.seat(int_of(player_or_action, "player")?)?;
                a
            }
            None => player_or_action,
        };
        let id = int_of(a, "action id")?;
        usize::try_from(id)
            .map_err(|_| IllegalActionError::new_err(format!("{id} is not an action id")))
    }
}

/// Runs `f` on the legal ids of `player` (default: the one to move),
/// ascending; none for a player who is not to move. The ids are kept for
/// `apply_action` when the state can be borrowed mutably. While a bot
/// thinks about the state with the GIL released, another thread can still
/// read them, generated afresh, as before the cache.
fn with_legal<R>(
    state: &Bound<'_, State>,
    player: Option<i64>,
    f: impl FnOnce(&[u16]) -> R,
) -> PyResult<R> {
    // A seat the game does not have is an error, not a seat without moves.
    if let Some(p) = player {
        state.try_borrow()?.seat(p)?;
    }
    if let Ok(mut s) = state.try_borrow_mut() {
        let ids = if s.is_mover(player) {
            s.core.legal()
        } else {
            &[]
        };
        return Ok(f(ids));
    }
    let s = state.try_borrow()?;
    let ids = if s.is_mover(player) {
        s.core.legal_fresh()
    } else {
        LegalIds::new()
    };
    Ok(f(&ids))
}

/// An integer argument (Python or numpy int); anything else, or one too
/// large, is bad input (a ValueError subclass), not a TypeError or
/// OverflowError from deep inside the binding.
fn int_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<i64> {
    // Python's bool is an int: `True` would be read as 1.
    if crate::args::is_bool(value) {
        return Err(IllegalActionError::new_err(format!(
            "{value} is not a valid {what} (an integer, not a bool)"
        )));
    }
    value.extract::<i64>().map_err(|_| {
        let shown = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
        let hint = if value.is_instance_of::<pyo3::types::PyString>() {
            " (an integer; string_to_action gives the id of a text)"
        } else {
            " (an integer)"
        };
        IllegalActionError::new_err(format!("{shown} is not a valid {what}{hint}"))
    })
}

#[pymethods]
impl State {
    /// The seat to act, or -4 (OpenSpiel's TERMINAL) once the deal is over.
    fn current_player(&self) -> i64 {
        self.core.to_move().map_or(TERMINAL_PLAYER, |s| s as i64)
    }

    fn is_terminal(&self) -> bool {
        self.core.to_move().is_none()
    }

    /// Dealing happens in `new_initial_state`; there are no chance nodes.
    fn is_chance_node(&self) -> bool {
        false
    }

    fn num_players(&self) -> usize {
        self.core.seats()
    }

    fn game_name(&self) -> &'static str {
        self.core.preset().name()
    }

    /// Legal action ids, ascending; empty for a player who is not to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(
        slf: &Bound<'py, Self>,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<Bound<'py, PyList>> {
        with_legal(slf, player, |ids| {
            PyList::new(slf.py(), ids.iter().copied())
        })?
    }

    /// 0/1 per action id (length `num_distinct_actions`).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        slf: &Bound<'py, Self>,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let family = slf.try_borrow()?.core.family();
        let mut mask = vec![0u8; num_distinct_actions(family)];
        with_legal(slf, player, |ids| {
            for &id in ids {
                mask[usize::from(id)] = 1;
            }
        })?;
        Ok(PyArray1::from_vec(slf.py(), mask))
    }

    /// Applies a legal action id; raises IllegalActionError (state unchanged) otherwise.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = self.action_of(action, None)?;
        self.core.apply(id).map_err(IllegalActionError::new_err)
    }

    /// `action_to_string(action)` or OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(
        &self,
        player_or_action: &Bound<'_, PyAny>,
        action: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let id = self.action_of(player_or_action, action)?;
        self.core
            .action_name(id)
            .map_err(IllegalActionError::new_err)
    }

    /// `string_to_action(text)` or `string_to_action(player, text)`; the
    /// action need not be legal here, only well formed.
    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<String>,
    ) -> PyResult<usize> {
        let text = match text {
            Some(t) => {
                self.seat(crate::args::player(player_or_text)?)?;
                t
            }
            None => player_or_text.extract()?,
        };
        self.core
            .parse_action(&text)
            .map_err(IllegalActionError::new_err)
    }

    /// Per-seat returns (zeros until the deal is over).
    fn returns(&self) -> Vec<f64> {
        self.core.returns()
    }

    /// One player's return, as OpenSpiel's `player_return`.
    fn player_return(
        &self,
        #[pyo3(from_py_with = crate::args::player)] player: i64,
    ) -> PyResult<f64> {
        let seat = self.seat(player)?;
        Ok(self.core.returns()[seat.index()])
    }

    /// A copy with `action` applied (OpenSpiel's `child`); this state is
    /// unchanged, an illegal action raises as `apply_action` does.
    fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<State> {
        let mut next = self.clone();
        next.apply_action(action)?;
        Ok(next)
    }

    /// Whether a player is to move: every state but a finished one (the
    /// deal is never a chance node here; see `is_chance_node`).
    fn is_player_node(&self) -> bool {
        self.core.to_move().is_some()
    }

    /// Talon's games are turn by turn.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// The history's action ids, space-separated (OpenSpiel's `history_str`).
    fn history_str(&self) -> String {
        let ids: Vec<String> = self.core.history.iter().map(usize::to_string).collect();
        ids.join(" ")
    }

    /// The same as `returns`: rewards come only at the end of a deal.
    fn rewards(&self) -> Vec<f64> {
        self.core.returns()
    }

    /// Action ids applied since the deal.
    fn history(&self) -> Vec<usize> {
        self.core.history.clone()
    }

    fn move_number(&self) -> usize {
        self.core.history.len()
    }

    /// The deal in notation; None for a state sampled from a seat's information.
    fn deal(&self) -> Option<String> {
        self.core.deal()
    }

    /// Everything `player` may know, as text (the engine's observation;
    /// it includes the public history, so it is also the information state).
    /// The seat's observation as the engine protocol's JSON
    /// (docs/protocol.md): `json.loads` reads it.
    #[pyo3(signature = (player=None))]
    fn observation_string(
        &self,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<String> {
        Ok(talon_protocol::observation_json(&self.obs(player)?).to_string())
    }

    /// Everything the seat knows: its observation as JSON, as
    /// `observation_string` gives it. The observation holds the seat's
    /// whole history, and its JSON loses nothing (crates/protocol's
    /// `observation_lossless` test), so within a game two different
    /// information states never share a string, which tabular algorithms
    /// key on.
    #[pyo3(signature = (player=None))]
    fn information_state_string(
        &self,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<String> {
        self.observation_string(player)
    }

    /// float32 array; layout in `Game.observation_tensor_layout()`.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let obs = self.obs(player)?;
        let mut t = vec![0.0; tensor::observation_len(self.core.seats())];
        tensor::observation_tensor(&obs, &mut t);
        Ok(PyArray1::from_vec(py, t))
    }

    #[pyo3(signature = (player=None))]
    fn information_state_tensor<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = crate::args::optional_player)] player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let obs = self.obs(player)?;
        let mut t = vec![0.0; tensor::information_state_len(self.core.family(), self.core.seats())];
        tensor::information_state_tensor(&obs, &mut t);
        Ok(PyArray1::from_vec(py, t))
    }

    /// A full state drawn by the engine's sampler, consistent with
    /// everything `player` knows (its observation of it is identical).
    fn resample_from_infostate(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::args::player)] player: i64,
        #[pyo3(from_py_with = crate::args::seed)] seed: u64,
    ) -> PyResult<State> {
        let seat = self.seat(player)?;
        let core = &self.core;
        let sampled = py.detach(|| core.resample(seat, seed)).map_err(talon_err)?;
        Ok(State { core: sampled })
    }

    /// The cards hidden from `player` right now, in notation: the oracle
    /// the tests check tensors against. Not for bots.
    fn hidden_cards(
        &self,
        #[pyo3(from_py_with = crate::args::player)] player: i64,
    ) -> PyResult<Vec<String>> {
        let seat = self.seat(player)?;
        Ok(self
            .core
            .hidden_from(seat)
            .iter()
            .map(|c| c.to_string())
            .collect())
    }

    /// One line on the outcome once the deal is over.
    fn summary(&self) -> Option<String> {
        self.core.game.summary().map(|s| s.text)
    }

    fn clone(&self) -> State {
        State {
            core: self.core.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    fn serialize(&self) -> PyResult<String> {
        self.core.serialize().map_err(talon_err)
    }

    /// Pickling goes through `serialize` / `talon.deserialize_state`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let restore = py.import("talon")?.getattr("deserialize_state")?;
        Ok((restore, (self.serialize()?,)))
    }

    /// Every hand, the table and the score, a fact a line (for watching).
    fn __str__(&self) -> String {
        crate::text::whole_state(&self.core)
    }

    fn __repr__(&self) -> String {
        let mover = self
            .core
            .to_move()
            .map_or("over".to_string(), |s| format!("seat {s} to move"));
        format!(
            "<talon.State {} after {} actions, {mover}>",
            self.core.preset().name(),
            self.core.history.len()
        )
    }
}

/// `talon.load_game(name, params=None, **kwargs)`.
#[pyfunction]
#[pyo3(signature = (name, params=None, **kwargs))]
fn load_game(
    name: &str,
    params: Option<&Bound<'_, PyDict>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    // Both, as given: the rules refuse an option given twice (in params
    // and as a keyword too), as they do everywhere.
    let mut options = options_from(params)?;
    options.extend(options_from(kwargs)?);
    Game::from_options(name, options)
}

/// `talon.deserialize_state(text)`: a state from `State.serialize()`.
#[pyfunction]
fn deserialize_state(text: &str) -> PyResult<State> {
    Ok(State {
        core: Core::deserialize(text).map_err(talon_err)?,
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_function(wrap_pyfunction!(deserialize_state, m)?)?;
    Ok(())
}
