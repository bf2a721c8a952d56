//! The card play: following rules, several cards to the first trick, the
//! dump and "I'm up", trick winners and counting.

use super::action::Action;
use super::options::{Follow, NoTrumpTrick, OutOfTrumps, TwoScores};
use super::scoring::PedroResult;
use super::state::{bit, team, Event, Pedro, Phase};
use super::PLAY_HAND;
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Seat};

impl Pedro {
    fn active(&self, s: Seat) -> bool {
        self.out & bit(s) == 0 && !self.hands[s.index()].is_empty()
    }

    /// Points still to be won in the play: the scoring trumps in hands and
    /// in the trick. Every point is on a trump, and a seat out of the play
    /// holds none, so once the deal is over the teams' points add up to
    /// what they have now plus this.
    pub fn points_left(&self) -> u16 {
        let Some(info) = &self.trump else {
            return 0;
        };
        let mut live: CardSet = self.trick.iter().map(|&(_, c)| c).collect();
        for hand in self.hands {
            live |= hand;
        }
        (live & info.scoring)
            .iter()
            .map(|c| u16::from(info.value(c)))
            .sum()
    }

    /// A copy whose contract no longer counts: once over, each side scores
    /// the points it took, and the solver's value is team 0's points less
    /// team 1's. Simulations solve the play this way once and price every
    /// contract from the points.
    pub fn priced_by_points(&self) -> Pedro {
        let mut w = self.clone();
        w.high_bid = 0;
        w.forced = false;
        w
    }

