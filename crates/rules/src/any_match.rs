//! `AnyMatch`: the score sheet over several deals for any preset: Sixty-six
//! and Schnapsen to 7 game points with the deal alternating, North American
//! Sixty-six to 10 or 15 ticks with "bidders out", Sixes and Sevens one deal
//! per player after cutting for the first dealer, the Pedro family to its
//! target with its own win and loss rules.

use crate::any_game::{AnyGame, SetupError};
use crate::na_sixty_six::{self, NaMatch};
use crate::pedro::{self, PedroMatch};
use crate::preset::Preset;
use crate::sevens::{self, SevensMatch, SevensOptions};
use crate::sixty_six::{Deal, SixtySixMatch};
use talon_cards::Seat;

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMatch {
    SixtySix {
        preset: Preset,
        sheet: SixtySixMatch,
    },
    NaSixtySix {
        preset: Preset,
        sheet: NaMatch,
    },
    Sevens {
        preset: Preset,
        sheet: SevensMatch,
    },
    Pedro {
        preset: Preset,
        sheet: PedroMatch,
    },
}

impl AnyMatch {
    /// A new match. The last seat deals first (so seat 0 plays first),
    /// except in Sixes and Sevens, where players cut for the deal with `seed`.
    pub fn new(
        preset: Preset,
        options: &[(String, String)],
        seed: u64,
    ) -> Result<AnyMatch, SetupError> {
        // Validates the options the same way a single deal does.
        let probe = AnyGame::new(preset, options, &crate::Setup::Seed(seed))?;
        let last = Seat(probe.seats() - 1);
        Ok(match probe {
            AnyGame::SixtySix { game, .. } => AnyMatch::SixtySix {
                preset,
                sheet: SixtySixMatch::new(*game.options(), last),
            },
            AnyGame::NaSixtySix { game, .. } => AnyMatch::NaSixtySix {
                preset,
                sheet: NaMatch::new(*game.options(), last),
            },
            AnyGame::Sevens { game, .. } => {
                let opts: SevensOptions = *game.options();
                AnyMatch::Sevens {
                    preset,
                    sheet: SevensMatch::new(opts, seed),
                }
            }
            AnyGame::Pedro { game, .. } => AnyMatch::Pedro {
                preset,
                sheet: PedroMatch::new(*game.options(), last),
            },
        })
    }

