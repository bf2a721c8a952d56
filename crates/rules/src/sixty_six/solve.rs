//! What the exact solver needs from the Sixty-six family: a position key
//! for the transposition table and a move-ordering hint.
//!
//! No equivalent-card merging: every rank of the family scores differently
//! (A 11, T 10, K 4, Q 3, J 2, 9 0), so two touching cards are never
//! interchangeable; the default hook (merge nothing) is the exact one.

use super::action::Action;
use super::cards::{beaters_in, king, points, queen, trick_winner};
use super::options::{FailedClose, LastTrick, PlayedOutScore, SchneiderPoints, Unclaimed};
use super::scoring::declaration;
use super::state::{Phase, SixtySix};
use crate::search::SolverGame;
use arrayvec::ArrayVec;
use talon_cards::{Card, Rank, Seat};

/// splitmix64's finaliser: every input bit reaches every output bit.
fn fmix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn card_code(c: Option<Card>) -> u64 {
    c.map_or(0, |c| u64::from(c.index()) + 1)
}

impl SixtySix {
    /// A king or queen whose partner is still in the leader's hand.
    fn partner_cost(&self, c: Card) -> i32 {
        let partner = match c.rank() {
            Some(Rank::King) => Rank::Queen,
            Some(Rank::Queen) => Rank::King,
            _ => return 0,
        };
        let hand = self.hands[self.leader.index()];
        if hand.contains(Card::new(c.suit_unchecked(), partner)) {
            20
        } else {
            0
        }
    }
}

/// The most game points `seat` can still win if its opponent plays
/// safely: the opponent never declares wrongly and never closes, which it
/// can always avoid. Then `seat` wins at most the usual 1/2/3 against the
/// opponent's tricks and points so far (these only grow), or, if the
/// opponent closed, the penalty for that close (its only way to win then).
fn max_win(g: &SixtySix, seat: Seat) -> i32 {
    match g.closed {
        Some(c) if c.by != seat => close_penalty(g, seat).1,
        _ => normal_game_points(g, seat.opponent()),
    }
}

/// The fewest and most game points `non_closer` can get for a failed
/// close from here (they only depend on tricks it takes under `AtEnd`).
fn close_penalty(g: &SixtySix, non_closer: Seat) -> (i32, i32) {
    let had_trick = match g.closed {
        Some(c) => c.opponent_had_trick,
        None => false,
    };
    match g.opts.failed_close {
        FailedClose::AtClosing if had_trick => (2, 2),
        FailedClose::AtEnd if g.tricks[non_closer.index()] > 0 => (2, 2),
        FailedClose::AtEnd => (2, 3),
        _ => (3, 3),
    }
}

/// Points `seat` can have at most by the end of a closed deal: what it
/// has, its uncounted marriages, every card point still in play and the
/// marriages it holds. `None` while the trump card can still change hands.
fn max_points_closed(g: &SixtySix, seat: Seat) -> Option<u16> {
    if g.opts.exchange_after_close && !g.exhausted {
        return None;
    }
    let s = seat.index();
    let in_play = g.hands[0] | g.hands[1];
    let mut total = g.points(seat) + g.pending[s] + g.lead_card.map_or(0, points);
    total += in_play.iter().map(points).sum::<u16>();
    if g.opts.marriages_after_talon {
        for suit in talon_cards::Suit::ALL {
            let hand = g.hands[s];
            if hand.contains(king(suit)) && hand.contains(queen(suit)) {
                total += if suit == g.trump { 40 } else { 20 };
            }
        }
    }
    Some(total)
}

