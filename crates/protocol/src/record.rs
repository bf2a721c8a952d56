//! The game record: everything needed to replay and check a deal.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use talon_rules::{AnyGame, Preset, Setup};

use crate::wire::ResultView;

pub const RECORD_FORMAT: &str = "talon-record";
pub const RECORD_VERSION: u32 = 1;

/// A versioned record of one deal: preset, options, the deal in deal
/// notation, the actions in order, and the result they lead to.
/// Unknown fields are refused (a misspelt field would otherwise be lost
/// silently), and `result` must be present: `null` only while the deal is
/// unfinished.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format: String,
    pub version: u32,
    pub game: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub deal: String,
    pub actions: Vec<String>,
    #[serde(deserialize_with = "present")]
    pub result: Option<ResultView>,
    /// Names of the players by seat, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<String>>,
    /// The seed the deal was dealt from, if it was (`talon resume` deals
    /// from it again, so the game goes on as it began).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Unix seconds when play started and ended, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_unix: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_unix: Option<u64>,
}

/// Reads an `Option` field that must be written out, even as `null`
/// (serde would otherwise take a missing field for `None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<ResultView>, D::Error> {
    Option::deserialize(d)
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    Format(String),
    Setup(String),
    Action {
        index: usize,
        action: String,
        error: String,
    },
    ResultMismatch {
        recorded: Option<Box<ResultView>>,
        replayed: Option<Box<ResultView>>,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Format(e) => write!(f, "not a Talon record: {e}"),
            RecordError::Setup(e) => write!(f, "record cannot be set up: {e}"),
            RecordError::Action {
                index,
                action,
                error,
            } => {
                write!(
                    f,
                    "action {} ({action:?}) does not replay: {error}",
                    index + 1
                )
            }
            RecordError::ResultMismatch { recorded, replayed } => {
                // Points too: a record edited there alone would otherwise
                // show two identical results.
                let show = |r: &Option<Box<ResultView>>| match r {
                    Some(r) => format!("score {:?}, points {:?} ({})", r.score, r.points, r.text),
                    None => "none (deal unfinished)".to_string(),
                };
                write!(
                    f,
                    "the recorded result, {}, is not what the actions lead to: {}",
                    show(recorded),
                    show(replayed)
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// A record of `game` as played so far by `actions`.
    pub fn of(game: &AnyGame, options: &[(String, String)], actions: &[String]) -> GameRecord {
        GameRecord {
            format: RECORD_FORMAT.to_string(),
            version: RECORD_VERSION,
            game: game.preset().name().to_string(),
            options: options.iter().cloned().collect(),
            deal: game.deal_text(),
            actions: actions.to_vec(),
            result: game.summary().map(ResultView::from),
            players: None,
            seed: None,
            started_unix: None,
            finished_unix: None,
        }
    }

    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let r: GameRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Format(e.to_string()))?;
        if r.format != RECORD_FORMAT {
            return Err(RecordError::Format(format!(
                "format is {:?}, expected {RECORD_FORMAT:?}",
                r.format
            )));
        }
        if r.version != RECORD_VERSION {
            return Err(RecordError::Format(format!(
                "version {} is not supported (this is {RECORD_VERSION})",
                r.version
            )));
        }
        Ok(r)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records serialize")
    }

    /// The initial state of the recorded deal.
    pub fn start(&self) -> Result<AnyGame, RecordError> {
        let preset =
            Preset::from_name(&self.game).map_err(|e| RecordError::Setup(e.to_string()))?;
        let options: Vec<(String, String)> = self.options.clone().into_iter().collect();
        AnyGame::new(preset, &options, &Setup::Deal(self.deal.clone()))
            .map_err(|e| RecordError::Setup(e.to_string()))
    }

    /// Replays every action, calling `each` after each one, and checks the
    /// recorded result against the replayed one.
    pub fn replay(&self, mut each: impl FnMut(&AnyGame, &str)) -> Result<AnyGame, RecordError> {
        let mut game = self.start()?;
        for (index, action) in self.actions.iter().enumerate() {
            game.play(action).map_err(|e| RecordError::Action {
                index,
                action: action.clone(),
                error: e.to_string(),
            })?;
            each(&game, action);
        }
        // The recorded result must be the replayed one: `null` exactly
        // when the actions leave the deal unfinished.
        let replayed = game.summary().map(ResultView::from);
        if replayed != self.result {
            return Err(RecordError::ResultMismatch {
                recorded: self.result.clone().map(Box::new),
                replayed: replayed.map(Box::new),
            });
        }
        Ok(game)
    }
}
