//! Determinization: full deals consistent with one seat's observation.
//!
//! Hidden from the observer are the other seats' hands (apart from trumps
//! given into them face up), their face-down discards and the undrawn
//! stock or kitty. What the public record says about them:
//!
//! - face-down discards are non-trumps (a trump is always discarded face up);
//! - following: a seat that did not follow a trump lead with a trump holds
//!   none; under `SuitOrTrump` / `Suit` a seat that neither followed nor
//!   trumped (or did not follow) is void in the plain suit led; under
//!   `NonTrump` a seat that trumped a plain lead holds no plain cards; the
//!   bidder leading a plain card to the first trick under
//!   `lead_trump_first` holds no trumps. Hands only shrink during the play,
//!   so what was missing then is missing now;
//! - seats out (folded, "I'm up") and dumping seats hold no trumps;
//! - a give: an excess give leaves the giver with trumps only, a fold's
//!   leaves it at most the two of trumps. Where both kinds exist
//!   (`fold_pass` with regular giving) the record cannot always tell them
//!   apart (it can before the fill, when no fold is allowed, and for a
//!   seat that was given a card, which may not fold), so the attempts go
//!   through the readings of the givers left open in turn. (A folder is
//!   out once his last trump is given, so nothing comes back to him; a
//!   trump given back to its giver was dealt to it all the same);
//! - fill mode: the non-trumps dealt to a seat are exactly its first
//!   discards, so its dealt hand held `hand_size - count` trumps;
//! - the shape of the reduction (who had to discard, who kept more than
//!   six) and the outs at each trick.
//!
//! The sampler places the hidden cards respecting the first four kinds of
//! facts directly (each card goes to a place it may be, in proportion to
//! the room left), rebuilds an initial deal from the placement (each
//! seat's dealt hand and draws, the stock in draw order) and replays the
//! public record on it. A placement whose replay does not reproduce the
//! observation exactly (the remaining, positive facts) is rejected and a
//! new one drawn. The result is exactly a state the observer cannot tell
//! from the real one; close to, but not exactly, uniform among them.

use super::action::{Action, DOUBLE};
use super::cards::TrumpInfo;
use super::deal::{deck_for, Deal};
use super::observation::PedroObservation;
use super::options::{Excess, Follow, PedroOptions, Replenish};
use super::state::{partner, Event, Pedro, Phase};
use super::PLAY_HAND;
use crate::search::Determinize;
use crate::shuffle::{below, shuffle};
use rand_core::RngCore;
use talon_cards::{Card, CardSet, Seat};

/// Attempts before giving up on an exactly consistent sample.
const ATTEMPTS: usize = 400;

/// What the public record (and the observer's own cards) say, worked out
/// once per observation.
struct Facts {
    info: Option<TrumpInfo>,
    /// Cards that left each seat face up (given, shown, played, dumped).
    gone: [CardSet; 4],
    /// Cards each seat received from partner.
    recv: [CardSet; 4],
    /// Face-down discards per seat (count).
    face_down: [usize; 4],
    /// Fill mode: non-trumps discarded at the trump naming (dealt ones).
    dealt_plain: [usize; 4],
    /// Fill mode: trumps a seat gave away or showed before the fill
    /// (so they were dealt to it).
    prefill_out: [CardSet; 4],
    /// Cards drawn per seat, and the draws in order (with the cards, for
    /// the observer's own).
    drew: [usize; 4],
    draws: Vec<(Seat, usize, CardSet)>,
    /// Seats (bit per seat) whose gives the record leaves open.
    open_givers: u8,
    /// Cards each seat cannot hold now.
    forbidden: [CardSet; 4],
    /// Hidden cards to place.
    unknown: CardSet,
}

/// What a give in the record was: a fold's (one or two trumps given away
/// from a hand of plain cards) or an excess give (from a hand of trumps
/// only). Legality decides (`may_fold_pass` at that moment); the record
/// alone says it where only one kind exists, before the fill (no fold
/// then) and for a seat that was given a card (it may not fold); else the
/// sampler tries both readings (`folds`: the seats read as folding).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gives {
    Fold,
    Excess,
    /// Either: the reading decides.
    Unknown,
}

