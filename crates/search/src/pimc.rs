//! Perfect Information Monte Carlo: sample worlds consistent with the
//! observation, solve each exactly for every legal action, and play the
//! action with the best average value.
//!
//! Known weakness (strategy fusion): each world is solved as if the seat
//! will know the hidden cards later. It is still strong in trick games
//! where most information comes out quickly.

use crate::solver::Solver;
use rand_core::RngCore;
use std::time::{Duration, Instant};
use talon_cards::Seat;
use talon_rules::{Determinize, Observation, SolverGame};

/// How much work one decision may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PimcConfig {
    /// Worlds sampled per decision (at least one is always solved).
    pub samples: u32,
    /// Stop sampling early when this much time has passed.
    pub time_limit: Option<Duration>,
    /// Node budget for one exact solve; a world that needs more is
    /// dropped and sampling stops (early in a deal exact solving can cost
    /// far more than a move may take).
    pub max_nodes: u64,
    /// Node budget for the whole decision: no new world is sampled once
    /// the solver has visited this many positions for it. Deterministic,
    /// unlike the time limit, and it bounds the worst case (many worlds
    /// each just within `max_nodes`).
    pub max_total_nodes: u64,
    /// Decline (so the caller searches otherwise) while hidden cards are
    /// still to be drawn ([`Determinize::draws_ahead`]): a solved world
    /// knows the draw order, and plays as if the seat did.
    pub after_draws: bool,
}

/// Average value of one legal action over the sampled worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActionStat<A> {
    pub action: A,
    pub mean: f64,
    /// The least value in any world: a move that is good on average may
    /// still lose somewhere, and a sure one may not.
    pub worst: f64,
    pub samples: u32,
}

/// The solver as [`Pimc::evaluate_with`] lends it: each solve within
/// [`PimcConfig::max_nodes`].
pub struct WorldSolver<'a, G: SolverGame> {
    solver: &'a mut Solver<G>,
    max_nodes: u64,
}

impl<'a, G: SolverGame> WorldSolver<'a, G> {
    /// `solver`, each solve within `max_nodes`.
    pub fn new(solver: &'a mut Solver<G>, max_nodes: u64) -> WorldSolver<'a, G> {
        WorldSolver { solver, max_nodes }
    }

    /// The exact value of `game` (seat 0's, as [`Solver::value`]), or
    /// `None` if it takes more than [`PimcConfig::max_nodes`].
    pub fn value(&mut self, game: &G) -> Option<i32> {
        self.solver.value_within(game, self.max_nodes)
    }

    /// The exact worth of `game` to `seat` in the game's rewards (e.g.
    /// match equity), or `None` as [`WorldSolver::value`]. Rewards are
    /// monotone in the value, so averaging them over worlds leaves each
    /// world's solve standing.
    pub fn worth(&mut self, game: &G, seat: Seat) -> Option<f64> {
        let r = game.value_reward(self.value(game)?);
        Some(if game.maximises(seat) { r } else { -r })
    }
}

pub struct Pimc<G: SolverGame + Determinize> {
    pub config: PimcConfig,
    solver: Solver<G>,
}

impl<G: SolverGame + Determinize> Pimc<G> {
    pub fn new(config: PimcConfig) -> Pimc<G> {
        Pimc {
            config,
            solver: Solver::default(),
        }
    }

    /// The solver (and its table, shared by every world: keys cover the
    /// whole position, so entries from one world stay true in another).
    pub fn solver(&mut self) -> &mut Solver<G> {
        &mut self.solver
    }

    /// Averages the value of each of `legal` for the observing seat, or
    /// `None` when not even one world could be solved within the node budget.
    pub fn evaluate<R: RngCore + ?Sized>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Option<Vec<ActionStat<G::Action>>> {
        let seat = obs.seat();
        self.evaluate_with(obs, legal, rng, |solver, world, a, _| {
            let mut child = world.clone();
            child.play_unchecked(a);
            solver.worth(&child, seat)
        })
    }

    /// [`Pimc::evaluate`] with another value of an action in a sampled
    /// world: `value(solver, world, action, rng)` is the action's worth to
    /// the observing seat, or `None` when the solver ran out of nodes.
    pub fn evaluate_with<R, F>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
        mut value: F,
    ) -> Option<Vec<ActionStat<G::Action>>>
    where
        R: RngCore + ?Sized,
        F: FnMut(&mut WorldSolver<'_, G>, &G, G::Action, &mut R) -> Option<f64>,
    {
        let start = Instant::now();
        let mut stats: Vec<ActionStat<G::Action>> = legal
            .iter()
            .map(|&action| ActionStat {
                action,
                mean: 0.0,
                worst: f64::INFINITY,
                samples: 0,
            })
            .collect();
        let mut sums = vec![0f64; legal.len()];
        let first_node = self.solver.nodes();
        for n in 0..self.config.samples.max(1) {
            let spent = self.solver.nodes() - first_node;
            if n > 0
                && (spent >= self.config.max_total_nodes
                    || self.config.time_limit.is_some_and(|l| start.elapsed() >= l))
            {
                break;
            }
            let world = G::sample(obs, rng);
            let mut values = Vec::with_capacity(legal.len());
            for &a in legal {
                // The legal actions depend only on what the seat knows, so
                // every consistent world allows them; guard anyway.
                if !world.is_legal(a) {
                    debug_assert!(false, "sampled world refuses a legal action");
                    values.push(None);
                    continue;
                }
                let mut solver = WorldSolver::new(&mut self.solver, self.config.max_nodes);
                let Some(v) = value(&mut solver, &world, a, rng) else {
                    break;
                };
                values.push(Some(v));
            }
            if values.len() < legal.len() {
                break; // out of node budget: keep the worlds solved so far
            }
            for (i, v) in values.into_iter().enumerate() {
                if let Some(v) = v {
                    sums[i] += v;
                    stats[i].worst = stats[i].worst.min(v);
                    stats[i].samples += 1;
                }
            }
        }
        if stats.iter().all(|s| s.samples == 0) {
            return None;
        }
        for (s, sum) in stats.iter_mut().zip(sums) {
            if s.samples > 0 {
                s.mean = sum / f64::from(s.samples);
            } else {
                s.mean = f64::NEG_INFINITY;
            }
        }
        Some(stats)
    }

    /// The action with the best average; ties go to the game's playout
    /// policy in a sampled world (it uses only the mover's own cards and
    /// public facts), then to the earlier legal action. `None` when no
    /// world could be solved within the node budget.
    pub fn choose<R: RngCore + ?Sized>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Option<G::Action> {
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        if self.config.after_draws && G::draws_ahead(obs) {
            return None;
        }
        let stats = self.evaluate(obs, legal, rng)?;
        let world = G::sample(obs, rng);
        let mut best = 0;
        for i in 1..stats.len() {
            let (a, b) = (&stats[i], &stats[best]);
            let better = a.mean > b.mean + 1e-9
                || ((a.mean - b.mean).abs() <= 1e-9
                    && world.playout_score(a.action) > world.playout_score(b.action));
            if better {
                best = i;
            }
        }
        Some(stats[best].action)
    }
}
