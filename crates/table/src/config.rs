//! What a table is made of before anything happens at it: a preset with
//! its options, one entry per seat, match or single deal, and the seed the
//! deals come from. Validated once, up front, so a bad config changes
//! nothing anywhere.

use crate::error::TableError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use talon_bots::canonical_bot;
use talon_rules::{AnyGame, AnyMatch, Preset, Setup};

/// The longest display name a seat may have (in characters).
pub const MAX_NAME_CHARS: usize = 40;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum SeatSpec {
    /// A person, invited by name (or nameless).
    Person {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// A bot of a named level (see `talon games`: random … expert).
    Bot { level: String },
    /// An open seat: a person seat nobody is named for yet.
    Empty,
}

impl SeatSpec {
    pub fn is_bot(&self) -> bool {
        matches!(self, SeatSpec::Bot { .. })
    }

    /// The name people see for this seat.
    pub fn display_name(&self, seat: u8) -> String {
        match self {
            SeatSpec::Person { name: Some(n) } => n.clone(),
            SeatSpec::Person { name: None } | SeatSpec::Empty => format!("seat {seat}"),
            SeatSpec::Bot { level } => format!("{level} bot"),
        }
    }
}

/// `options` without those that change nothing in `preset` (see
/// [`TableConfig::drop_inert_options`]), for a game made from a stored one.
pub fn without_inert_options(
    preset: Preset,
    options: &[(String, String)],
) -> Vec<(String, String)> {
    let inert = talon_rules::Ruleset::inert_options(preset, options);
    // Names are read without regard to case.
    let counts = |name: &str| !inert.iter().any(|i| i.eq_ignore_ascii_case(name));
    options
        .iter()
        .filter(|(name, _)| counts(name))
        .cloned()
        .collect()
}

/// A table before its first event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableConfig {
    /// The preset's name, e.g. `sixty-three`.
    pub preset: String,
    /// Options over the preset's defaults, by name.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatSpec>,
    /// A whole match (to the game's target) rather than one deal.
    #[serde(default, rename = "match")]
    pub whole_match: bool,
    /// Where the deals come from. Whoever knows it knows every hand, so it
    /// never leaves the table while play goes on.
    pub seed: u64,
    /// Whether people may ask for hints; by default only when at most one
    /// person sits at the table (no hints between people playing each other).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hints: Option<bool>,
    /// An exact first deal in the family's notation, instead of one dealt
    /// from the seed (the engine protocol's `deal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<String>,
    /// Memory ("scharf") play: while a deal is played, the states show no
    /// past tricks and no points, as strict Schnapsen players keep them in
    /// their heads. It only shapes the states: every card played was
    /// public once, so a client that records events still has them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub memory: bool,
}

impl TableConfig {
    /// Checks everything a table needs: a known preset, valid options, one
    /// seat per player, known bot levels and sane names. Returns the preset.
    pub fn validate(&self) -> Result<Preset, TableError> {
        let preset =
            Preset::from_name(&self.preset).map_err(|e| TableError::Config(e.to_string()))?;
        let probe = match (&self.deal, self.whole_match) {
            // A match's first deal must also suit the match (its dealer).
            (Some(text), true) => AnyMatch::new(preset, &self.option_pairs(), self.seed)
                .map_err(|e| TableError::Config(e.to_string()))?
                .deal_from_text(text),
            (Some(text), false) => {
                AnyGame::new(preset, &self.option_pairs(), &Setup::Deal(text.clone()))
            }
            (None, _) => AnyGame::new(preset, &self.option_pairs(), &Setup::Seed(self.seed)),
        }
        .map_err(|e| TableError::Config(e.to_string()))?;
        let players = usize::from(probe.seats());
        if self.seats.len() != players {
            return Err(TableError::Config(format!(
                "{} with these options is played by {players}, but {} given",
                preset.name(),
                match self.seats.len() {
                    1 => "1 seat was".to_string(),
                    n => format!("{n} seats were"),
                }
            )));
        }
        for (i, seat) in self.seats.iter().enumerate() {
            match seat {
                SeatSpec::Bot { level } => {
                    canonical_bot(level, preset)
                        .map_err(|e| TableError::Config(format!("seat {i}: {e}")))?;
                }
                SeatSpec::Person { name: Some(name) } => check_name(i, name)?,
                _ => {}
            }
        }
        Ok(preset)
    }

