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

/// One bot per seat (seeded per seat so seats differ). More names than
/// seats is an error: the extra bots would silently never play.
pub fn bots(names: &[String], preset: Preset, seats: u8, seed: u64) -> Result<Vec<AnyBot>, String> {
    if names.len() > usize::from(seats) {
        return Err(format!(
            "--bots names {} bots but the table has {seats} seats",
            names.len()
        ));
    }
    (0..seats as usize)
        .map(|i| {
            AnyBot::new(
                &names[i % names.len()],
                preset,
                seed.wrapping_mul(31).wrapping_add(i as u64),
            )
        })
        .collect::<Result<_, UnknownBot>>()
        .map_err(|e| e.to_string())
}

/// Drops the bots' safety time limits: the arena, `watch`, `play --seed`
/// and the engine's `bot` request replay a seed exactly even on a loaded
/// machine, where a limit would cut a search short at a load-dependent
/// point. (`play` without a seed keeps them so a person never waits long;
/// an engine client asks for one with `time_limit_ms`.)
pub fn count_budgets_only(bots: &mut [AnyBot]) {
    for bot in bots {
        bot.set_time_limit(None);
    }
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

/// The canonical notation of the action that took `before` to `after`:
/// input is read leniently (`10h`, `bid 5`), records and logs are written
/// canonically (`TH`, `moon`). Falls back to `typed`, trimmed.
pub fn canonical(
    before: &talon_rules::AnyGame,
    after: &talon_rules::AnyGame,
    typed: &str,
) -> String {
    before
        .legal_actions()
        .into_iter()
        .find(|a| {
            let mut g = before.clone();
            g.play(a).is_ok() && g == *after
        })
        .unwrap_or_else(|| typed.trim().to_string())
}
