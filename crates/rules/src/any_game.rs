//! `AnyGame`: one deal of any preset, driven by text actions. Front ends
//! (the engine protocol, the terminal, records) use it; search and bots use
//! the typed [`Game`] implementations directly.
//!
//! Dispatch is an enum, not `dyn`, so each arm keeps its concrete type.

use crate::game::{ActionParseError, Game, IllegalAction};
use crate::na_sixty_six::{self, NaObservation, NaSixtySix};
use crate::options::OptionError;
use crate::pedro::{self, Pedro, PedroObservation};
use crate::preset::{Family, Preset};
use crate::ruleset::Ruleset;
use crate::sevens::{self, Sevens, SevensObservation};
use crate::sixty_six::{self, SixtySix, SixtySixObservation};
use crate::ActionList;
use std::fmt;
use talon_cards::{Card, Seat};

/// How to deal: from a seed, an exact deal in the family's notation, or a
/// whole pack in the order it is dealt (top first; see `Ruleset::pack`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    Seed(u64),
    Deal(String),
    Pack(Vec<talon_cards::Card>),
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Option(OptionError),
    Deal(String),
    /// Options that each read, but together deal no game.
    Unplayable(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Option(e) => write!(f, "{e}"),
            SetupError::Deal(e) => write!(f, "bad deal: {e}"),
            SetupError::Unplayable(e) => write!(f, "these options deal no game: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// Why a text action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    Parse(ActionParseError),
    Illegal(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Parse(e) => write!(f, "{e}"),
            PlayError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl<A: fmt::Display> From<IllegalAction<A>> for PlayError {
    fn from(e: IllegalAction<A>) -> Self {
        PlayError::Illegal(e.to_string())
    }
}

/// A finished deal in family-neutral terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Points taken in play per seat (card points, with counted melds and bonuses).
    pub points: Vec<i32>,
    /// Score change per seat (game points; partners share their team's).
    pub score: Vec<i32>,
    /// One line for people, e.g. "seat 0 declared 66 correctly: 2 game points".
    pub text: String,
}

/// A finished trick in family-neutral terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickView {
    pub cards: Vec<(Seat, talon_cards::Card)>,
    pub winner: Seat,
}

impl TrickView {
    fn sixty_six(t: &sixty_six::TrickRecord) -> TrickView {
        TrickView {
            cards: vec![(t.leader, t.cards[0]), (t.leader.opponent(), t.cards[1])],
            winner: t.winner,
        }
    }

    fn na(t: &na_sixty_six::TrickRecord) -> TrickView {
        TrickView {
            cards: t.cards.to_vec(),
            winner: t.winner,
        }
    }

    fn sevens(t: &sevens::TrickRecord, players: u8) -> TrickView {
        let cards = t
            .cards
            .iter()
            .enumerate()
            .map(|(i, &c)| (t.leader.offset(i as u8, players), c));
        TrickView {
            cards: cards.collect(),
            winner: t.winner,
        }
    }

    fn pedro(events: &[pedro::Event]) -> Option<TrickView> {
        pedro::last_trick(events).map(|(cards, winner)| TrickView { cards, winner })
    }
}

/// An observation of any family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyObservation {
    SixtySix(SixtySixObservation),
    NaSixtySix(NaObservation),
    Sevens(SevensObservation),
    Pedro(PedroObservation),
}

impl AnyObservation {
    /// The family of the game observed.
    pub fn family(&self) -> Family {
        match self {
            AnyObservation::SixtySix(_) => Family::SixtySix,
            AnyObservation::NaSixtySix(_) => Family::NaSixtySix,
            AnyObservation::Sevens(_) => Family::Sevens,
            AnyObservation::Pedro(_) => Family::Pedro,
        }
    }

    /// The cards in the observing seat's hand.
    pub fn hand(&self) -> talon_cards::CardSet {
        match self {
            AnyObservation::SixtySix(o) => o.hand,
            AnyObservation::NaSixtySix(o) => o.hand,
            AnyObservation::Sevens(o) => o.hand,
            AnyObservation::Pedro(o) => o.hand,
        }
    }

    /// Points per seat as the observing seat can count them, laid out as
    /// [`AnyGame::points`]. In North American Sixty-six these are the card
    /// points of the tricks on the record and the marriages that count:
    /// the widow's and laid-away cards' points stay hidden until the result,
    /// and the last trick's bonus is in the result too.
    pub fn points(&self) -> Vec<i32> {
        match self {
            AnyObservation::SixtySix(o) => o.points.iter().map(|&p| i32::from(p)).collect(),
            AnyObservation::NaSixtySix(o) => (0..o.players)
                .map(|s| i32::from(o.counted_points(o.options.side(Seat(s)))))
                .collect(),
            AnyObservation::Sevens(o) => o.tricks.iter().map(|&t| i32::from(t)).collect(),
            AnyObservation::Pedro(o) => (0..4).map(|s| i32::from(o.points[s % 2])).collect(),
        }
    }

