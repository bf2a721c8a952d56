//! One task per table: it owns the table, its viewers' outboxes, its bots
//! and its timers, and handles one command at a time, so a table's log has
//! one writer. Every change goes: validate, append to the store (commit),
//! apply, send.

mod bots;
mod clock;
mod links;
mod seated;

use crate::address::HeldSlot;
use crate::config::ServerConfig;
use crate::limits::Bucket;
use crate::metrics::Metrics;
use crate::presence::{Presence, Seats};
use crate::secret::{SeatSecrets, SecretHash, TableKeys};
use crate::store::{Store, StoreError};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::AtomicU8;
use std::sync::Arc;
use std::time::Instant;
use talon_bots::AnyBot;
use talon_protocol::ServerFrame;
use talon_table::{
    Actor, Checked, EndReason, Event, Projected, SeatBots, Status, Table, TableConfig, TableError,
    Viewer,
};
use tokio::sync::{mpsc, oneshot, Semaphore};
use tokio::time::sleep_until;
use tracing::{debug, error, info};

pub type ConnId = u64;

/// Frames a viewer's outbox holds; a viewer that falls further behind is
/// dropped and catches up when it reconnects.
pub const OUTBOX: usize = 256;

/// Connections one seat may hold at once (a player's tabs and devices).
const MAX_TABS_A_SEAT: usize = 8;

