//! Search bots for North American Sixty-six (and Hoyle's four-hand game)
//! and Sixes and Sevens.
//!
//! Play is single-observer ISMCTS over the game's sampler; returns are per
//! seat, so partners (who score their side's ticks) share a reward and in
//! Sixes and Sevens each seat plays for its own tricks, Ace calls included.
//!
//! Bidding (North American Sixty-six) is by simulation: sample deals
//! consistent with what the bidder knows, and for each legal bid — and,
//! for a bid, each suit the bidder could fix as trumps with its first lead
//! (its marriage in that suit, else its top card there) — play the deal out
//! with the playout policy (the heuristic's rules of thumb on the mover's
//! own hand). A bid is worth its best trump's mean score (made scores its
//! ticks, set loses the bid, the moon its own rule); the bot makes the
//! bid worth most, passing on a tie. The same samples serve every
//! candidate, so the comparison is paired. In a game too, a simulated deal
//! is worth its ticks: valuing one that decides the game (by the rules'
//! sheet, "bidders out" included) as a win or a loss worth more than any
//! ticks was measured, and lost matches (docs/strength.md).
//!
//! The expert plays each simulated deal's last three tricks exactly
//! instead: the open-card solver, the bidder's side against the rest
//! ([`BidPlay::Solved`]). Over 1,000 duplicate pairs against the same bot
//! with policy playouts (`policy-bids`) that won 51.0% ± 1.0 of pairs with
//! four hands and 51.7% ± 1.0 with three (docs/strength.md); the policy
//! alone misjudges endings that the solver gets right.
//!
//! `pimc` is the expert with its tricks played by PIMC: worlds sampled
//! for the observer and solved for its side.

use crate::bid_play::BidPlay;
use crate::na_finish::finish;
use crate::Bot;
use std::time::{Duration, Instant};
use talon_cards::Suit;
use talon_rules::na_sixty_six::{Action, NaObservation, NaOptions, NaSixtySix, Phase};
use talon_rules::sevens::Sevens;
use talon_rules::shuffle::{rng_from_seed, SeededRng};
use talon_rules::{Determinize, Game};
use talon_search::{Ismcts, IsmctsConfig, Pimc, PimcConfig, Solver};

/// Names of the search levels (both families), weakest first.
pub const SEARCH_LEVELS: [&str; 3] = ["beginner", "intermediate", "expert"];

/// (ISMCTS iterations, bidding samples) per level.
fn budget(level: &str) -> Option<(u32, u32)> {
    match level {
        "beginner" => Some((100, 8)),
        "intermediate" => Some((600, 32)),
        "expert" => Some((4_000, 128)),
        _ => None,
    }
}

/// The expert solves the simulations' last three tricks and plays the
/// rest by the policy. An open-card solve from the first lead costs a
/// median 8 ms with four hands; from three tricks before the end the
/// bidder's decisions stay near the expert's (docs/strength.md).
const SOLVED_TRICKS: usize = 3;
const SOLVED_NODES: u64 = 200_000;

fn config(iterations: u32, exploration: f64) -> IsmctsConfig {
    IsmctsConfig {
        iterations,
        // A safety net only: the count budget binds first on this machine.
        time_limit: Some(Duration::from_millis(90)),
        exploration,
        rollout_epsilon: 0.1,
        leaf_solve_nodes: 0,
        prune_hopeless: false,
        exact_rollout_ends: false,
        opponent_policy: 0.0,
    }
}

/// ISMCTS in play, bidding by simulation, for North American Sixty-six.
pub struct NaSearchBot {
    name: String,
    ismcts: Ismcts<NaSixtySix>,
    bid_samples: u32,
    /// Whether bidding simulations end in a solve (the expert).
    solved_bids: bool,
    /// The bidding's safety time limit (see [`Bot::set_time_limit`]).
    bid_limit: Option<Duration>,
    /// Solves the simulations' trick play (see [`BidPlay::Solved`]).
    solver: Solver<NaSixtySix>,
    /// PIMC for the tricks (the `pimc` bot); else ISMCTS.
    pimc: Option<Pimc<NaSixtySix>>,
    rng: SeededRng,
}

impl NaSearchBot {
    /// A named level (`beginner`, `intermediate`, `expert`), or a
    /// variant of the expert: `pimc` (tricks by PIMC) or `policy-bids`
    /// (bidding simulations played out by the policy alone).
    pub fn level(name: &str, seed: u64) -> Option<NaSearchBot> {
        let level = match name {
            "pimc" | "policy-bids" => "expert",
            other => other,
        };
        let (iterations, bid_samples) = budget(level)?;
        // Returns are ticks, a few either way.
        let mut bot = NaSearchBot::new(name, config(iterations, 2.0), bid_samples, seed);
        // The smaller levels keep the cheap playouts.
        bot.solved_bids = level == "expert" && name != "policy-bids";
        if name == "pimc" {
            bot = bot.with_pimc(PimcConfig {
                samples: 16,
                time_limit: Some(Duration::from_millis(90)),
                max_nodes: 20_000,
                max_total_nodes: 400_000,
                after_draws: true,
            });
        }
        Some(bot)
    }

    pub fn new(name: &str, config: IsmctsConfig, bid_samples: u32, seed: u64) -> NaSearchBot {
        NaSearchBot {
            name: name.to_string(),
            ismcts: Ismcts::new(config),
            bid_samples,
            solved_bids: false,
            bid_limit: config.time_limit,
            solver: Solver::new(16),
            pimc: None,
            rng: rng_from_seed(seed),
        }
    }

