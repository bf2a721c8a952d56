//! Tips for arguments that clap refuses but whose intent is plain.
//!
//! A newcomer writes `talon play sixes-and-sevens --players 5`; clap's own
//! tip ("use '-- --players'") leads nowhere. Game options are set with
//! `--option NAME=VALUE`, so a flag that names an option gets that spelled
//! out instead.

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// A count or seed: a whole number, 0 or more. Its flags take negative
/// numbers as values (`allow_negative_numbers`), so that `--seed -1` is
/// answered by this message and not by clap's tip to write `-- -1`.
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number, 0 or more"))
}

/// A seat number, 0 or more (the game says how many seats it has).
pub fn seat_number(text: &str) -> Result<u8, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a seat number (0, 1, 2, …)"))
}

/// The subcommands that take `--option`.
const TAKES_OPTIONS: [&str; 3] = ["play", "watch", "arena"];

/// `err` with its tip replaced when the unknown flag is a game option.
pub fn with_option_tip(mut err: clap::Error, args: &[String]) -> clap::Error {
    if err.kind() != ErrorKind::UnknownArgument {
        return err;
    }
    if !args
        .get(1)
        .is_some_and(|sub| TAKES_OPTIONS.contains(&sub.as_str()))
    {
        return err;
    }
    let Some(ContextValue::String(flag)) = err.get(ContextKind::InvalidArg) else {
        return err;
    };
    if let Some(tip) = option_tip(flag, args) {
        err.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    err
}

/// `--players` (followed by `5`, or written `--players=5`) → the tip, when
/// some preset has an option of that name.
fn option_tip(flag: &str, args: &[String]) -> Option<String> {
    let bare = flag.strip_prefix("--")?;
    let (name, inline_value) = match bare.split_once('=') {
        Some((name, value)) => (name, Some(value.to_string())),
        None => (bare, None),
    };
    let name = name.replace('-', "_");
    let known = talon_table::games()
        .iter()
        .any(|game| game.options.iter().any(|o| o.name == name));
    if !known {
        return None;
    }
    // clap names `--game-target=152` as `--game-target`: find the value.
    let written = format!("{flag}=");
    let value = inline_value.or_else(|| {
        let at = args
            .iter()
            .position(|a| a == flag || a.starts_with(&written))?;
        match args[at].strip_prefix(&written) {
            Some(value) => Some(value.to_string()),
            None => args.get(at + 1).filter(|v| !v.starts_with('-')).cloned(),
        }
    });
    let value = value.unwrap_or_else(|| "VALUE".to_string());
    Some(format!(
        "game options are set with --option NAME=VALUE: try '--option {name}={value}'"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn an_option_flag_gets_the_option_spelling() {
        let a = args("talon play sixes-and-sevens --players 5");
        assert_eq!(
            option_tip("--players", &a).as_deref(),
            Some("game options are set with --option NAME=VALUE: try '--option players=5'")
        );
        let a = args("talon play sixty-three --game-target=152");
        assert!(option_tip("--game-target", &a)
            .unwrap()
            .ends_with("'--option game_target=152'"));
        let a = args("talon play schnapsen --sharp");
        assert!(option_tip("--sharp", &a)
            .unwrap()
            .ends_with("'--option sharp=VALUE'"));
    }

    #[test]
    fn other_flags_keep_clap_s_tip() {
        let a = args("talon play schnapsen --colour");
        assert_eq!(option_tip("--colour", &a), None);
        assert_eq!(option_tip("-x", &a), None);
    }
}
