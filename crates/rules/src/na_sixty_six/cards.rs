//! Card order and trick rule of North American Sixty-six. The card points
//! (A 11, 10 10, K 4, Q 3, J 2, 9 0) are the Sixty-six family's.

use super::options::RankOrder;
use talon_cards::{Card, Suit};

pub use crate::sixty_six::cards::points;

/// Power within a suit under `order`.
pub fn power(card: Card, order: RankOrder) -> u8 {
    match order {
        // Natural rank index already runs 9 < T < J < Q < K < A.
        RankOrder::Printed => card.rank_index() as u8,
        // The two-hand table gives the 7 and 8 no power (its pack has
        // none); Hoyle's 32-card game ranks them 7 < 8 < 9.
        RankOrder::TenHigh => match card.rank_index() {
            5 => 0,
            6 => 1,
            _ => crate::sixty_six::cards::power(card) + 1,
        },
    }
}

/// Whether `card` beats `best`, the card currently winning a trick: a
/// higher card of the same suit, or a trump over a non-trump. A card of a
/// third suit never wins.
pub fn beats(card: Card, best: Card, trump: Suit, order: RankOrder) -> bool {
    if card.suit_unchecked() == best.suit_unchecked() {
        power(card, order) > power(best, order)
    } else {
        card.suit_unchecked() == trump
    }
}

/// Position in `cards` (play order) of the card that wins the trick.
pub fn trick_winner(cards: &[Card], trump: Suit, order: RankOrder) -> usize {
    let mut best = 0;
    for i in 1..cards.len() {
        if beats(cards[i], cards[best], trump, order) {
            best = i;
        }
    }
    best
}
