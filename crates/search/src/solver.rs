//! Exact alpha-beta solver for two-sided zero-sum perfect-information
//! play, in the style of DDS: the core search only answers "can the
//! maximising side (`SolverGame::maximises`) reach at least `t`?" (a
//! null-window search), and the exact value comes
//! from narrowing `t` over the game's value range: first at a guess (a
//! playout's value), then by bisection. Small
//! value ranges (Sixty-six: −3..3 game points) make that a few searches,
//! each far cheaper than one wide-window search, and every answer leaves a
//! bound in the transposition table that later searches reuse.

use crate::ordering::{generate, order, History};
use crate::playout::guess_value;
use crate::tt::Table;
use arrayvec::ArrayVec;
use std::marker::PhantomData;
use talon_cards::Seat;
use talon_rules::{ActionList, SolverGame};

/// Nodes with at most this many moves build each child once.
const KEEP_CHILDREN: usize = 12;

/// Positions of the game's own endgame search (`SolverGame::exact_nodes`)
/// counted as one solver node: about what one costs against a node of
/// the solver's own (each of which builds, bounds and keys its children),
/// so that node budgets keep measuring work.
const EXACT_NODES_PER_NODE: u64 = 16;

/// Default table size: 2^16 entries of 16 bytes (1 MB). Larger tables
/// save nodes but lose more time to cache misses (measured on Schnapsen).
pub const DEFAULT_TT_BITS: u32 = 16;

/// The least attainable value from `v` up, or `hi`.
fn attainable_up<G: SolverGame>(game: &G, mut v: i32, hi: i32) -> i32 {
    while v < hi && !game.attainable(v) {
        v += 1;
    }
    v
}

/// The greatest attainable value from `v` down, or `lo`.
fn attainable_down<G: SolverGame>(game: &G, mut v: i32, lo: i32) -> i32 {
    while v > lo && !game.attainable(v) {
        v -= 1;
    }
    v
}

/// The first question's target for a guess `g` of the maximising side's
/// value: "at least `g + 1 + lift`?" when that side wins the guess, "at
/// least `g - lift`?" (the minimising side does not win by more than
/// `-g + lift`) when the other does. Either way: does the guess's winner
/// win by `lift` + 1 more than the guess?
fn first_target(g: i32, lift: i32) -> i32 {
    match g.signum() {
        1 => g + 1 + lift,
        -1 => g - lift,
        _ => g,
    }
}

/// Plays moves while there is only one (after merging): such a position
/// has its successor's value, so searching it separately (a third of all
/// positions in Schnapsen endgames, where following suit is forced) would
/// only cost time.
fn play_forced<G: SolverGame>(game: &mut G) {
    let mut moves = ActionList::new();
    loop {
        generate(game, &mut moves);
        match moves.as_slice() {
            [only] => game.play_unchecked(*only),
            _ => return,
        }
    }
}

/// An exact solver with its transposition table. Reuse one solver across
/// positions of the same game and rules: table entries stay valid.
pub struct Solver<G: SolverGame> {
    tt: Table,
    nodes: u64,
    /// Abort when `nodes` passes this (see [`Solver::value_within`]).
    limit: u64,
    /// `G::exact_nodes()` when last counted into `nodes`, and the
    /// positions counted there but not yet worth a node.
    exact_seen: u64,
    exact_carry: u64,
    aborted: bool,
    /// Move ordering's history heuristic, for the question being answered.
    history: History,
    /// Depth of the node being searched below the question's root (the
    /// root searches at 1).
    depth: usize,
    /// The targets `narrow` asked, in order (for tests).
    #[cfg(test)]
    asked: Vec<i32>,
    _game: PhantomData<fn() -> G>,
}

impl<G: SolverGame> Default for Solver<G> {
    fn default() -> Self {
        Solver::new(DEFAULT_TT_BITS)
    }
}

