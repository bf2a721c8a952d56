//! Rules-of-thumb player for Sixes and Sevens: play the card that would win
//! the trick as it stands (cheapest such card), otherwise the card least
//! useful later; call a wild ace the way that wins the trick.

use crate::Bot;
use talon_cards::Card;
use talon_rules::sevens::{trick_winner, AceCall, Action, Phase, SevensObservation, Winner};

#[derive(Default)]
pub struct SevensHeuristic;

impl Bot<talon_rules::sevens::Sevens> for SevensHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, obs: &SevensObservation, legal: &[Action]) -> Action {
        let tie = obs.options.tie;
        let want_tricks = obs.options.winner == Winner::Most;
        let n = obs.options.players;
        let my_pos = (obs.seat.0 + n - obs.leader.0) % n;
        if obs.phase == Phase::AceCall {
            let mut best = legal[0];
            for &a in legal {
                let mut calls = obs.calls.clone();
                calls.resize(obs.trick.len(), None);
                calls[my_pos as usize] = a.call();
                let i_win = trick_winner(&obs.trick, &calls, tie) == my_pos as usize;
                if i_win == want_tricks {
                    best = a;
                }
            }
            return best;
        }
        let cards: Vec<Card> = legal
            .iter()
            .filter_map(|a| {
                if let Action::Play(c) = a {
                    Some(*c)
                } else {
                    None
                }
            })
            .collect();
        let wins = |c: Card| {
            let mut t = obs.trick.clone();
            t.push(c);
            let calls: Vec<Option<AceCall>> = vec![None; t.len()];
            trick_winner(&t, &calls, tie) == t.len() - 1
        };
        let (winning, losing): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| wins(c));
        let pick = match (want_tricks, winning.is_empty(), losing.is_empty()) {
            (true, false, _) => winning.iter().copied().min_by_key(|c| c.rank_index()),
            (false, _, false) => losing.iter().copied().max_by_key(|c| c.rank_index()),
            _ => cards.iter().copied().min_by_key(|c| c.rank_index()),
        };
        Action::Play(pick.unwrap_or(cards[0]))
    }
}
