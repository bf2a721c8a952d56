//! Getting every hand down to six: discards, giving trumps to partner,
//! face-up discards of trumps, folding and the pass-and-fold.
//!
//! The rule is one loop for every preset: the first seat from the dealer's
//! left that still has something to do acts, one card at a time, until no
//! seat has. A seat has something to do when it holds more than six cards
//! and either has a non-trump to discard (face down) or, holding nothing
//! but trumps, may give one to partner or discard one face up as the
//! `excess` option says. What cannot be got rid of is played to the first
//! trick (play.rs). In fill mode the loop runs twice: before the fill (only
//! excess trumps to give) and after it (the dealer's robbing).

use super::action::Action;
use super::options::Excess;
use super::state::{bit, partner, Event, Pedro};
use super::PLAY_HAND;
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Seat};

impl Pedro {
    /// May `seat` give away its one or two trumps to fold (Mark Given)?
    fn may_fold_pass(&self, seat: Seat) -> bool {
        let info = self.info();
        let trumps = self.hands[seat.index()] & info.trumps;
        let p = partner(seat);
        self.opts.fold_pass
            && !self.prefill
            && self.received[seat.index()].is_empty()
            && self.fold_passed & bit(p) == 0
            && self.out & bit(p) == 0
            && (trumps.len() == 1 || (trumps.len() == 2 && trumps.contains(info.two)))
    }

    /// Puts every seat still in that holds no trump out of the deal, in
    /// view of everyone, going round from `first`: folding without trumps
    /// (once the hands are complete: after the four more or the kitty, in
    /// fill mode when play starts, so a folded partner is known to be
    /// nobody to pass to) and "I'm up" (at each trick).
    pub(super) fn put_out_trumpless(&mut self, first: Seat) {
        let trumps = self.info().trumps;
        for k in 0..4u8 {
            let s = first.offset(k, 4);
            if self.out & bit(s) == 0 && (self.hands[s.index()] & trumps).is_empty() {
                self.out |= bit(s);
                self.events.push(Event::Out { seat: s });
            }
        }
    }

    /// Can `seat`'s partner take another trump (holds fewer than six)?
    /// Not a partner in the middle of a pass-and-fold: he is folding.
    fn partner_has_room(&self, seat: Seat) -> bool {
        let p = partner(seat);
        self.out & bit(p) == 0
            && self.fold_passed & bit(p) == 0
            && (self.hands[p.index()] & self.info().trumps).len() < PLAY_HAND
    }

    /// 83: when a player holds more than six trumps, all scoring, and his
    /// partner has no room, the partnership holds more than twelve; the
    /// partner then discards a non-scoring trump face up to make room, so
    /// that no scoring trump ever leaves play.
    fn must_make_room(&self, seat: Seat) -> bool {
        if self.opts.excess != Excess::GiveThenDiscard || self.out & bit(seat) != 0 {
            return false;
        }
        let info = self.info();
        let p = partner(seat);
        let theirs = self.hands[p.index()];
        let mine = self.hands[seat.index()] & info.trumps;
        self.out & bit(p) == 0
            && theirs.len() > PLAY_HAND
            && theirs.is_subset(info.scoring)
            && mine.len() >= PLAY_HAND
            && !(mine - info.scoring).is_empty()
    }

