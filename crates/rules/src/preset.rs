//! Presets: named rule sets, each a family and its option values.

use crate::options::{OptionError, OptionSpec};
use crate::pedro::{self, PedroOptions};
use crate::sixty_six::{self, SixtySixOptions};
use std::fmt;

/// A family of games sharing one engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    SixtySix,
    NaSixtySix,
    Sevens,
    Pedro,
}

/// Every preset Talon plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    SixtySix,
    Schnapsen,
    SchnapsenVu,
    NaSixtySix,
    NaSixtySix3,
    SixesAndSevens,
    SixtySixFour,
    SixtyThree,
    SixtyThreeInverness,
    SixtyThreeQueens,
    SixtyThreeMaine,
    Pedro,
    KingPedro,
    KingPedroGiven,
    EightyThree,
}

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetError {
    pub name: String,
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        write!(f, "unknown preset {:?}", self.name)?;
        if let Some(near) = crate::options::nearest(&self.name, names.iter().copied()) {
            write!(f, " (did you mean {near:?}?)")?;
        }
        write!(f, "; the games: {}", names.join(", "))
    }
}

impl std::error::Error for PresetError {}

impl Preset {
    pub const ALL: [Preset; 15] = [
        Preset::SixtySix,
        Preset::Schnapsen,
        Preset::SchnapsenVu,
        Preset::NaSixtySix,
        Preset::NaSixtySix3,
        Preset::SixesAndSevens,
        Preset::SixtySixFour,
        Preset::SixtyThree,
        Preset::SixtyThreeInverness,
        Preset::SixtyThreeQueens,
        Preset::SixtyThreeMaine,
        Preset::Pedro,
        Preset::KingPedro,
        Preset::KingPedroGiven,
        Preset::EightyThree,
    ];

