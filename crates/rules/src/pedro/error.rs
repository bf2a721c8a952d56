//! Why an action is refused, as a typed error naming the problem.
//!
//! [`Pedro::try_play`] checks with the legal list (the one source of truth)
//! and, when the action is not in it, works out which rule it breaks.

use super::action::{Action, DOUBLE};
use super::options::{Excess, Follow};
use super::state::{bit, partner, Pedro, Phase};
use super::PLAY_HAND;
use std::fmt;
use talon_cards::{Card, Seat};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PedroError {
    DealOver,
    /// The action belongs to another phase (e.g. a bid during the play).
    WrongPhase {
        action: Action,
        phase: Phase,
    },
    BidOutOfRange {
        bid: u8,
        min: u8,
        max: u8,
    },
    NoDoubleBid,
    NotInHand {
        seat: Seat,
        card: Card,
    },
    /// A trump may not be discarded (while holding non-trumps, or at all here).
    DiscardTrump(Card),
    /// Scoring trumps may not be given or discarded.
    ScoringTrump(Card),
    /// Partner already holds six trumps (or is folding).
    PartnerFull,
    /// Partner is out of the deal (folded): nobody to pass trumps to.
    PartnerOut,
    /// Giving or discarding is not allowed now (hand already six, or the
    /// preset does not allow it).
    NotNow(Action),
    MustLeadTrump(Card),
    MustFollow {
        card: Card,
        rule: &'static str,
    },
    /// More than one scoring trump among the extra first-trick cards.
    ScoringLimit(Card),
    CannotDump,
    /// A pass-and-fold, once begun, gives every trump before anything else.
    FinishFoldPass,
}

impl fmt::Display for PedroError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PedroError::DealOver => f.write_str("the deal is over"),
            PedroError::WrongPhase { action, phase } => {
                let now = match phase {
                    Phase::Auction => "during the auction",
                    Phase::Trump => "while the bidder names trumps",
                    Phase::Reduce => "while the hands are reduced to six",
                    Phase::Play => "during the play of the tricks",
                    Phase::Over => "once the deal is over",
                };
                write!(f, "{action} is not possible {now}")
            }
            PedroError::BidOutOfRange { bid, min, max } => {
                write!(
                    f,
                    "bid {bid} is out of range: bids now run from {min} to {max}"
                )
            }
            PedroError::NoDoubleBid => {
                f.write_str("there is no double bid in this game (or it was already made)")
            }
            PedroError::NotInHand { seat, card } => write!(f, "seat {seat} does not hold {card}"),
            PedroError::DiscardTrump(c) => {
                write!(
                    f,
                    "{c} is a trump: discard non-trumps (trumps only face up when the rules allow)"
                )
            }
            PedroError::ScoringTrump(c) => write!(
                f,
                "{c} is a scoring trump and may not be passed or discarded"
            ),
            PedroError::PartnerFull => f.write_str("partner cannot take another trump"),
            PedroError::PartnerOut => {
                f.write_str("partner is out of this deal: there is nobody to pass trumps to")
            }
            PedroError::NotNow(a) => write!(f, "{a} is not allowed now"),
            PedroError::MustLeadTrump(c) => {
                write!(f, "{c}: the bidder must lead a trump to the first trick")
            }
            PedroError::MustFollow { card, rule } => write!(f, "{card} is not allowed: {rule}"),
            PedroError::ScoringLimit(c) => write!(
                f,
                "{c}: only one scoring trump may be among the extra cards played to the first trick (a player with too few other cards plays as few as possible, the two among them)"
            ),
            PedroError::FinishFoldPass => f.write_str(
                "having begun to pass your trumps to partner and fold, give the rest of them first",
            ),
            PedroError::CannotDump => {
                f.write_str("only a player out of trumps may dump, and only when following")
            }
        }
    }
}

impl std::error::Error for PedroError {}

