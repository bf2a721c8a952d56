//! The packs the Talon games use.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;

/// A pack of cards, named by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// A K Q J T in four suits: Schnapsen.
    Twenty,
    /// A K Q J T 9 in four suits: Sixty-six.
    TwentyFour,
    /// The 32-card piquet pack (A down to 7).
    ThirtyTwo,
    /// The full French pack.
    FiftyTwo,
    /// The full pack and one joker.
    FiftyThree,
}

impl Deck {
    pub const fn cards(self) -> CardSet {
        // Lanes are 16 bits; rank bit i within a lane is rank index i.
        let lane: u64 = match self {
            Deck::Twenty => 0b1_1111_0000_0000,     // T J Q K A
            Deck::TwentyFour => 0b1_1111_1000_0000, // 9 T J Q K A
            Deck::ThirtyTwo => 0b1_1111_1110_0000,  // 7 .. A
            Deck::FiftyTwo | Deck::FiftyThree => 0x1fff,
        };
        let all = lane | lane << 16 | lane << 32 | lane << 48;
        match self {
            Deck::FiftyThree => CardSet(all | 1 << 63),
            _ => CardSet(all),
        }
    }

    pub const fn len(self) -> usize {
        self.cards().len()
    }

    pub const fn is_empty(self) -> bool {
        false
    }

    /// The cards in a fixed canonical order (by suit, then rank), which the
    /// seeded shuffles start from so that a seed means the same deal everywhere.
    pub fn ordered(self) -> Vec<Card> {
        self.cards().iter().collect()
    }

    pub fn contains(self, card: Card) -> bool {
        self.cards().contains(card)
    }

    /// The lowest natural rank in the pack (the trump-exchange card of the
    /// Sixty-six family is the lowest trump).
    pub fn lowest_rank(self) -> Rank {
        let lane = self.cards().suit(Suit::Clubs);
        lane.first().and_then(|c| c.rank()).unwrap_or(Rank::Two)
    }
}

/// A card that breaks "each card of the pack at most once".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misfit {
    NotInPack(Card),
    Repeated(Card),
}

impl Deck {
    /// Checks that `cards` come from this pack with none repeated; returns
    /// the set of them. Every family's deal validation goes through here.
    pub fn distinct(self, cards: impl IntoIterator<Item = Card>) -> Result<CardSet, Misfit> {
        let pack = self.cards();
        let mut seen = CardSet::EMPTY;
        // `try_for_each`, not `for`: callers pass chains of hands and piles,
        // which internal iteration walks part by part instead of asking the
        // whole chain for each card (a Sixty-six deal: 320 -> 300 ns).
        cards.into_iter().try_for_each(|c| {
            if !pack.contains(c) {
                return Err(Misfit::NotInPack(c));
            }
            if seen.contains(c) {
                return Err(Misfit::Repeated(c));
            }
            seen.insert(c);
            Ok(())
        })?;
        Ok(seen)
    }
}
