//! Actions of Sixes and Sevens and their notation.
//!
//! | action        | notation   | meaning                                                   |
//! |---------------|------------|-----------------------------------------------------------|
//! | play a card   | `7H`       | lead or follow with that card                             |
//! | call an Ace   | `ace odd`  | (ace_wild) my Ace in this trick is odd: 1, the lowest     |
//! | call an Ace   | `ace even` | (ace_wild) my Ace in this trick is even: 14, the highest  |

use super::cards::AceCall;
use super::options::SevensOptions;
use crate::game::ActionParseError;
use std::fmt;
use std::str::FromStr;
use talon_cards::Card;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Play(Card),
    /// Calls the Ace this seat played to the trick odd (`true`) or even.
    Ace {
        odd: bool,
    },
}

impl Action {
    pub fn call(self) -> Option<AceCall> {
        match self {
            Action::Ace { odd: true } => Some(AceCall::Odd),
            Action::Ace { odd: false } => Some(AceCall::Even),
            Action::Play(_) => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(c) => write!(f, "{c}"),
            Action::Ace { odd: true } => f.write_str("ace odd"),
            Action::Ace { odd: false } => f.write_str("ace even"),
        }
    }
}

/// The family's whole notation, for text read without a game at hand.
const ALL_ACTIONS: &str = "a card (7H), \"ace odd\" or \"ace even\"";

/// The actions `opts` has, as a list for error messages: Aces are called
/// only when they are wild.
pub(super) fn actions_in(opts: &SevensOptions) -> &'static str {
    if opts.ace_wild {
        ALL_ACTIONS
    } else {
        "a card (7H)"
    }
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
    let words: Vec<String> = text
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["ace", "odd"] => Ok(Action::Ace { odd: true }),
        ["ace", "even"] => Ok(Action::Ace { odd: false }),
        ["ace", ..] => Err(err("an Ace is called \"ace odd\" or \"ace even\"".into())),
        [_] => match text.trim().parse::<Card>() {
            Ok(c) if !c.is_joker() => Ok(Action::Play(c)),
            Ok(_) => Err(err("there is no joker in this game".into())),
            Err(e) => Err(err(format!("{e}; actions are {actions}"))),
        },
        _ => Err(err(format!("actions are {actions}"))),
    }
}
