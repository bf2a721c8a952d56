//! `Ruleset`: a preset with its options parsed once. `AnyGame::new` sets
//! up every deal through one; a front end that starts many deals (a Python
//! loop or a vectorised environment starts one every 10 to 30 steps) keeps
//! it and deals without reading the option strings again.

use crate::any_game::{AnyGame, Setup, SetupError};
use crate::na_sixty_six::{self, NaOptions, NaSixtySix};
use crate::pedro::{self, Pedro, PedroOptions};
use crate::preset::{Family, Preset};
use crate::sevens::{self, Sevens, SevensOptions};
use crate::sixty_six::{self, SixtySix, SixtySixOptions};
use talon_cards::Seat;

/// The parsed options of one family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FamilyOptions {
    SixtySix(SixtySixOptions),
    NaSixtySix(NaOptions),
    Sevens(SevensOptions),
    Pedro(PedroOptions),
}

/// A preset and its options, parsed and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ruleset {
    preset: Preset,
    options: FamilyOptions,
}

/// The options of a preset of the North American Sixty-six family with
/// `overrides` applied in order.
fn na_options(preset: Preset, overrides: &[(String, String)]) -> Result<NaOptions, SetupError> {
    let mut o = match preset {
        Preset::NaSixtySix3 => NaOptions::THREE_HANDS,
        Preset::SixtySixFour => NaOptions::HOYLE_FOUR,
        _ => NaOptions::FOUR_HANDS,
    };
    for (k, v) in overrides {
        o.set(k, v).map_err(SetupError::Option)?;
    }
    Ok(o)
}

impl Ruleset {
    /// `options` are (name, value) pairs applied over the preset's defaults.
    pub fn new(preset: Preset, options: &[(String, String)]) -> Result<Ruleset, SetupError> {
        let pairs = || options.iter().map(|(k, v)| (k.as_str(), v.as_str()));
        let options = match preset.family() {
            Family::SixtySix => FamilyOptions::SixtySix(
                preset
                    .sixty_six_options(pairs())
                    .map_err(SetupError::Option)?,
            ),
            Family::NaSixtySix => FamilyOptions::NaSixtySix(na_options(preset, options)?),
            Family::Sevens => {
                FamilyOptions::Sevens(SevensOptions::with(pairs()).map_err(SetupError::Option)?)
            }
            Family::Pedro => {
                FamilyOptions::Pedro(preset.pedro_options(pairs()).map_err(SetupError::Option)?)
            }
        };
        Ok(Ruleset { preset, options })
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// Seats at the table these options make.
    pub fn seats(&self) -> usize {
        usize::from(match self.options {
            FamilyOptions::SixtySix(_) => 2,
            FamilyOptions::NaSixtySix(o) => o.players,
            FamilyOptions::Sevens(o) => o.players,
            FamilyOptions::Pedro(_) => 4,
        })
    }

    /// Sets up a deal. A seeded deal is dealt by the last seat, so seat 0
    /// plays first.
    pub fn deal(&self, setup: &Setup) -> Result<AnyGame, SetupError> {
        let preset = self.preset;
        let bad = |e: String| SetupError::Deal(e);
        Ok(match self.options {
            FamilyOptions::SixtySix(opts) => {
                let deal = match setup {
                    Setup::Seed(seed) => sixty_six::Deal::from_seed(*seed, opts.hand_size, Seat(1)),
                    Setup::Deal(text) => text
                        .parse()
                        .map_err(|e: sixty_six::DealError| bad(e.to_string()))?,
                };
                let game = SixtySix::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::SixtySix { preset, deal, game }
            }
            FamilyOptions::NaSixtySix(opts) => {
                let deal = match setup {
                    Setup::Seed(seed) => {
                        na_sixty_six::Deal::from_seed_for(*seed, &opts, Seat(opts.players - 1))
                    }
                    Setup::Deal(text) => na_sixty_six::Deal::parse_for(text, &opts)
                        .map_err(|e| bad(e.to_string()))?,
                };
                let game = NaSixtySix::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::NaSixtySix { preset, deal, game }
            }
            FamilyOptions::Sevens(opts) => {
                let deal = match setup {
                    Setup::Seed(seed) => {
                        sevens::Deal::from_seed(*seed, opts.players, Seat(opts.players - 1))
                    }
                    Setup::Deal(text) => {
                        sevens::Deal::parse(text, opts.players).map_err(|e| bad(e.to_string()))?
                    }
                };
                let game = Sevens::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::Sevens { preset, deal, game }
            }
            FamilyOptions::Pedro(opts) => {
                let deal = match setup {
                    // Dealt by seat 3, so seat 0 bids first.
                    Setup::Seed(seed) => pedro::Deal::from_seed(*seed, &opts, Seat(3)),
                    Setup::Deal(text) => text
                        .parse()
                        .map_err(|e: pedro::DealError| bad(e.to_string()))?,
                };
                let game = Pedro::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::Pedro { preset, deal, game }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_match_the_games_dealt() {
        let opts = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let mut cases: Vec<(Preset, Vec<(String, String)>)> =
            Preset::ALL.iter().map(|&p| (p, Vec::new())).collect();
        cases.push((Preset::SixesAndSevens, opts(&[("players", "3")])));
        cases.push((Preset::Pedro, opts(&[("joker", "true")])));
        for (preset, options) in cases {
            let rules = Ruleset::new(preset, &options).unwrap();
            for seed in [0, 77, u64::MAX] {
                let game = rules.deal(&Setup::Seed(seed)).unwrap();
                assert_eq!(rules.seats(), usize::from(game.seats()), "{preset}");
                assert_eq!(game.preset(), preset);
            }
        }
    }
}
