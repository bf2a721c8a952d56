//! Scoring one deal. The bidding team scores what it took if that is at
//! least the bid and loses the bid otherwise; the other team always scores
//! what it took. A double bid is a contract to take all the points (every
//! scoring trump's, whatever `max_bid` is): made, it scores `double_factor`
//! times the points, failed, it loses `double_factor` times all the points.
//! Scores may go
//! negative. A thrown-in deal scores nothing.

use super::auction::bid_text;
use super::options::PedroOptions;
use super::state::team;
use talon_cards::Seat;

/// The outcome of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PedroResult {
    /// `None` when all passed and the cards were thrown in.
    pub bidder: Option<Seat>,
    /// The contract (`max_bid + 1` for a double bid).
    pub bid: u8,
    pub double: bool,
    /// The dealer was stuck with the forced bid.
    pub forced: bool,
    /// Points taken per team (seats 0 and 2, seats 1 and 3).
    pub points: [u16; 2],
    pub made: bool,
    /// Score change per team.
    pub score: [i32; 2],
    /// Text of the bid for people ("45", "double").
    max_bid: u8,
}

impl PedroResult {
    pub fn thrown_in() -> PedroResult {
        PedroResult {
            bidder: None,
            bid: 0,
            double: false,
            forced: false,
            points: [0; 2],
            made: false,
            score: [0; 2],
            max_bid: 0,
        }
    }

    pub fn scored(
        opts: &PedroOptions,
        bidder: Seat,
        bid: u8,
        forced: bool,
        points: [u16; 2],
    ) -> PedroResult {
        let double = opts.double_bid && bid == opts.double_value();
        let need = if double {
            opts.total_points()
        } else {
            u16::from(bid)
        };
        let b = team(bidder);
        let taken = points[b];
        let made = taken >= need;
        let factor = if double {
            i32::from(opts.double_factor)
        } else {
            1
        };
        let mut score = [0i32; 2];
        score[b] = if made {
            factor * i32::from(taken)
        } else {
            -factor * i32::from(need)
        };
        score[1 - b] = i32::from(points[1 - b]);
        PedroResult {
            bidder: Some(bidder),
            bid,
            double,
            forced,
            points,
            made,
            score,
            max_bid: opts.max_bid,
        }
    }

    pub fn thrown(&self) -> bool {
        self.bidder.is_none()
    }

    /// Score change per seat (partners share their team's).
    pub fn seat_scores(&self) -> [i32; 4] {
        [self.score[0], self.score[1], self.score[0], self.score[1]]
    }
}

/// One line for people.
pub fn describe(r: &PedroResult) -> String {
    let Some(bidder) = r.bidder else {
        return "all passed: thrown in, no score".to_string();
    };
    let bid = bid_text(r.bid, r.max_bid);
    let how = if r.forced { "was forced at" } else { "bid" };
    let outcome = if r.made { "made it" } else { "was set" };
    // Each side named, as North American Sixty-six's lines do.
    let points = |n: u16| {
        if n == 1 {
            "1 point".into()
        } else {
            format!("{n} points")
        }
    };
    format!(
        "seat {bidder} {how} {bid} and {outcome}: side 0 (seats 0 and 2) {}, {:+}; side 1 (seats 1 and 3) {}, {:+}",
        points(r.points[0]),
        r.score[0],
        points(r.points[1]),
        r.score[1]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line names each side with its points and its score change.
    #[test]
    fn the_result_line_names_each_side() {
        let r = PedroResult {
            bidder: Some(Seat(3)),
            bid: 25,
            double: false,
            forced: true,
            points: [1, 62],
            made: true,
            score: [1, 62],
            max_bid: 63,
        };
        assert_eq!(
            describe(&r),
            "seat 3 was forced at 25 and made it: side 0 (seats 0 and 2) 1 point, +1; side 1 (seats 1 and 3) 62 points, +62"
        );
    }
}