impl<G: SolverGame> Solver<G> {
    /// A solver with a table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32) -> Solver<G> {
        Solver {
            tt: Table::new(tt_bits),
            nodes: 0,
            limit: u64::MAX,
            exact_seen: 0,
            exact_carry: 0,
            aborted: false,
            history: History::new(),
            depth: 0,
            #[cfg(test)]
            asked: Vec::new(),
            _game: PhantomData,
        }
    }

    /// Forgets the table (for fair measurements, or when the rules change).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Positions visited since the solver was made, the game's own
    /// endgame positions included at `EXACT_NODES_PER_NODE` a node.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Adds the game's endgame positions since the last count, and gives
    /// up (see [`Solver::value_within`]) once they pass the budget.
    fn count_exact(&mut self) {
        let seen = G::exact_nodes();
        // The counter is per thread and a solver may move between calls:
        // each public entry first syncs (`start_question`), so this never
        // goes back, but saturate anyway.
        self.exact_carry += seen.saturating_sub(self.exact_seen);
        self.exact_seen = seen;
        self.nodes += self.exact_carry / EXACT_NODES_PER_NODE;
        self.exact_carry %= EXACT_NODES_PER_NODE;
        if self.nodes > self.limit {
            self.aborted = true;
        }
    }

    /// Starts answering a new question: counts endgame positions from
    /// this thread's counter, and forgets the history heuristic's counts
    /// (learnt for another position; the table's entries stay true).
    fn start_question(&mut self) {
        self.exact_seen = G::exact_nodes();
        self.history.clear();
        // Back at the root even if a search was unwound by a panic.
        self.depth = 0;
    }

    /// The exact value of `game` for the maximising side under best play
    /// by both sides.
    pub fn value(&mut self, game: &G) -> i32 {
        self.start_question();
        let v = self.narrow(game);
        self.count_exact();
        v
    }

    fn narrow(&mut self, game: &G) -> i32 {
        if let Some(v) = game.solver_value() {
            return v;
        }
        let (mut lo, mut hi) = game.value_bounds();
        if lo < hi {
            if let Some(v) = game.exact_value() {
                return v;
            }
        }
        if let Some(b) = self.tt.probe(game.key()) {
            lo = lo.max(b.lo);
            hi = hi.min(b.hi);
        }
        // Only attainable values are candidates; the true value always is.
        lo = attainable_up(game, lo, hi);
        hi = attainable_down(game, hi, lo);
        if lo >= hi {
            return lo;
        }
        // Where the game asks for it, the first two questions decide
        // between two margins for the winner of a guess (the rest played
        // out by the playout policy, looking `guess_depth` plies ahead):
        // the guess's own margin plus `guess_lift`, and one more. The first
        // asks "does the winner win by the larger?", the second asks one
        // value up after a yes, one down after a no. A right guess is thus
        // proved by those two, the dear questions at and just above the
        // true value, which must be asked anyway. Then bisect (walking on
        // one value at a time cost more on the hardest deals). With one
        // question left ("at least hi?") a guess cannot help, so none is
        // made.
        let one_left = attainable_up(game, lo + 1, hi) >= hi;
        let mut guess = if game.guess_by_playout() && !one_left {
            guess_value(game, game.guess_depth()).map(|g| first_target(g, game.guess_lift()))
        } else {
            None
        };
        let mut beside_guess = None;
        while lo < hi && !self.aborted {
            let guessed = guess.is_some();
            // Rounding up makes `t` always > lo, so each step narrows.
            let next = guess
                .take()
                .or(beside_guess.take())
                .unwrap_or(lo + (hi - lo + 1) / 2);
            let t = attainable_up(game, next.clamp(lo + 1, hi), hi);
            #[cfg(test)]
            self.asked.push(t);
            if self.at_least_counted(game, t) {
                lo = t;
                beside_guess = guessed.then_some(t + 1);
            } else {
                hi = attainable_down(game, t - 1, lo);
                beside_guess = guessed.then_some(hi);
            }
        }
        lo
    }

    /// Like [`Solver::value`], but gives up (returning `None`) once
    /// `max_nodes` more positions have been visited, the game's endgame
    /// positions counted as in [`Solver::nodes`]. The game's own endgame
    /// searches are never interrupted: the solver gives up right after the
    /// one that passes the budget. Bounds proven before giving up stay in
    /// the table, so a later attempt starts further on.
    pub fn value_within(&mut self, game: &G, max_nodes: u64) -> Option<i32> {
        self.limit = self.nodes.saturating_add(max_nodes);
        let v = self.value(game);
        self.limit = u64::MAX;
        let aborted = std::mem::take(&mut self.aborted);
        (!aborted).then_some(v)
    }

    /// The exact value of `game` for `seat` (zero-sum: the minimising side
    /// gets minus).
    pub fn value_for(&mut self, game: &G, seat: Seat) -> i32 {
        let v = self.value(game);
        if game.maximises(seat) {
            v
        } else {
            -v
        }
    }

    /// The value of each legal action for the seat to move, in legal order.
    pub fn action_values(&mut self, game: &G) -> Vec<(G::Action, i32)> {
        // No budget: nothing to give up on.
        self.action_values_within(game, u64::MAX)
            .unwrap_or_default()
    }

    /// Like [`Solver::action_values`], but gives up (returning `None`)
    /// once `max_nodes` more positions have been visited over all the
    /// actions, counted as in [`Solver::value_within`].
    pub fn action_values_within(
        &mut self,
        game: &G,
        max_nodes: u64,
    ) -> Option<Vec<(G::Action, i32)>> {
        let Some(seat) = game.to_move() else {
            return Some(Vec::new());
        };
        let end = self.nodes.saturating_add(max_nodes);
        let mut legal = ActionList::new();
        game.legal_actions(&mut legal);
        legal
            .iter()
            .map(|&a| {
                let mut child = game.clone();
                child.play_unchecked(a);
                let v = self.value_within(&child, end.saturating_sub(self.nodes))?;
                Some((a, if child.maximises(seat) { v } else { -v }))
            })
            .collect()
    }

    /// What is known about `child` at target `t` without searching it, and
    /// its key when that is nothing (so the search below need not redo it).
    fn settled(&mut self, child: &G, t: i32) -> Result<bool, u64> {
        self.settled_statically(child, t)
            .or_else(|key| self.settled_by_table(key, t))
    }

    /// [`Solver::settled`] without the table: the game's own bounds, or
    /// the key (its table bucket is prefetched for the probe to come).
    fn settled_statically(&mut self, child: &G, t: i32) -> Result<bool, u64> {
        if let Some(v) = child.solver_value() {
            return Ok(v >= t);
        }
        let (lo, hi) = child.value_bounds();
        if lo >= t {
            return Ok(true);
        }
        if hi < t {
            return Ok(false);
        }
        if let Some(reached) = child.exact_at_least(t) {
            self.count_exact();
            return Ok(reached);
        }
        let key = child.key();
        self.tt.prefetch(key);
        Err(key)
    }

    /// What the table says about the position with `key` at target `t`.
    fn settled_by_table(&self, key: u64, t: i32) -> Result<bool, u64> {
        match self.tt.probe(key) {
            Some(b) if b.lo >= t => Ok(true),
            Some(b) if b.hi < t => Ok(false),
            _ => Err(key),
        }
    }

    /// Records that the mover settled the node at `t` its way with
    /// `action`, the `best`-th move in generation order.
    #[allow(clippy::too_many_arguments)]
    fn store_cut(
        &mut self,
        game: &G,
        key: u64,
        t: i32,
        maximise: bool,
        action: G::Action,
        best: u8,
        start: u64,
        range: (i32, i32),
    ) {
        if let Some(slot) = game.history_slot(action) {
            // The node itself is counted, so its work is at least 1.
            self.history.reward(self.depth, slot, self.nodes - start);
        }
        let best = Some(best);
        let (lo, hi) = if maximise {
            (t, range.1)
        } else {
            (range.0, t - 1)
        };
        self.store(game, key, (lo, hi), best, start, range);
    }

    /// Stores `lo ≤ value ≤ hi` for `game`, narrowed to values it can
    /// still end with: a tie ruled out here turns "at least 0" into "at
    /// least 1", so the search for the next target finds it settled.
    fn store(
        &mut self,
        game: &G,
        key: u64,
        (lo, hi): (i32, i32),
        best: Option<u8>,
        start: u64,
        range: (i32, i32),
    ) {
        let lo = attainable_up(game, lo.max(range.0), hi.min(range.1));
        let hi = attainable_down(game, hi.min(range.1), lo);
        self.tt.store(key, lo, hi, best, self.nodes - start, range);
    }

    /// Null-window search: can the maximising side force a final value of
    /// at least `t`?
    pub fn at_least(&mut self, game: &G, t: i32) -> bool {
        self.start_question();
        let reached = self.at_least_counted(game, t);
        self.count_exact();
        reached
    }

    fn at_least_counted(&mut self, game: &G, t: i32) -> bool {
        match self.settled(game, t) {
            Ok(reached) => {
                self.nodes += 1;
                reached
            }
            Err(key) => self.search(game, key, t),
        }
    }

    /// [`Solver::at_least`] for a position that is not over and that
    /// neither the game's bounds nor (when the parent looked) the table
    /// settle at `t`; `key` is its key.
    fn search(&mut self, game: &G, key: u64, t: i32) -> bool {
        self.depth += 1;
        let reached = self.search_node(game, key, t);
        self.depth -= 1;
        reached
    }

    /// [`Solver::search`] at `self.depth`.
    fn search_node(&mut self, game: &G, key: u64, t: i32) -> bool {
        let start = self.nodes;
        self.nodes += 1;
        if self.nodes > self.limit {
            self.aborted = true;
        }
        if self.aborted {
            return false; // meaningless; callers check `aborted` and store nothing
        }
        let Some(seat) = game.to_move() else {
            return game.solver_value().unwrap_or(0) >= t;
        };
        // Probed again: searches of earlier siblings may have settled it.
        let mut hint = None;
        if let Some(b) = self.tt.probe(key) {
            if b.lo >= t {
                return true;
            }
            if b.hi < t {
                return false;
            }
            hint = b.best;
        }
        let range = game.value_range();
        let mut moves = ActionList::new();
        generate(game, &mut moves);
        let index = order(game, &mut moves, hint, &self.history, self.depth);
        let maximise = game.maximises(seat);
        // Enhanced transposition cutoff: a child the table (or the game's
        // static bounds) already settles in the mover's favour answers the
        // question without searching. Children are kept for the main loop
        // when few, so each is built once.
        let keep = moves.len() <= KEEP_CHILDREN;
        let mut children: ArrayVec<(G, Result<bool, u64>), KEEP_CHILDREN> = ArrayVec::new();
        if keep {
            // Static bounds first, while the children's table buckets load;
            // then the table, in search order.
            for (k, &a) in moves.iter().enumerate() {
                let mut child = game.clone();
                child.play_unchecked(a);
                play_forced(&mut child);
                let settled = self.settled_statically(&child, t);
                if self.aborted {
                    return false;
                }
                if settled == Ok(maximise) {
                    self.store_cut(game, key, t, maximise, moves[k], index[k], start, range);
                    return maximise;
                }
                children.push((child, settled));
            }
            for k in 0..children.len() {
                if let Err(child_key) = children[k].1 {
                    children[k].1 = self.settled_by_table(child_key, t);
                    if children[k].1 == Ok(maximise) {
                        self.store_cut(game, key, t, maximise, moves[k], index[k], start, range);
                        return maximise;
                    }
                }
            }
        } else {
            for (k, &a) in moves.iter().enumerate() {
                let mut child = game.clone();
                child.play_unchecked(a);
                play_forced(&mut child);
                let settled = self.settled(&child, t);
                if self.aborted {
                    return false;
                }
                if settled == Ok(maximise) {
                    self.store_cut(game, key, t, maximise, moves[k], index[k], start, range);
                    return maximise;
                }
            }
        }
        for (k, &a) in moves.iter().enumerate() {
            let reached = if keep {
                match children[k].1 {
                    Ok(_) => continue, // settled against the mover: no better here
                    Err(child_key) => self.search(&children[k].0, child_key, t),
                }
            } else {
                let mut child = game.clone();
                child.play_unchecked(a);
                play_forced(&mut child);
                self.at_least_counted(&child, t)
            };
            if self.aborted {
                return false;
            }
            // The mover found a move that settles the question its way.
            if reached == maximise {
                self.store_cut(game, key, t, maximise, moves[k], index[k], start, range);
                return reached;
            }
        }
        let bounds = if maximise {
            (range.0, t - 1)
        } else {
            (t, range.1)
        };
        self.store(game, key, bounds, None, start, range);
        !maximise
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::sixty_six::{SixtySix, SixtySixOptions};
    use talon_rules::{ActionList, Game};

    #[test]
    fn the_first_question_follows_the_guess_and_the_second_is_beside_it() {
        let mut guessed = 0;
        let mut beside = 0;
        for seed in 0..40 {
            for opts in [SixtySixOptions::SIXTY_SIX, SixtySixOptions::SCHNAPSEN] {
                let mut game = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
                // Two tricks in: whole Sixty-six deals are slow in debug builds.
                for _ in 0..4 {
                    let mut moves = ActionList::new();
                    game.legal_actions(&mut moves);
                    game.play_unchecked(crate::playout::policy_move(&game, &moves));
                }
                let guess = guess_value(&game, game.guess_depth()).expect("a deal has a value");
                let guess = first_target(guess, game.guess_lift());
                let mut solver = Solver::default();
                let value = solver.value(&game);
                let Some(&first) = solver.asked.first() else {
                    continue; // settled without a question
                };
                // The bounds `narrow` starts from (a fresh table adds none).
                let (lo, hi) = game.value_bounds();
                let lo = attainable_up(&game, lo, hi);
                let hi = attainable_down(&game, hi, lo);
                let expected = attainable_up(&game, guess.clamp(lo + 1, hi), hi);
                assert_eq!(first, expected, "seed {seed}");
                let middle = attainable_up(&game, lo + (hi - lo + 1) / 2, hi);
                guessed += usize::from(expected != middle);
                // The second question is the next value on the side the
                // first answer showed, where one is left to ask.
                if let Some(&second) = solver.asked.get(1) {
                    let expected = if value >= first {
                        attainable_up(&game, first + 1, hi)
                    } else {
                        attainable_down(&game, first - 1, lo)
                    };
                    assert_eq!(second, expected, "seed {seed}: asked {:?}", solver.asked);
                    beside += 1;
                }
            }
        }
        // Often the guess is not where bisection would have asked first,
        // and often a second question is needed.
        assert!(guessed >= 10, "{guessed}");
        assert!(beside >= 10, "{beside}");
    }

    /// The first question asks the same of either side's guessed win:
    /// "at least m + 1?" for the maximiser is "not a win by m + 1" for the
    /// minimiser, which is "at least -m?".
    #[test]
    fn the_first_question_asks_whether_the_winner_wins_by_more() {
        for lift in 0..3 {
            for g in 1..4 {
                assert_eq!(first_target(g, lift), g + 1 + lift);
                assert_eq!(first_target(-g, lift), 1 - first_target(g, lift));
            }
            assert_eq!(first_target(0, lift), 0);
        }
    }

    /// The guess's alpha-beta gives the plain minimax value of the
    /// playouts at its depth.
    #[test]
    fn the_deeper_guess_is_the_minimax_of_the_playouts() {
        fn minimax(game: &SixtySix, depth: u32) -> i32 {
            let Some(seat) = game.to_move() else {
                return game.solver_value().unwrap();
            };
            if depth == 0 {
                return crate::playout::playout_value(game).unwrap();
            }
            let mut moves = ActionList::new();
            game.legal_actions(&mut moves);
            let depth = if moves.len() == 1 { depth } else { depth - 1 };
            let values = moves.iter().map(|&a| {
                let mut child = game.clone();
                child.play_unchecked(a);
                minimax(&child, depth)
            });
            if game.maximises(seat) {
                values.max().unwrap()
            } else {
                values.min().unwrap()
            }
        }
        for seed in 0..30 {
            for opts in [SixtySixOptions::SIXTY_SIX, SixtySixOptions::SCHNAPSEN] {
                let mut game = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
                // Some random moves in (a declaration may end the deal).
                for _ in 0..seed % 7 {
                    let mut moves = ActionList::new();
                    game.legal_actions(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    game.play_unchecked(moves[seed as usize % moves.len()]);
                }
                for depth in 0..4 {
                    let guess = guess_value(&game, depth);
                    assert_eq!(
                        guess,
                        Some(minimax(&game, depth)),
                        "seed {seed}, depth {depth}"
                    );
                }
            }
        }
    }

    #[test]
    fn settled_nodes_feed_the_history_where_the_game_has_slots() {
        let mut solver = Solver::default();
        let sixty_six = SixtySix::from_seed(2, SixtySixOptions::SIXTY_SIX, Seat(0));
        solver.value(&sixty_six);
        assert!(!solver.history.is_empty());
        let mut schnapsen = Solver::default();
        let deal = SixtySix::from_seed(2, SixtySixOptions::SCHNAPSEN, Seat(0));
        schnapsen.value(&deal);
        assert!(schnapsen.history.is_empty());
        // The next question starts afresh.
        solver.start_question();
        assert!(solver.history.is_empty());
    }
}
