//! One WebSocket connection: it says hello (table, seat secret, last
//! version seen), then sends frames to its table's room and writes what
//! the room sends back. Bad frames get an error frame; floods and bad
//! secrets close the socket with a reason. Nothing a client sends reaches
//! the table without passing here.

use crate::config::MAX_FRAME_BYTES;
use crate::limits::Bucket;
use crate::lobby::{Lobby, LobbyError};
use crate::room::{ConnId, Outgoing, RoomCmd, RoomHandle, OUTBOX};
use crate::secret::{self, SecretHash};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use talon_protocol::{plain_json_error, ClientFrame, ServerFrame};
use talon_table::Viewer;
use tokio::sync::mpsc;
use tokio::time::timeout;

/// Well-formed frames, shown to whoever sends something that is not one.
const HELLO_EXAMPLE: &str =
    "{\"t\": \"hello\", \"table\": \"…\", \"secret\": \"…\"} (docs/server.md)";
const ACT_EXAMPLE: &str = "{\"t\": \"act\", \"action\": \"QH\", \"v\": 23} (docs/server.md)";

/// Close codes (4000–4999 are ours; docs/server.md lists them).
pub mod close {
    pub const NO_HELLO: u16 = 4000;
    pub const BAD_SECRET: u16 = 4003;
    pub const UNKNOWN_TABLE: u16 = 4004;
    pub const FELL_BEHIND: u16 = 4008;
    /// The seat's person gave it a new link from another connection: the
    /// secret this one came with opens nothing any more.
    pub const NEW_LINK: u16 = 4009;
    /// The table's host gave the seat a new link (the person must ask
    /// them for it).
    pub const HOST_LINK: u16 = 4011;
    /// The table left memory as the visit came (RFC 6455's "service
    /// restart"): connecting again brings it back.
    pub const AGAIN: u16 = 1012;
    pub const AGAIN_WHY: &str = "the table was leaving memory: connect again";
    pub const TOO_MANY: u16 = 4029;
    pub const IDLE: u16 = 4010;
    pub const RATE_LIMIT: u16 = 1008;
    pub const PROTOCOL: u16 = 1002;
    pub const NOT_UTF8: u16 = 1007;
    pub const TOO_BIG: u16 = 1009;
}

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// The first characters of bad input, for error messages (never an echo
/// of a whole frame).
fn quote(text: &str) -> String {
    let head: String = text.chars().take(60).collect();
    if head.len() < text.len() {
        format!("{head:?}…")
    } else {
        format!("{head:?}")
    }
}

/// A close frame with its reason cut to what RFC 6455 allows.
fn close_frame(code: u16, reason: &str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: close_reason(reason).into(),
    }))
}

/// A refusal before the connection joins its room: close code and reason.
type Refusal = (u16, String);

/// `key`: the client as the limits per address count it.
pub async fn serve(socket: WebSocket, lobby: Arc<Lobby>, key: IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let config = lobby.config().clone();
    let (room, viewer, proof, since) = match admit(&mut stream, &lobby, key).await {
        Ok(admitted) => admitted,
        Err((code, why)) => {
            let _ = sink.send(close_frame(code, &why)).await;
            return;
        }
    };

    let conn: ConnId = NEXT_CONN.fetch_add(1, Ordering::Relaxed);
    let (room_out, from_room) = mpsc::channel::<Outgoing>(OUTBOX);
    let (local_out, local) = mpsc::channel::<Outgoing>(16);
    let join = RoomCmd::Join {
        conn,
        viewer,
        proof,
        since,
        out: room_out,
    };
    if room.tx.send(join).await.is_err() {
        let _ = sink.send(close_frame(close::AGAIN, close::AGAIN_WHY)).await;
        return;
    }
    let mut writer = tokio::spawn(write(sink, from_room, local, config.idle_timeout));

    // Our own replies wait for room in the outbox: a client that floods
    // without reading is slowed down, and its replies are not lost. One
    // that stops reading altogether stops the writer (`idle_timeout`),
    // and then no reply can be queued: the connection ends (false).
    let reply = |frame: ServerFrame| {
        let out = local_out.clone();
        async move {
            out.send(Outgoing::Frame(frame.to_json().into()))
                .await
                .is_ok()
        }
    };
    let mut bucket = Bucket::full(config.frame_budget);
    let mut writer_done = false;
    loop {
        // Once the writer has stopped (the room refused or dropped this
        // connection, or the socket broke) nothing more reaches the
        // client: reading on would keep a dead socket open on its pings.
        let next = tokio::select! {
            next = timeout(config.idle_timeout, stream.next()) => next,
            _ = &mut writer => {
                writer_done = true;
                break;
            }
        };
        let msg = match next {
            Ok(Some(Ok(msg))) => msg,
            Ok(Some(Err(e))) => {
                // Unreadable from here on; say why, if the socket still
                // takes it (a frame over the size cap resets it).
                let _ = local_out.try_send(unreadable(&e));
                break;
            }
            Ok(None) => break,
            Err(_) => {
                let _ =
                    local_out.try_send(Outgoing::Close(close::IDLE, "idle: no frame for too long"));
                break;
            }
        };
        if matches!(msg, Message::Close(_)) {
            break;
        }
        let frame = read_frame(msg);
        if matches!(frame, Ok(ClientFrame::Ping)) {
            if !reply(ServerFrame::Pong).await {
                break;
            }
            continue;
        }
        // Everything else costs the budget, unreadable frames included.
        if !bucket.take(config.frame_budget, config.frame_window) {
            let _ = local_out
                .send(Outgoing::Close(close::RATE_LIMIT, "too many frames"))
                .await;
            drain(&mut stream).await;
            break;
        }
        let cmd = match frame.and_then(|f| room_cmd(conn, f).map_err(Some)) {
            Ok(cmd) => cmd,
            Err(None) => continue,
            Err(Some(answer)) => {
                if !reply(answer).await {
                    break;
                }
                continue;
            }
        };
        if room.tx.send(cmd).await.is_err() {
            break;
        }
    }
    // Our outbox closes before the room hears we left: the writer reads it
    // first, so our own last word (or none) goes out, never the room's
    // "fell behind", which dropping us after the leave would give.
    drop(local_out);
    let _ = room.tx.send(RoomCmd::Leave { conn }).await;
    if !writer_done {
        // The writer ends on its own once the outbox drains, but a client
        // that stopped reading keeps it waiting to send for ever, and with
        // it the socket, after its place among the address's sockets is
        // freed: two seconds, then it is stopped.
        if timeout(std::time::Duration::from_secs(2), &mut writer)
            .await
            .is_err()
        {
            writer.abort();
        }
    }
}

