//! The state of one Pedro-family deal: auction → trump naming →
//! discards / fill / robbing / giving → play → scoring. The phases live in
//! their own files (auction.rs, reduce.rs, play.rs); this file holds the
//! state, the dispatch and the bookkeeping every phase shares.

use super::action::Action;
use super::cards::TrumpInfo;
use super::deal::{deck_for, Deal, DealError};
use super::options::PedroOptions;
use super::scoring::PedroResult;
use crate::game::ActionList;
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Seat, Suit};

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Auction,
    /// The bidder names trumps.
    Trump,
    /// Discarding, giving to partner (before and after the fill).
    Reduce,
    Play,
    Over,
}

/// An event of the deal, in order. Face-down cards (discards, draws) are
/// counts to everyone but their owner: see [`Event::seen_by`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Bid {
        seat: Seat,
        bid: u8,
    },
    Pass {
        seat: Seat,
    },
    /// Nobody bid: the dealer is stuck with the forced bid.
    Forced {
        seat: Seat,
        bid: u8,
    },
    ThrowIn,
    Trump {
        seat: Seat,
        suit: Suit,
    },
    /// Cards discarded face down: the count is public, the cards their
    /// owner's alone (empty in other seats' observations).
    Discarded {
        seat: Seat,
        count: u8,
        cards: CardSet,
    },
    /// A trump discarded face up: dead, but everyone sees it.
    ShownDiscard {
        seat: Seat,
        card: Card,
    },
    /// A trump passed to partner face up.
    Give {
        seat: Seat,
        card: Card,
    },
    /// Declined to give excess trumps (`give_optional`).
    Keep {
        seat: Seat,
    },
    /// Cards drawn from the stock (fill, four more, robbing, kitty): the
    /// count is public, the cards the drawer's alone (as `Discarded`).
    Drew {
        seat: Seat,
        count: u8,
        cards: CardSet,
        source: DrawSource,
    },
    Play {
        seat: Seat,
        card: Card,
    },
    Dump {
        seat: Seat,
        cards: CardSet,
    },
    /// Folded or "I'm up": no further part in this deal.
    Out {
        seat: Seat,
    },
    Trick {
        winner: Seat,
    },
}

/// Where drawn cards came from: what a player would call the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawSource {
    /// The stock, to fill a hand (to six, or four more each).
    Stock,
    /// The kitty, taken whole by the bidder.
    Kitty,
    /// The dealer robbing what the fill left of the stock.
    Robbing,
}

impl Event {
    /// The event as `viewer` saw it: another seat's face-down cards are
    /// left out. With [`Event::public`], the only place the record is
    /// filtered.
    pub fn seen_by(self, viewer: Seat) -> Event {
        match self {
            Event::Discarded { seat, .. } | Event::Drew { seat, .. } if seat != viewer => {
                self.public()
            }
            e => e,
        }
    }

    /// This event as everyone saw it: face-down cards only as counts.
    pub fn public(self) -> Event {
        match self {
            Event::Discarded { seat, count, .. } => Event::Discarded {
                seat,
                count,
                cards: CardSet::EMPTY,
            },
            Event::Drew {
                seat,
                count,
                source,
                ..
            } => Event::Drew {
                seat,
                count,
                cards: CardSet::EMPTY,
                source,
            },
            e => e,
        }
    }
}

/// Largest trick: four cards plus the extra cards of first-trick
/// multi-plays and dumps.
const MAX_TRICK: usize = 32;

