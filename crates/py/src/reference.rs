//! A Rust-side reference for the parity test: random deals played through
//! the engine's own text interface (`AnyGame`, notation in byte order), without
//! the binding's action ids, tensors or `Core`. The Python test plays the
//! same deals through the Python API and must get the same returns.

use crate::core::typed;
use crate::{options_from, preset_by_name, talon_err};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use talon_rules::{AnyGame, Game as _, Setup};

/// The generator both sides use to pick the k-th action: a 64-bit LCG
/// (Knuth's MMIX constants), index = (x >> 33) % count.
pub fn lcg(x: u64) -> u64 {
    x.wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407)
}

/// Returns of `count` deals with seeds `first..first+count`, each played by
/// choosing the k-th of the sorted legal actions in notation.
#[pyfunction]
#[pyo3(signature = (name, first, count, params=None))]
fn reference_returns(
    py: Python<'_>,
    name: &str,
    first: u64,
    count: u64,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<Vec<i32>>> {
    let preset = preset_by_name(name)?;
    let options = options_from(params)?;
    if count > 0 && first.checked_add(count - 1).is_none() {
        return Err(talon_err(format!(
            "{count} seeds from {first} run past the last seed, 2^64 - 1"
        )));
    }
    py.detach(|| {
        (0..count)
            .map(|i| first + i)
            .map(|seed| {
                let mut g = AnyGame::new(preset, &options, &Setup::Seed(seed))
                    .map_err(|e| e.to_string())?;
                let mut x = seed;
                while g.to_move().is_some() {
                    // Byte order, as Python's `sorted` gives the other side.
                    let mut legal = g.legal_actions();
                    legal.sort();
                    x = lcg(x);
                    let pick = ((x >> 33) % legal.len() as u64) as usize;
                    g.play(&legal[pick]).map_err(|e| e.to_string())?;
                }
                Ok(typed!(&g, t => t.returns()).expect("over").to_vec())
            })
            .collect::<Result<Vec<_>, String>>()
    })
    .map_err(talon_err)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(reference_returns, m)?)
}
