//! The seat's history as the information-state tensor writes it: one
//! record per thing the seat saw happen, in order, read off its observation
//! (never a state). With the observation tensor's blocks and the score
//! sheet, the records make the information-state tensor lossless: two
//! observations with the same tensor are the same observation (tested
//! against the information-state string, which is perfect recall).
//!
//! A record is a kind, the seat it concerns, the cards it names and one
//! number; what each kind's number means is in crates/py/README.md.

use arrayvec::ArrayVec;
use talon_cards::{Card, CardSet, Rank, Seat};
use talon_rules::pedro;
use talon_rules::{na_sixty_six, sevens, sixty_six, AnyObservation, Family};

/// The kinds of record; a record's one-hot slot is its kind's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Kind {
    Play,
    MarriageLead,
    Bid,
    Pass,
    Trump,
    Meld,
    Exchange,
    Close,
    Draw,
    Discard,
    ShownDiscard,
    Give,
    Keep,
    Dump,
    Out,
    Trick,
    LayAway,
    AceOdd,
    AceEven,
}

/// The kinds' names, in the order of their slots (for the layout).
pub const KINDS: [&str; 19] = [
    "play",
    "marriage_lead",
    "bid",
    "pass",
    "trump",
    "meld",
    "exchange",
    "close",
    "draw",
    "discard",
    "shown_discard",
    "give",
    "keep",
    "dump",
    "out",
    "trick",
    "lay_away",
    "ace_odd",
    "ace_even",
];

const _: () = assert!(KINDS.len() == Kind::AceEven as usize + 1);

/// Records a family's longest deal can need (the tests check they are
/// never exceeded: random play through every preset).
pub fn slots(family: Family) -> usize {
    match family {
        // 24 cards, melds, exchanges, a close, the seat's own draws.
        Family::SixtySix => 48,
        // Four bids, up to 32 cards, three laid away.
        Family::NaSixtySix => 48,
        // 52 cards and four Ace calls.
        Family::Sevens => 64,
        // Trump; every card leaves play once (played, dumped or discarded:
        // at most 53 records, fewer as discards and dumps group cards);
        // gives: at most 15 excess gives (one per trump, the other five
        // and the joker included: a trump never goes back by an excess
        // give) and 8 fold gives (two a seat); five draws, four keeps, 14
        // tricks (13-card hands), four outs: 104.
        // (The auction, which can be long, has its own block.)
        Family::Pedro => 160,
    }
}

/// Records kept while reading an observation: more than any family has
/// room for, so that a history outgrowing its slots shows in the tests
/// (the tensor writes only the first `slots(family)`).
pub const MAX_SLOTS: usize = 192;

/// Bid values a Pedro auction block has a slot for: 0 to 100 (`max_bid`'s
/// limit) and the double bid above it.
pub const BID_SLOTS: usize = 102;

/// Floats of the Pedro auction block for `seats` (0 for other families).
pub fn auction_len(family: Family, seats: usize) -> usize {
    match family {
        Family::Pedro => BID_SLOTS * (seats + 1) + 3,
        _ => 0,
    }
}

/// A Pedro auction, whole: bids only rise, so each bid value was bid at
/// most once; with who bid it and how many passes came since the bid
/// before, plus the passes after the last bid, the sequence is told
/// exactly (whose turn it is follows from the rules).
pub struct AuctionRecord {
    /// Per bid value: (seat, passes just before it).
    pub bids: [(Option<Seat>, u8); BID_SLOTS],
    pub trailing_passes: u8,
    pub forced: bool,
    pub thrown_in: bool,
}

pub fn pedro_auction(o: &pedro::PedroObservation) -> AuctionRecord {
    use pedro::Event;
    let mut a = AuctionRecord {
        bids: [(None, 0); BID_SLOTS],
        trailing_passes: 0,
        forced: false,
        thrown_in: false,
    };
    let mut passes = 0u8;
    for e in &o.events {
        match *e {
            Event::Bid { seat, bid } => {
                // (The record holds the double bid as its value, max_bid + 1.)
                if let Some(slot) = a.bids.get_mut(usize::from(bid)) {
                    *slot = (Some(seat), passes);
                }
                passes = 0;
            }
            Event::Pass { .. } => passes = passes.saturating_add(1),
            Event::Forced { .. } => a.forced = true,
            Event::ThrowIn => a.thrown_in = true,
            _ => {}
        }
    }
    a.trailing_passes = passes;
    a
}