/// A deal in progress. Cloned by search, so it keeps its bulk in fixed
/// arrays; only the public event record is a `Vec`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pedro {
    pub(super) opts: PedroOptions,
    pub(super) dealer: Seat,
    pub(super) hands: [CardSet; 4],
    /// Undealt cards, top first; `stock_next` is the next to draw.
    pub(super) stock: ArrayVec<Card, 53>,
    pub(super) stock_next: u8,
    pub(super) phase: Phase,
    pub(super) to_act: Seat,
    // Auction.
    pub(super) high_bid: u8,
    pub(super) bidder: Option<Seat>,
    pub(super) forced: bool,
    pub(super) passed: u8,
    pub(super) since_bid: u8,
    // Trumps and reduction.
    pub(super) trump: Option<TrumpInfo>,
    /// Fill mode, before the fill: only giving excess trumps.
    pub(super) prefill: bool,
    /// Face-down discards, known to their owner only.
    pub(super) discards: [CardSet; 4],
    /// Trumps discarded face up.
    pub(super) face_up: CardSet,
    /// Cards every seat has seen face up (given, shown, played).
    pub(super) public: CardSet,
    /// Cards each seat received face up from partner.
    pub(super) received: [CardSet; 4],
    /// Seats that gave trumps away to fold (bit per seat).
    pub(super) fold_passed: u8,
    /// Seats that chose to keep their excess trumps (bit per seat).
    pub(super) kept: u8,
    /// Seats out of the play (folded, "I'm up", dumped), bit per seat.
    pub(super) out: u8,
    // Play.
    pub(super) leader: Seat,
    pub(super) trick: ArrayVec<(Seat, Card), MAX_TRICK>,
    /// Seats still to play to the current trick.
    pub(super) pending: u8,
    /// Cards each seat still owes the current trick (several in the first
    /// trick for a player holding more than six).
    pub(super) owed: [u8; 4],
    pub(super) scoring_cap: [u8; 4],
    pub(super) scoring_played: [u8; 4],
    pub(super) tricks_played: u8,
    pub(super) points: [u16; 2],
    /// Cards won by each team (and twos kept by their players' team).
    pub(super) taken: [CardSet; 2],
    pub(super) events: Vec<Event>,
    pub(super) result: Option<PedroResult>,
    /// Team scores before this deal when it is one deal of a game (the
    /// score sheet is public); `None` for a lone deal.
    pub(super) sheet: Option<[i32; 2]>,
}

pub(super) const fn bit(s: Seat) -> u8 {
    1 << s.0
}

pub(super) const fn team(s: Seat) -> usize {
    (s.0 & 1) as usize
}

pub(super) const fn partner(s: Seat) -> Seat {
    Seat((s.0 + 2) & 3)
}

impl Pedro {
    /// Starts a deal after checking the options and the deal.
    pub fn new(deal: &Deal, opts: PedroOptions) -> Result<Pedro, DealError> {
        opts.validate()
            .map_err(|e| DealError::Options(e.to_string()))?;
        deal.validate(&opts)?;
        let mut stock = ArrayVec::new();
        stock.extend(deal.rest.iter().copied());
        Ok(Pedro {
            opts,
            dealer: deal.dealer,
            hands: deal.hands,
            stock,
            stock_next: 0,
            phase: Phase::Auction,
            to_act: deal.dealer.next(4),
            high_bid: 0,
            bidder: None,
            forced: false,
            passed: 0,
            since_bid: 0,
            trump: None,
            prefill: false,
            discards: [CardSet::EMPTY; 4],
            face_up: CardSet::EMPTY,
            public: CardSet::EMPTY,
            received: [CardSet::EMPTY; 4],
            fold_passed: 0,
            kept: 0,
            out: 0,
            leader: deal.dealer.next(4),
            trick: ArrayVec::new(),
            pending: 0,
            owed: [1; 4],
            scoring_cap: [1; 4],
            scoring_played: [0; 4],
            tricks_played: 0,
            points: [0; 2],
            taken: [CardSet::EMPTY; 2],
            events: Vec::with_capacity(64),
            result: None,
            sheet: None,
        })
    }

    /// The same deal as one deal of a game whose teams stand at `scores`
    /// (seats 0 and 2, seats 1 and 3); players bid with the target in view.
    pub fn with_sheet(mut self, scores: [i32; 2]) -> Pedro {
        self.sheet = Some(scores);
        self
    }

    /// Team scores before this deal, when it is one deal of a game.
    pub fn sheet(&self) -> Option<[i32; 2]> {
        self.sheet
    }

    /// A deal from a seed (see [`Deal::from_seed`]).
    pub fn from_seed(seed: u64, opts: PedroOptions, dealer: Seat) -> Pedro {
        let deal = Deal::from_seed(seed, &opts, dealer);
        Pedro::new(&deal, opts).expect("a seeded deal with valid options is legal")
    }

