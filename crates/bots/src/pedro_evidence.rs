//! Bids as evidence. The auction says something about the hands that
//! made it: a seat that bid holds a hand worth about its bid, a seat that
//! passed one worth less than the lowest bid it could have made. Each
//! sample for the bidding simulations is the best of a few draws: the one
//! that misses what the auction said by least, judged by the heuristic's
//! hand estimate with some slack (other bidders do not bid exactly like
//! the heuristic, and a high bid may fit almost no random hand).
//!
//! Only while the hands are still as dealt (auction and trump naming):
//! afterwards the reduction changes them, and the face-up record says more.

use crate::pedro::estimate;
use rand_core::RngCore;
use talon_cards::{Seat, Suit};
use talon_rules::pedro::{Event, Pedro, PedroObservation, PedroOptions, Phase};
use talon_rules::Determinize;

/// Draws per sample, at most.
const TRIES: u32 = 8;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Bound {
    /// The hand was worth at least this much (it bid).
    AtLeast(f64),
    /// The hand was worth less than this (it passed).
    Below(f64),
}

/// What the auction so far says about the other seats' dealt hands.
pub(crate) struct BidEvidence {
    options: PedroOptions,
    bounds: Vec<(Seat, Bound)>,
}

impl BidEvidence {
    pub(crate) fn new(obs: &PedroObservation) -> BidEvidence {
        let o = obs.options;
        let mut bounds = Vec::new();
        if matches!(obs.phase, Phase::Auction | Phase::Trump) {
            let slack = f64::from(o.total_points()) / 8.0;
            let mut high = 0u8;
            for e in &obs.events {
                match *e {
                    Event::Bid { seat, bid } => {
                        if seat != obs.seat {
                            bounds.push((seat, Bound::AtLeast(f64::from(bid) - slack)));
                        }
                        high = high.max(bid);
                    }
                    Event::Pass { seat } if seat != obs.seat => {
                        let lowest = o.min_bid.max(high.saturating_add(1));
                        bounds.push((seat, Bound::Below(f64::from(lowest) + slack)));
                    }
                    _ => {}
                }
            }
        }
        BidEvidence { options: o, bounds }
    }

    /// How far `world`'s hands miss what the auction said, in estimated
    /// points (0: they fit).
    pub(crate) fn miss(&self, world: &Pedro) -> f64 {
        self.bounds
            .iter()
            .map(|&(seat, bound)| {
                let hand = world.hand(seat);
                let worth = Suit::ALL
                    .iter()
                    .map(|&s| estimate(hand, s, &self.options))
                    .fold(0.0, f64::max);
                match bound {
                    Bound::AtLeast(v) => (v - worth).max(0.0),
                    Bound::Below(v) => (worth - v).max(0.0),
                }
            })
            .sum()
    }

    /// A world sampled from `obs`: the first of up to [`TRIES`] draws that
    /// fits the auction, else the one that misses it by least.
    pub(crate) fn sample<R: RngCore + ?Sized>(&self, obs: &PedroObservation, rng: &mut R) -> Pedro {
        let mut best = Pedro::sample(obs, rng);
        if self.bounds.is_empty() {
            return best;
        }
        let mut best_miss = self.miss(&best);
        for _ in 1..TRIES {
            if best_miss == 0.0 {
                break;
            }
            let world = Pedro::sample(obs, rng);
            let miss = self.miss(&world);
            if miss < best_miss {
                best = world;
                best_miss = miss;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::pedro::Action;
    use talon_rules::shuffle::rng_from_seed;
    use talon_rules::Game;

    /// Mean best-suit estimate of `seat`'s sampled hands.
    fn mean_worth(obs: &PedroObservation, seat: Seat, with_evidence: bool) -> f64 {
        let evidence = BidEvidence::new(obs);
        let mut rng = rng_from_seed(11);
        let n = 300;
        let total: f64 = (0..n)
            .map(|_| {
                let w = if with_evidence {
                    evidence.sample(obs, &mut rng)
                } else {
                    Pedro::sample(obs, &mut rng)
                };
                Suit::ALL
                    .iter()
                    .map(|&s| estimate(w.hand(seat), s, &obs.options))
                    .fold(0.0, f64::max)
            })
            .sum();
        total / f64::from(n)
    }

    #[test]
    fn a_high_bid_means_a_strong_hand_and_a_pass_a_weaker_one() {
        let o = PedroOptions::SIXTY_THREE;
        let mut g = Pedro::from_seed(4, o, Seat(3));
        // Seat 0 bids high, seat 1 passes; seat 2 is to bid.
        g.play(Action::Bid(55)).unwrap();
        g.play(Action::Pass).unwrap();
        let obs = g.observation(Seat(2));
        let evidence = BidEvidence::new(&obs);
        assert_eq!(evidence.bounds.len(), 2);
        let bidder = (
            mean_worth(&obs, Seat(0), false),
            mean_worth(&obs, Seat(0), true),
        );
        let passer = (
            mean_worth(&obs, Seat(1), false),
            mean_worth(&obs, Seat(1), true),
        );
        assert!(bidder.1 > bidder.0 + 5.0, "bidder {bidder:?}");
        assert!(passer.1 <= passer.0 + 0.5, "passer {passer:?}");
    }

    #[test]
    fn no_evidence_after_the_hands_change() {
        let o = PedroOptions::SIXTY_THREE;
        let mut g = Pedro::from_seed(4, o, Seat(3));
        g.play(Action::Bid(45)).unwrap();
        while g.phase() == Phase::Auction {
            g.play(Action::Pass).unwrap();
        }
        let seat = g.to_move().unwrap();
        let suit = Suit::ALL[0];
        g.play(Action::Trump(suit)).unwrap();
        let obs = g.observation(seat);
        assert!(BidEvidence::new(&obs).bounds.is_empty());
    }
}
