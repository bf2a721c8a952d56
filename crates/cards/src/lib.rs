//! Cards, suits, ranks, seats and the [`CardSet`] bitset.
//!
//! This crate knows nothing about any game: it has no notion of trumps,
//! points or rank order beyond the natural one. Games layer their own
//! orders on top (Sixty-six ranks the ten above the king, for example).
//! It does no IO and holds no randomness.

mod card;
mod cardset;
mod deck;
mod notation;
mod seat;

pub use card::{Card, Rank, Suit};
pub use cardset::{CardSet, CardSetIter};
pub use deck::{Deck, Misfit};
pub use notation::{parse_cards, CardParseError, CardParseErrorKind};
pub use seat::Seat;
