//! What one seat may know about a deal of North American Sixty-six.

use super::action::Action;
use super::cards::points;
use super::matchplay::NaSheet;
use super::options::NaOptions;
use super::options::Widow;
use super::scoring::NaResult;
use super::state::{counted_marriages, MarriageRecord, NaSixtySix, Phase, TrickRecord};
use talon_cards::{Card, CardSet, Rank, Seat, Suit};

/// A seat's view: its own hand, the bidding, the trick on the table, the
/// full trick history and announced marriages. The widow is seen only by
/// whoever won it (by all with `widow_shown`); laid-away cards only by the
/// player who laid them away; a moon partner's face-down hand by nobody else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaObservation {
    pub seat: Seat,
    /// The rules in force (public knowledge).
    pub options: NaOptions,
    pub players: u8,
    pub dealer: Seat,
    pub to_move: Option<Seat>,
    pub phase: Phase,
    pub hand: CardSet,
    /// (seat, bid) in order; 0 is a pass, 5 the moon.
    pub bids: Vec<(Seat, u8)>,
    pub bidder: Option<Seat>,
    pub high_bid: u8,
    pub sitting_out: Option<Seat>,
    pub trump: Option<Suit>,
    /// The dealer's turned trump card (32-card game), seen by all.
    pub turned: Option<Card>,
    pub leader: Seat,
    pub trick: Vec<(Seat, Card)>,
    pub history: Vec<TrickRecord>,
    pub marriages: Vec<MarriageRecord>,
    pub widow_taker: Option<Seat>,
    /// The widow, when this seat may see it.
    pub widow: Option<CardSet>,
    /// Cards this seat laid away.
    pub laid_away: CardSet,
    /// The same, in the order it laid them away.
    pub laid_away_order: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub tricks: Vec<u8>,
    /// Card points per side from the tricks on the record (what every seat
    /// can count; widow and laid-away points are in the result at the end).
    pub trick_points: Vec<u16>,
    pub result: Option<NaResult>,
    /// The game's score sheet before this deal, when it is one deal of a game.
    pub sheet: Option<NaSheet>,
}

impl NaObservation {
    /// The high bid as players say it: `3`, or `moon` (bid 5 on the record).
    pub fn high_bid_name(&self) -> String {
        bid_name(self.high_bid)
    }

    /// Points of `side` as this seat can count them: card points of the
    /// tricks on the record and the marriages that count (the widow's and
    /// laid-away cards' points, and the last-trick bonus, come with the
    /// result).
    pub fn counted_points(&self, side: usize) -> u16 {
        let tricks = self.trick_points.get(side).copied().unwrap_or(0);
        tricks + counted_marriages(&self.options, &self.marriages, &self.tricks, side)
    }
}

/// A bid as players say it: `pass` (0), `1`…`4`, `moon` (5).
pub fn bid_name(bid: u8) -> String {
    match bid {
        0 => "pass".into(),
        super::action::MOON => "moon".into(),
        n => n.to_string(),
    }
}

impl NaSixtySix {
    fn widow_visible(&self, seat: Seat) -> bool {
        match self.widow_taker {
            Some(t) => t == seat || self.opts.widow_shown,
            None => false,
        }
    }

    pub fn observation(&self, seat: Seat) -> NaObservation {
        let n = self.opts.players as usize;
        let sides = self.opts.sides();
        let mut trick_points = vec![0u16; sides];
        for t in &self.history {
            trick_points[self.side(t.winner)] += t.cards.iter().map(|c| points(c.1)).sum::<u16>();
        }
        let is_taker = self.widow_taker == Some(seat);
        NaObservation {
            seat,
            options: self.opts,
            players: self.opts.players,
            dealer: self.dealer,
            to_move: self.to_move(),
            phase: self.phase,
            hand: self.hands[seat.index()],
            bids: self.bids.to_vec(),
            bidder: self.bidder,
            high_bid: self.high,
            sitting_out: self.out,
            trump: self.trump,
            turned: self.turned,
            leader: self.leader,
            trick: self.trick.to_vec(),
            history: self.history.to_vec(),
            marriages: self.marriages.to_vec(),
            widow_taker: self.widow_taker,
            widow: self.widow_visible(seat).then_some(self.widow),
            laid_away: if is_taker {
                self.laid_away
            } else {
                CardSet::EMPTY
            },
            laid_away_order: if is_taker {
                self.laid_order.to_vec()
            } else {
                Vec::new()
            },
            hand_sizes: self.hands[..n].iter().map(|h| h.len()).collect(),
            tricks: self.tricks[..sides].to_vec(),
            trick_points,
            result: self.result,
            sheet: self.sheet,
        }
    }

