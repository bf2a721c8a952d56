//! What a deal scores, in 33-point ticks.
//!
//! Every side that did not win the bid scores a tick per full 33 points it
//! took. The bidding side, if it made its bid, scores the same way; if it
//! was set, the bid is taken off its score. A moon under `all_tricks`
//! must take every trick and scores exactly 5 (or loses 5).

use super::action::MOON;
use super::options::MoonScoring;
use super::state::{NaSixtySix, MAX_SIDES};
use talon_cards::Seat;

/// The outcome of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NaResult {
    /// Everyone passed and the deal was thrown in (all_pass=redeal).
    pub passed_out: bool,
    pub bidder: Option<Seat>,
    pub bid: u8,
    /// Whether the bidding side made its bid (`None` when passed out).
    pub made: Option<bool>,
    /// Points per side that counted: cards, last-trick bonus, marriages of
    /// sides that took a trick.
    pub points: [u16; MAX_SIDES],
    pub card_points: [u16; MAX_SIDES],
    /// Marriage points announced by sides that took no trick (lost).
    pub lost_marriages: [u16; MAX_SIDES],
    pub tricks: [u8; MAX_SIDES],
    /// Ticks per side (negative when set); game points in `sixty-six-4`.
    pub score: [i16; MAX_SIDES],
    /// `sixty-six-4`: the side with more points (`None` on a 65-65 tie).
    pub winner_side: Option<usize>,
    /// `sixty-six-4`: 65-65, nobody scores; the next deal's winner gets 1 more.
    pub tied: bool,
}

pub(super) fn passed_out() -> NaResult {
    NaResult {
        passed_out: true,
        bidder: None,
        bid: 0,
        made: None,
        points: [0; MAX_SIDES],
        card_points: [0; MAX_SIDES],
        lost_marriages: [0; MAX_SIDES],
        tricks: [0; MAX_SIDES],
        score: [0; MAX_SIDES],
        winner_side: None,
        tied: false,
    }
}

/// Hoyle's four-hand game: the side with more points (at least 66 of the
/// 130, with 10 for the last trick) scores 1 game point, 2 with 100 or
/// more, 3 for taking every trick. 65-65 scores nothing (the game sheet
/// gives the next deal's winner 1 more). With `ten_of_trumps` the side
/// that took the ten of trumps scores 1 more.
pub(super) fn turned_trump(g: &NaSixtySix) -> NaResult {
    let points = [g.points(0), g.points(1), 0];
    let mut score = [0i16; MAX_SIDES];
    let winner_side = match points[0].cmp(&points[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    if let Some(w) = winner_side {
        score[w] = if g.tricks[1 - w] == 0 {
            3
        } else if points[w] >= 100 {
            2
        } else {
            1
        };
    }
    if g.opts.ten_of_trumps {
        let trump = g.trump.expect("trumps turned");
        let ten = talon_cards::Card::new(trump, talon_cards::Rank::Ten);
        if let Some(t) = g
            .history
            .iter()
            .find(|t| t.cards.iter().any(|c| c.1 == ten))
        {
            score[g.side(t.winner)] += 1;
        }
    }
    NaResult {
        passed_out: false,
        bidder: None,
        bid: 0,
        made: None,
        points,
        card_points: g.card_points,
        lost_marriages: [0; MAX_SIDES],
        tricks: g.tricks,
        score,
        winner_side,
        tied: winner_side.is_none(),
    }
}

pub(super) fn played_out(g: &NaSixtySix) -> NaResult {
    let sides = g.opts.sides();
    let bidder = g.bidder.expect("a deal is played only after a bid");
    let bid_side = g.side(bidder);
    let mut points = [0u16; MAX_SIDES];
    let mut lost = [0u16; MAX_SIDES];
    for (s, p) in points.iter_mut().enumerate().take(sides) {
        *p = g.points(s);
    }
    for m in &g.marriages {
        let s = g.side(m.seat);
        if g.tricks[s] == 0 {
            lost[s] += m.points;
        }
    }
    let all_tricks = g.history.len() as u8;
    let moon_all = g.high == MOON && g.opts.moon_scoring == MoonScoring::AllTricks;
    let made = if moon_all {
        g.tricks[bid_side] == all_tricks
    } else {
        u32::from(points[bid_side]) >= 33 * u32::from(g.high)
    };
    let mut score = [0i16; MAX_SIDES];
    for s in 0..sides {
        score[s] = if s != bid_side {
            (points[s] / 33) as i16
        } else if !made {
            -i16::from(g.high)
        } else if moon_all {
            i16::from(MOON)
        } else {
            (points[s] / 33) as i16
        };
    }
    NaResult {
        passed_out: false,
        bidder: Some(bidder),
        bid: g.high,
        made: Some(made),
        points,
        card_points: g.card_points,
        lost_marriages: lost,
        tricks: g.tricks,
        score,
        winner_side: None,
        tied: false,
    }
}

/// One line for people.
pub fn describe(r: &NaResult, sides: usize) -> String {
    let Some(bidder) = r.bidder else {
        if r.passed_out {
            return "everyone passed: the deal is thrown in".into();
        }
        return match r.winner_side {
            Some(w) => format!(
                "side {w} (seats {w} and {}) wins {} to {}: {:+} game point{}; side {} (seats {} and {}) {:+}",
                w + 2,
                r.points[w],
                r.points[1 - w],
                r.score[w],
                if r.score[w].abs() == 1 { "" } else { "s" },
                1 - w,
                1 - w,
                3 - w,
                r.score[1 - w]
            ),
            None => format!(
                "65 all: no game points from the cards (scores {:+} {:+})",
                r.score[0], r.score[1]
            ),
        };
    };
    let bid = if r.bid == MOON {
        "the moon".to_string()
    } else {
        r.bid.to_string()
    };
    let verdict = if r.made == Some(true) {
        "made it"
    } else {
        "was set"
    };
    let name = |s: usize| {
        if sides == 2 {
            format!("side {s} (seats {s} and {})", s + 2)
        } else {
            format!("seat {s}")
        }
    };
    let per: Vec<String> = (0..sides)
        .map(|s| format!("{} {} points, {:+}", name(s), r.points[s], r.score[s]))
        .collect();
    format!("seat {bidder} bid {bid} and {verdict}; {}", per.join("; "))
}
