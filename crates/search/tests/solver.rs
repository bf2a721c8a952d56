//! The solver against plain full-width minimax (no table, no pruning, no
//! ordering) on many positions of every Sixty-six-family preset.

mod common;

use common::random_line;
use talon_cards::Seat;
use talon_rules::sixty_six::{SixtySix, SixtySixOptions};
use talon_rules::{ActionList, Game};
use talon_search::Solver;

fn minimax<G: Game>(g: &G) -> i32 {
    let Some(seat) = g.to_move() else {
        return g.returns().expect("over")[0];
    };
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    let values = moves.iter().map(|&a| {
        let mut c = g.clone();
        c.play_unchecked(a);
        minimax(&c)
    });
    if seat.0 == 0 {
        values.max().expect("a move")
    } else {
        values.min().expect("a move")
    }
}

/// Cards that can still be played (hands, and an open talon with its trump card).
fn cards_left(g: &SixtySix) -> usize {
    let hands = g.hand(Seat(0)).len() + g.hand(Seat(1)).len();
    if g.closure().is_some() {
        return hands; // the talon is frozen
    }
    hands + g.talon_remaining() + usize::from(g.trump_card().is_some())
}

/// Automatic declaring with closing allowed (no preset has both): where a
/// closer's opponent reaching 66 scores the failed close's penalty.
const VU_WITH_CLOSING: SixtySixOptions = SixtySixOptions {
    closing: true,
    ..SixtySixOptions::SCHNAPSEN_VU
};

/// Random moves until at most `left` cards remain, or the deal ends.
fn position(opts: SixtySixOptions, seed: u64, left: usize) -> SixtySix {
    random_line(opts, seed, 0xabc, |g| cards_left(g) > left)
}

fn agree(opts: SixtySixOptions, left: usize, deals: u64) {
    let mut solver = Solver::default();
    let mut checked = 0;
    for seed in 0..deals {
        let g = position(opts, seed, left);
        if g.is_over() {
            continue;
        }
        let exact = minimax(&g);
        assert_eq!(solver.value(&g), exact, "seed {seed}: {g:?}");
        // A fresh table must give the same answer as a shared one.
        assert_eq!(Solver::new(10).value(&g), exact, "seed {seed}, small table");
        // The value is the best child value for the mover.
        let seat = g.to_move().expect("not over");
        let best = solver
            .action_values(&g)
            .iter()
            .map(|&(_, v)| v)
            .max()
            .expect("moves");
        assert_eq!(best, solver.value_for(&g, seat), "seed {seed}: children");
        checked += 1;
    }
    assert!(checked >= deals / 2, "only {checked} positions checked");
}

#[test]
fn late_positions_sixty_six() {
    agree(SixtySixOptions::SIXTY_SIX, 8, 300);
}

#[test]
fn late_positions_schnapsen() {
    agree(SixtySixOptions::SCHNAPSEN, 8, 300);
    agree(SixtySixOptions::SCHNAPSEN_VU, 8, 300);
}

#[test]
fn middle_positions_with_talon() {
    agree(SixtySixOptions::SCHNAPSEN, 12, 100);
    agree(SixtySixOptions::SIXTY_SIX, 12, 60);
}

/// The Sixty-six family's `value_bounds` (static bounds) and
/// `exact_value` (small strict endgames, solved with those bounds) against
/// plain minimax at every position with the talon closed or exhausted
/// and at most 4 cards a hand along many random lines. Random lines rarely
/// declare, which reaches the corners (a seat at 66 that did not
/// declare) where a bound once claimed too much.
#[test]
fn bounds_hold_in_small_strict_endgames() {
    use talon_rules::SolverGame;
    for opts in [
        SixtySixOptions::SIXTY_SIX,
        SixtySixOptions::SCHNAPSEN,
        SixtySixOptions::SCHNAPSEN_VU,
        VU_WITH_CLOSING,
    ] {
        let lines = if cfg!(debug_assertions) { 40 } else { 20_000 };
        let mut checked = 0;
        for seed in 0..lines {
            random_line(opts, seed / 4, seed, |g| {
                let strict = g.closure().is_some() || g.trump_card().is_none();
                let most = g.hand(Seat(0)).len().max(g.hand(Seat(1)).len());
                if strict && most <= 4 {
                    let (lo, hi) = g.value_bounds();
                    let exact = minimax(g);
                    assert!(lo <= exact && exact <= hi, "{lo}..{hi} vs {exact}: {g:?}");
                    assert_eq!(g.exact_value(), Some(exact), "{g:?}");
                    for t in -4..=4 {
                        assert_eq!(g.exact_at_least(t), Some(exact >= t), "{t}: {g:?}");
                    }
                    checked += 1;
                }
                true
            });
        }
        assert!(checked >= lines, "only {checked} positions checked");
    }
}

