//! Perfect recall in the Sixty-six family: a seat's observation holds its
//! whole history. From the observation alone (its hand, the tricks, the
//! events with the trick each came at, and the cards it drew) the test
//! rebuilds the seat's hand before every card it played and every
//! exchange it made, and checks them against the hands the game really
//! had then, at every step of many deals played with random moves.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use talon_cards::{Card, CardSet, Seat};
use talon_rules::sixty_six::{Action, Event, SixtySix, SixtySixObservation};
use talon_rules::{ActionList, Preset};

/// What the seat did, with its hand just before: a card played, or an
/// exchange (`None`).
type Moment = (Option<Card>, CardSet);

/// The seat's moments rebuilt from `obs` alone.
fn recalled(obs: &SixtySixObservation) -> Vec<Moment> {
    let me = obs.seat;
    let mine = |t: &talon_rules::sixty_six::TrickRecord| {
        if t.leader == me {
            t.cards[0]
        } else {
            t.cards[1]
        }
    };
    let exchanges = || {
        obs.events.iter().filter_map(move |e| match *e {
            Event::Exchange {
                seat,
                gave,
                took,
                trick,
            } if seat == me => Some((trick as usize, gave, took)),
            _ => None,
        })
    };
    // What the seat did at trick `k` (its card may be the one led now).
    let card_at = |k: usize| match obs.tricks.get(k) {
        Some(t) => Some(mine(t)),
        None => obs.lead_card.filter(|_| obs.leader == me),
    };
    // The hand dealt: the hand now with every draw, card and exchange
    // undone, latest first (a card given away can come back by a draw).
    let mut hand = obs.hand;
    for k in (0..=obs.tricks.len()).rev() {
        if let Some(&c) = obs.drawn.get(k) {
            hand.remove(c);
        }
        if let Some(c) = card_at(k) {
            hand.insert(c);
        }
        for (_, gave, took) in exchanges().filter(|&(t, ..)| t == k) {
            hand.insert(gave);
            hand.remove(took);
        }
    }
    // Then forward, trick by trick.
    let mut out = Vec::new();
    for k in 0..=obs.tricks.len() {
        for (_, gave, took) in exchanges().filter(|&(t, ..)| t == k) {
            out.push((None, hand));
            hand.remove(gave);
            hand.insert(took);
        }
        if let Some(c) = card_at(k) {
            out.push((Some(c), hand));
            hand.remove(c);
        }
        if let Some(&c) = obs.drawn.get(k) {
            hand.insert(c);
        }
    }
    assert_eq!(
        hand, obs.hand,
        "the rebuilt hand ends where the observation is"
    );
    out
}

/// A random legal move, declaring only with 66 (random declarations end
/// deals before anything happens).
fn random_move(game: &SixtySix, rng: &mut ChaCha8Rng) -> Action {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let seat = game.to_move().expect("a seat to move");
    if legal.contains(&Action::Declare) && game.points(seat) >= 66 {
        return Action::Declare;
    }
    let choices: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|&a| a != Action::Declare || legal.len() == 1)
        .collect();
    choices[rng.next_u64() as usize % choices.len()]
}

#[test]
fn a_seat_recalls_its_hand_before_every_move() {
    let mut checked = [0usize; 3]; // moments, exchanges, draws
    for preset in [Preset::SixtySix, Preset::Schnapsen, Preset::SchnapsenVu] {
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let dealer = Seat((seed % 2) as u8);
            let mut game = SixtySix::from_seed(seed, preset.sixty_six_defaults(), dealer);
            let mut moments: [Vec<Moment>; 2] = [Vec::new(), Vec::new()];
            loop {
                for seat in [Seat(0), Seat(1)] {
                    let obs = game.observation(seat);
                    assert_eq!(recalled(&obs), moments[seat.index()], "{preset:?} {seed}");
                    checked[2] += obs.drawn.len();
                }
                let Some(seat) = game.to_move() else { break };
                let action = random_move(&game, &mut rng);
                let hand = game.hand(seat);
                match action {
                    Action::Play(c) => moments[seat.index()].push((Some(c), hand)),
                    Action::Exchange => {
                        moments[seat.index()].push((None, hand));
                        checked[1] += 1;
                    }
                    _ => {}
                }
                checked[0] += 1;
                game.apply(action);
            }
        }
    }
    // Random play exchanges rarely (about one deal in twelve).
    assert!(
        checked[0] > 10_000 && checked[1] > 40 && checked[2] > 10_000,
        "{checked:?}"
    );
}

/// Events say where among the tricks they came.
#[test]
fn events_carry_the_trick_they_came_at() {
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let opts = Preset::SixtySix.sixty_six_defaults();
        let mut game = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        while game.to_move().is_some() {
            let before = game.history().len() as u8;
            let events = game.events().len();
            let action = random_move(&game, &mut rng);
            game.apply(action);
            if let Some(e) = game.events().get(events) {
                let trick = match *e {
                    Event::Meld { trick, .. }
                    | Event::Exchange { trick, .. }
                    | Event::Close { trick, .. } => trick,
                };
                assert_eq!(trick, before, "seed {seed}: {e:?}");
            }
        }
    }
}
