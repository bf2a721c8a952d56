//! Observation and information-state tensors, built from one seat's
//! observation only (`AnyObservation`), never from a state: whatever the
//! engine hides from a seat cannot reach its tensor. The layout is the same
//! for every family (card blocks of 53, then scalars); seats are relative
//! (0 = the observing seat, 1 = the next seat in turn order, ...).

use crate::actions::{card_id, CARD_SLOTS};
use crate::history;
use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Seat, Suit};
use talon_rules::pedro;
use talon_rules::{na_sixty_six, sevens, sixty_six, AnyObservation, Family};

/// One named block of the layout: name, relative seat (if per seat),
/// start, length, and whether it is a card block (indexed by card id).
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub name: &'static str,
    pub seat: Option<usize>,
    pub start: usize,
    pub len: usize,
    pub cards: bool,
}

/// Per-seat values (at most 6 seats; fixed capacity so building a view
/// does not allocate: the vectorised environment builds one per step).
type PerSeat<T> = ArrayVec<T, 8>;

/// The cards of a trick in progress (a pack has at most 53).
type Trick = ArrayVec<(usize, Card), 64>;

/// Family-neutral facts read off one observation.
struct View {
    seats: usize,
    me: usize,
    hand: CardSet,
    /// Cards out of play that everyone saw (finished tricks, face-up dead cards).
    gone: CardSet,
    /// Face-up cards still in play (Sixty-six's trump card, Hoyle's turned card).
    face_up: CardSet,
    /// Cards only this seat knows the place of (own discards, laid-away cards, a seen widow).
    private: CardSet,
    /// The trick in progress: (seat, card). Not one card a seat: in
    /// Sixty-three a seat out of trumps may dump its whole hand into it.
    trick: Trick,
    /// Cards known to be in each seat's hand.
    known: PerSeat<CardSet>,
    trump: Option<Suit>,
    to_move: Option<usize>,
    phase: usize,
    dealer: usize,
    bidder: Option<usize>,
    high_bid: f32,
    closed: bool,
    stock: usize,
    points: PerSeat<f32>,
    hand_sizes: PerSeat<usize>,
    tricks_won: PerSeat<usize>,
    out: PerSeat<bool>,
    /// Every card played to a trick so far, in order: (seat, card).
    /// (u8: a list of usize pairs would be 1 KB to move around.)
    plays: ArrayVec<(u8, Card), 64>,
    auction: Auction,
}

/// What the information-state tensor keeps of the bids: each seat's last
/// bid (scaled to 0..1) and whether it passed. Kept as the bids are read,
/// rather than as a list of them, which cost an allocation every step.
struct Auction {
    last: PerSeat<f32>,
    passed: PerSeat<f32>,
}

impl Auction {
    fn new(seats: usize) -> Auction {
        Auction {
            last: fill(0.0, seats),
            passed: fill(0.0, seats),
        }
    }

    /// A bid (`Some`, scaled) or a pass (`None`) by `seat`, in order.
    fn record(&mut self, seat: usize, bid: Option<f32>) {
        match bid {
            Some(b) => self.last[seat] = b,
            None => self.passed[seat] = 1.0,
        }
    }
}

// Phase slots: bidding, naming trumps, discarding or giving, playing to a
// trick, over, another decision (Sixty-six's draw/close/declare point, Sixes
// and Sevens' ace calls).
const PHASES: usize = 6;

fn fill<T: Copy>(value: T, n: usize) -> PerSeat<T> {
    (0..n).map(|_| value).collect()
}

fn set(cards: impl IntoIterator<Item = Card>) -> CardSet {
    cards.into_iter().collect()
}

