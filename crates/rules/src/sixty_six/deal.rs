//! A two-hand deal of the Sixty-six family and its notation.
//!
//! Notation (one line, like FEN): `dealer/hand0/hand1/talon/trump`, e.g.
//! `1/9C AC JD QH KH AS/.../QS JS TH …/JC`. Hands are sets (written in a
//! fixed order); the talon is listed top first, the card drawn first; the
//! trump card lies face up under it and is drawn last.

use crate::shuffle::{rng_from_seed, shuffle};
use std::fmt;
use std::str::FromStr;
use talon_cards::{parse_cards, Card, CardParseError, CardSet, Deck, Seat};

/// An exact deal: who dealt, both hands, the talon in draw order and the trump card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub dealer: Seat,
    pub hands: [CardSet; 2],
    /// Face-down talon, top (drawn first) first.
    pub talon: Vec<Card>,
    pub trump_card: Card,
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
    TalonSize {
        found: usize,
        expected: usize,
    },
    NotInDeck(Card),
    Repeated(Card),
    TrumpCard(String),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Fields { found } => {
                write!(f, "a deal has 5 '/'-separated fields (dealer/hand0/hand1/talon/trump), found {found}")
            }
            DealError::Dealer(s) => write!(f, "dealer must be seat 0 or 1, found {s:?}"),
            DealError::Card(e) => write!(f, "{e}"),
            DealError::HandSize {
                seat,
                found,
                expected,
            } => {
                write!(
                    f,
                    "hand of seat {seat} has {found} cards, expected {expected}"
                )
            }
            DealError::TalonSize { found, expected } => {
                write!(f, "talon has {found} face-down cards, expected {expected}")
            }
            DealError::NotInDeck(c) => write!(f, "{c} is not in this game's pack"),
            DealError::Repeated(c) => write!(f, "{c} appears more than once in the deal"),
            DealError::TrumpCard(s) => write!(f, "the trump card must be one card, found {s:?}"),
        }
    }
}

deal_error_conversions!(DealError);

/// The pack for a hand size (6 → 24 cards, 5 → 20 cards).
pub fn deck_for(hand_size: u8) -> Deck {
    if hand_size == 5 {
        Deck::Twenty
    } else {
        Deck::TwentyFour
    }
}

impl Deal {
    /// Deals from a seeded shuffle as at the table: the non-dealer first, in
    /// packets of three then the rest of the hand (3+3 in Sixty-six, 3+2 in
    /// Schnapsen); the next card is turned for trump. (Schnapsen turns it
    /// between the packets at the table; from a shuffled pack either order
    /// deals uniformly random hands, but a pack given in order is dealt as
    /// here, the trump card after both packets.)
    pub fn from_seed(seed: u64, hand_size: u8, dealer: Seat) -> Deal {
        let mut cards = deck_for(hand_size).ordered();
        shuffle(&mut cards, &mut rng_from_seed(seed));
        Deal::from_packets(&cards, hand_size, dealer)
    }

    /// Deals a pack in the given order (top first).
    pub fn from_packets(pack: &[Card], hand_size: u8, dealer: Seat) -> Deal {
        let h = hand_size as usize;
        let first = dealer.opponent();
        let mut hands = [CardSet::EMPTY; 2];
        let mut next = 0;
        for packet in [3, h - 3] {
            for seat in [first, dealer] {
                for &c in &pack[next..next + packet] {
                    hands[seat.index()].insert(c);
                }
                next += packet;
            }
        }
        Deal {
            dealer,
            hands,
            trump_card: pack[next],
            talon: pack[next + 1..].to_vec(),
        }
    }

    /// Checks the deal is a legal one for this hand size: right counts, each
    /// card of the pack exactly once.
    pub fn validate(&self, hand_size: u8) -> Result<(), DealError> {
        let deck = deck_for(hand_size);
        if self.dealer.0 > 1 {
            return Err(DealError::Dealer(self.dealer.to_string()));
        }
        for (i, h) in self.hands.iter().enumerate() {
            if h.len() != hand_size as usize {
                return Err(DealError::HandSize {
                    seat: i as u8,
                    found: h.len(),
                    expected: hand_size as usize,
                });
            }
        }
        let expected = deck.len() - 2 * hand_size as usize - 1;
        if self.talon.len() != expected {
            return Err(DealError::TalonSize {
                found: self.talon.len(),
                expected,
            });
        }
        let all = self.hands[0]
            .iter()
            .chain(self.hands[1].iter())
            .chain(self.talon.iter().copied());
        deck.distinct(all.chain(std::iter::once(self.trump_card)))?;
        Ok(())
    }

    /// Reads deal notation (without validating it against a pack).
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 5 {
            return Err(DealError::Fields {
                found: fields.len(),
            });
        }
        let dealer = match fields[0].trim() {
            "0" => Seat(0),
            "1" => Seat(1),
            other => return Err(DealError::Dealer(other.to_string())),
        };
        // parse_cards rejects repeats within a field; validate() across fields.
        let hands = [fields[1].parse::<CardSet>()?, fields[2].parse::<CardSet>()?];
        let talon = parse_cards(fields[3])?;
        let trump = parse_cards(fields[4])?;
        let [trump_card] = trump[..] else {
            return Err(DealError::TrumpCard(fields[4].trim().to_string()));
        };
        Ok(Deal {
            dealer,
            hands,
            talon,
            trump_card,
        })
    }
}

impl FromStr for Deal {
    type Err = DealError;
    fn from_str(s: &str) -> Result<Deal, DealError> {
        Deal::parse(s)
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let talon: Vec<String> = self.talon.iter().map(|c| c.to_string()).collect();
        write!(
            f,
            "{}/{}/{}/{}/{}",
            self.dealer,
            self.hands[0],
            self.hands[1],
            talon.join(" "),
            self.trump_card
        )
    }
}
