//! The turn clock: a person who is here but lets a move's time run out has
//! the stand-in make that move for them; after a few such moves in a row
//! the stand-in keeps the seat until they say they are back. Without it,
//! one connected person who stopped playing would hold a table for ever.

use super::Room;
use crate::config::TIMEOUTS_TO_STAND_IN;
use crate::presence::Presence;
use std::time::Instant;
use tracing::info;

pub struct TurnClock {
    /// When the seat to move got its turn (the last event, or its person
    /// coming back).
    began: Instant,
    /// The version at which the seat to move ran out of time: the
    /// stand-in makes that one move.
    overdue: Option<u64>,
    /// Moves made for each seat in a row because its time ran out.
    timeouts: Vec<u8>,
}

impl TurnClock {
    pub fn new(seats: u8) -> TurnClock {
        TurnClock {
            began: Instant::now(),
            overdue: None,
            timeouts: vec![0; usize::from(seats)],
        }
    }

    /// A new turn: after any event. A person's own move ends their run
    /// of timeouts.
    pub fn restart(&mut self, person_moved: Option<u8>) {
        self.began = Instant::now();
        self.overdue = None;
        if let Some(t) = person_moved.and_then(|s| self.timeouts.get_mut(usize::from(s))) {
            *t = 0;
        }
    }

    /// The person of `seat` came, or is back from a stand-in: on their
    /// turn their time starts now (the time it ran while they were away
    /// is not theirs), and a move the stand-in was to make for them is
    /// theirs again. Their run of timeouts ends.
    pub fn came(&mut self, seat: u8, to_move: Option<u8>) {
        if let Some(t) = self.timeouts.get_mut(usize::from(seat)) {
            *t = 0;
        }
        if to_move == Some(seat) {
            self.began = Instant::now();
            self.overdue = None;
        }
    }

    /// Whether the stand-in is to make the move at version `v` because
    /// time ran out.
    pub fn overdue_at(&self, v: u64) -> bool {
        self.overdue == Some(v)
    }
}

impl Room {
    /// When the person to move runs out of time: only a person who is
    /// here (an away seat has the grace period; an open one waits for
    /// its friends to let a bot play).
    pub(super) fn turn_deadline(&self) -> Option<Instant> {
        let limit = self.shared.config.turn_time?;
        let seat = self.table.to_move()?;
        if self.clock.overdue.is_some() || !matches!(self.seats.get(seat), Presence::Online(_)) {
            return None;
        }
        Some(self.clock.began + limit)
    }

    /// Past the deadline: the stand-in makes this move (`schedule` sees
    /// it as overdue), and keeps the seat after a run of them.
    pub(super) fn on_turn_timeout(&mut self, now: Instant) {
        if self.turn_deadline().is_none_or(|t| t > now) {
            return;
        }
        let Some(seat) = self.table.to_move() else {
            return;
        };
        self.clock.overdue = Some(self.table.version());
        let Some(run) = self.clock.timeouts.get_mut(usize::from(seat)) else {
            return;
        };
        *run = run.saturating_add(1);
        if *run >= TIMEOUTS_TO_STAND_IN {
            self.seats.stand_in(seat);
            info!(table = %self.id, seat, "time ran out again: a bot plays the seat until its person is back");
            self.send_presence();
        } else {
            info!(table = %self.id, seat, "time ran out: a bot makes this move");
        }
    }
}
