//! Dealing hidden cards into places (hands, a widow, leftovers) where each
//! place may only take some of them — the common core of the samplers of
//! games with several hidden hands.

use crate::shuffle::{below, shuffle};
use arrayvec::ArrayVec;
use rand_core::RngCore;
use talon_cards::{Card, CardSet};

/// One place to fill: how many cards it needs and which it may take.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    pub need: usize,
    pub allowed: CardSet,
}

/// Deals every card of `pool` to the places, each card to a place that
/// allows it, each place getting exactly `need` cards. Cards are taken
/// most-constrained first (random order among equals) and each goes to an
/// allowing place with probability proportional to its free room, which is
/// exactly uniform when nothing is constrained and close to it otherwise.
/// `None` when this attempt dead-ended (the caller retries).
pub(crate) fn deal_once<R: RngCore + ?Sized>(
    pool: CardSet,
    places: &[Place],
    rng: &mut R,
) -> Option<ArrayVec<CardSet, 8>> {
    let mut room: ArrayVec<usize, 8> = places.iter().map(|p| p.need).collect();
    let mut out: ArrayVec<CardSet, 8> = places.iter().map(|_| CardSet::EMPTY).collect();
    let mut cards: ArrayVec<(usize, Card), 52> = pool
        .iter()
        .map(|c| (places.iter().filter(|p| p.allowed.contains(c)).count(), c))
        .collect();
    shuffle(&mut cards, rng);
    cards.sort_by_key(|&(k, _)| k); // stable: random among equals
    for &(_, c) in &cards {
        let total: usize = places
            .iter()
            .zip(&room)
            .filter(|(p, _)| p.allowed.contains(c))
            .map(|(_, r)| *r)
            .sum();
        if total == 0 {
            return None;
        }
        let mut pick = below(rng, total as u64) as usize;
        for (i, p) in places.iter().enumerate() {
            if !p.allowed.contains(c) {
                continue;
            }
            if pick < room[i] {
                room[i] -= 1;
                out[i].insert(c);
                break;
            }
            pick -= room[i];
        }
    }
    room.iter().all(|&r| r == 0).then_some(out)
}
