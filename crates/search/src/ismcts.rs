//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse
//! 2012): one tree over the observing seat's information sets, a fresh
//! determinization for every iteration, UCT selection restricted to the
//! actions legal in that determinization, and availability counts in place
//! of parent visits so rarely-legal actions are not over-explored.
//!
//! Leaves are valued by the exact solver when the determinized position
//! solves within a small node budget (late in a deal), else by a rollout
//! that follows the game's playout policy (greedy with some random
//! moves), which is much stronger than uniform play in trick games where
//! random declarations and closings end deals absurdly. With
//! `exact_rollout_ends` a rollout stops at the first position whose exact
//! value the game knows cheaply (`SolverGame::exact_value`) and backs that
//! up instead.

use crate::shuffle_index;
use crate::solver::Solver;
use rand_core::RngCore;
use std::time::{Duration, Instant};
use talon_cards::Seat;
use talon_rules::{ActionList, Determinize, Game, Observation, SolverGame};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations per decision (at least one is always run).
    pub iterations: u32,
    /// Stop early when this much time has passed.
    pub time_limit: Option<Duration>,
    /// UCT exploration constant, in units of the game's returns.
    pub exploration: f64,
    /// Chance that a rollout move is uniform instead of the hint's best.
    pub rollout_epsilon: f64,
    /// Node budget for solving a leaf exactly instead of rolling out
    /// (0: always roll out).
    pub leaf_solve_nodes: u64,
    /// Below the root, drop the moves `SolverGame::prune_hopeless` names
    /// (the root always offers every legal move).
    pub prune_hopeless: bool,
    /// End a rollout with the game's exact value once it has one
    /// (`SolverGame::exact_value`: the Sixty-six family's small strict
    /// endgames) instead of playing on by the policy, which plays a
    /// closed or exhausted talon poorly.
    pub exact_rollout_ends: bool,
    /// Chance that, at another seat's node below the root, the search
    /// plays the opponent model's move in this iteration's world instead
    /// of UCT's choice: a model of an opponent who knows its own cards
    /// (UCT alone chooses by statistics shared across all the worlds the
    /// observer cannot tell apart). The model is the game's playout
    /// policy unless `Ismcts::with_opponent_model` sets another. 0 turns
    /// it off.
    pub opponent_policy: f64,
}

struct Node<A> {
    action: Option<A>,
    /// Seat that played `action` into this node; rewards are its own.
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    available: u32,
    reward: f64,
}

/// A model of `seat`, the seat to move: its move among the legal ones
/// (perhaps pruned) in a sampled world.
pub type OpponentModel<G> = fn(&G, Seat, &[<G as Game>::Action]) -> <G as Game>::Action;

pub struct Ismcts<G: SolverGame> {
    pub config: IsmctsConfig,
    solver: Solver<G>,
    opponent_model: OpponentModel<G>,
}

/// The playout policy as a model of the opponent (the default one).
pub fn playout_policy<G: SolverGame>(world: &G, _seat: Seat, moves: &[G::Action]) -> G::Action {
    policy_move(world, moves)
}

/// The move the game's playout policy picks among `moves` (not empty).
fn policy_move<G: SolverGame>(world: &G, moves: &[G::Action]) -> G::Action {
    *moves
        .iter()
        .max_by_key(|&&a| world.playout_score(a))
        .expect("a legal move")
}

fn unit<R: RngCore + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

impl<G: SolverGame + Determinize> Ismcts<G> {
    pub fn new(config: IsmctsConfig) -> Ismcts<G> {
        // No table worth the memory when leaves are never solved.
        let bits = if config.leaf_solve_nodes > 0 { 16 } else { 1 };
        Ismcts {
            config,
            solver: Solver::new(bits),
            opponent_model: playout_policy::<G>,
        }
    }

    /// The same search with `model` choosing the other seats' moves where
    /// `IsmctsConfig::opponent_policy` applies. It is given the
    /// iteration's sampled world: a model that reads only the mover's
    /// observation of it (as a bot does) sees that seat's cards in that
    /// world, never the real ones; what a sampled world cannot know (the
    /// Sixty-six family: which card the opponent drew when) may be a
    /// placeholder there. A move it picks that is not among the node's
    /// legal moves leaves UCT's choice.
    pub fn with_opponent_model(mut self, model: OpponentModel<G>) -> Ismcts<G> {
        self.opponent_model = model;
        self
    }

