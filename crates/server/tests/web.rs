//! The embedded browser client: `/` and app paths get index.html (never
//! cached), assets are versioned and immutable, and the API's unknown
//! paths stay JSON 404s (and every API error JSON).

mod common;

use common::{fast_config, http, server, status_of};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One GET; the status, the headers (lower-cased names) and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.expect("read");
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a body");
    let status: u16 = head[9..12].parse().expect("status");
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> &'a str {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map_or("", |(_, v)| v.as_str())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_client_is_served_from_the_binary() {
    let running = server(fast_config()).await;
    let addr = running.addr;

    let (status, headers, index) = get(addr, "/").await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), "no-cache");
    assert!(header(&headers, "content-type").starts_with("text/html"));
    assert!(!index.contains("__V__"), "the asset version is filled in");
    let start = index.find("/assets/").expect("index names its assets");
    let app = &index[start..];
    let app = &app[..app.find('"').unwrap()];
    let version = app.split('/').nth(2).unwrap().to_string();

    // An app path is the same page; the API and the socket are not.
    let (status, headers, page) = get(addr, "/t/abc123").await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), "no-cache");
    assert_eq!(page, index);
    // Another page path shows the app's lobby, as not found: a probe of
    // /metrics or /healthz is not told it found something.
    for path in ["/metrics", "/healthz", "/t/", "/t/a/b"] {
        let (status, _, page) = get(addr, path).await;
        assert_eq!((status, page == index), (404, true), "{path}");
    }
    let (status, headers, body) = get(addr, "/api/nope").await;
    assert_eq!(status, 404);
    assert!(header(&headers, "content-type").starts_with("application/json"));
    assert!(body.contains("\"ok\":false"));
    let (status, _, _) = get(addr, "/api/tables/x/y/z").await;
    assert_eq!(status, 404);
    // Every API error is JSON naming the problem: a path that does not
    // decode, a method an endpoint does not take, /ws without an upgrade.
    for (method, path, status, says) in [
        ("GET", "/api/tables/%ff%fe", 400, "bad table id"),
        ("POST", "/api/health", 405, "does not take POST"),
        ("GET", "/api/tables", 405, "does not take GET"),
        ("GET", "/ws", 400, "WebSocket upgrade"),
    ] {
        let (got, body) = http(addr, method, path, None).await;
        assert_eq!(got, status, "{method} {path}");
        assert_eq!(body["ok"], false, "{method} {path}: {body}");
        assert!(body["error"].as_str().unwrap().contains(says), "{body}");
    }
    let (status, _, _) = get(addr, "/missing.png").await;
    assert_eq!(status, 404);
    // A body over the limit is too large (413), not a bad request. The
    // server answers without reading it all, so the connection may be
    // reset after the answer: read what came before that.
    let long = serde_json::json!({"preset": "x".repeat(20_000)}).to_string();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{long}",
        long.len()
    );
    let _ = stream.write_all(request.as_bytes()).await;
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    while let Ok(n @ 1..) = stream.read(&mut chunk).await {
        answer.extend_from_slice(&chunk[..n]);
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("at most 16384 bytes"), "{answer}");
    // A JSON body sent as a form: 415, saying which header to send.
    let body = r#"{"preset": "sixty-six"}"#;
    let (status, mut stream) = status_of(
        addr,
        &format!(
            "POST /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    let mut rest = String::new();
    stream.read_to_string(&mut rest).await.unwrap();
    assert_eq!(status, 415, "{rest}");
    assert!(rest.contains("Content-Type: application/json"), "{rest}");

    // Assets: this version's are immutable, with their type.
    for (file, kind) in [
        ("app.js", "javascript"),
        ("style.css", "text/css"),
        ("cards.js", "javascript"),
        ("net.js", "javascript"),
        ("dom.js", "javascript"),
        ("lobby.js", "javascript"),
        ("table.js", "javascript"),
        ("words.js", "javascript"),
    ] {
        let (status, headers, body) = get(addr, &format!("/assets/{version}/{file}")).await;
        assert_eq!(status, 200, "{file}");
        assert!(header(&headers, "cache-control").contains("immutable"));
        assert!(header(&headers, "content-type").contains(kind), "{file}");
        assert!(!body.is_empty());
    }
    let (status, headers, _) = get(addr, "/assets/old/app.js").await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "cache-control"), "no-cache");
    let (status, _, _) = get(addr, &format!("/assets/{version}/index.html")).await;
    assert_eq!(status, 404);
    let (status, _, _) = get(addr, &format!("/assets/{version}/nothing.js")).await;
    assert_eq!(status, 404);
    running.abort();
}

/// The lobby's list of games says how many can play each.
#[tokio::test]
async fn the_games_list_gives_each_presets_seats() {
    let running = server(fast_config()).await;
    let (status, _, body) = get(running.addr, "/api/games").await;
    assert_eq!(status, 200);
    let list: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let seats = |name: &str| {
        let g = list["games"]
            .as_array()
            .expect("games")
            .iter()
            .find(|g| g["name"] == name)
            .unwrap_or_else(|| panic!("{name} listed"));
        (
            g["players"].as_u64(),
            g["min_players"].as_u64(),
            g["max_players"].as_u64(),
        )
    };
    assert_eq!(seats("sixes-and-sevens"), (Some(4), Some(3), Some(6)));
    assert_eq!(seats("sixty-three"), (Some(4), Some(4), Some(4)));
}
