//! Command-line lists: `--bots heuristic,random` (one bot per seat,
//! repeating the list when it is shorter than the table; the table layer
//! seats them) and repeated `--option name=value` flags.

/// Splits a comma list of bot names: at least one, since an empty name
/// (`a,,b`, a comma at an end, nothing at all) is refused, not dropped.
pub fn names(list: &str) -> Result<Vec<String>, String> {
    let names: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
    if names.iter().any(String::is_empty) {
        return Err(format!(
            "--bots {list:?} has an empty name: name the bots with one comma between them, like heuristic,random"
        ));
    }
    Ok(names)
}

/// Parses repeated `--option name=value` flags (the rules refuse one
/// given twice).
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

/// A match's target set for a single deal does nothing: say so rather
/// than play a deal the person meant to be a match. `how` is the flag that
/// plays matches (`--match`, or the arena's `--matches N`).
pub fn check_target(
    preset: talon_rules::Preset,
    options: &[(String, String)],
    whole_match: bool,
    how: &str,
) -> Result<(), String> {
    match preset.target_given(options) {
        Some(_) if !whole_match => {
            let (name, _) = preset.target_option().unwrap_or_default();
            Err(format!(
                "--option {name} sets the score a match is played to: add {how} to play matches"
            ))
        }
        _ => Ok(()),
    }
}
