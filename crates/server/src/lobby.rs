//! The tables a server holds: creating them, finding them (from memory,
//! or from the store for one that left memory), and rebuilding every open
//! table from its log on start.

use crate::address::{HeldCounts, HeldSlot};
use crate::config::ServerConfig;
use crate::limits::Buckets;
use crate::metrics::Metrics;
use crate::room::{Room, RoomCmd, RoomHandle, Shared};
use crate::secret::{new_id, new_secret, new_seed, TableKeys};
use crate::store::{Store, StoreError, StoredTable};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, Weak};
use talon_table::{Event, Table, TableConfig};
use tokio::sync::Semaphore;
use tracing::{debug, error, info, warn};

/// Why a table could not be made or found.
#[derive(Debug)]
pub enum LobbyError {
    Invalid(String),
    /// Past a limit of this address's; when asking again may help, after
    /// how many seconds (a rate), else `None` (tables in play must finish
    /// first).
    TooMany(String, Option<u64>),
    Full,
    NotFound,
    /// A seat secret that is no seat's at this table.
    Forbidden(String),
    /// The table's room is closing; asking again brings it back.
    Closing,
    /// Asked before its time (a rematch of a table still in play).
    NotYet(String),
    Store(StoreError),
}

/// A new table's seats, each with its secret (people's seats only), and
/// its host key.
pub struct Created {
    pub id: String,
    pub version: u64,
    pub secrets: Vec<Option<String>>,
    pub host: String,
}

/// The table that plays a finished one again.
pub struct Rematch {
    pub table: String,
    /// Whether it deals the same cards (the same seed).
    pub same_cards: bool,
}

pub struct Lobby {
    rooms: Mutex<HashMap<String, RoomHandle>>,
    shared: Arc<Shared>,
    creators: Mutex<Buckets<IpAddr>>,
    /// Open WebSockets by address.
    pub sockets: Arc<HeldCounts>,
    /// Tables in memory by the address that made them or brought them
    /// back from the store by a visit (those rebuilt on start count for
    /// nobody).
    held_tables: Arc<HeldCounts>,
    me: Weak<Lobby>,
}

impl Lobby {
    pub fn new(
        store: Arc<dyn Store>,
        config: Arc<ServerConfig>,
        metrics: Arc<Metrics>,
    ) -> Arc<Lobby> {
        Arc::new_cyclic(|me| Lobby {
            rooms: Mutex::new(HashMap::new()),
            creators: Mutex::new(Buckets::new(config.create_budget, config.create_window)),
            sockets: HeldCounts::new(config.max_sockets_per_address),
            held_tables: HeldCounts::new(config.max_tables_per_address),
            shared: Arc::new(Shared {
                store,
                config,
                metrics,
                thinkers: Arc::new(Semaphore::new(
                    std::thread::available_parallelism().map_or(2, |n| n.get()),
                )),
            }),
            me: me.clone(),
        })
    }

    pub fn config(&self) -> &ServerConfig {
        &self.shared.config
    }

    /// Whether the store answers within two seconds.
    pub async fn store_answers(&self) -> Result<(), String> {
        match tokio::time::timeout(std::time::Duration::from_secs(2), self.shared.store.ping())
            .await
        {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err("the database did not answer within 2 s".into()),
        }
    }

    pub fn open_count(&self) -> usize {
        self.rooms.lock().expect("lobby lock").len()
    }

    /// Makes a table: checks the config, stores it (secrets hashed), starts
    /// it, dealing from a new seed (whatever `config` says). `key` is the
    /// client as the limits count it (`client_key`).
    pub async fn create(
        &self,
        mut config: TableConfig,
        key: IpAddr,
    ) -> Result<Created, LobbyError> {
        config.seed = new_seed();
        config.deal = None;
        let (secrets, hashes): (Vec<_>, Vec<_>) = config
            .seats
            .iter()
            .map(|s| {
                if s.is_bot() {
                    (None, None)
                } else {
                    let (secret, hash) = new_secret();
                    (Some(secret), Some(hash))
                }
            })
            .unzip();
        let (host, host_hash) = new_secret();
        let keys = TableKeys {
            seats: hashes,
            host: Some(host_hash),
        };
        let (id, version) = self.open(config, keys, None, key).await?;
        Ok(Created {
            id,
            version,
            secrets,
            host,
        })
    }

