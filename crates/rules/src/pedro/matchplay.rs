//! The score sheet of a game of several deals: team scores, the deal
//! passing to the left, and the end of the game by the preset's rule
//! (first to the target with "bidder goes out", or only on a made bid;
//! optionally a team at minus the threshold loses).

use super::deal::{Deal, DealError};
use super::options::{PedroOptions, WinRule};
use super::scoring::PedroResult;
use super::state::{team, Pedro};
use talon_cards::Seat;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PedroMatch {
    pub opts: PedroOptions,
    /// Team scores (seats 0 and 2, seats 1 and 3).
    pub scores: [i32; 2],
    /// Dealer of the next deal.
    pub dealer: Seat,
    pub deals_played: u32,
    /// The winning team, once decided.
    pub winner: Option<usize>,
}

impl PedroMatch {
    pub fn new(opts: PedroOptions, first_dealer: Seat) -> PedroMatch {
        PedroMatch {
            opts,
            scores: [0; 2],
            dealer: first_dealer,
            deals_played: 0,
            winner: None,
        }
    }

    pub fn deal_from_seed(&self, seed: u64) -> Pedro {
        Pedro::from_seed(seed, self.opts, self.dealer).with_sheet(self.scores)
    }

    /// Starts the next deal from an explicit deal by the right dealer.
    pub fn deal(&self, deal: &Deal) -> Result<Pedro, DealError> {
        if deal.dealer != self.dealer {
            return Err(DealError::Dealer(format!(
                "{} (it is seat {}'s turn to deal)",
                deal.dealer, self.dealer
            )));
        }
        Pedro::new(deal, self.opts).map(|g| g.with_sheet(self.scores))
    }

    /// Books a finished deal (a throw-in books nothing but still passes the
    /// deal) and decides the game. Returns `false` once the game is over.
    pub fn record(&mut self, r: &PedroResult) -> bool {
        if self.winner.is_some() {
            return false;
        }
        self.scores[0] += r.score[0];
        self.scores[1] += r.score[1];
        self.dealer = self.dealer.next(4);
        self.deals_played += 1;
        self.winner = self.decide(r);
        true
    }

    fn decide(&self, r: &PedroResult) -> Option<usize> {
        let target = i32::from(self.opts.game_target);
        let bidders = r.bidder.map(team)?;
        if self.opts.lose_at > 0 {
            let floor = -i32::from(self.opts.lose_at);
            let sunk: Vec<usize> = (0..2).filter(|&t| self.scores[t] <= floor).collect();
            if sunk.len() == 1 {
                return Some(1 - sunk[0]);
            }
        }
        let over: Vec<usize> = (0..2).filter(|&t| self.scores[t] >= target).collect();
        match self.opts.win_rule {
            WinRule::OwnBid => (r.made && over.contains(&bidders)).then_some(bidders),
            WinRule::FirstToTarget => match over.len() {
                0 => None,
                1 => Some(over[0]),
                // Both over: the bidders go out if they made it.
                _ => Some(if r.made { bidders } else { 1 - bidders }),
            },
        }
    }
}