    /// What every seat knows: seat 0's observation without its hand, the
    /// widow unless it was shown to all, and without what seat 0 laid away.
    pub fn public_observation(&self) -> NaObservation {
        let shown = self.widow_taker.is_some() && self.opts.widow_shown;
        NaObservation {
            hand: CardSet::EMPTY,
            widow: shown.then_some(self.widow),
            laid_away: CardSet::EMPTY,
            laid_away_order: Vec::new(),
            ..self.observation(Seat(0))
        }
    }

    /// Other seats' hands, the widow until this seat may see it, and cards
    /// laid away by someone else.
    pub fn hidden_cards(&self, seat: Seat) -> CardSet {
        // Once taken up (widow=exchange) the widow's cards are in the
        // taker's hand, laid away or played, and hidden (or not) as such.
        let taken_up = self.opts.widow == Widow::Exchange && self.widow_taker.is_some();
        let mut hidden = if taken_up { CardSet::EMPTY } else { self.widow };
        for (i, h) in self.hands[..self.opts.players as usize].iter().enumerate() {
            if i != seat.index() {
                hidden |= *h;
            }
        }
        if self.widow_taker != Some(seat) {
            hidden |= self.laid_away;
        }
        if self.widow_visible(seat) {
            // A shown widow is known wherever its cards went.
            hidden = hidden - self.widow;
        }
        if let Some(t) = self.turned {
            // Everyone saw the trump card turned; it is the dealer's.
            hidden.remove(t);
        }
        hidden
    }
}

/// Which leads on the record announced a marriage. The record lists the
/// marriages (seat and suit) but not the trick: a king or queen led by a
/// seat with a marriage of that suit not yet matched is its lead (the
/// first such lead, since leading one of the pair breaks it). Ask in play
/// order: [`NaObservation::marriage_leads`].
pub struct MarriageLeads<'a> {
    marriages: &'a [MarriageRecord],
    used: Vec<bool>,
}

impl MarriageLeads<'_> {
    /// The action that led `card` for `seat`: `Marriage` or `Play`.
    pub fn lead(&mut self, seat: Seat, card: Card) -> Action {
        if matches!(card.rank(), Some(Rank::King | Rank::Queen)) {
            for (m, used) in self.marriages.iter().zip(self.used.iter_mut()) {
                if !*used && m.seat == seat && Some(m.suit) == card.suit() {
                    *used = true;
                    return Action::Marriage(card);
                }
            }
        }
        Action::Play(card)
    }
}

impl NaObservation {
    /// Tells, lead by lead in play order, which leads announced a marriage.
    pub fn marriage_leads(&self) -> MarriageLeads<'_> {
        MarriageLeads {
            marriages: &self.marriages,
            used: vec![false; self.marriages.len()],
        }
    }
}

impl crate::game::Observation for NaObservation {
    fn seat(&self) -> Seat {
        self.seat
    }

    fn mentioned_cards(&self) -> CardSet {
        let mut set = self.hand | self.laid_away;
        set |= self.trick.iter().map(|t| t.1).collect();
        for t in &self.history {
            set |= t.cards.iter().map(|c| c.1).collect();
        }
        if let Some(w) = self.widow {
            set |= w;
        }
        if let Some(t) = self.turned {
            set.insert(t);
        }
        set
    }
}
