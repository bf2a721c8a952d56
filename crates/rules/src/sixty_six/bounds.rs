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
/// while the opponent takes tricks), or the opponent can keep the closer
/// below 66 (the closer then loses the close penalty).
fn decided(g: &Position) -> Option<(i32, i32)> {
    if g.phase != Phase::Follow && g.points(g.leader) >= 66 && g.can_declare() {
        let gp = i32::from(declaration(g, g.leader).game_points);
        return Some(for_seat0(g.leader, (gp, gp)));
    }
    if let Some(b) = played_out_loser(g) {
        return Some(b);
    }
    let c = g.closed?.by;
    if max_points_strict(g, c, true)? < 66 {
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
///
/// With `cashing`, when the opponent is to lead, all of its quick tricks
/// are taken off instead of its top trumps alone. Asked for a closer,
/// where it proves many closes lost early; in the played-out test of an
/// exhausted talon it saved few nodes (0.6%) and no time.
fn max_points_strict(g: &Position, seat: Seat, cashing: bool) -> Option<u16> {
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
    let (sure, lost) = if cashing && g.phase == Phase::Lead && g.leader != seat {
        // The opponent leads, so it can cash its quick tricks first (see
        // `cashable`): `seat` takes none of those cards, and gives one of
        // its own to each (following suit where it can).
        let (per_suit, gain) = cashable(theirs, mine, g.trump);
        (gain, lost_to_cashing(mine, per_suit))
    } else {
        let sure_trumps = top_cards(theirs, beaten_by, g.trump);
        // Each of those trumps also takes one of `seat`'s cards (its own
        // led card included): once played it wins a card of `seat`, and
        // while it is unplayed `seat` holds at least as many unplayed
        // cards (after each trick both hands are equal). So `seat` never
        // takes at least that many of its own cards, at least the
        // cheapest ones' worth.
        let count = sure_trumps.count_ones() as usize;
        (LANE_POINTS[sure_trumps], cheapest(beaten_by, count))
    };
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
        let most = max_points_strict(g, seat, false)?;
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
    let (per_suit, mut gain) = cashable(lh, oh, g.trump);
    let tricks: usize = per_suit.iter().sum();
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

/// The tricks a leader holding `lh` can cash in a row under strict rules
/// against `oh`, and the card points of its cards that win them: its
/// trumps above all the opponent's, led first, then its top cards of side
/// suits, which win once the opponent is out of trumps, or while it must
/// still follow suit. Each wins whatever the opponent does, so the
/// leader keeps the lead throughout.
fn cashable(lh: CardSet, oh: CardSet, trump: Suit) -> ([usize; 4], u16) {
    let trumps = top_cards(lh, oh, trump);
    let mut per_suit = [0; 4];
    per_suit[trump.index()] = trumps.count_ones() as usize;
    let mut gain = LANE_POINTS[trumps];
    let opp_trumps_left = oh.suit(trump).len() > per_suit[trump.index()];
    for suit in Suit::ALL {
        if suit == trump {
            continue;
        }
        let mut winners = top_cards(lh, oh, suit);
        if opp_trumps_left {
            winners = richest(winners, oh.suit(suit).len());
        }
        per_suit[suit.index()] = winners.count_ones() as usize;
        gain += LANE_POINTS[winners];
    }
    (per_suit, gain)
}

/// The fewest card points the opponent (holding `hand`) gives to a
/// leader cashing `per_suit` tricks of each suit: it must follow suit
/// while it can, so of the tricks in a suit it holds, it loses at least
/// as many cards of that suit (or all of them); the other tricks take any
/// of its cards.
fn lost_to_cashing(hand: CardSet, per_suit: [usize; 4]) -> u16 {
    let mut rest = hand;
    let mut lost = 0;
    let mut other = 0;
    for suit in Suit::ALL {
        let own = lane(hand, suit);
        let follows = per_suit[suit.index()].min(own.count_ones() as usize);
        let given = cheapest_lane(own, follows);
        lost += LANE_POINTS[given];
        rest = CardSet(rest.0 & !((given as u64) << (suit as u64 * 16 + 7)));
        other += per_suit[suit.index()] - follows;
    }
    lost + cheapest(rest, other)
}

/// The `n` cards of a lane index worth most (A T K Q J 9).
fn richest(lane: usize, n: usize) -> usize {
    usize::from(RICHEST[n.min(6)][lane])
}

/// The `n` cards of a lane index worth least (9 J Q K T A).
fn cheapest_lane(lane: usize, n: usize) -> usize {
    usize::from(CHEAPEST[n.min(6)][lane])
}

/// `richest` and `cheapest_lane` for every count and lane index: both run
/// for each suit at most positions the solver bounds.
const RICHEST: [[u8; 64]; 7] = by_worth([ACE, TEN, KING, QUEEN, JACK, NINE]);
const CHEAPEST: [[u8; 64]; 7] = by_worth([NINE, JACK, QUEEN, KING, TEN, ACE]);

const fn by_worth(order: [usize; 6]) -> [[u8; 64]; 7] {
    let mut out = [[0; 64]; 7];
    let mut n = 0;
    while n < 7 {
        let mut lane = 0;
        while lane < 64 {
            let mut taken = 0;
            let mut i = 0;
            while i < 6 && taken < n {
                let bit = 1 << order[i];
                if lane & bit != 0 {
                    out[n][lane] |= bit as u8;
                    taken += 1;
                }
                i += 1;
            }
            lane += 1;
        }
        n += 1;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sixty_six::{Deal, SixtySix, SixtySixOptions};
    use talon_cards::CardSet;

    /// Schnapsen with hearts trumps: seat 0 closes at once and loses its
    /// jack of diamonds to the ace. Seat 1 then leads, holding the ace and
    /// ten of spades over seat 0's king and queen, and the ace and ten of
    /// clubs, of which seat 0 has none (it would trump them).
    fn closed_with_the_opponent_to_lead() -> Position {
        let deal: Deal = "1/AH TH KS QS JD/AS TS AC TC AD/KH QH JS KC QC JC TD KD QD/JH"
            .parse()
            .expect("deal");
        let mut g = SixtySix::new(&deal, SixtySixOptions::SCHNAPSEN).expect("legal deal");
        for a in ["close", "JD", "AD"] {
            g.apply(a.parse().expect("action"));
        }
        g.pos
    }

    #[test]
    fn an_opponent_cashing_its_top_cards_caps_the_closer() {
        let g = closed_with_the_opponent_to_lead();
        assert_eq!((g.leader, g.closed.map(|c| c.by)), (Seat(1), Some(Seat(0))));
        // Every card point in play (70; seat 1 holds no trump) and the
        // spade marriage seat 0 holds (20).
        assert_eq!(max_points_strict(&g, Seat(0), false), Some(90));
        // Seat 1 leads both spades, on which seat 0 must drop its king
        // and queen: 21 + 7 points seat 0 can never take. (The marriage
        // stays counted: a looser bound, still true.)
        assert_eq!(max_points_strict(&g, Seat(0), true), Some(62));
        // So the close has failed, whatever is played: the penalty of a
        // close made before the opponent took a trick.
        assert_eq!(static_bounds(&g), (-3, -3));
    }

    #[test]
    fn an_opponent_gives_cards_of_the_suits_it_must_follow() {
        let hand: CardSet = "KS QS 9S AC 9H".parse().expect("cards");
        let tricks = |cashed: &[(Suit, usize)]| {
            let mut per_suit = [0; 4];
            for &(suit, n) in cashed {
                per_suit[suit.index()] = n;
            }
            lost_to_cashing(hand, per_suit)
        };
        // Two spade tricks take its two cheapest spades (0 + 3), not its
        // two cheapest cards (0 + 0).
        assert_eq!(tricks(&[(Suit::Spades, 2)]), 3);
        assert_eq!(cheapest(hand, 2), 0);
        // A club trick takes its only club, the ace.
        assert_eq!(tricks(&[(Suit::Clubs, 1)]), 11);
        // Two club tricks: the ace, then any card (a nine).
        assert_eq!(tricks(&[(Suit::Clubs, 2)]), 11);
        // A spade trick takes the nine of spades, a heart trick the nine of
        // hearts, and a diamond trick (it holds none) the cheapest card
        // left, the queen of spades.
        assert_eq!(
            tricks(&[(Suit::Spades, 1), (Suit::Hearts, 1), (Suit::Diamonds, 1)]),
            3
        );
    }

    #[test]
    fn richest_and_cheapest_lanes_pick_by_card_points() {
        let all = 0x3f;
        assert_eq!(richest(all, 2), 1 << ACE | 1 << TEN);
        assert_eq!(cheapest_lane(all, 2), 1 << NINE | 1 << JACK);
        assert_eq!(cheapest_lane(1 << KING | 1 << ACE, 1), 1 << KING);
        assert_eq!(richest(1 << KING, 3), 1 << KING);
        assert_eq!(cheapest_lane(all, 0), 0);
    }
}
