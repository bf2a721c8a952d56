//! `Ruleset`: a preset with its options parsed once. `AnyGame::new` sets
//! up every deal through one; a front end that starts many deals (a Python
//! loop or a vectorised environment starts one every 10 to 30 steps) keeps
//! it and deals without reading the option strings again.

use crate::any_game::{AnyGame, Setup, SetupError};
use crate::na_sixty_six::{self, NaOptions, NaSixtySix};
use crate::pedro::{self, Pedro, PedroOptions};
use crate::preset::{Family, Preset};
use crate::sevens::{self, Sevens, SevensOptions};
use crate::shuffle::{rng_from_seed, shuffle};
use crate::sixty_six::{self, SixtySix, SixtySixOptions};
use std::borrow::Cow;
use talon_cards::{Card, CardSet, Deck, Seat};

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
    let mut o = preset.na_defaults();
    for (k, v) in overrides {
        o.set(k, v).map_err(SetupError::Option)?;
    }
    Ok(o)
}

impl Ruleset {
    /// `options` are (name, value) pairs applied over the preset's
    /// defaults. Refused as well if they deal no game (options that each
    /// read but do not fit together), so a front end hears of it when the
    /// game is chosen, not at its first deal.
    pub fn new(preset: Preset, options: &[(String, String)]) -> Result<Ruleset, SetupError> {
        let rules = Ruleset::parsed(preset, options)?;
        rules.fit_together()?;
        match rules.deal(&Setup::Seed(0)) {
            Ok(_) => Ok(rules),
            Err(SetupError::Deal(e) | SetupError::Unplayable(e)) => Err(SetupError::Unplayable(e)),
            Err(e) => Err(e),
        }
    }

    /// Options a game is not chosen with, though a deal plays by them:
    /// refused by [`Ruleset::new`] only, so that a log or state saved
    /// before the refusal still replays.
    fn fit_together(&self) -> Result<(), SetupError> {
        // An option that changes nothing in this game (a widow with four
        // hands, the joker's points without a joker) stays at the preset's
        // value: a player who sets it expects it to do something.
        match self.inert().into_iter().next() {
            Some((name, default, why)) => Err(SetupError::Option(crate::OptionError::Inert {
                name: name.into(),
                preset: self.preset.name(),
                default,
                why,
            })),
            None => Ok(()),
        }
    }

    /// The options set away from the preset's default that change nothing
    /// in this game: each name, its default and why.
    fn inert(&self) -> Vec<(&'static str, String, &'static str)> {
        let defaults = self.preset.option_defaults();
        self.option_values()
            .into_iter()
            .filter_map(|(name, value)| {
                let why = self.why_inert(name)?;
                let (_, default) = defaults.iter().find(|(n, _)| *n == name)?;
                (*default != value).then(|| (name, default.clone(), why))
            })
            .collect()
    }

