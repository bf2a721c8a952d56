//! How a Pedro bidding simulation plays a sampled deal out once the trump
//! is named: by the playout policy alone, or with the trick play solved
//! exactly (open cards, both sides playing their best for points).
//!
//! Solving is double-dummy in the bridge sense: every seat sees every
//! hand. That flatters neither side in particular, and it prices a hand by
//! what its cards can take rather than by how the policy happens to play
//! them. The first tricks, the most expensive to solve (each one costs
//! about eight times the rest of the deal), can be left to the policy.

use talon_rules::pedro::{Action, Event, Pedro, PedroResult, Phase};
use talon_rules::{ActionList, Game, SolverGame};
use talon_search::Solver;

use crate::bid_play::BidPlay;

/// Plays one move by the playout policy; `false` once the deal is over.
fn policy_move(world: &mut Pedro, moves: &mut ActionList<Action>) -> bool {
    if world.is_over() {
        return false;
    }
    world.legal_actions(moves);
    match moves.iter().max_by_key(|&&a| world.playout_score(a)) {
        Some(&a) => {
            world.play_unchecked(a);
            true
        }
        None => false,
    }
}

/// Plays the policy through the auction, the reduction and the first
/// `tricks` tricks; `false` if the deal ended (or stuck) first.
fn policy_prefix(world: &mut Pedro, tricks: u8, moves: &mut ActionList<Action>) -> bool {
    let mut played = 0u8;
    while world.phase() != Phase::Play || played < tricks {
        if !policy_move(world, moves) {
            return false;
        }
        played += u8::from(matches!(world.events().last(), Some(Event::Trick { .. })));
    }
    true
}

/// `world` played to the end by the playout policy.
pub(crate) fn play_out(mut world: Pedro) -> Option<Pedro> {
    let mut moves = ActionList::new();
    while policy_move(&mut world, &mut moves) {}
    world.is_over().then_some(world)
}

/// The result of `world` finished as `how` says (the auction and the
/// trump, when still open, by the policy). `None` if the deal cannot
/// finish (the policy found no move).
pub(crate) fn finish(
    world: Pedro,
    how: BidPlay,
    solver: &mut Solver<Pedro>,
) -> Option<PedroResult> {
    let BidPlay::Solved {
        policy_tricks,
        max_nodes,
    } = how
    else {
        return play_out(world).and_then(|w| w.result().copied());
    };
    let mut w = world;
    if !policy_prefix(&mut w, policy_tricks, &mut ActionList::new()) {
        return w.result().copied();
    }
    let priced = w.priced_by_points();
    // Every point still in play goes to one side, so the solved margin
    // of points fixes both sides' points.
    let [p0, p1] = w.team_points();
    let total = i32::from(p0 + p1 + w.points_left());
    let Some(margin) = solver.value_within(&priced, max_nodes) else {
        return play_out(w).and_then(|w| w.result().copied());
    };
    let team0 = (total + margin) / 2;
    let points = [team0 as u16, (total - team0) as u16];
    let forced = w.events().iter().any(|e| matches!(e, Event::Forced { .. }));
    let bidder = w.bidder()?;
    Some(PedroResult::scored(
        w.options(),
        bidder,
        w.high_bid(),
        forced,
        points,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_cards::Seat;
    use talon_rules::pedro::PedroOptions;

    /// The solved points are what best play reaches: following each
    /// mover's best action (by the solver's own values) from the same
    /// position ends with exactly those points.
    #[test]
    fn solved_points_are_reached_by_best_play() {
        let mut checked = 0;
        for seed in 0..12 {
            let opts = PedroOptions::SIXTY_THREE;
            let start = Pedro::from_seed(seed, opts, Seat((seed % 4) as u8));
            let how = BidPlay::Solved {
                policy_tricks: 3,
                max_nodes: u64::MAX,
            };
            let mut solver = Solver::new(14);
            let Some(result) = finish(start.clone(), how, &mut solver) else {
                continue;
            };
            // Replay the same policy prefix, then follow best moves.
            let mut w = start;
            assert!(policy_prefix(&mut w, 3, &mut ActionList::new()));
            let mut w = w.priced_by_points();
            while !w.is_over() {
                let best = solver
                    .action_values(&w)
                    .into_iter()
                    .max_by_key(|&(_, v)| v)
                    .expect("a move");
                w.play_unchecked(best.0);
            }
            assert_eq!(w.team_points(), result.points, "seed {seed}");
            checked += 1;
        }
        assert!(checked >= 8, "only {checked} deals reached the play");
    }
}