fn view_sixty_six(o: &sixty_six::SixtySixObservation) -> View {
    use sixty_six::Phase;
    let me = o.seat.index();
    let mut plays: ArrayVec<(u8, Card), 64> = ArrayVec::new();
    for t in &o.tricks {
        plays.push((t.leader.0, t.cards[0]));
        plays.push((t.leader.opponent().0, t.cards[1]));
    }
    let trick: Trick = o
        .lead_card
        .map(|c| (o.leader.index(), c))
        .into_iter()
        .collect();
    plays.extend(trick.iter().map(|&(s, c)| (s as u8, c)));
    let mut known = fill(CardSet::EMPTY, 2);
    known[1 - me] = o.opponent_known();
    let mut hand_sizes = fill(0, 2);
    hand_sizes[me] = o.hand.len();
    hand_sizes[1 - me] = o.opponent_hand_size();
    View {
        seats: 2,
        me,
        hand: o.hand,
        gone: set(o.tricks.iter().flat_map(|t| t.cards)),
        face_up: set(o.trump_card),
        private: CardSet::EMPTY,
        trick,
        known,
        trump: Some(o.trump),
        to_move: o.to_move.map(|s| s.index()),
        phase: match o.phase {
            Phase::Lead | Phase::MeldLead(_) | Phase::Follow => 3,
            Phase::PreDraw => 5,
            Phase::Over => 4,
        },
        dealer: o.dealer.index(),
        bidder: None,
        high_bid: 0.0,
        closed: o.closed.is_some(),
        stock: o.talon_remaining,
        points: o.points.iter().map(|&p| f32::from(p) / 100.0).collect(),
        hand_sizes,
        tricks_won: o.tricks_won.iter().map(|&t| usize::from(t)).collect(),
        out: fill(false, 2),
        plays,
        auction: Auction::new(2),
    }
}

fn view_na(o: &na_sixty_six::NaObservation) -> View {
    use na_sixty_six::Phase;
    let n = usize::from(o.players);
    // Partners share a side in the four-hand games; otherwise each seat is one.
    let side = |s: usize| if n == 4 { s % 2 } else { s };
    let per_side = |v: &[f32]| {
        (0..n)
            .map(|s| v.get(side(s)).copied().unwrap_or(0.0))
            .collect()
    };
    let mut plays: ArrayVec<(u8, Card), 64> = ArrayVec::new();
    for t in &o.history {
        plays.extend(t.cards.iter().map(|&(s, c)| (s.0, c)));
    }
    let trick: Trick = o.trick.iter().map(|&(s, c)| (s.index(), c)).collect();
    plays.extend(trick.iter().map(|&(s, c)| (s as u8, c)));
    let tricks: PerSeat<f32> = o.tricks.iter().map(|&t| f32::from(t)).collect();
    let mut auction = Auction::new(n);
    for &(s, b) in &o.bids {
        auction.record(s.index(), (b > 0).then(|| f32::from(b) / 5.0));
    }
    let points: PerSeat<f32> = o
        .trick_points
        .iter()
        .map(|&p| f32::from(p) / 100.0)
        .collect();
    let mut out = fill(false, n);
    if let Some(s) = o.sitting_out {
        out[s.index()] = true;
    }
    View {
        seats: n,
        me: o.seat.index(),
        hand: o.hand,
        gone: set(o.history.iter().flat_map(|t| t.cards.iter().map(|c| c.1))),
        face_up: set(o.turned),
        private: o.laid_away | o.widow.unwrap_or(CardSet::EMPTY),
        trick,
        known: fill(CardSet::EMPTY, n),
        trump: o.trump,
        to_move: o.to_move.map(|s| s.index()),
        phase: match o.phase {
            Phase::Bidding => 0,
            Phase::Discard => 2,
            Phase::Play => 3,
            Phase::Over => 4,
        },
        dealer: o.dealer.index(),
        bidder: o.bidder.map(|s| s.index()),
        high_bid: f32::from(o.high_bid) / f32::from(na_sixty_six::MOON),
        closed: false,
        stock: 0,
        points: per_side(&points),
        hand_sizes: o.hand_sizes.iter().copied().collect(),
        tricks_won: per_side(&tricks).iter().map(|&t| t as usize).collect(),
        out,
        plays,
        auction,
    }
}

fn view_sevens(o: &sevens::SevensObservation) -> View {
    use sevens::Phase;
    let n = usize::from(o.options.players);
    let at = |leader: Seat, i: usize| leader.offset(i as u8, n as u8).index();
    let mut plays: ArrayVec<(u8, Card), 64> = ArrayVec::new();
    for t in &o.history {
        plays.extend(
            t.cards
                .iter()
                .enumerate()
                .map(|(i, &c)| (at(t.leader, i) as u8, c)),
        );
    }
    let trick: Trick = o
        .trick
        .iter()
        .enumerate()
        .map(|(i, &c)| (at(o.leader, i), c))
        .collect();
    plays.extend(trick.iter().map(|&(s, c)| (s as u8, c)));
    View {
        seats: n,
        me: o.seat.index(),
        hand: o.hand,
        gone: set(o.history.iter().flat_map(|t| t.cards.iter().copied())),
        face_up: CardSet::EMPTY,
        private: CardSet::EMPTY,
        trick,
        known: fill(CardSet::EMPTY, n),
        trump: None,
        to_move: o.to_move.map(|s| s.index()),
        phase: match o.phase {
            Phase::Play => 3,
            Phase::AceCall => 5,
            Phase::Over => 4,
        },
        dealer: o.dealer.index(),
        bidder: None,
        high_bid: 0.0,
        closed: false,
        stock: 0,
        points: o.tricks.iter().map(|&t| f32::from(t) / 100.0).collect(),
        hand_sizes: o.hand_sizes.iter().copied().collect(),
        tricks_won: o.tricks.iter().map(|&t| usize::from(t)).collect(),
        out: fill(false, n),
        plays,
        auction: Auction::new(n),
    }
}

