//! One two-hand deal: its position and the record every seat sees.

use super::action::Action;
use super::cards::{king, points, queen};
use super::deal::{deck_for, Deal, DealError};
use super::equity::{MatchValue, SixtySixSheet};
use super::options::SixtySixOptions;
use super::position::Position;
use super::scoring::DealResult;
use crate::copy_vec::CopyVec;
use crate::game::ActionList;
use talon_cards::{Card, CardSet, Rank, Seat, Suit};

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The leader acts at the start of a trick.
    Lead,
    /// The trick winner may close before drawing, declare, or draw.
    PreDraw,
    /// The leader melded a marriage in this suit and now leads its king or queen.
    MeldLead(Suit),
    /// The other seat answers the card led.
    Follow,
    Over,
}

/// Who closed the talon, and whether the opponent had a trick then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Closure {
    pub by: Seat,
    pub opponent_had_trick: bool,
    /// The opponent's points when the talon was closed, counted as the
    /// schneider line counts them (for `close_score = at_closing`).
    pub opponent_points: u16,
    /// Tricks played before the close: the ones after it were played under
    /// strict rules, which tells a sampler where voids were shown.
    pub tricks_played: u8,
}

/// One finished trick, for the history every seat sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: Seat,
    /// The led card, then the answer.
    pub cards: [Card; 2],
    pub winner: Seat,
}

/// A public event besides card play, in order, for observations and
/// records. `trick` is the number of tricks finished when it happened, so
/// a seat's history says where among the tricks each event came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Meld {
        seat: Seat,
        suit: Suit,
        points: u16,
        trick: u8,
    },
    Exchange {
        seat: Seat,
        gave: Card,
        took: Card,
        trick: u8,
    },
    Close {
        seat: Seat,
        trick: u8,
    },
}

pub(super) const MAX_TALON: usize = 11;

/// Fillers for the unused slots of the history lists (never read).
pub(super) const NO_TRICK: TrickRecord = TrickRecord {
    leader: Seat(0),
    cards: [Card::new(Suit::Clubs, Rank::Ace); 2],
    winner: Seat(0),
};
pub(super) const NO_EVENT: Event = Event::Close {
    seat: Seat(0),
    trick: 0,
};

/// A deal of two-hand Sixty-six, Schnapsen or VU Schnapsen in progress:
/// the `Position` that decides play and score, with the record every
/// seat sees and the match's score sheet.
///
/// Small and `Copy`-like to clone: search clones it at every node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SixtySix {
    pub(super) pos: Position,
    pub(super) dealer: Seat,
    /// Cards each seat is publicly known to hold (shown marriage partners,
    /// the trump card taken by exchange or the last draw).
    pub(super) shown: [CardSet; 2],
    pub(super) history: CopyVec<TrickRecord, 12>,
    pub(super) events: CopyVec<Event, 16>,
    /// The match's score sheet before this deal; `None` for a lone deal.
    pub(super) sheet: Option<SixtySixSheet>,
}

impl SixtySix {
    /// Starts a deal after checking it is a legal one for these options.
    pub fn new(deal: &Deal, opts: SixtySixOptions) -> Result<SixtySix, DealError> {
        deal.validate(opts.hand_size)?;
        let mut talon = [deal.trump_card; MAX_TALON];
        talon[..deal.talon.len()].copy_from_slice(&deal.talon);
        Ok(SixtySix {
            pos: Position {
                opts,
                hands: deal.hands,
                talon,
                talon_len: deal.talon.len() as u8,
                talon_next: 0,
                trump: deal.trump_card.suit_unchecked(),
                trump_card: deal.trump_card,
                exhausted: false,
                closed: None,
                leader: deal.dealer.opponent(),
                phase: Phase::Lead,
                lead_card: None,
                card_points: [0; 2],
                bonus: [0; 2],
                marriage_points: [0; 2],
                pending: [0; 2],
                tricks: [0; 2],
                result: None,
            },
            dealer: deal.dealer,
            shown: [CardSet::EMPTY; 2],
            history: CopyVec::new(NO_TRICK),
            events: CopyVec::new(NO_EVENT),
            sheet: None,
        })
    }

    /// A deal from a seed (see [`Deal::from_seed`]).
    pub fn from_seed(seed: u64, opts: SixtySixOptions, dealer: Seat) -> SixtySix {
        let deal = Deal::from_seed(seed, opts.hand_size, dealer);
        SixtySix::new(&deal, opts).expect("a seeded deal is always legal")
    }

    /// The same deal as one deal of a match standing at `scores` (game
    /// points of seat 0 and seat 1 before it).
    pub fn with_sheet(mut self, scores: [u16; 2]) -> SixtySix {
        self.sheet = Some(SixtySixSheet::new(&self.pos.opts, scores, self.dealer));
        self
    }

    /// The same deal with its outcomes valued for search as `value` says
    /// (no change to a lone deal).
    pub fn with_match_value(mut self, value: MatchValue) -> SixtySix {
        if let Some(sheet) = &mut self.sheet {
            sheet.value = value;
        }
        self
    }

    /// The match's score sheet before this deal, if it is one deal of a match.
    pub fn sheet(&self) -> Option<&SixtySixSheet> {
        self.sheet.as_ref()
    }

