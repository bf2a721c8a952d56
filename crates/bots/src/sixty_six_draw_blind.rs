//! Playing on, valued without knowing the next draw.
//!
//! A solved world knows the order of its face-down talon, so a solve of
//! playing on lets both seats see what the coming draws bring, while
//! closing draws nothing more and gets no such help. Here the trick that
//! precedes the next draw is searched with that draw unknown: the leader
//! picks its move, then the follower its answer, each without knowing the
//! order, and only then is every line solved exactly, averaged over a few
//! orders of the talon. Later draws are still known in each solve.

use std::time::Instant;
use talon_cards::Seat;
use talon_rules::shuffle::rng_from_seed;
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::{ActionList, Game};
use talon_search::WorldSolver;

/// Worth of `action` in `world` to `seat` (the mover), with the next draw
/// unknown to both seats until the trick before it is played; `orders`
/// seeds the talon orders averaged over (the same ones for every move, so
/// moves are compared on the same draws). `None` when a solve runs out of
/// nodes or the time is past `deadline` (a world takes many solves here).
pub(crate) fn draw_blind_value(
    solver: &mut WorldSolver<'_, SixtySix>,
    world: &SixtySix,
    action: Action,
    seat: Seat,
    orders: &[u64],
    deadline: Option<Instant>,
) -> Option<f64> {
    let mut child = world.clone();
    child.play_unchecked(action);
    let mut blind = Blind {
        solver,
        seat,
        orders,
        deadline,
    };
    blind.value(&child)
}

struct Blind<'s, 'a> {
    solver: &'s mut WorldSolver<'a, SixtySix>,
    seat: Seat,
    orders: &'s [u64],
    deadline: Option<Instant>,
}

impl Blind<'_, '_> {
    fn value(&mut self, state: &SixtySix) -> Option<f64> {
        let Some(mover) = state.to_move().filter(|_| !state.strict()) else {
            return self.solved(state);
        };
        let mut moves = ActionList::new();
        state.legal_actions(&mut moves);
        let mut best: Option<f64> = None;
        for &m in moves.iter() {
            let mut next = state.clone();
            next.play_unchecked(m);
            let v = if next.talon_remaining() < state.talon_remaining() {
                // `m` draws (the answer that ends a trick, or Sixty-six's
                // explicit draw): chosen before the order is known.
                let mut sum = 0.0;
                for &order in self.orders {
                    let mut line = state.clone();
                    line.shuffle_talon(&mut rng_from_seed(order));
                    line.play_unchecked(m);
                    sum += self.solved(&line)?;
                }
                sum / self.orders.len() as f64
            } else {
                self.value(&next)?
            };
            best = Some(match best {
                None => v,
                Some(b) if mover == self.seat => b.max(v),
                Some(b) => b.min(v),
            });
        }
        match best {
            Some(v) => Some(v),
            None => self.solved(state),
        }
    }

    /// The exact worth of `state` to the seat, in the game's rewards.
    fn solved(&mut self, state: &SixtySix) -> Option<f64> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        self.solver.worth(state, self.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::shuffle::below;
    use talon_rules::sixty_six::SixtySixOptions;
    use talon_search::Solver;

    /// Schnapsen deals played at random until the leader may close with
    /// `talon` face-down cards left (deals that never get there are skipped).
    fn positions(talon: usize, count: usize) -> Vec<SixtySix> {
        let mut out = Vec::new();
        let mut rng = rng_from_seed(talon as u64);
        for seed in 0..200 {
            let mut g = SixtySix::from_seed(seed, SixtySixOptions::SCHNAPSEN, Seat(1));
            let mut moves = ActionList::new();
            while !g.is_over() && g.talon_remaining() >= talon {
                g.legal_actions(&mut moves);
                if g.talon_remaining() == talon && moves.contains(&Action::Close) {
                    out.push(g.clone());
                    break;
                }
                // Neither close nor declare, to get this far.
                moves.retain(|a| !matches!(a, Action::Close | Action::Declare));
                let m = moves[below(&mut rng, moves.len() as u64) as usize];
                g.play_unchecked(m);
            }
            if out.len() == count {
                break;
            }
        }
        assert_eq!(out.len(), count, "not enough positions");
        out
    }

    fn plain(solver: &mut Solver<SixtySix>, g: &SixtySix, a: Action, seat: Seat) -> f64 {
        let mut child = g.clone();
        child.play_unchecked(a);
        let v = f64::from(solver.value(&child));
        if seat.0 == 0 {
            v
        } else {
            -v
        }
    }

    /// With one face-down card left the coming draws hold no secret: every
    /// move is worth what the solver says, and so is closing anywhere.
    #[test]
    fn with_nothing_to_guess_it_is_the_solve() {
        let mut solver = Solver::default();
        for talon in [1, 3, 7] {
            for g in positions(talon, 8) {
                let seat = g.to_move().unwrap();
                let mut moves = ActionList::new();
                g.legal_actions(&mut moves);
                for &a in moves.iter() {
                    if talon > 1 && a != Action::Close {
                        continue;
                    }
                    let want = plain(&mut solver, &g, a, seat);
                    let got = draw_blind_value(
                        &mut WorldSolver::new(&mut solver, u64::MAX),
                        &g,
                        a,
                        seat,
                        &[1, 2, 3],
                        None,
                    );
                    assert_eq!(got, Some(want), "{a} with {talon} face-down");
                }
            }
        }
    }

    /// A lead whose answer draws: the follower must answer before the
    /// order is known, so the lead is worth at least the mean of its
    /// solves over the same orders (where the follower knows each one).
    #[test]
    fn the_follower_cannot_answer_each_order_apart() {
        let mut solver = Solver::default();
        let orders = [11, 12, 13, 14];
        let mut strict = 0;
        for g in positions(5, 12) {
            let seat = g.to_move().unwrap();
            let mut moves = ActionList::new();
            g.legal_actions(&mut moves);
            for &a in moves.iter().filter(|a| matches!(a, Action::Play(_))) {
                let known: f64 = orders
                    .iter()
                    .map(|&o| {
                        let mut w = g.clone();
                        w.shuffle_talon(&mut rng_from_seed(o));
                        plain(&mut solver, &w, a, seat)
                    })
                    .sum::<f64>()
                    / orders.len() as f64;
                let blind = draw_blind_value(
                    &mut WorldSolver::new(&mut solver, u64::MAX),
                    &g,
                    a,
                    seat,
                    &orders,
                    None,
                )
                .unwrap();
                assert!(blind >= known - 1e-9, "{a}: {blind} < {known}");
                strict += usize::from(blind > known + 1e-9);
            }
        }
        assert!(strict > 0, "never worth more than with the draws known");
    }

    /// One order: the lead is worth its solve in the world with that order.
    #[test]
    fn one_order_is_one_world() {
        let mut solver = Solver::default();
        for g in positions(5, 6) {
            let seat = g.to_move().unwrap();
            let mut moves = ActionList::new();
            g.legal_actions(&mut moves);
            for &a in moves.iter() {
                let mut w = g.clone();
                w.shuffle_talon(&mut rng_from_seed(5));
                let want = plain(&mut solver, &w, a, seat);
                let got = draw_blind_value(
                    &mut WorldSolver::new(&mut solver, u64::MAX),
                    &g,
                    a,
                    seat,
                    &[5],
                    None,
                );
                assert_eq!(got, Some(want), "{a}");
            }
        }
    }
}
