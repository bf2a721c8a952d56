//! ISMCTS's options on the duel game: `exact_rollout_ends` (a rollout that
//! reaches a position whose exact value the game knows ends there with that
//! value, instead of playing on by a policy that may blunder, as the duel's
//! rollouts do) and `opponent_policy` (the opponent modelled by that
//! policy, or by a model of its own).

mod duel;

use duel::{root_stats, root_stats_of, stat, Duel, Step};
use talon_cards::Seat;
use talon_search::{Ismcts, IsmctsConfig, OpponentModel};

/// Greedy rollouts, no time limit, the two options under test as given.
fn config(iterations: u32, exact_rollout_ends: bool, opponent_policy: f64) -> IsmctsConfig {
    IsmctsConfig {
        iterations,
        time_limit: None,
        exploration: 2.0,
        rollout_epsilon: 0.0,
        leaf_solve_nodes: 0,
        prune_hopeless: false,
        exact_rollout_ends,
        opponent_policy,
    }
}

/// The mean reward of `Left` after one rollout from it.
fn left_after_one_rollout(exact_rollout_ends: bool) -> f64 {
    // The first three iterations expand the three root moves, one rollout
    // each.
    let stats = root_stats(config(3, exact_rollout_ends, 0.0), true, 3);
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

/// `Left`'s mean reward after many iterations, with `opponent_policy`
/// and rollouts whose policy prefers the opponent's blunder.
fn left_with_opponent_policy(opponent_policy: f64) -> f64 {
    let config = config(3_000, false, opponent_policy);
    stat(&root_stats(config, true, 5), Step::Left).mean
}

/// UCT at the opponent's node finds its best answer (`Fair`, worth 1 to
/// seat 0); with `opponent_policy` 1 the opponent follows the playout
/// policy, which blunders (10), and in between the values mix.
#[test]
fn the_opponent_policy_models_a_rule_of_thumb_opponent() {
    let uct = left_with_opponent_policy(0.0);
    let half = left_with_opponent_policy(0.5);
    let policy = left_with_opponent_policy(1.0);
    assert!(uct < 2.0, "UCT opponent: {uct}");
    assert!(policy > 9.0, "policy opponent: {policy}");
    assert!(
        uct + 2.0 < half && half + 2.0 < policy,
        "{uct} < {half} < {policy}"
    );
}

/// `Left`'s mean reward with rollouts that play `Fair` and the opponent
/// modelled, with chance `opponent_policy`, by `model`.
fn left_with_model(
    opponent_policy: f64,
    model: OpponentModel<Duel>,
    rollouts_blunder: bool,
) -> f64 {
    let ismcts = Ismcts::new(config(3_000, false, opponent_policy)).with_opponent_model(model);
    stat(&root_stats_of(ismcts, rollouts_blunder, 5), Step::Left).mean
}

fn blunders(_: &Duel, _: Seat, moves: &[Step]) -> Step {
    *moves
        .iter()
        .find(|&&a| a == Step::Blunder)
        .unwrap_or(&moves[0])
}

/// A model of its own replaces the playout policy (which here plays
/// `Fair`): followed always, the opponent blunders; never followed, UCT
/// finds `Fair`.
#[test]
fn a_model_of_its_own_replaces_the_policy() {
    let followed = left_with_model(1.0, blunders, false);
    let ignored = left_with_model(0.0, blunders, false);
    assert!(followed > 9.0, "model followed: {followed}");
    assert!(ignored < 2.0, "model off: {ignored}");
}

/// A move the model picks that the node does not offer leaves UCT's
/// choice (`Fair`), not the playout policy's (which here blunders).
#[test]
fn a_model_move_not_on_offer_leaves_uct() {
    let left = left_with_model(1.0, |_, _, _| Step::Right, true);
    assert!(left < 2.0, "{left}");
}
