//! `SolverGame::history_slot` for the Sixty-six family: in the 24-card
//! game every move has a slot of its own (moves sharing a slot would share
//! the solver's history counters), and Schnapsen has none.

use talon_cards::{Seat, Suit};
use talon_rules::sixty_six::{deck_for, Action, SixtySix};
use talon_rules::{Preset, SolverGame};

fn every_move(hand_size: u8) -> Vec<Action> {
    let mut moves: Vec<Action> = deck_for(hand_size)
        .cards()
        .iter()
        .map(Action::Play)
        .collect();
    moves.extend(Suit::ALL.map(Action::Meld));
    moves.extend([
        Action::Exchange,
        Action::Close,
        Action::Draw,
        Action::Declare,
    ]);
    moves
}

#[test]
fn each_sixty_six_move_has_a_slot_of_its_own() {
    let opts = Preset::SixtySix.sixty_six_defaults();
    let game = SixtySix::from_seed(1, opts, Seat(0));
    let moves = every_move(opts.hand_size);
    assert_eq!(moves.len(), 32);
    let mut slots: Vec<usize> = moves
        .iter()
        .map(|&a| game.history_slot(a).expect("a slot"))
        .collect();
    assert!(slots.iter().all(|&s| s < 64), "{slots:?}");
    slots.sort_unstable();
    slots.dedup();
    assert_eq!(slots.len(), moves.len(), "two moves share a slot");
}

#[test]
fn schnapsen_moves_have_no_slot() {
    for preset in [Preset::Schnapsen, Preset::SchnapsenVu] {
        let opts = preset.sixty_six_defaults();
        let game = SixtySix::from_seed(1, opts, Seat(0));
        for a in every_move(opts.hand_size) {
            assert_eq!(game.history_slot(a), None, "{preset:?} {a}");
        }
    }
}
