//! Suits, ranks and cards.
//!
//! A card is one byte: `suit * 16 + rank`, so that each suit owns a 16-bit
//! lane of a [`crate::CardSet`]. The joker lives in the one spare slot at
//! the top of the spades lane (bit 63); it has no suit and no rank.

use std::fmt;

/// One of the four French suits, in bridge order (clubs lowest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// The suit's English name, plural ("hearts"), for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }

    /// One card's worth of the name ("heart").
    pub const fn singular(self) -> &'static str {
        match self {
            Suit::Clubs => "club",
            Suit::Diamonds => "diamond",
            Suit::Hearts => "heart",
            Suit::Spades => "spade",
        }
    }

    /// The suit symbol used by terminal front ends.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The other suit of the same colour (clubs–spades, diamonds–hearts):
    /// the Pedro games need it for the "left pedro".
    pub const fn same_colour_partner(self) -> Suit {
        match self {
            Suit::Clubs => Suit::Spades,
            Suit::Spades => Suit::Clubs,
            Suit::Diamonds => Suit::Hearts,
            Suit::Hearts => Suit::Diamonds,
        }
    }

    pub const fn from_char(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Natural rank, deuce lowest and ace highest. Games that rank cards
/// differently keep their own order tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i])
        } else {
            None
        }
    }

    pub const fn char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    pub const fn from_char(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            '2' => Some(Rank::Two),
            '3' => Some(Rank::Three),
            '4' => Some(Rank::Four),
            '5' => Some(Rank::Five),
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A playing card, or the joker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The joker of the 53-card pack (bit 63 of a [`crate::CardSet`]).
    pub const JOKER: Card = Card(63);

    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 16 + rank as u8)
    }

    /// The card with this bit index, if the index names one.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i == 63 || (i < 64 && i % 16 < 13) {
            Some(Card(i))
        } else {
            None
        }
    }

    /// Bit index inside a [`crate::CardSet`].
    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn is_joker(self) -> bool {
        self.0 == 63
    }

    /// The suit; `None` for the joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_joker() {
            None
        } else {
            Some(Suit::from_index((self.0 / 16) as usize))
        }
    }

    /// The rank; `None` for the joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.is_joker() {
            None
        } else {
            Rank::from_index((self.0 % 16) as usize)
        }
    }

    /// The suit of a card known not to be the joker (games without a joker
    /// use this on their hot paths). The joker answers spades.
    pub const fn suit_unchecked(self) -> Suit {
        Suit::from_index((self.0 / 16) as usize)
    }

    /// The rank index (0 = deuce) of a card known not to be the joker.
    pub const fn rank_index(self) -> usize {
        (self.0 % 16) as usize
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.char(), s.char()),
            _ => f.write_str("JK"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
