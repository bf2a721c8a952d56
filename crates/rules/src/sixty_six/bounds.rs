//! Cheap bounds on a Sixty-six-family deal's value under best play, for
//! the exact solver (`SolverGame::value_bounds`). The solver answers at
//! once when its target lies outside them, so most of its speed comes
//! from here; each bound follows from the scoring rules as argued below,
//! and the solver tests check them against plain alpha-beta.
//!
//! Whole suits are handled at once through lane indices (see `cards.rs`):
//! these run for every position the solver generates.

use super::cards::{lane, set_points, LANE_ABOVE, LANE_POINTS};
use super::options::{FailedClose, LastTrick, PlayedOutScore, Unclaimed};
use super::position::Position;
use super::scoring::{declaration, game_points_against};
use super::state::Phase;
use talon_cards::{CardSet, Seat, Suit};

/// Lane bits of the family's ranks, for the tables in `cards.rs`.
const NINE: usize = 0;
const TEN: usize = 1;
const JACK: usize = 2;
const QUEEN: usize = 3;
const KING: usize = 4;
const ACE: usize = 5;

/// Bounds for seat 0 from the position alone, tightest first: exact
/// values, then quick tricks, then what each seat could win at most.
pub(super) fn static_bounds(g: &Position) -> (i32, i32) {
    if let Some(b) = decided(g) {
        return b;
    }
    if g.phase == Phase::Lead && g.strict() {
        if let Some(v) = sweep_value(g) {
            return (v, v);
        }
        if let Some(b) = quick_tricks(g) {
            return b;
        }
    }
    (-max_win(g, Seat(1)), max_win(g, Seat(0)))
}

/// `(lo, hi)` for `seat` turned into seat 0's terms.
fn for_seat0(seat: Seat, (lo, hi): (i32, i32)) -> (i32, i32) {
    if seat.0 == 0 {
        (lo, hi)
    } else {
        (-hi, -lo)
    }
}

/// The most game points `seat` can still win if its opponent plays
/// safely: the opponent never declares wrongly and never closes, which it
/// can always avoid. Then `seat` wins at most the usual 1/2/3 against the
/// opponent's tricks and points so far (these only grow), or, if the
/// opponent closed, the penalty for that close (its only way to win then).
fn max_win(g: &Position, seat: Seat) -> i32 {
    match g.closed {
        Some(c) if c.by != seat => close_penalty(g, seat).1,
        _ => normal_game_points(g, seat.opponent()),
    }
}

/// Game points `loser` concedes if the deal ended now (see scoring; a
/// closer's win scored at closing is fixed from the close on).
fn normal_game_points(g: &Position, loser: Seat) -> i32 {
    i32::from(game_points_against(g, loser))
}

/// The fewest and most game points `non_closer` can get for a failed
/// close from here (they only depend on tricks it takes under `AtEnd`).
fn close_penalty(g: &Position, non_closer: Seat) -> (i32, i32) {
    let had_trick = g.closed.is_some_and(|c| c.opponent_had_trick);
    match g.opts.failed_close {
        FailedClose::AtClosing if had_trick => (2, 2),
        FailedClose::AtEnd if g.tricks[non_closer.index()] > 0 => (2, 2),
        FailedClose::AtEnd => (2, 3),
        _ => (3, 3),
    }
}

/// The exact value when it is already decided: the leader may declare
/// with 66 (declaring at once is best, as what it would win only shrinks
/// while the opponent takes tricks), or the closer can no longer reach 66
/// (it loses the close penalty whatever happens).
fn decided(g: &Position) -> Option<(i32, i32)> {
    if g.phase != Phase::Follow && g.points(g.leader) >= 66 && g.can_declare() {
        let gp = i32::from(declaration(g, g.leader).game_points);
        return Some(for_seat0(g.leader, (gp, gp)));
    }
    if let Some(b) = played_out_loser(g) {
        return Some(b);
    }
    let c = g.closed?.by;
    if max_points_strict(g, c)? < 66 {
        let n = c.opponent();
        return Some(for_seat0(n, close_penalty(g, n)));
    }
    None
}

/// Points `seat` can have at most by the end of a deal under strict
/// rules: what it has, its uncounted marriages, every card point still in
/// play but the opponent's trumps above all of `seat`'s (those win
/// whenever they are played, so `seat` never takes them), the marriages it
/// holds and the last-trick bonus. `None` while the talon can still be
/// drawn from or the trump card change hands.
fn max_points_strict(g: &Position, seat: Seat) -> Option<u16> {
    if !g.strict() || (g.opts.exchange_after_close && !g.exhausted) {
        return None;
    }
    let s = seat.index();
    let mine = g.hands[s];
    let theirs = g.hands[1 - s];
    let mut in_play = mine | theirs;
    let mut beaten_by = mine;
    if let Some(c) = g.lead_card {
        in_play.insert(c);
        // A card `seat` led can beat the opponent's trumps too.
        if g.leader == seat {
            beaten_by.insert(c);
        }
    }
    let sure_trumps = top_cards(theirs, beaten_by, g.trump);
    let sure = LANE_POINTS[sure_trumps];
    // Each of those trumps also takes one of `seat`'s cards (its own led
    // card included): once played it wins a card of `seat`, and while it
    // is unplayed `seat` holds at least as many unplayed cards (after
    // each trick both hands are equal). So `seat` never takes at least
    // that many of its own cards, at least the cheapest ones' worth.
    let lost = cheapest(beaten_by, sure_trumps.count_ones() as usize);
    let mut total = g.points(seat) + g.pending[s] + set_points(in_play) - sure - lost;
    if g.opts.marriages_after_talon {
        let pair = 1 << KING | 1 << QUEEN;
        for suit in Suit::ALL {
            if lane(mine, suit) & pair == pair {
                total += if suit == g.trump { 40 } else { 20 };
            }
        }
    }
    if g.closed.is_none() && g.opts.last_trick == LastTrick::Bonus10 {
        total += 10;
    }
    Some(total)
}

