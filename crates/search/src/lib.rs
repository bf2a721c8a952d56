//! Game-generic search for the Talon games.
//!
//! Nothing here names a game. A game takes part by implementing, in
//! `talon-rules`:
//!
//! - [`Game`](talon_rules::Game): turns, legal actions, play, observations, returns;
//! - [`Determinize`]: sample a full state consistent with one seat's
//!   observation (hidden cards dealt at random, respecting everything the
//!   seat knows);
//! - [`SolverGame`]: the value range, a position key for the transposition
//!   table, a move-ordering hint, a playout policy, history slots and an
//!   equivalent-move merging hook.
//!
//! On top of those:
//!
//! - [`Solver`]: exact alpha-beta for two-sided zero-sum perfect-information
//!   play, DDS style (null-window "can the maximising side reach t?" searches, the
//!   first at a playout's value, then bisecting; transposition table in
//!   [`tt`], ordering in [`ordering`]);
//! - [`Pimc`]: Perfect Information Monte Carlo over sampled worlds;
//! - [`Ismcts`]: single-observer information-set MCTS.
//!
//! See README.md for the design.

mod ismcts;
pub mod ordering;
mod pimc;
mod playout;
mod solver;
pub mod tt;

pub use ismcts::{most_visited, playout_policy, Ismcts, IsmctsConfig, OpponentModel, RootStat};
pub use pimc::{ActionStat, Pimc, PimcConfig, WorldSolver};
pub use solver::{Solver, DEFAULT_TT_BITS};
pub use talon_rules::{Determinize, SolverGame};

/// A uniform index below `n` (n > 0), without modulo bias.
pub(crate) fn shuffle_index<R: rand_core::RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    talon_rules::shuffle::below(rng, n as u64) as usize
}
