//! The HTTP side: create a table, a table's public summary, the presets,
//! health, and the WebSocket upgrade. Request and reply bodies are JSON
//! and documented in docs/server.md.

use crate::address::client_key;
use crate::config::MAX_FRAME_BYTES;
use crate::conn;
use crate::lobby::{Lobby, LobbyError};
use crate::room::RoomCmd;
use crate::web;
use axum::extract::rejection::PathRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use talon_protocol::options_from_json;
use talon_table::{SeatSpec, TableConfig};
use tokio::sync::oneshot;
use tracing::error;

/// The largest request body taken, in bytes.
const MAX_BODY: usize = 16 * 1024;

/// `POST /api/tables`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTable {
    preset: String,
    #[serde(default, deserialize_with = "talon_protocol::options_once")]
    options: Map<String, Value>,
    seats: Vec<SeatSpec>,
    #[serde(default, rename = "match")]
    whole_match: bool,
    #[serde(default)]
    hints: Option<bool>,
    #[serde(default)]
    memory: bool,
}

pub fn router(lobby: Arc<Lobby>) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/api/health", get(health))
        .route("/api/games", get(games))
        .route("/api/tables", post(create))
        .route("/api/tables/{id}", get(summary))
        .route("/api/tables/{id}/log", get(log))
        .route("/api/tables/{id}/rematch", post(rematch))
        .route("/api/tables/{id}/seats/{seat}/link", post(seat_link))
        .route("/ws", get(ws))
        .route("/assets/{v}/{*path}", get(web::asset))
        .fallback(fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(lobby)
}

fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (status, Json(json!({"ok": false, "error": message.into()}))).into_response()
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take {method} (see docs/server.md)", uri.path()),
    )
}

/// A table id from the path, or what is wrong with it (for a JSON error:
/// axum's own answer is plain text).
fn table_id(path: Result<Path<String>, PathRejection>) -> Result<String, String> {
    path.map(|Path(id)| id)
        .map_err(|e| format!("bad table id: {}", e.body_text()))
}

/// A body that does not read: 413 when it is too long, else 400.
fn body_refused(e: &axum::extract::rejection::JsonRejection) -> Response {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is too long: at most {MAX_BODY} bytes"),
        );
    }
    if let axum::extract::rejection::JsonRejection::MissingJsonContentType(_) = e {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be JSON, sent with the header Content-Type: application/json",
        );
    }
    error(StatusCode::BAD_REQUEST, body_error(e))
}

/// What is wrong with a JSON body, in plain words: the framework's
/// message (which names the field at fault) without serde's type names.
fn body_error(e: &axum::extract::rejection::JsonRejection) -> String {
    let text = e.body_text();
    let text = text
        .strip_prefix("Failed to deserialize the JSON body into the target type: ")
        .or_else(|| text.strip_prefix("Failed to parse the request body as JSON: "))
        .map_or(text.clone(), |rest| format!("bad JSON body: {rest}"));
    talon_protocol::plain_words(&text)
}

async fn not_found() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "no such endpoint (see docs/server.md)",
    )
}

async fn index() -> Response {
    web::index()
}

/// A table's page (`/t/{id}`) gets the client; another page path the
/// client too, as a 404; anything else a JSON 404.
async fn fallback(method: Method, uri: Uri) -> Response {
    match web::app_path(&uri) {
        _ if method != Method::GET => not_found().await,
        web::AppPath::Table => web::index(),
        web::AppPath::Unknown => (StatusCode::NOT_FOUND, web::index()).into_response(),
        web::AppPath::NotApp => not_found().await,
    }
}

/// Alive, and the database answers: 200; the database does not: 503,
/// saying why (a monitor's question).
async fn health(State(lobby): State<Arc<Lobby>>) -> Response {
    let store = lobby.store_answers().await;
    let body = Json(json!({
        "ok": store.is_ok(),
        "version": env!("CARGO_PKG_VERSION"),
        "tables_in_memory": lobby.open_count(),
        "database": store.as_ref().map_or_else(|e| e.as_str(), |()| "ok"),
    }));
    match store {
        Ok(()) => body.into_response(),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, body).into_response(),
    }
}

/// Every preset with its players, options (defaults and meaning) and bots.
async fn games() -> Response {
    Json(json!({"ok": true, "games": talon_table::games()})).into_response()
}