    /// Plays tricks by PIMC (each sampled world solved for the bot's side),
    /// by ISMCTS where no world solves within the node budget.
    pub fn with_pimc(mut self, config: PimcConfig) -> Self {
        self.pimc = Some(Pimc::new(config));
        self
    }
}

impl NaSearchBot {
    /// How this bot's simulations play a deal of `opts` out.
    fn bid_play(&self, opts: &NaOptions) -> BidPlay {
        if !self.solved_bids {
            return BidPlay::Policy;
        }
        BidPlay::Solved {
            policy_tricks: opts.hand_size().saturating_sub(SOLVED_TRICKS) as u8,
            max_nodes: SOLVED_NODES,
        }
    }

    fn bid(&mut self, obs: &NaObservation, legal: &[Action]) -> Action {
        // Simulated deals are valued by their ticks alone, the score sheet
        // left out: valuing a deal that decides the game as a win or a
        // loss (±30 ticks at target 10) lost to the heuristic far more
        // often in matches (docs/strength.md).
        let lone = NaObservation {
            sheet: None,
            ..obs.clone()
        };
        let obs = &lone;
        let me = obs.seat;
        let how = self.bid_play(&obs.options);
        let suits: Vec<Suit> = Suit::ALL
            .into_iter()
            .filter(|&s| !obs.hand.suit(s).is_empty())
            .collect();
        // totals[candidate][suit option]
        let mut totals = vec![vec![0i64; suits.len().max(1)]; legal.len()];
        let started = Instant::now();
        for n in 0..self.bid_samples.max(1) {
            // Every candidate sees the same samples, so stopping early
            // keeps the comparison fair.
            if n > 0 && self.bid_limit.is_some_and(|l| started.elapsed() >= l) {
                break;
            }
            let world = NaSixtySix::sample(obs, &mut self.rng);
            for (i, &a) in legal.iter().enumerate() {
                let mut w = world.clone();
                w.play_unchecked(a);
                if a == Action::Pass {
                    totals[i][0] += i64::from(finish(w, me, None, how, &mut self.solver));
                } else {
                    for (j, &s) in suits.iter().enumerate() {
                        let v = finish(w.clone(), me, Some(s), how, &mut self.solver);
                        totals[i][j] += i64::from(v);
                    }
                }
            }
        }
        let mut best = legal[0];
        let mut best_value = i64::MIN;
        for (i, &a) in legal.iter().enumerate() {
            let v = if a == Action::Pass {
                totals[i][0]
            } else {
                *totals[i].iter().max().expect("one option")
            };
            // Strictly better only: ties keep the pass or the lower bid.
            if v > best_value {
                best_value = v;
                best = a;
            }
        }
        best
    }
}

impl Bot<NaSixtySix> for NaSearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, obs: &NaObservation, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if obs.phase == Phase::Bidding {
            return self.bid(obs, legal);
        }
        if obs.phase == Phase::Play {
            if let Some(a) = self
                .pimc
                .as_mut()
                .and_then(|p| p.choose(obs, legal, &mut self.rng))
            {
                return a;
            }
        }
        self.ismcts.choose(obs, legal, &mut self.rng)
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.ismcts.config.time_limit = limit;
        self.bid_limit = limit;
        if let Some(p) = &mut self.pimc {
            p.config.time_limit = limit;
        }
    }
}

/// A named ISMCTS level for Sixes and Sevens.
pub fn sevens_level(name: &str, seed: u64) -> Option<crate::IsmctsBot<Sevens>> {
    let (iterations, _) = budget(name)?;
    // Returns are trick counts (up to 17 with three players); most of the
    // spread between moves is a trick or two.
    Some(crate::IsmctsBot::new(name, config(iterations, 1.5), seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::na_finish::worth;
    use talon_cards::Seat;
    use talon_rules::na_sixty_six::{NaMatch, NaSheet};
    use talon_rules::{ActionList, SolverGame};

    fn finished(sheet: Option<NaSheet>, seed: u64) -> NaSixtySix {
        let mut g = NaSixtySix::from_seed(seed, NaOptions::FOUR_HANDS, Seat(3));
        if let Some(s) = sheet {
            g = g.with_sheet(s);
        }
        let mut moves = ActionList::new();
        while !g.is_over() {
            g.legal_actions(&mut moves);
            let a = *moves.iter().max_by_key(|&&a| g.playout_score(a)).unwrap();
            g.play_unchecked(a);
        }
        g
    }

    #[test]
    fn a_lone_deal_is_worth_its_ticks() {
        for seed in 0..20 {
            let g = finished(None, seed);
            assert_eq!(worth(&g, Seat(0)), g.returns().unwrap()[0]);
        }
    }

    #[test]
    fn a_deal_that_decides_the_game_outweighs_any_ticks() {
        let target = i32::from(NaOptions::FOUR_HANDS.target);
        let mut decided = 0;
        for seed in 0..40 {
            // Both sides one tick short: whoever scores goes out.
            let sheet = NaSheet {
                scores: [target - 1, target - 1, 0],
                carry: 0,
            };
            let g = finished(Some(sheet), seed);
            let mut game = NaMatch::resume(*g.options(), g.dealer(), &sheet);
            game.record(g.result().unwrap());
            let w = worth(&g, Seat(0));
            match game.winner() {
                Some(0) => assert!(w > 2 * target, "{w}"),
                Some(_) => assert!(w < -2 * target, "{w}"),
                None => assert_eq!(w, g.returns().unwrap()[0]),
            }
            decided += usize::from(game.winner().is_some());
        }
        assert!(decided > 20, "only {decided} of 40 deals decided the game");
    }
}
