//! Actions of North American Sixty-six and their notation.
//!
//! | action              | notation     | meaning                                              |
//! |---------------------|--------------|------------------------------------------------------|
//! | pass                | `pass`       | no bid (each player speaks once)                     |
//! | bid                 | `bid 2`      | bid 1-4: to take 33, 66, 99 or 132 points            |
//! | moon                | `moon`       | bid 5 (`bid 5` also reads): play alone, partner out  |
//! | play a card         | `KH`         | lead or follow with that card                        |
//! | lead a marriage     | `KH+`        | lead K or Q holding its mate, announcing 40 or 20    |
//! | lay away            | `discard KH` | (widow=exchange) lay a card away after taking the widow |

use super::options::{Form, NaOptions, Widow};
use crate::game::{or_list, ActionParseError};
use std::fmt;
use std::str::FromStr;
use talon_cards::{Card, Rank};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    Pass,
    /// 1 to 4, or 5 for the moon.
    Bid(u8),
    Play(Card),
    /// Leads a king or queen and announces the marriage with its mate.
    Marriage(Card),
    Discard(Card),
}

pub const MOON: u8 = 5;

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Bid(MOON) => f.write_str("moon"),
            Action::Bid(n) => write!(f, "bid {n}"),
            Action::Play(c) => write!(f, "{c}"),
            Action::Marriage(c) => write!(f, "{c}+"),
            Action::Discard(c) => write!(f, "discard {c}"),
        }
    }
}

/// The family's whole notation, for text read without a game at hand.
const ALL_ACTIONS: &str = "pass, bid 1-4, moon, a card (KH), a marriage lead (KH+) or discard KH";

/// The actions `opts` has, as a list for error messages: Hoyle's game has
/// no auction, and only an exchanged widow is laid away.
pub(super) fn actions_in(opts: &NaOptions) -> String {
    if opts.form == Form::TurnedTrump {
        return "a card (KH)".into();
    }
    let mut items = vec!["pass", "bid 1-4"];
    if opts.moon {
        items.push("moon");
    }
    items.extend(["a card (KH)", "a marriage lead (KH+)"]);
    if opts.players == 3 && opts.widow == Widow::Exchange {
        items.push("discard KH");
    }
    or_list(&items)
}

fn card(text: &str, actions: &str) -> Result<Card, String> {
    match text.parse::<Card>() {
        Ok(c) if c.is_joker() => Err("there is no joker in this game".into()),
        Ok(c) => Ok(c),
        Err(e) => Err(format!("{e}; actions are {actions}")),
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
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    match lower.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["pass"] => Ok(Action::Pass),
        ["moon"] => Ok(Action::Bid(MOON)),
        ["bid", n] => match n.parse::<u8>() {
            Ok(b @ 1..=MOON) => Ok(Action::Bid(b)),
            _ => Err(err(format!(
                "bid {n:?} is out of range: bids are 1 to 4, or 5 (moon)"
            ))),
        },
        ["discard", _] => card(words[1], actions).map(Action::Discard).map_err(err),
        [one] if one.ends_with('+') => {
            let c = card(&words[0][..words[0].len() - 1], actions).map_err(err)?;
            match c.rank() {
                Some(Rank::King | Rank::Queen) => Ok(Action::Marriage(c)),
                _ => Err(err("only a king or queen is led for a marriage".into())),
            }
        }
        [_] => card(words[0], actions).map(Action::Play).map_err(err),
        _ => Err(err(format!("actions are {actions}"))),
    }
}
