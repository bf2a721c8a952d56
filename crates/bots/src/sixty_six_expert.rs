//! The Sixty-six family's expert (`expert`, and the variants that see the
//! match otherwise: `expert-solved-equity`, `expert-match`,
//! `expert-target`).
//!
//! - **The match.** A deal of a match carries the score sheet
//!   ([`SheetUse`]). `expert` searches every deal as a lone deal (game
//!   points) and reads the sheet only to close or declare where that wins
//!   the match in every world. `expert-match` values every finished deal
//!   half by game points, half by the chance of winning the match it
//!   leaves (`SolverGame::rewards` / `SixtySixSheet::reward`, with the
//!   match-equity table); `expert-solved-equity` does so only in its
//!   solved worlds (closing, timing, PIMC). Each lost matches to `expert`
//!   (docs/strength.md). The margins below are in game points and scaled
//!   to the sheet's rewards (`point_reward`): near the match's end one
//!   point may be worth several.
//! - **Closing and declaring.** While cards are still to be drawn the
//!   expert plays ISMCTS, whose greedy rollouts play a closed talon poorly
//!   (in Schnapsen they end in exact values once the endgame is small)
//!   and cannot tell a sure declaration from a likely one. So where `close`
//!   or `declare` is legal and few enough face-down cards are left to
//!   solve, each is weighed against ISMCTS's best other move in the same
//!   sampled worlds, every one solved exactly (the draws to come included
//!   for playing on). A close that wins all that matters in every world
//!   is taken; otherwise [`Closing`] says, by hand size, whether closing
//!   must beat playing on by a margin or ISMCTS's own choice stands. If
//!   the trump exchange is open too, the expert exchanges first (the
//!   exchange never costs a closer anything) and decides the close again
//!   on its next move, with the trump card in hand.
//! - **Exchange and marriage timing.** In the same window, the trump
//!   exchange and each marriage that may be melded now are solved in the
//!   same worlds as ISMCTS's choice and its best plain move (a card or a
//!   draw), so "meld now or lead first", "exchange now or wait" are
//!   decided by solved play with the draws to come; a move other than
//!   ISMCTS's must beat it by `timing_margin`.
//! - **After the last draw** (talon closed or gone) PIMC over solved
//!   worlds, as before.

use crate::levels::{ismcts_config, pimc_config};
use crate::sixty_six_draw_blind::draw_blind_value;
use crate::sixty_six_inference::WorldPool;
use crate::{Bot, SixtySixHeuristic};
use std::time::{Duration, Instant};
use talon_cards::Seat;
use talon_rules::shuffle::{rng_from_seed, SeededRng};
use talon_rules::sixty_six::{Action, MatchValue, SixtySix, SixtySixObservation};
use talon_rules::{Determinize, SolverGame};
use talon_search::{
    most_visited, playout_policy, ActionStat, Ismcts, IsmctsConfig, Pimc, PimcConfig,
};

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
    /// When the solved worlds close, for hands of five cards (Schnapsen)
    /// and of six (see [`Closing`]).
    pub closing: [Closing; 2],
    /// Search the exact options only with at most this many face-down
    /// cards left, for hands of five cards (Schnapsen) and of six: with
    /// more, solving play-on costs too much (the `close_cost` example
    /// measures it).
    pub max_talon: [usize; 2],
    /// Exchange and meld timing (see the module doc), for hands of five
    /// cards (Schnapsen) and of six: a move other than ISMCTS's choice is
    /// taken when it beats it by this much in the solved worlds; `None`
    /// leaves timing to ISMCTS.
    pub timing_margin: [Option<f64>; 2],
}

/// How the closing search decides `close` once its worlds are solved. In
/// both rules a close that wins all that matters in every world (three
/// game points, or the points the match still needs) is taken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Closing {
    /// Otherwise close only when closing beats playing on by at least this
    /// much (in rewards: game points in a lone deal), whatever ISMCTS
    /// chose: a closer's value is solved knowing the opponent's hand.
    Margin(f64),
    /// Otherwise ISMCTS's own choice stands, closing included (its
    /// rollouts play the deal out against the closer).
    WhenSure,
}

impl Closing {
    /// The rule with its margin, set in game points, in rewards where one
    /// game point is worth `point`.
    fn in_rewards(self, point: f64) -> Closing {
        match self {
            Closing::Margin(margin) => Closing::Margin(margin * point),
            rule => rule,
        }
    }