    /// Tricks completed so far, as [`AnyGame::tricks_played`].
    pub fn tricks_played(&self) -> usize {
        match self {
            AnyObservation::SixtySix(o) => o.tricks.len(),
            AnyObservation::NaSixtySix(o) => o.history.len(),
            AnyObservation::Sevens(o) => o.history.len(),
            AnyObservation::Pedro(o) => o
                .events
                .iter()
                .filter(|e| matches!(e, pedro::Event::Trick { .. }))
                .count(),
        }
    }

    /// The last completed trick, as [`AnyGame::last_trick`] (every trick
    /// is played face up, so every seat sees the same).
    pub fn last_trick(&self) -> Option<TrickView> {
        match self {
            AnyObservation::SixtySix(o) => o.tricks.last().map(TrickView::sixty_six),
            AnyObservation::NaSixtySix(o) => o.history.last().map(TrickView::na),
            AnyObservation::Sevens(o) => o
                .history
                .last()
                .map(|t| TrickView::sevens(t, o.options.players)),
            AnyObservation::Pedro(o) => TrickView::pedro(&o.events),
        }
    }
}

/// One deal of any preset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    SixtySix {
        preset: Preset,
        deal: sixty_six::Deal,
        game: SixtySix,
    },
    NaSixtySix {
        preset: Preset,
        deal: na_sixty_six::Deal,
        game: NaSixtySix,
    },
    Sevens {
        preset: Preset,
        deal: sevens::Deal,
        game: Sevens,
    },
    Pedro {
        preset: Preset,
        deal: pedro::Deal,
        game: Pedro,
    },
}

impl AnyGame {
    /// Sets up a deal; `options` are (name, value) pairs applied over the
    /// preset's defaults. A seeded deal is dealt by the last seat, so seat 0
    /// plays first. To set up many deals, keep the [`Ruleset`].
    pub fn new(
        preset: Preset,
        options: &[(String, String)],
        setup: &Setup,
    ) -> Result<AnyGame, SetupError> {
        // The deal itself says it if the options deal nothing.
        Ruleset::parsed(preset, options)?.deal(setup)
    }

    pub fn preset(&self) -> Preset {
        match self {
            AnyGame::SixtySix { preset, .. } => *preset,
            AnyGame::NaSixtySix { preset, .. } | AnyGame::Sevens { preset, .. } => *preset,
            AnyGame::Pedro { preset, .. } => *preset,
        }
    }

    pub fn seats(&self) -> u8 {
        match self {
            AnyGame::SixtySix { game, .. } => game.seats(),
            AnyGame::NaSixtySix { game, .. } => game.seats(),
            AnyGame::Sevens { game, .. } => game.seats(),
            AnyGame::Pedro { game, .. } => game.seats(),
        }
    }

    /// Whether the deal is in its auction (the North American and Pedro
    /// families' bidding), where front ends read a bare number as a bid.
    pub fn in_auction(&self) -> bool {
        match self {
            AnyGame::NaSixtySix { game, .. } => game.phase() == crate::na_sixty_six::Phase::Bidding,
            AnyGame::Pedro { game, .. } => game.phase() == crate::pedro::Phase::Auction,
            AnyGame::SixtySix { .. } | AnyGame::Sevens { .. } => false,
        }
    }

    pub fn to_move(&self) -> Option<Seat> {
        match self {
            AnyGame::SixtySix { game, .. } => game.to_move(),
            AnyGame::NaSixtySix { game, .. } => game.to_move(),
            AnyGame::Sevens { game, .. } => game.to_move(),
            AnyGame::Pedro { game, .. } => game.to_move(),
        }
    }

    /// The deal in the family's notation, as it was before any action.
    pub fn deal_text(&self) -> String {
        match self {
            AnyGame::SixtySix { deal, .. } => deal.to_string(),
            AnyGame::NaSixtySix { deal, .. } => deal.to_string(),
            AnyGame::Sevens { deal, .. } => deal.to_string(),
            AnyGame::Pedro { deal, .. } => deal.to_string(),
        }
    }

