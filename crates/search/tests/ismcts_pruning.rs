//! ISMCTS's `prune_hopeless` on a two-move game whose values are known:
//! below the root a pruned move is never tried, so it cannot drag the mean
//! of the line that leads to it; at the root every legal move is still
//! searched. The duel's rollouts play sensibly, so only the tree can try
//! a blunder.

mod duel;

use duel::{root_stats, stat, Step};
use talon_search::{IsmctsConfig, RootStat};

fn searched(prune: bool) -> Vec<RootStat<Step>> {
    let config = IsmctsConfig {
        iterations: 300,
        time_limit: None,
        exploration: 2.0,
        rollout_epsilon: 0.0,
        leaf_solve_nodes: 0,
        prune_hopeless: prune,
        exact_rollout_ends: false,
        opponent_policy: 0.0,
    };
    root_stats(config, false, 7)
}

#[test]
fn pruning_keeps_blunders_out_of_the_tree_but_not_off_the_root() {
    let pruned = searched(true);
    // Every root move is searched, the hopeless one included.
    for step in [Step::Left, Step::Right, Step::Resign] {
        assert!(stat(&pruned, step).visits > 0, "{step}");
    }
    // Seat 1 only ever answers fairly: Left is worth exactly 1.
    assert_eq!(stat(&pruned, Step::Left).mean, 1.0);
    let best = pruned.iter().max_by_key(|s| s.visits).expect("stats");
    assert_eq!(best.action, Step::Left);
}

#[test]
fn without_pruning_a_blunder_tried_in_the_tree_inflates_its_line() {
    let kept = searched(false);
    assert!(stat(&kept, Step::Left).mean > 1.0, "{kept:?}");
}