fn view_pedro(o: &pedro::PedroObservation) -> View {
    use pedro::{Event, Phase};
    // The record holds a double bid as its value, `max_bid + 1`.
    let scale = |b: u8| {
        if b > o.options.max_bid {
            1.0
        } else {
            f32::from(b) / 100.0
        }
    };
    let mut plays: ArrayVec<(u8, Card), 64> = ArrayVec::new();
    let mut dead = CardSet::EMPTY;
    let mut tricks_won = fill(0, 4);
    let mut auction = Auction::new(4);
    for e in &o.events {
        match *e {
            Event::Play { seat, card } => plays.push((seat.0, card)),
            Event::Dump { seat, cards } => plays.extend(cards.iter().map(|c| (seat.0, c))),
            Event::ShownDiscard { card, .. } => dead.insert(card),
            Event::Trick { winner } => tricks_won[winner.index()] += 1,
            Event::Bid { seat, bid } | Event::Forced { seat, bid } => {
                auction.record(seat.index(), Some(scale(bid)))
            }
            Event::Pass { seat } => auction.record(seat.index(), None),
            _ => {}
        }
    }
    let trick: Trick = o.trick.iter().map(|&(s, c)| (s.index(), c)).collect();
    let in_trick = set(trick.iter().map(|t| t.1));
    let me = o.seat.index();
    let mut known = o.known.iter().copied().collect::<PerSeat<CardSet>>();
    known[me] = CardSet::EMPTY;
    View {
        seats: 4,
        me,
        hand: o.hand,
        gone: (set(plays.iter().map(|p| p.1)) | dead) - in_trick,
        face_up: CardSet::EMPTY,
        private: o.own_discards,
        trick,
        known,
        trump: o.trump,
        to_move: o.to_move.map(|s| s.index()),
        phase: match o.phase {
            Phase::Auction => 0,
            Phase::Trump => 1,
            Phase::Reduce => 2,
            Phase::Play => 3,
            Phase::Over => 4,
        },
        dealer: o.dealer.index(),
        bidder: o.bidder.map(|s| s.index()),
        high_bid: scale(o.high_bid),
        closed: false,
        stock: usize::from(o.stock_left),
        points: (0..4).map(|s| f32::from(o.points[s % 2]) / 100.0).collect(),
        hand_sizes: o.hand_sizes.iter().map(|&h| usize::from(h)).collect(),
        tricks_won,
        out: o.out.iter().copied().collect(),
        plays,
        auction,
    }
}

fn view(obs: &AnyObservation) -> View {
    match obs {
        AnyObservation::SixtySix(o) => view_sixty_six(o),
        AnyObservation::NaSixtySix(o) => view_na(o),
        AnyObservation::Sevens(o) => view_sevens(o),
        AnyObservation::Pedro(o) => view_pedro(o),
    }
}

/// Writes blocks in order into `out` and, when asked, records the layout.
struct Writer<'a> {
    out: &'a mut [f32],
    pos: usize,
    layout: Option<&'a mut Vec<Block>>,
}

