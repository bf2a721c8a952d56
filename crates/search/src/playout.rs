//! The game's playout policy (`SolverGame::playout_score`): the move it
//! picks, for ISMCTS's rollouts and models, and the value of a position
//! played out by it, the solver's first guess at a position's value.

use talon_rules::{ActionList, SolverGame};

/// The move the game's playout policy picks among `moves` (not empty).
pub(crate) fn policy_move<G: SolverGame>(world: &G, moves: &[G::Action]) -> G::Action {
    *moves
        .iter()
        .max_by_key(|&&a| world.playout_score(a))
        .expect("a legal move")
}

/// The final value (`SolverGame::solver_value`) when both sides play
/// `game` out by the playout policy; `None` if the game gives none.
pub(crate) fn playout_value<G: SolverGame>(game: &G) -> Option<i32> {
    let mut g = game.clone();
    let mut moves = ActionList::new();
    while g.to_move().is_some() {
        g.legal_actions(&mut moves);
        g.play_unchecked(policy_move(&g, &moves));
    }
    g.solver_value()
}
