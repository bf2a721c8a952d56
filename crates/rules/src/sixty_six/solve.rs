//! What the exact solver needs from the Sixty-six family: a position key
//! for the transposition table and a move-ordering hint.
//!
//! No equivalent-card merging: every rank of the family scores differently
//! (A 11, T 10, K 4, Q 3, J 2, 9 0), so two touching cards are never
//! interchangeable; the default hook (merge nothing) is the exact one.

use super::action::Action;
use super::cards::{points, trick_winner};
use super::state::{Phase, SixtySix};
use crate::search::SolverGame;
use talon_cards::Card;

/// splitmix64's finaliser: every input bit reaches every output bit.
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn card_code(c: Option<Card>) -> u64 {
    c.map_or(0, |c| u64::from(c.index()) + 1)
}

impl SolverGame for SixtySix {
    fn value_range(&self) -> (i32, i32) {
        (-3, 3)
    }

    fn key(&self) -> u64 {
        // The talon in draw order (6 bits a card). Part of the key because
        // PIMC shares one table across sampled worlds with different talons.
        let mut talon = [0u64; 2];
        for (i, &c) in self.talon_cards().iter().enumerate() {
            talon[i / 10] |= card_code(Some(c)) << (6 * (i % 10));
        }
        let phase = match self.phase {
            Phase::Lead => 0,
            Phase::PreDraw => 1,
            Phase::MeldLead(s) => 2 + s.index() as u64,
            Phase::Follow => 6,
            Phase::Over => 7,
        };
        let closed = match self.closed {
            None => 0,
            Some(c) => 1 + c.by.0 as u64 * 2 + u64::from(c.opponent_had_trick),
        };
        let trump_card = if self.exhausted {
            0
        } else {
            card_code(Some(self.trump_card))
        };
        let flags = trump_card
            | u64::from(self.exhausted) << 7
            | closed << 8
            | (self.leader.0 as u64) << 11
            | phase << 12
            | card_code(self.lead_card) << 16
            | u64::from(self.tricks[0]) << 24
            | u64::from(self.tricks[1]) << 32
            | u64::from(self.bonus[0] > 0) << 40
            | u64::from(self.bonus[1] > 0) << 41;
        let score = |v: [u16; 2], shift: u32| (u64::from(v[0]) | u64::from(v[1]) << 8) << shift;
        let scores =
            score(self.card_points, 0) | score(self.marriage_points, 16) | score(self.pending, 32);
        let mut h = fmix(self.hands[0].0 ^ 0x243f_6a88_85a3_08d3);
        for word in [self.hands[1].0, talon[0], talon[1], flags, scores] {
            h = fmix(h ^ word);
        }
        h
    }

    fn order_score(&self, action: Action) -> i32 {
        let me = self.leader;
        let trump_cost = |c: Card| {
            if c.suit_unchecked() == self.trump {
                15
            } else {
                0
            }
        };
        match action {
            Action::Declare if self.points(me) >= 66 => 1000,
            Action::Declare => -1000,
            Action::Meld(s) if s == self.trump => 400,
            Action::Meld(_) => 300,
            Action::Exchange => 250,
            Action::Close => -50,
            Action::Draw => 0,
            Action::Play(c) => match (self.phase, self.lead_card) {
                (Phase::Follow, Some(lead)) => {
                    let p = points(c) as i32;
                    if trick_winner(lead, c, self.trump) == 1 {
                        100 + points(lead) as i32 - p - trump_cost(c)
                    } else {
                        -p - trump_cost(c)
                    }
                }
                // Under strict rules cash high cards; otherwise lead cheap.
                _ if self.strict() => points(c) as i32 + trump_cost(c),
                _ => -(points(c) as i32) - trump_cost(c),
            },
        }
    }
}