/// The hello, in time, and what it admits to: the room, who is looking
/// (with the hash of the secret that seats them) and the last version the
/// client saw.
async fn admit(
    stream: &mut SplitStream<WebSocket>,
    lobby: &Lobby,
    key: IpAddr,
) -> Result<(RoomHandle, Viewer, Option<SecretHash>, Option<u64>), Refusal> {
    let refuse = |code: u16, why: &str| (code, why.to_string());
    let hello = match timeout(lobby.config().hello_timeout, stream.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<ClientFrame>(&text),
        _ => return Err(refuse(close::NO_HELLO, "say hello first")),
    };
    let (table, secret, since) = match hello {
        Ok(ClientFrame::Hello {
            table,
            secret,
            since,
        }) => (table, secret, since),
        Ok(_) => return Err(refuse(close::NO_HELLO, "the first frame must be a hello")),
        // A hello that does not read: say what is wrong with it.
        Err(e) => {
            let why = format!(
                "the first frame must be a hello: {}",
                plain_json_error(&e, HELLO_EXAMPLE)
            );
            return Err((close::NO_HELLO, why));
        }
    };
    let room = lobby.room(&table, key).await.map_err(|e| match e {
        LobbyError::TooMany(..) => {
            refuse(close::TOO_MANY, "too many tables in play from your address")
        }
        LobbyError::NotFound => refuse(close::UNKNOWN_TABLE, "no such table"),
        // 1013: try again later (RFC 6455's registry).
        LobbyError::Full => refuse(1013, "the server holds as many tables as it may"),
        _ => refuse(1011, "the table cannot be loaded"),
    })?;
    let Some(secret) = secret else {
        return Ok((room, Viewer::Spectator, None, since));
    };
    let hash = secret::hash(&secret);
    match room.secrets.seat_of(&hash) {
        Some(seat) => Ok((room, Viewer::Seat(seat), Some(hash), since)),
        None => Err(refuse(close::BAD_SECRET, "wrong seat secret")),
    }
}

/// The writer: our own replies first, then the room's frames (see the
/// `biased` select below).
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut from_room: mpsc::Receiver<Outgoing>,
    mut local: mpsc::Receiver<Outgoing>,
    idle: std::time::Duration,
) {
    loop {
        // Ours first: when the reader ends, its outbox is closed before
        // the room drops us (see `serve`).
        let next = tokio::select! {
            biased;
            o = local.recv() => match o { Some(o) => o, None => break },
            o = from_room.recv() => o.unwrap_or(Outgoing::Close(close::FELL_BEHIND, "fell behind: reconnect to catch up")),
        };
        let done = matches!(next, Outgoing::Close(..));
        let msg = match next {
            Outgoing::Frame(text) => Message::Text(text.as_ref().into()),
            Outgoing::Close(code, reason) => close_frame(code, reason),
        };
        // A client that reads nothing for `idle_timeout` is let go,
        // whatever filled its socket (replies, the room's frames).
        match timeout(idle, sink.send(msg)).await {
            Ok(Ok(())) if !done => {}
            _ => break,
        }
    }
    // The closing handshake: our close frame if none was sent, or the
    // answer to the client's (queued when it was read), flushed.
    let _ = timeout(std::time::Duration::from_secs(1), sink.close()).await;
}

