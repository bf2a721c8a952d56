//! The match score sheet a deal carries, and what each way the deal can
//! end is worth in chances of winning the match (match equity).
//!
//! A deal of a match is not worth its game points alone: at 6–6 to 7 one
//! game point ends the match and a schneider adds nothing, at 0–0 a
//! schwarz (3) is worth much more than a plain win. The sheet is public,
//! so every seat sees it in its observation.
//!
//! How the table is made: the engine's expert (`expert-2026-11`) played
//! itself on seeded lone deals (`cargo run --release -p talon-bots
//! --example deal_outcomes -- PRESET N`), which gives how often the first
//! leader of a deal wins or loses 1, 2 or 3 game points, or ties. Deals are
//! taken as independent, with that distribution and the lead alternating
//! as the deal does; the chance of winning the match from any sheet then
//! follows by dynamic programming over the points each side still needs
//! (`win_chance`). Ties (possible in Sixty-six when all cards are played
//! with equal points) score nothing and pass the deal, which the fixed-point
//! iteration handles.

use super::options::SixtySixOptions;
use talon_cards::Seat;

/// Deal outcomes between equal players, from the first leader's side:
/// the chance of −3, −2, −1, 0 (tie), +1, +2, +3 game points. Measured
/// by `deal_outcomes` (see the module comment); Schnapsen (20 cards) and
/// Sixty-six (24 cards) differ.
/// Schnapsen: 2,000 deals (counts 149, 339, 513, 0, 510, 351, 138).
const SCHNAPSEN_OUTCOMES: [f64; 7] = [0.0745, 0.1695, 0.2565, 0.0, 0.2550, 0.1755, 0.0690];
/// Sixty-six: 600 deals (counts 27, 116, 154, 2, 136, 118, 47).
const SIXTY_SIX_OUTCOMES: [f64; 7] = [0.0450, 0.1933, 0.2567, 0.0033, 0.2267, 0.1967, 0.0783];

/// Equity is stored in units of 1/`SCALE` so the sheet stays `Eq`.
const SCALE: f64 = 60_000.0;

/// Match equity is scaled to −5..5 (certain loss to certain win of the
/// match): at 0–0 a deal won by one game point is then worth about one, as
/// in a lone deal, so ISMCTS's exploration constant keeps its scale.
const EQUITY_REWARD: f64 = 5.0;

/// A deal that wins the match is worth more than any deal's game points
/// (at most 3); one more keeps the reward's scale for ISMCTS.
const MATCH_DECIDED: i32 = 4;

/// Largest target the table is built for; longer matches are valued at
/// this distance (game points beyond it change the chances very little).
const MAX_NEED: usize = 21;

/// How search values a finished deal of a match (`SolverGame::rewards`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MatchValue {
    /// Game points, unless the deal wins or loses the match: then more
    /// than any deal's game points (`crate::target`, the one way every
    /// family weighs its target).
    #[default]
    Target,
    /// Half game points, half the chance of winning the match after the
    /// deal (the equity table below), scaled.
    Equity,
}

/// The score sheet before this deal, with what each outcome of the deal is
/// worth to seat 0 in chances of winning the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SixtySixSheet {
    /// Game points of seat 0 and seat 1 before this deal.
    pub scores: [u16; 2],
    /// Game points that win the match.
    pub target: u16,
    /// How search values the deal's outcomes (a bot's choice; the rules
    /// never read it).
    pub value: MatchValue,
    /// Seat 0's chance of winning the match (× `SCALE`) if this deal ends
    /// with seat 0 scoring `v` game points (−3..3, index `v + 3`).
    equity: [u16; 7],
}

