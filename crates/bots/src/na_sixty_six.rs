//! Rules-of-thumb player for North American Sixty-six: bid by the points of
//! the best trump suit and its marriages, lead the marriage that fixes
//! trumps, give points to a partner who is winning, win tricks cheaply.

use crate::Bot;
use talon_cards::Card;
use talon_rules::na_sixty_six::{
    best_suit, estimate, power, trick_winner, Action, NaObservation, Phase,
};
use talon_rules::sixty_six::card_points;

#[derive(Default)]
pub struct NaHeuristic;

impl Bot<talon_rules::na_sixty_six::NaSixtySix> for NaHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, obs: &NaObservation, legal: &[Action]) -> Action {
        match obs.phase {
            Phase::Bidding => {
                let (_, est) = best_suit(obs.hand);
                let bids = legal.iter().filter_map(|a| {
                    if let Action::Bid(n) = a {
                        Some(*n)
                    } else {
                        None
                    }
                });
                match bids.filter(|&n| n < 5 && u16::from(n) * 33 <= est).min() {
                    Some(n) => Action::Bid(n),
                    None => *legal
                        .iter()
                        .find(|a| **a == Action::Pass)
                        .unwrap_or(&legal[0]),
                }
            }
            Phase::Discard => *legal
                .iter()
                .min_by_key(|a| {
                    if let Action::Discard(c) = a {
                        card_points(*c)
                    } else {
                        u16::MAX
                    }
                })
                .expect("a discard"),
            _ => self.play(obs, legal),
        }
    }
}

impl NaHeuristic {
    fn play(&self, obs: &NaObservation, legal: &[Action]) -> Action {
        // Marriages first: the first lead fixes trumps, so lead the best one.
        if let Some(m) = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Marriage(_)))
            .max_by_key(|a| match a {
                Action::Marriage(c) => (
                    Some(c.suit_unchecked()) == obs.trump,
                    estimate(obs.hand, c.suit_unchecked()),
                ),
                _ => (false, 0),
            })
        {
            return m;
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
        if cards.is_empty() {
            return legal[0];
        }
        let order = obs.options.rank_order;
        let Some(trump) = obs.trump else {
            // First lead without a marriage: lead the best suit's top card.
            let (suit, _) = best_suit(obs.hand);
            let pick = cards
                .iter()
                .copied()
                .filter(|c| c.suit_unchecked() == suit)
                .max_by_key(|&c| power(c, order));
            return Action::Play(pick.unwrap_or(cards[0]));
        };
        if obs.trick.is_empty() {
            let pick = cards
                .iter()
                .copied()
                .max_by_key(|&c| (c.suit_unchecked() == trump, power(c, order)));
            return Action::Play(pick.expect("cards"));
        }
        let played: Vec<Card> = obs.trick.iter().map(|(_, c)| *c).collect();
        let w = trick_winner(&played, trump, order);
        let side = |s: talon_cards::Seat| obs.options.side(s);
        let partner_winning = side(obs.trick[w].0) == side(obs.seat);
        let wins = |c: Card| {
            let mut t = played.clone();
            t.push(c);
            trick_winner(&t, trump, order) == t.len() - 1
        };
        let pick = if partner_winning {
            cards
                .iter()
                .copied()
                .max_by_key(|&c| (card_points(c), std::cmp::Reverse(power(c, order))))
        } else if let Some(c) = cards
            .iter()
            .copied()
            .filter(|&c| wins(c))
            .min_by_key(|&c| power(c, order))
        {
            Some(c)
        } else {
            cards
                .iter()
                .copied()
                .min_by_key(|&c| (card_points(c), c.suit_unchecked() == trump))
        };
        Action::Play(pick.expect("cards"))
    }
}
