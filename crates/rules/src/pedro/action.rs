//! Actions of the Pedro family and their notation.
//!
//! | action              | notation       | meaning                                                  |
//! |---------------------|----------------|----------------------------------------------------------|
//! | pass                | `pass`         | no bid (in a continuous auction with `pass_final`, out of the auction) |
//! | bid                 | `bid 45`       | contract for at least 45 points                           |
//! | double bid          | `bid double`   | 83's "83 double": all the points, scored double           |
//! | name trumps         | `trump H`      | the bidder names the trump suit                           |
//! | discard             | `discard 9C`   | a non-trump face down; a trump (only when allowed) face up |
//! | give                | `give 7H`      | pass a trump to partner, face up                          |
//! | keep                | `keep`         | decline to give excess trumps (`give_optional`): the extras go to the first trick |
//! | play                | `7H`           | lead or follow with a card (`play 7H` is read too)        |
//! | dump                | `dump`         | out of trumps: throw the whole hand into this trick and be out |
//!
//! Each action is one token or a keyword and one token, so a record is a
//! plain list of words.

use super::options::{Excess, OutOfTrumps, PedroOptions};
use crate::game::{or_list, ActionParseError};
use std::fmt;
use std::str::FromStr;
use talon_cards::{Card, Suit};

/// The bid value that means "double" in notation is carried as this number;
/// the state maps it to the preset's `max_bid + 1`.
pub const DOUBLE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Pass,
    /// A number, or [`DOUBLE`].
    Bid(u8),
    Trump(Suit),
    Discard(Card),
    Give(Card),
    /// Decline to give excess trumps to partner (`give_optional`).
    Keep,
    Play(Card),
    Dump,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(DOUBLE) => f.write_str("bid double"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::Trump(s) => write!(f, "trump {s}"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Give(c) => write!(f, "give {c}"),
            Action::Keep => f.write_str("keep"),
            Action::Play(c) => write!(f, "{c}"),
            Action::Dump => f.write_str("dump"),
        }
    }
}

/// The family's whole notation, for text read without a game at hand.
const ALL_ACTIONS: &str =
    "pass, bid N, bid double, trump S, discard C, give C, keep, a card, or dump";

/// The actions `opts` has, as a list for error messages: only 83 bids
/// double, only a game that passes trumps to partner gives.
pub(super) fn actions_in(opts: &PedroOptions) -> String {
    let bids = format!("bid N ({} to {})", opts.min_bid, opts.max_bid);
    let mut items = vec!["pass", &bids];
    if opts.double_bid {
        items.push("bid double");
    }
    items.extend(["trump S", "discard C"]);
    let gives = matches!(opts.excess, Excess::Give | Excess::GiveThenDiscard);
    if gives || opts.fold_pass {
        items.push("give C");
    }
    if (gives && opts.give_optional) || opts.discard_two_with_all {
        items.push("keep");
    }
    items.push("a card (7H)");
    if opts.out_of_trumps == OutOfTrumps::MayDump {
        items.push("dump");
    }
    or_list(&items)
}

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(text: &str) -> Result<Action, ActionParseError> {
        parse(text, ALL_ACTIONS)
    }
}

/// Reads `text`; where it is no action at all, the error lists `actions`.
pub(super) fn parse(text: &str, actions: &str) -> Result<Action, ActionParseError> {
    let err = |reason: String| ActionParseError {
        input: text.to_string(),
        reason,
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let card = |w: &str| -> Result<Card, ActionParseError> {
        w.parse::<Card>().map_err(|e| err(e.to_string()))
    };
    match words.as_slice() {
        [w] if w.eq_ignore_ascii_case("pass") => Ok(Action::Pass),
        [w] if w.eq_ignore_ascii_case("dump") => Ok(Action::Dump),
        [w] if w.eq_ignore_ascii_case("keep") => Ok(Action::Keep),
        [w, n] if w.eq_ignore_ascii_case("bid") => {
            if n.eq_ignore_ascii_case("double") {
                return Ok(Action::Bid(DOUBLE));
            }
            match n.parse::<u8>() {
                Ok(v) if v != DOUBLE => Ok(Action::Bid(v)),
                _ => Err(err(format!("a bid is a number or 'double', not {n:?}"))),
            }
        }
        [w, s] if w.eq_ignore_ascii_case("trump") => {
            let mut chars = s.chars();
            match (chars.next().and_then(Suit::from_char), chars.next()) {
                (Some(suit), None) => Ok(Action::Trump(suit)),
                _ => Err(err(format!("a trump suit is C, D, H or S, not {s:?}"))),
            }
        }
        [w, c] if w.eq_ignore_ascii_case("discard") => Ok(Action::Discard(card(c)?)),
        [w, c] if w.eq_ignore_ascii_case("give") => Ok(Action::Give(card(c)?)),
        [w, c] if w.eq_ignore_ascii_case("play") => Ok(Action::Play(card(c)?)),
        [c] => card(c)
            .map(Action::Play)
            .map_err(|e| err(format!("{}; actions are {actions}", e.reason))),
        _ => Err(err(format!("actions are {actions}"))),
    }
}
