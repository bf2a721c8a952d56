//! `SolverGame::prune_hopeless` for the Sixty-six family: it removes
//! `declare` exactly where the mover has fewer than 66 points and touches
//! nothing else.

use talon_cards::Seat;
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::{ActionList, Game, Preset, SolverGame};

#[test]
fn only_a_declaration_without_66_is_pruned() {
    let mut seen = [0u32; 2]; // declarations pruned, kept
    for preset in [Preset::SixtySix, Preset::Schnapsen] {
        for seed in 0..200 {
            let dealer = Seat((seed % 2) as u8);
            let mut game = SixtySix::from_seed(seed, preset.sixty_six_defaults(), dealer);
            while let Some(seat) = game.to_move() {
                let mut legal = ActionList::new();
                game.legal_actions(&mut legal);
                let mut pruned = legal.clone();
                game.prune_hopeless(&mut pruned);
                let hopeless = legal.contains(&Action::Declare) && game.points(seat) < 66;
                let expected: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|&a| !(hopeless && a == Action::Declare))
                    .collect();
                assert_eq!(pruned.as_slice(), expected.as_slice(), "{preset:?} {seed}");
                if legal.contains(&Action::Declare) {
                    seen[usize::from(!hopeless)] += 1;
                }
                // The playout policy declares at 66 and plays on below it.
                let a = *legal
                    .iter()
                    .max_by_key(|&&a| game.playout_score(a))
                    .expect("a legal move");
                game.play_unchecked(a);
            }
        }
    }
    assert!(seen[0] > 100 && seen[1] > 50, "{seen:?}");
}