/// Under strict rules, bounds (for seat 0) when the leader can reach 66
/// by cashing sure tricks, DDS's "quick tricks": its trumps above all the
/// opponent's, then its top cards of side suits, which win once the
/// opponent is out of trumps, or while it must still follow suit. It
/// then wins what it could win now, as the opponent takes nothing.
fn quick_tricks(g: &SixtySix) -> Option<(i32, i32)> {
    if g.phase != Phase::Lead || !g.strict() {
        return None;
    }
    let l = g.leader;
    let o = l.opponent();
    let (lh, oh) = (g.hands[l.index()], g.hands[o.index()]);
    let top = |c: Card| beaters_in(oh, c).is_empty();
    let trumps = lh.suit(g.trump).iter().filter(|&c| top(c));
    let mut tricks = trumps.clone().count();
    let mut gain: u16 = trumps.map(points).sum();
    let opp_trumps_left = oh.suit(g.trump).len() > tricks;
    for suit in talon_cards::Suit::ALL {
        if suit == g.trump {
            continue;
        }
        let mut winners: ArrayVec<u16, 6> = lh
            .suit(suit)
            .iter()
            .filter(|&c| top(c))
            .map(points)
            .collect();
        if opp_trumps_left {
            // Highest first: those the opponent must still follow to.
            winners.sort_unstable_by(|a, b| b.cmp(a));
            winners.truncate(oh.suit(suit).len());
        }
        tricks += winners.len();
        gain += winners.iter().sum::<u16>();
    }
    if tricks == 0 {
        return None;
    }
    // The opponent gives its cheapest cards at worst.
    let mut given: ArrayVec<u16, 6> = oh.iter().map(points).collect();
    given.sort_unstable();
    gain += given.iter().take(tricks).sum::<u16>();
    if g.points(l) + g.pending[l.index()] + gain < 66 {
        return None;
    }
    let won = match g.closed {
        Some(c) if c.by == o => close_penalty_with_trick(g),
        _ => normal_game_points(g, o),
    };
    let best = max_win(g, l);
    Some(if l.0 == 0 { (won, best) } else { (-best, -won) })
}

/// The close penalty the non-closer wins once it has taken a trick.
fn close_penalty_with_trick(g: &SixtySix) -> i32 {
    match g.opts.failed_close {
        FailedClose::AtClosing if g.closed.is_some_and(|c| c.opponent_had_trick) => 2,
        FailedClose::AtEnd => 2,
        _ => 3,
    }
}

/// The exact value (for seat 0) when it is already decided: the leader
/// may declare with 66 (declaring at once is best, as what it would win
/// only shrinks while the opponent takes tricks), or the closer can no
/// longer reach 66 (it loses the close penalty whatever happens).
fn decided(g: &SixtySix) -> Option<(i32, i32)> {
    let for_seat0 = |seat: Seat, (lo, hi): (i32, i32)| {
        if seat.0 == 0 {
            (lo, hi)
        } else {
            (-hi, -lo)
        }
    };
    if g.phase != Phase::Follow && g.points(g.leader) >= 66 && g.can_declare() {
        let r = declaration(g, g.leader);
        let gp = i32::from(r.game_points);
        return Some(for_seat0(g.leader, (gp, gp)));
    }
    let c = g.closed?.by;
    if max_points_closed(g, c)? < 66 {
        let n = c.opponent();
        return Some(for_seat0(n, close_penalty(g, n)));
    }
    None
}

/// Game points `loser` concedes if the deal ended now (see scoring).
fn normal_game_points(g: &SixtySix, loser: Seat) -> i32 {
    let l = loser.index();
    let pts = match g.opts.schneider_points {
        SchneiderPoints::All => g.points(loser),
        SchneiderPoints::CardsOnly => g.card_points[l],
    };
    if g.tricks[l] == 0 {
        3
    } else if pts < u16::from(g.opts.schneider) {
        2
    } else {
        1
    }
}

