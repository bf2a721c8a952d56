//! A deal of Sixes and Sevens and its notation.
//!
//! Notation (one line): `dealer/hand0/hand1/…/hand(n-1)/leftover`, e.g. for
//! three players `2/…17 cards…/…/…/4S` — one hand per seat and a last field
//! for the cards set aside (empty at four players). Hands are sets.

use crate::shuffle::{rng_from_seed, shuffle};
use std::fmt;
use talon_cards::{Card, CardParseError, CardSet, Deck, Seat};

/// An exact deal: who dealt, every hand, and the cards set aside unseen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub dealer: Seat,
    pub hands: Vec<CardSet>,
    pub leftover: CardSet,
}

/// What is wrong with a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    Fields {
        found: usize,
        expected: usize,
    },
    Dealer(String),
    Card(CardParseError),
    HandSize {
        seat: u8,
        found: usize,
        expected: usize,
    },
    Leftover {
        found: usize,
        expected: usize,
    },
    Repeated(Card),
    NotInDeck(Card),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Fields { found, expected } => write!(
                f,
                "a deal has {expected} '/'-separated fields (dealer, one hand per seat, leftover), found {found}"
            ),
            DealError::Dealer(s) => write!(f, "the dealer must be a seat of the table, found {s:?}"),
            DealError::Card(e) => write!(f, "{e}"),
            DealError::HandSize { seat, found, expected } => {
                write!(f, "hand of seat {seat} has {found} cards, expected {expected}")
            }
            DealError::Leftover { found, expected } => {
                write!(f, "{found} cards set aside, expected {expected}")
            }
            DealError::Repeated(c) => write!(f, "{c} appears more than once in the deal"),
            DealError::NotInDeck(c) => write!(f, "{c} is not in the 52-card pack"),
        }
    }
}

deal_error_conversions!(DealError);

impl Deal {
    /// Deals a seeded shuffle as the seed describes: one card at a time,
    /// clockwise from the dealer's left, until a full round can't be dealt;
    /// the rest is set aside face down.
    pub fn from_seed(seed: u64, players: u8, dealer: Seat) -> Deal {
        let mut pack = Deck::FiftyTwo.ordered();
        shuffle(&mut pack, &mut rng_from_seed(seed));
        Deal::from_pack(&pack, players, dealer)
    }

    /// Deals a pack in the given order (top first).
    pub fn from_pack(pack: &[Card], players: u8, dealer: Seat) -> Deal {
        let n = players as usize;
        let dealt = pack.len() / n * n;
        let mut hands = vec![CardSet::EMPTY; n];
        let mut seat = dealer.next(players);
        for &c in &pack[..dealt] {
            hands[seat.index()].insert(c);
            seat = seat.next(players);
        }
        Deal {
            dealer,
            hands,
            leftover: pack[dealt..].iter().copied().collect(),
        }
    }

    /// Reads deal notation for a table of `players`.
    pub fn parse(text: &str, players: u8) -> Result<Deal, DealError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        let n = players as usize;
        if fields.len() != n + 2 {
            return Err(DealError::Fields {
                found: fields.len(),
                expected: n + 2,
            });
        }
        let dealer = match fields[0].trim().parse::<u8>() {
            Ok(d) if d < players => Seat(d),
            _ => return Err(DealError::Dealer(fields[0].trim().to_string())),
        };
        let mut hands = Vec::with_capacity(n);
        for f in &fields[1..=n] {
            hands.push(f.parse::<CardSet>()?);
        }
        let deal = Deal {
            dealer,
            hands,
            leftover: fields[n + 1].parse::<CardSet>()?,
        };
        deal.validate()?;
        Ok(deal)
    }

    /// Right counts, each card of the pack exactly once.
    pub fn validate(&self) -> Result<(), DealError> {
        let n = self.hands.len();
        let size = 52 / n;
        for (i, h) in self.hands.iter().enumerate() {
            if h.len() != size {
                return Err(DealError::HandSize {
                    seat: i as u8,
                    found: h.len(),
                    expected: size,
                });
            }
        }
        if self.leftover.len() != 52 % n {
            return Err(DealError::Leftover {
                found: self.leftover.len(),
                expected: 52 % n,
            });
        }
        Deck::FiftyTwo.distinct(
            self.hands
                .iter()
                .chain(std::iter::once(&self.leftover))
                .flat_map(|s| s.iter()),
        )?;
        Ok(())
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.dealer)?;
        for h in &self.hands {
            write!(f, "/{h}")?;
        }
        write!(f, "/{}", self.leftover)
    }
}
