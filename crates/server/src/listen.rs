//! The accept loop: HTTP/1 connections with a deadline for each request's
//! headers and a cap on the connections one address holds, handed to the
//! router.
//!
//! axum's own loop sets no timer, so a connection that never finishes its
//! headers (or never starts them) stayed open for ever, and one address
//! could hold every file descriptor the process had. Here hyper closes a
//! connection whose next request's headers have not all arrived within
//! `header_timeout` (an idle keep-alive connection too), and an address
//! past its cap has new connections closed at once. A WebSocket, once
//! upgraded, leaves this deadline for its own (docs/server.md).

use crate::address::{peer_key, HeldCounts};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// Serves `app` on `listener` for ever. `connections` caps the open
/// connections per address; with `behind_proxy`, connections from
/// loopback (the proxy's, carrying everyone) are not capped here.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    connections: Arc<HeldCounts>,
    behind_proxy: bool,
    header_timeout: Duration,
) -> std::io::Result<()> {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, or a connection reset before it
            // was accepted: wait a moment rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let proxied = behind_proxy && peer.ip().to_canonical().is_loopback();
        let slot = match proxied {
            true => None,
            false => match connections.open(peer_key(peer)) {
                Some(slot) => Some(slot),
                None => continue, // dropped: closed at once
            },
        };
        let app = app.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let service = service_fn(move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request.map(Body::new))
            });
            // An error here is the client's (gone, or too slow): nothing
            // to do but let the connection go.
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades()
                .await;
        });
    }
}