/// The exact value (for seat 0) when, under strict rules and with the last
/// trick deciding a played-out deal, the leader holds only the highest
/// remaining card of each of its suits and at least as many trumps as the
/// opponent: leading trumps first it takes every remaining trick, which is
/// the best it can do (the opponent never leads again, so cannot err), and
/// the rest follows from the scoring. `None` when that does not apply or
/// the outcome needs more care (the opponent closed; closer short of 66).
fn sweep_value(g: &SixtySix) -> Option<i32> {
    if g.phase != Phase::Lead
        || !g.strict()
        || g.opts.last_trick != LastTrick::WinsDeal
        || (g.opts.exchange_after_close && !g.exhausted)
    {
        return None;
    }
    let l = g.leader;
    let o = l.opponent();
    let (lh, oh) = (g.hands[l.index()], g.hands[o.index()]);
    if lh.is_empty() || lh.iter().any(|c| !beaters_in(lh | oh, c).is_empty()) {
        return None;
    }
    if oh.suit(g.trump).len() > lh.suit(g.trump).len() {
        return None;
    }
    let remaining: u16 = (lh | oh).iter().map(points).sum();
    let reaches_66 = g.points(l) + g.pending[l.index()] + remaining >= 66;
    let gp = match g.closed {
        Some(c) if c.by == o => return None,
        Some(_) if !reaches_66 => return None,
        _ if !reaches_66 && g.opts.played_out_score == PlayedOutScore::One => 1,
        _ => normal_game_points(g, o),
    };
    Some(if l.0 == 0 { gp } else { -gp })
}

impl SolverGame for SixtySix {
    fn value_range(&self) -> (i32, i32) {
        (-3, 3)
    }

    fn value_bounds(&self) -> (i32, i32) {
        if let Some(v) = sweep_value(self) {
            return (v, v);
        }
        if let Some(b) = decided(self) {
            return b;
        }
        if let Some(b) = quick_tricks(self) {
            return b;
        }
        (-max_win(self, Seat(1)), max_win(self, Seat(0)))
    }

    /// Only a played-out deal scored by points can be drawn.
    fn attainable(&self, value: i32) -> bool {
        value != 0
            || (self.opts.last_trick == LastTrick::Bonus10
                && self.opts.unclaimed == Unclaimed::MorePoints)
    }

    fn key(&self) -> u64 {
        // The talon in draw order (6 bits a card). Part of the key because
        // PIMC shares one table across sampled worlds with different talons.
        // A closed talon is never drawn from again (nor, usually, the trump
        // card exchanged), so it is left out: more transpositions.
        let frozen = self.closed.is_some() && !self.opts.exchange_after_close;
        let mut talon = [0u64; 2];
        if !frozen {
            for (i, &c) in self.talon_cards().iter().enumerate() {
                talon[i / 10] |= card_code(Some(c)) << (6 * (i % 10));
            }
        }
        let phase = match self.phase {
            Phase::Lead => 0,
            Phase::PreDraw => 1,
            Phase::MeldLead(s) => 2 + s.index() as u64,
            Phase::Follow => 6,
            Phase::Over => 7,
        };
        let closed = match self.closed {
            None => 0,
            Some(c) => 1 + c.by.0 as u64 * 2 + u64::from(c.opponent_had_trick),
        };
        let trump_card = if self.exhausted || frozen {
            0
        } else {
            card_code(Some(self.trump_card))
        };
        // Exact encodings in two words, then mixed (the talon only while
        // it can still be drawn). Hands: the family's ranks (9..A) are bits
        // 7..12 of each 16-bit suit lane, six bits a suit once compressed.
        let compress = |h: u64| {
            (h >> 7) & 0x3f | (h >> 17) & 0xfc0 | (h >> 27) & 0x3_f000 | (h >> 37) & 0xfc_0000
        };
        let flags = u64::from(self.exhausted)
            | closed << 1
            | (self.leader.0 as u64) << 4
            | phase << 5
            // Only whether a seat has taken a trick matters to the rules
            // (schneider, exchange, closing penalties), not how many.
            | u64::from(self.tricks[0] > 0) << 8
            | u64::from(self.tricks[1] > 0) << 9
            | u64::from(self.bonus[0] > 0) << 10
            | u64::from(self.bonus[1] > 0) << 11;
        let w0 = compress(self.hands[0].0) | compress(self.hands[1].0) << 24 | flags << 48;
        // Points stay below 128: 120 in cards, 100 in marriages.
        let pair = |v: [u16; 2]| u64::from(v[0]) | u64::from(v[1]) << 7;
        let w1 = trump_card
            | card_code(self.lead_card) << 7
            | pair(self.card_points) << 14
            | pair(self.marriage_points) << 28
            | pair(self.pending) << 42;
        let mut h = fmix(w0 ^ fmix(w1 ^ 0x243f_6a88_85a3_08d3));
        for word in talon {
            if word != 0 {
                h = fmix(h ^ word);
            }
        }
        h
    }

