//! The Python module itself: exceptions, argument helpers, `presets()` and
//! the `#[pymodule]` that gathers the classes.

use crate::actions::{card_from_id, CARD_SLOTS};
use crate::{pybots, pygame, pymatch, reference, vecenv};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};
use talon_cards::{Card, CardParseError};
use talon_rules::{Preset, Setup};

create_exception!(
    _talon,
    TalonError,
    PyValueError,
    "Bad input to Talon: an unknown preset or option, a malformed deal or serialized state. The state is unchanged."
);
create_exception!(
    _talon,
    IllegalActionError,
    TalonError,
    "An action id or text that is not legal (or not an action) in this state. The state is unchanged."
);

create_exception!(
    _talon,
    SolverBudgetError,
    pyo3::exceptions::PyRuntimeError,
    "The exact solver spent its max_nodes without an answer. Nothing changed."
);

pub(crate) fn talon_err(msg: impl Into<String>) -> PyErr {
    TalonError::new_err(msg.into())
}

pub(crate) fn preset_by_name(name: &str) -> PyResult<Preset> {
    // OpenSpiel and PettingZoo names use underscores; Talon's use hyphens.
    Preset::from_name(&name.replace('_', "-")).map_err(|e| talon_err(e.to_string()))
}

/// Options from a Python dict: booleans, integers and strings become the
/// engine's text values (`true`, `12`, `soft`).
pub(crate) fn options_from(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    let Some(params) = params else {
        return Ok(out);
    };
    for (k, v) in params.iter() {
        let key: String = k.extract()?;
        let value = if crate::args::is_bool(&v) {
            // Python's bool or numpy's.
            v.is_truthy()?.to_string()
        } else if v.is_instance_of::<PyInt>() || v.hasattr("__index__")? {
            // As text, however large: the engine's own check names the
            // range. numpy's integers read as Python's (`__index__`).
            v.call_method0("__index__")?.str()?.to_string()
        } else if let Ok(s) = v.extract::<String>() {
            s
        } else {
            return Err(talon_err(format!(
                "option {key:?} must be a bool, an int or a str"
            )));
        };
        out.push((key, value));
    }
    Ok(out)
}

/// How a deal is asked for: a seed (by default a fresh one), deal notation, or a pack
/// (cards top first, as ids or text); at most one of them.
pub(crate) fn setup_from(
    seed: Option<u64>,
    deal: Option<String>,
    pack: Option<&Bound<'_, PyAny>>,
) -> PyResult<Setup> {
    match (seed, deal, pack) {
        (s, None, None) => Ok(Setup::Seed(s.unwrap_or_else(fresh_seed))),
        (None, Some(d), None) => Ok(Setup::Deal(d)),
        (None, None, Some(p)) => Ok(Setup::Pack(pack_from(p)?)),
        _ => Err(talon_err("give one of seed, deal and pack, not more")),
    }
}

/// A seed nobody chose: the standard library's per-process random keys,
/// hashed with a counter, so that every call differs.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    use std::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

/// Cards from a Python iterable of card ids or card texts ("QS"); more
/// than a pack is refused before it is read to the end.
fn pack_from(items: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    let mut pack = Vec::new();
    for item in items.try_iter()? {
        // The largest pack is every card slot: 52 cards and a joker.
        if pack.len() == CARD_SLOTS {
            return Err(talon_err(format!("a pack has at most {CARD_SLOTS} cards")));
        }
        pack.push(card_of(&item?)?);
    }
    Ok(pack)
}

/// A card id (`suit * 13 + rank`, 52 the joker) or a card's text.
fn card_of(item: &Bound<'_, PyAny>) -> PyResult<Card> {
    if crate::args::is_bool(item) {
        return Err(talon_err(format!(
            "a card is an id or a text such as \"QS\", not the bool {item}"
        )));
    }
    if let Ok(text) = item.extract::<String>() {
        return text
            .parse()
            .map_err(|e: CardParseError| talon_err(e.to_string()));
    }
    let id = item.extract::<i64>().map_err(|_| {
        talon_err(format!(
            "a card is an id or a text such as \"QS\", not {item}"
        ))
    })?;
    usize::try_from(id)
        .ok()
        .and_then(card_from_id)
        .ok_or_else(|| talon_err(format!("{id} is not a card id (0..=52)")))
}

/// Every preset: name, family, description, players and its options with
/// their defaults (and what each means).
#[pyfunction]
fn presets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for p in Preset::ALL {
        let d = PyDict::new(py);
        d.set_item("name", p.name())?;
        d.set_item("title", p.title())?;
        d.set_item("family", format!("{:?}", p.family()))?;
        d.set_item("description", p.description())?;
        d.set_item("players", p.players())?;
        let (min_players, max_players) = p.player_range();
        d.set_item("min_players", min_players)?;
        d.set_item("max_players", max_players)?;
        let opts = PyDict::new(py);
        let offered = p.offered_option_specs();
        for (k, v) in p.option_defaults() {
            if offered.iter().any(|spec| spec.name == k) {
                opts.set_item(k, v)?;
            }
        }
        d.set_item("options", opts)?;
        let docs = PyDict::new(py);
        for spec in offered {
            docs.set_item(spec.name, spec.doc)?;
        }
        d.set_item("option_docs", docs)?;
        d.set_item("bots", talon_bots::bot_names(p))?;
        list.append(d)?;
    }
    Ok(list)
}

/// The id of a card (`suit * 13 + rank`, 52 the joker) from its text
/// ("QS") or id.
#[pyfunction]
fn card_id(card: &Bound<'_, PyAny>) -> PyResult<usize> {
    Ok(crate::actions::card_id(card_of(card)?))
}

/// The text of a card ("QS") from its id or text.
#[pyfunction]
fn card_name(card: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(card_of(card)?.to_string())
}

/// `talon._talon` (the name must match the library's, for `PyInit__talon`).
#[pymodule]
fn _talon(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TalonError", m.py().get_type::<TalonError>())?;
    m.add("SolverBudgetError", m.py().get_type::<SolverBudgetError>())?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    m.add_function(wrap_pyfunction!(presets, m)?)?;
    m.add_function(wrap_pyfunction!(card_id, m)?)?;
    m.add_function(wrap_pyfunction!(card_name, m)?)?;
    pygame::register(m)?;
    pybots::register(m)?;
    pymatch::register(m)?;
    vecenv::register(m)?;
    reference::register(m)?;
    Ok(())
}
