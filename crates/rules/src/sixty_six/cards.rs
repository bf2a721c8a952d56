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

/// The family's ranks 9 T J Q K A are bits 7..12 of a suit's lane; as
/// bits 0..5 of a "lane index" they key small tables, so the solver's
/// bounds work on whole suits at once.
pub(crate) fn lane(set: CardSet, suit: Suit) -> usize {
    ((set.0 >> (suit as u64 * 16 + 7)) & 0x3f) as usize
}

/// Card points of each lane index.
pub(crate) const LANE_POINTS: [u16; 64] = lane_points();

/// For each lane index, the lane bits of the ranks that beat all its cards.
pub(crate) const LANE_ABOVE: [u8; 64] = lane_above();

const fn lane_points() -> [u16; 64] {
    let mut out = [0; 64];
    let mut m = 0;
    while m < 64 {
        let mut b = 0;
        while b < 6 {
            if m & (1 << b) != 0 {
                out[m] += POINTS[7 + b];
            }
            b += 1;
        }
        m += 1;
    }
    out
}

const fn lane_above() -> [u8; 64] {
    let mut out = [0; 64];
    let mut m = 0;
    while m < 64 {
        let mut top = 0;
        let mut b = 0;
        while b < 6 {
            if m & (1 << b) != 0 && POWER[7 + b] > top {
                top = POWER[7 + b];
            }
            b += 1;
        }
        b = 0;
        while b < 6 {
            if POWER[7 + b] > top {
                out[m] |= 1 << b;
            }
            b += 1;
        }
        m += 1;
    }
    out
}

/// Card points of a whole set.
pub(crate) fn set_points(set: CardSet) -> u16 {
    Suit::ALL.iter().map(|&s| LANE_POINTS[lane(set, s)]).sum()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lane_tables_agree_with_cards() {
        let pack = super::super::deck_for(6).cards();
        for bits in 0..1u64 << 12 {
            // Two suits' worth of random subsets of the pack.
            let set = CardSet(pack.0 & (bits << 7 | bits << 17 | bits << 27));
            assert_eq!(set_points(set), set.iter().map(points).sum::<u16>());
            let other = CardSet(pack.0 & !set.0 & (bits.rotate_left(5) * 0x0001_0001_0001_0001));
            for suit in Suit::ALL {
                let above = LANE_ABOVE[lane(other, suit)];
                for c in set.suit(suit).iter() {
                    let bit = 1 << (c.rank_index() - 7);
                    assert_eq!(above & bit != 0, beaters_in(other, c).is_empty());
                }
            }
        }
    }
}