/// What a give was, as far as the record says: `given_to` (the giver was
/// given a card by partner) and `before_fill` (fill mode, no draw yet)
/// rule the fold out.
fn give_kind(opts: &PedroOptions, given_to: bool, before_fill: bool) -> Gives {
    let regular = matches!(opts.excess, Excess::Give | Excess::GiveThenDiscard);
    if !opts.fold_pass {
        Gives::Excess
    } else if !regular {
        Gives::Fold
    } else if given_to || before_fill {
        Gives::Excess
    } else {
        Gives::Unknown
    }
}

fn facts(obs: &PedroObservation, folds: u8) -> Facts {
    let opts = &obs.options;
    let info = obs.trump.map(|s| TrumpInfo::new(s, opts));
    let mut f = Facts {
        info,
        gone: [CardSet::EMPTY; 4],
        recv: [CardSet::EMPTY; 4],
        face_down: [0; 4],
        dealt_plain: [0; 4],
        prefill_out: [CardSet::EMPTY; 4],
        drew: [0; 4],
        draws: Vec::new(),
        open_givers: 0,
        forbidden: [CardSet::EMPTY; 4],
        unknown: CardSet::EMPTY,
    };
    let fill = opts.replenish == Replenish::Fill;
    let mut trick: Vec<(Seat, Card)> = Vec::new();
    let mut tricks = 0usize;
    let mut public = CardSet::EMPTY;
    // Seats that gave or showed a trump as excess: they held no plain
    // card then, and have not drawn since.
    let mut all_trumps = [false; 4];
    // Cards each seat has played (or dumped) in the play.
    let mut played = [0usize; 4];
    // Seats that were given a card by partner: they may not fold.
    let mut given_to = [false; 4];
    for e in &obs.events {
        match *e {
            Event::Discarded { seat, count, .. } => {
                f.face_down[seat.index()] += count as usize;
                if fill && f.draws.is_empty() {
                    f.dealt_plain[seat.index()] += count as usize;
                }
            }
            Event::ShownDiscard { seat, card } => {
                all_trumps[seat.index()] = true;
                f.gone[seat.index()].insert(card);
                public.insert(card);
                if fill && f.draws.is_empty() {
                    f.prefill_out[seat.index()].insert(card);
                }
            }
            Event::Give { seat, card } => {
                let before_fill = fill && f.draws.is_empty();
                let gives = match give_kind(opts, given_to[seat.index()], before_fill) {
                    Gives::Unknown => {
                        f.open_givers |= 1 << seat.0;
                        if folds & (1 << seat.0) != 0 {
                            Gives::Fold
                        } else {
                            Gives::Excess
                        }
                    }
                    known => known,
                };
                given_to[partner(seat).index()] = true;
                // An excess give leaves the giver with trumps only.
                all_trumps[seat.index()] |= gives == Gives::Excess;
                f.gone[seat.index()].insert(card);
                // A trump given back to the seat that gave it to fold was
                // dealt to that seat: not received from outside.
                let back = f.gone[partner(seat).index()].contains(card);
                if !back {
                    f.recv[partner(seat).index()].insert(card);
                }
                public.insert(card);
                // A fold gives the giver's one trump (or two with the two
                // of trumps) away.
                if let Some(info) = &f.info {
                    if gives == Gives::Fold && card != info.two {
                        f.forbidden[seat.index()] |= info.trumps.without(info.two);
                    }
                }
                if fill && f.draws.is_empty() {
                    f.prefill_out[seat.index()].insert(card);
                }
            }
            // Only a seat holding nothing but trumps is offered `keep`.
            Event::Keep { seat } => all_trumps[seat.index()] = true,
            Event::Drew {
                seat, count, cards, ..
            } => {
                all_trumps[seat.index()] = false;
                f.drew[seat.index()] += count as usize;
                f.draws.push((seat, count as usize, cards));
            }
            Event::Play { seat, card } => {
                played[seat.index()] += 1;
                f.gone[seat.index()].insert(card);
                public.insert(card);
                if let Some(info) = &f.info {
                    f.forbidden[seat.index()] |=
                        follow_forbids(obs, info, &trick, seat, card, tricks);
                }
                trick.push((seat, card));
            }
            Event::Dump { seat, cards } => {
                played[seat.index()] += cards.len();
                f.gone[seat.index()] |= cards;
                public |= cards;
                if let Some(info) = &f.info {
                    f.forbidden[seat.index()] |= info.trumps;
                }
                trick.extend(cards.iter().map(|c| (seat, c)));
            }
            Event::Out { seat } => {
                if let Some(info) = &f.info {
                    f.forbidden[seat.index()] |= info.trumps;
                }
            }
            Event::Trick { .. } => {
                trick.clear();
                tricks += 1;
            }
            _ => {}
        }
    }
    let me = obs.seat.index();
    // Folding without trumps passes a trumpless seat over too: outside
    // fill mode it is out in view of all by then (`out` below); in fill
    // mode only when play starts, so a seat passed over may hold nothing
    // but plain cards.
    let trumpless_passed = opts.fold_without_trumps && opts.replenish == Replenish::Fill;
    if f.info.is_some() && !trumpless_passed {
        for s in 0..4 {
            // A seat out of the deal (a pass-and-fold's giver) keeps its
            // plain cards, however many: it was passed over for being out,
            // not for holding nothing but trumps.
            let out = obs.out[s];
            all_trumps[s] |= s != me && !out && kept_over_six(obs, Seat(s as u8), played[s]);
        }
    }
    let deck = deck_for(opts).cards();
    if let Some(info) = &f.info {
        for (forbidden, _) in f.forbidden.iter_mut().zip(all_trumps).filter(|(_, a)| *a) {
            *forbidden |= deck - info.trumps;
        }
    }
    f.unknown = deck - obs.hand - obs.own_discards - public;
    for k in obs.known {
        f.unknown = f.unknown - k;
    }
    // A hidden card is never in the observer's own places.
    f.forbidden[me] = deck;
    f
}

