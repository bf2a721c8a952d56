//! Options of Sixes and Sevens. The seed's three printed variations and the
//! table size are options; docs/rules/sixes-and-sevens.md gives the source
//! of every default.

use crate::options::{find_spec, OptionError, OptionKind, OptionSpec};

/// Which card of the led suit wins when odd and even cards are level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tie {
    /// The seed's main rule: a tie counts like an odd majority.
    Highest,
    /// Variation 2.
    Lowest,
}

/// Who wins the game at the end of the round of deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    /// The seed's main rule.
    Most,
    /// Variation 3.
    Fewest,
}

/// All rule options of Sixes and Sevens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SevensOptions {
    /// 3 to 6.
    pub players: u8,
    /// Variation 1: each Ace's player declares it odd (1, lowest) or even
    /// (14, highest) once the trick's cards are down.
    pub ace_wild: bool,
    pub tie: Tie,
    pub winner: Winner,
}

impl SevensOptions {
    /// The seed's main rules at a table of four.
    pub const DEFAULT: SevensOptions = SevensOptions {
        players: 4,
        ace_wild: false,
        tie: Tie::Highest,
        winner: Winner::Most,
    };

    /// Cards each player holds: as many full rounds as the 52 cards allow.
    pub const fn hand_size(&self) -> usize {
        52 / self.players as usize
    }

    /// Cards set aside face down (52 mod players).
    pub const fn leftover(&self) -> usize {
        52 % self.players as usize
    }

    /// The defaults with `overrides` (name, value) applied in order; on
    /// error nothing is returned, so a bad option changes nothing.
    pub fn with<'a>(
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SevensOptions, OptionError> {
        let mut o = SevensOptions::DEFAULT;
        for (k, v) in overrides {
            o.set(k, v)?;
        }
        Ok(o)
    }

    /// Sets one option by name from text.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let spec = find_spec(SPECS, name)?;
        match spec.name {
            "players" => self.players = spec.parse_int(value)? as u8,
            "ace_wild" => self.ace_wild = spec.parse_bool(value)?,
            "tie" => self.tie = [Tie::Highest, Tie::Lowest][spec.parse_choice(value)?],
            "winner" => self.winner = [Winner::Most, Winner::Fewest][spec.parse_choice(value)?],
            _ => unreachable!("every spec has a setter"),
        }
        Ok(())
    }

    /// The current value of every option, as text, in [`SPECS`] order.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("players", self.players.to_string()),
            ("ace_wild", self.ace_wild.to_string()),
            (
                "tie",
                ["highest", "lowest"][usize::from(self.tie == Tie::Lowest)].to_string(),
            ),
            (
                "winner",
                ["most", "fewest"][usize::from(self.winner == Winner::Fewest)].to_string(),
            ),
        ]
    }
}

/// Every option of Sixes and Sevens, with a one-line description.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        name: "players",
        kind: OptionKind::Int { min: 3, max: 6 },
        doc: "players at the table (3 to 6); hands are 52 / players cards, the rest set aside unseen",
    },
    OptionSpec {
        name: "ace_wild",
        kind: OptionKind::Bool,
        doc: "variation 1: whoever plays an Ace calls it odd (1, lowest) or even (14, highest) after the trick is down",
    },
    OptionSpec {
        name: "tie",
        kind: OptionKind::Choice(&["highest", "lowest"]),
        doc: "odd and even cards level: the highest (main rule) or lowest (variation 2) card of the led suit wins",
    },
    OptionSpec {
        name: "winner",
        kind: OptionKind::Choice(&["most", "fewest"]),
        doc: "the game is won with the most (main rule) or fewest (variation 3) points",
    },
];
