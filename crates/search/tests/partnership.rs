//! The solver on a partnership game: Pedro's seats 0 and 2 maximise their
//! side's margin, seats 1 and 3 minimise it. Checked against plain
//! minimax over all four seats on the last tricks of seeded deals.

use talon_cards::Seat;
use talon_rules::pedro::{Pedro, PedroOptions, Phase};
use talon_rules::{ActionList, Game, SolverGame};
use talon_search::Solver;

/// Minimax with no table, ordering or bounds: the reference.
fn minimax(g: &Pedro) -> i32 {
    let Some(seat) = g.to_move() else {
        return g.solver_value().expect("over");
    };
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    let values = moves.iter().map(|&a| {
        let mut child = g.clone();
        child.play_unchecked(a);
        minimax(&child)
    });
    if g.maximises(seat) {
        values.max().expect("a move")
    } else {
        values.min().expect("a move")
    }
}

/// A seeded deal played by the playout policy until at most `cards` cards
/// are left in the hands; `None` if the deal ends (or is thrown in) first.
fn late_position(seed: u64, opts: PedroOptions, cards: usize) -> Option<Pedro> {
    let mut g = Pedro::from_seed(seed, opts, Seat(3));
    let mut moves = ActionList::new();
    loop {
        g.to_move()?;
        let left: usize = (0..4).map(|s| g.hand(Seat(s)).len()).sum();
        if g.phase() == Phase::Play && left <= cards {
            return Some(g);
        }
        g.legal_actions(&mut moves);
        // Vary the line by seed so the positions differ.
        let pick = if seed.is_multiple_of(3) {
            moves[(seed as usize) % moves.len()]
        } else {
            *moves.iter().max_by_key(|&&a| g.playout_score(a))?
        };
        g.play_unchecked(pick);
    }
}

#[test]
fn partnership_values_match_minimax() {
    let mut checked = 0;
    for (opts, cards) in [
        (PedroOptions::SIXTY_THREE, 10),
        (PedroOptions::PEDRO, 10),
        (PedroOptions::KING_PEDRO, 9),
        (PedroOptions::EIGHTY_THREE, 9),
    ] {
        let mut solver = Solver::<Pedro>::default();
        for seed in 0..40 {
            let Some(g) = late_position(seed, opts, cards) else {
                continue;
            };
            assert_eq!(solver.value(&g), minimax(&g), "seed {seed}");
            checked += 1;
        }
    }
    assert!(checked >= 80, "only {checked} positions reached");
}
