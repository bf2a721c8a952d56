//! How a North American Sixty-six bidding simulation plays a sampled deal
//! out once the seat's bid (or pass) is made: by the playout policy alone,
//! or with the trick play solved exactly with open cards, the seat's side
//! against the rest (with three hands the other two as one: what a bidder
//! must fear). Either way the deal is valued by the side's stake (ticks,
//! or a game won or lost when the deal is part of one).
//!
//! The seat may also commit its opening lead to a suit: a bid is tried
//! with each suit the bidder could fix as trumps by its first lead (its
//! marriage there, else its top card there).

use crate::bid_play::BidPlay;
use talon_cards::{Rank, Seat, Suit};
use talon_rules::na_sixty_six::{power, Action, NaSixtySix, Phase};
use talon_rules::{ActionList, Game, SolverGame};
use talon_search::Solver;

/// What a finished deal is worth to `me`: its side's stake (ticks, or a
/// game won or lost, see [`NaSixtySix::stake`]).
pub(crate) fn worth(world: &NaSixtySix, me: Seat) -> i32 {
    world.stake(world.side(me)).expect("over")
}

/// Whether `me` still has to make the opening lead that fixes `trump`.
fn lead_pending(world: &NaSixtySix, me: Seat, trump: Option<Suit>) -> bool {
    trump.is_some()
        && world.phase() == Phase::Play
        && world.trump().is_none()
        && world.to_move() == Some(me)
}

/// One move by the playout policy, except `me`'s opening lead, which goes
/// into `trump` when given: the marriage there (the king), else the top
/// card there. `false` once the deal is over.
fn policy_move(world: &mut NaSixtySix, me: Seat, trump: Option<Suit>) -> bool {
    if world.is_over() {
        return false;
    }
    let mut moves = ActionList::new();
    world.legal_actions(&mut moves);
    let forced = match trump {
        Some(t) if lead_pending(world, me, trump) => moves
            .iter()
            .copied()
            .filter(|a| match a {
                Action::Marriage(c) | Action::Play(c) => c.suit_unchecked() == t,
                _ => false,
            })
            .max_by_key(|a| match a {
                Action::Marriage(c) => 100 + u8::from(c.rank() == Some(Rank::King)),
                Action::Play(c) => power(*c, world.options().rank_order),
                _ => 0,
            }),
        _ => None,
    };
    let best = forced.or_else(|| {
        moves
            .iter()
            .copied()
            .max_by_key(|&a| world.playout_score(a))
    });
    match best {
        Some(a) => {
            world.play_unchecked(a);
            true
        }
        None => false,
    }
}

/// Plays the policy through the auction and the first `tricks` tricks
/// (and `me`'s lead into `trump`, if still to come); `false` if the deal
/// ended first.
fn policy_prefix(world: &mut NaSixtySix, me: Seat, trump: Option<Suit>, tricks: u8) -> bool {
    while world.phase() != Phase::Play
        || world.history().len() < usize::from(tricks)
        || lead_pending(world, me, trump)
    {
        if !policy_move(world, me, trump) {
            return false;
        }
    }
    true
}

/// Plays `world` out as `how` says and returns its worth to `me`.
pub(crate) fn finish(
    mut world: NaSixtySix,
    me: Seat,
    trump: Option<Suit>,
    how: BidPlay,
    solver: &mut Solver<NaSixtySix>,
) -> i32 {
    if let BidPlay::Solved {
        policy_tricks,
        max_nodes,
    } = how
    {
        if !policy_prefix(&mut world, me, trump, policy_tricks) {
            return worth(&world, me);
        }
        let solved = world.solved_for(world.side(me));
        if let Some(v) = solver.value_within(&solved, max_nodes) {
            return v;
        }
    }
    while policy_move(&mut world, me, trump) {}
    worth(&world, me)
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::na_sixty_six::NaOptions;

    /// The solved worth is what best play reaches: following each mover's
    /// best action (by the solver's own values) from the same position
    /// ends with exactly that worth, for three and four hands.
    #[test]
    fn solved_worth_is_reached_by_best_play() {
        let mut checked = 0;
        for (opts, players) in [(NaOptions::FOUR_HANDS, 4), (NaOptions::THREE_HANDS, 3)] {
            for seed in 0..10u64 {
                let start = NaSixtySix::from_seed(seed, opts, Seat((seed % players) as u8));
                let me = Seat(((seed + 1) % players) as u8);
                let how = BidPlay::Solved {
                    policy_tricks: 3,
                    max_nodes: u64::MAX,
                };
                let mut solver = Solver::new(14);
                let v = finish(start.clone(), me, None, how, &mut solver);
                let mut w = start;
                if !policy_prefix(&mut w, me, None, 3) {
                    assert_eq!(worth(&w, me), v);
                    continue;
                }
                checked += 1;
                let mut w = w.solved_for(w.side(me));
                while !w.is_over() {
                    let (best, _) = solver
                        .action_values(&w)
                        .into_iter()
                        .max_by_key(|&(_, v)| v)
                        .expect("a move");
                    w.play_unchecked(best);
                }
                assert_eq!(worth(&w, me), v, "seed {seed}, {players} hands");
            }
        }
        assert!(checked >= 12, "only {checked} deals reached the play");
    }
}
