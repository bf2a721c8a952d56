//! The state of one deal of North American Sixty-six: bidding, play and
//! (three hands) the widow.

use super::action::{Action, MOON};
use super::cards::{beats, points, trick_winner};
use super::deal::{Deal, DealError};
use super::matchplay::NaSheet;
use super::options::{AllPass, Form, NaOptions, Widow};
use super::scoring::{self, NaResult};
use crate::game::ActionList;
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Rank, Seat, Suit};

/// Where the deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Each player, from the dealer's left, bids higher or passes, once.
    Bidding,
    /// Tricks are played; the high bidder leads the first.
    Play,
    /// (widow=exchange) the first trick's winner lays away cards.
    Discard,
    Over,
}

/// One finished trick, for the history every seat sees.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickRecord {
    pub leader: Seat,
    /// (seat, card) in play order, the lead first.
    pub cards: ArrayVec<(Seat, Card), 4>,
    pub winner: Seat,
}

/// An announced marriage lead ("40" in trumps, "20" otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarriageRecord {
    pub seat: Seat,
    pub suit: Suit,
    pub points: u16,
}

/// Sides that score: partnerships (seat mod 2) or, with three, each seat.
pub const MAX_SIDES: usize = 3;

/// A deal of North American Sixty-six in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaSixtySix {
    pub(super) opts: NaOptions,
    pub(super) dealer: Seat,
    pub(super) hands: [CardSet; 4],
    /// The widow as dealt (three hands); see `widow_taker`.
    pub(super) widow: CardSet,
    /// The dealer's turned trump card (32-card game): public knowledge.
    pub(super) turned: Option<Card>,
    pub(super) phase: Phase,
    /// Bids in order: (seat, 0 for a pass or the bid).
    pub(super) bids: ArrayVec<(Seat, u8), 4>,
    pub(super) high: u8,
    pub(super) bidder: Option<Seat>,
    /// The moon bidder's partner, whose hand lies face down out of play.
    pub(super) out: Option<Seat>,
    pub(super) trump: Option<Suit>,
    pub(super) leader: Seat,
    pub(super) trick: ArrayVec<(Seat, Card), 4>,
    pub(super) history: ArrayVec<TrickRecord, 8>,
    pub(super) marriages: ArrayVec<MarriageRecord, 8>,
    /// Card points per side: tricks, the widow and laid-away cards.
    pub(super) card_points: [u16; MAX_SIDES],
    pub(super) tricks: [u8; MAX_SIDES],
    pub(super) bonus: [u16; MAX_SIDES],
    pub(super) widow_taker: Option<Seat>,
    pub(super) laid_away: CardSet,
    /// The same cards in the order the taker laid them away (its own
    /// history: which card it kept for longer).
    pub(super) laid_order: ArrayVec<Card, 4>,
    pub(super) discards_left: u8,
    pub(super) result: Option<NaResult>,
    /// The game's score sheet before this deal; `None` for a lone deal.
    pub(super) sheet: Option<NaSheet>,
    /// The side the exact solver plays for (see [`NaSixtySix::solved_for`]).
    pub(super) coalition: u8,
}

impl NaSixtySix {
    /// Starts a deal after checking it fits these options.
    pub fn new(deal: &Deal, opts: NaOptions) -> Result<NaSixtySix, DealError> {
        if deal.hands.len() != opts.players as usize || deal.dealer.0 >= opts.players {
            return Err(DealError::Dealer(format!(
                "{} with {} hands at a {}-player table",
                deal.dealer,
                deal.hands.len(),
                opts.players
            )));
        }
        deal.validate()?;
        let turned_game = opts.form == Form::TurnedTrump;
        if turned_game != deal.turned.is_some() {
            return Err(DealError::Turned(if turned_game {
                "none: this game turns a trump card".into()
            } else {
                "a turned card: this game has none".into()
            }));
        }
        let mut hands = [CardSet::EMPTY; 4];
        hands[..deal.hands.len()].copy_from_slice(&deal.hands);
        Ok(NaSixtySix {
            opts,
            dealer: deal.dealer,
            hands,
            widow: deal.widow,
            turned: deal.turned,
            // Without bidding the dealer's left leads at once.
            phase: if turned_game {
                Phase::Play
            } else {
                Phase::Bidding
            },
            bids: ArrayVec::new(),
            high: 0,
            bidder: None,
            out: None,
            trump: deal.turned.map(|c| c.suit_unchecked()),
            leader: deal.dealer.next(opts.players),
            trick: ArrayVec::new(),
            history: ArrayVec::new(),
            marriages: ArrayVec::new(),
            card_points: [0; MAX_SIDES],
            tricks: [0; MAX_SIDES],
            bonus: [0; MAX_SIDES],
            widow_taker: None,
            laid_away: CardSet::EMPTY,
            laid_order: ArrayVec::new(),
            discards_left: 0,
            result: None,
            sheet: None,
            coalition: 0,
        })
    }

