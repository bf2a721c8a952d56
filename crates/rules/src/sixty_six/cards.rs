//! Card order and card points of the Sixty-six family: A T K Q J 9.

use talon_cards::{Card, CardSet, Rank, Suit};

/// Card points by natural rank index (2..A); ranks outside the pack score 0.
const POINTS: [u16; 13] = [0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11];

/// Trick-taking power within a suit by natural rank index: 9 < J < Q < K < T < A.
const POWER: [u8; 13] = [0, 0, 0, 0, 0, 0, 0, 1, 5, 2, 3, 4, 6];

/// For each natural rank index, the 16-bit lane of ranks that beat it.
const BEATERS: [u64; 13] = beaters();

const fn beaters() -> [u64; 13] {
    let mut out = [0u64; 13];
    let mut r = 0;
    while r < 13 {
        let mut s = 0;
        while s < 13 {
            if POWER[s] > POWER[r] {
                out[r] |= 1 << s;
            }
            s += 1;
        }
        r += 1;
    }
    out
}

pub fn points(card: Card) -> u16 {
    POINTS[card.rank_index()]
}

/// Trick-taking power within a suit (9 lowest, then J Q K T A); shared
/// with North American Sixty-six's ten-high option.
pub(crate) fn power(card: Card) -> u8 {
    POWER[card.rank_index()]
}

/// Cards of the same suit in `set` that beat `card`.
pub fn beaters_in(set: CardSet, card: Card) -> CardSet {
    let lane = BEATERS[card.rank_index()] << (card.suit_unchecked() as u64 * 16);
    CardSet(set.0 & lane)
}

/// Seat index (0 = leader, 1 = follower) winning a two-card trick.
pub fn trick_winner(lead: Card, follow: Card, trump: Suit) -> usize {
    let (ls, fs) = (lead.suit_unchecked(), follow.suit_unchecked());
    if ls == fs {
        usize::from(POWER[follow.rank_index()] > POWER[lead.rank_index()])
    } else {
        usize::from(fs == trump)
    }
}

pub fn king(suit: Suit) -> Card {
    Card::new(suit, Rank::King)
}

pub fn queen(suit: Suit) -> Card {
    Card::new(suit, Rank::Queen)
}
