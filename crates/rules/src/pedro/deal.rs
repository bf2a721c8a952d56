//! A four-hand deal of the Pedro family and its notation.
//!
//! Notation (one line): `dealer/hand0/hand1/hand2/hand3/rest`, e.g.
//! `3/AC 2D …/…/…/…/9H 4S …`. Hands are sets (written in pack order); `rest`
//! is every undealt card, top first: the stock the hands are filled from
//! (replenish=fill or four_more, drawn in the order written) or the kitty
//! (replenish=kitty). The joker is written `JK`.

use super::options::{PedroOptions, Replenish};
use crate::shuffle::{rng_from_seed, shuffle};
use std::fmt;
use std::str::FromStr;
use talon_cards::{parse_cards, Card, CardParseError, CardSet, Deck, Seat};

/// An exact deal: the dealer, four hands and the undealt rest in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub dealer: Seat,
    pub hands: [CardSet; 4],
    /// Stock or kitty, top (next to be drawn) first.
    pub rest: Vec<Card>,
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
    RestSize {
        found: usize,
        expected: usize,
    },
    NotInDeck(Card),
    Repeated(Card),
    Options(String),
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Fields { found } => write!(
                f,
                "a deal has 6 '/'-separated fields (dealer/hand0/hand1/hand2/hand3/rest), found {found}"
            ),
            DealError::Dealer(s) => write!(f, "dealer must be seat 0 to 3, found {s:?}"),
            DealError::Card(e) => write!(f, "{e}"),
            DealError::HandSize {
                seat,
                found,
                expected,
            } => write!(f, "hand of seat {seat} has {found} cards, expected {expected}"),
            DealError::RestSize { found, expected } => {
                write!(f, "the undealt rest has {found} cards, expected {expected}")
            }
            DealError::NotInDeck(c) => write!(f, "{c} is not in this game's pack"),
            DealError::Repeated(c) => write!(f, "{c} appears more than once in the deal"),
            DealError::Options(e) => write!(f, "{e}"),
        }
    }
}

deal_error_conversions!(DealError);

/// The pack the options call for.
pub fn deck_for(opts: &PedroOptions) -> Deck {
    if opts.joker {
        Deck::FiftyThree
    } else {
        Deck::FiftyTwo
    }
}

impl Deal {
    /// Deals a seeded shuffle as at the table: packets of three from the
    /// dealer's left (a last short packet if the hand size is not a multiple
    /// of three); the kitty and stock are what is left, in order.
    pub fn from_seed(seed: u64, opts: &PedroOptions, dealer: Seat) -> Deal {
        let mut cards = deck_for(opts).ordered();
        shuffle(&mut cards, &mut rng_from_seed(seed));
        Deal::from_pack(&cards, opts.hand_size, dealer)
    }

    /// Deals a pack in the given order (top first).
    pub fn from_pack(pack: &[Card], hand_size: u8, dealer: Seat) -> Deal {
        let mut hands = [CardSet::EMPTY; 4];
        let mut next = 0;
        let mut dealt = 0;
        while dealt < hand_size as usize {
            let packet = (hand_size as usize - dealt).min(3);
            for k in 1..=4u8 {
                let seat = dealer.offset(k, 4);
                for &c in &pack[next..next + packet] {
                    hands[seat.index()].insert(c);
                }
                next += packet;
            }
            dealt += packet;
        }
        Deal {
            dealer,
            hands,
            rest: pack[next..].to_vec(),
        }
    }

    /// Checks the deal against the options: hand sizes, the whole pack once.
    pub fn validate(&self, opts: &PedroOptions) -> Result<(), DealError> {
        let deck = deck_for(opts);
        if self.dealer.0 > 3 {
            return Err(DealError::Dealer(self.dealer.to_string()));
        }
        for (i, h) in self.hands.iter().enumerate() {
            if h.len() != opts.hand_size as usize {
                return Err(DealError::HandSize {
                    seat: i as u8,
                    found: h.len(),
                    expected: opts.hand_size as usize,
                });
            }
        }
        let expected = deck.len() - 4 * opts.hand_size as usize;
        if self.rest.len() != expected {
            return Err(DealError::RestSize {
                found: self.rest.len(),
                expected,
            });
        }
        if opts.replenish == Replenish::Kitty && expected != opts.kitty as usize {
            return Err(DealError::Options(format!(
                "a kitty of {} cards needs 4 hands of {} from a pack of {}",
                opts.kitty,
                (deck.len() - opts.kitty as usize) / 4,
                deck.len()
            )));
        }
        let all = self.hands.iter().flat_map(|h| h.iter());
        deck.distinct(all.chain(self.rest.iter().copied()))?;
        Ok(())
    }

    /// Reads deal notation (validated later against the options).
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let fields: Vec<&str> = text.trim().split('/').collect();
        if fields.len() != 6 {
            return Err(DealError::Fields {
                found: fields.len(),
            });
        }
        let dealer = match fields[0].trim() {
            d @ ("0" | "1" | "2" | "3") => Seat(d.as_bytes()[0] - b'0'),
            other => return Err(DealError::Dealer(other.to_string())),
        };
        let mut hands = [CardSet::EMPTY; 4];
        for (i, h) in hands.iter_mut().enumerate() {
            *h = fields[1 + i].parse::<CardSet>()?;
        }
        Ok(Deal {
            dealer,
            hands,
            rest: parse_cards(fields[5])?,
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
        let rest: Vec<String> = self.rest.iter().map(|c| c.to_string()).collect();
        write!(
            f,
            "{}/{}/{}/{}/{}/{}",
            self.dealer,
            self.hands[0],
            self.hands[1],
            self.hands[2],
            self.hands[3],
            rest.join(" ")
        )
    }
}
