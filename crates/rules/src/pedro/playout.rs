//! What the game-generic search needs from the Pedro family: a playing
//! policy for simulations (ISMCTS rollouts, bidding simulations), a
//! position key and each seat's utility (its side's margin).
//!
//! The exact solver and PIMC of `talon-search` are two-player (seat 0
//! maximises, seat 1 minimises) and do not apply to four seats in
//! partnerships; only ISMCTS uses this implementation, with leaf solving
//! off. `value_range` and `key` are still correct for team 0's margin.

use super::action::Action;
use super::cards::trick_winner;
use super::options::NoTrumpTrick;
use super::state::{team, Pedro, Phase};
use crate::game::Returns;
use crate::search::{fmix, SolverGame};
use arrayvec::ArrayVec;
use talon_cards::{Card, Seat, Suit};

impl Pedro {
    /// Rough points `suit` is worth to the trump named by the seat to act:
    /// the values and the length of its trumps.
    fn trump_score(&self, suit: Suit) -> i32 {
        let info = super::cards::TrumpInfo::new(suit, &self.opts);
        let mine = self.hands[self.to_act.index()] & info.trumps;
        let pts: i32 = mine.iter().map(|c| i32::from(info.value(c))).sum();
        let high: i32 = mine.iter().map(|c| i32::from(info.strength(c))).sum();
        4 * pts + 3 * high + 20 * mine.len() as i32
    }

    /// Shedding order in the reduction: plain cards first, low first.
    fn shed_score(&self, card: Card) -> i32 {
        let info = self.info();
        let trump = i32::from(info.is_trump(card));
        -(trump * 1000 + i32::from(info.value(card)) * 20 + i32::from(info.strength(card)))
    }

    fn play_score(&self, card: Card) -> i32 {
        let info = self.info();
        let me = self.to_act;
        let value = i32::from(info.value(card));
        let strength = i32::from(info.strength(card));
        let trump = i32::from(info.is_trump(card));
        let cheap = -(value * 1000 + trump * 200 + strength);
        if self.trick.is_empty() {
            let bidding = self.bidder.map(team) == Some(team(me));
            return if bidding {
                // Draw trumps from the top.
                trump * 1000 + strength
            } else {
                cheap
            };
        }
        let leader_wins = self.opts.no_trump_trick == NoTrumpTrick::Leader;
        let mut cards: ArrayVec<Card, 33> = self.trick.iter().map(|&(_, c)| c).collect();
        let w = trick_winner(info, &cards, leader_wins);
        let partner_winning = team(self.trick[w].0) == team(me);
        if partner_winning {
            // Save points onto the partner's trick.
            return value * 200 - strength;
        }
        cards.push(card);
        if trick_winner(info, &cards, leader_wins) == cards.len() - 1 {
            // The cheapest winner, more so when the trick holds points.
            return 10_000 - strength;
        }
        cheap
    }
}

impl SolverGame for Pedro {
    fn value_range(&self) -> (i32, i32) {
        let t = i32::from(self.opts.total_points());
        let f = i32::from(self.opts.double_factor).max(1);
        (-2 * f * t, 2 * f * t)
    }

    /// Partnerships: seats 0 and 2 against 1 and 3.
    fn maximises(&self, seat: Seat) -> bool {
        seat.index().is_multiple_of(2)
    }

    /// Seats 0 and 2's margin, as in [`SolverGame::utility`].
    fn solver_value(&self) -> Option<i32> {
        let r = self.result()?;
        Some(r.score[0] - r.score[1])
    }

    fn key(&self) -> u64 {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        // The contract: a solver's table outlives one deal.
        let suit = self.trump.as_ref().map_or(9, |t| t.suit.index() as u64);
        let bidder = self.bidder.map_or(9, |s| u64::from(s.0));
        h = fmix(h ^ (suit | bidder << 8 | u64::from(self.high_bid) << 16));
        for hand in self.hands {
            h = fmix(h ^ hand.0);
        }
        for &(s, c) in &self.trick {
            h = fmix(h ^ (u64::from(s.0) << 8 | u64::from(c.index())));
        }
        h = fmix(h ^ u64::from(self.stock_next));
        h = fmix(h ^ (u64::from(self.to_act.0) | u64::from(self.out) << 8));
        h = fmix(h ^ (u64::from(self.points[0]) | u64::from(self.points[1]) << 16));
        h = fmix(h ^ (self.phase as u64) << 32 ^ u64::from(self.tricks_played));
        h
    }

    fn playout_score(&self, action: Action) -> i32 {
        match (self.phase, action) {
            // Simulations do not bid: whoever holds the bid keeps it.
            (Phase::Auction, Action::Pass) => 1,
            (Phase::Auction, _) => 0,
            (Phase::Trump, Action::Trump(s)) => self.trump_score(s),
            (Phase::Reduce, Action::Discard(c)) => self.shed_score(c),
            // Giving keeps the card in the side.
            (Phase::Reduce, Action::Give(c)) => self.shed_score(c) + 500,
            (Phase::Play, Action::Dump) => 20_000,
            (Phase::Play, Action::Play(c)) => self.play_score(c),
            _ => 0,
        }
    }

    /// Each seat's side's margin over the other side.
    fn utility(&self) -> Option<Returns> {
        let r = self.result()?;
        let d = r.score[0] - r.score[1];
        Some([d, -d, d, -d].into_iter().collect())
    }
}
