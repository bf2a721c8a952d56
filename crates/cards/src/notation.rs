//! Text notation for cards: rank then suit, `TH` for the ten of hearts,
//! `JK` for the joker. Parsing is case-insensitive and also accepts `10`
//! for the ten; printing always uses the canonical two-character form.

use crate::card::{Card, Rank, Suit};
use crate::cardset::CardSet;
use std::fmt;
use std::str::FromStr;

/// Why a card could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError {
    pub input: String,
    pub kind: CardParseErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardParseErrorKind {
    Empty,
    BadRank(char),
    BadSuit(char),
    WrongLength,
    Duplicate,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            CardParseErrorKind::Empty => write!(f, "empty card"),
            CardParseErrorKind::BadRank(c) => {
                write!(
                    f,
                    "bad rank {c:?} in card {:?} (ranks: A K Q J T 9 … 2)",
                    self.input
                )
            }
            CardParseErrorKind::BadSuit(c) => {
                write!(
                    f,
                    "bad suit {c:?} in card {:?} (suits: C D H S)",
                    self.input
                )
            }
            CardParseErrorKind::WrongLength => {
                write!(
                    f,
                    "card {:?} is not rank+suit like \"TH\" or \"JK\"",
                    self.input
                )
            }
            CardParseErrorKind::Duplicate => write!(f, "card {:?} is listed twice", self.input),
        }
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let err = |kind| CardParseError {
            input: s.to_string(),
            kind,
        };
        let t = s.trim();
        if t.is_empty() {
            return Err(err(CardParseErrorKind::Empty));
        }
        if t.eq_ignore_ascii_case("JK") {
            return Ok(Card::JOKER);
        }
        let chars: Vec<char> = t.chars().collect();
        let (rank, suit) = match chars.as_slice() {
            ['1', '0', s] => (Some(Rank::Ten), *s),
            [r, s] => (Rank::from_char(*r), *s),
            _ => return Err(err(CardParseErrorKind::WrongLength)),
        };
        let rank = rank.ok_or_else(|| err(CardParseErrorKind::BadRank(chars[0])))?;
        let suit = Suit::from_char(suit).ok_or_else(|| err(CardParseErrorKind::BadSuit(suit)))?;
        Ok(Card::new(suit, rank))
    }
}

/// Reads whitespace- or comma-separated cards, rejecting duplicates.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardParseError> {
    let mut seen = CardSet::EMPTY;
    let mut out = Vec::new();
    for tok in s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let card: Card = tok.parse()?;
        if seen.contains(card) {
            return Err(CardParseError {
                input: tok.to_string(),
                kind: CardParseErrorKind::Duplicate,
            });
        }
        seen.insert(card);
        out.push(card);
    }
    Ok(out)
}

impl FromStr for CardSet {
    type Err = CardParseError;
    fn from_str(s: &str) -> Result<CardSet, CardParseError> {
        Ok(parse_cards(s)?.into_iter().collect())
    }
}
