//! What the game-generic search needs from the Pedro family: a playing
//! policy for simulations (ISMCTS rollouts, bidding simulations), a
//! position key and each seat's utility (its side's margin).
//!
//! The exact solver sees the partnerships as two players: seats 0 and 2
//! maximise team 0's score margin, seats 1 and 3 minimise it. It solves
//! the trick play (PIMC in play, bidding simulations); the auction and the
//! reduction are left to the playout policy. Every point is on a trump
//! card and goes to a trick's winner (or to the two's player), so the
//! points still in hands bound the final margin, and zero-point cards with
//! nothing between them outside the mover's hand are interchangeable.

use super::action::Action;
use super::cards::trick_winner;
use super::options::{NoTrumpTrick, TwoScores};
use super::scoring::PedroResult;
use super::state::{team, Pedro, Phase};
use crate::game::Returns;
use crate::search::{fmix, SolverGame};
use crate::ActionList;
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Seat, Suit};

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

impl Pedro {
    /// Points each team will take whatever is played: its trumps (in hand
    /// or already in the trick) that rank above every trump the other team
    /// has left, since a trick holding one goes to its team; and the two
    /// when it scores for its player.
    fn sure_points(&self) -> [u16; 2] {
        let Some(info) = &self.trump else {
            return [0; 2];
        };
        let mut cards = [CardSet::EMPTY; 2];
        for (i, hand) in self.hands.iter().enumerate() {
            cards[team(Seat(i as u8))] |= *hand & info.trumps;
        }
        for &(s, c) in &self.trick {
            if info.is_trump(c) {
                cards[team(s)].insert(c);
            }
        }
        let top = |set: CardSet| set.iter().map(|c| info.strength(c)).max();
        let mut sure = [0u16; 2];
        for t in 0..2 {
            let theirs = top(cards[1 - t]);
            for c in cards[t] & info.scoring {
                let player_two = c == info.two && self.opts.two_scores == TwoScores::Player;
                // `None` (they hold no trump) orders below every `Some`.
                if player_two || theirs < Some(info.strength(c)) {
                    sure[t] += u16::from(info.value(c));
                }
            }
        }
        sure
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

    /// In the play: the margins if team 0 took the least, or the most, of
    /// the points still to be won that it can. The margin grows with team
    /// 0's points whichever side bid (a made bid only ever adds), so these
    /// bound it. Points sure for a side (see [`Pedro::sure_points`]) are
    /// not contested.
    fn value_bounds(&self) -> (i32, i32) {
        let (Phase::Play, Some(_), Some(bidder)) = (self.phase, &self.trump, self.bidder) else {
            return self.value_range();
        };
        let left = self.points_left();
        let sure = self.sure_points();
        let margin = |points: [u16; 2]| {
            let r = PedroResult::scored(&self.opts, bidder, self.high_bid, self.forced, points);
            r.score[0] - r.score[1]
        };
        let [p0, p1] = self.points;
        (
            margin([p0 + sure[0], p1 + left - sure[0]]),
            margin([p0 + left - sure[1], p1 + sure[1]]),
        )
    }

    /// Two zero-point cards of one hand in one trick suit (trumps count as
    /// one suit) are interchangeable when no card ranking between them is
    /// in another hand or in the trick: each beats and loses to the same
    /// cards, and the trick and the points go the same way.
    fn merge_equivalent(&self, actions: &mut ActionList<Action>) {
        let Some(info) = &self.trump else {
            return;
        };
        let me = self.to_act.index();
        let mut others = self.trick.iter().map(|&(_, c)| c).collect::<CardSet>();
        for (i, hand) in self.hands.iter().enumerate() {
            if i != me {
                others |= *hand;
            }
        }
        // (suit group, rank) where a higher rank beats a lower one.
        let place = |c: Card| -> (u8, u8) {
            if info.is_trump(c) {
                (4, info.strength(c))
            } else {
                (c.suit_unchecked().index() as u8, c.rank_index() as u8)
            }
        };
        let blocked = |a: Card, b: Card| {
            let (g, x) = place(a);
            let (lo, hi) = (x.min(place(b).1), x.max(place(b).1));
            others.iter().any(|c| {
                let (h, y) = place(c);
                h == g && y > lo && y < hi
            })
        };
        let mut kept: ArrayVec<Card, 16> = ArrayVec::new();
        actions.retain(|a| {
            let Action::Play(c) = *a else {
                return true;
            };
            if info.value(c) > 0 {
                return true;
            }
            let twin = kept
                .iter()
                .any(|&k| place(k).0 == place(c).0 && !blocked(k, c));
            if twin {
                return false;
            }
            if kept.len() < kept.capacity() {
                kept.push(c);
            }
            true
        });
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