/// `exact_at_least` answers the solver's questions in every strict
/// endgame, full hands included (`exact_value` stops at 4 cards a hand),
/// checked against plain minimax at every target; and the static bounds
/// hold there too (a closer's bound counts the opponent's quick tricks).
#[test]
fn null_window_endgames_hold_with_full_hands() {
    use talon_rules::SolverGame;
    for opts in [
        SixtySixOptions::SIXTY_SIX,
        SixtySixOptions::SCHNAPSEN,
        SixtySixOptions::SCHNAPSEN_VU,
        VU_WITH_CLOSING,
    ] {
        let lines = if cfg!(debug_assertions) { 4 } else { 300 };
        let mut checked = 0;
        for seed in 0..lines {
            random_line(opts, seed, seed ^ 0x5eed, |g| {
                let strict = g.closure().is_some() || g.trump_card().is_none();
                let most = g.hand(Seat(0)).len().max(g.hand(Seat(1)).len());
                if strict && (5..=6).contains(&most) {
                    assert_eq!(g.exact_value(), None, "exact values stop at 4 cards");
                    let exact = minimax(g);
                    let (lo, hi) = g.value_bounds();
                    assert!(lo <= exact && exact <= hi, "{lo}..{hi} vs {exact}: {g:?}");
                    for t in -4..=4 {
                        assert_eq!(g.exact_at_least(t), Some(exact >= t), "{t}: {g:?}");
                    }
                    checked += 1;
                }
                true
            });
        }
        assert!(checked >= lines / 2, "only {checked} positions checked");
    }
}

/// Work done by the game's own endgame search counts towards the
/// solver's node budgets: a closed endgame of full hands, which that
/// search settles alone, costs nodes; a budget below them gives up, and
/// one that covers them does not.
#[test]
fn endgame_work_counts_towards_budgets() {
    use talon_rules::sixty_six::{clear_endgame_table, endgame_nodes};
    let deals = if cfg!(debug_assertions) { 16 } else { 40 };
    let (mut closed, mut gave_up) = (0, 0);
    for seed in 0..deals {
        let g = random_line(SixtySixOptions::SIXTY_SIX, seed, 7, |g| {
            g.closure().is_none() || g.hand(Seat(0)).len() < 6
        });
        if g.is_over() || g.closure().is_none() || g.hand(Seat(0)).len() != 6 {
            continue;
        }
        closed += 1;
        // Cold tables, so that each solve does the same work.
        clear_endgame_table();
        let mut solver = Solver::default();
        let before = endgame_nodes();
        let v = solver.value(&g);
        let work = endgame_nodes() - before;
        let nodes = solver.nodes();
        assert!(
            nodes >= work / 16,
            "seed {seed}: {nodes} nodes for {work} endgame positions"
        );
        assert_eq!(v, minimax(&g), "seed {seed}");
        clear_endgame_table();
        assert_eq!(
            Solver::default().value_within(&g, nodes),
            Some(v),
            "seed {seed}"
        );
        if nodes > 1 {
            clear_endgame_table();
            assert_eq!(
                Solver::default().value_within(&g, nodes / 2),
                None,
                "seed {seed}"
            );
            gave_up += 1;
        }
    }
    assert!(closed >= deals / 8, "only {closed} closed deals");
    assert!(gave_up >= 1, "no budget was tested");
}

/// Action values within a budget are the unbudgeted ones when the budget
/// covers the work, and nothing at all when it does not.
#[test]
fn action_values_within_a_budget() {
    use talon_rules::sixty_six::clear_endgame_table;
    let mut gave_up = 0;
    for seed in 0..8 {
        let g = position(SixtySixOptions::SCHNAPSEN, seed, 8);
        // Cold tables, so that each solve does the same work.
        clear_endgame_table();
        let mut solver = Solver::default();
        let before = solver.nodes();
        let all = solver.action_values(&g);
        let work = solver.nodes() - before;
        assert!(!all.is_empty(), "seed {seed}");
        clear_endgame_table();
        assert_eq!(
            Solver::default().action_values_within(&g, work),
            Some(all),
            "seed {seed}"
        );
        if work > 1 {
            clear_endgame_table();
            assert_eq!(Solver::default().action_values_within(&g, work / 2), None);
            gave_up += 1;
        }
    }
    assert!(gave_up >= 1, "no budget was tested");
}