/// Did the reduction pass `seat` over while it held more than six cards?
/// It then had no non-trump to discard. (It goes round from the dealer's
/// left, always to the first seat with something to do; hands only shrink
/// in the play.)
fn kept_over_six(obs: &PedroObservation, seat: Seat, played: usize) -> bool {
    let size = obs.hand_sizes[seat.index()] as usize;
    match (obs.phase, obs.to_move) {
        (Phase::Reduce, Some(actor)) => {
            let place = |s: Seat| (s.0 + 4 - obs.dealer.0 + 3) % 4;
            size > PLAY_HAND && place(seat) < place(actor)
        }
        (Phase::Play, _) => size + played > PLAY_HAND,
        _ => false,
    }
}

/// Cards `seat` cannot hold once it played `card` to `trick` (the cards
/// before it), as the following rules say.
fn follow_forbids(
    obs: &PedroObservation,
    info: &TrumpInfo,
    trick: &[(Seat, Card)],
    seat: Seat,
    card: Card,
    tricks: usize,
) -> CardSet {
    let all = deck_for(&obs.options).cards();
    let plain_all = all - info.trumps;
    let Some(&(_, led)) = trick.first() else {
        if tricks == 0
            && obs.options.lead_trump_first
            && Some(seat) == obs.bidder
            && !info.is_trump(card)
        {
            return info.trumps;
        }
        return CardSet::EMPTY;
    };
    if info.is_trump(led) {
        return if info.is_trump(card) {
            CardSet::EMPTY
        } else {
            info.trumps
        };
    }
    let suit = led.suit_unchecked();
    let led_plain = info.plain(all, suit);
    let followed = led_plain.contains(card);
    match obs.options.follow {
        Follow::TrumpOnly => CardSet::EMPTY,
        Follow::SuitOrTrump if !followed && !info.is_trump(card) => led_plain,
        Follow::Suit if !followed => led_plain,
        Follow::NonTrump if info.is_trump(card) => plain_all,
        _ => CardSet::EMPTY,
    }
}