    /// The presets of the Pedro family.
    pub const PEDRO_FAMILY: [Preset; 8] = [
        Preset::SixtyThree,
        Preset::SixtyThreeInverness,
        Preset::SixtyThreeQueens,
        Preset::SixtyThreeMaine,
        Preset::Pedro,
        Preset::KingPedro,
        Preset::KingPedroGiven,
        Preset::EightyThree,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Preset::SixtySix => "sixty-six",
            Preset::Schnapsen => "schnapsen",
            Preset::SchnapsenVu => "schnapsen-vu",
            Preset::NaSixtySix => "na-sixty-six",
            Preset::NaSixtySix3 => "na-sixty-six-3",
            Preset::SixesAndSevens => "sixes-and-sevens",
            Preset::SixtySixFour => "sixty-six-4",
            Preset::SixtyThree => "sixty-three",
            Preset::SixtyThreeInverness => "sixty-three-inverness",
            Preset::SixtyThreeQueens => "sixty-three-queens",
            Preset::SixtyThreeMaine => "sixty-three-maine",
            Preset::Pedro => "pedro",
            Preset::KingPedro => "king-pedro",
            Preset::KingPedroGiven => "king-pedro-given",
            Preset::EightyThree => "eighty-three",
        }
    }

    /// The option that sets the score a match is played to, and what it
    /// counts; Sixes and Sevens has none (its match is a number of deals).
    pub fn target_option(self) -> Option<(&'static str, &'static str)> {
        match self.family() {
            Family::SixtySix => Some(("match_target", "game points")),
            Family::NaSixtySix if self == Preset::SixtySixFour => Some(("target", "game points")),
            Family::NaSixtySix => Some(("target", "ticks")),
            Family::Pedro => Some(("game_target", "points")),
            Family::Sevens => None,
        }
    }

    /// The match target's option if `options` set it: a target only means
    /// something in a match, so a lone deal given one is refused by the
    /// front ends (the person meant to play a match).
    pub fn target_given(self, options: &[(String, String)]) -> Option<&str> {
        let (name, _) = self.target_option()?;
        options
            .iter()
            .find(|(n, _)| n.trim().eq_ignore_ascii_case(name))
            .map(|(n, _)| n.as_str())
    }

    /// The game's name as people write it, for titles and menus.
    pub fn title(self) -> &'static str {
        match self {
            Preset::SixtySix => "Sixty-six",
            Preset::Schnapsen => "Schnapsen",
            Preset::SchnapsenVu => "Schnapsen (VU course rules)",
            Preset::NaSixtySix => "North American Sixty-six",
            Preset::NaSixtySix3 => "North American Sixty-six, three hands",
            Preset::SixtySixFour => "Sixty-six for four (Hoyle)",
            Preset::SixesAndSevens => "Sixes and Sevens",
            Preset::SixtyThree => "Sixty-three",
            Preset::SixtyThreeInverness => "Sixty-three (Inverness County)",
            Preset::SixtyThreeQueens => "Sixty-three (Queens County)",
            Preset::SixtyThreeMaine => "Sixty-three (Maine)",
            Preset::Pedro => "Pedro",
            Preset::KingPedro => "King Pedro",
            Preset::KingPedroGiven => "King Pedro (Given)",
            Preset::EightyThree => "Eighty-three",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Preset::SixtySix => {
                "Two-hand Sixty-six: 24 cards, trump-9 exchange, closing, declaring, match to 7"
            }
            Preset::Schnapsen => {
                "Austrian Schnapsen: 20 cards, trump-jack exchange, last trick wins, Bummerl to 7"
            }
            Preset::SchnapsenVu => {
                "Schnapsen exactly as the VU Amsterdam course platform (schnapsen 0.0.5) plays it"
            }
            Preset::NaSixtySix => {
                "North American Sixty-six: four hands in partnerships, bidding 1-4 or moon, game to 10"
            }
            Preset::NaSixtySix3 => {
                "North American Sixty-six cut-throat: three hands of 7, a widow to the first trick, game to 15"
            }
            Preset::SixtySixFour => {
                "Hoyle's four-hand Sixty-six: partnerships, 32 cards, turned trump, must win the trick, game to 7"
            }
            Preset::SixesAndSevens => {
                "Sixes and Sevens: 3-6 players, odd/even majority decides whether high or low wins the trick"
            }
            Preset::SixtyThree => "Cape Breton Sixty-three: 53 cards, joker 15, bids 40-63 (all pass: the dealer is held to 25), dealer robs the pack, game 250",
            Preset::SixtyThreeInverness => "Sixty-three of Inverness County: no joker, trump three 15",
            Preset::SixtyThreeQueens => "Sixty-three of Queens County NB: trump two 2, ten 0, game 225",
            Preset::SixtyThreeMaine => "Maine Sixty-three: trump three 15, four more cards after the auction, game 152",
            Preset::Pedro => "Pedro: 14 points, one bid each 6-14, fill to six, game 62",
            Preset::KingPedro => "King Pedro: king of trumps 30 (44 points), 12 cards and a kitty, I'm up, game 200",
            Preset::KingPedroGiven => "King Pedro as in Mark Given's program: 9 + 4 cards, folding and passing",
            Preset::EightyThree => "Maine 83: joker 20, 15 trumps, 12 cards and a 5-card kitty, bids 30-83 and double",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Preset::SixtySix | Preset::Schnapsen | Preset::SchnapsenVu => Family::SixtySix,
            Preset::NaSixtySix | Preset::NaSixtySix3 | Preset::SixtySixFour => Family::NaSixtySix,
            Preset::SixesAndSevens => Family::Sevens,
            Preset::SixtyThree
            | Preset::SixtyThreeInverness
            | Preset::SixtyThreeQueens
            | Preset::SixtyThreeMaine
            | Preset::Pedro
            | Preset::KingPedro
            | Preset::KingPedroGiven
            | Preset::EightyThree => Family::Pedro,
        }
    }

    /// Seats at the table with the default options (Sixes and Sevens takes
    /// its count from the `players` option; a game's own `seats()` is exact).
    pub fn players(self) -> u8 {
        match self {
            Preset::NaSixtySix | Preset::SixtySixFour => 4,
            Preset::NaSixtySix3 => 3,
            Preset::SixesAndSevens => crate::sevens::SevensOptions::DEFAULT.players,
            Preset::SixtyThree
            | Preset::SixtyThreeInverness
            | Preset::SixtyThreeQueens
            | Preset::SixtyThreeMaine
            | Preset::Pedro
            | Preset::KingPedro
            | Preset::KingPedroGiven
            | Preset::EightyThree => 4,
            _ => 2,
        }
    }

    /// The fewest and the most seats the preset can be played with (its
    /// options allow): Sixes and Sevens' `players` option, else fixed.
    pub fn player_range(self) -> (u8, u8) {
        if self == Preset::SixesAndSevens {
            let spec = crate::sevens::SPECS
                .iter()
                .find(|s| s.name == "players")
                .expect("Sixes and Sevens has a players option");
            if let crate::OptionKind::Int { min, max } = spec.kind {
                return (min as u8, max as u8);
            }
        }
        (self.players(), self.players())
    }

    /// Whether the preset is played by two sides of partners sitting
    /// across (seats 0 and 2 against 1 and 3) rather than each for himself.
    pub fn partnerships(self) -> bool {
        matches!(self.family(), Family::Pedro | Family::NaSixtySix) && self.players() == 4
    }

    pub fn from_name(name: &str) -> Result<Preset, PresetError> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| PresetError {
                name: name.to_string(),
            })
    }

    pub fn option_specs(self) -> &'static [OptionSpec] {
        match self.family() {
            Family::SixtySix => sixty_six::SPECS,
            Family::NaSixtySix => crate::na_sixty_six::SPECS,
            Family::Sevens => crate::sevens::SPECS,
            Family::Pedro => pedro::SPECS,
        }
    }

    /// The options that play a part in this preset: the family's
    /// [`Preset::option_specs`] less those that change nothing here (a
    /// widow with four hands, the moon with three). Those are still read,
    /// so that every log replays, but they are not offered.
    /// (In the Pedro family whether an option plays a part depends on the
    /// others, so all are offered there.)
    pub fn offered_option_specs(self) -> Vec<&'static OptionSpec> {
        let na = (self.family() == Family::NaSixtySix).then(|| self.na_defaults());
        self.option_specs()
            .iter()
            .filter(|spec| na.is_none_or(|o| o.inert(spec.name).is_none()))
            .collect()
    }

    /// Refuses an option given twice, in any spelling (names are read
    /// without regard to case), or unknown: every front end's options
    /// pass here ([`crate::Ruleset::new`]).
    pub fn options_given_once(self, options: &[(String, String)]) -> Result<(), OptionError> {
        let mut seen: Vec<&'static str> = Vec::with_capacity(options.len());
        for (name, _) in options {
            let spec = crate::options::find_spec(self.option_specs(), name)?;
            if seen.contains(&spec.name) {
                return Err(OptionError::Twice { name: spec.name });
            }
            seen.push(spec.name);
        }
        Ok(())
    }

    /// Every option's name and value as Talon writes them (`SHARP=yes` as
    /// `sharp=true`), so that two spellings of the same rules compare
    /// equal; an unknown name or a bad value is the same error as when the
    /// options are applied.
    pub fn canonical_options(
        self,
        options: &[(String, String)],
    ) -> Result<Vec<(String, String)>, OptionError> {
        options
            .iter()
            .map(|(name, value)| {
                let spec = crate::options::find_spec(self.option_specs(), name)?;
                Ok((spec.name.to_string(), spec.canonical(value)?))
            })
            .collect()
    }

    /// The default value of every option, as text.
    pub fn option_defaults(self) -> Vec<(&'static str, String)> {
        match self {
            p if p.family() == Family::NaSixtySix => p.na_defaults().values(),
            Preset::SixesAndSevens => crate::sevens::SevensOptions::DEFAULT.values(),
            p if p.family() == Family::Pedro => p.pedro_defaults().values(),
            _ => self.sixty_six_defaults().values(),
        }
    }

    /// The preset's default options (North American Sixty-six family;
    /// other presets give the four-hand game's).
    pub fn na_defaults(self) -> crate::na_sixty_six::NaOptions {
        use crate::na_sixty_six::NaOptions;
        match self {
            Preset::NaSixtySix3 => NaOptions::THREE_HANDS,
            Preset::SixtySixFour => NaOptions::HOYLE_FOUR,
            _ => NaOptions::FOUR_HANDS,
        }
    }

    /// The preset's default options (Pedro family; other presets give Pedro's).
    pub fn pedro_defaults(self) -> PedroOptions {
        match self {
            Preset::SixtyThree => PedroOptions::SIXTY_THREE,
            Preset::SixtyThreeInverness => PedroOptions::SIXTY_THREE_INVERNESS,
            Preset::SixtyThreeQueens => PedroOptions::SIXTY_THREE_QUEENS,
            Preset::SixtyThreeMaine => PedroOptions::SIXTY_THREE_MAINE,
            Preset::KingPedro => PedroOptions::KING_PEDRO,
            Preset::KingPedroGiven => PedroOptions::KING_PEDRO_GIVEN,
            Preset::EightyThree => PedroOptions::EIGHTY_THREE,
            _ => PedroOptions::PEDRO,
        }
    }

    /// The preset's Pedro options with `overrides` applied in order, checked
    /// to fit together. On error nothing is returned.
    pub fn pedro_options<'a>(
        self,
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<PedroOptions, OptionError> {
        let mut opts = self.pedro_defaults();
        for (name, value) in overrides {
            opts.set(name, value)?;
        }
        opts.validate()?;
        Ok(opts)
    }

    /// The preset's default options.
    pub fn sixty_six_defaults(self) -> SixtySixOptions {
        match self {
            Preset::SixtySix => SixtySixOptions::SIXTY_SIX,
            Preset::Schnapsen => SixtySixOptions::SCHNAPSEN,
            Preset::SchnapsenVu => SixtySixOptions::SCHNAPSEN_VU,
            // Other families have their own option types; their callers
            // never ask for these.
            _ => SixtySixOptions::SIXTY_SIX,
        }
    }

    /// The preset's options with `overrides` (name, value) applied in order,
    /// except that the `sharp` shorthand comes first: an option given with
    /// it wins over what it sets, whatever the order (front ends keep
    /// options in sorted maps, where `sharp` sorts late). On error nothing
    /// is returned, so a bad option changes nothing.
    pub fn sixty_six_options<'a>(
        self,
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SixtySixOptions, OptionError> {
        let mut opts = self.sixty_six_defaults();
        let (shorthands, rest): (Vec<_>, Vec<_>) = overrides
            .into_iter()
            .partition(|(name, _)| name.trim().eq_ignore_ascii_case("sharp"));
        for (name, value) in shorthands.into_iter().chain(rest) {
            opts.set(name, value)?;
        }
        Ok(opts)
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Preset;
    use crate::options::OptionError;

    /// One option in two spellings is one option given twice, in every
    /// family; one given once passes.
    #[test]
    fn an_option_given_twice_is_refused_in_every_family() {
        let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
            p.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        for (preset, name, value) in [
            (Preset::Schnapsen, "sharp", "true"),
            (Preset::NaSixtySix, "target", "5"),
            (Preset::Pedro, "joker", "true"),
            (Preset::SixesAndSevens, "players", "5"),
        ] {
            let upper = name.to_uppercase();
            let twice = pairs(&[(name, value), (&upper, value)]);
            let e = crate::Ruleset::new(preset, &twice).expect_err("refused");
            assert!(
                e.to_string()
                    .contains(&format!("option {name:?} is given twice")),
                "{e}"
            );
            assert!(matches!(
                preset.options_given_once(&twice),
                Err(OptionError::Twice { name: n }) if n == name
            ));
            assert_eq!(preset.options_given_once(&pairs(&[(name, value)])), Ok(()));
        }
    }
    use crate::sixty_six::MarriageLead;

    /// `sharp` sets four options; one of them given with it wins, in either
    /// order (a sorted map puts `sharp` after `marriage_lead`).
    #[test]
    fn an_option_given_with_sharp_wins_over_it() {
        for pairs in [
            [("marriage_lead", "king_or_queen"), ("sharp", "true")],
            [("sharp", "true"), ("marriage_lead", "king_or_queen")],
        ] {
            let o = Preset::Schnapsen.sixty_six_options(pairs).expect("options");
            assert_eq!(o.marriage_lead, MarriageLead::KingOrQueen, "{pairs:?}");
            assert!(
                !o.close_on_first_lead && !o.exchange_on_first_lead,
                "{pairs:?}"
            );
        }
    }
}