async fn create(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    body: Result<Json<CreateTable>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return body_refused(&e),
    };
    let options: BTreeMap<String, String> = match options_from_json(&req.options) {
        Ok(o) => o.into_iter().collect(),
        Err(e) => return error(StatusCode::BAD_REQUEST, e),
    };
    let seats = req.seats.clone();
    let config = TableConfig {
        preset: req.preset,
        options,
        seats: req.seats,
        whole_match: req.whole_match,
        // The lobby deals from a seed of its own.
        seed: 0,
        hints: req.hints,
        deal: None,
        memory: req.memory,
    };
    let created = match lobby.create(config, key).await {
        Ok(c) => c,
        Err(e) => return lobby_error(e),
    };
    let id = &created.id;
    let seat_list: Vec<Value> = seats
        .iter()
        .zip(&created.secrets)
        .enumerate()
        .map(|(i, (spec, secret))| {
            let mut seat = json!({"seat": i, "name": spec.display_name(i as u8)});
            match (spec, secret) {
                (SeatSpec::Bot { level }, _) => {
                    seat["kind"] = json!("bot");
                    seat["level"] = json!(level);
                }
                (_, Some(secret)) => {
                    seat["kind"] = json!("person");
                    seat["secret"] = json!(secret);
                    seat["invite"] = json!(format!("/t/{id}#s={secret}"));
                }
                (_, None) => {}
            }
            seat
        })
        .collect();
    (
        StatusCode::CREATED,
        Json(json!({
            "ok": true,
            "table": id,
            "v": created.version,
            "seats": seat_list,
            "host": created.host,
            "spectate": format!("/t/{id}"),
            "ws": "/ws",
        })),
    )
        .into_response()
}

/// A 429, with the seconds until asking again may help (`Retry-After`)
/// when the limit is a rate.
fn too_many(why: String, retry_secs: Option<u64>) -> Response {
    let mut answer = error(StatusCode::TOO_MANY_REQUESTS, why);
    if let Some(secs) = retry_secs {
        answer.headers_mut().insert(
            axum::http::header::RETRY_AFTER,
            axum::http::HeaderValue::from(secs),
        );
    }
    answer
}

/// A lobby's refusal as an HTTP answer.
fn lobby_error(e: LobbyError) -> Response {
    match e {
        LobbyError::Invalid(e) => error(StatusCode::BAD_REQUEST, e),
        LobbyError::TooMany(e, retry) => too_many(e, retry),
        LobbyError::Full => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server holds as many tables as it may",
        ),
        LobbyError::NotFound => error(StatusCode::NOT_FOUND, "no such table"),
        LobbyError::Forbidden(e) => error(StatusCode::FORBIDDEN, e),
        LobbyError::NotYet(e) => error(StatusCode::CONFLICT, e),
        LobbyError::Closing => error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the table is closing; try again",
        ),
        LobbyError::Store(e) => {
            error!("a request could not be stored: {e}");
            error(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
        }
    }
}

/// `POST /api/tables/{id}/rematch`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rematch {
    secret: String,
    #[serde(default)]
    same_cards: bool,
}

/// A finished table played again by the same seats (docs/server.md).
async fn rematch(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<Rematch>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let id = match table_id(id) {
        Ok(id) => id,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return body_refused(&e),
    };
    match lobby.rematch(&id, &req.secret, req.same_cards, key).await {
        Ok(made) => Json(json!({
            "ok": true,
            "table": made.table,
            "url": format!("/t/{}", made.table),
            "same_cards": made.same_cards,
        }))
        .into_response(),
        Err(e) => lobby_error(e),
    }
}

/// `POST /api/tables/{id}/seats/{seat}/link`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatLink {
    host: String,
}