    /// The same deal as one deal of a game standing at `sheet`.
    pub fn with_sheet(mut self, sheet: NaSheet) -> NaSixtySix {
        self.sheet = Some(sheet);
        self
    }

    /// A copy the exact solver values for `side`: that side's seats
    /// maximise its score (ticks), every other seat minimises it. With
    /// three hands the other two play as one ("paranoid"), which is what
    /// a bidder must fear. The default side is 0.
    pub fn solved_for(&self, side: usize) -> NaSixtySix {
        let mut w = self.clone();
        w.coalition = side.min(MAX_SIDES - 1) as u8;
        w
    }

    /// The game's score sheet before this deal, when it is one deal of a game.
    pub fn sheet(&self) -> Option<NaSheet> {
        self.sheet
    }

    pub fn from_seed(seed: u64, opts: NaOptions, dealer: Seat) -> NaSixtySix {
        let deal = Deal::from_seed_for(seed, &opts, dealer);
        NaSixtySix::new(&deal, opts).expect("a seeded deal is always legal")
    }

    pub fn options(&self) -> &NaOptions {
        &self.opts
    }

    pub fn players(&self) -> u8 {
        self.opts.players
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

    /// The card turned for trumps (32-card game).
    pub fn turned(&self) -> Option<Card> {
        self.turned
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    pub fn bidder(&self) -> Option<Seat> {
        self.bidder
    }

    pub fn high_bid(&self) -> u8 {
        self.high
    }

    pub fn sitting_out(&self) -> Option<Seat> {
        self.out
    }

    pub fn history(&self) -> &[TrickRecord] {
        &self.history
    }

    pub fn result(&self) -> Option<&NaResult> {
        self.result.as_ref()
    }

    /// The side (partnership or lone player) a seat scores for.
    pub fn side(&self, seat: Seat) -> usize {
        self.opts.side(seat)
    }

    pub fn partner(&self, seat: Seat) -> Option<Seat> {
        (self.opts.players == 4).then(|| seat.offset(2, 4))
    }

    /// Points that count so far per side: card points, the last-trick bonus
    /// and marriages of sides that have taken a trick.
    pub fn points(&self, side: usize) -> u16 {
        let married = counted_marriages(&self.opts, &self.marriages, &self.tricks, side);
        self.card_points[side] + self.bonus[side] + married
    }

    /// Seats taking part in play (three when someone shoots the moon).
    fn active(&self) -> usize {
        self.opts.players as usize - usize::from(self.out.is_some())
    }

    /// The next seat clockwise that takes part in play.
    fn next_active(&self, seat: Seat) -> Seat {
        let s = seat.next(self.opts.players);
        if Some(s) == self.out {
            s.next(self.opts.players)
        } else {
            s
        }
    }

    /// The seat whose turn it is to bid (bids are made in seat order from
    /// the dealer's left).
    fn bid_turn(&self) -> Seat {
        self.dealer
            .offset(1 + self.bids.len() as u8, self.opts.players)
    }

    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Bidding => Some(self.bid_turn()),
            Phase::Discard => self.widow_taker,
            Phase::Play => Some(match self.trick.last() {
                None => self.leader,
                Some(&(s, _)) => self.next_active(s),
            }),
        }
    }

    fn may_pass(&self) -> bool {
        !(self.opts.all_pass == AllPass::DealerBids
            && self.high == 0
            && self.bid_turn() == self.dealer)
    }

    fn may_bid(&self, n: u8) -> bool {
        n > self.high && (n < MOON || (n == MOON && self.opts.moon))
    }

