//! What the search needs from North American Sixty-six beyond [`Game`]: a
//! position key and a playing policy for ISMCTS rollouts. With three or
//! four seats the exact two-player solver does not apply (leaves are
//! always rolled out), so the key only has to be a faithful hash.
//!
//! The playout policy looks only at the mover's hand and public facts
//! (trick, trumps, bids), like the heuristic bot: bid from the points of
//! the best trump suit, lead the marriage that fixes trumps, trumps from
//! the top once trumps are fixed, give points to a partner who is winning,
//! win a trick with the cheapest card that does, else throw the least.

use super::action::{Action, MOON};
use super::cards::{points, power, trick_winner};
use super::state::NaSixtySix;
use crate::search::{fmix, SolverGame};
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Rank, Suit};

/// Points a hand may make with `suit` as trumps (the heuristic's estimate).
pub fn estimate(hand: CardSet, suit: Suit) -> u16 {
    let trumps = hand.suit(suit);
    let mut pts: u16 = trumps.iter().map(points).sum::<u16>() + 4 * trumps.len() as u16;
    for s in Suit::ALL {
        let h = hand.suit(s);
        if h.contains(Card::new(s, Rank::King)) && h.contains(Card::new(s, Rank::Queen)) {
            pts += if s == suit { 40 } else { 20 };
        }
        if h.contains(Card::new(s, Rank::Ace)) {
            pts += 6;
        }
    }
    pts + 15
}

/// The suit with the best estimate, and the estimate.
pub fn best_suit(hand: CardSet) -> (Suit, u16) {
    Suit::ALL
        .iter()
        .map(|&s| (s, estimate(hand, s)))
        .max_by_key(|&(s, e)| (e, s))
        .expect("four suits")
}

impl SolverGame for NaSixtySix {
    fn value_range(&self) -> (i32, i32) {
        (-10, 10)
    }

    fn key(&self) -> u64 {
        let mut h = 0x6e61_3636u64;
        let mut mix = |x: u64| h = fmix(h ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
        for hand in &self.hands {
            mix(hand.0);
        }
        mix(self.widow.0 ^ (self.laid_away.0 << 1));
        for &(s, c) in &self.trick {
            mix(u64::from(s.0) << 8 | u64::from(c.index()));
        }
        mix(self.trump.map_or(9, |s| s.index() as u64));
        mix(u64::from(self.leader.0) | u64::from(self.high) << 8 | (self.bids.len() as u64) << 16);
        mix(self.phase as u64);
        for i in 0..self.card_points.len() {
            mix(u64::from(self.points(i)) | u64::from(self.tricks[i]) << 16);
        }
        h
    }

    fn order_score(&self, action: Action) -> i32 {
        self.playout_score(action)
    }

    fn playout_score(&self, action: Action) -> i32 {
        let Some(seat) = self.to_move() else {
            return 0;
        };
        let hand = self.hands[seat.index()];
        let order = self.opts.rank_order;
        match action {
            Action::Pass => 0,
            Action::Bid(n) => {
                let (_, est) = best_suit(hand);
                if n < MOON && u16::from(n) * 33 <= est {
                    // The lowest bid the hand supports.
                    10 - i32::from(n)
                } else {
                    -i32::from(n)
                }
            }
            Action::Discard(c) => -i32::from(points(c)) * 16 - power(c, order) as i32,
            Action::Marriage(c) => {
                let s = c.suit_unchecked();
                1000 + if Some(s) == self.trump { 100 } else { 0 } + i32::from(estimate(hand, s))
            }
            Action::Play(c) => {
                let s = c.suit_unchecked();
                let p = power(c, order) as i32;
                let Some(trump) = self.trump else {
                    // First lead without a marriage: top of the best suit.
                    let (best, _) = best_suit(hand);
                    return if s == best { 100 + p } else { p };
                };
                if self.trick.is_empty() {
                    return if s == trump { 100 + p } else { p };
                }
                let played: ArrayVec<Card, 4> = self.trick.iter().map(|t| t.1).collect();
                let w = trick_winner(&played, trump, order);
                let partner_winning = self.side(self.trick[w].0) == self.side(seat);
                if partner_winning {
                    return i32::from(points(c)) * 16 - p;
                }
                let mut t = played.clone();
                t.push(c);
                if trick_winner(&t, trump, order) == t.len() - 1 {
                    // Win as cheaply as possible.
                    500 - p
                } else {
                    -i32::from(points(c)) * 16 - if s == trump { 8 } else { 0 }
                }
            }
        }
    }
}
