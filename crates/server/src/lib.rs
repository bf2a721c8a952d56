//! `talon serve`: tables for people and bots over HTTP and WebSocket.
//!
//! One task per table (`room/`) owns its table and is the only writer of
//! its log; connections (`conn.rs`) only pass frames; the store
//! (`store/`) commits every event before the table applies it and before
//! anyone is told. See docs/server.md for the protocol.

mod address;
mod config;
mod conn;
mod http;
mod limits;
mod listen;
mod lobby;
mod metrics;
mod presence;
mod room;
mod secret;
mod store;
mod web;

pub use config::{ServerConfig, MAX_FRAME_BYTES};
pub use metrics::Metrics;
pub use store::{SqliteStore, Store, StoreError, StoredTable};

use lobby::Lobby;
use std::net::SocketAddr;
use std::sync::Arc;

/// A server that is listening.
pub struct Running {
    pub addr: SocketAddr,
    /// Open tables rebuilt from the store on start.
    pub restored: usize,
    pub metrics: Arc<Metrics>,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
    store: Arc<dyn Store>,
    /// The database's lock (see `database_lock`), held while this lives.
    _lock: Option<std::fs::File>,
}

impl Running {
    /// Serves until the listener fails (or for ever).
    pub async fn wait(&mut self) -> std::io::Result<()> {
        (&mut self.task).await.map_err(std::io::Error::other)?
    }

    /// Stops listening and lets the database go (tables' tasks end with
    /// the runtime).
    pub fn abort(self) {
        self.task.abort();
    }

    /// A clean stop: no more connections, and the store's data made
    /// whole in its main file (nothing is lost without this; the next
    /// start would finish the job).
    pub async fn stop(mut self) -> Result<(), StoreError> {
        self.task.abort();
        let _ = (&mut self.task).await;
        self.store.checkpoint().await
    }
}

/// Takes the address, locks the database file against a second server,
/// opens the store, rebuilds every open table from its log, and serves.
pub async fn start(config: ServerConfig) -> Result<Running, String> {
    // The address first: a port in use must not leave a new, empty
    // database file behind.
    let listener = bind(&config).await?;
    let lock = database_lock(&config.db)?;
    let store = SqliteStore::open(&config.db)
        .map_err(|e| format!("cannot open database {}: {e}", config.db.display()))?;
    serve_on(listener, config, Arc::new(store), Some(lock)).await
}

/// As [`start`], with any store (and no lock: the store is the caller's).
pub async fn start_with(config: ServerConfig, store: Arc<dyn Store>) -> Result<Running, String> {
    let listener = bind(&config).await?;
    serve_on(listener, config, store, None).await
}

/// One server per database: two would each run the same tables, and
/// every move of one would be refused by the other's log. The lock is
/// on a file beside the database (SQLite's own locks are for single
/// writes); the system lets it go when the server's process ends, however
/// it ends, and a [`Running`] lets it go when dropped.
fn database_lock(db: &std::path::Path) -> Result<std::fs::File, String> {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    let path = std::path::PathBuf::from(name);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        // A lock file this user may only read still locks (and the
        // database's own check then says what this user may not do).
        .or_else(|e| std::fs::File::open(&path).map_err(|_| e))
        .map_err(
            |e| match db.parent().filter(|d| !d.as_os_str().is_empty()) {
                Some(d) if !d.is_dir() => format!(
                    "cannot open database {}: the directory {} does not exist",
                    db.display(),
                    d.display()
                ),
                _ => format!("cannot open the lock file {}: {e}", path.display()),
            },
        )?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "another talon serve is using the database {} (it holds {}): stop it first, or give --db another file",
            db.display(),
            path.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(format!("cannot lock {}: {e}", path.display()))
        }
    }
}

async fn bind(config: &ServerConfig) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))
}

async fn serve_on(
    listener: tokio::net::TcpListener,
    config: ServerConfig,
    store: Arc<dyn Store>,
    lock: Option<std::fs::File>,
) -> Result<Running, String> {
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let metrics = Arc::new(Metrics::default());
    let lobby = Lobby::new(store.clone(), Arc::new(config), metrics.clone());
    let restored = lobby
        .restore()
        .await
        .map_err(|e| format!("cannot read the stored tables: {e}"))?;
    let behind_proxy = lobby.config().behind_proxy;
    let header_timeout = lobby.config().header_timeout;
    let connections = address::HeldCounts::new(lobby.config().max_connections_per_address());
    let app = http::router(lobby);
    let task = tokio::spawn(listen::serve(
        listener,
        app,
        connections,
        behind_proxy,
        header_timeout,
    ));
    Ok(Running {
        addr,
        restored,
        metrics,
        task,
        store,
        _lock: lock,
    })
}