/// What goes to a connection's writer.
#[derive(Debug)]
pub enum Outgoing {
    Frame(Arc<str>),
    Close(u16, &'static str),
}

/// What a room is asked to do.
pub enum RoomCmd {
    Join {
        conn: ConnId,
        viewer: Viewer,
        /// The hash of the secret a seat was admitted by: checked again
        /// here, as the seat's link may have changed since.
        proof: Option<SecretHash>,
        since: Option<u64>,
        out: mpsc::Sender<Outgoing>,
    },
    Leave {
        conn: ConnId,
    },
    Act {
        conn: ConnId,
        action: String,
        v: u64,
        id: Option<String>,
    },
    /// A seated person takes back their last move (at version `v`).
    Undo {
        conn: ConnId,
        v: u64,
    },
    Hint {
        conn: ConnId,
    },
    Resync {
        conn: ConnId,
    },
    /// A seated person asks a bot to play for an open or away seat.
    StandIn {
        conn: ConnId,
        seat: u8,
    },
    /// A seated person ends a game against bots.
    End {
        conn: ConnId,
    },
    /// A person whose seat a bot plays says they are back.
    Back {
        conn: ConnId,
    },
    /// A seated person gives their seat a new secret (a new link).
    NewLink {
        conn: ConnId,
        secret: String,
    },
    /// The host gives a person's seat a new secret (its hash).
    HostLink {
        seat: u8,
        hash: SecretHash,
        reply: oneshot::Sender<Result<(), crate::lobby::LobbyError>>,
    },
    BotMoved {
        seat: u8,
        at: u64,
        bot: Option<AnyBot>,
        action: Option<String>,
    },
    /// The public summary (GET /api/tables/{id}).
    Summary {
        reply: oneshot::Sender<Value>,
    },
    /// The whole log, hidden cards included: only once the table is
    /// finished (GET /api/tables/{id}/log).
    Log {
        reply: oneshot::Sender<Option<Vec<Event>>>,
    },
    /// What a rematch is made from: the table's config, whether it is
    /// finished, and the rematch already made, if any.
    RematchInfo {
        reply: oneshot::Sender<RematchInfo>,
    },
    /// The rematch was made (or is known from the store): everyone here,
    /// and everyone who comes, hears of it.
    Rematched {
        table: String,
    },
}

/// See [`RoomCmd::RematchInfo`].
pub struct RematchInfo {
    pub config: TableConfig,
    pub finished: bool,
    pub made: Option<String>,
    /// Why the same cards again would not be fair, if they would not.
    pub not_same_cards: Option<String>,
}

/// How the lobby and connections reach a room.
#[derive(Clone)]
pub struct RoomHandle {
    pub tx: mpsc::Sender<RoomCmd>,
    /// Seat secrets' hashes, checked by a connection before it joins
    /// (and by the room again as it joins: a seat's link may change).
    pub secrets: SeatSecrets,
    /// The host key's hash, if the table has one.
    pub host: Option<SecretHash>,
    /// Held while this table's rematch is made: two people asking at once
    /// get one (other tables' rematches do not wait; a second one made
    /// across a reload of the room is refused by the store's link).
    pub rematching: Arc<tokio::sync::Mutex<()>>,
}

struct Conn {
    viewer: Viewer,
    out: mpsc::Sender<Outgoing>,
}

/// What every room of a server shares.
pub struct Shared {
    pub store: Arc<dyn Store>,
    pub config: Arc<ServerConfig>,
    pub metrics: Arc<Metrics>,
    /// Permits to think: bots and hints wait for one before they search,
    /// one per core, so many tables' bots never crowd out the tables.
    pub thinkers: Arc<Semaphore>,
}

pub struct Room {
    id: String,
    table: Table,
    shared: Arc<Shared>,
    conns: HashMap<ConnId, Conn>,
    seats: Seats,
    /// Bots by seat: the table's own, and stand-ins for absent people.
    bots: SeatBots,
    /// The version a bot is thinking at, if one is.
    thinking: Option<u64>,
    /// When the table's own next event (the next deal) is due.
    due: Option<Instant>,
    finished_at: Option<Instant>,
    /// The store has the table marked finished (else it is rebuilt at
    /// every start); marking is tried again whenever the room starts.
    marked: bool,
    me: mpsc::WeakSender<RoomCmd>,
    /// The last event or person coming or going: an idle table with
    /// nobody online is closed `abandon_after` later.
    last_activity: Instant,
    /// Seats whose hint is being worked out, a bit each: one at a time per
    /// seat, so hint frames cannot queue searches without bound.
    hinting: Arc<AtomicU8>,
    /// Catch-ups by replay left: anyone may ask for one (an old `since` in
    /// a hello), and each costs the whole log.
    replays: Bucket,
    /// New seat links left (each is a committed write): a few a minute a
    /// table, from its people and its host together.
    links: Bucket,
    /// The place this table takes among its creator's or visitor's tables
    /// in memory. A table in play frees it when it finishes (its players
    /// may stay to read the result); a finished table brought back holds
    /// it until it leaves memory, so reading old tables stays bounded.
    place: Option<HeldSlot>,
    /// The table made to play this one again, once someone asked.
    rematch: Option<String>,
    /// How long the person to move has had their turn.
    clock: clock::TurnClock,
    /// The seats' secrets, which `new_link` and `host_link` change.
    secrets: SeatSecrets,
}

impl Room {
    /// Starts the task of a table rebuilt from its log (`marked`: the
    /// store already has it marked finished).
    pub fn spawn(
        id: String,
        table: Table,
        marked: bool,
        keys: TableKeys,
        shared: Arc<Shared>,
        place: Option<HeldSlot>,
        on_close: impl FnOnce(&str, &mpsc::WeakSender<RoomCmd>) + Send + 'static,
    ) -> RoomHandle {
        let (tx, rx) = mpsc::channel(1024);
        let seats = Seats::for_table(&table);
        // A stored table whose bot level is no more gets none (its seat
        // then waits) rather than failing to load.
        let bots = SeatBots::for_table(&table).unwrap_or_else(|_| SeatBots::none(table.seats()));
        let replays = Bucket::full(shared.config.catch_up_budget);
        let links = Bucket::full(links::BUDGET);
        let clock = clock::TurnClock::new(table.seats());
        let secrets = SeatSecrets::new(keys.seats);
        let room = Room {
            id,
            finished_at: table.is_finished().then(Instant::now),
            marked,
            table,
            shared,
            conns: HashMap::new(),
            seats,
            bots,
            thinking: None,
            due: None,
            me: tx.downgrade(),
            hinting: Arc::new(AtomicU8::new(0)),
            last_activity: Instant::now(),
            replays,
            links,
            place,
            rematch: None,
            clock,
            secrets: secrets.clone(),
        };
        tokio::spawn(room.run(rx, on_close));
        RoomHandle {
            tx,
            secrets,
            host: keys.host,
            rematching: Arc::default(),
        }
    }