    /// What a new table is checked for beyond `validate`, when it is
    /// opened and not on replay (so a table stored before still loads):
    /// its options are a game one may choose (`talon_rules::Ruleset::new`:
    /// they fit together and deal), and a match target belongs to a match
    /// (set for a lone deal it would do nothing, and the person meant to
    /// play a match).
    pub fn check_new(&self) -> Result<(), TableError> {
        let preset =
            Preset::from_name(&self.preset).map_err(|e| TableError::Config(e.to_string()))?;
        let options = self.option_pairs();
        talon_rules::Ruleset::new(preset, &options)
            .map_err(|e| TableError::Config(e.to_string()))?;
        match preset.target_given(&options) {
            Some(name) if !self.whole_match => Err(TableError::Config(format!(
                "option {name} sets the score a match is played to, and this table plays one deal: make it a match or leave the option out"
            ))),
            _ => Ok(()),
        }
    }

    /// Leaves out the options that change nothing in this game and are
    /// set away from their default: a table saved before such options were
    /// refused holds them, and a new table made from it (a rematch) would
    /// be refused for them. They change nothing, so the game is the same.
    pub fn drop_inert_options(&mut self) {
        let Ok(preset) = Preset::from_name(&self.preset) else {
            return;
        };
        self.options = without_inert_options(preset, &self.option_pairs())
            .into_iter()
            .collect();
    }

    /// Leaves out a match target set for a single deal (what
    /// [`TableConfig::check_new`] refuses in a new table, kept by tables
    /// stored before): it never did anything.
    pub fn drop_idle_target(&mut self) {
        let Ok(preset) = Preset::from_name(&self.preset) else {
            return;
        };
        let given = preset
            .target_given(&self.option_pairs())
            .map(str::to_string);
        if let (Some(name), false) = (given, self.whole_match) {
            self.options.remove(&name);
        }
    }

    /// How many seats a preset has with these options (Sixes and Sevens
    /// takes 3 to 6 players).
    pub fn seats_for(preset: Preset, options: &[(String, String)]) -> Result<u8, TableError> {
        AnyGame::new(preset, options, &Setup::Seed(0))
            .map(|g| g.seats())
            .map_err(|e| TableError::Config(e.to_string()))
    }

    /// A table of bots, one level per seat (the list repeats if short).
    pub fn bots(
        preset: Preset,
        options: &[(String, String)],
        levels: &[String],
        whole_match: bool,
        seed: u64,
    ) -> Result<TableConfig, TableError> {
        TableConfig::seated(preset, options, levels, None, whole_match, seed)
    }

    /// Bots by seat (the list repeats if short, counting every seat), and
    /// optionally one person, named "you", in seat `person`. More levels
    /// than seats is an error: the extra bots would never play.
    pub fn seated(
        preset: Preset,
        options: &[(String, String)],
        levels: &[String],
        person: Option<u8>,
        whole_match: bool,
        seed: u64,
    ) -> Result<TableConfig, TableError> {
        if levels.is_empty() {
            return Err(TableError::Config("no bot named".into()));
        }
        let seats = TableConfig::seats_for(preset, options)?;
        if levels.len() > usize::from(seats) {
            return Err(TableError::Config(format!(
                "{} bots named for a table of {seats} seats",
                levels.len()
            )));
        }
        if let Some(p) = person.filter(|&p| p >= seats) {
            return Err(TableError::Config(format!(
                "seat {p} is not a seat of {}: its seats are numbered 0 to {}",
                preset.name(),
                seats - 1
            )));
        }
        let config = TableConfig {
            preset: preset.name().to_string(),
            options: options.iter().cloned().collect(),
            seats: (0..seats)
                .map(|i| match person {
                    Some(p) if p == i => SeatSpec::Person {
                        name: Some("you".into()),
                    },
                    _ => SeatSpec::Bot {
                        level: levels[usize::from(i) % levels.len()].clone(),
                    },
                })
                .collect(),
            whole_match,
            seed,
            hints: None,
            deal: None,
            memory: false,
        };
        config.validate()?;
        Ok(config)
    }

