//! The auction and the trump naming.
//!
//! Once around (Sixty-three, Pedro): each seat from the dealer's left bids
//! higher than the bid so far or passes, the dealer last. Continuous (King
//! Pedro, 83, Maine): round and round; with `pass_final` a pass puts the
//! seat out of the auction and it ends when the other three have passed
//! (before or after the bid);
//! without it the auction ends when a bid is followed by three passes in a
//! row. Nobody bidding means a forced dealer bid or a throw-in.

use super::action::{Action, DOUBLE};
use super::cards::TrumpInfo;
use super::options::{AllPass, Auction, Replenish};
use super::scoring::PedroResult;
use super::state::{bit, DrawSource, Event, Pedro, Phase};
use crate::game::ActionList;
use talon_cards::{Seat, Suit};

impl Pedro {
    /// The lowest bid the seat to act may make now.
    pub(super) fn lowest_bid(&self) -> u8 {
        self.opts.min_bid.max(self.high_bid + 1)
    }

    pub(super) fn auction_moves(&self, out: &mut ActionList<Action>) {
        out.push(Action::Pass);
        for n in self.lowest_bid()..=self.opts.max_bid {
            out.push(Action::Bid(n));
        }
        if self.opts.double_bid && self.high_bid < self.opts.double_value() {
            out.push(Action::Bid(DOUBLE));
        }
    }

    fn next_bidder(&self, from: Seat) -> Seat {
        let mut s = from.next(4);
        if self.opts.auction == Auction::Continuous && self.opts.pass_final {
            while self.passed & bit(s) != 0 {
                s = s.next(4);
            }
        }
        s
    }

    pub(super) fn apply_pass(&mut self) {
        let seat = self.to_act;
        self.events.push(Event::Pass { seat });
        self.passed |= bit(seat);
        self.since_bid += 1;
        let passes = self.passed.count_ones();
        let done = match self.opts.auction {
            Auction::OnceAround => seat == self.dealer,
            Auction::Continuous if self.opts.pass_final => {
                passes == 4 || (self.bidder.is_some() && passes == 3)
            }
            Auction::Continuous => self.since_bid >= if self.bidder.is_some() { 3 } else { 4 },
        };
        if done {
            self.end_auction();
        } else {
            self.to_act = self.next_bidder(seat);
        }
    }

    pub(super) fn apply_bid(&mut self, n: u8) {
        let seat = self.to_act;
        let n = if n == DOUBLE {
            self.opts.double_value()
        } else {
            n
        };
        self.events.push(Event::Bid { seat, bid: n });
        self.high_bid = n;
        self.bidder = Some(seat);
        self.since_bid = 0;
        let done = match self.opts.auction {
            Auction::OnceAround => seat == self.dealer,
            // The last seat still in: nobody is left to outbid him.
            Auction::Continuous => self.opts.pass_final && self.passed.count_ones() == 3,
        };
        if done {
            self.end_auction();
        } else {
            self.to_act = self.next_bidder(seat);
        }
    }

    fn end_auction(&mut self) {
        if self.bidder.is_none() {
            match self.opts.all_pass {
                AllPass::DealerForced => {
                    self.bidder = Some(self.dealer);
                    self.high_bid = self.opts.forced_bid;
                    self.forced = true;
                    self.events.push(Event::Forced {
                        seat: self.dealer,
                        bid: self.opts.forced_bid,
                    });
                }
                AllPass::ThrowIn => {
                    self.events.push(Event::ThrowIn);
                    self.result = Some(PedroResult::thrown_in());
                    self.phase = Phase::Over;
                    return;
                }
            }
        }
        self.phase = Phase::Trump;
        self.to_act = self.bidder.expect("a bidder");
        if self.opts.replenish == Replenish::Kitty && self.opts.kitty_first {
            // 83: the bidder sees the kitty before choosing trumps.
            let n = self.stock_left();
            self.draw(self.to_act, n, DrawSource::Kitty);
        }
    }

    /// Names trumps and deals with the hands as the preset says.
    pub(super) fn apply_trump(&mut self, suit: Suit) {
        let bidder = self.to_act;
        let info = TrumpInfo::new(suit, &self.opts);
        self.trump = Some(info);
        self.events.push(Event::Trump { seat: bidder, suit });
        self.phase = Phase::Reduce;
        match self.opts.replenish {
            Replenish::Fill => {
                // Everyone throws away all non-trumps at once: no choice to make.
                for k in 1..=4u8 {
                    let s = self.dealer.offset(k, 4);
                    let plain = self.hands[s.index()] - info.trumps;
                    if !plain.is_empty() {
                        self.hands[s.index()] = self.hands[s.index()] - plain;
                        self.discards[s.index()] |= plain;
                        self.events.push(Event::Discarded {
                            seat: s,
                            count: plain.len() as u8,
                            cards: plain,
                        });
                    }
                }
                self.prefill = true;
            }
            Replenish::FourMore => {
                for k in 1..=4u8 {
                    self.draw(self.dealer.offset(k, 4), 4, DrawSource::Stock);
                }
            }
            Replenish::Kitty => {
                // Nothing left to draw when the kitty came first.
                let n = self.stock_left();
                self.draw(bidder, n, DrawSource::Kitty);
            }
        }
        // "No trumps at all among your 13 cards": folded at once (fill
        // mode's hands are complete only when play starts).
        if self.opts.fold_without_trumps && self.opts.replenish != Replenish::Fill {
            self.put_out_trumpless(self.dealer.next(4));
        }
        self.advance_reduce();
    }

    /// Fill mode: each hand to six from the dealer's left while the stock
    /// lasts, then the dealer robs the rest.
    pub(super) fn fill(&mut self) {
        for k in 1..=4u8 {
            let s = self.dealer.offset(k, 4);
            let need = 6usize.saturating_sub(self.hands[s.index()].len());
            self.draw(s, need, DrawSource::Stock);
        }
        if self.opts.dealer_robs {
            let n = self.stock_left();
            self.draw(self.dealer, n, DrawSource::Robbing);
        }
    }
}

/// Bids are shown with "double" for the double bid.
pub fn bid_text(bid: u8, max_bid: u8) -> String {
    if bid == max_bid + 1 {
        "double".to_string()
    } else {
        bid.to_string()
    }
}
