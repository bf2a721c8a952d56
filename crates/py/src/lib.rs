//! Python bindings for Talon (`import talon`). The native module is
//! `talon._talon`; the Python package re-exports it and adds the PettingZoo
//! and OpenSpiel adapters. Rules, samplers, bots and the solver all come
//! from the Rust crates; this crate only translates (action ids, tensors)
//! and releases the GIL around anything long.
//!
//! Without the `python` feature (how `cargo test --workspace` builds it)
//! only the plain-Rust core is compiled: action ids, `Core` and
//! tensors.

pub mod actions;
pub mod core;
pub mod history;
pub mod tensor;
pub mod text;

#[cfg(feature = "python")]
mod args;
#[cfg(feature = "python")]
mod pybots;
#[cfg(feature = "python")]
mod pygame;
#[cfg(feature = "python")]
mod pymatch;
#[cfg(feature = "python")]
mod python;
#[cfg(feature = "python")]
mod reference;
#[cfg(feature = "python")]
mod vecenv;

#[cfg(feature = "python")]
pub(crate) use python::{options_from, preset_by_name, setup_from, talon_err, IllegalActionError};