    /// The same config with every option and bot as Talon writes them
    /// (`SHARP=yes` → `sharp=true`, `Expert` → `expert`), validated.
    pub fn canonical(mut self) -> Result<TableConfig, TableError> {
        let preset = self.validate()?;
        let pairs = preset
            .canonical_options(&self.option_pairs())
            .map_err(|e| TableError::Config(e.to_string()))?;
        self.options = pairs.into_iter().collect();
        // Bots as the registry names them (`Expert` is `expert`).
        for seat in &mut self.seats {
            if let SeatSpec::Bot { level } = seat {
                if let Ok(name) = canonical_bot(level, preset) {
                    *level = name.to_string();
                }
            }
        }
        Ok(self)
    }

    /// The options as the rules take them.
    pub fn option_pairs(&self) -> Vec<(String, String)> {
        self.options
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    /// Whether hints are allowed at this table.
    pub fn hints_allowed(&self) -> bool {
        self.hints.unwrap_or(self.person_seats().len() <= 1)
    }

    /// Seats that people (or a front end's caller) play.
    pub fn person_seats(&self) -> Vec<u8> {
        (0..self.seats.len() as u8)
            .filter(|&s| !self.seats[usize::from(s)].is_bot())
            .collect()
    }
}

fn check_name(seat: usize, name: &str) -> Result<(), TableError> {
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS {
        return Err(TableError::Config(format!(
            "seat {seat}: a name has 1 to {MAX_NAME_CHARS} characters, not {count}"
        )));
    }
    if name.chars().any(char::is_control) {
        return Err(TableError::Config(format!(
            "seat {seat}: a name may not contain control characters"
        )));
    }
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        return Err(TableError::Config(format!(
            "seat {seat}: a name may not contain invisible or text-direction characters \
             (U+{:04X})",
            u32::from(c)
        )));
    }
    if name.chars().all(|c| c.is_whitespace() || combining(c)) {
        return Err(TableError::Config(format!(
            "seat {seat}: a name needs a visible character"
        )));
    }
    // The names the table gives seats itself ("seat 2", "expert bot"): a
    // person taking one would pass for another seat or for a bot. Compared
    // as they would look: any run of spaces as one, full-width letters as
    // plain ones.
    let plain = looks(name);
    let number = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit());
    let seat_like = plain.strip_prefix("seat ").is_some_and(number);
    // The browser tells alike bots apart by number ("random bot 2").
    let numbered_bot = plain
        .rsplit_once(' ')
        .is_some_and(|(head, n)| head.ends_with(" bot") && number(n));
    if seat_like || numbered_bot || plain.ends_with(" bot") || plain == "bot" {
        return Err(TableError::Config(format!(
            "seat {seat}: {name:?} reads like a name the table gives seats itself"
        )));
    }
    Ok(())
}

/// A name as it reads on screen: lower case, full-width forms as ASCII,
/// every run of whitespace (no-break and ideographic spaces too) one space,
/// none at the ends.
fn looks(name: &str) -> String {
    let narrow = name.chars().map(|c| match u32::from(c) {
        0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
        _ => c,
    });
    let text: String = narrow.collect::<String>().to_lowercase();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Combining marks, which show only on a character before them.
fn combining(c: char) -> bool {
    matches!(
        u32::from(c),
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F
    )
}

/// Characters that show nothing or turn the text around (Unicode's format
/// characters and separators that a name would carry unseen).
fn invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x034F
            | 0x061C
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180E
            | 0x200B..=0x200F
            | 0x2028..=0x202F
            | 0x205F..=0x206F
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF9..=0xFFFB
    )
}
