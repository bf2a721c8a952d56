//! The solver hooks of North American Sixty-six.

use super::{NaOptions, NaSixtySix};
use crate::search::SolverGame;
use talon_cards::Seat;

/// A solver's table outlives a deal, so the score sheet (which can make a
/// deal decide the game) is part of the position key.
#[test]
fn the_score_sheet_is_part_of_the_solver_key() {
    let g = NaSixtySix::from_seed(5, NaOptions::FOUR_HANDS, Seat(0));
    let sheet = |a, b| super::NaSheet {
        scores: [a, b, 0],
        carry: 0,
    };
    let keys = [
        g.key(),
        g.clone().with_sheet(sheet(0, 0)).key(),
        g.clone().with_sheet(sheet(5, 0)).key(),
        g.clone().with_sheet(sheet(0, 5)).key(),
    ];
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "sheets {i} and {j}");
        }
    }
}
