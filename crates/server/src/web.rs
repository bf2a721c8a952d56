//! The browser client (the `web/` folder, embedded in the binary): `/`
//! and any app path such as `/t/{id}` get `index.html` (never cached, so a
//! new binary's client is picked up at once); the other files are served
//! under `/assets/{version}/…`, where the version is a hash of every
//! embedded file, so they can be cached for ever.

use axum::extract::Path;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;
use std::sync::OnceLock;

#[derive(RustEmbed)]
#[folder = "../../web/"]
struct Assets;

/// A short hash of every embedded file: the asset path prefix.
pub fn version() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        // FNV-1a over the files' names and SHA-256 hashes.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut names: Vec<_> = Assets::iter().collect();
        names.sort();
        for name in names {
            if let Some(file) = Assets::get(&name) {
                for b in name.bytes().chain(file.metadata.sha256_hash()) {
                    h ^= u64::from(b);
                    h = h.wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
        format!("{:012x}", h & 0xffff_ffff_ffff)
    })
}

/// `index.html` with the asset version filled in; never cached.
pub fn index() -> Response {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| {
        let raw = Assets::get("index.html").map(|f| f.data.into_owned());
        let text = raw
            .and_then(|b| String::from_utf8(b).ok())
            .unwrap_or_else(|| "<!doctype html><title>Talon</title><p>The web client is missing from this build.</p>".into());
        text.replace("__V__", version())
    });
    (
        [
            (header::CACHE_CONTROL, "no-cache"),
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
        ],
        page.clone(),
    )
        .into_response()
}

/// `/assets/{version}/{path}`: an embedded file. Files of the current
/// version are immutable; another version's name gets today's file, not
/// cached.
pub async fn asset(Path((v, path)): Path<(String, String)>) -> Response {
    match Assets::get(&path) {
        Some(file) if path != "index.html" => {
            let cache = if v == version() {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            (
                [
                    (header::CACHE_CONTROL, cache.to_string()),
                    (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                ],
                file.data.into_owned(),
            )
                .into_response()
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Where an unknown path leads: a table's page (`/t/{id}`) is the app;
/// another path that is not the API, the socket or a file shows the app
/// too (its lobby), but as a 404, so that a probe (`/metrics`, `/healthz`)
/// is not told it found something.
pub enum AppPath {
    Table,
    Unknown,
    NotApp,
}

pub fn app_path(uri: &Uri) -> AppPath {
    let path = uri.path();
    let api = path == "/api" || path.starts_with("/api/");
    let socket = path == "/ws" || path.starts_with("/ws/");
    let assets = path.starts_with("/assets/");
    let last = path.rsplit('/').next().unwrap_or("");
    if api || socket || assets || last.contains('.') {
        return AppPath::NotApp;
    }
    // As the client routes (web/app.js).
    let id = path
        .strip_prefix("/t/")
        .map(|rest| rest.trim_end_matches('/'));
    match id {
        Some(id)
            if !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') =>
        {
            AppPath::Table
        }
        _ => AppPath::Unknown,
    }
}