impl SixtySixSheet {
    /// The sheet at `scores` before a deal dealt by `dealer`.
    pub fn new(opts: &SixtySixOptions, scores: [u16; 2], dealer: Seat) -> SixtySixSheet {
        let target = u16::from(opts.match_target.max(1));
        let outcomes = if opts.hand_size == 5 {
            &SCHNAPSEN_OUTCOMES
        } else {
            &SIXTY_SIX_OUTCOMES
        };
        let table = win_chance(outcomes, usize::from(target).min(MAX_NEED));
        // The deal passes: this deal's dealer leads the next one.
        let next_leader = dealer;
        let mut equity = [0u16; 7];
        for (i, e) in equity.iter_mut().enumerate() {
            let v = i as i32 - 3;
            let after = [
                i32::from(scores[0]) + v.max(0),
                i32::from(scores[1]) + (-v).max(0),
            ];
            let need = after.map(|s| (i32::from(target) - s).max(0) as usize);
            let p0 = table.chance(need, next_leader == Seat(0));
            *e = (p0 * SCALE).round() as u16;
        }
        SixtySixSheet {
            scores,
            target,
            value: MatchValue::default(),
            equity,
        }
    }

    /// Whether a deal ending with seat 0 scoring `value` game points
    /// (negative: seat 1 scores them) wins the match for seat 0
    /// (`Some(true)`), for seat 1 (`Some(false)`), or leaves it open.
    pub fn decides(&self, value: i32) -> Option<bool> {
        let after = |seat: usize, v: i32| i32::from(self.scores[seat]) + v.max(0);
        let target = i32::from(self.target);
        if after(0, value) >= target {
            Some(true)
        } else if after(1, -value) >= target {
            Some(false)
        } else {
            None
        }
    }

    /// Seat 0's chance of winning the match if the deal ends with seat 0
    /// scoring `value` game points (negative: seat 1 scores them).
    pub fn equity(&self, value: i32) -> f64 {
        f64::from(self.equity[(value.clamp(-3, 3) + 3) as usize]) / SCALE
    }

    /// What search takes a deal ending with seat 0 scoring `value` game
    /// points to be worth to seat 0, as `self.value` says: game points
    /// unless the deal decides the match, then `MATCH_DECIDED` (the one way
    /// every family weighs its target, `crate::target`); or half game
    /// points, half seat 0's chance of winning the match after it, scaled
    /// (see `EQUITY_REWARD`). Equity alone flattens the margins that make
    /// a line won in an open-card world robust in play: it lost more
    /// Sixty-six matches (docs/strength.md).
    pub fn reward(&self, value: i32) -> f64 {
        match self.value {
            MatchValue::Target => f64::from(crate::target::stake(
                value,
                self.decides(value),
                MATCH_DECIDED,
            )),
            MatchValue::Equity => {
                (f64::from(value) + EQUITY_REWARD * (2.0 * self.equity(value) - 1.0)) / 2.0
            }
        }
    }

    /// What one game point is worth in `reward`s around this deal: half
    /// the step from losing one to winning one (the same for both seats;
    /// 1 at 0–0 by the target rule, more where one point decides).
    pub fn point_reward(&self) -> f64 {
        (self.reward(1) - self.reward(-1)) / 2.0
    }

    /// Seat 0's chance of winning the match before this deal, on average
    /// over the outcomes between equal players, as a summary for people.
    pub fn equity_now(&self, opts: &SixtySixOptions, leader: Seat) -> f64 {
        let outcomes = if opts.hand_size == 5 {
            &SCHNAPSEN_OUTCOMES
        } else {
            &SIXTY_SIX_OUTCOMES
        };
        let sign = if leader == Seat(0) { 1 } else { -1 };
        (0..7)
            .map(|i| outcomes[i] * self.equity(sign * (i as i32 - 3)))
            .sum()
    }
}

/// Chances of winning the match by the game points each side still needs.
struct Table {
    /// `[need_a][need_b][a leads]`: side A's chance; needs of 0 are decided.
    cells: Vec<[f64; 2]>,
    size: usize,
}

impl Table {
    fn chance(&self, need: [usize; 2], a_leads: bool) -> f64 {
        let [a, b] = need.map(|n| n.min(self.size));
        if a == 0 {
            return 1.0;
        }
        if b == 0 {
            return 0.0;
        }
        self.cells[a * (self.size + 1) + b][usize::from(a_leads)]
    }
}