#[derive(Clone, Copy, Debug)]
pub struct Record {
    pub kind: Kind,
    pub seat: Option<Seat>,
    pub cards: CardSet,
    pub value: f32,
}

pub type Records = ArrayVec<Record, MAX_SLOTS>;

/// Adds a record; one past the room is dropped rather than panicking (the
/// slot bounds are checked by the tests, so this never happens in play).
fn push(out: &mut Records, kind: Kind, seat: Option<Seat>, cards: CardSet, value: f32) {
    let _ = out.try_push(Record {
        kind,
        seat,
        cards,
        value,
    });
}

fn one(c: Card) -> CardSet {
    CardSet::single(c)
}

pub fn records(obs: &AnyObservation) -> Records {
    let mut out = Records::new();
    match obs {
        AnyObservation::SixtySix(o) => sixty_six_records(o, &mut out),
        AnyObservation::NaSixtySix(o) => na_records(o, &mut out),
        AnyObservation::Sevens(o) => sevens_records(o, &mut out),
        AnyObservation::Pedro(o) => pedro_records(o, &mut out),
    }
    out
}

fn sixty_six_records(o: &sixty_six::SixtySixObservation, out: &mut Records) {
    use sixty_six::Event;
    for k in 0..=o.tricks.len() {
        // What came before trick k's lead: melds, exchanges, a close.
        for e in &o.events {
            match *e {
                Event::Meld {
                    seat,
                    suit,
                    points,
                    trick,
                } if usize::from(trick) == k => {
                    let pair = one(Card::new(suit, Rank::King)) | one(Card::new(suit, Rank::Queen));
                    push(out, Kind::Meld, Some(seat), pair, f32::from(points) / 40.0);
                }
                Event::Exchange {
                    seat,
                    gave,
                    took,
                    trick,
                } if usize::from(trick) == k => {
                    // Which is which follows from the rules: the card
                    // given is the low trump, the one taken the trump card.
                    push(out, Kind::Exchange, Some(seat), one(gave) | one(took), 0.0);
                }
                Event::Close { seat, trick } if usize::from(trick) == k => {
                    push(out, Kind::Close, Some(seat), CardSet::EMPTY, 0.0);
                }
                _ => {}
            }
        }
        match o.tricks.get(k) {
            Some(t) => {
                push(out, Kind::Play, Some(t.leader), one(t.cards[0]), 0.0);
                push(
                    out,
                    Kind::Play,
                    Some(t.leader.opponent()),
                    one(t.cards[1]),
                    0.0,
                );
            }
            None => {
                if let Some(c) = o.lead_card {
                    push(out, Kind::Play, Some(o.leader), one(c), 0.0);
                }
            }
        }
        if let Some(&c) = o.drawn.get(k) {
            push(out, Kind::Draw, Some(o.seat), one(c), 0.0);
        }
    }
}

fn na_records(o: &na_sixty_six::NaObservation, out: &mut Records) {
    for &(seat, bid) in &o.bids {
        if bid == 0 {
            push(out, Kind::Pass, Some(seat), CardSet::EMPTY, 0.0);
        } else {
            push(
                out,
                Kind::Bid,
                Some(seat),
                CardSet::EMPTY,
                f32::from(bid) / 5.0,
            );
        }
    }
    let mut leads = o.marriage_leads();
    let tricks = o
        .history
        .iter()
        .map(|t| &t.cards[..])
        .chain(std::iter::once(&o.trick[..]));
    for (k, cards) in tricks.enumerate() {
        for (j, &(seat, c)) in cards.iter().enumerate() {
            let kind = match j {
                0 if matches!(leads.lead(seat, c), na_sixty_six::Action::Marriage(_)) => {
                    Kind::MarriageLead
                }
                _ => Kind::Play,
            };
            push(out, kind, Some(seat), one(c), 0.0);
        }
        if k == 0 {
            for &c in &o.laid_away_order {
                push(out, Kind::LayAway, Some(o.seat), one(c), 0.0);
            }
        }
    }
}