/// One placement of the hidden cards: hands (hidden part), face-down
/// discards, undrawn stock; `None` when the draw got stuck. Two ways of
/// drawing, used in turn: card by card, each card to a place in
/// proportion to its room (close to uniform when few places are
/// constrained), or place by place, the tightest first (rarely stuck when
/// a place may hold only trumps or only plain cards).
fn place<R: RngCore + ?Sized>(
    obs: &PedroObservation,
    f: &Facts,
    by_group: bool,
    rng: &mut R,
) -> Option<([CardSet; 4], [CardSet; 4], CardSet)> {
    // Groups 0..4: hidden hand parts; 4..8: face-down discards; 8: stock.
    let mut room = [0usize; 9];
    let me = obs.seat.index();
    for s in 0..4 {
        if s == me {
            continue;
        }
        room[s] = (obs.hand_sizes[s] as usize).checked_sub(obs.known[s].len())?;
        room[4 + s] = f.face_down[s];
    }
    room[8] = obs.stock_left as usize;
    let mut allowed = [CardSet::EMPTY; 9];
    let deck = deck_for(&obs.options).cards();
    for s in 0..4 {
        allowed[s] = deck - f.forbidden[s];
        allowed[4 + s] = match &f.info {
            Some(info) => deck - info.trumps,
            None => deck,
        };
        if s == me {
            allowed[s] = CardSet::EMPTY;
            allowed[4 + s] = CardSet::EMPTY;
        }
    }
    allowed[8] = deck;
    if room.iter().sum::<usize>() != f.unknown.len() {
        return None;
    }
    let mut out = [CardSet::EMPTY; 9];
    let mut unknown = f.unknown;
    // Fill mode: a seat was dealt `hand_size - dealt_plain` trumps, so the
    // hidden part of its hand holds at least those it has not shown.
    if let (Some(info), Replenish::Fill) = (&f.info, obs.options.replenish) {
        let size = obs.options.hand_size as usize;
        for s in 0..4 {
            if s == me {
                continue;
            }
            let shown = ((f.gone[s] - f.recv[s]) & info.trumps).len();
            let need = size
                .saturating_sub(f.dealt_plain[s])
                .saturating_sub(shown)
                .min(room[s]);
            let chosen = pick(unknown & info.trumps & allowed[s], need, rng)?;
            out[s] |= chosen;
            room[s] -= need;
            unknown = unknown - chosen;
        }
    }
    if by_group {
        // Tightest places first (fewest spare cards they may take), each
        // taking a uniform subset of what it may hold and is left.
        let mut order: Vec<usize> = (0..9).filter(|&g| room[g] > 0).collect();
        shuffle(&mut order, rng);
        order.sort_by_key(|&g| (unknown & allowed[g]).len().saturating_sub(room[g]));
        for g in order {
            let chosen = pick(unknown & allowed[g], room[g], rng)?;
            out[g] |= chosen;
            unknown = unknown - chosen;
        }
    } else {
        // Most constrained cards first, each to a place it may be in
        // proportion to the room left.
        let mut cards: Vec<Card> = unknown.iter().collect();
        shuffle(&mut cards, rng);
        cards.sort_by_key(|c| allowed.iter().filter(|a| a.contains(*c)).count());
        for c in cards {
            let total: usize = (0..9)
                .filter(|&g| allowed[g].contains(c))
                .map(|g| room[g])
                .sum();
            if total == 0 {
                return None;
            }
            let mut r = below(rng, total as u64) as usize;
            for g in 0..9 {
                if !allowed[g].contains(c) {
                    continue;
                }
                if r < room[g] {
                    out[g].insert(c);
                    room[g] -= 1;
                    break;
                }
                r -= room[g];
            }
        }
    }
    let mut hands = [CardSet::EMPTY; 4];
    let mut discards = [CardSet::EMPTY; 4];
    for s in 0..4 {
        if s == me {
            hands[s] = obs.hand;
            discards[s] = obs.own_discards;
        } else {
            hands[s] = out[s] | obs.known[s];
            discards[s] = out[4 + s];
        }
    }
    Some((hands, discards, out[8]))
}

/// A uniformly chosen `n`-subset of `set`.
fn pick<R: RngCore + ?Sized>(set: CardSet, n: usize, rng: &mut R) -> Option<CardSet> {
    let mut v: Vec<Card> = set.iter().collect();
    if v.len() < n {
        return None;
    }
    shuffle(&mut v, rng);
    Some(v[..n].iter().copied().collect())
}

