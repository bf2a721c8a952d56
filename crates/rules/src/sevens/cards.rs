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

/// Which card of a finished trick wins. `cards` are in play order (the
/// lead first); `calls[i]` is the call for an Ace at position `i`.
///
/// All cards count towards the odd/even majority, but only cards of the
/// led suit can win: the highest under an odd majority, the lowest under
/// an even one; a level count follows `tie`.
pub fn trick_winner(cards: &[Card], calls: &[Option<AceCall>], tie: Tie) -> usize {
    let vals = |i: usize| value(cards[i], calls.get(i).copied().flatten());
    let odd = (0..cards.len()).filter(|&i| vals(i) % 2 == 1).count();
    let even = cards.len() - odd;
    let highest = odd > even || (odd == even && tie == Tie::Highest);
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

/// Whether a trick had an odd majority (or a level count): used in records.
pub fn odd_even(cards: &[Card], calls: &[Option<AceCall>]) -> (u8, u8) {
    let odd = cards
        .iter()
        .enumerate()
        .filter(|&(i, &c)| value(c, calls.get(i).copied().flatten()) % 2 == 1)
        .count() as u8;
    (odd, cards.len() as u8 - odd)
}
