//! `Dealer`: a preset with its options parsed once, dealing seeded deals
//! without reading the option strings again. A Python loop or the
//! vectorised environment starts a new deal every 10 to 30 steps, and
//! `AnyGame::new` parses the options each time; this deals exactly what
//! `AnyGame::new(preset, options, &Setup::Seed(seed))` deals (a test checks).

use talon_cards::Seat;
use talon_rules::na_sixty_six::{self, NaOptions, NaSixtySix};
use talon_rules::pedro::{self, Pedro, PedroOptions};
use talon_rules::sevens::{self, Sevens, SevensOptions};
use talon_rules::sixty_six::{self, SixtySix, SixtySixOptions};
use talon_rules::{AnyGame, Preset, Setup};

#[derive(Clone, Debug)]
pub enum Dealer {
    SixtySix(Preset, SixtySixOptions),
    NaSixtySix(Preset, NaOptions),
    Sevens(Preset, SevensOptions),
    Pedro(Preset, PedroOptions),
}

impl Dealer {
    /// Checks the options the way a deal does (by setting one up) and keeps
    /// what they parsed to.
    pub fn new(preset: Preset, options: &[(String, String)]) -> Result<Dealer, String> {
        let probe = AnyGame::new(preset, options, &Setup::Seed(0)).map_err(|e| e.to_string())?;
        Ok(match probe {
            AnyGame::SixtySix { game, .. } => Dealer::SixtySix(preset, *game.options()),
            AnyGame::NaSixtySix { game, .. } => Dealer::NaSixtySix(preset, *game.options()),
            AnyGame::Sevens { game, .. } => Dealer::Sevens(preset, *game.options()),
            AnyGame::Pedro { game, .. } => Dealer::Pedro(preset, *game.options()),
        })
    }

    pub fn seats(&self) -> usize {
        usize::from(match self {
            Dealer::SixtySix(..) => 2,
            Dealer::NaSixtySix(_, o) => o.players,
            Dealer::Sevens(_, o) => o.players,
            Dealer::Pedro(..) => 4,
        })
    }

    /// The deal of `seed`, dealt as `AnyGame::new` deals it (the last seat
    /// deals, so seat 0 plays first).
    pub fn deal(&self, seed: u64) -> AnyGame {
        const LEGAL: &str = "a seeded deal is legal";
        match *self {
            Dealer::SixtySix(preset, opts) => {
                let deal = sixty_six::Deal::from_seed(seed, opts.hand_size, Seat(1));
                let game = SixtySix::new(&deal, opts).expect(LEGAL);
                AnyGame::SixtySix { preset, deal, game }
            }
            Dealer::NaSixtySix(preset, opts) => {
                let deal = na_sixty_six::Deal::from_seed_for(seed, &opts, Seat(opts.players - 1));
                let game = NaSixtySix::new(&deal, opts).expect(LEGAL);
                AnyGame::NaSixtySix { preset, deal, game }
            }
            Dealer::Sevens(preset, opts) => {
                let deal = sevens::Deal::from_seed(seed, opts.players, Seat(opts.players - 1));
                let game = Sevens::new(&deal, opts).expect(LEGAL);
                AnyGame::Sevens { preset, deal, game }
            }
            Dealer::Pedro(preset, opts) => {
                let deal = pedro::Deal::from_seed(seed, &opts, Seat(3));
                let game = Pedro::new(&deal, opts).expect(LEGAL);
                AnyGame::Pedro { preset, deal, game }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_what_any_game_deals_on_every_preset() {
        let opts = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let mut cases: Vec<(Preset, Vec<(String, String)>)> =
            Preset::ALL.iter().map(|&p| (p, Vec::new())).collect();
        cases.push((Preset::SixtySix, opts(&[("closing", "false")])));
        cases.push((Preset::SixesAndSevens, opts(&[("players", "3")])));
        cases.push((Preset::Pedro, opts(&[("joker", "true")])));
        for (preset, options) in cases {
            let dealer = Dealer::new(preset, &options).unwrap();
            for seed in [0, 1, 2, 77, 12345, u64::MAX] {
                let want = AnyGame::new(preset, &options, &Setup::Seed(seed)).unwrap();
                assert_eq!(dealer.deal(seed), want, "{preset} {options:?} seed {seed}");
                assert_eq!(dealer.seats(), usize::from(want.seats()));
            }
        }
    }
}