    /// Folding, the first-trick quotas and the bidder's lead.
    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        let info = *self.info();
        if self.opts.fold_without_trumps || self.opts.out_of_trumps == OutOfTrumps::ImUp {
            self.put_out_trumpless(self.dealer.next(4));
        }
        for k in 1..=4u8 {
            let s = self.dealer.offset(k, 4);
            let hand = self.hands[s.index()];
            // More than six cards (all trumps): play enough to the first
            // trick to hold five for the second. At most one of them may
            // score, unless there are not enough non-scoring cards, in
            // which case as few scoring cards as possible (this covers
            // King Pedro's holder of all seven scoring trumps).
            let n = hand.len() as u8;
            if usize::from(n) > PLAY_HAND {
                let owed = n - (PLAY_HAND as u8 - 1);
                let non_scoring = (hand - info.scoring).len() as u8;
                self.owed[s.index()] = owed;
                self.scoring_cap[s.index()] = owed.saturating_sub(non_scoring).max(1);
            }
        }
        let bidder = self.bidder.expect("a bidder");
        self.start_trick(bidder);
    }

    fn start_trick(&mut self, leader: Seat) {
        if self.opts.out_of_trumps == OutOfTrumps::ImUp {
            self.put_out_trumpless(leader);
        }
        let mut pending = 0;
        for s in 0..4 {
            if self.active(Seat(s)) {
                pending |= bit(Seat(s));
            }
        }
        if pending == 0 {
            self.finish_deal();
            return;
        }
        let mut lead = leader;
        while pending & bit(lead) == 0 {
            lead = lead.next(4);
        }
        self.leader = lead;
        self.pending = pending;
        self.to_act = lead;
        self.trick.clear();
    }

    pub(super) fn play_moves(&self, seat: Seat, out: &mut ActionList<Action>) {
        let info = self.info();
        let hand = self.hands[seat.index()];
        let trumps = hand & info.trumps;
        let mut allowed = if self.trick.is_empty() {
            let first = self.tricks_played == 0;
            if first
                && self.opts.lead_trump_first
                && Some(seat) == self.bidder
                && !trumps.is_empty()
            {
                trumps
            } else {
                hand
            }
        } else {
            let led = self.trick[0].1;
            if info.is_trump(led) {
                if trumps.is_empty() {
                    hand
                } else {
                    trumps
                }
            } else {
                let suit = info.plain(hand, led.suit_unchecked());
                let plain = hand - info.trumps;
                match self.opts.follow {
                    Follow::TrumpOnly => hand,
                    Follow::SuitOrTrump if !suit.is_empty() => suit | trumps,
                    Follow::Suit if !suit.is_empty() => suit,
                    Follow::NonTrump if !plain.is_empty() => plain,
                    _ => hand,
                }
            }
        };
        let i = seat.index();
        // The limit on scoring cards binds only a player owing several
        // cards to the first trick.
        if self.tricks_played == 0
            && (self.owed[i] > 1 || self.scoring_played[i] > 0)
            && self.scoring_played[i] >= self.scoring_cap[i]
        {
            let limited = allowed - info.scoring;
            if !limited.is_empty() {
                allowed = limited;
            }
        }
        // A player made to play several scoring trumps (the holder of all
        // of them) plays "the two and one other" (seeds/pedro-variants.txt):
        // when only one more may go and the two is still in hand, it is
        // the two.
        if self.tricks_played == 0
            && self.owed[i] > 0
            && self.scoring_cap[i] > 1
            && hand.contains(info.two)
            && self.scoring_cap[i] - self.scoring_played[i].min(self.scoring_cap[i]) == 1
        {
            let mut others = info.scoring;
            others.remove(info.two);
            let limited = allowed - others;
            if !limited.is_empty() {
                allowed = limited;
            }
        }
        out.extend(allowed.iter().map(Action::Play));
        if self.opts.out_of_trumps == OutOfTrumps::MayDump
            && !self.trick.is_empty()
            && trumps.is_empty()
            && hand.len() >= 2
        {
            out.push(Action::Dump);
        }
    }

    pub(super) fn apply_play(&mut self, card: Card) {
        let seat = self.to_act;
        let i = seat.index();
        self.hands[i].remove(card);
        self.trick.push((seat, card));
        self.public.insert(card);
        self.events.push(Event::Play { seat, card });
        if self.tricks_played == 0 && self.info().scoring.contains(card) {
            self.scoring_played[i] += 1;
        }
        self.owed[i] = self.owed[i].saturating_sub(1);
        if self.owed[i] == 0 || self.hands[i].is_empty() {
            self.pending &= !bit(seat);
        }
        self.next_in_trick(seat);
    }

    pub(super) fn apply_dump(&mut self) {
        let seat = self.to_act;
        let i = seat.index();
        let cards = self.hands[i];
        for c in cards {
            self.trick.push((seat, c));
        }
        self.hands[i] = CardSet::EMPTY;
        self.public |= cards;
        self.out |= bit(seat);
        self.owed[i] = 0;
        self.pending &= !bit(seat);
        self.events.push(Event::Dump { seat, cards });
        self.next_in_trick(seat);
    }

    fn next_in_trick(&mut self, seat: Seat) {
        if self.pending == 0 {
            self.finish_trick();
            return;
        }
        let mut s = seat;
        while self.pending & bit(s) == 0 {
            s = s.next(4);
        }
        self.to_act = s;
    }

    fn finish_trick(&mut self) {
        let info = *self.info();
        let mut cards = arrayvec::ArrayVec::<Card, 32>::new();
        cards.extend(self.trick.iter().map(|&(_, c)| c));
        let leader_wins = self.opts.no_trump_trick == NoTrumpTrick::Leader;
        let w = super::cards::trick_winner(&info, &cards, leader_wins);
        let winner = self.trick[w].0;
        for &(s, c) in &self.trick {
            let t = if c == info.two && self.opts.two_scores == TwoScores::Player {
                team(s)
            } else {
                team(winner)
            };
            self.points[t] += u16::from(info.value(c));
            self.taken[t].insert(c);
        }
        self.trick.clear();
        self.events.push(Event::Trick { winner });
        self.tricks_played += 1;
        self.owed = [1; 4];
        self.start_trick(winner);
    }

    fn finish_deal(&mut self) {
        self.phase = Phase::Over;
        let bidder = self.bidder.expect("a bidder");
        self.result = Some(PedroResult::scored(
            &self.opts,
            bidder,
            self.high_bid,
            self.forced,
            self.points,
        ));
    }
}