/// The host gives a person's seat a new link (docs/server.md).
async fn seat_link(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    path: Result<Path<(String, String)>, PathRejection>,
    body: Result<Json<SeatLink>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let (id, seat) = match path {
        Ok(Path(p)) => p,
        Err(e) => {
            let why = format!("bad table id or seat number: {}", e.body_text());
            return error(StatusCode::BAD_REQUEST, why);
        }
    };
    let seat = match plain_seat_number(&seat) {
        Ok(seat) => seat,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    let Json(req) = match body {
        Ok(b) => b,
        Err(e) => return body_refused(&e),
    };
    match lobby.new_seat_link(&id, seat, &req.host, key).await {
        Ok(secret) => Json(json!({
            "ok": true,
            "seat": seat,
            "secret": secret,
            "invite": format!("/t/{id}#s={secret}"),
        }))
        .into_response(),
        Err(e) => lobby_error(e),
    }
}

/// A seat number as links and frames write it: `0`, `1`, … in plain
/// digits. `+1` or `01` would parse as 1 but are no seat's name, so a
/// path that names a seat one way only is refused rather than guessed.
fn plain_seat_number(text: &str) -> Result<u8, String> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !plain {
        return Err(format!(
            "bad seat number {text:?}: seats are numbered 0, 1, 2, … in plain digits"
        ));
    }
    text.parse()
        .map_err(|_| format!("bad seat number {text}: a seat number is 0 to 255"))
}

/// The client as the limits per address count it (`client_key`): the
/// peer, or behind a proxy its last `X-Forwarded-For` entry.
struct ClientKey(IpAddr);

impl FromRequestParts<Arc<Lobby>> for ClientKey {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, lobby: &Arc<Lobby>) -> Result<Self, Response> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Err(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the server does not know the peer's address",
            ));
        };
        let behind_proxy = lobby.config().behind_proxy;
        Ok(ClientKey(client_key(*peer, &parts.headers, behind_proxy)))
    }
}

/// Asks a table's room something over its command channel; a missing
/// table or a room that is closing becomes an HTTP error.
async fn ask_room<T>(
    lobby: &Lobby,
    id: &str,
    key: IpAddr,
    make: impl FnOnce(oneshot::Sender<T>) -> RoomCmd,
) -> Result<T, Response> {
    let room = match lobby.room(id, key).await {
        Ok(r) => r,
        Err(e @ (LobbyError::NotFound | LobbyError::TooMany(..))) => return Err(lobby_error(e)),
        Err(LobbyError::Full) => {
            return Err(error(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server holds as many tables as it may; try again later",
            ))
        }
        Err(e) => {
            // The details stay in the server's log: a stored log that no
            // longer replays is refused naming cards of its hands.
            error!(table = %id, "table cannot be loaded: {e:?}");
            return Err(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the table cannot be loaded",
            ));
        }
    };
    let closing = || {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            "the table is closing; try again",
        )
    };
    let (tx, rx) = oneshot::channel();
    room.tx.send(make(tx)).await.map_err(|_| closing())?;
    rx.await.map_err(|_| closing())
}

/// A table's public summary: what a spectator sees, and who is present.
async fn summary(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    let id = match table_id(id) {
        Ok(id) => id,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    match ask_room(&lobby, &id, key, |reply| RoomCmd::Summary { reply }).await {
        Ok(state) => Json(json!({"ok": true, "summary": state})).into_response(),
        Err(response) => response,
    }
}

/// A finished table's whole log, every card shown (the deal is over, so
/// nothing is hidden any more); refused while play goes on.
async fn log(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    let id = match table_id(id) {
        Ok(id) => id,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    match ask_room(&lobby, &id, key, |reply| RoomCmd::Log { reply }).await {
        Ok(Some(events)) => Json(json!({"ok": true, "events": events})).into_response(),
        Ok(None) => error(
            StatusCode::FORBIDDEN,
            "the log shows every hidden card, so it is served only once the table is finished",
        ),
        Err(response) => response,
    }
}

async fn ws(
    State(lobby): State<Arc<Lobby>>,
    ClientKey(key): ClientKey,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(e) => {
            let why = format!("/ws takes a WebSocket upgrade: {}", e.body_text());
            return error(StatusCode::BAD_REQUEST, why);
        }
    };
    // Held for as long as the socket is open.
    let Some(slot) = lobby.sockets.open(key) else {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "at most {} open connections from one address",
                lobby.config().max_sockets_per_address
            ),
        );
    };
    // Frames a little over the limit get an error frame; far over it, the
    // library refuses the read and the connection is dropped.
    upgrade
        .max_message_size(MAX_FRAME_BYTES * 16)
        .max_frame_size(MAX_FRAME_BYTES * 16)
        .on_upgrade(move |socket| async move {
            conn::serve(socket, lobby, key).await;
            drop(slot);
        })
}