fn sevens_records(o: &sevens::SevensObservation, out: &mut Records) {
    let n = o.options.players;
    let tricks = o
        .history
        .iter()
        .map(|t| (t.leader, &t.cards[..], &t.calls[..]))
        .chain(std::iter::once((o.leader, &o.trick[..], &o.calls[..])));
    for (leader, cards, calls) in tricks {
        for (i, &c) in cards.iter().enumerate() {
            let seat = leader.offset(i as u8, n);
            push(out, Kind::Play, Some(seat), one(c), 0.0);
            match calls.get(i).copied().flatten() {
                Some(sevens::AceCall::Odd) => push(out, Kind::AceOdd, Some(seat), one(c), 0.0),
                Some(sevens::AceCall::Even) => push(out, Kind::AceEven, Some(seat), one(c), 0.0),
                None => {}
            }
        }
    }
}

fn pedro_records(o: &pedro::PedroObservation, out: &mut Records) {
    use pedro::Event;
    let count = |n: u8| f32::from(n) / 16.0;
    for e in &o.events {
        match *e {
            // In the auction block.
            Event::Bid { .. } | Event::Pass { .. } | Event::Forced { .. } | Event::ThrowIn => {}
            Event::Trump { seat, suit } => push(
                out,
                Kind::Trump,
                Some(seat),
                CardSet::EMPTY,
                (suit.index() + 1) as f32 / 4.0,
            ),
            Event::Discarded {
                seat,
                count: n,
                cards,
            } => push(out, Kind::Discard, Some(seat), cards, count(n)),
            Event::ShownDiscard { seat, card } => {
                push(out, Kind::ShownDiscard, Some(seat), one(card), 0.0)
            }
            Event::Give { seat, card } => push(out, Kind::Give, Some(seat), one(card), 0.0),
            Event::Keep { seat } => push(out, Kind::Keep, Some(seat), CardSet::EMPTY, 0.0),
            Event::Drew {
                seat,
                count: n,
                cards,
                ..
            } => push(out, Kind::Draw, Some(seat), cards, count(n)),
            Event::Play { seat, card } => push(out, Kind::Play, Some(seat), one(card), 0.0),
            Event::Dump { seat, cards } => push(out, Kind::Dump, Some(seat), cards, 0.0),
            Event::Out { seat } => push(out, Kind::Out, Some(seat), CardSet::EMPTY, 0.0),
            Event::Trick { winner } => push(out, Kind::Trick, Some(winner), CardSet::EMPTY, 0.0),
        }
    }
}

/// The score sheet before this deal, per seat (its side's score) and
/// whether there is one, plus the family's extra figure (North American
/// Sixty-six's carried points). Each a share of the game's target, within
/// [-1, 1].
pub fn sheet(obs: &AnyObservation, seats: usize) -> (ArrayVec<f32, 8>, bool, f32) {
    let mut per_seat: ArrayVec<f32, 8> = (0..seats).map(|_| 0.0).collect();
    // A score as a share of the target, kept within [-1, 1] (a Pedro side
    // set again and again falls far below zero).
    let share = |score: f32, target: f32| (score / target.max(1.0)).clamp(-1.0, 1.0);
    match obs {
        AnyObservation::SixtySix(o) => {
            if let Some(s) = &o.sheet {
                let target = f32::from(s.target);
                for (i, v) in per_seat.iter_mut().enumerate() {
                    *v = share(f32::from(s.scores[i]), target);
                }
                return (per_seat, true, 0.0);
            }
        }
        AnyObservation::NaSixtySix(o) => {
            if let Some(s) = &o.sheet {
                let side = |i: usize| if seats == 4 { i % 2 } else { i };
                let target = f32::from(o.options.target);
                for (i, v) in per_seat.iter_mut().enumerate() {
                    *v = share(s.scores[side(i)] as f32, target);
                }
                return (per_seat, true, share(s.carry as f32, target));
            }
        }
        AnyObservation::Pedro(o) => {
            if let Some(s) = o.sheet {
                let target = f32::from(o.options.game_target);
                for (i, v) in per_seat.iter_mut().enumerate() {
                    *v = share(s[i % 2] as f32, target);
                }
                return (per_seat, true, 0.0);
            }
        }
        AnyObservation::Sevens(_) => {}
    }
    (per_seat, false, 0.0)
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