    /// Whether to close, given whether closing wins all that matters in
    /// every solved world, its mean and playing on's in those worlds, and
    /// whether closing is ISMCTS's own choice.
    fn closes(self, sure: bool, close_mean: f64, on_mean: f64, ismcts_closes: bool) -> bool {
        sure || match self {
            Closing::Margin(margin) => close_mean >= on_mean + margin,
            Closing::WhenSure => ismcts_closes,
        }
    }
}

pub struct SixtySixExpert {
    name: String,
    pimc: Pimc<SixtySix>,
    /// Solves the worlds that value the exact options against playing on.
    closer: Pimc<SixtySix>,
    ismcts: Ismcts<SixtySix>,
    close: CloseConfig,
    /// ISMCTS's and PIMC's safety limit. Before the last draw the closing
    /// search gets twice this less the time the decision has taken (with
    /// the default 45 ms of its own it was the one search whose limit
    /// still changed play on an idle machine).
    time_limit: Option<Duration>,
    rng: SeededRng,
    /// How the searches see the match.
    sheet: SheetUse,
    /// Whether ISMCTS's rollouts end in the exact value of small strict
    /// endgames, by hand size (five cards, six).
    exact_rollout_ends: [bool; 2],
    /// ISMCTS's iterations a decision by hand size (five cards, six).
    iterations: [u32; 2],
    /// ISMCTS's `opponent_policy` by hand size (five cards, six): the
    /// chance of following `heuristic_opponent` at the opponent's nodes.
    opponent_policy: [f64; 2],
    /// ISMCTS's worlds weighed by the opponent's play so far: candidate
    /// hands and the model's ε (`None`: uniform worlds).
    inference: Option<(usize, f64)>,
    /// Talon orders over which the closing search averages the trick
    /// before the next draw (`sixty_six_draw_blind`), by hand size (five
    /// cards, six); 0: each solved world keeps its own order and knows
    /// every draw.
    blind_draw_orders: [usize; 2],
}

/// The closing search's node budget is this many times
/// `CloseConfig::max_total_nodes` where it searches with the next draw
/// unknown: each world then takes about a dozen solves instead of one.
const BLIND_NODE_FACTOR: u64 = 4;

/// ISMCTS's model of the opponent: the heuristic, asked on the observation
/// the seat to move has in the iteration's sampled world (its own cards
/// there). Against `expert-2026-11` it won about one point more of the
/// Schnapsen match pairs than the playout policy as the model
/// (docs/strength/match-and-closing-rounds.md, tenth round).
/// (The sampled world's record of which card the opponent drew when is
/// a placeholder; the heuristic does not read it.)
fn heuristic_opponent(world: &SixtySix, seat: Seat, moves: &[Action]) -> Action {
    SixtySixHeuristic.choose(&world.observation(seat), moves)
}