impl Writer<'_> {
    fn block(&mut self, name: &'static str, seat: Option<usize>, len: usize, cards: bool) -> usize {
        if let Some(l) = self.layout.as_deref_mut() {
            l.push(Block {
                name,
                seat,
                start: self.pos,
                len,
                cards,
            });
        }
        let start = self.pos;
        self.pos += len;
        start
    }

    fn cards(&mut self, name: &'static str, seat: Option<usize>, set: CardSet) {
        let start = self.block(name, seat, CARD_SLOTS, true);
        for c in set.iter() {
            self.out[start + card_id(c)] = 1.0;
        }
    }

    fn one_hot(&mut self, name: &'static str, len: usize, index: Option<usize>) {
        let start = self.block(name, None, len, false);
        if let Some(i) = index {
            self.out[start + i] = 1.0;
        }
    }

    fn value(&mut self, name: &'static str, value: f32) {
        let start = self.block(name, None, 1, false);
        self.out[start] = value;
    }

    /// One value per relative seat: `of(s)` for absolute seat `s`. Written
    /// straight into the tensor: collecting per-seat lists first cost more
    /// than the rest of the tensor.
    fn per_seat(&mut self, name: &'static str, n: usize, me: usize, of: impl Fn(usize) -> f32) {
        let start = self.block(name, None, n, false);
        for r in 0..n {
            self.out[start + r] = of((me + r) % n);
        }
    }
}

/// Lengths of the two tensors for a table of `seats`.
pub fn observation_len(seats: usize) -> usize {
    CARD_SLOTS * (3 + 2 * seats) + 16 + 7 * seats
}

/// Floats in one history record: its kind, the seat (relative), the
/// cards it names and its number.
pub fn record_width(seats: usize) -> usize {
    history::KINDS.len() + seats + CARD_SLOTS + 1
}

pub fn information_state_len(family: Family, seats: usize) -> usize {
    observation_len(seats)
        + CARD_SLOTS * (seats + 1)
        + 2 * seats
        + seats
        + 2
        + history::auction_len(family, seats)
        + history::slots(family) * record_width(seats)
}

/// What the information-state tensor adds to a view: the history records
/// and the score sheet.
struct Extra {
    family: Family,
    records: history::Records,
    sheet: (ArrayVec<f32, 8>, bool, f32),
    auction: Option<history::AuctionRecord>,
}

impl Extra {
    fn of(obs: &AnyObservation, seats: usize) -> Extra {
        Extra {
            family: obs.family(),
            records: history::records(obs),
            sheet: history::sheet(obs, seats),
            auction: match obs {
                AnyObservation::Pedro(o) => Some(history::pedro_auction(o)),
                _ => None,
            },
        }
    }
}

fn write(v: &View, out: &mut [f32], layout: Option<&mut Vec<Block>>, extra: Option<&Extra>) {
    let n = v.seats;
    let rel = |s: usize| (s + n - v.me) % n;
    let me = v.me;
    let len = match extra {
        Some(x) => information_state_len(x.family, n),
        None => observation_len(n),
    };
    let out = &mut out[..len];
    out.fill(0.0);
    let mut w = Writer {
        out,
        pos: 0,
        layout,
    };
    w.cards("hand", None, v.hand);
    w.cards("gone", None, v.gone);
    w.cards("face_up", None, v.face_up);
    w.cards("private", None, v.private);
    for r in 0..n {
        let cards = v.trick.iter().filter(|t| rel(t.0) == r).map(|t| t.1);
        w.cards("trick", Some(r), set(cards));
    }
    for r in 1..n {
        w.cards("known", Some(r), v.known[(v.me + r) % n]);
    }
    w.one_hot("trump", 5, Some(v.trump.map_or(4, |s| s.index())));
    w.one_hot("to_move", n + 1, Some(v.to_move.map_or(n, rel)));
    w.one_hot("phase", PHASES, Some(v.phase));
    w.one_hot("dealer", n, Some(rel(v.dealer)));
    w.one_hot("bidder", n + 1, Some(v.bidder.map_or(n, rel)));
    w.value("high_bid", v.high_bid);
    w.value("closed", f32::from(u8::from(v.closed)));
    w.value("stock", v.stock as f32 / 32.0);
    w.per_seat("points", n, me, |s| v.points[s]);
    w.per_seat("hand_sizes", n, me, |s| v.hand_sizes[s] as f32 / 16.0);
    w.per_seat("tricks_won", n, me, |s| v.tricks_won[s] as f32 / 16.0);
    w.per_seat("out", n, me, |s| f32::from(u8::from(v.out[s])));
    let Some(extra) = extra else {
        return;
    };
    for r in 0..n {
        let cards = set(v
            .plays
            .iter()
            .filter(|p| rel(usize::from(p.0)) == r)
            .map(|p| p.1));
        w.cards("played_by", Some(r), cards);
    }
    let start = w.block("play_order", None, CARD_SLOTS, true);
    for (k, &(_, c)) in v.plays.iter().enumerate() {
        w.out[start + card_id(c)] = (k + 1) as f32 / CARD_SLOTS as f32;
    }
    w.per_seat("last_bid", n, me, |s| v.auction.last[s]);
    w.per_seat("passed", n, me, |s| v.auction.passed[s]);
    let (scores, present, carry) = &extra.sheet;
    w.per_seat("sheet", n, me, |s| scores[s]);
    w.value("sheet_present", f32::from(u8::from(*present)));
    w.value("sheet_carry", *carry);
    if let Some(a) = &extra.auction {
        let start = w.block("auction", None, history::BID_SLOTS * (n + 1), false);
        for (b, &(seat, passes)) in a.bids.iter().enumerate() {
            let at = start + b * (n + 1);
            if let Some(seat) = seat {
                w.out[at + rel(seat.index())] = 1.0;
            }
            w.out[at + n] = f32::from(passes) / 4.0;
        }
        w.value(
            "auction_trailing_passes",
            f32::from(a.trailing_passes) / 4.0,
        );
        w.value("auction_forced", f32::from(u8::from(a.forced)));
        w.value("auction_thrown_in", f32::from(u8::from(a.thrown_in)));
    }
    let width = record_width(n);
    let slots = history::slots(extra.family);
    let start = w.block("history", None, slots * width, false);
    for (k, r) in extra.records.iter().take(slots).enumerate() {
        let at = start + k * width;
        w.out[at + r.kind as usize] = 1.0;
        let at = at + history::KINDS.len();
        if let Some(seat) = r.seat {
            w.out[at + rel(seat.index())] = 1.0;
        }
        let at = at + n;
        for c in r.cards.iter() {
            w.out[at + card_id(c)] = 1.0;
        }
        w.out[at + CARD_SLOTS] = r.value;
    }
}