impl Pedro {
    /// Applies `action` if legal; otherwise says why and changes nothing.
    pub fn try_play(&mut self, action: Action) -> Result<(), PedroError> {
        if self.is_legal(action) {
            self.apply(action);
            Ok(())
        } else {
            Err(self.why_illegal(action))
        }
    }

    /// The reason an action that is not legal now is refused.
    pub fn why_illegal(&self, action: Action) -> PedroError {
        let Some(seat) = self.to_move() else {
            return PedroError::DealOver;
        };
        let wrong = PedroError::WrongPhase {
            action,
            phase: self.phase,
        };
        let hand = self.hands[seat.index()];
        let fold_passing = self.fold_passed & bit(seat) != 0;
        match (self.phase, action) {
            (Phase::Reduce, Action::Discard(c)) if fold_passing && hand.contains(c) => {
                PedroError::FinishFoldPass
            }
            (Phase::Auction, Action::Bid(DOUBLE)) => PedroError::NoDoubleBid,
            (Phase::Auction, Action::Bid(bid)) => PedroError::BidOutOfRange {
                bid,
                min: self.lowest_bid(),
                max: self.opts.max_bid,
            },
            (Phase::Reduce, Action::Discard(c) | Action::Give(c)) if !hand.contains(c) => {
                PedroError::NotInHand { seat, card: c }
            }
            (Phase::Reduce, Action::Discard(c)) => {
                let info = self.info();
                if info.is_trump(c) && !(hand - info.trumps).is_empty() {
                    PedroError::DiscardTrump(c)
                } else if info.scoring.contains(c) && hand.len() > PLAY_HAND {
                    PedroError::ScoringTrump(c)
                } else if info.is_trump(c) && hand.len() > PLAY_HAND {
                    PedroError::DiscardTrump(c)
                } else {
                    PedroError::NotNow(action)
                }
            }
            (Phase::Reduce, Action::Give(c)) => {
                let info = self.info();
                let p = partner(seat);
                if !info.is_trump(c) {
                    PedroError::NotNow(action)
                } else if self.is_out(p) {
                    PedroError::PartnerOut
                } else if info.scoring.contains(c) && !self.opts.give_scoring {
                    PedroError::ScoringTrump(c)
                } else if matches!(self.opts.excess, Excess::Give | Excess::GiveThenDiscard)
                    // Only once the seat is down to trumps, where its legal
                    // list already shows that it cannot give: before that
                    // (83 reduces in turn) the partner's hand is hidden.
                    && (hand - info.trumps).is_empty()
                    && (self.fold_passed & bit(p) != 0 || (self.hands[p.index()] & info.trumps).len() >= PLAY_HAND)
                {
                    PedroError::PartnerFull
                } else {
                    PedroError::NotNow(action)
                }
            }
            (Phase::Play, Action::Play(c)) if !hand.contains(c) => {
                PedroError::NotInHand { seat, card: c }
            }
            (Phase::Play, Action::Play(c)) => self.why_not_card(seat, c),
            (Phase::Play, Action::Dump) => PedroError::CannotDump,
            _ => wrong,
        }
    }

    fn why_not_card(&self, seat: Seat, card: Card) -> PedroError {
        let info = self.info();
        if self.trick.is_empty() {
            return PedroError::MustLeadTrump(card);
        }
        let i = seat.index();
        if self.tricks_played == 0
            && (self.owed[i] > 1 || self.scoring_played[i] > 0)
            && info.scoring.contains(card)
        {
            let led = self.trick[0].1;
            let trump_led = info.is_trump(led);
            if !trump_led || info.is_trump(card) {
                return PedroError::ScoringLimit(card);
            }
        }
        let led = self.trick[0].1;
        let rule = if info.is_trump(led) {
            "a trump was led and you hold a trump"
        } else {
            match self.opts.follow {
                Follow::SuitOrTrump => "follow the suit led or play a trump",
                Follow::Suit => "follow the suit led",
                Follow::NonTrump => "a non-trump was led: play a non-trump",
                Follow::TrumpOnly => "not allowed here",
            }
        };
        PedroError::MustFollow { card, rule }
    }
}
