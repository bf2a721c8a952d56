//! ISMCTS's `prune_hopeless` on a two-move game whose values are known:
//! below the root a pruned move is never tried, so it cannot drag the mean
//! of the line that leads to it; at the root every legal move is still
//! searched.

use std::fmt;
use talon_cards::{CardSet, Seat};
use talon_rules::{
    ActionList, ActionParseError, Determinize, Game, Observation, Returns, SolverGame,
};
use talon_search::{Ismcts, IsmctsConfig};

/// Seat 0 moves first (`Left`, `Right` or `Resign`); after `Left` seat 1
/// answers `Fair` or `Blunder`. `Resign` and `Blunder` are the hopeless
/// moves of their seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
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
    /// Rollouts play sensibly, so only the tree can try a blunder.
    fn playout_score(&self, action: Step) -> i32 {
        match action {
            Step::Blunder | Step::Resign => -1,
            _ => 0,
        }
    }
    fn prune_hopeless(&self, actions: &mut ActionList<Step>) {
        actions.retain(|a| !matches!(a, Step::Blunder | Step::Resign));
    }
}

fn root_stats(prune: bool) -> Vec<(Step, u32, f64)> {
    let config = IsmctsConfig {
        iterations: 300,
        time_limit: None,
        exploration: 2.0,
        rollout_epsilon: 0.0,
        leaf_solve_nodes: 0,
        prune_hopeless: prune,
        exact_rollout_ends: false,
    };
    let game = Duel { played: Vec::new() };
    let mut legal = ActionList::new();
    game.legal_actions(&mut legal);
    let mut rng = talon_rules::shuffle::rng_from_seed(7);
    Ismcts::<Duel>::new(config)
        .search(&game.observe(Seat(0)), &legal, &mut rng)
        .into_iter()
        .map(|s| (s.action, s.visits, s.mean))
        .collect()
}

fn left_mean(stats: &[(Step, u32, f64)]) -> f64 {
    stats
        .iter()
        .find(|s| s.0 == Step::Left)
        .expect("Left was searched")
        .2
}

#[test]
fn pruning_keeps_blunders_out_of_the_tree_but_not_off_the_root() {
    let pruned = root_stats(true);
    // Every root move is searched, the hopeless one included.
    for step in [Step::Left, Step::Right, Step::Resign] {
        assert!(pruned.iter().any(|s| s.0 == step && s.1 > 0), "{step}");
    }
    // Seat 1 only ever answers fairly: Left is worth exactly 1.
    assert_eq!(left_mean(&pruned), 1.0);
    let (best, ..) = pruned.iter().max_by_key(|s| s.1).expect("stats");
    assert_eq!(*best, Step::Left);
}

#[test]
fn without_pruning_a_blunder_tried_in_the_tree_inflates_its_line() {
    let kept = root_stats(false);
    assert!(left_mean(&kept) > 1.0, "{kept:?}");
}
