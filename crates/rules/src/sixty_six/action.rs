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

use crate::game::ActionParseError;
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

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(text: &str) -> Result<Action, ActionParseError> {
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
            Err(e) => Err(err(&format!(
                "{e}; actions are a card (QS), a marriage (MH), exchange, close, declare or draw"
            ))),
        }
    }
}