/// The close for a frame the WebSocket layer could not read: 1007 for a
/// text frame that is not UTF-8, 1009 for one over the size cap, 1002
/// for anything else (RFC 6455's codes).
fn unreadable(e: &axum::Error) -> Outgoing {
    let kind = std::error::Error::source(e).and_then(|inner| inner.downcast_ref());
    match kind {
        Some(tungstenite::Error::Utf8(_)) => {
            Outgoing::Close(close::NOT_UTF8, "a text frame must be UTF-8")
        }
        Some(tungstenite::Error::Capacity(_)) => {
            Outgoing::Close(close::TOO_BIG, "a frame has at most 65,536 bytes")
        }
        _ => Outgoing::Close(close::PROTOCOL, "a frame could not be read"),
    }
}

/// What the client sent, or what to answer instead (`None`: control
/// frames get no answer).
fn read_frame(msg: Message) -> Result<ClientFrame, Option<ServerFrame>> {
    match msg {
        Message::Text(t) if t.len() > MAX_FRAME_BYTES => Err(Some(ServerFrame::error(
            "too_large",
            format!(
                "a frame has at most {MAX_FRAME_BYTES} bytes, not {}",
                t.len()
            ),
        ))),
        Message::Text(t) => serde_json::from_str(&t).map_err(|e| {
            Some(ServerFrame::error(
                "bad_frame",
                format!(
                    "cannot read frame {}: {}",
                    quote(&t),
                    plain_json_error(&e, ACT_EXAMPLE)
                ),
            ))
        }),
        Message::Binary(_) => Err(Some(ServerFrame::error(
            "bad_frame",
            "frames are JSON text",
        ))),
        _ => Err(None),
    }
}

/// The room's command for a frame after the hello, or the answer the
/// connection gives itself.
fn room_cmd(conn: ConnId, frame: ClientFrame) -> Result<RoomCmd, ServerFrame> {
    Ok(match frame {
        ClientFrame::Hello { .. } => {
            return Err(ServerFrame::error("bad_frame", "hello was already said"))
        }
        ClientFrame::Ping => return Err(ServerFrame::Pong),
        ClientFrame::Act { action, v, id } => RoomCmd::Act {
            conn,
            action,
            v,
            id,
        },
        ClientFrame::Undo { v } => RoomCmd::Undo { conn, v },
        ClientFrame::Hint => RoomCmd::Hint { conn },
        ClientFrame::Resync => RoomCmd::Resync { conn },
        ClientFrame::StandIn { seat } => RoomCmd::StandIn { conn, seat },
        ClientFrame::End => RoomCmd::End { conn },
        ClientFrame::Back => RoomCmd::Back { conn },
        ClientFrame::NewLink { secret } => RoomCmd::NewLink { conn, secret },
    })
}

/// Reads and drops what the client still sends, for a moment, so that our
/// close frame reaches it (closing with unread input would reset the
/// connection and lose the frame).
async fn drain(stream: &mut SplitStream<WebSocket>) {
    let until = tokio::time::Instant::now() + std::time::Duration::from_secs(2);
    while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(until, stream.next()).await {
        if matches!(msg, Message::Close(_)) {
            break;
        }
    }
}

/// A close frame's reason: at most 123 bytes (RFC 6455), cut at a
/// character's edge.
fn close_reason(text: &str) -> String {
    let mut end = text.len().min(123);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(text: &str) -> String {
        let frame = read_frame(Message::Text(text.into()))
            .map_err(|e| e.expect("an answer"))
            .and_then(|f| room_cmd(7, f).map(|_| unreachable!("not a command")));
        frame.unwrap_err().to_json()
    }

    #[test]
    fn frames_the_room_never_sees_are_answered_here() {
        assert!(answer(r#"{"t":"ping"}"#).contains("pong"));
        assert!(answer(r#"{"t":"hello","table":"x"}"#).contains("hello was already said"));
        assert!(answer("{not json").contains("bad_frame"));
        let big = format!(
            r#"{{"t":"act","action":"{}"}}"#,
            "x".repeat(MAX_FRAME_BYTES)
        );
        assert!(answer(&big).contains("too_large"));
        let binary = read_frame(Message::Binary(vec![1, 2].into()));
        assert!(binary.unwrap_err().unwrap().to_json().contains("JSON text"));
        assert!(matches!(
            read_frame(Message::Ping(vec![].into())),
            Err(None)
        ));
        let hint = read_frame(Message::Text(r#"{"t":"hint"}"#.into())).unwrap();
        assert!(matches!(room_cmd(7, hint), Ok(RoomCmd::Hint { conn: 7 })));
    }
}
