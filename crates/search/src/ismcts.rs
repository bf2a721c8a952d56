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

use crate::playout::policy_move;
use crate::shuffle_index;
use crate::solver::Solver;
use arrayvec::ArrayVec;
use rand_core::RngCore;
use std::time::{Duration, Instant};
use talon_cards::Seat;
use talon_rules::{ActionList, Determinize, Game, Observation, SolverGame, MAX_ACTIONS};

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

/// An action tried at a node, with its statistics and the node it leads
/// to. A node is the list of its edges: the walk down reads every edge of
/// every node it passes, so they lie side by side (statistics kept in the
/// nodes below cost a cache miss each).
struct Edge<A> {
    action: A,
    /// Seat that played `action`; rewards are its own.
    mover: Seat,
    /// Index of the node below in the search's list.
    node: u32,
    visits: u32,
    available: u32,
    reward: f64,
    /// `reward / visits` (0 before the first visit), kept up to date on
    /// the way back up: selection reads it at every step.
    mean: f64,
}

impl<A> Edge<A> {
    fn add_visit(&mut self, reward: f64) {
        self.visits += 1;
        self.reward += reward;
        self.mean = self.reward / f64::from(self.visits);
    }
}

/// Availability counts below this have their logarithm looked up: UCT
/// takes one for every child at every step down the tree, and the libm
/// call was a large share of the search's own time. Larger counts
/// (searches of more iterations than this) call `ln`: the same values.
const LN_TABLE: usize = 1 << 15;

fn ln_table() -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| (0..LN_TABLE).map(|n| (n as f64).ln()).collect())
}

/// `ln(n)`, from `table` (see `ln_table`) when it holds it.
#[inline]
fn ln_count(table: &[f64], n: u32) -> f64 {
    table
        .get(n as usize)
        .copied()
        .unwrap_or_else(|| f64::from(n).ln())
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
        // Node 0 is the root; each node is the list of its edges.
        let mut nodes: Vec<Vec<Edge<G::Action>>> = vec![Vec::new()];
        // Built once a process, before the clock starts.
        let ln = ln_table();
        let start = Instant::now();
        // The edges taken this iteration: (node, edge index).
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut moves = ActionList::new();
        let exploration = self.config.exploration;
        for n in 0..self.config.iterations.max(1) {
            if n > 0 && n % 16 == 0 && self.config.time_limit.is_some_and(|l| start.elapsed() >= l)
            {
                break;
            }
            let mut world = sample(rng);
            path.clear();
            let mut node = 0;
            // Selection and expansion.
            while let Some(mover) = world.to_move() {
                world.legal_actions(&mut moves);
                if self.config.prune_hopeless && node != 0 {
                    world.prune_hopeless(&mut moves);
                }
                // A move listed twice would never count as tried.
                debug_assert!(
                    moves
                        .iter()
                        .enumerate()
                        .all(|(k, m)| !moves[..k].contains(m)),
                    "legal moves listed twice"
                );
                // One pass over the edges: which moves have one, and
                // UCT's pick among those (each scored with this visit's
                // availability already counted).
                const _: () = assert!(MAX_ACTIONS <= 64, "`tried` is a 64-bit mask");
                let mut tried = 0u64; // bit k: `moves[k]` has an edge
                let mut legal_edges: ArrayVec<u32, MAX_ACTIONS> = ArrayVec::new();
                let mut best = usize::MAX;
                let mut best_score = f64::NEG_INFINITY;
                for (i, e) in nodes[node].iter().enumerate() {
                    let Some(k) = moves.iter().position(|m| *m == e.action) else {
                        continue;
                    };
                    tried |= 1 << k;
                    legal_edges.push(i as u32);
                    let available = e.available + 1;
                    let v = f64::from(e.visits.max(1));
                    let score = e.mean + exploration * (ln_count(ln, available) / v).sqrt();
                    if score > best_score {
                        best_score = score;
                        best = i;
                    }
                }
                if legal_edges.len() < moves.len() {
                    let untried: ActionList<G::Action> = moves
                        .iter()
                        .enumerate()
                        .filter(|&(k, _)| tried & 1 << k == 0)
                        .map(|(_, &a)| a)
                        .collect();
                    let a = untried[shuffle_index(rng, untried.len())];
                    let below = nodes.len() as u32;
                    nodes.push(Vec::new());
                    path.push((node, nodes[node].len()));
                    nodes[node].push(Edge {
                        action: a,
                        mover,
                        node: below,
                        visits: 0,
                        available: 1,
                        reward: 0.0,
                        mean: 0.0,
                    });
                    world.play_unchecked(a);
                    break;
                }
                for &i in &legal_edges {
                    nodes[node][i as usize].available += 1;
                }
                if mover != root_seat
                    && self.config.opponent_policy > 0.0
                    && unit(rng) < self.config.opponent_policy
                {
                    // The node keeps edges of earlier worlds' moves: only
                    // one legal here may be played.
                    let modelled = (self.opponent_model)(&world, mover, &moves);
                    if moves.contains(&modelled) {
                        if let Some(i) = nodes[node].iter().position(|e| e.action == modelled) {
                            best = i;
                        }
                    }
                }
                let edge = &nodes[node][best];
                world.play_unchecked(edge.action);
                path.push((node, best));
                node = edge.node as usize;
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
                for &(n, i) in &path {
                    let e = &mut nodes[n][i];
                    e.add_visit(if world.maximises(e.mover) { r } else { -r });
                }
                continue;
            }
            let rewards = world.rewards().expect("the game is over");
            for &(n, i) in &path {
                let e = &mut nodes[n][i];
                e.add_visit(rewards[e.mover.index()]);
            }
        }
        nodes[0]
            .iter()
            .filter(|e| legal.contains(&e.action))
            .map(|e| RootStat {
                action: e.action,
                visits: e.visits,
                mean: e.mean,
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
