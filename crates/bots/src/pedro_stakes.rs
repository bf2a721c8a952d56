//! What the outcome of a Pedro-family deal is worth to one team, for
//! bidding by simulation.
//!
//! In a lone deal it is the score margin. In a game the target rules
//! count, the one way every family weighs it (`talon_rules::target`): an
//! outcome that wins or loses the game (decided by the rules'
//! own score sheet, so "bidder goes out", King Pedro's "only on a made
//! bid" and the minus threshold all apply) is worth more, either way,
//! than any margin one deal can bring.

use talon_cards::Seat;
use talon_rules::pedro::{PedroMatch, PedroObservation, PedroOptions, PedroResult};
use talon_rules::target::stake;

pub(crate) struct Stakes {
    opts: PedroOptions,
    dealer: Seat,
    /// Team scores before this deal, when it is one deal of a game.
    sheet: Option<[i32; 2]>,
    team: usize,
    /// Worth of winning the game, above any one deal's margin.
    game: f64,
}

impl Stakes {
    pub(crate) fn new(obs: &PedroObservation) -> Stakes {
        let o = obs.options;
        // The largest swing a deal can bring: a set double bid (a
        // contract for all the points, whatever `max_bid` is) against
        // every point taken by the other side.
        let all = i32::from(o.total_points().max(u16::from(o.max_bid)));
        let swing = 2 * all * i32::from(o.double_factor.max(1));
        Stakes {
            opts: o,
            dealer: obs.dealer,
            sheet: obs.sheet,
            team: obs.seat.index() % 2,
            game: f64::from(i32::from(o.game_target) + swing),
        }
    }

    /// Whether the deal is one deal of a game (so the target counts).
    pub(crate) fn in_game(&self) -> bool {
        self.sheet.is_some()
    }

    /// Whether `result` wins (`Some(true)`) or loses the game for the
    /// team, `None` when the game goes on (or there is no game).
    fn decides(&self, result: &PedroResult) -> Option<bool> {
        let mut sheet = PedroMatch::new(self.opts, self.dealer);
        sheet.scores = self.sheet?;
        sheet.record(result);
        sheet.winner.map(|t| t == self.team)
    }

    /// The worth of a deal `bidder` played at `contract` (a forced bid if
    /// `forced`), the teams taking `points`: the game decision if it is
    /// one, else the team's score margin.
    pub(crate) fn contract(
        &self,
        bidder: Seat,
        contract: u8,
        forced: bool,
        points: [u16; 2],
    ) -> f64 {
        let r = PedroResult::scored(&self.opts, bidder, contract, forced, points);
        let margin = f64::from(r.score[self.team] - r.score[1 - self.team]);
        stake(margin, self.decides(&r), self.game)
    }

    /// The worth of a finished deal the team passed in: only the game
    /// decision counts, 0 when the game goes on. (A deal's own margin is
    /// what a bid is measured against, so passing is the zero point.)
    pub(crate) fn passed(&self, result: &PedroResult) -> f64 {
        stake(0.0, self.decides(result), self.game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::pedro::Pedro;

    fn stakes(preset_opts: PedroOptions, sheet: Option<[i32; 2]>) -> Stakes {
        let mut g = Pedro::from_seed(7, preset_opts, Seat(3));
        if let Some(s) = sheet {
            g = g.with_sheet(s);
        }
        Stakes::new(&g.observation(Seat(0)))
    }

    #[test]
    fn lone_deal_is_the_margin() {
        let o = PedroOptions::SIXTY_THREE;
        let s = stakes(o, None);
        // Bid 45 and took 50 of 63: +50 against +13.
        assert_eq!(s.contract(Seat(0), 45, false, [50, 13]), 37.0);
        // Set: -45 against +23.
        assert_eq!(s.contract(Seat(0), 45, false, [40, 23]), -68.0);
        assert!(!s.in_game());
    }

    #[test]
    fn going_out_outweighs_any_margin() {
        let o = PedroOptions::SIXTY_THREE;
        let near = stakes(o, Some([o.game_target as i32 - 10, 0]));
        let win = near.contract(Seat(0), 45, false, [50, 13]);
        assert!(win > 100.0, "{win}");
        // The other side bidding and going out is a loss, whatever the margin.
        let them = stakes(o, Some([0, o.game_target as i32 - 10]));
        let loss = them.contract(Seat(1), 45, false, [13, 50]);
        assert!(loss < -100.0, "{loss}");
    }

    #[test]
    fn own_bid_rule_needs_a_made_bid() {
        let o = PedroOptions::KING_PEDRO;
        let over = o.game_target as i32 + 5;
        let s = stakes(o, Some([over, 0]));
        // Over the target, but the other side bid: the game goes on.
        let r = PedroResult::scored(&o, Seat(1), 30, false, [10, 34]);
        assert_eq!(s.passed(&r), 0.0);
        // Our own made bid ends it.
        assert!(s.contract(Seat(0), 30, false, [34, 10]) > 100.0);
    }
}