    /// A finished table played again: the same game, options and seats,
    /// each person's secret working at the new table; new cards, or the
    /// same ones (`same_cards`: the same seed). Whoever asks next gets the
    /// same rematch. Returns its id.
    pub async fn rematch(
        &self,
        id: &str,
        secret: &str,
        same_cards: bool,
        key: IpAddr,
    ) -> Result<Rematch, LobbyError> {
        let room = self.room(id, key).await?;
        if room.secrets.seat_of(&crate::secret::hash(secret)).is_none() {
            return Err(LobbyError::Forbidden(
                "only someone seated at the table may ask for a rematch: wrong seat secret".into(),
            ));
        }
        let _one = room.rematching.lock().await;
        let (reply, info) = tokio::sync::oneshot::channel();
        room.tx
            .send(RoomCmd::RematchInfo { reply })
            .await
            .map_err(|_| LobbyError::Closing)?;
        let info = info.await.map_err(|_| LobbyError::Closing)?;
        // The store as well as the room: a rematch whose asker went away
        // mid-request is committed, but its room may not have heard yet.
        if let Some(made) = info.made.or(self.stored_rematch(id).await) {
            return Ok(self.made_rematch(made, &info.config).await);
        }
        if !info.finished {
            return Err(LobbyError::NotYet(
                "the table is still in play: a rematch follows its end".into(),
            ));
        }
        let mut config = info.config.clone();
        if same_cards {
            if let Some(why) = info.not_same_cards {
                return Err(LobbyError::NotYet(why));
            }
        } else {
            config.seed = new_seed();
            config.deal = None;
        }
        // A single deal stored before a match's target needed a match
        // kept one that did nothing: the rematch leaves it out.
        config.drop_idle_target();
        // Likewise options refused since as changing nothing in this game.
        config.drop_inert_options();
        // The same people, with their links as they are now, and the same host.
        let keys = TableKeys {
            seats: room.secrets.all(),
            host: room.host,
        };
        match self.open(config, keys, Some(id.to_string()), key).await {
            Ok((made, _)) => Ok(Rematch {
                table: made,
                same_cards,
            }),
            // Made meanwhile by a request whose asker had gone (the store
            // refuses a second link): that one is the rematch.
            Err(e) => match self.stored_rematch(id).await {
                Some(made) => Ok(self.made_rematch(made, &info.config).await),
                None => Err(e),
            },
        }
    }

    /// The host gives a person's seat a new link (whoever holds the old
    /// one, such as someone it reached by mistake, is shut out). Returns
    /// the new secret.
    pub async fn new_seat_link(
        &self,
        id: &str,
        seat: u8,
        host: &str,
        key: IpAddr,
    ) -> Result<String, LobbyError> {
        let room = self.room(id, key).await?;
        let asked = crate::secret::hash(host);
        match room.host {
            Some(h) if crate::secret::same(&h, &asked) => {}
            Some(_) => {
                return Err(LobbyError::Forbidden(
                    "only the table's host may give a seat a new link: wrong host key".into(),
                ))
            }
            None => {
                return Err(LobbyError::Forbidden(
                    "this table has no host key (it was made before there were any)".into(),
                ))
            }
        }
        let (secret, hash) = new_secret();
        let (reply, answer) = tokio::sync::oneshot::channel();
        room.tx
            .send(RoomCmd::HostLink { seat, hash, reply })
            .await
            .map_err(|_| LobbyError::Closing)?;
        answer.await.map_err(|_| LobbyError::Closing)??;
        Ok(secret)
    }