    /// The seat that dealt this deal.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn options(&self) -> &SixtySixOptions {
        &self.pos.opts
    }

    pub fn phase(&self) -> Phase {
        self.pos.phase
    }

    pub fn trump(&self) -> Suit {
        self.pos.trump
    }

    pub fn hand(&self, seat: Seat) -> CardSet {
        self.pos.hands[seat.index()]
    }

    pub fn result(&self) -> Option<&DealResult> {
        self.pos.result.as_ref()
    }

    pub fn history(&self) -> &[TrickRecord] {
        &self.history
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn closure(&self) -> Option<Closure> {
        self.pos.closed
    }

    /// Face-down cards left in the talon.
    pub fn talon_remaining(&self) -> usize {
        self.pos.talon_remaining()
    }

    /// The face-down talon, top first (hidden information).
    pub fn talon_cards(&self) -> &[Card] {
        self.pos.talon_cards()
    }

    /// The trump card while it still lies under the talon.
    pub fn trump_card(&self) -> Option<Card> {
        (!self.pos.exhausted).then_some(self.pos.trump_card)
    }

    /// Points that count now: tricks, last-trick bonus and counted marriages.
    pub fn points(&self, seat: Seat) -> u16 {
        self.pos.points(seat)
    }

    /// The seat to act, or `None` when the deal is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.pos.mover()
    }

    /// Strict rules apply: the talon is closed or exhausted.
    pub fn strict(&self) -> bool {
        self.pos.strict()
    }

    /// Writes the legal actions into `out` (cleared first), cards in bit order.
    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        self.pos.legal_actions(out)
    }

    /// Whether `action` is legal now (without building the whole list).
    pub fn is_legal(&self, action: Action) -> bool {
        self.pos.is_legal(action)
    }

    /// Which rule `action` breaks; see [`crate::Game::why_illegal`].
    pub fn why_illegal(&self, action: Action) -> String {
        self.pos.why_illegal(action)
    }

    /// Applies a legal action; see [`crate::Game::play_unchecked`]. The
    /// position plays it; the record notes what every seat saw.
    pub fn apply(&mut self, action: Action) {
        // What the record needs from before the move (not a whole copy:
        // search applies moves at every node).
        let (me, lead_card) = (self.pos.leader, self.pos.lead_card);
        let (trump_card, exhausted) = (self.pos.trump_card, self.pos.exhausted);
        let trick = self.pos.tricks_played();
        self.pos.apply(action);
        match action {
            Action::Play(card) => match lead_card {
                Some(lead) => {
                    self.shown[me.opponent().index()].remove(card);
                    self.history.push(TrickRecord {
                        leader: me,
                        cards: [lead, card],
                        winner: self.pos.leader,
                    });
                }
                None => self.shown[me.index()].remove(card),
            },
            Action::Meld(suit) => {
                self.shown[me.index()] = self.shown[me.index()].with(king(suit)).with(queen(suit));
                self.events.push(Event::Meld {
                    seat: me,
                    suit,
                    points: self.pos.marriage_value(suit),
                    trick,
                });
            }
            Action::Exchange => {
                let (gave, took) = (self.pos.trump_card, trump_card);
                self.shown[me.index()].remove(gave);
                self.shown[me.index()].insert(took);
                self.events.push(Event::Exchange {
                    seat: me,
                    gave,
                    took,
                    trick,
                });
            }
            Action::Close => self.events.push(Event::Close { seat: me, trick }),
            Action::Draw | Action::Declare => {}
        }
        // Whoever drew the trump card is known to hold it.
        if !exhausted && self.pos.exhausted {
            let seat = usize::from(!self.pos.hands[0].contains(trump_card));
            self.shown[seat].insert(trump_card);
        }
    }

    /// Every card of the pack exactly once across hands, talon, trump card,
    /// the trick on the table and the tricks taken.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut count = 0usize;
        let mut add = |set: CardSet| {
            count += set.len();
            seen |= set;
        };
        add(self.pos.hands[0]);
        add(self.pos.hands[1]);
        add(self.talon_cards().iter().copied().collect());
        if !self.pos.exhausted {
            add(CardSet::single(self.pos.trump_card));
        }
        if let Some(c) = self.pos.lead_card {
            add(CardSet::single(c));
        }
        for t in self.history.iter() {
            add(CardSet::single(t.cards[0]).with(t.cards[1]));
        }
        let deck = deck_for(self.pos.opts.hand_size).cards();
        if count != deck.len() || seen != deck {
            return Err(format!("cards not conserved: {count} counted, set {seen}"));
        }
        let taken: u16 = self.pos.card_points.iter().sum();
        let played: u16 = self
            .history
            .iter()
            .map(|t| points(t.cards[0]) + points(t.cards[1]))
            .sum();
        if taken != played {
            return Err(format!(
                "trick points {taken} differ from points played {played}"
            ));
        }
        Ok(())
    }

    /// The lowest trump, which is exchanged for the trump card: the nine in
    /// the 24-card pack, the jack in the 20-card pack.
    pub fn exchange_rank(&self) -> Rank {
        self.pos.exchange_rank()
    }
}
