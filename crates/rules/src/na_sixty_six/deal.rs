//! A deal of North American Sixty-six and its notation.
//!
//! Notation (one line): `dealer/hand0/hand1/hand2/hand3` with four players;
//! `dealer/hand0/hand1/hand2/widow` with three (7 cards each, 3 in the
//! widow). Hands are sets. The seed says nothing about packets, so a
//! seeded deal goes one card at a time clockwise from the dealer's left,
//! the last three cards forming the widow.

use crate::shuffle::{rng_from_seed, shuffle};
use std::fmt;
use talon_cards::{Card, CardParseError, CardSet, Deck, Seat};

/// An exact deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub dealer: Seat,
    pub hands: Vec<CardSet>,
    /// Three-hand widow (empty with four players).
    pub widow: CardSet,
}

/// What is wrong with a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Fields {
        found: usize,
    },
    Dealer(String),
    Card(CardParseError),
    HandSize {
        seat: u8,
        found: usize,
        expected: usize,
    },
    WidowSize {
        found: usize,
        expected: usize,
    },
    NotInDeck(Card),
    Repeated(Card),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Fields { found } => write!(
                f,
                "a deal has 5 '/'-separated fields (dealer/hand0/hand1/hand2/hand3, or dealer/hand0/hand1/hand2/widow with three players), found {found}"
            ),
            DealError::Dealer(s) => write!(f, "the dealer must be a seat of the table, found {s:?}"),
            DealError::Card(e) => write!(f, "{e}"),
            DealError::HandSize { seat, found, expected } => {
                write!(f, "hand of seat {seat} has {found} cards, expected {expected}")
            }
            DealError::WidowSize { found, expected } => {
                write!(f, "the widow has {found} cards, expected {expected}")
            }
            DealError::NotInDeck(c) => write!(f, "{c} is not in the 24-card pack (9 to A)"),
            DealError::Repeated(c) => write!(f, "{c} appears more than once in the deal"),
        }
    }
}

impl std::error::Error for DealError {}

impl From<CardParseError> for DealError {
    fn from(e: CardParseError) -> Self {
        DealError::Card(e)
    }
}

impl Deal {
    pub fn from_seed(seed: u64, players: u8, dealer: Seat) -> Deal {
        let mut pack = Deck::TwentyFour.ordered();
        shuffle(&mut pack, &mut rng_from_seed(seed));
        Deal::from_pack(&pack, players, dealer)
    }

    /// Deals a pack in the given order (top first).
    pub fn from_pack(pack: &[Card], players: u8, dealer: Seat) -> Deal {
        let hand = if players == 3 { 7 } else { 6 };
        let dealt = hand * players as usize;
        let mut hands = vec![CardSet::EMPTY; players as usize];
        let mut seat = dealer.next(players);
        for &c in &pack[..dealt] {
            hands[seat.index()].insert(c);
            seat = seat.next(players);
        }
        Deal {
            dealer,
            hands,
            widow: pack[dealt..].iter().copied().collect(),
        }
    }

    /// Reads deal notation for a table of `players` (3 or 4).
    pub fn parse(text: &str, players: u8) -> Result<Deal, DealError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 5 {
            return Err(DealError::Fields {
                found: fields.len(),
            });
        }
        let dealer = match fields[0].trim().parse::<u8>() {
            Ok(d) if d < players => Seat(d),
            _ => return Err(DealError::Dealer(fields[0].trim().to_string())),
        };
        let n = players as usize;
        let mut hands = Vec::with_capacity(n);
        for f in &fields[1..=n] {
            hands.push(f.parse::<CardSet>()?);
        }
        let widow = if n == 3 {
            fields[4].parse::<CardSet>()?
        } else {
            CardSet::EMPTY
        };
        let deal = Deal {
            dealer,
            hands,
            widow,
        };
        deal.validate()?;
        Ok(deal)
    }

    /// Right counts, each card of the 24-card pack exactly once.
    pub fn validate(&self) -> Result<(), DealError> {
        let n = self.hands.len();
        let size = if n == 3 { 7 } else { 6 };
        for (i, h) in self.hands.iter().enumerate() {
            if h.len() != size {
                return Err(DealError::HandSize {
                    seat: i as u8,
                    found: h.len(),
                    expected: size,
                });
            }
        }
        if self.widow.len() != 24 - n * size {
            return Err(DealError::WidowSize {
                found: self.widow.len(),
                expected: 24 - n * size,
            });
        }
        let mut seen = CardSet::EMPTY;
        for set in self.hands.iter().chain(std::iter::once(&self.widow)) {
            for c in set.iter() {
                if !Deck::TwentyFour.contains(c) {
                    return Err(DealError::NotInDeck(c));
                }
                if seen.contains(c) {
                    return Err(DealError::Repeated(c));
                }
                seen.insert(c);
            }
        }
        Ok(())
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.dealer)?;
        for h in &self.hands {
            write!(f, "/{h}")?;
        }
        if self.hands.len() == 3 {
            write!(f, "/{}", self.widow)?;
        }
        Ok(())
    }
}
