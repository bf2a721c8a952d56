//! How a deal ends and what it scores.

use super::options::{
    CloseScore, FailedClose, LastTrick, PlayedOutScore, SchneiderPoints, Unclaimed,
};
use super::position::Position;
use talon_cards::Seat;

/// Why the deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// `seat` declared 66; `correct` says whether it really had 66.
    Declared { seat: Seat, correct: bool },
    /// Automatic declaring: `seat` reached 66.
    Reached66 { seat: Seat },
    /// The talon was closed and every card played without a declaration.
    ClosedPlayedOut { closer: Seat, made: bool },
    /// Every card played; the last trick decided.
    LastTrick,
    /// Every card played; the higher score decided.
    MorePoints,
    /// Every card played with equal scores: nobody scores.
    Tie,
}

/// The outcome of a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealResult {
    /// `None` only for a tie.
    pub winner: Option<Seat>,
    pub game_points: u8,
    pub reason: EndReason,
    /// Points that counted at the end: tricks, last-trick bonus, counted marriages.
    pub points: [u16; 2],
    /// Trick points alone.
    pub card_points: [u16; 2],
    /// Marriage points announced but never counted.
    pub pending: [u16; 2],
    pub tricks: [u8; 2],
}

fn result(g: &Position, winner: Option<Seat>, game_points: u8, reason: EndReason) -> DealResult {
    DealResult {
        winner,
        game_points,
        reason,
        points: [g.points(Seat(0)), g.points(Seat(1))],
        card_points: g.card_points,
        pending: g.pending,
        tricks: g.tricks,
    }
}

/// `seat`'s points as the schneider line counts them.
pub(super) fn schneider_points(g: &Position, seat: Seat) -> u16 {
    match g.opts.schneider_points {
        SchneiderPoints::All => g.points(seat),
        SchneiderPoints::CardsOnly => g.card_points[seat.index()],
    }
}

/// Game points for beating `loser`: 3 if it took no trick, 2 if it stayed
/// under the schneider line, else 1. With `close_score = at_closing`, a
/// closer who wins is paid by the loser's tricks and points when the talon
/// was closed.
pub(super) fn game_points_against(g: &Position, loser: Seat) -> u8 {
    let (had_trick, pts) = match g.closed {
        Some(c) if c.by != loser && g.opts.close_score == CloseScore::AtClosing => {
            (c.opponent_had_trick, c.opponent_points)
        }
        _ => (g.tricks[loser.index()] > 0, schneider_points(g, loser)),
    };
    if !had_trick {
        3
    } else if pts < u16::from(g.opts.schneider) {
        2
    } else {
        1
    }
}

/// What the non-closer gains when the closer fails.
fn close_penalty(g: &Position, non_closer: Seat) -> u8 {
    let closure = g.closed.expect("only called on a closed talon");
    match g.opts.failed_close {
        FailedClose::AtClosing if closure.opponent_had_trick => 2,
        FailedClose::AtEnd if g.tricks[non_closer.index()] > 0 => 2,
        _ => 3,
    }
}

fn closer(g: &Position) -> Option<Seat> {
    g.closed.map(|c| c.by)
}

/// `seat` wins with the usual 1/2/3 game points.
pub fn win(g: &Position, seat: Seat, reason: EndReason) -> DealResult {
    result(
        g,
        Some(seat),
        game_points_against(g, seat.opponent()),
        reason,
    )
}

/// Automatic declaring: `seat` reached 66, which ends the deal as a
/// correct declaration would.
pub fn reached_66(g: &Position, seat: Seat) -> DealResult {
    reached(g, seat, EndReason::Reached66 { seat })
}

/// `seat` stops the deal, claiming 66.
pub fn declaration(g: &Position, seat: Seat) -> DealResult {
    let opp = seat.opponent();
    let correct = g.points(seat) >= 66;
    let reason = EndReason::Declared { seat, correct };
    if correct {
        return reached(g, seat, reason);
    }
    match closer(g) {
        Some(c) if c == seat => result(g, Some(opp), close_penalty(g, opp), reason),
        _ => {
            let gp = if g.tricks[opp.index()] == 0 { 3 } else { 2 };
            result(g, Some(opp), gp, reason)
        }
    }
}

/// `seat` has 66 and the deal ends: the usual game points, or the
/// penalty of the opponent's failed close.
fn reached(g: &Position, seat: Seat, reason: EndReason) -> DealResult {
    match closer(g) {
        Some(c) if c != seat => result(g, Some(seat), close_penalty(g, seat), reason),
        _ => win(g, seat, reason),
    }
}

/// Every card has been played and nobody declared; `last` won the last trick.
pub fn played_out(g: &Position, last: Seat) -> DealResult {
    if let Some(c) = closer(g) {
        let made = g.points(c) >= 66;
        let reason = EndReason::ClosedPlayedOut { closer: c, made };
        return if made {
            win(g, c, reason)
        } else {
            result(
                g,
                Some(c.opponent()),
                close_penalty(g, c.opponent()),
                reason,
            )
        };
    }
    let by_last_trick =
        g.opts.last_trick == LastTrick::WinsDeal || g.opts.unclaimed == Unclaimed::LastTrick;
    let (winner, reason) = if by_last_trick {
        (last, EndReason::LastTrick)
    } else {
        let (p0, p1) = (g.points(Seat(0)), g.points(Seat(1)));
        if p0 == p1 {
            return result(g, None, 0, EndReason::Tie);
        }
        (
            if p0 > p1 { Seat(0) } else { Seat(1) },
            EndReason::MorePoints,
        )
    };
    if g.points(winner) < 66 && g.opts.played_out_score == PlayedOutScore::One {
        return result(g, Some(winner), 1, reason);
    }
    win(g, winner, reason)
}

/// One line describing how the deal ended.
pub fn describe(r: &DealResult) -> String {
    let how = match r.reason {
        EndReason::Declared {
            seat,
            correct: true,
        } => format!("seat {seat} declared 66 correctly"),
        EndReason::Declared {
            seat,
            correct: false,
        } => format!("seat {seat} declared 66 wrongly"),
        EndReason::Reached66 { seat } => format!("seat {seat} reached 66"),
        EndReason::ClosedPlayedOut { closer, made: true } => {
            format!("seat {closer} closed and made 66")
        }
        EndReason::ClosedPlayedOut {
            closer,
            made: false,
        } => format!("seat {closer} closed and failed"),
        EndReason::LastTrick => "the last trick decided".to_string(),
        EndReason::MorePoints => "all cards played, more points won".to_string(),
        EndReason::Tie => "all cards played, a tie".to_string(),
    };
    // Each figure by its seat: "55-53" left the reader to guess whose.
    let points = format!(
        "card points: seat 0 {}, seat 1 {}",
        r.points[0], r.points[1]
    );
    match r.winner {
        Some(w) => format!(
            "{how}: seat {w} wins {} game point{} ({points})",
            r.game_points,
            if r.game_points == 1 { "" } else { "s" },
        ),
        None => format!("{how}: nobody scores ({points})"),
    }
}
