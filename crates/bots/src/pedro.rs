//! Rules-of-thumb player for the Pedro family: bid from the trumps in
//! hand, name the strongest suit, shed the least valuable cards, draw trumps
//! when the side holds the bid, save the pedros (play them onto a trick the
//! partner is winning) and win tricks cheaply.

use crate::Bot;
use talon_cards::{Card, CardSet, Seat, Suit};
use talon_rules::pedro::{
    trick_winner, Action, NoTrumpTrick, PedroObservation, PedroOptions, Phase, TrumpInfo,
};

#[derive(Default)]
pub struct PedroHeuristic;

/// Points a hand can expect to take with `suit` as trumps: sure points for
/// the top trumps held in sequence from the ace, half of the rest, and a
/// share for the partner.
pub(crate) fn estimate(hand: CardSet, suit: Suit, options: &PedroOptions) -> f64 {
    let info = TrumpInfo::new(suit, options);
    let mut mine: Vec<Card> = (hand & info.trumps).iter().collect();
    mine.sort_by_key(|&c| std::cmp::Reverse(info.strength(c)));
    let mut all: Vec<Card> = info.trumps.iter().collect();
    all.sort_by_key(|&c| std::cmp::Reverse(info.strength(c)));
    let mut sure = 0usize;
    while sure < mine.len() && sure < all.len() && mine[sure] == all[sure] {
        sure += 1;
    }
    let total: f64 = info.scoring.iter().map(|c| f64::from(info.value(c))).sum();
    let held: f64 = mine.iter().map(|&c| f64::from(info.value(c))).sum();
    let sure_pts: f64 = mine[..sure].iter().map(|&c| f64::from(info.value(c))).sum();
    let length = mine.len() as f64;
    sure_pts + 0.5 * (held - sure_pts) + (total - held) * (0.1 + 0.04 * length)
}

fn card_of(a: &Action) -> Option<Card> {
    match a {
        Action::Play(c) | Action::Discard(c) | Action::Give(c) => Some(*c),
        _ => None,
    }
}

impl PedroHeuristic {
    fn bid(&self, obs: &PedroObservation, legal: &[Action]) -> Action {
        let best = Suit::ALL
            .iter()
            .map(|&s| estimate(obs.hand, s, &obs.options))
            .fold(0.0, f64::max);
        let bids = legal.iter().filter_map(|a| {
            if let Action::Bid(n) = a {
                Some(*n)
            } else {
                None
            }
        });
        let affordable = bids.filter(|&n| f64::from(n) <= best).min();
        match affordable {
            Some(n) => Action::Bid(n),
            None if legal.contains(&Action::Pass) => Action::Pass,
            None => legal[0],
        }
    }

    fn play(&self, obs: &PedroObservation, legal: &[Action]) -> Action {
        let Some(suit) = obs.trump else {
            return legal[0];
        };
        let info = TrumpInfo::new(suit, &obs.options);
        if legal.contains(&Action::Dump) {
            return Action::Dump;
        }
        let cards: Vec<Card> = legal.iter().filter_map(card_of).collect();
        if cards.is_empty() {
            return legal[0];
        }
        let cheap = |c: &Card| (info.value(*c), info.is_trump(*c), info.strength(*c));
        let leader_wins = obs.options.no_trump_trick == NoTrumpTrick::Leader;
        let my_side = obs.seat.index() % 2;
        let bidding_side = obs.bidder.map(|b| b.index() % 2);
        if obs.trick.is_empty() {
            // Lead: the bidding side draws trumps from the top; others lead low.
            let pick = if bidding_side == Some(my_side) {
                cards
                    .iter()
                    .copied()
                    .max_by_key(|&c| (info.is_trump(c), info.strength(c)))
            } else {
                cards.iter().copied().min_by_key(cheap)
            };
            return Action::Play(pick.expect("cards"));
        }
        let played: Vec<Card> = obs.trick.iter().map(|(_, c)| *c).collect();
        let winner_seat: Seat = obs.trick[trick_winner(&info, &played, leader_wins)].0;
        let partner_winning = winner_seat.index() % 2 == my_side;
        let wins = |c: Card| {
            let mut t = played.clone();
            t.push(c);
            trick_winner(&info, &t, leader_wins) == t.len() - 1
        };
        let pick = if partner_winning {
            // Save points onto the partner's trick unless the card could be beaten cheaply.
            cards
                .iter()
                .copied()
                .max_by_key(|&c| (info.value(c), std::cmp::Reverse(info.strength(c))))
        } else if let Some(w) = cards
            .iter()
            .copied()
            .filter(|&c| wins(c))
            .min_by_key(|&c| info.strength(c))
        {
            Some(w)
        } else {
            cards.iter().copied().min_by_key(cheap)
        };
        Action::Play(pick.expect("cards"))
    }
}

impl Bot<talon_rules::pedro::Pedro> for PedroHeuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, obs: &PedroObservation, legal: &[Action]) -> Action {
        match obs.phase {
            Phase::Auction => self.bid(obs, legal),
            Phase::Trump => {
                let best = Suit::ALL
                    .iter()
                    .copied()
                    .filter(|s| legal.contains(&Action::Trump(*s)))
                    .max_by(|a, b| {
                        estimate(obs.hand, *a, &obs.options).total_cmp(&estimate(
                            obs.hand,
                            *b,
                            &obs.options,
                        ))
                    });
                best.map_or(legal[0], Action::Trump)
            }
            Phase::Reduce => {
                // Shed the least valuable card the rules allow.
                let info = obs.trump.map(|s| TrumpInfo::new(s, &obs.options));
                legal
                    .iter()
                    .copied()
                    .min_by_key(|a| match (card_of(a), &info) {
                        (Some(c), Some(i)) => (i.is_trump(c), i.value(c), i.strength(c)),
                        (Some(_), None) => (false, 0, 0),
                        (None, _) => (true, u8::MAX, u8::MAX),
                    })
                    .expect("a legal action")
            }
            _ => self.play(obs, legal),
        }
    }
}
