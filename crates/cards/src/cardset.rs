//! `CardSet`: a set of cards as one `u64`, one 16-bit lane per suit.

use crate::card::{Card, Rank, Suit};
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

/// A set of cards. Bit `suit * 16 + rank` is the card; bit 63 is the joker.
/// Every operation is a handful of integer instructions, so game engines
/// use it for hands, tricks taken and legal-move masks alike.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub const fn single(card: Card) -> CardSet {
        CardSet(1u64 << card.index())
    }

    /// All cards of `suit` in this set (the joker is in no suit).
    pub const fn suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & Self::suit_mask(suit).0)
    }

    /// Every natural card of `suit`, deuce to ace.
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(0x1fffu64 << (suit as u64 * 16))
    }

    /// Cards of rank `rank` in each suit.
    pub const fn rank_mask(rank: Rank) -> CardSet {
        CardSet(0x0001_0001_0001_0001u64 << rank as u64)
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.index()) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn with(self, card: Card) -> CardSet {
        CardSet(self.0 | (1u64 << card.index()))
    }

    pub const fn without(self, card: Card) -> CardSet {
        CardSet(self.0 & !(1u64 << card.index()))
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1u64 << card.index();
    }

    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1u64 << card.index());
    }

    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The card with the lowest bit index, if any.
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The card with the highest bit index, if any.
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(63 - self.0.leading_zeros() as u8)
        }
    }

    /// The `n`-th card in bit order (used to pick a uniform random card).
    pub fn nth(self, n: usize) -> Option<Card> {
        self.iter().nth(n)
    }

    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

/// Iterates a [`CardSet`] from the lowest bit (clubs deuce) upward.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        self.intersection(rhs)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        self.difference(rhs)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

/// Space-separated cards in bit order, e.g. `9C AC TH`.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}
