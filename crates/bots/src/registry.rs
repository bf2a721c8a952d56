//! Bots by name, for any preset. This is the one place where a game state
//! meets a bot: it hands the bot the mover's observation and legal actions,
//! never the state itself.

use crate::{Bot, NaHeuristic, NaSearchBot, PedroHeuristic, RandomBot, SevensHeuristic};
use std::fmt;
use talon_rules::na_sixty_six::NaSixtySix;
use talon_rules::pedro::Pedro;
use talon_rules::sevens::Sevens;
use talon_rules::sixty_six::SixtySix;
use talon_rules::{ActionList, AnyGame, Family, Game, Preset};

/// Bots of Sixes and Sevens.
const SEVENS: &[&str] = &["random", "heuristic", "beginner", "intermediate", "expert"];

/// Bots of North American Sixty-six.
const NA: &[&str] = &[
    "random",
    "heuristic",
    "beginner",
    "intermediate",
    "expert",
    "pimc",
    "policy-bids",
];

/// The names [`AnyBot::new`] accepts for a preset, weakest first.
pub fn bot_names(preset: Preset) -> Vec<&'static str> {
    match preset.family() {
        Family::SixtySix => crate::NAMES.to_vec(),
        Family::NaSixtySix => NA.to_vec(),
        Family::Sevens => SEVENS.to_vec(),
        Family::Pedro => crate::PEDRO_NAMES.to_vec(),
    }
}

/// `name` as the preset's bots are called, in any case and with spaces
/// around (`Expert` is `expert`), or why not.
pub fn canonical_bot(name: &str, preset: Preset) -> Result<&'static str, UnknownBot> {
    let known = bot_names(preset);
    known
        .iter()
        .find(|k| k.eq_ignore_ascii_case(name.trim()))
        .copied()
        .ok_or(UnknownBot {
            name: name.to_string(),
            known,
            preset: Some(preset),
        })
}

/// The levels people play against, weakest first: the same in every
/// family. [`bot_names`] adds the named variants kept for experiments and
/// comparisons (`pimc`, `expert-2026-11`, …).
pub const LEVELS: [&str; 5] = ["random", "heuristic", "beginner", "intermediate", "expert"];

/// The strongest bot available for a preset, used for hints.
pub fn strongest(preset: Preset) -> &'static str {
    // Every family has search bots; the name is shared.
    let _ = preset;
    "expert"
}

/// A bot name that does not exist (for this preset).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBot {
    pub name: String,
    /// The names that would have been accepted.
    pub known: Vec<&'static str>,
    /// The preset asked for, when known (the message points to its list).
    pub preset: Option<Preset>,
}

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown bot {:?}", self.name)?;
        if let Some(p) = self.preset {
            write!(f, " for {}", p.name())?;
        }
        if let Some(near) = talon_rules::nearest(&self.name, self.known.iter().copied()) {
            write!(f, " (did you mean {near:?}?)")?;
        }
        write!(f, " ({})", known_text(&self.known, self.preset))
    }
}

/// `names` split into the levels people play against ([`LEVELS`]) and
/// the variants kept for experiments, each in the order given.
pub fn levels_and_variants<'a>(names: &[&'a str]) -> (Vec<&'a str>, Vec<&'a str>) {
    names.iter().partition(|name| LEVELS.contains(name))
}

/// The accepted names for an error message: the levels people play
/// against, and only how many variants there are, so a newcomer reads the
/// five that matter, not seventeen that do not (`talon games PRESET`
/// lists them all; the preset's own name when known).
pub fn known_text(known: &[&str], preset: Option<Preset>) -> String {
    let (levels, variants) = levels_and_variants(known);
    let mut text = format!("levels: {}", levels.join(", "));
    match variants.len() {
        0 => {}
        1 => text.push_str(&format!(
            "; and a variant kept for experiments: {}",
            variants[0]
        )),
        n => text.push_str(&format!(
            "; and {n} variants kept for experiments, listed by `talon games {}`",
            preset.map_or("PRESET", Preset::name)
        )),
    }
    text
}

impl std::error::Error for UnknownBot {}

