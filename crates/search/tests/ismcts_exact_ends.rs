//! ISMCTS's `exact_rollout_ends`: a rollout that reaches a position whose
//! exact value the game knows ends there with that value, instead of
//! playing on by a policy that may blunder (the duel's rollouts do).

mod duel;

use duel::{root_stats, stat, Step};
use talon_search::IsmctsConfig;

/// The mean reward of `Left` after one rollout from it.
fn left_after_one_rollout(exact_rollout_ends: bool) -> f64 {
    let config = IsmctsConfig {
        // The first three iterations expand the three root moves, one
        // rollout each.
        iterations: 3,
        time_limit: None,
        exploration: 2.0,
        rollout_epsilon: 0.0,
        leaf_solve_nodes: 0,
        prune_hopeless: false,
        exact_rollout_ends,
    };
    let stats = root_stats(config, true, 3);
    let left = stat(&stats, Step::Left);
    assert_eq!(left.visits, 1);
    left.mean
}

#[test]
fn a_rollout_ends_with_the_exact_value_where_the_game_knows_it() {
    assert_eq!(left_after_one_rollout(true), 1.0);
}

#[test]
fn otherwise_the_policy_plays_it_out() {
    assert_eq!(left_after_one_rollout(false), 10.0);
}