    /// The cards of the deal that no hand was dealt, by what the game calls
    /// them, in the deal's order: Sixty-six's talon and trump card, the
    /// Pedro family's stock or kitty, North American Sixty-six's widow, the
    /// cards Sixes and Sevens sets aside. Shown when the
    /// deal is over; empty lists are left out.
    pub fn undealt(&self) -> Vec<(&'static str, Vec<Card>)> {
        let parts = match self {
            AnyGame::SixtySix { deal, .. } => vec![
                ("talon", deal.talon.clone()),
                ("trump card", vec![deal.trump_card]),
            ],
            AnyGame::Pedro { deal, game, .. } => {
                vec![(game.options().stock_name(), deal.rest.clone())]
            }
            // The turned card (four hands of 32) is the dealer's own.
            AnyGame::NaSixtySix { deal, .. } => vec![("widow", deal.widow.iter().collect())],
            AnyGame::Sevens { deal, .. } => vec![("set aside", deal.leftover.iter().collect())],
        };
        parts
            .into_iter()
            .filter(|(_, cards)| !cards.is_empty())
            .collect()
    }

    /// Legal actions in notation, in the listing order every front end
    /// shows ([`crate::sort_actions`]).
    pub fn legal_actions(&self) -> Vec<String> {
        fn texts<G: Game>(g: &G) -> Vec<String> {
            let mut list = ActionList::new();
            g.legal_actions(&mut list);
            let mut v: Vec<String> = list.iter().map(|a| a.to_string()).collect();
            crate::sort_actions(&mut v);
            v
        }
        match self {
            AnyGame::SixtySix { game, .. } => texts(game),
            AnyGame::NaSixtySix { game, .. } => texts(game),
            AnyGame::Sevens { game, .. } => texts(game),
            AnyGame::Pedro { game, .. } => texts(game),
        }
    }

    /// An action's canonical notation (`10h` and `TH` both give `TH`),
    /// without checking that it is legal now.
    pub fn canonical(&self, text: &str) -> Result<String, PlayError> {
        fn canon<G: Game>(g: &G, text: &str) -> Result<String, PlayError> {
            g.parse_action(text)
                .map(|a| a.to_string())
                .map_err(PlayError::Parse)
        }
        match self {
            AnyGame::SixtySix { game, .. } => canon(game, text),
            AnyGame::NaSixtySix { game, .. } => canon(game, text),
            AnyGame::Sevens { game, .. } => canon(game, text),
            AnyGame::Pedro { game, .. } => canon(game, text),
        }
    }

