//! The game interface shared by every family.

use arrayvec::ArrayVec;
use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use talon_cards::{CardSet, Seat};

/// Upper bound on the number of legal actions at any decision point.
pub const MAX_ACTIONS: usize = 64;

/// Legal actions are written into a fixed-capacity list, so generating
/// them never allocates.
pub type ActionList<A> = ArrayVec<A, MAX_ACTIONS>;

/// Per-seat payoff of a finished game or deal (zero-sum games sum to 0).
pub type Returns = ArrayVec<i32, 8>;

/// What a seat may know. Implemented by each family's observation type.
pub trait Observation: Clone + Debug {
    /// The seat this observation belongs to.
    fn seat(&self) -> Seat;
    /// Every card this observation names anywhere (hand, table, history,
    /// cards known to be in other hands). The conformance tests check that
    /// none of them is hidden from the seat.
    fn mentioned_cards(&self) -> CardSet;
}

/// A turn-based card game from a fixed deal.
///
/// `play` checks the action and leaves the state untouched when it is not
/// legal; `play_unchecked` is the fast path for search and simulation and
/// must only be given actions from `legal_actions`.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    type Observation: Observation;

    /// Number of seats at the table.
    fn seats(&self) -> u8;

    /// The seat to act, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;

    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// Writes the legal actions (cleared first) into `out`, each once
    /// (the conformance suite checks it; ISMCTS relies on it).
    fn legal_actions(&self, out: &mut ActionList<Self::Action>);

    fn is_legal(&self, action: Self::Action) -> bool {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.contains(&action)
    }

    /// Applies a legal action. Behaviour on an illegal one is unspecified
    /// (but memory-safe); use [`Game::play`] for untrusted input.
    fn play_unchecked(&mut self, action: Self::Action);

    /// Applies `action` if it is legal; otherwise returns an error that
    /// says which rule it breaks, and the state is unchanged.
    fn play(&mut self, action: Self::Action) -> Result<(), IllegalAction<Self::Action>> {
        if self.is_legal(action) {
            self.play_unchecked(action);
            Ok(())
        } else {
            Err(IllegalAction {
                action,
                to_move: self.to_move(),
                reason: self.why_illegal(action),
            })
        }
    }

    /// Which rule an action that is not legal now breaks, as a clause for
    /// people ("the talon is closed, so hearts must be followed"). Asked
    /// only on refusals, so it may take its time; the legal list stays the
    /// one source of truth for what is allowed. It reads only what the
    /// seat to move may know: the reason reaches that seat.
    fn why_illegal(&self, action: Self::Action) -> String;

    /// Reads an action in this game's notation.
    fn parse_action(&self, text: &str) -> Result<Self::Action, ActionParseError>;

    /// Everything `seat` may know, and nothing more.
    fn observe(&self, seat: Seat) -> Self::Observation;

    /// What everyone at the table knows, and nothing more: what a spectator
    /// is shown. It is seat 0's observation with nothing of seat 0's own
    /// (no hand, no face-down cards, nothing seat 0 alone was shown), so
    /// fields relative to a seat are relative to seat 0. No card in it is
    /// hidden from any seat.
    fn observe_public(&self) -> Self::Observation;

    /// Cards whose whereabouts `seat` must not learn right now.
    fn hidden_from(&self, seat: Seat) -> CardSet;

    /// Payoff per seat once the game is over.
    fn returns(&self) -> Option<Returns>;
}

/// The reason given for a refusal no rule explains (an action that is in
/// fact legal); the conformance checks fail on it.
pub const UNEXPLAINED: &str = "it is not among the legal actions now";

/// The reason for a card the seat to move does not hold, shared by the
/// families (front ends may put it in their own words).
pub const NOT_HELD: &str = "it is not in that hand";

/// An action that is not legal in the current state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction<A> {
    pub action: A,
    pub to_move: Option<Seat>,
    /// [`Game::why_illegal`]'s answer.
    pub reason: String,
}

impl<A: Display> Display for IllegalAction<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_move {
            Some(s) => write!(
                f,
                "{} is not a legal action for seat {s}: {}",
                self.action, self.reason
            ),
            None => write!(f, "{} is not legal: the game is over", self.action),
        }
    }
}

impl<A: Display + Debug> std::error::Error for IllegalAction<A> {}

/// "a, b or c": the actions a game's notation offers, for error messages.
pub(crate) fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Text that is not an action in the game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionParseError {
    pub input: String,
    pub reason: String,
}

impl Display for ActionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read action {:?}: {}", self.input, self.reason)
    }
}

impl std::error::Error for ActionParseError {}