    /// The rematch the store links to table `id`, if any.
    async fn stored_rematch(&self, id: &str) -> Option<String> {
        self.shared.store.load(id).await.ok()?.rematch
    }

    /// A rematch already made, and whether it plays the same cards as the
    /// table `old` (its seed): whoever asks later is told which it is.
    async fn made_rematch(&self, made: String, old: &TableConfig) -> Rematch {
        let same_cards = match self.shared.store.load(&made).await {
            Ok(stored) => matches!(
                stored.events.first(),
                Some(Event::Created { config }) if config.seed == old.seed
            ),
            Err(_) => false,
        };
        Rematch {
            table: made,
            same_cards,
        }
    }

    /// Checks the limits and the config, stores the table (with its link
    /// from the table it plays again, if any) and starts it.
    async fn open(
        &self,
        config: TableConfig,
        keys: TableKeys,
        rematch_of: Option<String>,
        key: IpAddr,
    ) -> Result<(String, u64), LobbyError> {
        // Held until the table finishes (or leaves memory), so one address
        // cannot take every place among `max_open_tables`.
        let place = self.place_for(key)?;
        // In a block: the guard must be gone before any await.
        let refused = {
            let mut creators = self.creators.lock().expect("limits lock");
            (!creators.take(&key)).then(|| creators.wait(&key))
        };
        if let Some(wait) = refused {
            // Whole seconds, rounded up: asking sooner is refused again.
            let secs = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
            return Err(LobbyError::TooMany(
                format!(
                    "at most {} tables per {} s from one address: try again in {secs} s",
                    self.shared.config.create_budget,
                    self.shared.config.create_window.as_secs(),
                ),
                Some(secs),
            ));
        }
        if self.open_count() >= self.shared.config.max_open_tables {
            return Err(LobbyError::Full);
        }
        // For the log line, before the config moves into the table.
        let (preset, whole_match) = (config.preset.clone(), config.whole_match);
        let people = config.person_seats().len();
        let bots = config.seats.len() - people;
        let events = Table::open(config).map_err(|e| LobbyError::Invalid(e.to_string()))?;
        let table = Table::replay(&events).map_err(|e| LobbyError::Invalid(e.to_string()))?;
        let id = new_id(12);
        let version = table.version();
        let stored = StoredTable {
            id: id.clone(),
            keys,
            events,
            finished: false,
            rematch: None,
        };
        // Stored and started in a task of its own: a client that goes away
        // mid-request drops this future, and must not leave a stored table
        // that no room runs (nor frees the place such a table holds).
        let lobby = self.me.upgrade().ok_or(LobbyError::Full)?;
        tokio::spawn(async move {
            lobby
                .shared
                .store
                .create(
                    &stored.id,
                    &stored.keys,
                    &stored.events,
                    rematch_of.as_deref(),
                )
                .await?;
            let made = stored.id.clone();
            lobby.start(stored, table, Some(place));
            match &rematch_of {
                Some(from) => info!(table = %made, rematch_of = %from, "rematch opened"),
                None => info!(table = %made, %preset, people, bots, whole_match, "table opened"),
            }
            if let Some(from) = rematch_of {
                // After the commit, here and not in the request (which its
                // asker may drop), to the room that holds the old table now
                // (it may have been brought back since the request began).
                let old = lobby.rooms.lock().expect("lobby lock").get(&from).cloned();
                if let Some(old) = old {
                    let _ = old.tx.send(RoomCmd::Rematched { table: made }).await;
                }
            }
            Ok(())
        })
        .await
        .map_err(|e| LobbyError::Store(StoreError::Backend(format!("table creation failed: {e}"))))?
        .map_err(LobbyError::Store)?;
        Ok((id, version))
    }