    /// Runs the search and returns the most visited legal root action.
    pub fn choose<R: RngCore + ?Sized>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        most_visited(&self.search(obs, legal, rng)).map_or(legal[0], |s| s.action)
    }

    /// Runs the search and returns the visits and mean reward (for the
    /// observing seat, in the units of `SolverGame::rewards`) of each legal
    /// root action the search tried, in the order it first tried them.
    pub fn search<R: RngCore + ?Sized>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Vec<RootStat<G::Action>> {
        self.search_sampling(obs, legal, rng, &mut |rng: &mut R| G::sample(obs, rng))
    }

    /// [`Ismcts::search`] with each iteration's world drawn by `sample`
    /// instead of uniformly (a sampler that weighs what the other seats'
    /// play says, say). Every world must be consistent with `obs`.
    pub fn search_sampling<R: RngCore + ?Sized>(
        &mut self,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut R,
        sample: &mut dyn FnMut(&mut R) -> G,
    ) -> Vec<RootStat<G::Action>> {
        let root_seat = obs.seat();
        let mut nodes: Vec<Node<G::Action>> = vec![Node {
            action: None,
            mover: root_seat,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }];
        let start = Instant::now();
        let mut path = Vec::new();
        let mut moves = ActionList::new();
        for n in 0..self.config.iterations.max(1) {
            if n > 0 && n % 16 == 0 && self.config.time_limit.is_some_and(|l| start.elapsed() >= l)
            {
                break;
            }
            let mut world = sample(rng);
            path.clear();
            path.push(0);
            let mut node = 0;
            // Selection and expansion.
            while let Some(mover) = world.to_move() {
                world.legal_actions(&mut moves);
                if self.config.prune_hopeless && node != 0 {
                    world.prune_hopeless(&mut moves);
                }
                let untried: ActionList<G::Action> = moves
                    .iter()
                    .copied()
                    .filter(|a| {
                        !nodes[node]
                            .children
                            .iter()
                            .any(|&c| nodes[c].action == Some(*a))
                    })
                    .collect();
                if !untried.is_empty() {
                    let a = untried[shuffle_index(rng, untried.len())];
                    let child = nodes.len();
                    nodes.push(Node {
                        action: Some(a),
                        mover,
                        children: Vec::new(),
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                    });
                    nodes[node].children.push(child);
                    world.play_unchecked(a);
                    path.push(child);
                    break;
                }
                let mut best = usize::MAX;
                let mut best_score = f64::NEG_INFINITY;
                for i in 0..nodes[node].children.len() {
                    let c = nodes[node].children[i];
                    let Some(a) = nodes[c].action else { continue };
                    if !moves.contains(&a) {
                        continue;
                    }
                    let ch = &mut nodes[c];
                    ch.available += 1;
                    let v = f64::from(ch.visits.max(1));
                    let score = ch.reward / v
                        + self.config.exploration * (f64::from(ch.available).ln() / v).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = c;
                    }
                }
                if mover != root_seat
                    && self.config.opponent_policy > 0.0
                    && unit(rng) < self.config.opponent_policy
                {
                    // The node keeps children of earlier worlds' moves:
                    // only one legal here may be played.
                    let modelled = (self.opponent_model)(&world, mover, &moves);
                    if moves.contains(&modelled) {
                        if let Some(&c) = nodes[node]
                            .children
                            .iter()
                            .find(|&&c| nodes[c].action == Some(modelled))
                        {
                            best = c;
                        }
                    }
                }
                world.play_unchecked(nodes[best].action.expect("child has an action"));
                node = best;
                path.push(best);
            }
            // Leaf value: exact if cheap enough, else a rollout, which may
            // end in the exact value of a small endgame.
            let mut exact = if self.config.leaf_solve_nodes > 0 && !world.is_over() {
                self.solver
                    .value_within(&world, self.config.leaf_solve_nodes)
            } else {
                None
            };
            if exact.is_none() {
                while world.to_move().is_some() {
                    if self.config.exact_rollout_ends {
                        exact = world.exact_value();
                        if exact.is_some() {
                            break;
                        }
                    }
                    world.legal_actions(&mut moves);
                    let a = if unit(rng) < self.config.rollout_epsilon {
                        moves[shuffle_index(rng, moves.len())]
                    } else {
                        policy_move(&world, &moves)
                    };
                    world.play_unchecked(a);
                }
            }
            if let Some(v) = exact {
                let r = world.value_reward(v);
                for &i in &path {
                    let nd = &mut nodes[i];
                    nd.visits += 1;
                    nd.reward += if world.maximises(nd.mover) { r } else { -r };
                }
                continue;
            }
            let rewards = world.rewards().expect("the game is over");
            for &i in &path {
                let nd = &mut nodes[i];
                nd.visits += 1;
                nd.reward += rewards[nd.mover.index()];
            }
        }
        nodes[0]
            .children
            .iter()
            .filter_map(|&c| {
                let nd = &nodes[c];
                let action = nd.action.filter(|a| legal.contains(a))?;
                Some(RootStat {
                    action,
                    visits: nd.visits,
                    mean: nd.reward / f64::from(nd.visits.max(1)),
                })
            })
            .collect()
    }
}

/// The most visited of `stats`, the first of equals (so the search stays
/// deterministic); `None` if there are none.
pub fn most_visited<'a, A: Copy + 'a>(
    stats: impl IntoIterator<Item = &'a RootStat<A>>,
) -> Option<RootStat<A>> {
    stats.into_iter().fold(None, |best, s| match best {
        Some(b) if b.visits >= s.visits => Some(b),
        _ => Some(*s),
    })
}

/// What the search found for one root action.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootStat<A> {
    pub action: A,
    pub visits: u32,
    /// Mean reward for the observing seat.
    pub mean: f64,
}
