//! Integer arguments: pyo3 alone raises `OverflowError` (not a
//! `ValueError`) for a negative seed or an int too large for its type.
//! These converters (`#[pyo3(from_py_with = …)]`) raise `TalonError`
//! naming the argument instead; a non-integer still raises `TypeError`,
//! saying which argument it was (pyo3's own words do not).

use crate::talon_err;
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;

/// Turns pyo3's overflow into a `TalonError`, and its type error into one
/// that names the argument, each saying what was expected.
fn in_range<T>(value: &Bound<'_, PyAny>, got: PyResult<T>, what: &str) -> PyResult<T> {
    got.map_err(|e| {
        let shown = || {
            let repr = value.repr().map_or_else(|_| "?".into(), |r| r.to_string());
            repr.chars().take(60).collect::<String>()
        };
        if e.is_instance_of::<PyOverflowError>(value.py()) {
            talon_err(format!("{what}, not {value}"))
        } else if e.is_instance_of::<PyTypeError>(value.py()) {
            let kind = value
                .get_type()
                .name()
                .map_or_else(|_| "?".into(), |n| n.to_string());
            PyTypeError::new_err(format!("{what}, not the {kind} {}", shown()))
        } else {
            e
        }
    })
}

/// A seed: 0 ≤ seed < 2**64 (not a bool, which would read as 0 or 1).
pub(crate) fn seed(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if is_bool(value) {
        return Err(talon_err(format!(
            "{value} is not a seed (a whole number from 0 to 2**64 - 1, not a bool)"
        )));
    }
    in_range(
        value,
        value.extract(),
        "a seed is a whole number from 0 to 2**64 - 1",
    )
}

/// An optional seed (None: the default).
pub(crate) fn optional_seed(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if value.is_none() {
        return Ok(None);
    }
    seed(value).map(Some)
}

/// An optional node budget (None: no bound).
pub(crate) fn optional_nodes(value: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if value.is_none() {
        return Ok(None);
    }
    in_range(
        value,
        value.extract(),
        "max_nodes is a whole number from 0 to 2**64 - 1",
    )
    .map(Some)
}

/// Whether `value` is a bool, Python's or numpy's: both would read as 0
/// or 1 where a number is meant.
pub(crate) fn is_bool(value: &Bound<'_, PyAny>) -> bool {
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return true;
    }
    let ty = value.get_type();
    let named = |attr: &str| ty.getattr(attr).ok().map(|v| v.to_string());
    named("__module__").as_deref() == Some("numpy")
        && matches!(named("__name__").as_deref(), Some("bool_" | "bool"))
}

/// A player number (checked against the game's seats by the caller).
pub(crate) fn player(value: &Bound<'_, PyAny>) -> PyResult<i64> {
    if is_bool(value) {
        return Err(talon_err(format!(
            "{value} is not a player (a seat number from 0, not a bool)"
        )));
    }
    in_range(value, value.extract(), "a player is a seat number from 0")
}

/// An optional player.
pub(crate) fn optional_player(value: &Bound<'_, PyAny>) -> PyResult<Option<i64>> {
    if value.is_none() {
        return Ok(None);
    }
    player(value).map(Some)
}

/// A count or an index (checked against its bound by the caller).
pub(crate) fn count(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    in_range(
        value,
        value.extract(),
        "a count or index is a whole number from 0",
    )
}