    /// A place among the tables `key` may hold in memory.
    fn place_for(&self, key: IpAddr) -> Result<HeldSlot, LobbyError> {
        self.held_tables.open(key).ok_or_else(|| {
            LobbyError::TooMany(
                format!(
                    "at most {} tables in play from one address: finish or leave some first",
                    self.shared.config.max_tables_per_address
                ),
                None,
            )
        })
    }

    /// Starts a table's room, or gives the one already running: checked
    /// and inserted under one lock, so two visits never start two rooms.
    /// `place` (its creator's or visitor's) is freed when the room closes,
    /// or when a table in play finishes.
    fn start(&self, mut stored: StoredTable, table: Table, place: Option<HeldSlot>) -> RoomHandle {
        let mut rooms = self.rooms.lock().expect("lobby lock");
        if let Some(h) = rooms.get(&stored.id) {
            if !h.tx.is_closed() {
                return h.clone();
            }
        }
        let rematch = stored.rematch.take();
        let me = self.me.clone();
        let handle = Room::spawn(
            stored.id.clone(),
            table,
            stored.finished,
            stored.keys,
            self.shared.clone(),
            place,
            // A closing room removes its own entry only: a newer room of the
            // same table may have taken its place.
            move |id, closing| {
                let Some(lobby) = me.upgrade() else { return };
                let mut rooms = lobby.rooms.lock().expect("lobby lock");
                let same = rooms
                    .get(id)
                    .is_some_and(|h| closing.upgrade().is_some_and(|tx| tx.same_channel(&h.tx)));
                if same {
                    rooms.remove(id);
                }
            },
        );
        if let Some(table) = rematch {
            // The room's first command: its queue is empty.
            let _ = handle.tx.try_send(RoomCmd::Rematched { table });
        }
        rooms.insert(stored.id, handle.clone());
        handle
    }

    /// A table by id: in memory, or brought back from the store, where it
    /// takes one of the places of `key` (the visitor) while in memory.
    pub async fn room(&self, id: &str, key: IpAddr) -> Result<RoomHandle, LobbyError> {
        if let Some(h) = self.rooms.lock().expect("lobby lock").get(id) {
            if !h.tx.is_closed() {
                return Ok(h.clone());
            }
        }
        if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(LobbyError::NotFound);
        }
        // A stored table brought back counts against the same cap as a
        // new one: reading finished tables must not fill the memory.
        if self.open_count() >= self.shared.config.max_open_tables {
            return Err(LobbyError::Full);
        }
        let stored = match self.shared.store.load(id).await {
            Ok(s) => s,
            Err(StoreError::NotFound(_)) => return Err(LobbyError::NotFound),
            Err(e) => return Err(LobbyError::Store(e)),
        };
        // After the lookup: a table that does not exist is a 404 whatever
        // the visitor holds.
        let place = self.place_for(key)?;
        let table =
            Table::replay(&stored.events).map_err(|e| LobbyError::Invalid(e.to_string()))?;
        debug!(table = %stored.id, "brought back from the store");
        // `start` gives the room someone else brought back meanwhile.
        Ok(self.start(stored, table, Some(place)))
    }

    /// Rebuilds open tables from their logs, up to `max_open_tables`;
    /// returns how many. Those beyond stay in the store, and a visit brings
    /// one back as it does a table that left memory.
    pub async fn restore(&self) -> Result<usize, StoreError> {
        let open = self.shared.store.open_tables().await?;
        let total = open.len();
        let mut count = 0;
        for stored in open {
            if self.open_count() >= self.shared.config.max_open_tables {
                warn!(
                    left = total - count,
                    max_open_tables = self.shared.config.max_open_tables,
                    "open tables left in the store: no more fit in memory"
                );
                break;
            }
            match Table::replay(&stored.events) {
                Ok(table) => {
                    self.start(stored, table, None);
                    count += 1;
                }
                Err(e) => error!(table = %stored.id, "table not restored: {e}"),
            }
        }
        info!(tables = count, "open tables restored");
        Ok(count)
    }
}
