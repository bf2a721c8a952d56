//! Odd and even cards and the trick rule of Sixes and Sevens.
//!
//! Odd: 3 5 7 9 J K. Even: 2 4 6 8 T Q A (the seed's list: the jack counts
//! as 11, the queen 12, the king 13, the ace 14). A wild Ace is worth 1
//! (odd, lowest) or 14 (even, highest) as its player calls it.

use super::options::Tie;
use talon_cards::{Card, Rank};

/// How a wild Ace's player called it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AceCall {
    /// 1: odd and the lowest card of its suit.
    Odd,
    /// 14: even and the highest card of its suit.
    Even,
}

/// The value that decides odd/even and high/low: 2..14, or 1 for an Ace
/// called odd.
pub fn value(card: Card, call: Option<AceCall>) -> u8 {
    match call {
        Some(AceCall::Odd) => 1,
        _ => card.rank_index() as u8 + 2,
    }
}

pub fn is_ace(card: Card) -> bool {
    card.rank_index() == Rank::Ace.index()
}

/// The odd/even count of the cards played to a trick so far, and whether
/// the highest card of the led suit would win if it ended now (an Ace not
/// yet called counts as its default, 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Majority {
    pub odd: u8,
    pub even: u8,
    pub high_wins: bool,
}

pub fn majority(cards: &[Card], calls: &[Option<AceCall>], tie: Tie) -> Majority {
    let (odd, even) = odd_even(cards, calls);
    Majority {
        odd,
        even,
        high_wins: odd > even || (odd == even && tie == Tie::Highest),
    }
}

/// Which card of a finished trick wins. `cards` are in play order (the
/// lead first); `calls[i]` is the call for an Ace at position `i`.
///
/// All cards count towards the odd/even majority, but only cards of the
/// led suit can win: the highest under an odd majority, the lowest under
/// an even one; a level count follows `tie`.
pub fn trick_winner(cards: &[Card], calls: &[Option<AceCall>], tie: Tie) -> usize {
    let vals = |i: usize| value(cards[i], calls.get(i).copied().flatten());
    let highest = majority(cards, calls, tie).high_wins;
    let led = cards[0].suit_unchecked();
    let mut best = 0;
    for (i, card) in cards.iter().enumerate().skip(1) {
        if card.suit_unchecked() != led {
            continue;
        }
        let better = if highest {
            vals(i) > vals(best)
        } else {
            vals(i) < vals(best)
        };
        if better {
            best = i;
        }
    }
    best
}

/// How many cards of a trick count odd and how many even.
pub fn odd_even(cards: &[Card], calls: &[Option<AceCall>]) -> (u8, u8) {
    let odd = cards
        .iter()
        .enumerate()
        .filter(|&(i, &c)| value(c, calls.get(i).copied().flatten()) % 2 == 1)
        .count() as u8;
    (odd, cards.len() as u8 - odd)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_count_says_whether_high_or_low_wins() {
        // 3 odd; 4 and 6 even: an even majority, the lowest club wins.
        let t = cards("3C 4C 6C");
        let m = majority(&t, &[], Tie::Highest);
        assert_eq!((m.odd, m.even, m.high_wins), (1, 2, false));
        assert_eq!(trick_winner(&t, &[], Tie::Highest), 0);
        // A level count follows the tie rule.
        let t = cards("3C 4C");
        assert!(majority(&t, &[], Tie::Highest).high_wins);
        assert!(!majority(&t, &[], Tie::Lowest).high_wins);
        // A wild Ace called odd counts odd (and lowest).
        let t = cards("AC 4C 5C");
        let m = majority(&t, &[Some(AceCall::Odd)], Tie::Highest);
        assert_eq!((m.odd, m.even, m.high_wins), (2, 1, true));
        assert_eq!(trick_winner(&t, &[Some(AceCall::Odd)], Tie::Highest), 2);
    }
}
