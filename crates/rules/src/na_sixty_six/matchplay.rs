//! A game of North American Sixty-six: deals until a side reaches the
//! target in ticks; the deal passes left.

use super::deal::{Deal, DealError};
use super::options::NaOptions;
use super::scoring::NaResult;
use super::state::{NaSixtySix, MAX_SIDES};
use talon_cards::Seat;

/// The score sheet as it stands before a deal. It is public: every seat
/// sees it, and bidders weigh their bids by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct NaSheet {
    /// Ticks per side (unused sides 0).
    pub scores: [i32; MAX_SIDES],
    /// `sixty-six-4`: game points carried from 65-65 deals.
    pub carry: i32,
}

/// The score sheet: ticks per side (partnerships, or each of three players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaMatch {
    pub opts: NaOptions,
    pub scores: Vec<i32>,
    /// Dealer of the next deal.
    pub dealer: Seat,
    pub deals_played: u32,
    /// `sixty-six-4`: game points carried from 65-65 deals to the next winner.
    pub carry: i32,
    winner: Option<usize>,
}

impl NaMatch {
    pub fn new(opts: NaOptions, first_dealer: Seat) -> NaMatch {
        NaMatch {
            opts,
            scores: vec![0; opts.sides()],
            dealer: first_dealer,
            deals_played: 0,
            carry: 0,
            winner: None,
        }
    }

    /// A game standing at `sheet`, `dealer` to deal next.
    pub fn resume(opts: NaOptions, dealer: Seat, sheet: &NaSheet) -> NaMatch {
        let mut m = NaMatch::new(opts, dealer);
        for (s, v) in m.scores.iter_mut().zip(sheet.scores) {
            *s = v;
        }
        m.carry = sheet.carry;
        m
    }

    /// The sheet as it stands.
    pub fn sheet(&self) -> NaSheet {
        let mut scores = [0; MAX_SIDES];
        for (s, v) in scores.iter_mut().zip(&self.scores) {
            *s = *v;
        }
        NaSheet {
            scores,
            carry: self.carry,
        }
    }

    pub fn deal_from_seed(&self, seed: u64) -> NaSixtySix {
        NaSixtySix::from_seed(seed, self.opts, self.dealer).with_sheet(self.sheet())
    }

    pub fn deal(&self, deal: &Deal) -> Result<NaSixtySix, DealError> {
        if deal.dealer != self.dealer {
            return Err(DealError::Dealer(format!(
                "{} (it is seat {}'s turn to deal)",
                deal.dealer, self.dealer
            )));
        }
        NaSixtySix::new(deal, self.opts).map(|g| g.with_sheet(self.sheet()))
    }

    /// Books a finished deal (a thrown-in deal books nothing but passes the
    /// deal) and decides the game: a side at or over the target wins; if
    /// several get there on the same deal, "bidders out": the bidding side
    /// wins if it is one of them, otherwise the highest score (a tie for
    /// highest plays on). Returns `false` once the game is already won.
    pub fn record(&mut self, result: &NaResult) -> bool {
        if self.winner.is_some() {
            return false;
        }
        for (s, d) in self.scores.iter_mut().zip(result.score) {
            *s += i32::from(d);
        }
        if result.tied {
            self.carry += 1;
        } else if let Some(w) = result.winner_side {
            self.scores[w] += std::mem::take(&mut self.carry);
        }
        self.dealer = self.dealer.next(self.opts.players);
        self.deals_played += 1;
        let target = i32::from(self.opts.target);
        let over: Vec<usize> = (0..self.scores.len())
            .filter(|&s| self.scores[s] >= target)
            .collect();
        let side = |seat: Seat| {
            if self.opts.players == 4 {
                seat.index() % 2
            } else {
                seat.index()
            }
        };
        let bid_side = result.bidder.map(side);
        self.winner = match over.len() {
            0 => None,
            1 => Some(over[0]),
            _ if bid_side.is_some_and(|b| over.contains(&b)) => bid_side,
            _ => {
                let best = over
                    .iter()
                    .map(|&s| self.scores[s])
                    .max()
                    .expect("some side");
                let top: Vec<usize> = over
                    .into_iter()
                    .filter(|&s| self.scores[s] == best)
                    .collect();
                (top.len() == 1).then(|| top[0])
            }
        };
        true
    }

    /// The winning side once the game is decided.
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }
}