    /// Cards the seat to play may follow with: its led suit (or trumps if
    /// void in it, or anything); and among those, only cards that beat the
    /// trick so far when it holds any, unless the partner is winning and
    /// `head_partner` is off.
    fn follow_options(&self, seat: Seat) -> CardSet {
        let hand = self.hands[seat.index()];
        let trump = self.trump.expect("trumps are fixed by the first lead");
        let lead = self.trick[0].1;
        let mut pool = hand.suit(lead.suit_unchecked());
        if pool.is_empty() {
            pool = hand.suit(trump);
            if pool.is_empty() {
                return hand;
            }
        }
        let cards: ArrayVec<Card, 4> = self.trick.iter().map(|t| t.1).collect();
        let (wseat, wcard) = self.trick[trick_winner(&cards, trump, self.opts.rank_order)];
        if !self.opts.head_partner && self.partner(seat) == Some(wseat) {
            return pool;
        }
        let higher: CardSet = pool
            .iter()
            .filter(|&c| beats(c, wcard, trump, self.opts.rank_order))
            .collect();
        if higher.is_empty() {
            pool
        } else {
            higher
        }
    }

    /// Kings and queens in `hand` whose mate is also there.
    fn marriage_leads(hand: CardSet) -> impl Iterator<Item = Card> {
        Suit::ALL.into_iter().flat_map(move |s| {
            let k = Card::new(s, Rank::King);
            let q = Card::new(s, Rank::Queen);
            let both = hand.contains(k) && hand.contains(q);
            [k, q].into_iter().filter(move |_| both)
        })
    }