/// A bot for some family. `Send`, so a front end may run it on another
/// thread (the Python package releases the GIL while it searches).
pub enum AnyBot {
    SixtySix(Box<dyn Bot<SixtySix> + Send>),
    NaSixtySix(Box<dyn Bot<NaSixtySix> + Send>),
    Sevens(Box<dyn Bot<Sevens> + Send>),
    Pedro(Box<dyn Bot<Pedro> + Send>),
}

impl AnyBot {
    /// The bot called `name` (in any case: [`canonical_bot`]) for `preset`.
    pub fn new(name: &str, preset: Preset, seed: u64) -> Result<AnyBot, UnknownBot> {
        let name = canonical_bot(name, preset)?;
        let unknown = || UnknownBot {
            name: name.to_string(),
            known: bot_names(preset),
            preset: Some(preset),
        };
        match preset.family() {
            Family::SixtySix => Ok(AnyBot::SixtySix(crate::by_name(name, seed)?)),
            Family::NaSixtySix => match name {
                "random" => Ok(AnyBot::NaSixtySix(Box::new(RandomBot::new(seed)))),
                "heuristic" => Ok(AnyBot::NaSixtySix(Box::new(NaHeuristic))),
                level => match NaSearchBot::level(level, seed) {
                    Some(b) => Ok(AnyBot::NaSixtySix(Box::new(b))),
                    None => Err(unknown()),
                },
            },
            Family::Sevens => match name {
                "random" => Ok(AnyBot::Sevens(Box::new(RandomBot::new(seed)))),
                "heuristic" => Ok(AnyBot::Sevens(Box::new(SevensHeuristic))),
                level => match crate::sevens_level(level, seed) {
                    Some(b) => Ok(AnyBot::Sevens(Box::new(b))),
                    None => Err(unknown()),
                },
            },
            Family::Pedro => match name {
                "random" => Ok(AnyBot::Pedro(Box::new(RandomBot::new(seed)))),
                "heuristic" => Ok(AnyBot::Pedro(Box::new(PedroHeuristic))),
                _ => {
                    let total = preset.pedro_defaults().total_points();
                    match crate::pedro_level(name, total, seed) {
                        Some(bot) => Ok(AnyBot::Pedro(Box::new(bot))),
                        None => Err(unknown()),
                    }
                }
            },
        }
    }

    pub fn name(&self) -> &str {
        match self {
            AnyBot::SixtySix(b) => b.name(),
            AnyBot::NaSixtySix(b) => b.name(),
            AnyBot::Sevens(b) => b.name(),
            AnyBot::Pedro(b) => b.name(),
        }
    }

    /// See [`Bot::set_time_limit`].
    pub fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        match self {
            AnyBot::SixtySix(b) => b.set_time_limit(limit),
            AnyBot::NaSixtySix(b) => b.set_time_limit(limit),
            AnyBot::Sevens(b) => b.set_time_limit(limit),
            AnyBot::Pedro(b) => b.set_time_limit(limit),
        }
    }

    /// The action this bot chooses for the seat to move, in notation;
    /// `None` when the game is over.
    pub fn choose(&mut self, game: &AnyGame) -> Option<String> {
        let seat = game.to_move()?;
        match (self, game) {
            (AnyBot::SixtySix(bot), AnyGame::SixtySix { game, .. }) => {
                Some(choose_typed(bot.as_mut(), game, seat))
            }
            (AnyBot::NaSixtySix(bot), AnyGame::NaSixtySix { game, .. }) => {
                Some(choose_typed(bot.as_mut(), game, seat))
            }
            (AnyBot::Sevens(bot), AnyGame::Sevens { game, .. }) => {
                Some(choose_typed(bot.as_mut(), game, seat))
            }
            (AnyBot::Pedro(bot), AnyGame::Pedro { game, .. }) => {
                Some(choose_typed(bot.as_mut(), game, seat))
            }
            // A bot made for another family has nothing to say here.
            _ => None,
        }
    }
}

fn choose_typed<G: Game>(bot: &mut dyn Bot<G>, game: &G, seat: talon_cards::Seat) -> String {
    let obs = game.observe(seat);
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    bot.choose(&obs, &legal).to_string()
}
