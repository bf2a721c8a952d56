//! `expert-match`, the Sixty-six family's match expert: plays for the
//! match and searches the decision to close. Not the default `expert`
//! yet: it lost Sixty-six matches to it (docs/strength.md).
//!
//! - **The match.** A deal of a match carries the score sheet, and the
//!   search values every finished deal by the chance of winning the match
//!   it leaves (`SolverGame::rewards` / `value_reward`, the match-equity
//!   table in `talon_rules::sixty_six::SixtySixSheet`), not by its game
//!   points: at 6–6 a schneider is worth no more than a plain win, at 0–0
//!   it is.
//! - **Closing.** While cards are still to be drawn the expert plays
//!   ISMCTS, whose greedy rollouts play a closed talon poorly, so closing
//!   was undervalued. Closing leaves nothing to draw: the rest of the deal
//!   depends only on the opponent's hand, so `close` is valued by sampling
//!   that hand and solving each world exactly (as PIMC does after the last
//!   draw), and compared with ISMCTS's value of the best other move. If
//!   the trump exchange is open too, the expert exchanges first (the
//!   exchange never costs a closer anything) and closes on its next move.
//! - **After the last draw** (talon closed or gone) PIMC over solved
//!   worlds, as before.

use crate::levels::{ismcts_config, pimc_config};
use crate::Bot;
use std::time::{Duration, Instant};
use talon_rules::shuffle::{rng_from_seed, SeededRng};
use talon_rules::sixty_six::{Action, SixtySix, SixtySixObservation};
use talon_rules::{Determinize, Game, SolverGame};
use talon_search::{Ismcts, Pimc, RootStat};

/// Budgets of the closing search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CloseConfig {
    /// Worlds (opponent hands) sampled to value `close`.
    pub worlds: u32,
    /// Node budget of one solve after closing; a world that needs more
    /// ends sampling (the worlds solved so far still count).
    pub max_nodes: u64,
    /// No new world is sampled once the solves of this decision have
    /// visited this many positions (deterministic, unlike the time limit).
    pub max_total_nodes: u64,
    /// Close only when its value beats playing on by more than this (in
    /// rewards: game points in a lone deal).
    pub margin: f64,
}

pub struct SixtySixExpert {
    name: String,
    pimc: Pimc<SixtySix>,
    ismcts: Ismcts<SixtySix>,
    close: CloseConfig,
    time_limit: Option<Duration>,
    rng: SeededRng,
}

impl SixtySixExpert {
    pub fn new(
        name: &str,
        (samples, nodes, iterations): (u32, u64, u32),
        close: CloseConfig,
        seed: u64,
    ) -> SixtySixExpert {
        SixtySixExpert {
            name: name.to_string(),
            pimc: Pimc::new(pimc_config(samples, nodes, 45)),
            ismcts: Ismcts::new(ismcts_config(iterations, 45)),
            close,
            time_limit: Some(Duration::from_millis(45)),
            rng: rng_from_seed(seed),
        }
    }

    /// Mean reward of closing now for the observing seat, over sampled
    /// worlds each solved exactly; `None` if no world solved in budget.
    fn close_value(&mut self, obs: &SixtySixObservation) -> Option<f64> {
        let start = Instant::now();
        let mut sum = 0.0;
        let mut solved = 0u32;
        let first_node = self.pimc.solver().nodes();
        for n in 0..self.close.worlds.max(1) {
            let spent = self.pimc.solver().nodes() - first_node;
            if n > 0
                && (spent >= self.close.max_total_nodes
                    || self.time_limit.is_some_and(|l| start.elapsed() >= l))
            {
                break;
            }
            let mut world = SixtySix::sample(obs, &mut self.rng);
            if !world.is_legal(Action::Close) {
                return None;
            }
            world.play_unchecked(Action::Close);
            let Some(v) = self
                .pimc
                .solver()
                .value_within(&world, self.close.max_nodes)
            else {
                break;
            };
            let r = world.value_reward(v);
            sum += if world.maximises(obs.seat) { r } else { -r };
            solved += 1;
        }
        (solved > 0).then(|| sum / f64::from(solved))
    }

    /// What declaring now is worth to the observing seat. Exact: whether a
    /// declaration is right and what it scores depend only on public
    /// points and tricks, so any sampled world gives the same answer.
    fn declare_value(&mut self, obs: &SixtySixObservation) -> Option<f64> {
        let mut world = SixtySix::sample(obs, &mut self.rng);
        if !world.is_legal(Action::Declare) {
            return None;
        }
        world.play_unchecked(Action::Declare);
        let rewards = world.rewards()?;
        Some(rewards[obs.seat.index()])
    }

    /// A move while cards are still to be drawn: ISMCTS, with `close` (where
    /// legal) valued by solved worlds and `declare` exactly, instead of by
    /// rollouts.
    fn before_last_draw(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        let stats = self.ismcts.search(obs, legal, &mut self.rng);
        // The most visited, the first of equals (as `Ismcts::choose`).
        let best = |stats: &mut dyn Iterator<Item = &RootStat<Action>>| {
            stats.fold(None, |b: Option<RootStat<Action>>, s| match b {
                Some(b) if b.visits >= s.visits => Some(b),
                _ => Some(*s),
            })
        };
        let Some(top) = best(&mut stats.iter()) else {
            return legal[0];
        };
        // `worlds == 0` turns the closing search off: ISMCTS decides.
        let (can_close, can_declare) = (
            legal.contains(&Action::Close) && self.close.worlds > 0,
            legal.contains(&Action::Declare),
        );
        if !can_close && !can_declare {
            return top.action;
        }
        let Some(on) =
            best(&mut stats.iter().filter(|s| {
                (s.action != Action::Close || !can_close) && s.action != Action::Declare
            }))
        else {
            return top.action;
        };
        let close = if can_close {
            self.close_value(obs)
        } else {
            None
        };
        // A sure outcome that playing on does not beat on average is taken:
        // at match point, declaring with 66 wins the match for certain,
        // and rollouts that also win every time cannot tell them apart.
        if let Some(declare) = can_declare.then(|| self.declare_value(obs)).flatten() {
            if declare >= on.mean && close.is_none_or(|c| declare >= c) {
                return Action::Declare;
            }
        }
        match close {
            Some(close) if close > on.mean + self.close.margin => {
                if legal.contains(&Action::Exchange) {
                    Action::Exchange
                } else {
                    Action::Close
                }
            }
            // ISMCTS's rollouts alone do not decide to close.
            _ => on.action,
        }
    }
}

impl Bot<SixtySix> for SixtySixExpert {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if SixtySix::draws_ahead(obs) {
            return self.before_last_draw(obs, legal);
        }
        match self.pimc.choose(obs, legal, &mut self.rng) {
            Some(a) => a,
            None => self.ismcts.choose(obs, legal, &mut self.rng),
        }
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
        self.pimc.config.time_limit = limit;
        self.ismcts.config.time_limit = limit;
    }
}

/// A bot that plays every deal as a lone deal: the score sheet is taken
/// out of its observation. `expert-2026-11`, the expert before the match
/// was in the observation, is the old expert behind this.
pub struct SheetBlind(pub Box<dyn Bot<SixtySix>>);

impl Bot<SixtySix> for SheetBlind {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        if obs.sheet.is_none() {
            return self.0.choose(obs, legal);
        }
        let mut blind = obs.clone();
        blind.sheet = None;
        self.0.choose(&blind, legal)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.0.set_time_limit(limit);
    }
}
