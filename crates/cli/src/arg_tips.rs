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
    number(text, "a whole number, 0 or more")
}

/// A thread count (`--jobs`); the command says how many it allows, so a
/// huge count is left for it to refuse.
pub fn thread_count(text: &str) -> Result<usize, String> {
    number(text, "a number of threads, 1 or more").map(|n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// A count from `min` to `max` (`serve`'s times and limits), with the
/// same messages as [`whole_number`] and the range named when outside it.
pub fn count_in(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text| {
        let what = format!("a count from {min} to {max}");
        let n = number(text, &what)?;
        if (min..=max).contains(&n) {
            Ok(n)
        } else {
            Err(format!("{n} is out of range: choose {min} to {max}"))
        }
    }
}

/// A seat number, 0 or more (the game says how many seats it has, and
/// refuses one it lacks).
pub fn seat_number(text: &str) -> Result<u8, String> {
    let what = "a seat number (0, 1, 2, …)";
    let n = number(text, what)?;
    u8::try_from(n).map_err(|_| format!("{:?} is too large for {what}", text.trim()))
}

/// `text` as a number, or a message that says what is wrong with it:
/// thousands separators (`1,000`), a minus sign, its size, or anything
/// else.
fn number(text: &str, what: &str) -> Result<u64, String> {
    let t = text.trim();
    let unsigned = t.strip_prefix('+').unwrap_or(t);
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if let Ok(n) = unsigned.parse::<u64>() {
        return Ok(n);
    }
    Err(if all_digits(unsigned) {
        format!("{t:?} is too large for {what}")
    } else if t.is_empty() {
        format!("an empty value is not {what}")
    } else if t.strip_prefix('-').is_some_and(all_digits) {
        format!("{t:?} has a minus sign: it is not {what}")
    } else if let Some(plain) = grouped(t) {
        format!("{t:?}: write numbers without separators ({plain})")
    } else {
        format!("{t:?} is not {what}")
    })
}

/// The digits of `t` when it is a number in groups of three, split by
/// one kind of separator (`1,000`, `1_000_000`): not `1,5` (a decimal
/// comma) or `1,,0`.
fn grouped(t: &str) -> Option<String> {
    let sep = t.chars().find(|&c| c == ',' || c == '_')?;
    let groups: Vec<&str> = t.split(sep).collect();
    let (first, rest) = groups.split_first()?;
    let ok = (1..=3).contains(&first.len())
        && first.bytes().all(|b| b.is_ascii_digit())
        && rest
            .iter()
            .all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()));
    ok.then(|| groups.concat())
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
        assert_eq!(whole_number("+5"), Ok(5));
        assert_eq!(whole_number("18446744073709551615"), Ok(u64::MAX));
        let cases = [
            (
                "18446744073709551616",
                "\"18446744073709551616\" is too large for a whole number",
            ),
            ("+18446744073709551616", "is too large"),
            (
                "1,000",
                "\"1,000\": write numbers without separators (1000)",
            ),
            ("1_000_000", "without separators (1000000)"),
            ("1,5", "\"1,5\" is not a whole number"),
            ("1,,0", "\"1,,0\" is not a whole number"),
            ("-1", "\"-1\" has a minus sign: it is not a whole number"),
            ("", "an empty value is not a whole number"),
            ("1.5", "\"1.5\" is not a whole number, 0 or more"),
            ("ten", "\"ten\" is not a whole number"),
        ];
        for (text, said) in cases {
            let e = whole_number(text).unwrap_err();
            assert!(e.contains(said), "{text}: {e}");
        }
        // Too many threads is the command's to refuse, with its own range.
        assert_eq!(seat_number("3"), Ok(3));
        assert!(seat_number("300")
            .unwrap_err()
            .contains("\"300\" is too large for a seat"));
        assert_eq!(thread_count("2"), Ok(2));
        assert!(thread_count("-1").unwrap_err().contains("minus sign"));
        let turn = count_in(1, 600);
        assert_eq!(turn("600"), Ok(600));
        assert_eq!(turn("0"), Err("0 is out of range: choose 1 to 600".into()));
        assert!(turn("1,000")
            .unwrap_err()
            .contains("without separators (1000)"));
        assert!(turn("-5")
            .unwrap_err()
            .contains("not a count from 1 to 600"));
    }

    #[test]
    fn other_flags_keep_clap_s_tip() {
        let a = args("talon play schnapsen --colour");
        assert_eq!(option_tip("--colour", &a), None);
        assert_eq!(option_tip("-x", &a), None);
    }
}
