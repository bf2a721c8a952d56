//! What a front end lists of the games: every preset with its players,
//! options (kind, default, meaning) and bots, for the engine protocol's
//! `games` and the server's `/api/games` alike.

use serde::Serialize;
use talon_rules::Preset;

/// One option of a preset.
#[derive(Clone, Debug, Serialize)]
pub struct OptionInfo {
    pub name: &'static str,
    /// `bool`, `int 1..=7`, `one of a|b` (docs/protocol.md).
    #[serde(rename = "type")]
    pub kind: String,
    /// None for a shorthand such as `sharp`, which only sets others.
    pub default: Option<String>,
    pub doc: &'static str,
}

/// One preset as front ends list it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub players: u8,
    pub min_players: u8,
    pub max_players: u8,
    pub description: &'static str,
    pub options: Vec<OptionInfo>,
    /// Every bot, weakest first: the five levels, then the variants.
    pub bots: Vec<&'static str>,
    /// The levels people play against.
    pub levels: [&'static str; 5],
}

pub fn game_info(p: Preset) -> GameInfo {
    let defaults = p.option_defaults();
    let options = p
        .offered_option_specs()
        .into_iter()
        .map(|spec| OptionInfo {
            name: spec.name,
            kind: spec.kind.to_string(),
            default: defaults
                .iter()
                .find(|(n, _)| *n == spec.name)
                .map(|(_, v)| v.to_string()),
            doc: spec.doc,
        })
        .collect();
    let (min_players, max_players) = p.player_range();
    GameInfo {
        name: p.name(),
        title: p.title(),
        players: p.players(),
        min_players,
        max_players,
        description: p.description(),
        options,
        bots: talon_bots::bot_names(p),
        levels: talon_bots::LEVELS,
    }
}

/// Every preset, in `Preset::ALL` order.
pub fn games() -> Vec<GameInfo> {
    Preset::ALL.into_iter().map(game_info).collect()
}
