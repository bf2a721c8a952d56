//! The game's playout policy (`SolverGame::playout_score`): the move it
//! picks, for ISMCTS's rollouts and models, and the value of a position
//! played out by it, from which the solver's first guess at a position's
//! value is made.

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

/// The solver's guess at `game`'s value: the minimax value, `depth` plies
/// ahead, of playing out each position there by the playout policy.
/// Forced moves cost no depth (they add no choice). `None` if the game
/// gives no final value.
pub(crate) fn guess_value<G: SolverGame>(game: &G, depth: u32) -> Option<i32> {
    let (lo, hi) = game.value_range();
    shallow(game, depth, lo - 1, hi + 1)
}

/// Alpha-beta over playouts `depth` plies ahead: exact (fail-soft) for the
/// window `(alpha, beta)`, which the root opens to the whole value range.
fn shallow<G: SolverGame>(game: &G, depth: u32, mut alpha: i32, mut beta: i32) -> Option<i32> {
    let Some(seat) = game.to_move() else {
        return game.solver_value();
    };
    if depth == 0 {
        return playout_value(game);
    }
    let mut moves = ActionList::new();
    game.legal_actions(&mut moves);
    if let [only] = moves.as_slice() {
        let mut child = game.clone();
        child.play_unchecked(*only);
        return shallow(&child, depth, alpha, beta);
    }
    // The policy's own move first: its line is usually the best or near.
    moves.sort_by_key(|&a| std::cmp::Reverse(game.playout_score(a)));
    let maximise = game.maximises(seat);
    let mut best: Option<i32> = None;
    for &a in moves.iter() {
        let mut child = game.clone();
        child.play_unchecked(a);
        let v = shallow(&child, depth - 1, alpha, beta)?;
        if maximise {
            best = Some(best.map_or(v, |b| b.max(v)));
            alpha = alpha.max(v);
        } else {
            best = Some(best.map_or(v, |b| b.min(v)));
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}