    pub fn options(&self) -> &PedroOptions {
        &self.opts
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }
    pub fn trump(&self) -> Option<&TrumpInfo> {
        self.trump.as_ref()
    }
    pub fn bidder(&self) -> Option<Seat> {
        self.bidder
    }
    pub fn high_bid(&self) -> u8 {
        self.high_bid
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn result(&self) -> Option<&PedroResult> {
        self.result.as_ref()
    }
    /// Points taken so far by team (seats 0 and 2, seats 1 and 3).
    pub fn team_points(&self) -> [u16; 2] {
        self.points
    }
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out & bit(seat) != 0
    }
    /// Cards left in the stock or kitty.
    pub fn stock_left(&self) -> usize {
        self.stock.len() - self.stock_next as usize
    }
    pub(super) fn stock_cards(&self) -> CardSet {
        self.stock[self.stock_next as usize..]
            .iter()
            .copied()
            .collect()
    }
    pub(super) fn info(&self) -> &TrumpInfo {
        self.trump.as_ref().expect("trumps are named")
    }

    /// Cards that took no part in the play: face-down and face-up
    /// discards, the undrawn stock and (once the deal is over) the hands of
    /// players who folded or were up.
    pub fn out_of_play(&self) -> CardSet {
        let mut s = self.face_up | self.stock_cards();
        for d in self.discards {
            s |= d;
        }
        if self.phase == Phase::Over {
            for h in self.hands {
                s |= h;
            }
        }
        s
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_act)
    }

    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Auction => self.auction_moves(out),
            Phase::Trump => out.extend(Suit::ALL.map(Action::Trump)),
            Phase::Reduce => self.reduce_moves(self.to_act, out),
            Phase::Play => self.play_moves(self.to_act, out),
            Phase::Over => {}
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        let mut list = ActionList::new();
        self.legal_actions(&mut list);
        list.contains(&action)
    }

    /// Applies a legal action (see [`crate::Game::play_unchecked`]).
    pub fn apply(&mut self, action: Action) {
        match (self.phase, action) {
            (Phase::Auction, Action::Pass) => self.apply_pass(),
            (Phase::Auction, Action::Bid(n)) => self.apply_bid(n),
            (Phase::Trump, Action::Trump(suit)) => self.apply_trump(suit),
            (Phase::Reduce, Action::Discard(c)) => self.apply_discard(c),
            (Phase::Reduce, Action::Give(c)) => self.apply_give(c),
            (Phase::Reduce, Action::Keep) => self.apply_keep(),
            (Phase::Play, Action::Play(c)) => self.apply_play(c),
            (Phase::Play, Action::Dump) => self.apply_dump(),
            _ => debug_assert!(false, "{action} applied in {:?}", self.phase),
        }
    }

    /// Draws up to `n` cards from the stock into `seat`'s hand.
    pub(super) fn draw(&mut self, seat: Seat, n: usize, source: DrawSource) {
        let n = n.min(self.stock_left());
        if n == 0 {
            return;
        }
        let start = self.stock_next as usize;
        let cards: CardSet = self.stock[start..start + n].iter().copied().collect();
        self.hands[seat.index()] |= cards;
        self.stock_next += n as u8;
        self.events.push(Event::Drew {
            seat,
            count: n as u8,
            cards,
            source,
        });
    }

    /// Every card of the pack is in exactly one place.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut places: Vec<(&str, CardSet)> = vec![
            ("face-up discards", self.face_up),
            ("stock", self.stock_cards()),
            ("team 0 tricks", self.taken[0]),
            ("team 1 tricks", self.taken[1]),
            ("trick", self.trick.iter().map(|&(_, c)| c).collect()),
        ];
        for i in 0..4 {
            places.push(("hand", self.hands[i]));
            places.push(("discards", self.discards[i]));
        }
        let mut seen = CardSet::EMPTY;
        for (name, set) in places {
            if !(seen & set).is_empty() {
                return Err(format!("{} in two places (again in {name})", seen & set));
            }
            seen |= set;
        }
        let deck = deck_for(&self.opts).cards();
        if seen != deck {
            return Err(format!("cards lost: {}", deck - seen));
        }
        let total: u16 = match &self.trump {
            Some(info) => (self.taken[0] | self.taken[1])
                .iter()
                .map(|c| u16::from(info.value(c)))
                .sum(),
            None => 0,
        };
        if total != self.points[0] + self.points[1] {
            return Err(format!(
                "points {:?} do not match the cards taken ({total})",
                self.points
            ));
        }
        Ok(())
    }
}
