//! Requests and replies of the engine protocol: one JSON object per line.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use talon_rules::{AnyGame, Summary};

/// A request, tagged by its `cmd` field.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "cmd", rename_all = "lowercase", deny_unknown_fields)]
pub enum Request {
    /// Start a deal: from a seed or an exact deal, with options over the preset's defaults.
    New {
        game: String,
        #[serde(default)]
        seed: Option<u64>,
        #[serde(default)]
        deal: Option<String>,
        #[serde(default, deserialize_with = "some_options_once")]
        options: Option<Map<String, Value>>,
        /// A whole match (to the game's target) instead of one deal.
        #[serde(default, rename = "match")]
        whole_match: bool,
    },
    /// Deal the next deal of a match, once a deal is over.
    Next {},
    /// Apply an action in the game's notation.
    Play { action: String },
    /// What one seat may know.
    Observe { seat: u8 },
    /// The action a bot would choose for the seat to move (not applied).
    /// Seeded requests replay exactly: the bot searches by its count
    /// budgets only, unless the caller asks for a time limit.
    Bot {
        name: String,
        #[serde(default)]
        seat: Option<u8>,
        #[serde(default)]
        seed: Option<u64>,
        /// A wall-clock limit on the search in milliseconds (then the
        /// answer may depend on the machine's load).
        #[serde(default)]
        time_limit_ms: Option<u64>,
    },
    // The requests without arguments are empty struct variants, not unit
    // variants: serde ignores extra fields on unit variants of a tagged
    // enum, and every request must refuse fields it does not know.
    /// Take back the last action.
    Undo {},
    /// The game record so far.
    Record {},
    /// The current state again (same reply as `play`).
    State {},
    /// List the presets.
    Games {},
}

/// The outcome of a finished deal.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ResultView {
    /// Points taken in play per seat.
    pub points: Vec<i32>,
    /// Score change per seat (game points; partners share their team's).
    pub score: Vec<i32>,
    pub text: String,
}

impl From<Summary> for ResultView {
    fn from(s: Summary) -> Self {
        ResultView {
            points: s.points,
            score: s.score,
            text: s.text,
        }
    }
}

/// The reply to `new`, `play`, `undo` and `state`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct StateReply {
    pub ok: bool,
    pub game: String,
    pub to_move: Option<u8>,
    pub legal: Vec<String>,
    pub result: Option<ResultView>,
    /// The match so far (a match only).
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    pub match_view: Option<MatchView>,
}

/// Where a match stands.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MatchView {
    /// The deal being played (or just over), from 1.
    pub deal_no: u32,
    /// Match score per seat (partners show their side's).
    pub scores: Vec<i32>,
    /// `playing`, `deal_over` (send `next`) or `finished`.
    pub status: String,
    /// The winning seat (for partners the lower seat of the side).
    pub winner: Option<u8>,
    /// Every winning seat: both partners, or all who share first place.
    #[serde(default)]
    pub winners: Vec<u8>,
    /// True when the match ended at the deal cap without a winner.
    pub unfinished: bool,
}

impl StateReply {
    pub fn of(game: &AnyGame) -> StateReply {
        StateReply {
            ok: true,
            game: game.preset().name().to_string(),
            to_move: game.to_move().map(|s| s.0),
            legal: game.legal_actions(),
            result: game.summary().map(ResultView::from),
            match_view: None,
        }
    }
}

/// Any refused request: names the problem; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct ErrorReply {
    pub ok: bool,
    pub error: String,
}

/// The longest error message a reply carries, whatever it quotes.
pub const MAX_ERROR_CHARS: usize = 2_000;

/// The longest piece of bad input an error quotes whole: a longer one
/// shows its start, so a 10 MB request is not echoed back, while Talon's
/// own words (the options a game has, what an action looks like) stay.
pub const MAX_QUOTED_CHARS: usize = 100;

impl ErrorReply {
    pub fn new(error: impl Into<String>) -> ErrorReply {
        ErrorReply {
            ok: false,
            error: error_text(&error.into()),
        }
    }
}

/// An error message as a reply or frame carries it: quoted input cut to
/// [`MAX_QUOTED_CHARS`], the whole to [`MAX_ERROR_CHARS`].
pub fn error_text(message: &str) -> String {
    shorten(&shorten_quotes(message, MAX_QUOTED_CHARS), MAX_ERROR_CHARS)
}

