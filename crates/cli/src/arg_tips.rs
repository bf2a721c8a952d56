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
    number(text, u64::MAX, "a whole number, 0 or more")
}

/// A thread count (`--jobs`); the command says how many it allows.
pub fn thread_count(text: &str) -> Result<usize, String> {
    number(text, usize::MAX as u64, "a number of threads, 1 or more").map(|n| n as usize)
}

/// A seat number, 0 or more (the game says how many seats it has).
pub fn seat_number(text: &str) -> Result<u8, String> {
    number(text, u64::from(u8::MAX), "a seat number (0, 1, 2, …)").map(|n| n as u8)
}

/// `text` as a number up to `max`, or a message that says what is wrong
/// with it: separators (`1,000`), a sign, a fraction, or its size.
fn number(text: &str, max: u64, what: &str) -> Result<u64, String> {
    let t = text.trim();
    let digits = |extra: &[char]| {
        t.chars().any(|c| c.is_ascii_digit())
            && t.chars().all(|c| c.is_ascii_digit() || extra.contains(&c))
    };
    match t.parse::<u64>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!("{t} is too large for {what}: at most {max}")),
        Err(_) if digits(&[]) => Err(format!("{t} is too large for {what}: at most {max}")),
        Err(_) if t.is_empty() => Err(format!("an empty value is not {what}")),
        Err(_) if t.starts_with('-') && t[1..].parse::<u64>().is_ok() => {
            Err(format!("{t} is below 0: it is not {what}"))
        }
        Err(_) if digits(&[',', '_']) => {
            let plain: String = t.chars().filter(char::is_ascii_digit).collect();
            Err(format!("{t:?}: write numbers without separators ({plain})"))
        }
        Err(_) => Err(format!("{t:?} is not {what}")),
    }
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

    /// Each kind of bad number is named; good ones pass.
    #[test]
    fn numbers_say_what_is_wrong_with_them() {
        assert_eq!(whole_number(" 1000 "), Ok(1000));
        assert_eq!(whole_number("18446744073709551615"), Ok(u64::MAX));
        let cases = [
            (
                "18446744073709551616",
                "18446744073709551616 is too large for a whole number",
            ),
            (
                "1,000",
                "\"1,000\": write numbers without separators (1000)",
            ),
            ("1_000", "without separators (1000)"),
            ("-1", "-1 is below 0: it is not a whole number"),
            ("", "an empty value is not a whole number"),
            ("1.5", "\"1.5\" is not a whole number, 0 or more"),
            ("ten", "\"ten\" is not a whole number"),
        ];
        for (text, said) in cases {
            let e = whole_number(text).unwrap_err();
            assert!(e.contains(said), "{text}: {e}");
        }
        assert_eq!(seat_number("3"), Ok(3));
        assert!(seat_number("300")
            .unwrap_err()
            .contains("too large for a seat number"));
        assert_eq!(thread_count("2"), Ok(2));
        assert!(thread_count("-1").unwrap_err().contains("below 0"));
    }

    #[test]
    fn other_flags_keep_clap_s_tip() {
        let a = args("talon play schnapsen --colour");
        assert_eq!(option_tip("--colour", &a), None);
        assert_eq!(option_tip("-x", &a), None);
    }
}
