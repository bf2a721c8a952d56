//! Hints: what a strong bot would play for a person. One rule for every
//! front end: the table must allow hints, it must be the seat's turn, and
//! the bot is seeded by the table's seed and version, so a hint asked
//! twice at one point of a table is the same hint.

use crate::table::Table;
use std::fmt;
use talon_bots::{AnyBot, UnknownBot};

/// Why a seat gets no hint now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoHint {
    /// The table was made without hints (several people play).
    Off,
    NotYourTurn,
    UnknownBot(String),
}

impl fmt::Display for NoHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoHint::Off => f.write_str("hints are off at this table"),
            NoHint::NotYourTurn => f.write_str("it is not your turn"),
            NoHint::UnknownBot(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for NoHint {}

impl From<UnknownBot> for NoHint {
    fn from(e: UnknownBot) -> NoHint {
        NoHint::UnknownBot(e.to_string())
    }
}

/// Whether `seat` may have a hint now.
pub fn may_hint(table: &Table, seat: u8) -> Result<(), NoHint> {
    if !table.config().hints_allowed() {
        return Err(NoHint::Off);
    }
    if table.to_move() != Some(seat) {
        return Err(NoHint::NotYourTurn);
    }
    Ok(())
}

/// The bot of `level` that works out a hint for this point of the table,
/// by its count budgets alone: a time limit would let the machine's load
/// change the hint.
pub fn hint_bot(table: &Table, level: &str) -> Result<AnyBot, NoHint> {
    let seed = table.config().seed ^ table.version();
    let mut bot = AnyBot::new(level, table.preset(), seed)?;
    bot.set_time_limit(None);
    Ok(bot)
}

/// The hint for `seat` by a bot of `level`: [`may_hint`], then
/// [`hint_bot`]'s move. Front ends that think off their own thread check
/// and make the bot first, and let it choose there.
pub fn hint(table: &Table, seat: u8, level: &str) -> Result<String, NoHint> {
    may_hint(table, seat)?;
    let game = table.game().ok_or(NoHint::NotYourTurn)?;
    hint_bot(table, level)?
        .choose(game)
        .ok_or(NoHint::NotYourTurn)
}