    /// Tuned by node counts of whole-deal solves (`solve_stats`): closing
    /// (after exchanging) first cut Schnapsen's median node count about
    /// fourfold, winning a trick with the highest card helped next.
    fn order_score(&self, action: Action) -> i32 {
        let me = self.leader;
        let trump_cost = |c: Card| {
            if c.suit_unchecked() == self.trump {
                15
            } else {
                0
            }
        };
        match action {
            Action::Declare if self.points(me) >= 66 => 1000,
            Action::Declare => -1000,
            Action::Meld(s) if s == self.trump => 400,
            Action::Meld(_) => 300,
            Action::Exchange => 950,
            Action::Close => 900,
            Action::Draw => 0,
            Action::Play(c) => match (self.phase, self.lead_card) {
                (Phase::Follow, Some(lead)) => {
                    let p = points(c) as i32;
                    if trick_winner(lead, c, self.trump) == 1 {
                        100 + points(lead) as i32 + p - trump_cost(c)
                    } else {
                        -p - trump_cost(c)
                    }
                }
                // Under strict rules: sure winners (top of their suit) first.
                _ if self.strict() => {
                    if beaters_in(self.hands[0] | self.hands[1], c).is_empty() {
                        50 + points(c) as i32 + trump_cost(c)
                    } else {
                        -(points(c) as i32) - trump_cost(c)
                    }
                }
                // With the talon open: cards nobody can beat in suit, then
                // high cards (keeping marriage partners); refutations are
                // usually forcing lines.
                _ => {
                    let top = beaters_in(self.hands[0] | self.hands[1], c).is_empty();
                    points(c) as i32 - self.partner_cost(c) + if top { 30 } else { 0 }
                }
            },
        }
    }

    /// Rules of thumb: declare at 66, meld, exchange, rarely close, lead
    /// cheap cards keeping marriage partners, take tens and aces (or
    /// anything under strict rules), else throw the cheapest card.
    fn playout_score(&self, action: Action) -> i32 {
        let me = self.leader;
        let trump_cost = |c: Card| {
            if c.suit_unchecked() == self.trump {
                15
            } else {
                0
            }
        };
        match action {
            Action::Declare if self.points(me) >= 66 => 1000,
            Action::Declare => -1000,
            Action::Meld(s) if s == self.trump => 400,
            Action::Meld(_) => 300,
            Action::Exchange => 250,
            Action::Close => -50,
            Action::Draw => 0,
            Action::Play(c) => match (self.phase, self.lead_card) {
                (Phase::Follow, Some(lead)) => {
                    let p = points(c) as i32;
                    let worth = points(lead) >= 10 || self.strict();
                    if trick_winner(lead, c, self.trump) == 1 && (worth || trump_cost(c) == 0) {
                        100 + points(lead) as i32 - p - trump_cost(c)
                    } else {
                        -p - trump_cost(c)
                    }
                }
                _ if self.strict() => points(c) as i32 + trump_cost(c),
                _ => -(points(c) as i32) - trump_cost(c) - self.partner_cost(c),
            },
        }
    }
}
