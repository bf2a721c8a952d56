//! Rules-of-thumb player for the Sixty-six family: keep trumps and aces,
//! take tens with higher cards or trumps, meld marriages, exchange the
//! lowest trump, declare as soon as 66 is reached, close only with a
//! commanding hand.

use crate::Bot;
use talon_cards::{Card, Seat};
use talon_rules::sixty_six::{
    card_points, trick_winner, Action, Phase, SixtySix, SixtySixObservation,
};

#[derive(Default)]
pub struct SixtySixHeuristic;

/// Lower is cheaper to give away: trumps cost extra, so they are kept.
fn cost(card: Card, obs: &SixtySixObservation) -> u16 {
    let trump_penalty = if card.suit_unchecked() == obs.trump {
        20
    } else {
        0
    };
    card_points(card) + trump_penalty
}

fn cheapest(cards: impl Iterator<Item = Card>, obs: &SixtySixObservation) -> Option<Card> {
    cards.min_by_key(|&c| (cost(c, obs), c))
}

impl SixtySixHeuristic {
    fn lead(&self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        let me = obs.seat.index();
        if legal.contains(&Action::Declare) && obs.points[me] >= 66 {
            return Action::Declare;
        }
        if legal.contains(&Action::Exchange) {
            return Action::Exchange;
        }
        // Meld the most valuable marriage available.
        if let Some(m) = legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Meld(_)))
            .max_by_key(|a| match a {
                Action::Meld(s) if *s == obs.trump => 1,
                _ => 0,
            })
        {
            return m;
        }
        let trumps = obs.hand.suit(obs.trump);
        let strong = trumps.len() >= 3 && obs.points[me] >= 40;
        if legal.contains(&Action::Close) && strong {
            return Action::Close;
        }
        let strict = obs.closed.is_some() || obs.trump_card.is_none();
        let cards = legal.iter().filter_map(|a| {
            if let Action::Play(c) = a {
                Some(*c)
            } else {
                None
            }
        });
        let pick = if strict {
            // Cash the highest trump first, then the highest card.
            cards.max_by_key(|&c| (c.suit_unchecked() == obs.trump, card_points(c), c))
        } else {
            cheapest(cards, obs)
        };
        Action::Play(pick.expect("a card can always be led"))
    }

    fn follow(&self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        let lead = obs.lead_card.expect("a card was led");
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
        let winners: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|&c| trick_winner(lead, c, obs.trump) == 1)
            .collect();
        let worth_taking =
            card_points(lead) >= 10 || obs.closed.is_some() || obs.trump_card.is_none();
        let pick = if worth_taking && !winners.is_empty() {
            cheapest(winners.into_iter(), obs)
        } else if let Some(w) = winners
            .iter()
            .copied()
            .find(|&c| c.suit_unchecked() == lead.suit_unchecked())
        {
            // Winning in the led suit costs no trump.
            Some(w)
        } else {
            cheapest(cards.into_iter(), obs)
        };
        Action::Play(pick.expect("a card can always be played"))
    }
}

impl Bot<SixtySix> for SixtySixHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        let me: Seat = obs.seat;
        match obs.phase {
            Phase::PreDraw => Action::Draw,
            Phase::MeldLead(_) => {
                if legal.contains(&Action::Declare) && obs.points[me.index()] >= 66 {
                    Action::Declare
                } else {
                    // Lead the queen where allowed: the king is worth more.
                    *legal
                        .iter()
                        .rev()
                        .find(|a| matches!(a, Action::Play(_)))
                        .expect("a marriage card")
                }
            }
            Phase::Follow => self.follow(obs, legal),
            _ => self.lead(obs, legal),
        }
    }
}
