//! The solver on a second, tiny game that is not Sixty-six: a two-suit
//! must-follow trick game where every trick counts one, so touching cards
//! of one hand are truly equivalent and the merging hook can be tested.

use std::fmt;
use talon_cards::{Card, CardSet, Rank, Seat, Suit};
use talon_rules::shuffle::{rng_from_seed, shuffle};
use talon_rules::{ActionList, ActionParseError, Game, Observation, Returns, SolverGame};
use talon_search::Solver;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Play(Card);

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Toy {
    hands: [CardSet; 2],
    leader: Seat,
    lead: Option<Card>,
    tricks: [i32; 2],
    merge: bool,
}

#[derive(Clone, Debug)]
struct Open(Seat, CardSet);

impl Observation for Open {
    fn seat(&self) -> Seat {
        self.0
    }
    fn mentioned_cards(&self) -> CardSet {
        self.1
    }
}

impl Toy {
    fn deal(seed: u64, per_hand: usize, merge: bool) -> Toy {
        let mut cards: Vec<Card> = [Suit::Clubs, Suit::Hearts]
            .into_iter()
            .flat_map(|s| Rank::ALL[..8].iter().map(move |&r| Card::new(s, r)))
            .collect();
        shuffle(&mut cards, &mut rng_from_seed(seed));
        let hand = |i: usize| {
            cards[i * per_hand..(i + 1) * per_hand]
                .iter()
                .copied()
                .collect()
        };
        Toy {
            hands: [hand(0), hand(1)],
            leader: Seat(0),
            lead: None,
            tricks: [0; 2],
            merge,
        }
    }

    fn mover(&self) -> Seat {
        if self.lead.is_some() {
            self.leader.opponent()
        } else {
            self.leader
        }
    }
}

impl Game for Toy {
    type Action = Play;
    type Observation = Open;

    fn seats(&self) -> u8 {
        2
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.hands[self.mover().index()].is_empty()).then(|| self.mover())
    }
    fn legal_actions(&self, out: &mut ActionList<Play>) {
        out.clear();
        if self.to_move().is_none() {
            return;
        }
        let hand = self.hands[self.mover().index()];
        let options = match self.lead {
            Some(l) if !hand.suit(l.suit_unchecked()).is_empty() => hand.suit(l.suit_unchecked()),
            _ => hand,
        };
        out.extend(options.iter().map(Play));
    }
    fn why_illegal(&self, Play(c): Play) -> String {
        if self.hands[self.mover().index()].contains(c) {
            "the suit led must be followed".into()
        } else {
            "it is not in that hand".to_string()
        }
    }
    fn play_unchecked(&mut self, Play(c): Play) {
        let me = self.mover();
        self.hands[me.index()].remove(c);
        match self.lead.take() {
            None => self.lead = Some(c),
            Some(l) => {
                let follower_wins = c.suit_unchecked() == l.suit_unchecked() && c > l;
                let winner = if follower_wins { me } else { self.leader };
                self.tricks[winner.index()] += 1;
                self.leader = winner;
            }
        }
    }
    fn parse_action(&self, text: &str) -> Result<Play, ActionParseError> {
        text.parse().map(Play).map_err(|_| ActionParseError {
            input: text.into(),
            reason: "a card".into(),
        })
    }
    fn observe(&self, seat: Seat) -> Open {
        Open(seat, self.hands[0] | self.hands[1])
    }
    fn observe_public(&self) -> Open {
        self.observe(Seat(0))
    }
    fn hidden_from(&self, _: Seat) -> CardSet {
        CardSet::EMPTY
    }
    fn returns(&self) -> Option<Returns> {
        self.to_move().is_none().then(|| {
            let d = self.tricks[0] - self.tricks[1];
            [d, -d].into_iter().collect()
        })
    }
}

impl SolverGame for Toy {
    fn value_range(&self) -> (i32, i32) {
        (-8, 8)
    }
    fn key(&self) -> u64 {
        // Cards use bits 0..8 and 32..40; pack both hands losslessly.
        let pack = |s: CardSet| (s.0 & 0xff) | (s.0 >> 24 & 0xff00);
        let lead = self.lead.map_or(0, |c| u64::from(c.index()) + 1);
        let diff = (self.tricks[0] - self.tricks[1] + 16) as u64;
        pack(self.hands[0])
            | pack(self.hands[1]) << 16
            | (self.leader.0 as u64) << 32
            | lead << 33
            | diff << 40
    }
    /// Keeps the highest of each run of cards with nothing in play between.
    fn merge_equivalent(&self, actions: &mut ActionList<Play>) {
        if !self.merge {
            return;
        }
        let in_play = self.hands[0] | self.hands[1];
        let hand = self.hands[self.mover().index()];
        actions.retain(|Play(c)| {
            let next_up = (c.index() + 1..c.index() / 16 * 16 + 16)
                .filter_map(Card::from_index)
                .find(|&n| in_play.contains(n));
            !next_up.is_some_and(|n| hand.contains(n))
        });
    }
}

fn minimax(g: &Toy) -> i32 {
    let Some(seat) = g.to_move() else {
        return g.returns().expect("over")[0];
    };
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    let vals = moves.iter().map(|&a| {
        let mut c = g.clone();
        c.play_unchecked(a);
        minimax(&c)
    });
    if seat.0 == 0 {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

#[test]
fn solver_is_exact_on_another_game_and_merging_keeps_values() {
    let (mut plain_nodes, mut merged_nodes) = (0, 0);
    for seed in 0..200 {
        let exact = minimax(&Toy::deal(seed, 5, false));
        let mut plain = Solver::new(12);
        let mut merged = Solver::new(12);
        assert_eq!(
            plain.value(&Toy::deal(seed, 5, false)),
            exact,
            "seed {seed}"
        );
        assert_eq!(
            merged.value(&Toy::deal(seed, 5, true)),
            exact,
            "seed {seed} merged"
        );
        plain_nodes += plain.nodes();
        merged_nodes += merged.nodes();
    }
    assert!(
        merged_nodes < plain_nodes,
        "{merged_nodes} vs {plain_nodes}"
    );
}