/// `text` with every double-quoted run (as `{:?}` quotes input) longer
/// than `max` characters cut to its first `max`, saying how much was left
/// out.
pub fn shorten_quotes(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_ERROR_CHARS));
    let mut rest = text;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        // The closing quote: the first not escaped by a backslash.
        let mut escaped = false;
        let close = rest.char_indices().find_map(|(i, c)| {
            let end = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            end.then_some(i)
        });
        let Some(close) = close else {
            out.push_str(&shorten(rest, max));
            return out;
        };
        let quoted = &rest[..close];
        match quoted.char_indices().nth(max) {
            None => {
                out.push_str(quoted);
                out.push('"');
            }
            Some((cut, _)) => out.push_str(&format!(
                "{}…\" ({} more bytes not shown)",
                &quoted[..cut],
                quoted.len() - cut
            )),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// `text` cut to at most `max` characters, saying how much was left out.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!(
            "{}… ({} more bytes not shown)",
            &text[..cut],
            text.len() - cut
        ),
    }
}

/// A JSON object of rule options, refusing a name given twice: a JSON
/// object read into a map keeps only the last value of a repeated key,
/// and which one the sender meant is anybody's guess. For
/// `#[serde(deserialize_with)]` (the engine's `new`, the server's new
/// table).
pub fn options_once<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Map<String, Value>, D::Error> {
    struct Once;
    impl<'de> serde::de::Visitor<'de> for Once {
        type Value = Map<String, Value>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of options, name to value")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut a: A,
        ) -> Result<Self::Value, A::Error> {
            let mut map = Map::new();
            while let Some((k, v)) = a.next_entry::<String, Value>()? {
                if map.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!(
                        "option {k:?} is given twice"
                    )));
                }
                map.insert(k, v);
            }
            Ok(map)
        }
    }
    d.deserialize_map(Once)
}

/// [`options_once`] for an optional field (`null` is no options).
fn some_options_once<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Map<String, Value>>, D::Error> {
    struct Maybe;
    impl<'de> serde::de::Visitor<'de> for Maybe {
        type Value = Option<Map<String, Value>>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object of options, name to value, or null")
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_some<D2: serde::Deserializer<'de>>(self, d: D2) -> Result<Self::Value, D2::Error> {
            options_once(d).map(Some)
        }
    }
    d.deserialize_option(Maybe)
}

/// Option values arrive as JSON scalars; the rules take text (and
/// refuse one name in two spellings, `sharp` and `SHARP`).
pub fn options_from_json(map: &Map<String, Value>) -> Result<Vec<(String, String)>, String> {
    map.iter()
        .map(|(k, v)| {
            let text = match v {
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.clone(),
                other => {
                    return Err(format!(
                        "option {k:?} must be a boolean, number or string, not {other}"
                    ))
                }
            };
            Ok((k.clone(), text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name given twice in `new`'s options is refused (a map would keep
    /// only the last); one given once, none, or `null` is taken.
    #[test]
    fn an_option_given_twice_is_refused() {
        let new = |options: &str| {
            let line = format!(r#"{{"cmd":"new","game":"schnapsen","options":{options}}}"#);
            serde_json::from_str::<Request>(&line)
                .map_err(|e| e.to_string())
                .and_then(|r| match r {
                    Request::New { options, .. } => options_from_json(&options.unwrap_or_default()),
                    _ => unreachable!(),
                })
        };
        let e = new(r#"{"sharp":"yes","sharp":"no"}"#).unwrap_err();
        assert!(e.contains("option \"sharp\" is given twice"), "{e}");
        assert_eq!(
            new(r#"{"sharp":true}"#),
            Ok(vec![("sharp".into(), "true".into())])
        );
        assert_eq!(new("{}"), Ok(vec![]));
        assert_eq!(new("null"), Ok(vec![]));
        assert!(new("5").is_err());
    }

    #[test]
    fn long_quotes_are_cut_and_the_words_around_them_kept() {
        let long = "Q".repeat(5_000);
        let text = format!("unknown option {long:?}; the options of this game: a, b");
        let short = shorten_quotes(&text, 100);
        assert_eq!(
            short,
            format!(
                "unknown option \"{}…\" (4900 more bytes not shown); the options of this game: a, b",
                "Q".repeat(100)
            )
        );
        // Short quotes, escaped quotes and text without quotes stay whole.
        let fine = r#"card "h" is not "a \"card\"" like "TH""#;
        assert_eq!(shorten_quotes(fine, 100), fine);
        assert_eq!(shorten_quotes("no quotes", 3), "no quotes");
        // An unclosed quote is cut like the rest.
        let open = format!("bad \"{long}");
        assert!(shorten_quotes(&open, 100).len() < 200);
    }
}
