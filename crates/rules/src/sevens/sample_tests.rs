//! The sampler against real deals (three to six players): the observer's
//! observation of a sample equals the real one, the pack is conserved,
//! shown voids hold and play continues legally.

use super::sample::voids;
use super::{Sevens, SevensOptions};
use crate::game::{ActionList, Game};
use crate::search::Determinize;
use crate::shuffle::{below, rng_from_seed, SeededRng};
use talon_cards::Seat;

fn random_move(g: &Sevens, rng: &mut SeededRng) -> super::Action {
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    moves[below(rng, moves.len() as u64) as usize]
}

#[test]
fn samples_agree_with_observations() {
    let mut rng = rng_from_seed(11);
    for players in 3..=6u8 {
        for ace_wild in [true, false] {
            let opts = SevensOptions {
                players,
                ace_wild,
                ..SevensOptions::DEFAULT
            };
            for seed in 0..8 {
                let mut real = Sevens::from_seed(seed, opts, Seat(seed as u8 % players));
                while !real.is_over() {
                    let seat = real.to_move().unwrap();
                    for s in [seat, Seat((seat.0 + 1) % players)] {
                        let obs = real.observe(s);
                        let v = voids(&obs);
                        let sample = Sevens::sample(&obs, &mut rng);
                        assert_eq!(sample.observe(s), obs);
                        sample.check_conservation().unwrap();
                        for (o, void) in v.iter().enumerate().take(players as usize) {
                            assert!((sample.hand(Seat(o as u8)) & *void).is_empty());
                        }
                        let mut g = sample;
                        while !g.is_over() {
                            let a = random_move(&g, &mut rng);
                            g.play(a).unwrap();
                        }
                    }
                    let a = random_move(&real, &mut rng);
                    real.play(a).unwrap();
                }
            }
        }
    }
}

/// The leftovers are hidden from everyone: any unseen card may be there.
#[test]
fn leftover_takes_hidden_cards() {
    let opts = SevensOptions {
        players: 5,
        ..SevensOptions::DEFAULT
    };
    let real = Sevens::from_seed(2, opts, Seat(0));
    let obs = real.observe(Seat(1));
    let mut rng = rng_from_seed(3);
    let mut in_leftover = 0;
    for _ in 0..500 {
        let s = Sevens::sample(&obs, &mut rng);
        in_leftover += s.leftover.len();
        assert_eq!(s.hand(Seat(1)), real.hand(Seat(1)));
    }
    assert_eq!(in_leftover, 500 * (52 - 5 * opts.hand_size()));
}