    /// Why option `name` changes nothing with these options, if it does
    /// not (each family's own `inert`).
    fn why_inert(&self, name: &str) -> Option<&'static str> {
        match &self.options {
            FamilyOptions::NaSixtySix(o) => o.inert(name),
            FamilyOptions::Pedro(o) => o.inert(name),
            FamilyOptions::SixtySix(_) | FamilyOptions::Sevens(_) => None,
        }
    }

    /// The names of `options` that change nothing in `preset` and are set
    /// away from its default: what a game saved before they were refused
    /// may hold, for a new game made from it (a rematch) to leave out.
    /// Options that cannot be read give none.
    pub fn inert_options(preset: Preset, options: &[(String, String)]) -> Vec<&'static str> {
        Ruleset::parsed(preset, options)
            .map(|r| r.inert().into_iter().map(|(name, _, _)| name).collect())
            .unwrap_or_default()
    }

    /// The options read, without trying a deal.
    pub(crate) fn parsed(
        preset: Preset,
        options: &[(String, String)],
    ) -> Result<Ruleset, SetupError> {
        preset
            .options_given_once(options)
            .map_err(SetupError::Option)?;
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

    /// Every option's value under these rules, as text, in the order of
    /// [`Preset::option_defaults`]: shorthands such as `sharp` show as the
    /// options they set.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        match &self.options {
            FamilyOptions::SixtySix(o) => o.values(),
            FamilyOptions::NaSixtySix(o) => o.values(),
            FamilyOptions::Sevens(o) => o.values(),
            FamilyOptions::Pedro(o) => o.values(),
        }
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

    /// Bounds on any seat's return from a deal under these rules (what
    /// `AnyGame::returns` gives): safe, not always reached. Learners
    /// normalise by them; OpenSpiel asks for them.
    pub fn return_bounds(&self) -> (i32, i32) {
        let bound = match self.options {
            // 3 game points at most, for a schwarz or a failed close.
            FamilyOptions::SixtySix(_) => 3,
            FamilyOptions::NaSixtySix(o) => {
                // A side scores a game point per 33 of its points: 120 in
                // the cards, 100 in the four marriages, and the last
                // trick's bonus. A failed bid loses the bid (the moon: 5);
                // Hoyle's game scores at most 3, and 1 for the ten of trumps.
                let points = 120 + 100 + i32::from(o.last_trick_bonus);
                (points / 33).max(i32::from(na_sixty_six::MOON)).max(4)
            }
            // Tricks taken (minus them under `winner=fewest`): one a card
            // of a hand.
            FamilyOptions::Sevens(o) => o.hand_size() as i32,
            FamilyOptions::Pedro(o) => {
                // A side scores at most every point, loses at most its bid;
                // a double bid multiplies either.
                let bound = i32::from(o.total_points()).max(i32::from(o.max_bid));
                if o.double_bid {
                    bound * i32::from(o.double_factor.max(1))
                } else {
                    bound
                }
            }
        };
        (-bound, bound)
    }

    /// What the seats' returns add up to in every deal, where they always
    /// add up to the same: zero in two-hand Sixty-six, the deal's tricks
    /// in Sixes and Sevens (negative under `winner=fewest`). `None` for
    /// the partnership games, whose deals score both sides at once.
    pub fn return_sum(&self) -> Option<i32> {
        match self.options {
            FamilyOptions::SixtySix(_) => Some(0),
            FamilyOptions::Sevens(o) => {
                let tricks = o.hand_size() as i32;
                Some(if o.winner == sevens::Winner::Fewest {
                    -tricks
                } else {
                    tricks
                })
            }
            FamilyOptions::NaSixtySix(_) | FamilyOptions::Pedro(_) => None,
        }
    }

    /// The pack a deal under these rules uses, in the fixed order a seed's
    /// shuffle starts from. A permutation of it is a `Setup::Pack`.
    pub fn pack(&self) -> Vec<Card> {
        self.deck().ordered()
    }

    fn deck(&self) -> Deck {
        match self.options {
            FamilyOptions::SixtySix(o) => sixty_six::deck_for(o.hand_size),
            FamilyOptions::NaSixtySix(o) => na_sixty_six::deck_for(&o),
            FamilyOptions::Sevens(_) => Deck::FiftyTwo,
            FamilyOptions::Pedro(o) => pedro::deck_for(&o),
        }
    }

    /// The pack seed `seed` deals: `pack()` shuffled as `Setup::Seed` does.
    pub fn shuffled_pack(&self, seed: u64) -> Vec<Card> {
        let mut pack = self.pack();
        shuffle(&mut pack, &mut rng_from_seed(seed));
        pack
    }

    /// `pack` unchanged if it holds every card of `pack()` exactly once.
    fn checked<'a>(&self, pack: &'a [Card]) -> Result<&'a [Card], SetupError> {
        let deck = self.deck();
        let mut seen = CardSet::EMPTY;
        for &c in pack {
            if !deck.cards().contains(c) {
                return Err(SetupError::Deal(format!("{c} is not in this game's pack")));
            }
            if seen.contains(c) {
                return Err(SetupError::Deal(format!("{c} appears twice in the pack")));
            }
            seen.insert(c);
        }
        if pack.len() != deck.len() {
            return Err(SetupError::Deal(format!(
                "the pack has {} cards, this game deals {}",
                pack.len(),
                deck.len()
            )));
        }
        Ok(pack)
    }

    /// Sets up a deal. A seeded or packed deal is dealt by the last seat,
    /// so seat 0 plays first; a seed deals `shuffled_pack(seed)`.
    pub fn deal(&self, setup: &Setup) -> Result<AnyGame, SetupError> {
        let preset = self.preset;
        let bad = |e: String| SetupError::Deal(e);
        // A pack to deal, or deal notation to read.
        let (pack, text): (Option<Cow<[Card]>>, &str) = match setup {
            Setup::Seed(seed) => (Some(Cow::Owned(self.shuffled_pack(*seed))), ""),
            Setup::Pack(pack) => (Some(Cow::Borrowed(self.checked(pack)?)), ""),
            Setup::Deal(text) => (None, text.as_str()),
        };
        Ok(match self.options {
            FamilyOptions::SixtySix(opts) => {
                let deal = match &pack {
                    Some(p) => sixty_six::Deal::from_packets(p, opts.hand_size, Seat(1)),
                    None => text
                        .parse()
                        .map_err(|e: sixty_six::DealError| bad(e.to_string()))?,
                };
                let game = SixtySix::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::SixtySix { preset, deal, game }
            }
            FamilyOptions::NaSixtySix(opts) => {
                let deal = match &pack {
                    Some(p) => na_sixty_six::Deal::from_pack_for(p, &opts, Seat(opts.players - 1)),
                    None => na_sixty_six::Deal::parse_for(text, &opts)
                        .map_err(|e| bad(e.to_string()))?,
                };
                let game = NaSixtySix::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::NaSixtySix { preset, deal, game }
            }
            FamilyOptions::Sevens(opts) => {
                let deal = match &pack {
                    Some(p) => sevens::Deal::from_pack(p, opts.players, Seat(opts.players - 1)),
                    None => {
                        sevens::Deal::parse(text, opts.players).map_err(|e| bad(e.to_string()))?
                    }
                };
                let game = Sevens::new(&deal, opts).map_err(|e| bad(e.to_string()))?;
                AnyGame::Sevens { preset, deal, game }
            }
            FamilyOptions::Pedro(opts) => {
                let deal = match &pack {
                    // Dealt by seat 3, so seat 0 bids first.
                    Some(p) => pedro::Deal::from_pack(p, opts.hand_size, Seat(3)),
                    None => text
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

    #[test]
    fn a_shuffled_pack_deals_what_its_seed_deals() {
        for preset in Preset::ALL {
            let rules = Ruleset::new(preset, &[]).unwrap();
            let pack = rules.pack();
            let mut sorted = pack.clone();
            sorted.sort_by_key(|c| c.index());
            assert_eq!(pack, sorted, "{preset}: pack() is in canonical order");
            for seed in [0, 5, 1 << 40] {
                let shuffled = rules.shuffled_pack(seed);
                assert_ne!(shuffled, pack);
                let by_pack = rules.deal(&Setup::Pack(shuffled)).unwrap();
                let by_seed = rules.deal(&Setup::Seed(seed)).unwrap();
                assert_eq!(
                    by_pack.deal_text(),
                    by_seed.deal_text(),
                    "{preset} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn a_pack_that_is_not_the_games_pack_is_refused_by_name() {
        let rules = Ruleset::new(Preset::SixtySix, &[]).unwrap();
        let err = |pack: Vec<Card>| rules.deal(&Setup::Pack(pack)).unwrap_err().to_string();
        let mut pack = rules.pack();
        let first = pack[0];
        assert!(err(pack[1..].to_vec()).contains("the pack has 23 cards, this game deals 24"));
        pack[1] = first;
        assert!(err(pack.clone()).contains(&format!("{first} appears twice")));
        pack[1] = "2C".parse().unwrap();
        assert!(err(pack.clone()).contains("2C is not in this game's pack"));
        pack.push(Card::JOKER);
        assert!(err(pack).contains("is not in this game's pack"));
    }
}