/// Fills `out` (at least `observation_len(seats)` long) with the
/// observation tensor of `obs`.
pub fn observation_tensor(obs: &AnyObservation, out: &mut [f32]) {
    write(&view(obs), out, None, None);
}

/// Fills `out` with the information-state tensor: the observation tensor,
/// then who played which card, in what order, the auction, the score sheet
/// and the seat's whole history as records (lossless).
pub fn information_state_tensor(obs: &AnyObservation, out: &mut [f32]) {
    let v = view(obs);
    let extra = Extra::of(obs, v.seats);
    write(&v, out, None, Some(&extra));
}

/// The layout of the tensors of `obs`'s table.
pub fn layout(obs: &AnyObservation, info: bool) -> Vec<Block> {
    let v = view(obs);
    let extra = Extra::of(obs, v.seats);
    let mut out = vec![0.0; information_state_len(extra.family, v.seats)];
    let mut blocks = Vec::new();
    write(&v, &mut out, Some(&mut blocks), info.then_some(&extra));
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Core;
    use talon_rules::{Preset, Setup};

    #[test]
    fn tensors_never_mark_a_hidden_card_and_lengths_match_the_layout() {
        for preset in Preset::ALL {
            let mut core = Core::new(preset, &[], &Setup::Seed(9)).unwrap();
            let mut legal = Vec::new();
            let mut step = 0;
            loop {
                for seat in 0..core.seats() {
                    let s = Seat(seat as u8);
                    let obs = core.observe(s);
                    let hidden = core.hidden_from(s);
                    let blocks = layout(&obs, true);
                    let last = blocks.last().unwrap();
                    let len = information_state_len(core.family(), core.seats());
                    assert_eq!(last.start + last.len, len);
                    let mut t = vec![0.0; len];
                    information_state_tensor(&obs, &mut t);
                    for b in blocks.iter().filter(|b| b.cards) {
                        for c in hidden.iter() {
                            assert_eq!(t[b.start + card_id(c)], 0.0, "{preset} {} {c}", b.name);
                        }
                    }
                    // The history's records name cards too.
                    let width = record_width(core.seats());
                    let cards_at = history::KINDS.len() + core.seats();
                    for k in 0..history::slots(core.family()) {
                        let at = last.start + k * width + cards_at;
                        for c in hidden.iter() {
                            assert_eq!(t[at + card_id(c)], 0.0, "{preset} record {k} {c}");
                        }
                    }
                }
                if core.to_move().is_none() {
                    break;
                }
                core.legal_ids(&mut legal);
                core.apply(legal[(step * 7) % legal.len()]).unwrap();
                step += 1;
            }
        }
    }
}
