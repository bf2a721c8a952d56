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
    // One integer per move: the score above, then the generation index
    // inverted so that ties keep generation order (search stays
    // deterministic) and one descending sort of plain integers does it.
    let mut keys = [0i64; talon_rules::MAX_ACTIONS];
    let n = moves.len();
    for (i, (k, &a)) in keys.iter_mut().zip(moves.iter()).enumerate() {
        let s = if tt_best == Some(i as u8) {
            i32::MAX
        } else {
            game.order_score(a)
        };
        *k = i64::from(s) << 8 | (255 - i as i64);
    }
    keys[..n].sort_unstable_by(|x, y| y.cmp(x));
    let generated = moves.clone();
    let mut index = [0u8; talon_rules::MAX_ACTIONS];
    for (k, (&key, slot)) in keys[..n].iter().zip(moves.iter_mut()).enumerate() {
        let i = 255 - (key & 0xff) as usize;
        *slot = generated[i];
        index[k] = i as u8;
    }
    index
}
