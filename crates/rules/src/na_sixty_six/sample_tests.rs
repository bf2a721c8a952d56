//! The sampler against real deals: every sample is a legal state the seat
//! cannot tell from the real one, conserves the pack, places no card where
//! the play shows it cannot be, and play continues legally from it.

use super::sample::forbidden;
use super::{NaOptions, NaSixtySix};
use crate::game::{ActionList, Game};
use crate::search::{Determinize, SolverGame};
use crate::shuffle::{below, rng_from_seed};
use talon_cards::Seat;

fn random_move(g: &NaSixtySix, rng: &mut crate::shuffle::SeededRng) -> super::Action {
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    moves[below(rng, moves.len() as u64) as usize]
}

fn check_preset(opts: NaOptions, deals: u64) {
    let mut rng = rng_from_seed(7);
    let mut checked = 0;
    for seed in 0..deals {
        let mut real = NaSixtySix::from_seed(seed, opts, Seat((seed % 4) as u8 % opts.players));
        while !real.is_over() {
            for s in 0..opts.players {
                let seat = Seat(s);
                let obs = real.observe(seat);
                let forb = forbidden(&obs, true);
                for _ in 0..3 {
                    let sample = NaSixtySix::sample(&obs, &mut rng);
                    assert_eq!(sample.observe(seat), obs, "seed {seed} seat {s}");
                    sample.check_conservation().unwrap();
                    // The exact solver plays the world for the observer's side.
                    for o in 0..opts.players {
                        let ally = sample.side(Seat(o)) == sample.side(seat);
                        assert_eq!(sample.maximises(Seat(o)), ally, "seed {seed}");
                    }
                    for o in 0..opts.players {
                        let h = sample.hand(Seat(o));
                        assert!(
                            (h & forb[o as usize]).is_empty(),
                            "seed {seed}: impossible card"
                        );
                        // The real hand never breaks an inference either.
                        assert!((real.hand(Seat(o)) & forb[o as usize]).is_empty());
                    }
                    // A widow taker (another seat) may have laid away the
                    // partner of a marriage it led before the exchange
                    // (in the first trick); later ones it holds.
                    let exchanged = opts.widow == super::Widow::Exchange;
                    let first_lead = obs.history.first().map(|t| t.cards[0]);
                    for m in &obs.marriages {
                        let before_exchange = first_lead
                            .is_some_and(|(s, c)| s == m.seat && c.suit_unchecked() == m.suit);
                        if exchanged
                            && obs.widow_taker == Some(m.seat)
                            && m.seat != seat
                            && before_exchange
                        {
                            continue;
                        }
                        for c in [
                            talon_cards::Card::new(m.suit, talon_cards::Rank::King),
                            talon_cards::Card::new(m.suit, talon_cards::Rank::Queen),
                        ] {
                            if real.hand(m.seat).contains(c) {
                                assert!(sample.hand(m.seat).contains(c), "marriage partner moved");
                            }
                        }
                    }
                    // Play continues legally to the end.
                    let mut g = sample.clone();
                    while !g.is_over() {
                        let a = random_move(&g, &mut rng);
                        g.play(a).unwrap();
                    }
                    checked += 1;
                }
            }
            let a = random_move(&real, &mut rng);
            real.play(a).unwrap();
        }
    }
    assert!(checked > 100);
}

#[test]
fn samples_agree_four_hands() {
    check_preset(NaOptions::FOUR_HANDS, 40);
}

#[test]
fn samples_agree_three_hands() {
    check_preset(NaOptions::THREE_HANDS, 40);
}

#[test]
fn samples_agree_hoyle_four() {
    check_preset(NaOptions::HOYLE_FOUR, 20);
}

#[test]
fn samples_agree_exchange_widow() {
    let opts = NaOptions {
        widow: super::Widow::Exchange,
        ..NaOptions::THREE_HANDS
    };
    check_preset(opts, 20);
}

