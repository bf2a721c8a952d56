//! Seats to players: `--bots heuristic,random` gives one bot per seat,
//! repeating the list when it is shorter than the table.

use talon_bots::{AnyBot, UnknownBot};
use talon_rules::Preset;

/// Splits a comma list of bot names.
pub fn names(list: &str) -> Vec<String> {
    list.split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// One bot per seat (seeded per seat so seats differ).
pub fn bots(
    names: &[String],
    preset: Preset,
    seats: u8,
    seed: u64,
) -> Result<Vec<AnyBot>, UnknownBot> {
    (0..seats as usize)
        .map(|i| {
            AnyBot::new(
                &names[i % names.len()],
                preset,
                seed.wrapping_mul(31).wrapping_add(i as u64),
            )
        })
        .collect()
}

/// Parses repeated `--option name=value` flags.
pub fn options(flags: &[String]) -> Result<Vec<(String, String)>, String> {
    flags
        .iter()
        .map(|f| {
            f.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("option {f:?} is not name=value"))
        })
        .collect()
}