/// How the expert's searches see the score sheet of a match deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SheetUse {
    /// Every deal searched as a lone deal (game points); the sheet is read
    /// only to close or declare where that wins the match in every world.
    LoneDeals,
    /// Outcomes valued as the given `MatchValue` says, in every search.
    Valued(MatchValue),
    /// Outcomes valued as `MatchValue` says where worlds are solved
    /// exactly (closing, timing, PIMC), and ISMCTS searching a lone deal:
    /// its greedy rollouts valued by match equity cost about three points
    /// of match pairs, the solved worlds nothing
    /// (docs/strength/match-and-closing-rounds.md, fifteenth round); in
    /// the solved worlds it still cost half a point (sixteenth round).
    SolvedWorlds(MatchValue),
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
            closer: Pimc::new(PimcConfig {
                samples: close.worlds,
                // Set for each decision from `time_limit` (`before_last_draw`).
                time_limit: None,
                max_nodes: close.max_nodes,
                max_total_nodes: close.max_total_nodes,
                after_draws: false,
            }),
            ismcts: Ismcts::new(IsmctsConfig {
                prune_hopeless: true,
                ..ismcts_config(iterations, 45)
            })
            .with_opponent_model(heuristic_opponent),
            close,
            time_limit: Some(Duration::from_millis(45)),
            rng: rng_from_seed(seed),
            sheet: SheetUse::Valued(MatchValue::Target),
            // Schnapsen: ahead of policy rollouts in match pairs against
            // expert-2026-11; Sixty-six: behind against the heuristic
            // (docs/strength/match-and-closing-rounds.md, fifth round).
            exact_rollout_ends: [true, false],
            iterations: [iterations; 2],
            opponent_policy: [0.0, 0.0],
            inference: None,
            blind_draw_orders: [0, 0],
        }
    }

    /// The same bot valuing the closing search's moves with the next draw
    /// unknown, averaged over this many talon orders a world, by hand size
    /// (five cards, six; 0: off).
    pub fn with_blind_draws(mut self, by_hand_size: [usize; 2]) -> SixtySixExpert {
        self.blind_draw_orders = by_hand_size;
        self
    }

    /// The same bot with ISMCTS's worlds weighed by what the opponent's
    /// play says (`candidates` hands a decision, model noise `epsilon`).
    pub fn inferring(mut self, candidates: usize, epsilon: f64) -> SixtySixExpert {
        self.inference = Some((candidates, epsilon));
        self
    }

    /// The same bot with every legal move kept inside its ISMCTS tree (the
    /// expert before declarations without 66 were pruned there), to
    /// measure what the pruning gives.
    pub fn keeping_hopeless_moves(mut self) -> SixtySixExpert {
        self.ismcts.config.prune_hopeless = false;
        self
    }

    /// The same bot with its ISMCTS rollouts ending in the exact value of
    /// small strict endgames, or played out by the policy, by hand size
    /// (five cards, six); by default only in Schnapsen.
    pub fn with_exact_rollout_ends(mut self, by_hand_size: [bool; 2]) -> SixtySixExpert {
        self.exact_rollout_ends = by_hand_size;
        self
    }

    /// The same bot with ISMCTS's iterations a decision by hand size
    /// (five cards, six).
    pub fn with_iterations(mut self, by_hand_size: [u32; 2]) -> SixtySixExpert {
        self.iterations = by_hand_size;
        self
    }

    /// Sets ISMCTS up for a deal with hands of `hand_size`.
    fn set_search(&mut self, hand_size: u8) {
        let six = usize::from(hand_size > 5);
        self.ismcts.config.iterations = self.iterations[six];
        self.ismcts.config.exact_rollout_ends = self.exact_rollout_ends[six];
        self.ismcts.config.opponent_policy = self.opponent_policy[six];
    }

    /// The same bot with the playout policy as ISMCTS's model of the
    /// opponent instead of the heuristic (the ninth round's expert).
    pub fn modelling_the_opponent_by_the_policy(mut self) -> SixtySixExpert {
        self.ismcts = self.ismcts.with_opponent_model(playout_policy);
        self
    }

    /// The same bot following ISMCTS's model of the opponent (the
    /// heuristic; see `IsmctsConfig::opponent_policy`) with these chances
    /// by hand size (five cards, six).
    pub fn with_opponent_policy(mut self, by_hand_size: [f64; 2]) -> SixtySixExpert {
        self.opponent_policy = by_hand_size;
        self
    }

    /// The same bot with its searches seeing the match as `sheet` says
    /// (by default outcomes are valued by `MatchValue::Target` in every
    /// search).
    pub fn seeing_the_sheet(mut self, sheet: SheetUse) -> SixtySixExpert {
        self.sheet = sheet;
        self
    }

    /// The exact options (`close`, `declare`) and ISMCTS's choice among
    /// the other moves, each valued for the observing seat in the same
    /// sampled worlds, solved exactly; `None` if no world solved in budget.
    ///
    /// Paired worlds, both sides solved: comparing an exact value with
    /// ISMCTS's mean of playing on (rollouts by a greedy policy, exploration
    /// visits included) made the expert close and declare too eagerly.
    fn paired_values(
        &mut self,
        obs: &SixtySixObservation,
        candidates: &[Action],
    ) -> Option<Vec<ActionStat<Action>>> {
        let orders = self.blind_draw_orders[usize::from(obs.options.hand_size > 5)];
        let factor = if orders == 0 { 1 } else { BLIND_NODE_FACTOR };
        self.closer.config.max_total_nodes = self.close.max_total_nodes.saturating_mul(factor);
        let stats = if orders == 0 {
            self.closer.evaluate(obs, candidates, &mut self.rng)?
        } else {
            let seat = obs.seat;
            let count = orders as u64;
            let deadline = self.closer.config.time_limit.map(|l| Instant::now() + l);
            self.closer.evaluate_with(
                obs,
                candidates,
                &mut self.rng,
                |solver, world: &SixtySix, a, _| {
                    // The same orders for every move in a world.
                    let key = world.key();
                    let orders: Vec<u64> = (0..count)
                        .map(|k| key ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
                        .collect();
                    draw_blind_value(solver, world, a, seat, &orders, deadline)
                },
            )?
        };
        if stats.iter().any(|s| s.samples == 0) {
            return None;
        }
        Some(stats)
    }

    /// A move while cards are still to be drawn: ISMCTS, except that
    /// `close` and `declare` (where legal) are weighed against ISMCTS's
    /// best other move in solved worlds.
    fn before_last_draw(&mut self, seen: &SixtySixObservation, legal: &[Action]) -> Action {
        let started = Instant::now();
        let ismcts_view = self.for_ismcts(seen);
        let obs = ismcts_view.as_ref().unwrap_or(seen);
        self.set_search(obs.options.hand_size);
        let pool = self
            .inference
            .and_then(|(n, eps)| WorldPool::new(obs, n, eps, &mut self.rng));
        let stats = match &pool {
            Some(pool) => self
                .ismcts
                .search_sampling(obs, legal, &mut self.rng, &mut |rng| pool.sample(obs, rng)),
            None => self.ismcts.search(obs, legal, &mut self.rng),
        };
        let Some(top) = most_visited(&stats) else {
            return legal[0];
        };
        let solved_view = self.for_solved_worlds(seen);
        let obs = solved_view.as_ref().unwrap_or(seen);
        // `worlds == 0` turns the search of exact options off: ISMCTS decides.
        // Declare first: of equals, the one whose value needs no sampling.
        let exact: Vec<Action> = [Action::Declare, Action::Close]
            .into_iter()
            .filter(|a| legal.contains(a) && self.close.worlds > 0)
            .collect();
        let six_cards = usize::from(obs.options.hand_size > 5);
        // Empty when the timing search is off (no margin) or no world is searched.
        let timing_margin = self.close.timing_margin[six_cards];
        let timing_on = timing_margin.is_some() && self.close.worlds > 0;
        let timing: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|&a| timing_on && is_timing(a))
            .collect();
        let max_talon = self.close.max_talon[six_cards];
        if (exact.is_empty() && timing.is_empty()) || obs.talon_remaining > max_talon {
            return top.action;
        }
        let Some(on) = most_visited(stats.iter().filter(|s| !exact.contains(&s.action))) else {
            return top.action;
        };
        // The plain move (a card or a draw) ISMCTS likes best: waiting,
        // against melding or exchanging now.
        let plain = most_visited(
            stats
                .iter()
                .filter(|s| !exact.contains(&s.action) && !is_timing(s.action)),
        )
        .map(|s| s.action);
        let mut candidates = exact.clone();
        if !timing.is_empty() {
            candidates.extend(timing.iter().copied().filter(|&a| a != on.action));
            candidates.extend(plain.filter(|&a| a != on.action));
        }
        candidates.push(on.action);
        if candidates.len() == 1 {
            return on.action;
        }
        self.closer.config.time_limit = self
            .time_limit
            .map(|l| l.saturating_mul(2).saturating_sub(started.elapsed()));
        // Too early to solve (many cards still to draw): ISMCTS decides.
        let Some(values) = self.paired_values(obs, &candidates) else {
            return top.action;
        };
        let on_value = values[candidates.len() - 1].mean;
        let value = |a: Action| candidates.iter().position(|&c| c == a).map(|i| values[i]);
        // What wins the most that matters in every world: three game
        // points, or in a match the points still needed (a bot that plays
        // deals as lone deals still sees the sheet here).
        let enough = self.reward_of(obs, Self::points_needed(seen));
        // The margins are in game points, the values in rewards: near a
        // match's end a searched sheet stretches rewards (one game point
        // may decide it), and unscaled margins would all but vanish.
        let point = obs.sheet.map_or(1.0, |s| s.point_reward());
        // A correct declaration is exact (public points decide it) and
        // certain: taken unless playing on is worth more even knowing the
        // draws. A false one is never chosen here: conceding a deal that
        // the opponent may still misplay is ISMCTS's call.
        let me = obs.seat.index();
        if let Some(declare) = value(Action::Declare) {
            let declare = declare.mean;
            if obs.points[me] >= 66 && (declare >= on_value - 1e-9 || declare >= enough - 1e-9) {
                return Action::Declare;
            }
        }
        // Closing is valued knowing the opponent's hand, so it must beat
        // playing on by the margin (or be ISMCTS's choice, by the rule for
        // this hand size), unless in every world it wins all that matters
        // (then playing on can only do as well).
        if let Some(close) = value(Action::Close) {
            let sure = close.worst >= enough - 1e-9;
            let rule = self.close.closing[six_cards].in_rewards(point);
            if rule.closes(sure, close.mean, on_value, top.action == Action::Close) {
                // The exchange never costs a closer anything: exchange
                // first, and decide the close again on the next move.
                if legal.contains(&Action::Exchange) {
                    return Action::Exchange;
                }
                return Action::Close;
            }
        }
        // Timing: the best of the other moves, if it beats ISMCTS's choice
        // by the margin.
        let margin = timing_margin.map_or(f64::INFINITY, |m| m * point);
        let best_other = candidates[..candidates.len() - 1]
            .iter()
            .zip(&values)
            .filter(|(a, _)| !exact.contains(a))
            .max_by(|x, y| x.1.mean.total_cmp(&y.1.mean));
        match best_other {
            Some((&a, v)) if v.mean >= on_value + margin => a,
            _ => on.action,
        }
    }

    /// The observation ISMCTS sees: without the score sheet where it
    /// searches lone deals, or with the sheet's outcomes valued the bot's
    /// way (`None`: as it is).
    fn for_ismcts(&self, obs: &SixtySixObservation) -> Option<SixtySixObservation> {
        match self.sheet {
            SheetUse::LoneDeals | SheetUse::SolvedWorlds(_) => without_sheet(obs),
            SheetUse::Valued(value) => valued(obs, value),
        }
    }

    /// The observation the exact searches (closing, timing, PIMC) see.
    fn for_solved_worlds(&self, obs: &SixtySixObservation) -> Option<SixtySixObservation> {
        match self.sheet {
            SheetUse::LoneDeals => without_sheet(obs),
            SheetUse::Valued(value) | SheetUse::SolvedWorlds(value) => valued(obs, value),
        }
    }

    /// Game points that win the match for the observing seat (at most
    /// three, all a deal can give; three in a lone deal).
    fn points_needed(obs: &SixtySixObservation) -> i32 {
        obs.sheet.map_or(3, |s| {
            (i32::from(s.target) - i32::from(s.scores[obs.seat.index()])).clamp(1, 3)
        })
    }

    /// The searches' reward to the observing seat of a deal won by `points`.
    fn reward_of(&mut self, obs: &SixtySixObservation, points: i32) -> f64 {
        let world = SixtySix::sample(obs, &mut self.rng);
        if world.maximises(obs.seat) {
            world.value_reward(points)
        } else {
            -world.value_reward(-points)
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
        let solved_view = self.for_solved_worlds(obs);
        if let Some(a) = self
            .pimc
            .choose(solved_view.as_ref().unwrap_or(obs), legal, &mut self.rng)
        {
            return a;
        }
        // No world solved in budget (a Sixty-six talon closed early).
        let ismcts_view = self.for_ismcts(obs);
        let obs = ismcts_view.as_ref().unwrap_or(obs);
        self.set_search(obs.options.hand_size);
        self.ismcts.choose(obs, legal, &mut self.rng)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.time_limit = limit;
        self.pimc.config.time_limit = limit;
        self.ismcts.config.time_limit = limit;
    }
}