/// The initial deal behind a placement: each seat's dealt hand and draws,
/// the stock in draw order.
fn rebuild<R: RngCore + ?Sized>(
    obs: &PedroObservation,
    f: &Facts,
    hands: &[CardSet; 4],
    discards: &[CardSet; 4],
    stock: CardSet,
    rng: &mut R,
) -> Option<Deal> {
    let size = obs.options.hand_size as usize;
    let mut dealt = [CardSet::EMPTY; 4];
    let mut drawn: [Vec<Card>; 4] = Default::default();
    let me = obs.seat.index();
    for s in 0..4 {
        let acquired = (hands[s] | discards[s] | f.gone[s]) - f.recv[s];
        if acquired.len() != size + f.drew[s] {
            return None;
        }
        if s == me {
            // The observer remembers what it drew: the rest was dealt.
            dealt[s] = acquired - obs.own_draws();
            continue;
        }
        let d = match &f.info {
            Some(info) if obs.options.replenish == Replenish::Fill => {
                let plain = pick(discards[s], f.dealt_plain[s], rng)?;
                let n = size.checked_sub(f.dealt_plain[s])?;
                let must = f.prefill_out[s];
                let rest = pick(
                    (acquired & info.trumps) - must,
                    n.checked_sub(must.len())?,
                    rng,
                )?;
                plain | must | rest
            }
            _ => pick(acquired, size, rng)?,
        };
        dealt[s] = d;
        drawn[s] = (acquired - d).iter().collect();
        shuffle(&mut drawn[s], rng);
    }
    let mut rest = Vec::with_capacity(stock.len() + 32);
    for &(seat, n, cards) in &f.draws {
        if seat.index() == me {
            rest.extend(cards.iter());
            continue;
        }
        let pool = &mut drawn[seat.index()];
        if pool.len() < n {
            return None;
        }
        rest.extend(pool.drain(..n));
    }
    let mut undrawn: Vec<Card> = stock.iter().collect();
    shuffle(&mut undrawn, rng);
    rest.extend(undrawn);
    Some(Deal {
        dealer: obs.dealer,
        hands: dealt,
        rest,
    })
}

/// Replays the record on a deal, choosing other seats' face-down discards
/// from `discards` (the observer's are on the record). `None` if some
/// action is illegal or the record differs.
fn replay(obs: &PedroObservation, deal: &Deal, discards: &[CardSet; 4]) -> Option<Pedro> {
    let mut g = Pedro::new(deal, obs.options).ok()?;
    g.sheet = obs.sheet;
    let mut left = *discards;
    let me = obs.seat;
    let mut checked = 0;
    while g.events.len() < obs.events.len() {
        for (e, seen) in g.events[checked..].iter().zip(&obs.events[checked..]) {
            if e.seen_by(me) != *seen {
                return None;
            }
        }
        checked = g.events.len();
        let seat = g.to_move()?;
        let action = match obs.events[g.events.len()] {
            Event::Bid { bid, .. } => {
                if obs.options.double_bid && bid == obs.options.double_value() {
                    Action::Bid(DOUBLE)
                } else {
                    Action::Bid(bid)
                }
            }
            Event::Pass { .. } => Action::Pass,
            Event::Trump { suit, .. } => Action::Trump(suit),
            Event::Discarded {
                seat: by, cards, ..
            } if by == me => Action::Discard(cards.first()?),
            Event::Discarded { .. } => {
                let c = (left[seat.index()] & g.hands[seat.index()]).first()?;
                left[seat.index()].remove(c);
                Action::Discard(c)
            }
            Event::ShownDiscard { card, .. } => Action::Discard(card),
            Event::Give { card, .. } => Action::Give(card),
            Event::Keep { .. } => Action::Keep,
            Event::Play { card, .. } => Action::Play(card),
            Event::Dump { .. } => Action::Dump,
            _ => return None,
        };
        g.play_checked(action)?;
    }
    (g.observation(obs.seat) == *obs).then_some(g)
}

impl Pedro {
    fn play_checked(&mut self, action: Action) -> Option<()> {
        self.is_legal(action).then(|| self.apply(action))
    }
}

/// One exactly consistent state, or `None` after [`ATTEMPTS`] tries.
pub fn try_sample<R: RngCore + ?Sized>(obs: &PedroObservation, rng: &mut R) -> Option<Pedro> {
    try_sample_counted(obs, rng).map(|(g, _)| g)
}

