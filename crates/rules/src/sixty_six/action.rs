//! Actions of the Sixty-six family and their notation.
//!
//! | action            | notation  | meaning                                              |
//! |-------------------|-----------|------------------------------------------------------|
//! | play a card       | `QS`      | lead or follow with that card                        |
//! | meld a marriage   | `MH`      | show K+Q of hearts (20, or 40 in trumps); the king or queen is led next |
//! | exchange          | `exchange`| swap the lowest trump for the trump card under the talon |
//! | close             | `close`   | turn the trump card down: no more drawing            |
//! | declare           | `declare` | claim 66 and stop the deal, right or wrong           |
//! | draw              | `draw`    | the trick winner declines to close before drawing    |

use super::options::{Declaring, SixtySixOptions};
use crate::game::{or_list, ActionParseError};
use std::fmt;
use std::str::FromStr;
use talon_cards::{Card, Suit};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Play(Card),
    Meld(Suit),
    Exchange,
    Close,
    Declare,
    Draw,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "{c}"),
            Action::Meld(s) => write!(f, "M{s}"),
            Action::Exchange => f.write_str("exchange"),
            Action::Close => f.write_str("close"),
            Action::Declare => f.write_str("declare"),
            Action::Draw => f.write_str("draw"),
        }
    }
}

/// The family's whole notation, for text read without a game at hand.
const ALL_ACTIONS: &str = "a card (QS), a marriage (MH), exchange, close, declare or draw";

/// The actions `opts` has, as a list for error messages: a preset without
/// closing is not told to type `close`.
pub(super) fn actions_in(opts: &SixtySixOptions) -> String {
    let mut items = vec!["a card (QS)", "a marriage (MH)", "exchange"];
    if opts.closing {
        items.push("close");
    }
    if opts.declaring == Declaring::Manual {
        items.push("declare");
    }
    if opts.closing && opts.close_before_draw {
        items.push("draw");
    }
    or_list(&items)
}

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(text: &str) -> Result<Action, ActionParseError> {
        parse(text, ALL_ACTIONS)
    }
}

/// Reads `text`; an unreadable card's error lists `actions`.
pub(super) fn parse(text: &str, actions: &str) -> Result<Action, ActionParseError> {
    let t = text.trim();
    let err = |reason: &str| ActionParseError {
        input: text.to_string(),
        reason: reason.to_string(),
    };
    match t.to_ascii_lowercase().as_str() {
        "exchange" => return Ok(Action::Exchange),
        "close" => return Ok(Action::Close),
        "declare" => return Ok(Action::Declare),
        "draw" => return Ok(Action::Draw),
        _ => {}
    }
    let chars: Vec<char> = t.chars().collect();
    if let ['M' | 'm', s] = chars[..] {
        return Suit::from_char(s)
            .map(Action::Meld)
            .ok_or_else(|| err("a marriage is M and a suit, e.g. MH"));
    }
    match t.parse::<Card>() {
        Ok(c) if !c.is_joker() => Ok(Action::Play(c)),
        Ok(_) => Err(err("there is no joker in this game")),
        Err(e) => Err(err(&format!("{e}; actions are {actions}"))),
    }
}
