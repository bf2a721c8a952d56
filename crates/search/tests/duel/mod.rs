//! A two-move game with known values, for ISMCTS's options: seat 0 plays
//! `Left`, `Right` (worth 0) or `Resign` (−10); after `Left` seat 1
//! answers `Fair` (1 to seat 0) or `Blunder` (10). `Resign` and `Blunder`
//! are the hopeless moves of their seats, and under best play `Left` is
//! worth exactly 1.

use std::fmt;
use talon_cards::{CardSet, Seat};
use talon_rules::{
    ActionList, ActionParseError, Determinize, Game, Observation, Returns, SolverGame,
};
use talon_search::{Ismcts, IsmctsConfig, RootStat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Left,
    Right,
    Resign,
    Fair,
    Blunder,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Duel {
    played: Vec<Step>,
    /// Whether the rollouts' policy prefers the hopeless moves.
    rollouts_blunder: bool,
}

#[derive(Clone, Debug)]
pub struct Open(Seat, Duel);

impl Observation for Open {
    fn seat(&self) -> Seat {
        self.0
    }
    fn mentioned_cards(&self) -> CardSet {
        CardSet::EMPTY
    }
}

impl Duel {
    /// Seat 0's value once the game is over.
    fn value(&self) -> Option<i32> {
        match self.played.as_slice() {
            [Step::Right] => Some(0),
            [Step::Resign] => Some(-10),
            [Step::Left, Step::Fair] => Some(1),
            [Step::Left, Step::Blunder] => Some(10),
            _ => None,
        }
    }
}

impl Game for Duel {
    type Action = Step;
    type Observation = Open;

    fn seats(&self) -> u8 {
        2
    }
    fn to_move(&self) -> Option<Seat> {
        match self.played.as_slice() {
            [] => Some(Seat(0)),
            [Step::Left] => Some(Seat(1)),
            _ => None,
        }
    }
    fn legal_actions(&self, out: &mut ActionList<Step>) {
        out.clear();
        match self.played.as_slice() {
            [] => out.extend([Step::Left, Step::Right, Step::Resign]),
            [Step::Left] => out.extend([Step::Fair, Step::Blunder]),
            _ => {}
        }
    }
    fn play_unchecked(&mut self, action: Step) {
        self.played.push(action);
    }
    fn why_illegal(&self, _: Step) -> String {
        "not this step of the duel".into()
    }
    fn parse_action(&self, text: &str) -> Result<Step, ActionParseError> {
        Err(ActionParseError {
            input: text.to_string(),
            reason: "not used".to_string(),
        })
    }
    fn observe(&self, seat: Seat) -> Open {
        Open(seat, self.clone())
    }
    fn observe_public(&self) -> Open {
        self.observe(Seat(0))
    }
    fn hidden_from(&self, _: Seat) -> CardSet {
        CardSet::EMPTY
    }
    fn returns(&self) -> Option<Returns> {
        self.value().map(|v| [v, -v].into_iter().collect())
    }
}

impl Determinize for Duel {
    fn sample<R: rand_core::RngCore + ?Sized>(obs: &Open, _: &mut R) -> Duel {
        obs.1.clone()
    }
}

impl SolverGame for Duel {
    fn value_range(&self) -> (i32, i32) {
        (-10, 10)
    }
    fn key(&self) -> u64 {
        self.played.len() as u64
    }
    fn playout_score(&self, action: Step) -> i32 {
        let hopeless = matches!(action, Step::Blunder | Step::Resign);
        match (hopeless, self.rollouts_blunder) {
            (false, _) => 0,
            (true, true) => 1,
            (true, false) => -1,
        }
    }
    fn prune_hopeless(&self, actions: &mut ActionList<Step>) {
        actions.retain(|a| !matches!(a, Step::Blunder | Step::Resign));
    }
    /// Seat 1 answers `Left` with `Fair` under best play.
    fn exact_value(&self) -> Option<i32> {
        (self.played == [Step::Left]).then_some(1)
    }
}

/// ISMCTS's root statistics for seat 0 at the start, with `config`'s
/// rollouts blundering or not.
pub fn root_stats(config: IsmctsConfig, rollouts_blunder: bool, seed: u64) -> Vec<RootStat<Step>> {
    root_stats_of(Ismcts::new(config), rollouts_blunder, seed)
}

/// The same with a search set up beyond its config.
pub fn root_stats_of(
    mut ismcts: Ismcts<Duel>,
    rollouts_blunder: bool,
    seed: u64,
) -> Vec<RootStat<Step>> {
    let game = Duel {
        played: Vec::new(),
        rollouts_blunder,
    };
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let mut rng = talon_rules::shuffle::rng_from_seed(seed);
    ismcts.search(&game.observe(Seat(0)), &legal, &mut rng)
}

/// The root statistic of `step`.
pub fn stat(stats: &[RootStat<Step>], step: Step) -> &RootStat<Step> {
    stats
        .iter()
        .find(|s| s.action == step)
        .unwrap_or_else(|| panic!("{step} was searched"))
}
