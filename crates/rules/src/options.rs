//! Named options: every point where sources disagree is an option with a
//! name, a type, a documented default and a source.

use std::fmt;

/// The type of an option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    Int { min: i64, max: i64 },
    Choice(&'static [&'static str]),
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionKind::Bool => f.write_str("bool"),
            OptionKind::Int { min, max } => write!(f, "int {min}..={max}"),
            OptionKind::Choice(names) => write!(f, "one of {}", names.join("|")),
        }
    }
}

/// Description of one option of a preset.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub doc: &'static str,
}

/// A bad option name or value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown {
        name: String,
        /// The options the game has, for the message.
        known: Vec<&'static str>,
    },
    BadValue {
        name: String,
        value: String,
        expected: String,
    },
    /// The same option set twice, in one spelling or two (`sharp`,
    /// `SHARP`): which value should win is anybody's guess.
    Twice { name: &'static str },
    /// An option that changes nothing in this preset, set away from its
    /// default (a widow with four hands).
    Inert {
        name: String,
        preset: &'static str,
        default: String,
        why: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name, known } => {
                write!(f, "unknown option {name:?}")?;
                if let Some(near) = nearest(name, known.iter().copied()) {
                    write!(f, " (did you mean {near:?}?)")?;
                }
                if known.is_empty() {
                    write!(f, "; this game has no options")
                } else {
                    write!(f, "; the options of this game: {}", known.join(", "))
                }
            }
            OptionError::Twice { name } => {
                write!(f, "option {name:?} is given twice: give it once")
            }
            OptionError::Inert {
                name,
                preset,
                default,
                why,
            } => write!(
                f,
                "option {name:?} changes nothing in {preset} ({why}): leave it at {default}"
            ),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => {
                write!(
                    f,
                    "option {name:?} cannot be {value:?}: expected {expected}"
                )
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// A choice among named values.
    pub const fn choice(
        name: &'static str,
        names: &'static [&'static str],
        doc: &'static str,
    ) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Choice(names),
            doc,
        }
    }

    /// A yes/no option.
    pub const fn flag(name: &'static str, doc: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Bool,
            doc,
        }
    }

    /// A whole number in `min..=max`.
    pub const fn int(name: &'static str, min: i64, max: i64, doc: &'static str) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Int { min, max },
            doc,
        }
    }

    fn bad(&self, value: &str) -> OptionError {
        OptionError::BadValue {
            name: self.name.to_string(),
            value: value.to_string(),
            expected: match self.kind {
                // The type's name says nothing of the spellings read.
                OptionKind::Bool => "true or false (also yes/no, on/off, 1/0)".to_string(),
                // A misspelt choice gets the nearest one suggested.
                OptionKind::Choice(names) => match nearest(value, names.iter().copied()) {
                    Some(near) => format!("{} (did you mean {near:?}?)", self.kind),
                    None => self.kind.to_string(),
                },
                kind => kind.to_string(),
            },
        }
    }

    pub fn parse_bool(&self, value: &str) -> Result<bool, OptionError> {
        match value.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Ok(true),
            "false" | "no" | "off" | "0" => Ok(false),
            _ => Err(self.bad(value)),
        }
    }

    pub fn parse_int(&self, value: &str) -> Result<i64, OptionError> {
        let OptionKind::Int { min, max } = self.kind else {
            return Err(self.bad(value));
        };
        match value.trim().parse::<i64>() {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(self.bad(value)),
        }
    }

    /// `value` as Talon writes it (`yes` → `true`, `Last_Trick` →
    /// `last_trick`, ` 31` → `31`), so records and tables show one spelling.
    pub fn canonical(&self, value: &str) -> Result<String, OptionError> {
        match self.kind {
            OptionKind::Bool => self.parse_bool(value).map(|b| b.to_string()),
            OptionKind::Int { .. } => self.parse_int(value).map(|n| n.to_string()),
            OptionKind::Choice(names) => self.parse_choice(value).map(|i| names[i].to_string()),
        }
    }

    /// The index of `value` among the choices.
    pub fn parse_choice(&self, value: &str) -> Result<usize, OptionError> {
        let OptionKind::Choice(names) = self.kind else {
            return Err(self.bad(value));
        };
        names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(value.trim()))
            .ok_or_else(|| self.bad(value))
    }
}

/// Finds the spec called `name` in `specs`, in any case (as values are
/// read): `SHARP` is `sharp`.
pub fn find_spec<'a>(specs: &'a [OptionSpec], name: &str) -> Result<&'a OptionSpec, OptionError> {
    specs
        .iter()
        .find(|s| s.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| OptionError::Unknown {
            name: name.to_string(),
            known: specs.iter().map(|s| s.name).collect(),
        })
}

/// The candidate closest to `name` by edit distance, if it is close enough
/// to be a likely misspelling (at most a third of the letters differ); else
/// the shortest candidate with every word of `name` and more (`target` →
/// `game_target`).
pub fn nearest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let name = name.trim().to_ascii_lowercase();
    let candidates: Vec<&str> = candidates.into_iter().collect();
    let typo = candidates
        .iter()
        .map(|c| (edit_distance(&name, &c.to_ascii_lowercase()), *c))
        .filter(|&(d, c)| d > 0 && d <= 1 + c.len().max(name.len()) / 3)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c);
    // Not a typo but the family's word for it: `target` for `game_target`,
    // a name all of whose words a candidate has (the shortest such).
    let words = |s: &str| -> Vec<String> {
        s.to_ascii_lowercase()
            .split(['_', '-'])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    let wanted = words(&name);
    typo.or_else(|| {
        candidates
            .iter()
            .filter(|c| {
                let have = words(c);
                !wanted.is_empty()
                    && have.len() > wanted.len()
                    && wanted.iter().all(|w| have.contains(w))
            })
            .min_by_key(|c| c.len())
            .copied()
    })
}

/// Levenshtein distance between two strings, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod nearest_tests {
    use super::nearest;

    #[test]
    fn suggests_close_names_only() {
        let names = ["schnapsen", "sixty-six", "sixty-three", "pedro"];
        assert_eq!(nearest("shnapsen", names), Some("schnapsen"));
        assert_eq!(nearest("sixty-sx", names), Some("sixty-six"));
        assert_eq!(
            nearest("Pedro", names),
            None,
            "an exact match is no suggestion"
        );
        assert_eq!(nearest("bridge", names), None);
    }

    #[test]
    fn suggests_the_familys_word_for_a_name() {
        let options = ["game_target", "min_bid", "double_bid"];
        assert_eq!(nearest("target", options), Some("game_target"));
        assert_eq!(nearest("bid", options), Some("min_bid"));
        assert_eq!(nearest("score", options), None);
    }
}