#[test]
fn samples_agree_exchange_widow_shown() {
    let opts = NaOptions {
        widow: super::Widow::Exchange,
        widow_shown: true,
        ..NaOptions::THREE_HANDS
    };
    check_preset(opts, 20);
}

/// The widow's taker laid away the partner of the marriage it announced
/// (seat 0: QS+, then KS laid away): other seats' samples let it be laid
/// away (they once kept it in the taker's hand, found no world, and
/// looped for ever); with the widow shown to all, samples hold that widow.
#[test]
fn a_marriage_partner_laid_away_and_a_shown_widow_are_sampled_as_they_are() {
    use crate::game::Game;
    let deal = "2/9H JH KH JS QS KS AS/JC QC 9D TD QD TH 9S/9C TC KC AC JD AH TS/KD AD QH";
    let actions = "bid 4,pass,pass,QS+,9S,TS,discard KS,discard AS,discard JS,QH,TH,AH,JD,AD,TD,KD,9D,KC,9H,QC,9C,KH,QD,AC,JH";
    for shown in [false, true] {
        let opts = NaOptions {
            widow: super::Widow::Exchange,
            widow_shown: shown,
            ..NaOptions::THREE_HANDS
        };
        let mut real =
            NaSixtySix::new(&super::deal::Deal::parse_for(deal, &opts).unwrap(), opts).unwrap();
        let mut rng = rng_from_seed(5);
        for text in actions.split(',') {
            let a = real.parse_action(text).unwrap();
            real.play(a).unwrap();
            if real.is_over() {
                break;
            }
            for s in 0..3 {
                let obs = real.observe(Seat(s));
                for _ in 0..5 {
                    let sample = NaSixtySix::sample(&obs, &mut rng);
                    assert_eq!(
                        sample.observe(Seat(s)),
                        obs,
                        "after {text}, seat {s}, shown {shown}"
                    );
                }
            }
        }
    }
}

/// Only an exchanged widow still to be taken up counts as cards to come.
#[test]
fn draws_ahead_until_an_exchanged_widow_is_taken() {
    for (widow, ahead) in [
        (super::Widow::Points, false),
        (super::Widow::Exchange, true),
    ] {
        let opts = NaOptions {
            widow,
            ..NaOptions::THREE_HANDS
        };
        let mut rng = rng_from_seed(2);
        let mut g = NaSixtySix::from_seed(4, opts, Seat(0));
        while g.history().is_empty() && !g.is_over() {
            let seat = g.to_move().expect("a mover");
            assert_eq!(NaSixtySix::draws_ahead(&g.observe(seat)), ahead);
            let a = random_move(&g, &mut rng);
            g.play(a).unwrap();
        }
        if let Some(seat) = g.to_move() {
            assert!(!NaSixtySix::draws_ahead(&g.observe(seat)));
        }
    }
    assert!(!NaSixtySix::draws_ahead(
        &NaSixtySix::from_seed(4, NaOptions::FOUR_HANDS, Seat(0)).observe(Seat(1))
    ));
}

/// Over many samples a hidden card reaches every place it may be.
#[test]
fn hidden_cards_spread_over_places() {
    let real = NaSixtySix::from_seed(3, NaOptions::FOUR_HANDS, Seat(0));
    let obs = real.observe(Seat(1));
    let mut rng = rng_from_seed(1);
    let mut holders = [[0u32; 4]; 64];
    for _ in 0..2000 {
        let s = NaSixtySix::sample(&obs, &mut rng);
        for seat in 0..4 {
            for c in s.hand(Seat(seat)).iter() {
                holders[c.index() as usize][seat as usize] += 1;
            }
        }
    }
    for c in real.hidden_from(Seat(1)).iter() {
        let h = holders[c.index() as usize];
        assert_eq!(h[1], 0);
        for seat in [0, 2, 3] {
            // Uniform would give ~667 each.
            assert!(h[seat] > 500 && h[seat] < 850, "{c}: {h:?}");
        }
    }
}