    async fn run(
        mut self,
        mut rx: mpsc::Receiver<RoomCmd>,
        on_close: impl FnOnce(&str, &mpsc::WeakSender<RoomCmd>),
    ) {
        self.mark_finished_if_over().await;
        self.schedule();
        loop {
            let deadline = self.next_deadline();
            let cmd = tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => Some(cmd),
                    None => break,
                },
                _ = sleep_until(deadline.unwrap_or_else(Instant::now).into()), if deadline.is_some() => None,
            };
            self.shared.metrics.wakeup();
            if let Some(cmd) = cmd {
                self.handle(cmd).await;
            }
            self.on_timers().await;
            self.schedule();
            // Not while commands wait: a visit queued behind the last
            // viewer's leave would be lost with the queue (the lobby still
            // hands out this room until `on_close` removes it).
            if self.may_close() && rx.is_empty() {
                break;
            }
        }
        // No command can come in from here on: the lobby brings the table
        // back as a new room for the next visit. A visit that slipped in
        // since the last look is asked to come again (its outbox would
        // otherwise just end, which reads as having fallen behind).
        rx.close();
        while let Ok(cmd) = rx.try_recv() {
            match cmd {
                RoomCmd::Join { out, .. } => {
                    let _ = out.try_send(Outgoing::Close(
                        crate::conn::close::AGAIN,
                        crate::conn::close::AGAIN_WHY,
                    ));
                }
                other => self.handle(other).await,
            }
        }
        for conn in self.conns.values() {
            let _ = conn
                .out
                .try_send(Outgoing::Close(1001, "the table is closed"));
        }
        debug!(table = %self.id, "left memory");
        on_close(&self.id, &self.me);
    }

    /// A finished table nobody watches leaves memory after a while (it
    /// stays in the store and comes back when asked for).
    fn may_close(&self) -> bool {
        self.conns.is_empty()
            && self
                .finished_at
                .is_some_and(|t| t.elapsed() >= self.shared.config.finished_ttl)
    }

    fn next_deadline(&self) -> Option<Instant> {
        let grace = self.seats.next_grace_end(self.shared.config.grace);
        // Only while nobody is connected: with a viewer the time passes
        // and stays past, and the wait would end at once, again and again.
        let ttl = self
            .finished_at
            .filter(|_| self.conns.is_empty())
            .map(|t| t + self.shared.config.finished_ttl);
        [
            self.due,
            grace,
            ttl,
            self.abandon_at(),
            self.turn_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// When this table is closed for want of anyone, if nothing happens.
    fn abandon_at(&self) -> Option<Instant> {
        if self.table.is_finished() || self.seats.anyone_online() {
            return None;
        }
        Some(self.last_activity + self.shared.config.abandon_after)
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Join {
                conn,
                viewer,
                proof,
                since,
                out,
            } => {
                if self.still_opens(viewer, proof, &out) {
                    self.join(conn, viewer, since, out)
                }
            }
            RoomCmd::Leave { conn } => {
                if self.drop_conn(conn) {
                    self.last_activity = Instant::now();
                }
            }
            RoomCmd::Act {
                conn,
                action,
                v,
                id,
            } => self.act(conn, &action, v, id).await,
            RoomCmd::Undo { conn, v } => self.undo(conn, v).await,
            RoomCmd::Hint { conn } => self.hint(conn),
            RoomCmd::Resync { conn } => {
                if let Some(c) = self.conns.get(&conn) {
                    let frame = self.snapshot(c.viewer);
                    send(&c.out, &frame);
                }
            }
            RoomCmd::StandIn { conn, seat } => self.stand_in(conn, seat),
            RoomCmd::End { conn } => self.end(conn).await,
            RoomCmd::Back { conn } => self.back(conn),
            RoomCmd::NewLink { conn, secret } => self.new_link(conn, &secret).await,
            RoomCmd::HostLink { seat, hash, reply } => {
                let _ = reply.send(self.host_link(seat, hash).await);
            }
            RoomCmd::BotMoved {
                seat,
                at,
                bot,
                action,
            } => self.bot_moved(seat, at, bot, action).await,
            RoomCmd::Summary { reply } => {
                let mut state = self.table.state(Viewer::Spectator);
                state["table"] = json!(self.id);
                state["v"] = json!(self.table.version());
                state["presence"] = json!(self.seats.presence(self.shared.config.grace));
                let _ = reply.send(state);
            }
            RoomCmd::Log { reply } => {
                let log = self.table.is_finished().then(|| self.table.log().to_vec());
                let _ = reply.send(log);
            }
            RoomCmd::RematchInfo { reply } => {
                let _ = reply.send(RematchInfo {
                    config: self.table.config().clone(),
                    finished: self.table.is_finished(),
                    made: self.rematch.clone(),
                    not_same_cards: self.not_same_cards(),
                });
            }
            RoomCmd::Rematched { table } => {
                let frame = ServerFrame::Rematch {
                    table: table.clone(),
                };
                for c in self.conns.values() {
                    send(&c.out, &frame);
                }
                self.rematch = Some(table);
            }
        }
    }

    fn join(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        since: Option<u64>,
        out: mpsc::Sender<Outgoing>,
    ) {
        // Spectators have their own cap, so that they can never crowd a
        // player out of a seat; a seat's own tabs have a small one.
        let same = self.conns.values().filter(|c| c.viewer == viewer).count();
        let full = match viewer {
            Viewer::Spectator => self.conns.len() - self.seated() >= self.shared.config.max_viewers,
            Viewer::Seat(_) => same >= MAX_TABS_A_SEAT,
        };
        if full {
            let why = match viewer {
                Viewer::Spectator => "too many viewers at this table",
                Viewer::Seat(_) => "too many connections for this seat",
            };
            let _ = out.try_send(Outgoing::Close(crate::conn::close::TOO_MANY, why));
            return;
        }
        let v = self.table.version();
        let seat = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        send(
            &out,
            &ServerFrame::Welcome {
                table: self.id.clone(),
                seat,
                v,
                turn_secs: self.shared.config.turn_time.map(|t| t.as_secs()),
            },
        );
        // Up to date: nothing to send. Behind: the missed events, or a
        // snapshot when they are too many (or the version is unknown).
        if since != Some(v) {
            self.catch_up(&out, since.unwrap_or(0), viewer);
        }
        if let Some(table) = &self.rematch {
            let table = table.clone();
            send(&out, &ServerFrame::Rematch { table });
        }
        debug!(table = %self.id, seat, since, "joined");
        self.conns.insert(conn, Conn { viewer, out });
        if let Some(s) = seat {
            // Coming is being back: a stand-in gives the seat up at once.
            let was_here = matches!(self.seats.get(s), Presence::Online(_));
            self.seats.here(s, self.connections_of(s));
            self.last_activity = Instant::now();
            if !was_here {
                self.clock.came(s, self.table.to_move());
            }
        }
        self.send_presence();
    }

    /// How many connections hold `seat`.
    fn connections_of(&self, seat: u8) -> usize {
        self.conns
            .values()
            .filter(|c| c.viewer == Viewer::Seat(seat))
            .count()
    }

    /// Connections that hold a seat.
    fn seated(&self) -> usize {
        self.conns
            .values()
            .filter(|c| c.viewer != Viewer::Spectator)
            .count()
    }

    fn snapshot(&self, viewer: Viewer) -> ServerFrame {
        ServerFrame::Snapshot {
            v: self.table.version(),
            state: self.table.state(viewer),
        }
    }

    /// The outbox and seat of a connection that asks to change the game,
    /// or `None` once a spectator is told `why` (a connection not here
    /// has gone already).
    pub(super) fn actor(
        &self,
        conn: ConnId,
        why: &str,
        id: Option<String>,
    ) -> Option<(mpsc::Sender<Outgoing>, u8)> {
        let c = self.conns.get(&conn)?;
        match c.viewer {
            Viewer::Seat(seat) => Some((c.out.clone(), seat)),
            Viewer::Spectator => {
                send(&c.out, &self.reject("spectator", why, id));
                None
            }
        }
    }

    async fn act(&mut self, conn: ConnId, action: &str, v: u64, id: Option<String>) {
        let started = Instant::now();
        let Some((out, seat)) = self.actor(conn, "a spectator cannot act", id.clone()) else {
            return;
        };
        let event = match self
            .table
            .check_action(seat, action, Actor::Person, Some(v))
        {
            Ok(event) => event,
            Err(e) => {
                send(&out, &self.reject(e.code(), &e.to_string(), id));
                // An older version needs nothing more: the room handles one
                // command at a time, so every event since is already on its
                // way to this connection (a catch-up sent them twice, and
                // an old device's move brought back the whole log). One
                // from nowhere starts the viewer afresh.
                if matches!(e, TableError::Stale { .. }) && v > self.table.version() {
                    send(&out, &self.snapshot(Viewer::Seat(seat)));
                }
                return;
            }
        };
        if let Err(e) = self.commit(event).await {
            send(&out, &self.reject("store", &e, id));
            return;
        }
        // A person's own move takes their seat back from a stand-in (a
        // refused one changes nothing, presence included).
        if self.seats.get(seat) == Presence::StandIn {
            self.take_back(seat);
        }
        self.shared.metrics.record(started.elapsed());
    }

    fn catch_up(&mut self, out: &mpsc::Sender<Outgoing>, since: u64, viewer: Viewer) {
        let config = &self.shared.config;
        // Nothing missed costs no replay.
        let replay = self.table.can_catch_up(since)
            && (since == self.table.version()
                || self
                    .replays
                    .take(config.catch_up_budget, config.catch_up_window));
        let missed = replay.then(|| self.table.catch_up(since, viewer)).flatten();
        match missed {
            // Only as many events as the outbox still takes, with room for
            // the presence frame after them (its writer may not have sent
            // anything yet): a dropped last event would leave the viewer
            // short of the version its welcome named.
            Some(missed) if missed.len() < out.capacity() => {
                missed.into_iter().for_each(|p| send(out, &event_frame(p)))
            }
            _ => send(out, &self.snapshot(viewer)),
        }
    }

    pub(super) fn reject(&self, code: &str, message: &str, id: Option<String>) -> ServerFrame {
        ServerFrame::Reject {
            code: code.to_string(),
            // The rules quote what they refuse: a long action is cut.
            message: talon_protocol::error_text(message),
            v: self.table.version(),
            id,
        }
    }

    /// Validated event → store (commit) → table → viewers.
    async fn commit(&mut self, checked: Checked) -> Result<(), String> {
        let after = self.table.version();
        self.shared
            .store
            .append(
                &self.id,
                after,
                std::slice::from_ref(checked.event()),
                false,
            )
            .await
            .map_err(|e| {
                // The operator hears of it too: the disk or the database
                // is in trouble, not the player (unless the server is
                // stopping, which is no trouble).
                match e {
                    StoreError::Closed => info!(table = %self.id, "a move refused: {e}"),
                    _ => error!(table = %self.id, "a move could not be saved: {e}"),
                }
                format!("the move could not be saved ({e}); nothing changed")
            })?;
        self.last_activity = Instant::now();
        let person_moved = match checked.event() {
            Event::Acted {
                seat,
                by: Actor::Person,
                ..
            }
            | Event::Undone { seat } => Some(*seat),
            _ => None,
        };
        // Checked on this table, which nothing else changes meanwhile.
        self.table
            .apply_checked(checked)
            .expect("a checked event applies to the table it was checked on");
        self.clock.restart(person_moved);
        if self.table.is_finished() && self.finished_at.is_none() {
            // Finished in this room, so no longer in play: the place is
            // free before anyone hears of the end.
            self.place = None;
            self.finished_at = Some(Instant::now());
            self.log_finished();
        } else if self.table.status() == Status::DealOver {
            self.log_deal_over();
        }
        self.broadcast();
        self.mark_finished_if_over().await;
        Ok(())
    }

    /// The table's own event (a deal, the end): checked, then committed.
    async fn commit_own(&mut self, event: &Event) -> Result<(), String> {
        let checked = self
            .table
            .check(event)
            .map_err(|e| format!("the table refuses its own event ({e}); nothing changed"))?;
        self.commit(checked).await
    }

    async fn mark_finished_if_over(&mut self) {
        if !self.table.is_finished() {
            return;
        }
        if !self.marked {
            // The log is complete; the mark only spares a replay on start.
            // Unwritten now, it is tried again when the room next starts.
            self.marked = self
                .shared
                .store
                .append(&self.id, self.table.version(), &[], true)
                .await
                .is_ok();
        }
    }

    /// Sends the last event to every viewer, each its own projection.
    fn broadcast(&mut self) {
        let mut frames: HashMap<Viewer, Arc<str>> = HashMap::new();
        let mut lagging = Vec::new();
        for (&id, conn) in &self.conns {
            let text = frames
                .entry(conn.viewer)
                .or_insert_with(|| {
                    event_frame(self.table.project_last(conn.viewer))
                        .to_json()
                        .into()
                })
                .clone();
            if conn.out.try_send(Outgoing::Frame(text)).is_err() {
                lagging.push(id);
            }
        }
        // A viewer whose outbox is full has fallen behind: dropping its
        // outbox closes its socket; it reconnects and catches up.
        for id in lagging {
            self.drop_conn(id);
        }
    }

    /// Forgets a connection; a seat's is a leave the others hear of.
    /// Returns whether a seat was left.
    fn drop_conn(&mut self, conn: ConnId) -> bool {
        let Some(Viewer::Seat(s)) = self.conns.remove(&conn).map(|c| c.viewer) else {
            return false;
        };
        self.seats.left(s, self.connections_of(s));
        debug!(table = %self.id, seat = s, "left");
        self.send_presence();
        true
    }

    fn send_presence(&self) {
        let frame: Arc<str> = ServerFrame::Presence {
            seats: self.seats.presence(self.shared.config.grace),
        }
        .to_json()
        .into();
        for conn in self.conns.values() {
            let _ = conn.out.try_send(Outgoing::Frame(frame.clone()));
        }
    }

    async fn on_timers(&mut self) {
        let now = Instant::now();
        let expired = self.seats.expire_grace(now, self.shared.config.grace);
        for seat in &expired {
            info!(table = %self.id, seat, "a bot stands in: its person was away longer than the grace time");
        }
        if !expired.is_empty() {
            self.send_presence();
        }
        self.on_turn_timeout(now);
        if self.abandon_at().is_some_and(|t| t <= now) {
            let closed = Event::Ended {
                reason: EndReason::Closed,
            };
            if let Err(e) = self.commit_own(&closed).await {
                error!(table = %self.id, "{e}");
                // Try again after another while, not in a tight loop.
                self.last_activity = now;
            }
            return;
        }
        if self.due.is_some_and(|d| d <= now) {
            self.due = None;
            if let Some(event) = self.table.next_event() {
                if let Err(e) = self.commit_own(&event).await {
                    error!(table = %self.id, "{e}");
                }
            }
        }
    }
}

impl Room {
    /// The operator's line for a deal of a match played out: public, like
    /// the result every seat now sees.
    fn log_deal_over(&self) {
        let Some(deal) = self.table.finished_deals().last() else {
            return;
        };
        info!(
            table = %self.id,
            deal = deal.deal_no,
            score = ?deal.match_scores.as_deref().unwrap_or_default(),
            "deal over"
        );
    }

    fn log_finished(&self) {
        let how = match self.table.status() {
            Status::Finished {
                unfinished: true, ..
            } => "cut short",
            _ => "played out",
        };
        info!(
            table = %self.id,
            deals = self.table.finished_deals().len(),
            winners = ?self.table.winners(),
            how,
            "table finished"
        );
    }
}

fn event_frame(p: Projected) -> ServerFrame {
    ServerFrame::Event {
        v: p.v,
        event: Some(p.event),
        state: Some(p.state),
    }
}

fn send(out: &mpsc::Sender<Outgoing>, frame: &ServerFrame) {
    let _ = out.try_send(Outgoing::Frame(frame.to_json().into()));
}
