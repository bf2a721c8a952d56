//! What the search needs from North American Sixty-six beyond [`Game`]: a
//! position key, a playing policy for ISMCTS rollouts, and the two camps
//! the exact solver needs: one side (see [`NaSixtySix::solved_for`])
//! against the rest, valued by that side's score.
//!
//! The playout policy looks only at the mover's hand and public facts
//! (trick, trumps, bids), like the heuristic bot: bid from the points of
//! the best trump suit, lead the marriage that fixes trumps, trumps from
//! the top once trumps are fixed, give points to a partner who is winning,
//! win a trick with the cheapest card that does, else throw the least.

use super::action::{Action, MOON};
use super::cards::{points, power, trick_winner};
use super::matchplay::NaMatch;
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

impl NaSixtySix {
    /// What a game won is worth in [`NaSixtySix::stake`]: more than any
    /// deal's ticks, 2 × (target + 5).
    fn decided(&self) -> i32 {
        2 * (i32::from(self.opts.target) + i32::from(MOON))
    }

    /// What the finished deal is worth to `side`: its ticks (game points in
    /// `sixty-six-4`); but in a game (the deal carries the score sheet), a
    /// deal that decides the game, by the rules' own sheet, is worth a win
    /// or a loss that outweighs any deal's ticks. `None` before the end.
    pub fn stake(&self, side: usize) -> Option<i32> {
        let result = self.result()?;
        let ticks = i32::from(*result.score.get(side)?);
        let Some(sheet) = self.sheet else {
            return Some(ticks);
        };
        let mut game = NaMatch::resume(self.opts, self.dealer, &sheet);
        game.record(result);
        let decided = game.winner().map(|s| s == side);
        Some(crate::target::stake(ticks, decided, self.decided()))
    }
}

impl SolverGame for NaSixtySix {
    fn value_range(&self) -> (i32, i32) {
        let d = self.decided();
        (-d, d)
    }

    fn maximises(&self, seat: talon_cards::Seat) -> bool {
        self.side(seat) == usize::from(self.coalition)
    }

    /// The solved side's stake in the finished deal (see
    /// [`NaSixtySix::stake`]).
    fn solver_value(&self) -> Option<i32> {
        self.stake(usize::from(self.coalition))
    }

    /// A deal's ticks, or a game won or lost.
    fn attainable(&self, value: i32) -> bool {
        value.abs() <= i32::from(MOON) * 2 || value.abs() == self.decided()
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
        mix(self.phase as u64 | u64::from(self.coalition) << 8);
        mix(self.bidder.map_or(9, |s| u64::from(s.0)) | self.out.map_or(9, |s| u64::from(s.0)) << 8);
        // The stake depends on the score sheet (a deal may decide the game),
        // and a solver's table outlives a deal.
        if let Some(sheet) = &self.sheet {
            for &score in &sheet.scores {
                mix(u64::from(score as u32) | 1 << 40);
            }
            mix(u64::from(sheet.carry as u32) | u64::from(self.dealer.0) << 32);
        }
        for i in 0..self.card_points.len() {
            // Marriages count once the side takes a trick, so pending ones
            // are part of the position too.
            let married: u16 = self
                .marriages
                .iter()
                .filter(|m| self.side(m.seat) == i)
                .map(|m| m.points)
                .sum();
            mix(u64::from(self.card_points[i] + self.bonus[i])
                | u64::from(married) << 16
                | u64::from(self.tricks[i]) << 32);
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
