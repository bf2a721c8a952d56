//! A match of deals to a target of game points, the deal alternating.

use super::deal::Deal;
use super::options::SixtySixOptions;
use super::scoring::DealResult;
use super::state::SixtySix;
use talon_cards::Seat;

/// The score sheet of a match ("Bummerl" in Schnapsen): game points per
/// seat, who deals next, and the winner once someone reaches the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SixtySixMatch {
    pub opts: SixtySixOptions,
    pub scores: [u16; 2],
    /// Dealer of the next deal.
    pub dealer: Seat,
    pub deals_played: u32,
}

impl SixtySixMatch {
    pub fn new(opts: SixtySixOptions, first_dealer: Seat) -> SixtySixMatch {
        SixtySixMatch {
            opts,
            scores: [0; 2],
            dealer: first_dealer,
            deals_played: 0,
        }
    }

    /// Starts the next deal from a seed, dealt by the seat whose turn it
    /// is; the deal carries the score sheet, so the bots see the match.
    pub fn deal_from_seed(&self, seed: u64) -> SixtySix {
        SixtySix::from_seed(seed, self.opts, self.dealer).with_sheet(self.scores)
    }

    /// Starts the next deal from an explicit deal (its dealer must be the
    /// dealer whose turn it is).
    pub fn deal(&self, deal: &Deal) -> Result<SixtySix, super::deal::DealError> {
        if deal.dealer != self.dealer {
            return Err(super::deal::DealError::Dealer(format!(
                "{} (it is seat {}'s turn to deal)",
                deal.dealer, self.dealer
            )));
        }
        SixtySix::new(deal, self.opts).map(|g| g.with_sheet(self.scores))
    }

    /// Books a finished deal and passes the deal to the other seat.
    /// Returns `false` (and books nothing) once the match is already won.
    pub fn record(&mut self, result: &DealResult) -> bool {
        if self.winner().is_some() {
            return false;
        }
        if let Some(w) = result.winner {
            self.scores[w.index()] += u16::from(result.game_points);
        }
        self.dealer = self.dealer.opponent();
        self.deals_played += 1;
        true
    }

    /// The seat that reached the target, if any.
    pub fn winner(&self) -> Option<Seat> {
        let target = u16::from(self.opts.match_target);
        [Seat(0), Seat(1)]
            .into_iter()
            .find(|s| self.scores[s.index()] >= target)
    }
}
