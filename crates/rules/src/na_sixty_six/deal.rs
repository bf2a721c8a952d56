//! A deal of North American Sixty-six and its notation.
//!
//! Notation (one line): `dealer/hand0/hand1/hand2/hand3` with four players;
//! `dealer/hand0/hand1/hand2/widow` with three (7 cards each, 3 in the
//! widow). Hands are sets. The seed says nothing about packets, so a
//! seeded deal goes one card at a time clockwise from the dealer's left,
//! the last three cards forming the widow.
//!
//! Hoyle's four-hand game (`sixty-six-4`, 32 cards, 8 each) adds a sixth
//! field, the turned trump card, which must be in the dealer's hand:
//! `dealer/hand0/hand1/hand2/hand3/turned`. Dealing round by round gives
//! the last card of the pack to the dealer, as the 3-2-3 packets do.

use super::options::{Form, NaOptions};
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
    /// The dealer's card turned for trumps (32-card game only).
    pub turned: Option<Card>,
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
    Turned(String),
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
            DealError::NotInDeck(c) => write!(f, "{c} is not in this game's pack"),
            DealError::Repeated(c) => write!(f, "{c} appears more than once in the deal"),
            DealError::Turned(s) => {
                write!(f, "the turned trump must be one card of the dealer's hand, found {s:?}")
            }
        }
    }
}

deal_error_conversions!(DealError);

/// The pack the options call for: 24 cards for the bidding game, the
/// 32-card pack for Hoyle's.
pub fn deck_for(opts: &NaOptions) -> Deck {
    if opts.form == Form::Bidding {
        Deck::TwentyFour
    } else {
        Deck::ThirtyTwo
    }
}

impl Deal {
    pub fn from_seed(seed: u64, players: u8, dealer: Seat) -> Deal {
        let mut pack = Deck::TwentyFour.ordered();
        shuffle(&mut pack, &mut rng_from_seed(seed));
        Deal::from_pack(&pack, players, dealer)
    }

    /// A seeded deal for the game `opts` describes.
    pub fn from_seed_for(seed: u64, opts: &NaOptions, dealer: Seat) -> Deal {
        let mut pack = deck_for(opts).ordered();
        shuffle(&mut pack, &mut rng_from_seed(seed));
        Deal::from_pack_for(&pack, opts, dealer)
    }

    /// Deals a pack of [`deck_for`]`(opts)` in the given order (top first);
    /// Hoyle's game turns its last card.
    pub fn from_pack_for(pack: &[Card], opts: &NaOptions, dealer: Seat) -> Deal {
        let mut deal = Deal::from_pack(pack, opts.players, dealer);
        if opts.form != Form::Bidding {
            deal.turned = pack.last().copied();
        }
        deal
    }

    /// Reads deal notation for the game `opts` describes.
    pub fn parse_for(text: &str, opts: &NaOptions) -> Result<Deal, DealError> {
        if opts.form == Form::Bidding {
            return Deal::parse(text, opts.players);
        }
        let Some((head, turned)) = text.trim().rsplit_once('/') else {
            return Err(DealError::Fields { found: 1 });
        };
        let fields: Vec<&str> = head.split('/').collect();
        if fields.len() != 5 {
            return Err(DealError::Fields {
                found: fields.len() + 1,
            });
        }
        let dealer = match fields[0].trim().parse::<u8>() {
            Ok(d) if d < 4 => Seat(d),
            _ => return Err(DealError::Dealer(fields[0].trim().to_string())),
        };
        let mut hands = Vec::with_capacity(4);
        for f in &fields[1..] {
            hands.push(f.parse::<CardSet>()?);
        }
        let turned = match talon_cards::parse_cards(turned)?[..] {
            [c] => c,
            _ => return Err(DealError::Turned(turned.trim().to_string())),
        };
        let deal = Deal {
            dealer,
            hands,
            widow: CardSet::EMPTY,
            turned: Some(turned),
        };
        deal.validate()?;
        Ok(deal)
    }

    /// Deals a pack in the given order (top first); 32 cards deal 8 each.
    pub fn from_pack(pack: &[Card], players: u8, dealer: Seat) -> Deal {
        let hand = match (pack.len(), players) {
            (32, _) => 8,
            (_, 3) => 7,
            _ => 6,
        };
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
            turned: None,
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
            turned: None,
        };
        deal.validate()?;
        Ok(deal)
    }

    /// Right counts, each card of the pack exactly once, the turned card
    /// (if any) in the dealer's hand.
    pub fn validate(&self) -> Result<(), DealError> {
        let n = self.hands.len();
        let (size, deck) = match (self.turned, n) {
            (Some(_), _) => (8, Deck::ThirtyTwo),
            (None, 3) => (7, Deck::TwentyFour),
            _ => (6, Deck::TwentyFour),
        };
        if let Some(t) = self.turned {
            if !self
                .hands
                .get(self.dealer.index())
                .is_some_and(|h| h.contains(t))
            {
                return Err(DealError::Turned(t.to_string()));
            }
        }
        for (i, h) in self.hands.iter().enumerate() {
            if h.len() != size {
                return Err(DealError::HandSize {
                    seat: i as u8,
                    found: h.len(),
                    expected: size,
                });
            }
        }
        if self.widow.len() != deck.len() - n * size {
            return Err(DealError::WidowSize {
                found: self.widow.len(),
                expected: deck.len() - n * size,
            });
        }
        deck.distinct(
            self.hands
                .iter()
                .chain(std::iter::once(&self.widow))
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
        if self.hands.len() == 3 {
            write!(f, "/{}", self.widow)?;
        }
        if let Some(t) = self.turned {
            write!(f, "/{t}")?;
        }
        Ok(())
    }
}
