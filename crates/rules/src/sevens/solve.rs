//! What the search needs from Sixes and Sevens beyond [`Game`]: a position
//! key and a playing policy for ISMCTS rollouts (the heuristic bot's rules
//! of thumb on the mover's own hand and the trick: win with the cheapest
//! card that wins the trick as it stands, else throw the highest loser;
//! call a wild Ace the way that wins the trick). The exact solver is for
//! two seats and is not used here (three to six players).

use super::action::Action;
use super::cards::{is_ace, trick_winner, AceCall};
use super::options::Winner;
use super::state::{Phase, Sevens};
use crate::search::{fmix, SolverGame};
use arrayvec::ArrayVec;

impl SolverGame for Sevens {
    fn value_range(&self) -> (i32, i32) {
        let h = self.opts.hand_size() as i32;
        (-h, h)
    }

    fn key(&self) -> u64 {
        let mut h = 0x7365_7665u64;
        let mut mix = |x: u64| h = fmix(h ^ x).wrapping_add(0x9e37_79b9_7f4a_7c15);
        for hand in &self.hands {
            mix(hand.0);
        }
        for (i, c) in self.trick.iter().enumerate() {
            let call = match self.calls[i] {
                None => 0,
                Some(AceCall::Odd) => 1,
                Some(AceCall::Even) => 2,
            };
            mix(u64::from(c.index()) | call << 8);
        }
        mix(u64::from(self.leader.0) | (self.phase as u64) << 8);
        for t in &self.tricks {
            mix(u64::from(*t));
        }
        h
    }

    fn order_score(&self, action: Action) -> i32 {
        self.playout_score(action)
    }

    fn playout_score(&self, action: Action) -> i32 {
        let want = self.opts.winner == Winner::Most;
        let tie = self.opts.tie;
        match action {
            Action::Ace { .. } => {
                if self.phase != Phase::AceCall {
                    return 0;
                }
                let Some(i) = (0..self.trick.len())
                    .find(|&i| is_ace(self.trick[i]) && self.calls[i].is_none())
                else {
                    return 0;
                };
                let mut calls: ArrayVec<Option<AceCall>, 6> = self.calls.clone();
                calls[i] = action.call();
                let win = trick_winner(&self.trick, &calls, tie) == i;
                i32::from(win == want)
            }
            Action::Play(c) => {
                let r = c.rank_index() as i32;
                if self.trick.is_empty() {
                    // Lead low when wanting tricks later, high to shed.
                    return if want { -r } else { r };
                }
                let mut t: ArrayVec<_, 6> = self.trick.clone();
                t.push(c);
                let calls: ArrayVec<Option<AceCall>, 6> = t.iter().map(|_| None).collect();
                let wins = trick_winner(&t, &calls, tie) == t.len() - 1;
                match (want, wins) {
                    (true, true) => 100 - r,
                    (true, false) => -r,
                    (false, false) => 100 + r,
                    (false, true) => -r,
                }
            }
        }
    }
}
