//! The sampler against real deals: every sample is a legal state the seat
//! cannot tell from the real one, never breaks a rule the history shows,
//! and over many samples every card reaches every place it could be.

use super::super::cards::beaters_in;
use super::super::{SixtySix, SixtySixOptions};
use crate::game::{ActionList, Game};
use crate::search::Determinize;
use crate::shuffle::{below, rng_from_seed};
use talon_cards::{CardSet, Seat};

/// The opponent's hand at each strict trick was its hand now plus what it
/// played since (nobody draws under strict rules); each answer must have
/// been legal with that hand. Checked independently of `opponent_forbidden`.
fn follows_were_legal(real: &SixtySix, sample: &SixtySix, seat: Seat) -> Result<(), String> {
    let obs = real.observe(seat);
    let opp = seat.opponent();
    let mut hand = sample.hand(opp);
    if let (Some(c), true) = (obs.lead_card, obs.leader == opp) {
        hand.insert(c);
    }
    let first = super::first_strict_trick(&obs);
    for (i, t) in obs.tricks.iter().enumerate().rev() {
        let opp_card = if t.leader == opp {
            t.cards[0]
        } else {
            t.cards[1]
        };
        hand.insert(opp_card);
        if i < first || t.leader == opp {
            continue;
        }
        let [lead, answer] = t.cards;
        let same = hand.suit(lead.suit_unchecked());
        let legal = if !same.is_empty() {
            let higher = beaters_in(same, lead);
            if higher.is_empty() {
                same
            } else {
                higher
            }
        } else if !hand.suit(obs.trump).is_empty() {
            hand.suit(obs.trump)
        } else {
            hand
        };
        if !legal.contains(answer) {
            return Err(format!(
                "trick {i}: {answer} to {lead} illegal with sampled hand {hand}"
            ));
        }
    }
    Ok(())
}

fn check_state(real: &SixtySix, seed: u64) {
    for seat in [Seat(0), Seat(1)] {
        let obs = real.observe(seat);
        let hidden = real.hidden_from(seat);
        let opp = seat.opponent();
        let mut in_opp = CardSet::EMPTY;
        let mut in_talon = CardSet::EMPTY;
        let mut rng = rng_from_seed(seed);
        for _ in 0..150 {
            let s = SixtySix::sample(&obs, &mut rng);
            s.check_conservation().unwrap();
            assert_eq!(s.observe(seat), obs, "observation differs");
            follows_were_legal(real, &s, seat).unwrap();
            // The opponent's unshown cards and the talon hold exactly the
            // hidden cards, redistributed.
            assert_eq!(s.hidden_from(seat), hidden);
            in_opp |= s.hand(opp);
            in_talon |= s.talon_cards().iter().copied().collect();
        }
        // Every hidden card was sampled where it really is (a sampler that
        // over-constrains would miss some).
        let real_opp = real.hand(opp) & hidden;
        let real_talon: CardSet = real.talon_cards().iter().copied().collect();
        assert!(
            real_opp.is_subset(in_opp),
            "never sampled {real_opp} in hand"
        );
        assert!(real_talon.is_subset(in_talon), "never in talon");
    }
}

fn random_walk(opts: SixtySixOptions, seed: u64) {
    let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    let mut legal = ActionList::new();
    let mut step = 0;
    while !g.is_over() {
        if step % 3 == 0 {
            check_state(&g, seed * 100 + step);
        }
        g.legal_actions(&mut legal);
        // Avoid declaring at once so deals run long and reach strict play.
        let choices: Vec<_> = legal
            .iter()
            .copied()
            .filter(|a| legal.len() == 1 || a.to_string() != "declare")
            .collect();
        let a = choices[below(&mut rng, choices.len() as u64) as usize];
        g.play_unchecked(a);
        step += 1;
    }
}

#[test]
fn samples_are_consistent_sixty_six() {
    for seed in 0..40 {
        random_walk(SixtySixOptions::SIXTY_SIX, seed);
    }
}

#[test]
fn samples_are_consistent_schnapsen() {
    for seed in 0..40 {
        random_walk(SixtySixOptions::SCHNAPSEN, seed);
        random_walk(SixtySixOptions::SCHNAPSEN_VU, seed + 1000);
    }
}

/// With nothing known, each hidden card lands in the opponent's hand about
/// as often as a uniform deal says.
#[test]
fn first_trick_sampling_is_uniform() {
    let g = SixtySix::from_seed(7, SixtySixOptions::SIXTY_SIX, Seat(0));
    let obs = g.observe(Seat(1));
    let hidden = g.hidden_from(Seat(1));
    let mut counts = [0u32; 64];
    let mut rng = rng_from_seed(1);
    let n = 20_000;
    for _ in 0..n {
        let s = SixtySix::sample(&obs, &mut rng);
        for c in s.hand(Seat(0)) {
            counts[c.index() as usize] += 1;
        }
    }
    // 6 of the 17 hidden cards: p = 6/17; 5 sigma is about 0.017.
    let p = 6.0 / hidden.len() as f64;
    for c in hidden {
        let f = f64::from(counts[c.index() as usize]) / n as f64;
        assert!((f - p).abs() < 0.02, "{c}: {f} vs {p}");
    }
}

#[test]
fn draws_ahead_until_the_talon_is_closed_or_gone() {
    let mut rng = rng_from_seed(3);
    let mut moves = ActionList::new();
    for seed in 0..200 {
        let mut g = SixtySix::from_seed(seed, SixtySixOptions::SIXTY_SIX, Seat(1));
        assert!(SixtySix::draws_ahead(&g.observe(Seat(0))));
        while let Some(seat) = g.to_move() {
            let obs = g.observe(seat);
            let open = g.trump_card().is_some() && obs.closed.is_none();
            assert_eq!(SixtySix::draws_ahead(&obs), open, "seed {seed}");
            g.legal_actions(&mut moves);
            let a = moves[below(&mut rng, moves.len() as u64) as usize];
            g.play(a).unwrap();
        }
    }
}