/// Dynamic programming over the points each side still needs, deals
/// independent with `outcomes` from the leader's side and the lead
/// alternating. A tie passes the lead with the sheet unchanged, so the
/// equations form a small cycle; iterating to the fixed point solves it
/// (each round shrinks the error by the tie chance, under 1%).
fn win_chance(outcomes: &[f64; 7], size: usize) -> Table {
    let mut t = Table {
        cells: vec![[0.5; 2]; (size + 1) * (size + 1)],
        size,
    };
    for _ in 0..8 {
        for total in 2..=2 * size {
            for a in 1..=size.min(total - 1) {
                let b = total - a;
                if b == 0 || b > size {
                    continue;
                }
                for a_leads in [false, true] {
                    let mut p = 0.0;
                    for (i, &q) in outcomes.iter().enumerate() {
                        // k game points to the leader (negative: to the other).
                        let k = i as i32 - 3;
                        let to_a = if a_leads { k } else { -k };
                        let need = [
                            a.saturating_sub(to_a.max(0) as usize),
                            b.saturating_sub((-to_a).max(0) as usize),
                        ];
                        p += q * t.chance(need, !a_leads);
                    }
                    t.cells[a * (size + 1) + b][usize::from(a_leads)] = p;
                }
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(scores: [u16; 2]) -> SixtySixSheet {
        SixtySixSheet::new(&SixtySixOptions::SCHNAPSEN, scores, Seat(1))
    }

    #[test]
    fn outcome_tables_are_distributions() {
        for o in [SCHNAPSEN_OUTCOMES, SIXTY_SIX_OUTCOMES] {
            assert!((o.iter().sum::<f64>() - 1.0).abs() < 1e-3);
        }
    }

    #[test]
    fn equity_is_monotone_in_the_deal_value() {
        // The solver values worlds in game points and PIMC averages their
        // equity: that is exact only if more game points are never worse.
        for a in 0..7 {
            for b in 0..7 {
                let s = sheet([a, b]);
                for v in -3..3 {
                    assert!(s.equity(v) <= s.equity(v + 1), "{a}-{b} at {v}");
                }
            }
        }
    }

    #[test]
    fn the_match_end_is_certain_and_symmetric_at_the_start() {
        let s = sheet([6, 6]);
        assert_eq!(s.equity(1), 1.0);
        assert_eq!(s.equity(3), 1.0);
        assert_eq!(s.equity(-1), 0.0);
        // At 6-6 the first point decides: a schneider adds nothing.
        let s = sheet([0, 0]);
        assert!(s.equity(3) > s.equity(2) && s.equity(2) > s.equity(1));
        // At 0-0 winning 1 and losing 1 are mirror images up to the lead.
        let sum = s.equity(1) + s.equity(-1);
        assert!((sum - 1.0).abs() < 0.05, "{sum}");
    }

    #[test]
    fn a_game_point_is_worth_more_reward_where_it_decides() {
        // By the target rule one game point is worth one until it decides
        // the match; at 6-6 the first point decides it either way.
        let mut s = sheet([0, 0]);
        s.value = MatchValue::Target;
        assert_eq!((s.reward(2), s.reward(-3)), (2.0, -3.0));
        assert_eq!(s.point_reward(), 1.0);
        let mut s = sheet([6, 6]);
        s.value = MatchValue::Target;
        assert_eq!(s.reward(1), f64::from(MATCH_DECIDED));
        assert_eq!(s.point_reward(), f64::from(MATCH_DECIDED));
        // Half equity: at 6-6 one point moves the match from lost to won.
        s.value = MatchValue::Equity;
        assert_eq!(s.point_reward(), (1.0 + EQUITY_REWARD) / 2.0);
        let mut s = sheet([0, 0]);
        s.value = MatchValue::Equity;
        assert!(s.point_reward() > 0.5 && s.point_reward() < 2.0);
    }

    #[test]
    fn a_lead_in_the_match_is_worth_more_the_closer_the_end() {
        assert!(sheet([5, 0]).equity(-1) > sheet([1, 0]).equity(-1));
        assert!(sheet([0, 5]).equity(1) < sheet([0, 1]).equity(1));
    }
}