    pub(super) fn reduce_moves(&self, seat: Seat, out: &mut ActionList<Action>) {
        let info = *self.info();
        let hand = self.hands[seat.index()];
        let trumps = hand & info.trumps;
        if self.out & bit(seat) != 0 {
            return;
        }
        if self.may_fold_pass(seat) {
            out.extend(trumps.iter().map(Action::Give));
            // "Pass these to partner and then fold": once begun, the pass
            // takes every trump; keeping one and playing on is no option.
            if self.fold_passed & bit(seat) != 0 {
                return;
            }
        }
        if hand.len() <= PLAY_HAND {
            if self.must_make_room(seat) {
                out.extend((trumps - info.scoring).iter().map(Action::Discard));
            }
            return;
        }
        if self.opts.fold_without_trumps && trumps.is_empty() {
            return;
        }
        let plain = hand - info.trumps;
        if !plain.is_empty() {
            out.extend(plain.iter().map(Action::Discard));
            return;
        }
        if self.kept & bit(seat) != 0 {
            return;
        }
        let room = self.partner_has_room(seat);
        let give = matches!(self.opts.excess, Excess::Give | Excess::GiveThenDiscard) && room;
        if give && !self.may_fold_pass(seat) {
            let before = out.len();
            for c in trumps {
                if self.opts.give_scoring || !info.scoring.contains(c) {
                    out.push(Action::Give(c));
                }
            }
            // "May give": the player can decline, keeping the trumps and
            // playing the extras to the first trick.
            if self.opts.give_optional && out.len() > before {
                out.push(Action::Keep);
            }
        }
        let discard = match self.opts.excess {
            Excess::Discard => true,
            Excess::GiveThenDiscard => !room,
            Excess::Give | Excess::Keep => false,
        };
        if discard {
            out.extend((trumps - info.scoring).iter().map(Action::Discard));
            if self.opts.discard_two_with_all
                && info.scoring.is_subset(hand)
                && hand.contains(info.two)
            {
                out.push(Action::Discard(info.two));
                // "May discard the two": or keep it, and play it and one
                // more to the first trick.
                if (trumps - info.scoring).is_empty() {
                    out.push(Action::Keep);
                }
            }
        }
    }

    fn has_reduce_moves(&self, seat: Seat) -> bool {
        let mut list = ActionList::new();
        self.reduce_moves(seat, &mut list);
        !list.is_empty()
    }

    /// Finds the next seat with something to do, or moves on: the fill
    /// after the first round in fill mode, else the play.
    pub(super) fn advance_reduce(&mut self) {
        loop {
            for k in 1..=4u8 {
                let s = self.dealer.offset(k, 4);
                // A seat that may only pass-and-fold (hand already six) is
                // not held up for it: the option lapses once it has six.
                // A pass-and-fold once begun is finished, whatever the
                // hand's size (a give may have brought it to six).
                let fold_passing = self.fold_passed & bit(s) != 0 && self.may_fold_pass(s);
                let busy = self.hands[s.index()].len() > PLAY_HAND
                    || self.must_make_room(s)
                    || fold_passing;
                if busy && self.has_reduce_moves(s) {
                    self.to_act = s;
                    return;
                }
            }
            if self.prefill {
                self.prefill = false;
                self.fill();
                continue;
            }
            self.start_play();
            return;
        }
    }

    pub(super) fn apply_discard(&mut self, card: Card) {
        let seat = self.to_act;
        let i = seat.index();
        self.hands[i].remove(card);
        if self.info().is_trump(card) {
            self.face_up.insert(card);
            self.public.insert(card);
            self.events.push(Event::ShownDiscard { seat, card });
        } else {
            self.discards[i].insert(card);
            self.events.push(Event::Discarded {
                seat,
                count: 1,
                cards: CardSet::single(card),
            });
        }
        self.advance_reduce();
    }

    pub(super) fn apply_keep(&mut self) {
        let seat = self.to_act;
        self.kept |= bit(seat);
        self.events.push(Event::Keep { seat });
        self.advance_reduce();
    }

    pub(super) fn apply_give(&mut self, card: Card) {
        let seat = self.to_act;
        let p = partner(seat);
        if self.may_fold_pass(seat) {
            self.fold_passed |= bit(seat);
        }
        self.hands[seat.index()].remove(card);
        self.hands[p.index()].insert(card);
        self.received[p.index()].insert(card);
        self.public.insert(card);
        self.events.push(Event::Give { seat, card });
        // "Pass these to partner and then fold": the last trump given, the
        // giver is out at once, whatever the folding options say.
        if self.fold_passed & bit(seat) != 0
            && (self.hands[seat.index()] & self.info().trumps).is_empty()
        {
            self.out |= bit(seat);
            self.events.push(Event::Out { seat });
        }
        self.advance_reduce();
    }
}