/// Under "more points wins" with the talon exhausted, a seat that can no
/// longer reach 65 cannot declare, and when the deal is played out its
/// opponent holds the rest of the 130 points or more: it loses, at least
/// the single game point. At 65 it can tie at best. Values only for that
/// seat's side of the bounds; `None` when neither seat is short.
fn played_out_loser(g: &Position) -> Option<(i32, i32)> {
    if g.closed.is_some()
        || !g.exhausted
        || g.opts.last_trick != LastTrick::Bonus10
        || g.opts.unclaimed != Unclaimed::MorePoints
    {
        return None;
    }
    for seat in [Seat(0), Seat(1)] {
        let most = max_points_strict(g, seat)?;
        if most < 66 {
            let best = if most < 65 { -1 } else { 0 };
            return Some(for_seat0(seat, (-max_win(g, seat.opponent()), best)));
        }
    }
    None
}

/// The leader's cards of `suit` that beat every opponent card of it.
fn top_cards(lh: CardSet, oh: CardSet, suit: Suit) -> usize {
    lane(lh, suit) & usize::from(LANE_ABOVE[lane(oh, suit)])
}

/// The exact value when, under strict rules and with the last trick
/// deciding a played-out deal, each of the leader's cards beats all the
/// opponent's cards of its suit and the leader has at least as many
/// trumps: leading trumps first it takes every remaining trick, which is
/// the best it can do (the opponent never leads again, so cannot err), and
/// the rest follows from the scoring. `None` when that does not apply or
/// the outcome needs more care (the opponent closed; closer short of 66).
fn sweep_value(g: &Position) -> Option<i32> {
    if g.opts.last_trick != LastTrick::WinsDeal || (g.opts.exchange_after_close && !g.exhausted) {
        return None;
    }
    let l = g.leader;
    let o = l.opponent();
    let (lh, oh) = (g.hands[l.index()], g.hands[o.index()]);
    if lh.is_empty()
        || Suit::ALL
            .iter()
            .any(|&s| top_cards(lh, oh, s) != lane(lh, s))
    {
        return None;
    }
    if oh.suit(g.trump).len() > lh.suit(g.trump).len() {
        return None;
    }
    let reaches_66 = g.points(l) + g.pending[l.index()] + set_points(lh | oh) >= 66;
    let gp = match g.closed {
        Some(c) if c.by == o => return None,
        Some(_) if !reaches_66 => return None,
        _ if !reaches_66 && g.opts.played_out_score == PlayedOutScore::One => 1,
        _ => normal_game_points(g, o),
    };
    Some(if l.0 == 0 { gp } else { -gp })
}

/// Under strict rules, bounds when the leader can reach 66 by cashing
/// sure tricks, DDS's "quick tricks": its trumps above all the opponent's,
/// then its top cards of side suits, which win once the opponent is out of
/// trumps, or while it must still follow suit. It then wins what it could
/// win now, as the opponent takes nothing meanwhile.
fn quick_tricks(g: &Position) -> Option<(i32, i32)> {
    let l = g.leader;
    let o = l.opponent();
    let (lh, oh) = (g.hands[l.index()], g.hands[o.index()]);
    let trumps = top_cards(lh, oh, g.trump);
    let mut tricks = trumps.count_ones() as usize;
    let mut gain = LANE_POINTS[trumps];
    let opp_trumps_left = oh.suit(g.trump).len() > tricks;
    for suit in Suit::ALL {
        if suit == g.trump {
            continue;
        }
        let mut winners = top_cards(lh, oh, suit);
        if opp_trumps_left {
            winners = richest(winners, oh.suit(suit).len());
        }
        tricks += winners.count_ones() as usize;
        gain += LANE_POINTS[winners];
    }
    if tricks == 0 {
        return None;
    }
    gain += cheapest(oh, tricks);
    if g.points(l) + g.pending[l.index()] + gain < 66 {
        return None;
    }
    // Cashing every trick left ends the deal played out, with no chance
    // to declare: then an opponent already at 66 (it did not declare)
    // may win it, as a closer who made it or on points.
    if tricks >= lh.len() && g.points(o) >= 66 {
        return None;
    }
    let won = match g.closed {
        // A non-closer's penalty once it has a trick.
        Some(c) if c.by == o => match g.opts.failed_close {
            FailedClose::AtClosing if c.opponent_had_trick => 2,
            FailedClose::AtEnd => 2,
            _ => 3,
        },
        _ => normal_game_points(g, o),
    };
    Some(for_seat0(l, (won, max_win(g, l))))
}

/// The `n` cards of a lane index worth most (A T K Q J 9).
fn richest(lane: usize, n: usize) -> usize {
    let mut out: usize = 0;
    for bit in [ACE, TEN, KING, QUEEN, JACK, NINE] {
        if out.count_ones() as usize == n {
            break;
        }
        out |= lane & 1 << bit;
    }
    out
}

/// The fewest card points any `n` cards of `hand` hold.
fn cheapest(hand: CardSet, n: usize) -> u16 {
    let mut left = n;
    let mut sum = 0;
    for bit in [NINE, JACK, QUEEN, KING, TEN, ACE] {
        let of_rank = (hand.0 & 0x0001_0001_0001_0001 << (7 + bit)).count_ones() as usize;
        let take = of_rank.min(left);
        sum += take as u16 * LANE_POINTS[1 << bit];
        left -= take;
    }
    sum
}
