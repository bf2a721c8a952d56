//! Interfaces the game-generic search (`talon-search`) needs from a game.
//!
//! They live here, beside [`Game`], because only the rules know what a seat
//! can infer from its observation and what makes two states the same; the
//! search crate names no specific game.

use crate::game::{ActionList, Game, Returns};
use rand_core::RngCore;
use talon_cards::Seat;

/// Sampling full states ("determinizations") from what one seat knows.
///
/// A sample must be consistent with everything in the observation: the
/// seat's own hand, the public history, cards known to be in other hands,
/// voids shown by the rules of following, and so on. Among consistent
/// states the choice should be uniform, so search is not biased by the
/// sampler. Calling `observe(obs.seat())` on the sample gives `obs` back.
pub trait Determinize: Game {
    fn sample<R: RngCore + ?Sized>(obs: &Self::Observation, rng: &mut R) -> Self;

    /// Whether hidden cards are still to be drawn (from a stock or talon)
    /// before the deal ends. An exact solve of a sampled world then plays
    /// as if it knew the draw order, which searches can choose to avoid.
    fn draws_ahead(_obs: &Self::Observation) -> bool {
        false
    }
}

/// What an exact two-sided zero-sum solver needs beyond [`Game`].
///
/// Values are [`SolverGame::solver_value`] (by default `returns()[0]`): the
/// seats for which [`SolverGame::maximises`] holds maximise it (by default
/// seat 0), the others minimise it.
pub trait SolverGame: Game {
    /// Whether `seat` is on the side whose value the solver computes. Two
    /// hands: seat 0. Partnerships: seat 0's side.
    fn maximises(&self, seat: Seat) -> bool {
        seat.0 == 0
    }

    /// The final value for the maximising side once the game is over
    /// (`None` before). Zero-sum: the other side gets minus this.
    fn solver_value(&self) -> Option<i32> {
        self.returns().map(|r| r[0])
    }

    /// The smallest and largest value `returns()[0]` can take.
    fn value_range(&self) -> (i32, i32);

    /// Cheap bounds on the value under best play from here (within
    /// `value_range`). The solver answers at once when the target lies
    /// outside them; the default knows nothing.
    fn value_bounds(&self) -> (i32, i32) {
        self.value_range()
    }

    /// The exact value when the game can work it out faster than the
    /// solver would (a small endgame with a search of its own, say). The
    /// solver asks only where `value_bounds` leave its target open, so
    /// cheap bounds spare the dearer answer. The default knows nothing.
    fn exact_value(&self) -> Option<i32> {
        None
    }

    /// Whether the value is at least `t`, when the game can settle that
    /// faster than the solver (see [`SolverGame::exact_value`]; it may
    /// answer where `exact_value` does not). The default asks
    /// `exact_value`.
    fn exact_at_least(&self, t: i32) -> Option<bool> {
        self.exact_value().map(|v| v >= t)
    }

    /// Which of the solver's history counters `action` feeds, if the game
    /// wants the history heuristic (`talon_search`'s move ordering: moves
    /// that settled earlier nodes at the same depth are tried earlier).
    /// Slots are taken modulo 64, and moves sharing a slot share their
    /// history. The default, `None`, keeps the game's own order.
    fn history_slot(&self, action: Self::Action) -> Option<usize> {
        let _ = action;
        None
    }

    /// Positions this thread's searches behind `exact_value` and
    /// `exact_at_least` have visited so far, which the solver counts
    /// towards its node budgets (see `talon_search::Solver`).
    fn exact_nodes() -> u64
    where
        Self: Sized,
    {
        0
    }

    /// Whether play from this position can end with `returns()[0] ==
    /// value` (a rules-wide answer is fine; one that knows the position
    /// saves more). The solver asks about attainable values only (a game
    /// without draws never needs the search that tells 0 from 1) and
    /// narrows stored bounds to them. The default allows every value.
    fn attainable(&self, _value: i32) -> bool {
        true
    }