    pub fn legal_actions(&self, out: &mut ActionList<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Bidding => {
                if self.may_pass() {
                    out.push(Action::Pass);
                }
                out.extend((1..=MOON).filter(|&n| self.may_bid(n)).map(Action::Bid));
            }
            Phase::Discard => {
                let taker = self.widow_taker.expect("a taker lays away");
                out.extend(self.hands[taker.index()].iter().map(Action::Discard));
            }
            Phase::Play => {
                let seat = self.to_move().expect("someone plays");
                if self.trick.is_empty() {
                    let hand = self.hands[seat.index()];
                    out.extend(hand.iter().map(Action::Play));
                    if self.opts.form == Form::Bidding {
                        out.extend(Self::marriage_leads(hand).map(Action::Marriage));
                    }
                } else {
                    out.extend(self.follow_options(seat).iter().map(Action::Play));
                }
            }
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::Bidding, Action::Pass) => self.may_pass(),
            (Phase::Bidding, Action::Bid(n)) => self.may_bid(n),
            (Phase::Discard, Action::Discard(c)) => self
                .widow_taker
                .is_some_and(|t| self.hands[t.index()].contains(c)),
            (Phase::Play, Action::Play(c)) => {
                let seat = self.to_move().expect("someone plays");
                if self.trick.is_empty() {
                    self.hands[seat.index()].contains(c)
                } else {
                    self.follow_options(seat).contains(c)
                }
            }
            (Phase::Play, Action::Marriage(c)) => {
                let seat = self.to_move().expect("someone plays");
                self.trick.is_empty()
                    && self.opts.form == Form::Bidding
                    && Self::marriage_leads(self.hands[seat.index()]).any(|m| m == c)
            }
            _ => false,
        }
    }

    /// Applies a legal action; see [`crate::Game::play_unchecked`].
    pub fn apply(&mut self, action: Action) {
        let seat = self.to_move().expect("the deal is not over");
        match action {
            Action::Pass => {
                self.bids.push((seat, 0));
                self.after_bid();
            }
            Action::Bid(n) => {
                self.bids.push((seat, n));
                self.high = n;
                self.bidder = Some(seat);
                self.after_bid();
            }
            Action::Discard(card) => {
                self.hands[seat.index()].remove(card);
                self.laid_away.insert(card);
                self.laid_order.push(card);
                self.card_points[self.side(seat)] += points(card);
                self.discards_left -= 1;
                if self.discards_left == 0 {
                    self.phase = Phase::Play;
                }
            }
            Action::Play(card) | Action::Marriage(card) => {
                let suit = card.suit_unchecked();
                let trump = *self.trump.get_or_insert(suit);
                if let Action::Marriage(_) = action {
                    self.marriages.push(MarriageRecord {
                        seat,
                        suit,
                        points: if suit == trump { 40 } else { 20 },
                    });
                }
                self.hands[seat.index()].remove(card);
                self.trick.push((seat, card));
                if self.trick.len() == self.active() {
                    self.finish_trick();
                }
            }
        }
    }

    /// Bidding ends when everyone has spoken, or at once on a moon, which
    /// nobody can overcall.
    fn after_bid(&mut self) {
        if self.high == MOON || self.bids.len() == self.opts.players as usize {
            match self.bidder {
                None => self.end(scoring::passed_out()),
                Some(b) => {
                    if self.high == MOON {
                        self.out = self.partner(b);
                    }
                    self.leader = b;
                    self.phase = Phase::Play;
                }
            }
        }
    }

    fn finish_trick(&mut self) {
        let trump = self.trump.expect("trumps fixed");
        let cards: ArrayVec<Card, 4> = self.trick.iter().map(|t| t.1).collect();
        let winner = self.trick[trick_winner(&cards, trump, self.opts.rank_order)].0;
        let side = self.side(winner);
        self.card_points[side] += cards.iter().map(|&c| points(c)).sum::<u16>();
        self.tricks[side] += 1;
        self.history.push(TrickRecord {
            leader: self.leader,
            cards: std::mem::take(&mut self.trick),
            winner,
        });
        self.leader = winner;
        if self.history.len() == 1 && !self.widow.is_empty() {
            self.widow_taker = Some(winner);
            match self.opts.widow {
                Widow::Points => {
                    self.card_points[side] += self.widow.iter().map(points).sum::<u16>()
                }
                Widow::Exchange => {
                    self.hands[winner.index()] |= self.widow;
                    self.discards_left = self.widow.len() as u8;
                    self.phase = Phase::Discard;
                }
            }
        }
        if self.hands[winner.index()].is_empty() {
            self.bonus[side] += self.opts.last_trick_bonus;
            let result = match self.opts.form {
                Form::Bidding => scoring::played_out(self),
                Form::TurnedTrump => scoring::turned_trump(self),
            };
            self.end(result);
        }
    }

    fn end(&mut self, result: NaResult) {
        self.result = Some(result);
        self.phase = Phase::Over;
    }

    /// Every card of the pack exactly once: hands, trick, tricks taken,
    /// the widow (until taken up) and laid-away cards; card points match.
    pub fn check_conservation(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        let mut count = 0;
        let mut add = |s: CardSet| {
            seen |= s;
            count += s.len();
        };
        for h in &self.hands[..self.opts.players as usize] {
            add(*h);
        }
        add(self.trick.iter().map(|t| t.1).collect());
        for t in &self.history {
            add(t.cards.iter().map(|c| c.1).collect());
        }
        add(self.laid_away);
        let widow_in_hand = self.opts.widow == Widow::Exchange && self.widow_taker.is_some();
        if !widow_in_hand {
            add(self.widow);
        }
        let deck = self.opts.deck_size();
        if count != deck || seen.len() != deck {
            return Err(format!("cards not conserved: {count} counted, {seen}"));
        }
        let taken: u16 = self.card_points.iter().sum();
        let mut expected: u16 = self
            .history
            .iter()
            .flat_map(|t| t.cards.iter())
            .map(|c| points(c.1))
            .sum::<u16>()
            + self.laid_away.iter().map(points).sum::<u16>();
        if self.widow_taker.is_some() && !widow_in_hand {
            expected += self.widow.iter().map(points).sum::<u16>();
        }
        if taken != expected {
            return Err(format!("card points {taken}, expected {expected}"));
        }
        Ok(())
    }
}

/// The marriage points `side` counts: its marriages, once it has taken a
/// trick (the state's and the observation's count alike).
pub(super) fn counted_marriages(
    opts: &NaOptions,
    marriages: &[MarriageRecord],
    tricks: &[u8],
    side: usize,
) -> u16 {
    if tricks.get(side).is_some_and(|&t| t > 0) {
        marriages
            .iter()
            .filter(|m| opts.side(m.seat) == side)
            .map(|m| m.points)
            .sum()
    } else {
        0
    }
}
