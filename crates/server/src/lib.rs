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
pub use secret::TableKeys;
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
}

impl Running {
    /// Serves until the listener fails (or for ever).
    pub async fn wait(&mut self) -> std::io::Result<()> {
        (&mut self.task).await.map_err(std::io::Error::other)?
    }

    /// Stops listening; the tables play on until the runtime ends, and
    /// the database stays locked while they may write (see [`stop`]).
    ///
    /// [`stop`]: Running::stop
    pub fn abort(self) {
        self.task.abort();
    }

    /// A clean stop: no new connections, and the store closed: what was
    /// written is whole in its main file, nothing later is acknowledged
    /// (a move still arriving is refused), and the database is let go.
    /// Without it nothing acknowledged is lost either; the next start
    /// finishes the job.
    pub async fn stop(mut self) -> Result<(), StoreError> {
        if !self.task.is_finished() {
            self.task.abort();
            let _ = (&mut self.task).await;
        }
        self.store.close().await
    }
}

/// Takes the address, opens the store (locked against a second server),
/// rebuilds every open table from its log, and serves.
pub async fn start(config: ServerConfig) -> Result<Running, String> {
    // The address first: a port in use must not leave a new, empty
    // database file behind.
    let listener = bind(&config).await?;
    let store = SqliteStore::open_exclusive(&config.db)
        .map_err(|e| format!("cannot open database {}: {e}", config.db.display()))?;
    serve_on(listener, config, Arc::new(store)).await
}

/// As [`start`], with any store.
pub async fn start_with(config: ServerConfig, store: Arc<dyn Store>) -> Result<Running, String> {
    let listener = bind(&config).await?;
    serve_on(listener, config, store).await
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
    })
}
