//! Presets: named rule sets, each a family and its option values.

use crate::options::{OptionError, OptionSpec};
use crate::sixty_six::{self, SixtySixOptions};
use std::fmt;

/// A family of games sharing one engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    SixtySix,
}

/// Every preset Talon plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    SixtySix,
    Schnapsen,
    SchnapsenVu,
}

/// An unknown preset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetError {
    pub name: String,
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        write!(
            f,
            "unknown game {:?} (known: {})",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for PresetError {}

impl Preset {
    pub const ALL: [Preset; 3] = [Preset::SixtySix, Preset::Schnapsen, Preset::SchnapsenVu];

    pub fn name(self) -> &'static str {
        match self {
            Preset::SixtySix => "sixty-six",
            Preset::Schnapsen => "schnapsen",
            Preset::SchnapsenVu => "schnapsen-vu",
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
        }
    }

    pub fn family(self) -> Family {
        match self {
            Preset::SixtySix | Preset::Schnapsen | Preset::SchnapsenVu => Family::SixtySix,
        }
    }

    pub fn players(self) -> u8 {
        2
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
        sixty_six::SPECS
    }

    /// The default value of every option, as text.
    pub fn option_defaults(self) -> Vec<(&'static str, String)> {
        self.sixty_six_defaults().values()
    }

    /// The preset's default options.
    pub fn sixty_six_defaults(self) -> SixtySixOptions {
        match self {
            Preset::SixtySix => SixtySixOptions::SIXTY_SIX,
            Preset::Schnapsen => SixtySixOptions::SCHNAPSEN,
            Preset::SchnapsenVu => SixtySixOptions::SCHNAPSEN_VU,
        }
    }

    /// The preset's options with `overrides` (name, value) applied in order.
    /// On error nothing is returned, so a bad option changes nothing.
    pub fn sixty_six_options<'a>(
        self,
        overrides: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SixtySixOptions, OptionError> {
        let mut opts = self.sixty_six_defaults();
        for (name, value) in overrides {
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
