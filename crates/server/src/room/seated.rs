//! What a seated person may ask of the table besides playing: a bot for
//! a friend who is not here, the end of a game against bots, a move taken
//! back in a game against bots, and whether the same cards again would be
//! fair.

use super::{send, ConnId, Room};
use crate::presence::Presence;
use std::time::Duration;
use talon_protocol::ServerFrame;
use talon_table::{Actor, EndReason, Event, Status, Viewer};
use tracing::info;

/// How long a person must have been away before a friend may let a bot
/// play for them: a reload or a phone changing networks is not leaving
/// (the browser offers the button after as long).
const BLINK: Duration = Duration::from_secs(5);

impl Room {
    /// A bot plays for a seat nobody is at, at a seated person's word: the
    /// people who are here need not wait out an absent friend. The seat is
    /// its person's again the moment they come.
    pub(super) fn stand_in(&mut self, conn: ConnId, seat: u8) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let refusal = match (c.viewer, self.seats.get(seat)) {
            (Viewer::Spectator, _) => Some("spectators cannot seat a bot".to_string()),
            _ if usize::from(seat) >= self.table.config().seats.len() => {
                Some(format!("there is no seat {seat} at this table"))
            }
            _ if self.table.is_finished() => Some("the table is over".to_string()),
            (_, Presence::Away(since)) if since.elapsed() < BLINK => Some(format!(
                "seat {seat}'s person only just left: a bot may play for them once they have \
                 been away {} s",
                BLINK.as_secs()
            )),
            (_, Presence::Open | Presence::Away(_)) => None,
            (_, Presence::StandIn) => Some(format!("a bot already plays for seat {seat}")),
            (_, Presence::Bot) => Some(format!("seat {seat} is a bot's")),
            (_, Presence::Online(_)) => Some(format!("seat {seat}'s person is here")),
        };
        if let Some(why) = refusal {
            send(&c.out, &ServerFrame::error("no_stand_in", &why));
            return;
        }
        self.seats.stand_in(seat);
        info!(table = %self.id, seat, "a bot stands in, at a seated person's word");
        self.send_presence();
        self.schedule();
    }

    /// Ends the table at a seated person's word, when every other seat is
    /// a bot's: nobody else loses a game they were in. (A table with other
    /// people ends when it is played out, or after a day without anyone;
    /// whether someone came is not kept across a restart, so an open
    /// seat does not count as nobody.)
    pub(super) async fn end(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let out = c.out.clone();
        let refusal = match c.viewer {
            Viewer::Spectator => Some("spectators cannot end a table".to_string()),
            _ if self.table.is_finished() => Some("the table is over".to_string()),
            Viewer::Seat(me) => self.other_person(me).map(|seat| {
                format!(
                    "{} has a seat at this table too: it ends when it is played out",
                    self.table.config().seats[usize::from(seat)].display_name(seat)
                )
            }),
        };
        if let Some(why) = refusal {
            send(&out, &ServerFrame::error("no_end", &why));
            return;
        }
        let ended = Event::Ended {
            reason: EndReason::Closed,
        };
        match self.commit_own(&ended).await {
            Ok(()) => info!(table = %self.id, "ended by its only person"),
            Err(e) => send(&out, &ServerFrame::error("no_end", &e)),
        }
    }

    /// A seated person takes back their last move of the deal in play,
    /// decided on version `v` (so a double click takes back one move):
    /// the table allows it where one person plays against bots. It is
    /// stored like a move and reaches everyone as an `undone` event.
    pub(super) async fn undo(&mut self, conn: ConnId, v: u64) {
        let Some((out, seat)) = self.actor(conn, "a spectator has no moves to take back", None)
        else {
            return;
        };
        let checked = match self.table.check_undo(seat, Some(v)) {
            Ok(checked) => checked,
            Err(e) => {
                send(&out, &self.reject(e.code(), &e.to_string(), None));
                return;
            }
        };
        match self.commit(checked).await {
            Ok(()) => info!(table = %self.id, seat, "a move taken back"),
            Err(e) => return send(&out, &self.reject("store", &e, None)),
        }
        // Taking a move back is playing: the seat is its person's again.
        if self.seats.get(seat) == Presence::StandIn {
            self.take_back(seat);
        }
    }

    /// A person whose seat a bot plays (their time ran out too often, or
    /// a friend let a bot play while they were away) takes it back.
    pub(super) fn back(&mut self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let seat = match c.viewer {
            Viewer::Spectator => Err("spectators have no seat to take back"),
            Viewer::Seat(s) if self.seats.get(s) != Presence::StandIn => {
                Err("nobody plays for you: the seat is yours")
            }
            Viewer::Seat(s) => Ok(s),
        };
        match seat {
            Ok(seat) => self.take_back(seat),
            Err(why) => send(&c.out, &ServerFrame::error("no_back", why)),
        }
    }

    /// The seat is its person's again, who is here: by `back`, or by
    /// their own move. A stand-in's move still being thought out is
    /// dropped when it comes (`bot_moved`).
    pub(super) fn take_back(&mut self, seat: u8) {
        self.seats.here(seat, self.connections_of(seat));
        self.clock.came(seat, self.table.to_move());
        info!(table = %self.id, seat, "back: the seat's person plays again");
        self.send_presence();
    }

    /// The first other seat that is a person's, if any.
    fn other_person(&self, me: u8) -> Option<u8> {
        self.table
            .config()
            .person_seats()
            .into_iter()
            .find(|&s| s != me)
    }

    /// Why a rematch with the same cards would not be fair, if it would
    /// not: it replays deals whose hands were shown at their end, so every
    /// person must have played here and the table must have been played
    /// out (a table ended early, or a seat nobody came to, hid hands that
    /// the old table's log now shows).
    pub(super) fn not_same_cards(&self) -> Option<String> {
        if matches!(
            self.table.status(),
            Status::Finished {
                unfinished: true,
                ..
            }
        ) {
            return Some(
                "the table ended before it was played out, so not every hand was seen: \
                 ask for new cards"
                    .into(),
            );
        }
        let config = self.table.config();
        let log = self.table.log();
        config
            .person_seats()
            .into_iter()
            .find(|&s| {
                !log.iter().any(
                    |e| matches!(e, Event::Acted { seat, by: Actor::Person, .. } if *seat == s),
                )
            })
            .map(|s| {
                format!(
                    "{} never played at this table, so the same cards would not be fair to them: \
                     ask for new cards",
                    config.seats[usize::from(s)].display_name(s)
                )
            })
    }
}