/// Moves whose timing the expert weighs in solved worlds: the trump
/// exchange and melding a marriage.
fn is_timing(a: Action) -> bool {
    matches!(a, Action::Exchange | Action::Meld(_))
}

/// A bot that plays every deal as a lone deal: the score sheet is taken
/// out of its observation. `expert-2026-11`, the expert before the match
/// was in the observation, is the old expert behind this.
pub struct SheetBlind(pub Box<dyn Bot<SixtySix>>);

/// `obs` with its sheet's outcomes valued by `value`, or `None` if they
/// are already (or it is a lone deal).
fn valued(obs: &SixtySixObservation, value: MatchValue) -> Option<SixtySixObservation> {
    let mut sheet = obs.sheet.filter(|s| s.value != value)?;
    sheet.value = value;
    Some(SixtySixObservation {
        sheet: Some(sheet),
        ..obs.clone()
    })
}

/// `obs` as a lone deal's, or `None` if it is one already.
fn without_sheet(obs: &SixtySixObservation) -> Option<SixtySixObservation> {
    obs.sheet.is_some().then(|| SixtySixObservation {
        sheet: None,
        ..obs.clone()
    })
}

impl Bot<SixtySix> for SheetBlind {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, obs: &SixtySixObservation, legal: &[Action]) -> Action {
        match without_sheet(obs) {
            Some(blind) => self.0.choose(&blind, legal),
            None => self.0.choose(obs, legal),
        }
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.0.set_time_limit(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::{Closing, SheetUse, SixtySixExpert};
    use crate::levels::EXPERT_CLOSE;
    use crate::Bot;
    use std::time::Duration;
    use talon_cards::Seat;
    use talon_rules::sixty_six::{MatchValue, SixtySix, SixtySixOptions};
    use talon_rules::{ActionList, Game};

    /// The closing search's limit after each decision of a seeded
    /// Schnapsen deal the expert plays for both seats, `limit` set on the
    /// bot: a value the decision did not touch is left out.
    fn closer_limits(limit: Option<Duration>) -> Vec<Option<Duration>> {
        let untouched = Some(Duration::from_secs(1_000));
        let mut bot = SixtySixExpert::new("t", (16, 3_000, 1_000), EXPERT_CLOSE, 3);
        bot.set_time_limit(limit);
        let mut game = SixtySix::from_seed(5, SixtySixOptions::SCHNAPSEN, Seat(0));
        let mut legal = ActionList::new();
        let mut seen = Vec::new();
        while let Some(seat) = game.to_move() {
            game.legal_actions(&mut legal);
            bot.closer.config.time_limit = untouched;
            let a = bot.choose(&game.observe(seat), &legal);
            if bot.closer.config.time_limit != untouched {
                seen.push(bot.closer.config.time_limit);
            }
            game.play(a).expect("a legal move");
        }
        seen
    }

    /// Before the last draw the closing search gets twice a search's
    /// limit less what the decision used; with no limit, none.
    #[test]
    fn the_closing_search_gets_what_ismcts_left() {
        let limited = closer_limits(Some(Duration::from_millis(45)));
        assert!(!limited.is_empty(), "no decision ran the closing search");
        for l in limited {
            assert!(l.is_some_and(|l| l <= Duration::from_millis(90)), "{l:?}");
        }
        let unlimited = closer_limits(None);
        assert!(!unlimited.is_empty());
        assert!(unlimited.iter().all(Option::is_none), "{unlimited:?}");
        let longest = closer_limits(Some(Duration::MAX));
        assert!(longest
            .iter()
            .all(|l| l.is_some_and(|l| l > Duration::from_secs(1_000_000))));
    }

    #[test]
    fn a_sure_close_is_always_taken() {
        for rule in [Closing::Margin(0.5), Closing::WhenSure] {
            assert!(rule.closes(true, -1.0, 2.0, false), "{rule:?}");
        }
    }

    #[test]
    fn by_margin_the_solved_worlds_overrule_ismcts() {
        let rule = Closing::Margin(0.5);
        assert!(rule.closes(false, 1.5, 1.0, false));
        assert!(!rule.closes(false, 1.4, 1.0, true));
    }

    #[test]
    fn the_margin_is_in_game_points() {
        // Where one game point is worth 4 in rewards, half a point is 2.
        let rule = Closing::Margin(0.5);
        assert!(!rule.in_rewards(4.0).closes(false, 2.9, 1.0, false));
        assert!(rule.in_rewards(4.0).closes(false, 3.0, 1.0, false));
    }

    #[test]
    fn when_sure_only_ismcts_closes_otherwise() {
        let rule = Closing::WhenSure;
        assert!(rule.closes(false, 0.0, 1.0, true));
        assert!(!rule.closes(false, 3.0, 1.0, false));
    }

    /// What each search sees of a match deal at 5–6, by `SheetUse`: the
    /// sheet's value, or `None` for a lone deal.
    fn views(sheet: SheetUse) -> [Option<MatchValue>; 2] {
        let bot =
            SixtySixExpert::new("t", (16, 3_000, 1_000), EXPERT_CLOSE, 3).seeing_the_sheet(sheet);
        let game = SixtySix::from_seed(5, SixtySixOptions::SCHNAPSEN, Seat(0)).with_sheet([5, 6]);
        let seen = game.observe(Seat(1));
        let value = |view: Option<_>| view.as_ref().unwrap_or(&seen).sheet.map(|s| s.value);
        [
            value(bot.for_ismcts(&seen)),
            value(bot.for_solved_worlds(&seen)),
        ]
    }

    #[test]
    fn each_search_sees_the_match_as_the_sheet_use_says() {
        let equity = Some(MatchValue::Equity);
        assert_eq!(views(SheetUse::LoneDeals), [None, None]);
        assert_eq!(
            views(SheetUse::Valued(MatchValue::Equity)),
            [equity, equity]
        );
        assert_eq!(
            views(SheetUse::SolvedWorlds(MatchValue::Equity)),
            [None, equity]
        );
    }
}
