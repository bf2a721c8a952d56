//! A game of Sixes and Sevens: the first dealer is found by cutting, each
//! player deals once (the deal passes left), and the totals give standings.

use super::deal::Deal;
use super::options::SevensOptions;
use super::scoring::standings;
use super::state::Sevens;
use crate::shuffle::{below, rng_from_seed};
use talon_cards::{Card, Deck, Seat};

/// One round of cutting: the seats that cut and the card each took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutRound {
    pub cuts: Vec<(Seat, Card)>,
}

/// The score sheet of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SevensMatch {
    pub opts: SevensOptions,
    /// The cutting that chose the first dealer (a seeded chance step).
    pub cutting: Vec<CutRound>,
    pub first_dealer: Seat,
    /// Dealer of the next deal.
    pub dealer: Seat,
    pub totals: Vec<u32>,
    pub deals_played: u32,
}

/// Cuts for the first dealer: every player cuts a card from the shuffled
/// pack; the highest rank (deuce low, Ace high; suits don't count) deals.
/// Players tied for highest cut again from a fresh shuffle until one is alone.
pub fn cut_for_dealer(seed: u64, players: u8) -> (Seat, Vec<CutRound>) {
    let mut rng = rng_from_seed(seed);
    let mut cutting: Vec<Seat> = (0..players).map(Seat).collect();
    let mut rounds = Vec::new();
    loop {
        let mut pack = Deck::FiftyTwo.ordered();
        let mut cuts = Vec::with_capacity(cutting.len());
        for &seat in &cutting {
            // Each player cuts the remaining pack at a random place.
            let c = pack.remove(below(&mut rng, pack.len() as u64) as usize);
            cuts.push((seat, c));
        }
        let top = cuts.iter().map(|c| c.1.rank_index()).max().expect("cuts");
        cutting = cuts
            .iter()
            .filter(|c| c.1.rank_index() == top)
            .map(|c| c.0)
            .collect();
        rounds.push(CutRound { cuts });
        if cutting.len() == 1 {
            return (cutting[0], rounds);
        }
    }
}

impl SevensMatch {
    /// Starts a game: `seed` drives the cutting for the first dealer.
    pub fn new(opts: SevensOptions, seed: u64) -> SevensMatch {
        let (first_dealer, cutting) = cut_for_dealer(seed, opts.players);
        SevensMatch {
            opts,
            cutting,
            first_dealer,
            dealer: first_dealer,
            totals: vec![0; opts.players as usize],
            deals_played: 0,
        }
    }

    pub fn deal_from_seed(&self, seed: u64) -> Sevens {
        Sevens::from_seed(seed, self.opts, self.dealer)
    }

    /// Starts the next deal from an explicit deal by the dealer whose turn it is.
    pub fn deal(&self, deal: &Deal) -> Result<Sevens, super::deal::DealError> {
        if deal.dealer != self.dealer {
            return Err(super::deal::DealError::Dealer(format!(
                "{} (it is seat {}'s turn to deal)",
                deal.dealer, self.dealer
            )));
        }
        Sevens::new(deal, self.opts)
    }

    /// The game ends when everyone has dealt once.
    pub fn is_over(&self) -> bool {
        self.deals_played >= u32::from(self.opts.players)
    }

    /// Books a finished deal (tricks added to each total) and passes the
    /// deal left. Returns `false` and books nothing if the deal is not over
    /// or the game already is.
    pub fn record(&mut self, deal: &Sevens) -> bool {
        if self.is_over() || deal.returns().is_none() {
            return false;
        }
        for (t, &won) in self.totals.iter_mut().zip(deal.tricks()) {
            *t += u32::from(won);
        }
        self.dealer = self.dealer.next(self.opts.players);
        self.deals_played += 1;
        true
    }

    /// (seat, total, place) best first; place 1 may be shared.
    pub fn standings(&self) -> Vec<(Seat, u32, usize)> {
        standings(&self.totals, self.opts.winner)
    }

    /// The winners once the game is over (more than one on a tie).
    pub fn winners(&self) -> Option<Vec<Seat>> {
        self.is_over().then(|| {
            self.standings()
                .into_iter()
                .filter(|s| s.2 == 1)
                .map(|s| s.0)
                .collect()
        })
    }
}