    /// The next deal, from a seed, dealt by the seat whose turn it is.
    pub fn next_deal(&self, seed: u64) -> AnyGame {
        match self {
            AnyMatch::SixtySix { preset, sheet } => {
                let deal = Deal::from_seed(seed, sheet.opts.hand_size, sheet.dealer);
                // Dealt through the sheet, so the deal (and every seat's
                // observation) carries the match score.
                let game = sheet.deal(&deal).expect("seeded deals are legal");
                AnyGame::SixtySix {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::NaSixtySix { preset, sheet } => {
                let deal = na_sixty_six::Deal::from_seed_for(seed, &sheet.opts, sheet.dealer);
                let game = sheet.deal(&deal).expect("seeded deals are legal");
                AnyGame::NaSixtySix {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::Sevens { preset, sheet } => {
                let deal = sevens::Deal::from_seed(seed, sheet.opts.players, sheet.dealer);
                let game = sheet.deal(&deal).expect("seeded deals are legal");
                AnyGame::Sevens {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::Pedro { preset, sheet } => {
                let deal = pedro::Deal::from_seed(seed, &sheet.opts, sheet.dealer);
                let game = sheet.deal(&deal).expect("seeded deals are legal");
                AnyGame::Pedro {
                    preset: *preset,
                    deal,
                    game,
                }
            }
        }
    }

    /// The preset this match plays.
    pub fn preset(&self) -> Preset {
        match self {
            AnyMatch::SixtySix { preset, .. }
            | AnyMatch::NaSixtySix { preset, .. }
            | AnyMatch::Sevens { preset, .. }
            | AnyMatch::Pedro { preset, .. } => *preset,
        }
    }

    /// The next deal from its text in the family's deal notation (as a
    /// table's log stores it), through the sheet exactly as
    /// [`AnyMatch::next_deal`] deals: the dealer must be the seat whose
    /// turn it is to deal.
    pub fn deal_from_text(&self, text: &str) -> Result<AnyGame, SetupError> {
        let bad = |e: String| SetupError::Deal(e);
        Ok(match self {
            AnyMatch::SixtySix { preset, sheet } => {
                let deal: Deal = text
                    .parse()
                    .map_err(|e: crate::sixty_six::DealError| bad(e.to_string()))?;
                let game = sheet.deal(&deal).map_err(|e| bad(e.to_string()))?;
                AnyGame::SixtySix {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::NaSixtySix { preset, sheet } => {
                let deal = na_sixty_six::Deal::parse_for(text, &sheet.opts)
                    .map_err(|e| bad(e.to_string()))?;
                let game = sheet.deal(&deal).map_err(|e| bad(e.to_string()))?;
                AnyGame::NaSixtySix {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::Sevens { preset, sheet } => {
                let deal = sevens::Deal::parse(text, sheet.opts.players)
                    .map_err(|e| bad(e.to_string()))?;
                let game = sheet.deal(&deal).map_err(|e| bad(e.to_string()))?;
                AnyGame::Sevens {
                    preset: *preset,
                    deal,
                    game,
                }
            }
            AnyMatch::Pedro { preset, sheet } => {
                let deal: pedro::Deal = text
                    .parse()
                    .map_err(|e: pedro::DealError| bad(e.to_string()))?;
                let game = sheet.deal(&deal).map_err(|e| bad(e.to_string()))?;
                AnyGame::Pedro {
                    preset: *preset,
                    deal,
                    game,
                }
            }
        })
    }

    /// Books a finished deal of this match. Refused, with the reason and
    /// nothing booked, unless the deal is over, was dealt for this very
    /// point of the match (same game and options, the dealer whose turn it
    /// is, and the sheet as it stands: a deal booked already, or one of
    /// another match, has another), and the match is still open.
    pub fn record(&mut self, game: &AnyGame) -> Result<(), String> {
        if self.winner().is_some() {
            return Err("the match is over".into());
        }
        let booked = match (self, game) {
            (AnyMatch::SixtySix { sheet, .. }, AnyGame::SixtySix { game, .. }) => {
                dealt_here(
                    *game.options() == sheet.opts,
                    game.dealer(),
                    sheet.dealer,
                    DealtAt::of(game.sheet().map(|s| s.scores), sheet.scores),
                )?;
                game.result().is_some_and(|r| sheet.record(r))
            }
            (AnyMatch::NaSixtySix { sheet, .. }, AnyGame::NaSixtySix { game, .. }) => {
                dealt_here(
                    *game.options() == sheet.opts,
                    game.dealer(),
                    sheet.dealer,
                    DealtAt::of(game.sheet(), sheet.sheet()),
                )?;
                game.result().is_some_and(|r| sheet.record(r))
            }
            (AnyMatch::Sevens { sheet, .. }, AnyGame::Sevens { game, .. }) => {
                // Every seat deals once, in turn, and the deal carries no
                // sheet: a deal booked already has a dealer whose turn is past.
                dealt_here(
                    *game.options() == sheet.opts,
                    game.dealer(),
                    sheet.dealer,
                    DealtAt::Now,
                )?;
                sheet.record(game)
            }
            (AnyMatch::Pedro { sheet, .. }, AnyGame::Pedro { game, .. }) => {
                dealt_here(
                    *game.options() == sheet.opts,
                    game.dealer(),
                    sheet.dealer,
                    DealtAt::of(game.sheet(), sheet.scores),
                )?;
                game.result().is_some_and(|r| sheet.record(r))
            }
            _ => return Err(FOREIGN.into()),
        };
        if booked {
            Ok(())
        } else {
            Err("the deal is not over yet".into())
        }
    }

    /// Match score per seat (partners show their side's score).
    pub fn scores(&self) -> Vec<i32> {
        match self {
            AnyMatch::SixtySix { sheet, .. } => {
                sheet.scores.iter().map(|&s| i32::from(s)).collect()
            }
            AnyMatch::NaSixtySix { sheet, .. } => {
                let sides = sheet.scores.len();
                (0..sheet.opts.players as usize)
                    .map(|seat| sheet.scores[seat % sides])
                    .collect()
            }
            AnyMatch::Sevens { sheet, .. } => sheet.totals.iter().map(|&t| t as i32).collect(),
            AnyMatch::Pedro { sheet, .. } => (0..4).map(|seat| sheet.scores[seat % 2]).collect(),
        }
    }

    /// The winning seat once the match is decided (for partnerships, the
    /// lower seat of the winning side; for a shared first place in Sixes and
    /// Sevens, the lowest such seat): the first of [`AnyMatch::winners`].
    pub fn winner(&self) -> Option<Seat> {
        match self {
            AnyMatch::SixtySix { sheet, .. } => sheet.winner(),
            AnyMatch::NaSixtySix { sheet, .. } => sheet.winner().map(|side| Seat(side as u8)),
            AnyMatch::Sevens { sheet, .. } => sheet.winners().and_then(|w| w.into_iter().min()),
            AnyMatch::Pedro { sheet, .. } => sheet.winner.map(|team| Seat(team as u8)),
        }
    }

    /// Every winning seat once the match is decided: both partners of a
    /// winning side, every seat sharing first place in Sixes and Sevens.
    pub fn winners(&self) -> Option<Vec<Seat>> {
        let side = |side: usize, sides: usize, seats: u8| {
            (0..seats)
                .filter(|&s| s as usize % sides == side)
                .map(Seat)
                .collect()
        };
        match self {
            AnyMatch::SixtySix { sheet, .. } => sheet.winner().map(|w| vec![w]),
            AnyMatch::NaSixtySix { sheet, .. } => sheet
                .winner()
                .map(|w| side(w, sheet.scores.len(), sheet.opts.players)),
            AnyMatch::Sevens { sheet, .. } => sheet.winners(),
            AnyMatch::Pedro { sheet, .. } => sheet.winner.map(|w| side(w, 2, 4)),
        }
    }

    /// The score that wins the match, in its own unit (game points,
    /// ticks, points); `None` for Sixes and Sevens, which plays a deal per
    /// player and counts tricks.
    pub fn target(&self) -> Option<i32> {
        match self {
            AnyMatch::SixtySix { sheet, .. } => Some(i32::from(sheet.opts.match_target)),
            AnyMatch::NaSixtySix { sheet, .. } => Some(i32::from(sheet.opts.target)),
            AnyMatch::Sevens { .. } => None,
            AnyMatch::Pedro { sheet, .. } => Some(i32::from(sheet.opts.game_target)),
        }
    }

    pub fn deals_played(&self) -> u32 {
        match self {
            AnyMatch::SixtySix { sheet, .. } => sheet.deals_played,
            AnyMatch::NaSixtySix { sheet, .. } => sheet.deals_played,
            AnyMatch::Sevens { sheet, .. } => sheet.deals_played,
            AnyMatch::Pedro { sheet, .. } => sheet.deals_played,
        }
    }
}

const FOREIGN: &str = "the deal is of another game or other options than this match";

/// The score sheet a deal was dealt at, against a match's now.
enum DealtAt {
    /// At the match's score now (or a game whose deals carry no sheet).
    Now,
    /// At another score: booked already, or of another match.
    Other,
    /// A lone deal, dealt at no score: not one of a match.
    Alone,
}

impl DealtAt {
    fn of<T: PartialEq>(dealt: Option<T>, now: T) -> DealtAt {
        match dealt {
            None => DealtAt::Alone,
            Some(s) if s == now => DealtAt::Now,
            Some(_) => DealtAt::Other,
        }
    }
}

/// Whether a finished deal was dealt for the point a match's sheet is at:
/// its options, its dealer against the one whose turn it is, and (where
/// the deal carries one) the sheet it was dealt at.
fn dealt_here(same_options: bool, dealt: Seat, due: Seat, at: DealtAt) -> Result<(), String> {
    if !same_options {
        return Err(FOREIGN.into());
    }
    match at {
        DealtAt::Alone => Err(
            "the deal is a lone deal, dealt at no score: not one of this match's deals".into(),
        ),
        _ if dealt != due => Err(format!(
            "the deal was dealt by seat {dealt}, but it is seat {due}'s turn to deal"
        )),
        DealtAt::Other => Err(
            "the deal was dealt at another score than the match's now (booked already, or from another match)"
                .into(),
        ),
        DealtAt::Now => Ok(()),
    }
}
