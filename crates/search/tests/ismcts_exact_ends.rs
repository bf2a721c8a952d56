//! ISMCTS's `exact_rollout_ends`: a rollout that reaches a position whose
//! exact value the game knows ends there with that value, instead of
//! playing on by a policy that may blunder.

use std::fmt;
use talon_cards::{CardSet, Seat};
use talon_rules::{
    ActionList, ActionParseError, Determinize, Game, Observation, Returns, SolverGame,
};
use talon_search::{Ismcts, IsmctsConfig};

/// Seat 0 plays `Left` or `Right` (worth 0); after `Left` seat 1 answers
/// `Fair` (1 to seat 0) or `Blunder` (10), and its playout policy blunders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    Left,
    Right,
    Fair,
    Blunder,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Duel {
    played: Vec<Step>,
}

#[derive(Clone, Debug)]
struct Open(Seat, Duel);

impl Observation for Open {
    fn seat(&self) -> Seat {
        self.0
    }
    fn mentioned_cards(&self) -> CardSet {
        CardSet::EMPTY
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
            [] => out.extend([Step::Left, Step::Right]),
            [Step::Left] => out.extend([Step::Fair, Step::Blunder]),
            _ => {}
        }
    }
    fn play_unchecked(&mut self, action: Step) {
        self.played.push(action);
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
    fn hidden_from(&self, _: Seat) -> CardSet {
        CardSet::EMPTY
    }
    fn returns(&self) -> Option<Returns> {
        let v = match self.played.as_slice() {
            [Step::Right] => 0,
            [Step::Left, Step::Fair] => 1,
            [Step::Left, Step::Blunder] => 10,
            _ => return None,
        };
        Some([v, -v].into_iter().collect())
    }
}

impl Determinize for Duel {
    fn sample<R: rand_core::RngCore + ?Sized>(obs: &Open, _: &mut R) -> Duel {
        obs.1.clone()
    }
}

impl SolverGame for Duel {
    fn value_range(&self) -> (i32, i32) {
        (0, 10)
    }
    fn key(&self) -> u64 {
        self.played.len() as u64
    }
    fn playout_score(&self, action: Step) -> i32 {
        i32::from(action == Step::Blunder)
    }
    /// Seat 1 answers `Left` with `Fair` under best play.
    fn exact_value(&self) -> Option<i32> {
        (self.played == [Step::Left]).then_some(1)
    }
}

/// The mean reward of `Left` after one rollout from it.
fn left_after_one_rollout(exact_rollout_ends: bool) -> f64 {
    let config = IsmctsConfig {
        // The first two iterations expand the two root moves, one rollout each.
        iterations: 2,
        time_limit: None,
        exploration: 2.0,
        rollout_epsilon: 0.0,
        leaf_solve_nodes: 0,
        prune_hopeless: false,
        exact_rollout_ends,
    };
    let game = Duel { played: Vec::new() };
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let mut rng = talon_rules::shuffle::rng_from_seed(3);
    let stats = Ismcts::<Duel>::new(config).search(&game.observe(Seat(0)), &legal, &mut rng);
    let left = stats
        .iter()
        .find(|s| s.action == Step::Left)
        .expect("Left was tried");
    assert_eq!(left.visits, 1);
    left.mean
}

#[test]
fn a_rollout_ends_with_the_exact_value_where_the_game_knows_it() {
    assert_eq!(left_after_one_rollout(true), 1.0);
}

#[test]
fn otherwise_the_policy_plays_it_out() {
    assert_eq!(left_after_one_rollout(false), 10.0);
}
