//! Checks every game must pass, shared by the test suites of all families
//! (OpenSpiel-style generic tests). Each function plays or inspects a game
//! through the [`Game`] interface only and reports the first violation.

use crate::game::{ActionList, Game, Observation, UNEXPLAINED};
use crate::shuffle::below;
use rand_core::RngCore;
use talon_cards::Seat;

/// Checks one state: legal list and `is_legal` agree on every probe action,
/// illegal probes are refused by `play` with a reason and the state unchanged, and no
/// seat's observation names a card hidden from it.
pub fn check_state<G: Game + PartialEq>(game: &G, probes: &[G::Action]) -> Result<(), String> {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    match game.to_move() {
        Some(seat) if legal.is_empty() => {
            return Err(format!("seat {seat} to move with no legal action"))
        }
        None if !legal.is_empty() => return Err("legal actions after the game is over".into()),
        None if game.returns().is_none() => return Err("game over without returns".into()),
        _ => {}
    }
    for (i, a) in legal.iter().enumerate() {
        if legal[..i].contains(a) {
            return Err(format!("{a} generated twice"));
        }
        if !game.is_legal(*a) {
            return Err(format!("{a} generated but is_legal says no"));
        }
    }
    for &a in probes {
        if legal.contains(&a) {
            continue;
        }
        if game.is_legal(a) {
            return Err(format!("{a} is_legal but not generated"));
        }
        let mut copy = game.clone();
        match copy.play(a) {
            Ok(()) => return Err(format!("illegal {a} was accepted")),
            Err(e) if e.reason == UNEXPLAINED || e.reason.is_empty() => {
                return Err(format!("illegal {a} was refused without a reason"))
            }
            Err(_) => {}
        }
        if copy != *game {
            return Err(format!("refused {a} changed the state"));
        }
    }
    check_privacy(game)
}

/// No observation mentions a card hidden from its seat; the public one
/// mentions no card hidden from any seat, and only cards every seat's
/// observation mentions too.
pub fn check_privacy<G: Game>(game: &G) -> Result<(), String> {
    let public = game.observe_public().mentioned_cards();
    for s in 0..game.seats() {
        let seat = Seat(s);
        let obs = game.observe(seat);
        if obs.seat() != seat {
            return Err(format!("observation for seat {s} says seat {}", obs.seat()));
        }
        let leak = obs.mentioned_cards() & game.hidden_from(seat);
        if !leak.is_empty() {
            return Err(format!("seat {s} can see hidden cards {leak}"));
        }
        let leak = public & game.hidden_from(seat);
        if !leak.is_empty() {
            return Err(format!(
                "the public observation shows {leak}, hidden from seat {s}"
            ));
        }
        let unknown = public - obs.mentioned_cards();
        if !unknown.is_empty() {
            return Err(format!(
                "the public observation shows {unknown}, which seat {s}'s does not"
            ));
        }
    }
    Ok(())
}

/// Picks uniformly among the legal actions.
pub fn random_action<G: Game, R: RngCore + ?Sized>(game: &G, rng: &mut R) -> Option<G::Action> {
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    if legal.is_empty() {
        None
    } else {
        Some(legal[below(rng, legal.len() as u64) as usize])
    }
}

/// Plays uniformly random legal actions to the end; see [`playout`].
pub fn random_playout<G, R>(
    game: &mut G,
    rng: &mut R,
    probes: &[G::Action],
    invariant: impl Fn(&G) -> Result<(), String>,
) -> Result<usize, String>
where
    G: Game + PartialEq,
    R: RngCore + ?Sized,
{
    playout(game, rng, probes, invariant, random_action)
}

/// Plays actions chosen by `policy` to the end through the checked `play`,
/// checking `invariant` after every action and the full [`check_state`]
/// when `probes` is non-empty, else the privacy check. A policy that
/// returns an illegal action is reported. Returns the number of actions.
pub fn playout<G, R>(
    game: &mut G,
    rng: &mut R,
    probes: &[G::Action],
    invariant: impl Fn(&G) -> Result<(), String>,
    mut policy: impl FnMut(&G, &mut R) -> Option<G::Action>,
) -> Result<usize, String>
where
    G: Game + PartialEq,
    R: RngCore + ?Sized,
{
    let mut steps = 0;
    loop {
        invariant(game)?;
        if !probes.is_empty() {
            check_state(game, probes)?;
        } else {
            check_privacy(game)?;
        }
        let Some(action) = policy(game, rng) else {
            if game.returns().is_none() {
                return Err("no legal action but no result".into());
            }
            return Ok(steps);
        };
        game.play(action)
            .map_err(|e| format!("legal action refused: {e}"))?;
        steps += 1;
        if steps > 10_000 {
            return Err("game did not end within 10,000 actions".into());
        }
    }
}
