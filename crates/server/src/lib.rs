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
}

impl Running {
    /// Serves until the listener fails (or for ever).
    pub async fn wait(self) -> std::io::Result<()> {
        self.task.await.map_err(std::io::Error::other)?
    }

    /// Stops listening (tables' tasks end with the runtime).
    pub fn abort(&self) {
        self.task.abort();
    }
}

/// Takes the address, opens the store, rebuilds every open table from its
/// log, and starts listening. Call within a multi-threaded tokio runtime.
pub async fn start(config: ServerConfig) -> Result<Running, String> {
    // The address first: a port in use must not leave a new, empty
    // database file behind.
    let listener = bind(&config).await?;
    let store = SqliteStore::open(&config.db)
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
    let lobby = Lobby::new(store, Arc::new(config), metrics.clone());
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
    })
}
