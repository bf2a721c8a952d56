//! A person's seat link, which is the seat's secret. Whoever makes a
//! table holds every seat's first link (to send them out), and a link may
//! be pasted in the wrong place; so the seat's person may give it a new
//! one, and the old one then opens nothing.
//!
//! The client chooses the new secret and keeps it before asking: if the
//! answer is lost (a dropped connection, a crash after the commit) it
//! still holds the secret the store has, and nobody is locked out.

use super::{send, ConnId, Outgoing, Room};
use crate::conn::close;
use crate::secret;
use talon_protocol::ServerFrame;
use talon_table::Viewer;
use tracing::{error, info};

impl Room {
    /// Validate, store (commit), apply, answer: then the seat's other
    /// connections, which came with the old secret, are closed.
    pub(super) async fn new_link(&mut self, conn: ConnId, secret: &str) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let out = c.out.clone();
        let hash = secret::hash(secret);
        let seat = match c.viewer {
            Viewer::Spectator => Err("spectators have no seat link to change"),
            _ if self.table.is_finished() => {
                Err("the table is over: a seat's link can change only while it is played")
            }
            _ if !secret::well_formed(secret) => {
                Err("a seat secret is 32 hex digits (0-9 and a-f), chosen at random")
            }
            _ if self.secrets.seat_of(&hash).is_some() => {
                Err("that secret is already a seat's: choose another at random")
            }
            Viewer::Seat(s) => Ok(s),
        };
        let seat = match seat {
            Ok(s) => s,
            Err(why) => return send(&out, &ServerFrame::error("no_new_link", why)),
        };
        if let Err(e) = self.shared.store.set_secret(&self.id, seat, &hash).await {
            error!(table = %self.id, seat, "a seat's new link could not be saved: {e}");
            // Its own code: a failed commit may in rare cases still have
            // reached the disk, so the client keeps its new secret to try.
            let why = format!("the new link could not be saved ({e}); the old one still works");
            return send(&out, &ServerFrame::error("store", why));
        }
        self.secrets.set(seat, hash);
        // An answer that does not fit the outbox would leave the page
        // showing a dead link: dropped instead, it reconnects, is refused
        // the old secret and tries the one it kept.
        let answer = Outgoing::Frame(ServerFrame::LinkChanged.to_json().into());
        if out.try_send(answer).is_err() {
            self.drop_conn(conn);
        }
        let others: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(&id, c)| id != conn && c.viewer == Viewer::Seat(seat))
            .map(|(&id, _)| id)
            .collect();
        for id in others {
            if let Some(c) = self.conns.get(&id) {
                let why = "this seat was given a new link elsewhere: the one you came with opens nothing now";
                let _ = c.out.try_send(Outgoing::Close(close::NEW_LINK, why));
            }
            self.drop_conn(id);
        }
        info!(table = %self.id, seat, "a seat has a new link");
    }
}
