//! A person's seat link, which is the seat's secret. Whoever makes a
//! table holds every seat's first link (to send them out), and a link may
//! be pasted in the wrong place; so the seat's person may give it a new
//! one, and the old one then opens nothing. The table's host may too,
//! for any person's seat: the way out when someone a link reached by
//! mistake took the seat first.
//!
//! A person's client chooses the new secret and keeps it before asking:
//! if the answer is lost (a dropped connection, a crash after the
//! commit) it still holds the secret the store has, and nobody is locked
//! out. The host's new secret comes back in the HTTP answer.

use super::{send, ConnId, Outgoing, Room};
use crate::conn::close;
use crate::lobby::LobbyError;
use crate::secret::{self, SecretHash};
use crate::store::StoreError;
use std::time::Duration;
use talon_protocol::{LinkBy, ServerFrame};
use talon_table::Viewer;
use tokio::sync::mpsc;
use tracing::{error, info};

/// New links a table may make in `WINDOW`, from its people and its host
/// together: each is a committed write on the store's one writer.
pub(super) const BUDGET: u32 = 10;
const WINDOW: Duration = Duration::from_secs(60);

impl Room {
    /// Whether a joining connection's seat still opens with the secret it
    /// was admitted by (`proof`): the link may have changed since. If not,
    /// it is closed as one whose seat got a new link.
    pub(super) fn still_opens(
        &self,
        viewer: Viewer,
        proof: Option<SecretHash>,
        out: &mpsc::Sender<Outgoing>,
    ) -> bool {
        let Viewer::Seat(s) = viewer else {
            return true;
        };
        if proof.is_some_and(|p| self.secrets.holds(s, &p)) {
            return true;
        }
        let why =
            "this seat was given a new link as you came: the one you came with opens nothing now";
        let _ = out.try_send(Outgoing::Close(close::NEW_LINK, why));
        false
    }

    /// From the seat's own connection: validate, change, answer.
    pub(super) async fn new_link(&mut self, conn: ConnId, secret: &str) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let out = c.out.clone();
        let hash = secret::hash(secret);
        let seat = match c.viewer {
            Viewer::Spectator => Err("spectators have no seat link to change".to_string()),
            _ if self.table.is_finished() => {
                Err("the table is over: a seat's link can change only while it is played".into())
            }
            _ if !secret::well_formed(secret) => {
                Err("a seat secret is 32 hex digits (0-9 and a-f), chosen at random".into())
            }
            _ if self.secrets.seat_of(&hash).is_some() => {
                Err("that secret is already a seat's: choose another at random".into())
            }
            Viewer::Seat(s) => self.take_link_token().map(|()| s).map_err(|(why, _)| why),
        };
        let seat = match seat {
            Ok(s) => s,
            Err(why) => return send(&out, &ServerFrame::error("no_new_link", why)),
        };
        if let Err(e) = self
            .change_link(seat, hash, Some(conn), LinkBy::Person)
            .await
        {
            error!(table = %self.id, seat, "a seat's new link could not be saved: {e}");
            // Its own code: a failed commit may in rare cases still have
            // reached the disk, so the client keeps its new secret to try.
            let why = format!("the new link could not be saved ({e}); the old one still works");
            return send(&out, &ServerFrame::error("store", why));
        }
        // An answer that does not fit the outbox would leave the page
        // showing a dead link: dropped instead, it reconnects, is refused
        // the old secret and tries the one it kept.
        let answer = Outgoing::Frame(ServerFrame::LinkChanged.to_json().into());
        if out.try_send(answer).is_err() {
            self.drop_conn(conn);
        }
    }

    /// From the host (the lobby checked the host key): any person's seat
    /// while the table is played; every connection of the seat is closed.
    /// A store failure is logged by the HTTP answer's side.
    pub(super) async fn host_link(&mut self, seat: u8, hash: SecretHash) -> Result<(), LobbyError> {
        let seats = self.table.config().seats.len();
        if usize::from(seat) >= seats {
            return Err(LobbyError::Invalid(format!(
                "there is no seat {seat} at this table (seats 0 to {})",
                seats - 1
            )));
        }
        if self.table.config().seats[usize::from(seat)].is_bot() {
            return Err(LobbyError::Invalid(format!(
                "seat {seat} is a bot's: it has no link"
            )));
        }
        if self.table.is_finished() {
            return Err(LobbyError::NotYet(
                "the table is over: a seat's link can change only while it is played".into(),
            ));
        }
        if let Err((why, secs)) = self.take_link_token() {
            return Err(LobbyError::TooMany(why, Some(secs)));
        }
        self.change_link(seat, hash, None, LinkBy::Host)
            .await
            .map_err(LobbyError::Store)
    }

    /// One of the table's new links, or why not now and in how many
    /// seconds to ask again.
    fn take_link_token(&mut self) -> Result<(), (String, u64)> {
        if self.links.take(BUDGET, WINDOW) {
            return Ok(());
        }
        let secs = self.links.wait(BUDGET, WINDOW).as_secs().max(1);
        let why =
            format!("at most {BUDGET} new links a minute at one table: try again in {secs} s");
        Err((why, secs))
    }

    /// Store (commit), apply, then close the seat's connections but
    /// `keep`, which came with the old secret, and tell the table.
    async fn change_link(
        &mut self,
        seat: u8,
        hash: SecretHash,
        keep: Option<ConnId>,
        by: LinkBy,
    ) -> Result<(), StoreError> {
        self.shared.store.set_secret(&self.id, seat, &hash).await?;
        self.secrets.set(seat, hash);
        let others: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(&id, c)| Some(id) != keep && c.viewer == Viewer::Seat(seat))
            .map(|(&id, _)| id)
            .collect();
        let (code, why) = match by {
            LinkBy::Person => (
                close::NEW_LINK,
                "this seat was given a new link elsewhere: the one you came with opens nothing now",
            ),
            LinkBy::Host => (
                close::HOST_LINK,
                "the table's host gave this seat a new link: ask them for it",
            ),
        };
        for id in others {
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.try_send(Outgoing::Close(code, why));
            }
            self.drop_conn(id);
        }
        // Everyone here hears of it: a host who takes a seat is never silent.
        let notice = ServerFrame::SeatLinkChanged { seat, by };
        for c in self.conns.values() {
            send(&c.out, &notice);
        }
        info!(table = %self.id, seat, by = by.as_str(), "a seat has a new link");
        Ok(())
    }
}
