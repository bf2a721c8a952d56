//! Move ordering: the table's best move first, then the game's hint.
//!
//! Alpha-beta with null windows cuts off after the first move that
//! answers the question, so trying likely-best moves first is most of
//! the speed.

use talon_rules::{ActionList, SolverGame};

/// Legal moves of `game` after equivalent ones are merged, in generation
/// order. TT best-move indices refer to this order.
pub fn generate<G: SolverGame>(game: &G, out: &mut ActionList<G::Action>) {
    game.legal_actions(out);
    game.merge_equivalent(out);
}

/// Reorders `moves` (in generation order) for search and returns, for
/// each position of the new order, the move's index in generation order.
pub fn order<G: SolverGame>(
    game: &G,
    moves: &mut ActionList<G::Action>,
    tt_best: Option<u8>,
) -> [u8; talon_rules::MAX_ACTIONS] {
    let mut scored: ActionList<(i32, u8, G::Action)> = moves
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let s = if tt_best == Some(i as u8) {
                i32::MAX
            } else {
                game.order_score(a)
            };
            (s, i as u8, a)
        })
        .collect();
    // Stable on ties so search stays deterministic.
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    let mut index = [0u8; talon_rules::MAX_ACTIONS];
    moves.clear();
    for (k, &(_, i, a)) in scored.iter().enumerate() {
        moves.push(a);
        index[k] = i;
    }
    index
}