    /// A hash of everything that affects future play and the final value
    /// (hands, undealt cards and their order, scores, phase, whose turn).
    /// Two states with the same key are treated as the same position by the
    /// transposition table, so history that no longer matters is left out.
    fn key(&self) -> u64;

    /// Move-ordering hint: higher scores are searched first. Only speed
    /// depends on it, never the value.
    fn order_score(&self, _action: Self::Action) -> i32 {
        0
    }

    /// Playing policy for simulations (ISMCTS rollouts, tie-breaks): the
    /// highest-scoring action is a sensible move. Distinct from
    /// `order_score`, which only has to find refutations quickly (closing
    /// first is a fine search order and a poor way to play). With
    /// [`SolverGame::guess_by_playout`] it also sets the solver's first
    /// question, so changing it changes the solver's speed (never a value).
    fn playout_score(&self, action: Self::Action) -> i32 {
        self.order_score(action)
    }

    /// Whether the solver's first two questions follow a guess, the value
    /// of playing this position out by the playout policy (then it
    /// bisects), rather than bisecting from the middle of the value range.
    /// Only speed depends on it; the default, no, keeps a game's node
    /// counts (and so what its budgeted searches find) as they were.
    fn guess_by_playout(&self) -> bool {
        false
    }

    /// With [`SolverGame::guess_by_playout`], how many plies the guess
    /// looks ahead before playing out: the guess is then the minimax value
    /// of the playouts at that depth (forced moves are free). A deeper
    /// guess costs more playouts and saves questions where a solve is long.
    /// The default, 0, is one playout.
    fn guess_depth(&self) -> u32 {
        0
    }

    /// With [`SolverGame::guess_by_playout`], how many points more than in
    /// the playout its winner is guessed to win by under best play: the
    /// solver's first two questions decide between that margin and one
    /// more. The default, 0, guesses the playout's own margin.
    fn guess_lift(&self) -> i32 {
        0
    }

    /// Removes actions equivalent to another one kept in `actions` (e.g. two
    /// touching cards of one hand with nothing left between them, where the
    /// game scores them alike). Must keep the value of the position; the
    /// default merges nothing.
    fn merge_equivalent(&self, _actions: &mut ActionList<Self::Action>) {}

    /// Removes moves no sensible player makes (e.g. declaring 66 without
    /// 66), for searches that ask for it below their root. Tree search
    /// expands every legal move at least once and explores each later, so
    /// a hopeless option owned by one seat drags down the mean of every
    /// line that gives that seat the move. Unlike `merge_equivalent` this
    /// may change the value; it must leave at least one move. The default
    /// removes nothing.
    fn prune_hopeless(&self, _actions: &mut ActionList<Self::Action>) {}

    /// What simulation-based search (ISMCTS) maximises per seat once the
    /// game is over. Defaults to `returns()`; a partnership game where each
    /// side scores its own points can give each seat its side's margin
    /// instead, so a seat also values keeping points from the other side.
    fn utility(&self) -> Option<Returns> {
        self.returns()
    }

    /// What search averages once the game is over, per seat: by default
    /// [`SolverGame::utility`]. A deal that is one deal of a match can give
    /// each seat its chance of winning the match instead (scaled to the
    /// utility's range), so rollouts value outcomes by what they do to the
    /// match.
    fn rewards(&self) -> Option<Rewards> {
        self.utility()
            .map(|u| u.iter().map(|&x| f64::from(x)).collect())
    }

    /// What an exactly solved [`SolverGame::solver_value`] is worth to the
    /// maximising side in the units of [`SolverGame::rewards`], for
    /// averaging over sampled worlds (PIMC). It must not decrease as the
    /// value grows: then maximising the value in each world also maximises
    /// its worth, and the solver itself is unchanged. Default: the value.
    fn value_reward(&self, value: i32) -> f64 {
        f64::from(value)
    }
}

/// Per-seat rewards of a finished game, as real numbers.
pub type Rewards = arrayvec::ArrayVec<f64, 8>;

/// A 64-bit finaliser (splitmix64's) for building position keys: every
/// input bit affects every output bit, so keys mixed field by field still
/// spread evenly over the solver's table.
pub(crate) fn fmix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}
