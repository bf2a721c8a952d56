//! Move ordering: the table's best move first, then the game's hint
//! plus what the history heuristic learnt.
//!
//! Alpha-beta with null windows cuts off after the first move that
//! answers the question, so trying likely-best moves first is most of
//! the speed.

use talon_rules::{ActionList, SolverGame};

/// History counters per search depth and action slot
/// (`SolverGame::history_slot`).
pub const HISTORY_SLOTS: usize = 64;

/// Depths with counters of their own; deeper nodes share the last.
pub const HISTORY_DEPTHS: usize = 64;

/// A counter adds `count >> HISTORY_SHIFT` to the game's hint. Counters
/// grow by the work (solver nodes) below each node a move settled, so a
/// move must have settled about 256 nodes' worth before it outranks a
/// hint one point higher. Tuned on whole-deal Sixty-six solves
/// (`solve_stats`): 8 to 10 were alike, 11 weaker
/// (docs/strength/solver-rounds.md, sixth round).
const HISTORY_SHIFT: u32 = 8;

/// The history heuristic: per depth, per action slot, the work of the
/// nodes that a move in that slot settled. Moves that refute one line
/// tend to refute its neighbours (in card games: the same card at the
/// same point of the deal), so they are tried earlier there.
pub struct History {
    counts: Box<[[u64; HISTORY_SLOTS]; HISTORY_DEPTHS]>,
    /// Rows below this are all zero, so clearing a history that learnt
    /// little (or nothing: a game without slots) costs little.
    touched: usize,
}

impl History {
    pub fn new() -> History {
        History {
            counts: Box::new([[0; HISTORY_SLOTS]; HISTORY_DEPTHS]),
            touched: 0,
        }
    }

    pub fn clear(&mut self) {
        self.counts[..self.touched]
            .iter_mut()
            .for_each(|c| c.fill(0));
        self.touched = 0;
    }

    /// No move has settled a node since the last `clear`.
    pub fn is_empty(&self) -> bool {
        self.touched == 0
    }

    fn row(depth: usize) -> usize {
        depth.min(HISTORY_DEPTHS - 1)
    }

    /// Records that `slot` settled a node at `depth` worth `work` nodes.
    pub fn reward(&mut self, depth: usize, slot: usize, work: u64) {
        let row = History::row(depth);
        self.touched = self.touched.max(row + 1);
        let c = &mut self.counts[row][slot % HISTORY_SLOTS];
        *c = c.saturating_add(work);
    }

    /// The bonus to the hint of a move in `slot` at `depth`; small enough
    /// that the hint plus it stays below the table move's `i32::MAX`.
    fn bonus(&self, depth: usize, slot: usize) -> i32 {
        let c = self.counts[History::row(depth)][slot % HISTORY_SLOTS];
        (c >> HISTORY_SHIFT).min(1 << 28) as i32
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// Legal moves of `game` after equivalent ones are merged, in generation
/// order. TT best-move indices refer to this order.
pub fn generate<G: SolverGame>(game: &G, out: &mut ActionList<G::Action>) {
    game.legal_actions(out);
    game.merge_equivalent(out);
}

/// Reorders `moves` (in generation order) for search and returns, for
/// each position of the new order, the move's index in generation order.
/// `tt_best` (a generation index) comes first; the rest go by the game's
/// hint plus `history`'s bonus at `depth`.
pub fn order<G: SolverGame>(
    game: &G,
    moves: &mut ActionList<G::Action>,
    tt_best: Option<u8>,
    history: &History,
    depth: usize,
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
            // Hints are small (the Sixty-six family's stay within ±1000).
            let bonus = game
                .history_slot(a)
                .map_or(0, |slot| history.bonus(depth, slot));
            game.order_score(a).saturating_add(bonus).min(i32::MAX - 1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use talon_cards::Seat;
    use talon_rules::sixty_six::{Action, SixtySix, SixtySixOptions};

    /// The moves of `game` in search order at `depth`.
    fn ordered(game: &SixtySix, history: &History, depth: usize) -> Vec<Action> {
        let mut moves = ActionList::new();
        generate(game, &mut moves);
        order(game, &mut moves, None, history, depth);
        moves.to_vec()
    }

    fn slot(game: &SixtySix, a: Action) -> Option<usize> {
        SolverGame::history_slot(game, a)
    }

    #[test]
    fn a_move_that_settled_nodes_is_tried_earlier_at_its_depth_only() {
        let game = SixtySix::from_seed(3, SixtySixOptions::SIXTY_SIX, Seat(0));
        let mut history = History::new();
        let plain = ordered(&game, &history, 2);
        assert!(plain.len() > 2, "{plain:?}");
        // The move the hint tries last, rewarded at depth 2.
        let last = plain[plain.len() - 1];
        history.reward(2, slot(&game, last).expect("a slot"), 1 << 20);
        let rewarded = ordered(&game, &history, 2);
        assert_eq!(rewarded[0], last);
        assert_eq!(rewarded[1..], plain[..plain.len() - 1]);
        // Other depths keep the hint's order, and so does a cleared history.
        assert_eq!(ordered(&game, &history, 3), plain);
        history.clear();
        assert_eq!(ordered(&game, &history, 2), plain);
    }

    #[test]
    fn schnapsen_keeps_the_hints_order() {
        // Its moves have no slots (measured: no time saved).
        let game = SixtySix::from_seed(3, SixtySixOptions::SCHNAPSEN, Seat(0));
        let plain = ordered(&game, &History::new(), 2);
        assert!(plain.len() > 2, "{plain:?}");
        assert!(plain.iter().all(|&a| slot(&game, a).is_none()));
        // Even a history full of counts for every slot changes nothing.
        let mut history = History::new();
        for s in 0..HISTORY_SLOTS {
            history.reward(2, s, (s as u64 + 1) << 20);
        }
        assert_eq!(ordered(&game, &history, 2), plain);
    }

    #[test]
    fn a_huge_count_still_ranks_first_but_after_the_table_move() {
        let game = SixtySix::from_seed(5, SixtySixOptions::SIXTY_SIX, Seat(1));
        let plain = ordered(&game, &History::new(), 0);
        let last = plain[plain.len() - 1];
        let mut history = History::new();
        // 2^40 >> 8 is 2^32, which would wrap to 0 as an i32 uncapped.
        history.reward(0, slot(&game, last).expect("a slot"), 1 << 40);
        assert_eq!(ordered(&game, &history, 0)[0], last);
        let mut moves = ActionList::new();
        generate(&game, &mut moves);
        let table_move = moves.iter().position(|&a| a == plain[0]).expect("legal");
        let index = order(&game, &mut moves, Some(table_move as u8), &history, 0);
        assert_eq!(index[0] as usize, table_move);
        assert_eq!(moves[0], plain[0]);
    }
}
