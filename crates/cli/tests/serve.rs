//! `talon serve` as a process: killed with SIGKILL in the middle of a
//! match, restarted on the same database, every acknowledged action is
//! still there and the match plays to its end.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// The server process, killed when dropped: a failing test must not leave
/// a server running (holding the test's stderr open, it hangs a pipeline).
struct Server(Child);

impl Server {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the server on a free loopback port; returns it and its address.
fn start(db: &std::path::Path) -> (Server, String) {
    let mut child: Child = Command::new(env!("CARGO_BIN_EXE_talon"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "0",
            "--deal-pause-ms",
            "0",
            "--log",
            "warn",
            "--db",
        ])
        .arg(db)
        .stdout(Stdio::piped())
        .spawn()
        .expect("talon serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (Server(child), address_in(&line))
}

/// The address in the start line's URL.
fn address_in(line: &str) -> String {
    line.split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("the URL is printed: {line:?}"))
        .to_string()
}

/// The database and the files SQLite and the server keep beside it.
fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        let _ = std::fs::remove_file(path);
    }
}

async fn post(addr: &str, path: &str, body: &Value) -> Value {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let req = format!("POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    serde_json::from_str(out.split_once("\r\n\r\n").unwrap().1).unwrap()
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn hello(addr: &str, table: &str, secret: &str, since: Option<u64>) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let hello = json!({"t": "hello", "table": table, "secret": secret, "since": since});
    ws.send(Message::Text(hello.to_string().into()))
        .await
        .unwrap();
    ws
}

async fn next(ws: &mut Ws) -> Value {
    loop {
        match tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("a frame")
        {
            Some(Ok(Message::Text(t))) => return serde_json::from_str(&t).unwrap(),
            Some(Ok(_)) => continue,
            other => panic!("closed: {other:?}"),
        }
    }
}

/// Plays our seat (first legal action) until `stop` actions of ours are
/// acknowledged (or the table is finished); returns them as (v, action).
/// `resume` is a frame already read whose state is still current: it is
/// acted on first.
async fn play(
    ws: &mut Ws,
    stop: usize,
    acked: &mut Vec<(u64, String)>,
    mut resume: Option<Value>,
) -> Value {
    // One act a version, as a person's page sends: a second frame of the
    // same version (an answer, a presence) must not send the act again,
    // which would be stale, refused, and a burst the server may close on.
    let mut acted_on = None;
    loop {
        let f = match resume.take() {
            Some(f) => f,
            None => next(ws).await,
        };
        if f["t"] == "event" && f["event"]["seat"] == 0 && f["event"]["kind"] == "acted" {
            acked.push((
                f["v"].as_u64().unwrap(),
                f["event"]["action"].as_str().unwrap().to_string(),
            ));
        }
        let Some(state) = f.get("state") else {
            continue;
        };
        if state["status"] == "finished" || acked.len() >= stop {
            return f;
        }
        let v = f["v"].as_u64();
        if acted_on.is_some() && v <= acted_on {
            continue;
        }
        if let Some(a) = state["legal"].as_array().and_then(|l| l.first()) {
            acted_on = v;
            ws.send(Message::Text(
                json!({"t": "act", "action": a, "v": f["v"]})
                    .to_string()
                    .into(),
            ))
            .await
            .unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_with_every_acknowledged_action() {
    let db = std::env::temp_dir().join(format!("talon-crash-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let (mut child, addr) = start(&db);
    let created = post(
        &addr,
        "/api/tables",
        &json!({"preset": "sixty-six", "match": true, "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "heuristic"}]}),
    )
    .await;
    let table = created["table"].as_str().unwrap().to_string();
    let secret = created["seats"][0]["secret"].as_str().unwrap().to_string();
    let mut ws = hello(&addr, &table, &secret, None).await;
    // The deals are random and a match to 7 may take three deals: 66
    // needs two tricks, so each deal has at least two of Ann's actions,
    // and six are sure to come (15 did not, once).
    let mut acked = Vec::new();
    let last = play(&mut ws, 6, &mut acked, None).await;
    assert!(acked.len() >= 6, "mid-match: {last}");
    // SIGKILL: no shutdown of any kind.
    child.kill();

    let (mut child, addr) = start(&db);
    let since = last["v"].as_u64().unwrap();
    let mut ws = hello(&addr, &table, &secret, Some(since)).await;
    let welcome = next(&mut ws).await;
    assert_eq!(welcome["seat"], 0);
    assert!(
        welcome["v"].as_u64().unwrap() >= since,
        "nothing acknowledged is lost"
    );
    // Up to date on hello, the server sends nothing more until someone
    // acts; if it is our turn, that is us, from the state we last had
    // (its event is already counted).
    let resume =
        (welcome["v"] == last["v"]).then(|| json!({"v": last["v"], "state": last["state"]}));
    let end = play(&mut ws, usize::MAX, &mut acked, resume).await;
    assert_eq!(end["state"]["status"], "finished", "the match completes");

    let (status, log) = {
        let mut s = TcpStream::connect(&addr).await.unwrap();
        let req = format!(
            "GET /api/tables/{table}/log HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
        );
        s.write_all(req.as_bytes()).await.unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).await.unwrap();
        let body: Value = serde_json::from_str(out.split_once("\r\n\r\n").unwrap().1).unwrap();
        (out[9..12].to_string(), body)
    };
    assert_eq!(status, "200");
    let events = log["events"].as_array().unwrap();
    for (v, action) in &acked {
        let e = &events[*v as usize - 1];
        assert_eq!(
            (e["kind"].as_str(), e["seat"].as_u64(), e["action"].as_str()),
            (Some("acted"), Some(0), Some(action.as_str())),
            "v{v}"
        );
    }
    child.kill();
    remove_db(&db);
}

/// A second server on the same database is refused with a reason; the
/// TERM signal a service manager sends stops the first cleanly, saying so.
#[cfg(unix)]
#[test]
fn a_second_server_is_refused_and_the_first_stops_on_term() {
    use std::io::Read;
    let db = std::env::temp_dir().join(format!("talon-term-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let mut child = Command::new(env!("CARGO_BIN_EXE_talon"))
        .args(["serve", "--addr", "127.0.0.1:0", "--log", "warn", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .spawn()
        .expect("talon serve starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("Talon is serving at http://"), "{first}");
    let mut server = Server(child);

    let second = Command::new(env!("CARGO_BIN_EXE_talon"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert!(!second.status.success());
    let why = String::from_utf8_lossy(&second.stderr);
    assert!(why.contains("another talon serve is using it"), "{why}");

    let term = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    let status = server.0.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert!(
        rest.starts_with("Talon stopped; everything is in "),
        "{rest}"
    );
    server.kill();
    remove_db(&db);
}

/// The operator's log: tables opened, deals of a match and the end at
/// `info`, joins at `debug`, on standard error; no secret and no card.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_tells_the_operator_what_tables_do_and_nothing_hidden() {
    let db = std::env::temp_dir().join(format!("talon-log-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let mut child = Command::new(env!("CARGO_BIN_EXE_talon"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0"])
        .args(["--deal-pause-ms", "0", "--log", "debug", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("talon serve starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    // The log's lines as they come, read by a thread of their own: a
    // line that never comes must fail the test, not hang it.
    let err = BufReader::new(child.stderr.take().unwrap());
    let (lines_tx, lines) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in err.lines().map_while(Result::ok) {
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = address_in(&first);
    let server = Server(child);

    let bots = post(
        &addr,
        "/api/tables",
        &json!({"preset": "schnapsen", "match": true, "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}),
    )
    .await;
    let bots = bots["table"].as_str().unwrap().to_string();
    let ann = post(
        &addr,
        "/api/tables",
        &json!({"preset": "sixty-six", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "level": "heuristic"}]}),
    )
    .await;
    let table = ann["table"].as_str().unwrap().to_string();
    let secret = ann["seats"][0]["secret"].as_str().unwrap().to_string();
    let mut ws = hello(&addr, &table, &secret, None).await;
    // Ann's hand, which no log line may name.
    let hand = loop {
        let f = next(&mut ws).await;
        if let Some(hand) = f["state"]["observation"]["hand"].as_array() {
            break hand.clone();
        }
    };
    assert!(!hand.is_empty());
    // The bots' match plays to its end without anyone.
    let (mut watch, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let look = json!({"t": "hello", "table": bots});
    watch
        .send(Message::Text(look.to_string().into()))
        .await
        .unwrap();
    loop {
        let f = next(&mut watch).await;
        if f["state"]["status"] == "finished" {
            break;
        }
    }
    drop(ws);
    drop(watch);
    // The leave is logged before the stop (which would cut it short).
    let mut log = String::new();
    let left = format!("table={table} seat=0");
    while !log
        .lines()
        .any(|l| l.contains(" DEBUG left ") && l.contains(&left))
    {
        let line = lines
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|e| panic!("no leave logged ({e}):\n{log}"));
        log.push_str(&line);
        log.push('\n');
    }
    let term = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    // Until the server has stopped and its standard error closed.
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(30)) {
        log.push_str(&line);
        log.push('\n');
    }
    let has = |words: &[&str]| log.lines().any(|l| words.iter().all(|w| l.contains(w)));
    let opened = format!("table={bots} preset=schnapsen people=0 bots=2 whole_match=true");
    assert!(has(&[" INFO table opened ", &opened]), "{log}");
    assert!(
        has(&[" INFO deal over ", &format!("table={bots} deal=1 score=")]),
        "{log}"
    );
    assert!(
        has(&[
            " INFO table finished ",
            &format!("table={bots}"),
            "how=\"played out\""
        ]),
        "{log}"
    );
    assert!(
        has(&[" DEBUG joined ", &format!("table={table} seat=0")]),
        "{log}"
    );
    assert!(
        has(&[" DEBUG left ", &format!("table={table} seat=0")]),
        "{log}"
    );
    assert!(!log.contains(&secret), "no secret in the log:\n{log}");
    for card in &hand {
        let card = card.as_str().unwrap();
        assert!(!log.contains(card), "no card ({card}) in the log:\n{log}");
    }
    remove_db(&db);
}
