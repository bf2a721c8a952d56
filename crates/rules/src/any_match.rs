//! `AnyMatch`: the score sheet over several deals for any preset that has
//! matches (Sixty-six and Schnapsen to 7 game points, the deal alternating).

use crate::any_game::{AnyGame, SetupError};
use crate::preset::{Family, Preset};
use crate::sixty_six::{Deal, SixtySix, SixtySixMatch};
use talon_cards::Seat;

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMatch {
    SixtySix {
        preset: Preset,
        sheet: SixtySixMatch,
    },
}

impl AnyMatch {
    /// A new match; `first_dealer` deals the first deal.
    pub fn new(
        preset: Preset,
        options: &[(String, String)],
        first_dealer: Seat,
    ) -> Result<AnyMatch, SetupError> {
        match preset.family() {
            Family::SixtySix => {
                let opts = preset
                    .sixty_six_options(options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
                    .map_err(SetupError::Option)?;
                if first_dealer.0 > 1 {
                    return Err(SetupError::Deal(format!(
                        "no seat {first_dealer} in a two-player game"
                    )));
                }
                Ok(AnyMatch::SixtySix {
                    preset,
                    sheet: SixtySixMatch::new(opts, first_dealer),
                })
            }
        }
    }

    /// The next deal, from a seed, dealt by the seat whose turn it is.
    pub fn next_deal(&self, seed: u64) -> AnyGame {
        match self {
            AnyMatch::SixtySix { preset, sheet } => {
                let deal = Deal::from_seed(seed, sheet.opts.hand_size, sheet.dealer);
                let game = SixtySix::new(&deal, sheet.opts).expect("seeded deals are legal");
                AnyGame::SixtySix {
                    preset: *preset,
                    deal,
                    game,
                }
            }
        }
    }

    /// Books a finished deal of this match; `false` if it is not finished
    /// or the match is already decided.
    pub fn record(&mut self, game: &AnyGame) -> bool {
        match (self, game) {
            (AnyMatch::SixtySix { sheet, .. }, AnyGame::SixtySix { game, .. }) => {
                match game.result() {
                    Some(r) => sheet.record(r),
                    None => false,
                }
            }
        }
    }

    /// Match score per seat.
    pub fn scores(&self) -> Vec<i32> {
        match self {
            AnyMatch::SixtySix { sheet, .. } => {
                sheet.scores.iter().map(|&s| i32::from(s)).collect()
            }
        }
    }

    /// The winning seat (for partnerships, one seat of the winning team).
    pub fn winner(&self) -> Option<Seat> {
        match self {
            AnyMatch::SixtySix { sheet, .. } => sheet.winner(),
        }
    }

    pub fn deals_played(&self) -> u32 {
        match self {
            AnyMatch::SixtySix { sheet, .. } => sheet.deals_played,
        }
    }
}