    /// Applies an action in notation; on error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<(), PlayError> {
        match self {
            AnyGame::SixtySix { game, .. } => {
                let a = game.parse_action(text).map_err(PlayError::Parse)?;
                Ok(game.play(a)?)
            }
            AnyGame::NaSixtySix { game, .. } => {
                let a = game.parse_action(text).map_err(PlayError::Parse)?;
                Ok(game.play(a)?)
            }
            AnyGame::Sevens { game, .. } => {
                let a = game.parse_action(text).map_err(PlayError::Parse)?;
                Ok(game.play(a)?)
            }
            AnyGame::Pedro { game, .. } => {
                let a = game.parse_action(text).map_err(PlayError::Parse)?;
                Ok(game.play(a)?)
            }
        }
    }

    pub fn observe(&self, seat: Seat) -> Result<AnyObservation, PlayError> {
        if seat.0 >= self.seats() {
            return Err(PlayError::Illegal(format!(
                "there is no seat {seat} in a {}-seat game",
                self.seats()
            )));
        }
        Ok(match self {
            AnyGame::SixtySix { game, .. } => AnyObservation::SixtySix(game.observe(seat)),
            AnyGame::NaSixtySix { game, .. } => AnyObservation::NaSixtySix(game.observe(seat)),
            AnyGame::Sevens { game, .. } => AnyObservation::Sevens(game.observe(seat)),
            AnyGame::Pedro { game, .. } => AnyObservation::Pedro(game.observe(seat)),
        })
    }

    /// What everyone at the table knows ([`Game::observe_public`]): what a
    /// spectator is shown.
    pub fn observe_public(&self) -> AnyObservation {
        match self {
            AnyGame::SixtySix { game, .. } => AnyObservation::SixtySix(game.observe_public()),
            AnyGame::NaSixtySix { game, .. } => AnyObservation::NaSixtySix(game.observe_public()),
            AnyGame::Sevens { game, .. } => AnyObservation::Sevens(game.observe_public()),
            AnyGame::Pedro { game, .. } => AnyObservation::Pedro(game.observe_public()),
        }
    }

    /// The cards `seat` must not know now (the privacy oracle of
    /// [`Game::hidden_from`]); an empty set for a seat that does not exist.
    pub fn hidden_from(&self, seat: Seat) -> talon_cards::CardSet {
        if seat.0 >= self.seats() {
            return talon_cards::CardSet::EMPTY;
        }
        match self {
            AnyGame::SixtySix { game, .. } => game.hidden_from(seat),
            AnyGame::NaSixtySix { game, .. } => game.hidden_from(seat),
            AnyGame::Sevens { game, .. } => game.hidden_from(seat),
            AnyGame::Pedro { game, .. } => game.hidden_from(seat),
        }
    }

    /// The cards some seat must not know now: what nobody but the
    /// players concerned may see (a spectator's oracle).
    pub fn hidden_from_anyone(&self) -> talon_cards::CardSet {
        (0..self.seats()).fold(talon_cards::CardSet::EMPTY, |acc, s| {
            acc | self.hidden_from(Seat(s))
        })
    }

    /// Points counted so far per seat (in the family's own unit).
    pub fn points(&self) -> Vec<i32> {
        match self {
            AnyGame::SixtySix { game, .. } => [Seat(0), Seat(1)]
                .iter()
                .map(|&s| i32::from(game.points(s)))
                .collect(),
            // Each seat shows its side's points (partners share them).
            AnyGame::NaSixtySix { game, .. } => (0..game.players())
                .map(|s| i32::from(game.points(game.side(Seat(s)))))
                .collect(),
            AnyGame::Sevens { game, .. } => game.tricks().iter().map(|&t| i32::from(t)).collect(),
            // Partners share their team's points: seats 0 and 2, 1 and 3.
            AnyGame::Pedro { game, .. } => {
                let p = game.team_points();
                (0..4).map(|s| i32::from(p[s % 2])).collect()
            }
        }
    }

    /// Tricks completed so far.
    pub fn tricks_played(&self) -> usize {
        match self {
            AnyGame::SixtySix { game, .. } => game.history().len(),
            AnyGame::NaSixtySix { game, .. } => game.history().len(),
            AnyGame::Sevens { game, .. } => game.history().len(),
            AnyGame::Pedro { game, .. } => game
                .events()
                .iter()
                .filter(|e| matches!(e, pedro::Event::Trick { .. }))
                .count(),
        }
    }

    /// The last completed trick: cards in play order with their seats, and the winner.
    pub fn last_trick(&self) -> Option<TrickView> {
        match self {
            AnyGame::SixtySix { game, .. } => game.history().last().map(TrickView::sixty_six),
            AnyGame::NaSixtySix { game, .. } => game.history().last().map(TrickView::na),
            AnyGame::Sevens { game, .. } => game
                .history()
                .last()
                .map(|t| TrickView::sevens(t, game.players())),
            AnyGame::Pedro { game, .. } => TrickView::pedro(game.events()),
        }
    }

    /// Each seat's result once the deal is over (the rules' returns: in
    /// Sixes and Sevens with `winner=fewest`, minus the tricks).
    pub fn returns(&self) -> Option<crate::game::Returns> {
        match self {
            AnyGame::SixtySix { game, .. } => game.returns(),
            AnyGame::NaSixtySix { game, .. } => game.returns(),
            AnyGame::Sevens { game, .. } => game.returns(),
            AnyGame::Pedro { game, .. } => game.returns(),
        }
    }

    /// The outcome once the deal is over.
    pub fn summary(&self) -> Option<Summary> {
        match self {
            AnyGame::SixtySix { game, .. } => {
                let r = game.result()?;
                Some(Summary {
                    points: r.points.iter().map(|&p| i32::from(p)).collect(),
                    score: game.returns()?.to_vec(),
                    text: sixty_six::describe(r),
                })
            }
            AnyGame::NaSixtySix { game, .. } => {
                let r = game.result()?;
                let sides = game.options().sides();
                let per_seat = |v: &[u16]| -> Vec<i32> {
                    (0..game.players())
                        .map(|s| i32::from(v[game.side(Seat(s))]))
                        .collect()
                };
                Some(Summary {
                    points: per_seat(&r.points),
                    score: game.returns()?.to_vec(),
                    text: na_sixty_six::describe(r, sides),
                })
            }
            AnyGame::Sevens { game, .. } => {
                game.returns()?;
                Some(Summary {
                    points: game.tricks().iter().map(|&t| i32::from(t)).collect(),
                    score: game.tricks().iter().map(|&t| i32::from(t)).collect(),
                    text: sevens::describe(game),
                })
            }
            AnyGame::Pedro { game, .. } => {
                let r = game.result()?;
                Some(Summary {
                    points: (0..4).map(|s| i32::from(r.points[s % 2])).collect(),
                    score: r.seat_scores().to_vec(),
                    text: pedro::describe(r),
                })
            }
        }
    }
}