/// As [`try_sample`], also returning how many placements were drawn.
fn try_sample_counted<R: RngCore + ?Sized>(
    obs: &PedroObservation,
    rng: &mut R,
) -> Option<(Pedro, usize)> {
    // Every reading of the gives the record leaves open, in turn (each
    // subset of the unclassified givers read as folding).
    let none = facts(obs, 0);
    let open = none.open_givers;
    let mut readings = Vec::new();
    let mut folds = open;
    while folds != 0 {
        readings.push(facts(obs, folds));
        folds = (folds - 1) & open;
    }
    readings.push(none);
    for attempt in 1..=ATTEMPTS {
        let f = &readings[(attempt / 2) % readings.len()];
        let Some((hands, discards, stock)) = place(obs, f, attempt % 2 == 0, rng) else {
            continue;
        };
        let Some(deal) = rebuild(obs, f, &hands, &discards, stock, rng) else {
            continue;
        };
        if let Some(g) = replay(obs, &deal, &discards) {
            return Some((g, attempt));
        }
    }
    None
}

impl Determinize for Pedro {
    /// Falls back to a deal of the observer's cards with the rest at random,
    /// replayed as far as it goes, if no consistent state was found (never
    /// seen in the tests; the search then works on an approximate world).
    fn sample<R: RngCore + ?Sized>(obs: &PedroObservation, rng: &mut R) -> Pedro {
        if let Some(g) = try_sample(obs, rng) {
            return g;
        }
        // (try_sample's replay carries the score sheet itself.)
        let mut g = fallback(obs, rng);
        g.sheet = obs.sheet;
        g
    }

    /// The stock is drawn from in the reduction, before the play.
    fn draws_ahead(obs: &PedroObservation) -> bool {
        obs.stock_left > 0 && matches!(obs.phase, Phase::Auction | Phase::Trump | Phase::Reduce)
    }
}

/// A state close to the observation: the hidden cards placed respecting
/// the voids, with the public fields taken from a replay that may have
/// diverged. Only used when rejection sampling fails.
fn fallback<R: RngCore + ?Sized>(obs: &PedroObservation, rng: &mut R) -> Pedro {
    let f = facts(obs, 0);
    for _ in 0..ATTEMPTS {
        if let Some((hands, discards, stock)) = place(obs, &f, true, rng) {
            if let Some(deal) = rebuild(obs, &f, &hands, &discards, stock, rng) {
                let mut g = Pedro::new(&deal, obs.options).expect("rebuilt deal is valid");
                let mut left = discards;
                for e in &obs.events {
                    if g.to_move().is_none() {
                        break;
                    }
                    let a = match *e {
                        Event::Bid { bid, .. } if g.phase == super::Phase::Auction => {
                            if obs.options.double_bid && bid == obs.options.double_value() {
                                Action::Bid(DOUBLE)
                            } else {
                                Action::Bid(bid)
                            }
                        }
                        Event::Pass { .. } => Action::Pass,
                        Event::Trump { suit, .. } => Action::Trump(suit),
                        Event::Discarded { seat, cards, .. } if seat == g.to_act => {
                            let mine = (seat == obs.seat).then(|| cards.first()).flatten();
                            match mine
                                .or_else(|| (left[seat.index()] & g.hands[seat.index()]).first())
                            {
                                Some(c) => {
                                    left[seat.index()].remove(c);
                                    Action::Discard(c)
                                }
                                None => continue,
                            }
                        }
                        Event::ShownDiscard { card, .. } => Action::Discard(card),
                        Event::Give { card, .. } => Action::Give(card),
                        Event::Keep { .. } => Action::Keep,
                        Event::Play { card, .. } => Action::Play(card),
                        Event::Dump { .. } => Action::Dump,
                        _ => continue,
                    };
                    if g.play_checked(a).is_none() {
                        break;
                    }
                }
                return g;
            }
        }
    }
    // Nothing fits at all: a fresh deal of the same options.
    Pedro::from_seed(rng.next_u64(), obs.options, obs.dealer)
}

#[cfg(test)]
#[path = "sample_tests.rs"]
mod tests;
