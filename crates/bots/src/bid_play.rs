//! How a bidding simulation plays each sampled deal out (Pedro family and
//! North American Sixty-six).

/// How bidding simulations finish a sampled deal once the bid in question
/// is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidPlay {
    /// The rules' playout policy for every decision: fast, so many
    /// samples fit the budget.
    Policy,
    /// The policy for the rest of the auction, any reduction or discard,
    /// and the first `policy_tricks` tricks; the rest of the play solved
    /// exactly with open cards by the alpha-beta solver, the bidder's side
    /// against the rest. A deal that needs more than `max_nodes` solver
    /// positions is finished by the policy instead.
    Solved { policy_tricks: u8, max_nodes: u64 },
}
