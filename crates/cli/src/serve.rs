//! `talon serve`: the server for tables of people and bots (docs/server.md).

use clap::Args;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use talon_bots::LEVELS;
use talon_server::ServerConfig;

/// An IP address and port; `localhost:PORT` is read as loopback, and any
/// other name, or a port that is not one, gets an error saying what to
/// write instead.
fn socket_addr(text: &str) -> Result<SocketAddr, String> {
    let read = text.replacen("localhost:", "127.0.0.1:", 1);
    if let Ok(addr) = read.parse() {
        return Ok(addr);
    }
    // A good address with a bad port: say it is the port.
    if let Some((host, port)) = read.rsplit_once(':') {
        let host = host.trim_start_matches('[').trim_end_matches(']');
        if host.parse::<std::net::IpAddr>().is_ok() {
            return Err(format!(
                "{port:?} is not a port: write a whole number from 0 to 65535 (0: any free port)"
            ));
        }
    }
    Err(format!("{text:?} is not an IP address and port: write one such as 127.0.0.1:8080 (loopback) or 0.0.0.0:8080 (every interface)"))
}

#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on (loopback by default; see docs/server.md for a reverse proxy).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = socket_addr)]
    pub addr: SocketAddr,
    /// The SQLite database file (created if missing).
    #[arg(long, default_value = "talon.db")]
    pub db: PathBuf,
    /// How long a bot's move waits before it shows, in milliseconds (at most a minute).
    #[arg(long, default_value_t = 800, value_parser = crate::arg_tips::count_in(0, 60_000), allow_negative_numbers = true)]
    pub bot_delay_ms: u64,
    /// The pause between the deals of a match, in milliseconds (at most a minute).
    #[arg(long, default_value_t = 3000, value_parser = crate::arg_tips::count_in(0, 60_000), allow_negative_numbers = true)]
    pub deal_pause_ms: u64,
    /// How long a person who dropped keeps the seat before a bot stands in,
    /// in seconds (at most a day).
    #[arg(long, default_value_t = 60, value_parser = crate::arg_tips::count_in(0, 86_400), allow_negative_numbers = true)]
    pub grace_secs: u64,
    /// The bot level that stands in for an absent person.
    #[arg(long, default_value = "heuristic")]
    pub stand_in: String,
    /// How long a person who is here may take over one move, in seconds;
    /// past it the stand-in makes that move, and after two in a row it
    /// plays the seat until they say they are back (0: no limit; at most a day).
    #[arg(long, default_value_t = 300, value_parser = crate::arg_tips::count_in(0, 86_400), allow_negative_numbers = true)]
    pub turn_secs: u64,
    /// Behind a reverse proxy on this machine: count requests from loopback
    /// by the address the proxy appends to X-Forwarded-For, so the limits
    /// per address stay per client (docs/server.md).
    #[arg(long)]
    pub behind_proxy: bool,
    /// WebSockets one address may hold open at once (1 to 100,000).
    #[arg(long, default_value_t = 256, value_parser = crate::arg_tips::count_in(1, 100_000), allow_negative_numbers = true)]
    pub max_sockets_per_address: u64,
    /// Tables one address may have in play at once, from creation until
    /// they finish (1 to 20,000).
    #[arg(long, default_value_t = 100, value_parser = crate::arg_tips::count_in(1, 20_000), allow_negative_numbers = true)]
    pub max_tables_per_address: u64,
    /// What the server tells on standard error: tables opened and finished
    /// and the deals of matches at `info`, every join and leave at `debug`.
    #[arg(long, value_enum, default_value_t = LogLevel::Info)]
    pub log: LogLevel,
}

/// How much `talon serve` logs; each level includes those before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogLevel {
    Off,
    /// A move or table that could not be saved or loaded.
    Error,
    /// Tables that stayed in the store at start.
    Warn,
    Info,
    Debug,
}

impl LogLevel {
    fn filter(self) -> tracing_subscriber::filter::LevelFilter {
        use tracing_subscriber::filter::LevelFilter;
        match self {
            LogLevel::Off => LevelFilter::OFF,
            LogLevel::Error => LevelFilter::ERROR,
            LogLevel::Warn => LevelFilter::WARN,
            LogLevel::Info => LevelFilter::INFO,
            LogLevel::Debug => LevelFilter::DEBUG,
        }
    }
}

/// Log lines go to standard error, one an event with its time (UTC) and
/// fields; never a hand, a seed or a seat's secret (the server logs only
/// what every seat may see).
fn start_logging(level: LogLevel) {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .with_max_level(level.filter())
        .try_init();
}

pub fn run(args: &ServeArgs) -> Result<(), String> {
    // A stand-in may sit at any game's table: only the levels every
    // family has will do.
    let Some(stand_in) = LEVELS
        .iter()
        .find(|l| l.eq_ignore_ascii_case(args.stand_in.trim()))
    else {
        let near = talon_rules::nearest(&args.stand_in, LEVELS)
            .map(|n| format!(" (did you mean {n:?}?)"))
            .unwrap_or_default();
        return Err(format!(
            "--stand-in {:?} is not a level every game has{near}: {}",
            args.stand_in,
            LEVELS.join(", ")
        ));
    };
    let config = ServerConfig {
        addr: args.addr,
        db: args.db.clone(),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        deal_pause: Duration::from_millis(args.deal_pause_ms),
        grace: Duration::from_secs(args.grace_secs),
        stand_in: stand_in.to_string(),
        turn_time: (args.turn_secs > 0).then(|| Duration::from_secs(args.turn_secs)),
        behind_proxy: args.behind_proxy,
        max_sockets_per_address: args.max_sockets_per_address as usize,
        max_tables_per_address: args.max_tables_per_address as usize,
        ..ServerConfig::default()
    };
    start_logging(args.log);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let db = std::path::absolute(&args.db).unwrap_or_else(|_| args.db.clone());
    runtime.block_on(async {
        let mut running = talon_server::start(config).await?;
        // Listening for the stop before saying we serve: a TERM sent as
        // soon as the line shows still stops cleanly.
        let stop = stop_signal();
        // Not println!: a closed stdout (`talon serve | head -1`) must not
        // take the server down with a panic.
        let mut out = std::io::stdout();
        // Every address (0.0.0.0): this machine reaches it as localhost.
        let shown = if running.addr.ip().is_unspecified() {
            format!("localhost:{}", running.addr.port())
        } else {
            running.addr.to_string()
        };
        let _ = writeln!(
            out,
            "Talon is serving at http://{shown}/ (database {}, {} restored; Ctrl-C stops)",
            db.display(),
            match running.restored {
                1 => "1 open table".to_string(),
                n => format!("{n} open tables"),
            }
        );
        if running.addr.ip().is_unspecified() {
            let _ = writeln!(
                out,
                "Listening on every address of this machine: others on your network open \
                 http://<this machine's address>:{}/. It is plain HTTP; on the internet, \
                 put it behind a TLS proxy (docs/server.md).",
                running.addr.port()
            );
        }
        let _ = out.flush();
        tokio::select! {
            r = running.wait() => return r.map_err(|e| format!("the server stopped: {e}")),
            _ = stop => {}
        }
        running
            .stop()
            .await
            .map_err(|e| format!("stopped, but the database was not made whole: {e}"))?;
        let _ = writeln!(
            std::io::stdout(),
            "Talon stopped; everything is in {}.",
            db.display()
        );
        Ok(())
    })
}

/// Ctrl-C, or (on Unix) the TERM signal a service manager stops with.
/// The handlers are set up when this is called, not when it is awaited.
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let streams = (
            signal(SignalKind::interrupt()),
            signal(SignalKind::terminate()),
        );
        async move {
            match streams {
                (Ok(mut int), Ok(mut term)) => {
                    tokio::select! {
                        _ = int.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ServeArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    /// Durations whose deadlines would overflow the clock are refused
    /// when parsed (`Instant + grace` panicked inside a table's task).
    #[test]
    fn durations_are_bounded() {
        let parse = |flag: &str, v: &str| Serve::try_parse_from(["serve", flag, v]).map(|s| s.args);
        assert!(parse("--grace-secs", "18446744073709551615").is_err());
        assert!(parse("--turn-secs", "86401").is_err());
        assert_eq!(parse("--turn-secs", "0").unwrap().turn_secs, 0);
        assert!(parse("--bot-delay-ms", "60001").is_err());
        assert!(parse("--deal-pause-ms", "99999999").is_err());
        assert_eq!(parse("--grace-secs", "86400").unwrap().grace_secs, 86_400);
        assert!(parse("--max-sockets-per-address", "0").is_err());
        assert!(parse("--max-tables-per-address", "0").is_err());
        assert!(parse("--max-tables-per-address", "20001").is_err());
        // A negative number is a bad value, not an unknown flag.
        let e = parse("--bot-delay-ms", "-1").err().expect("refused");
        assert_ne!(e.kind(), clap::error::ErrorKind::UnknownArgument, "{e}");
        let args = Serve::try_parse_from(["serve", "--behind-proxy"])
            .unwrap()
            .args;
        assert!(args.behind_proxy);
        assert_eq!(args.max_sockets_per_address, 256);
        assert_eq!(args.max_tables_per_address, 100);
    }

    #[test]
    fn an_address_is_an_ip_and_port_or_localhost() {
        assert_eq!(
            super::socket_addr("localhost:9000").unwrap().to_string(),
            "127.0.0.1:9000"
        );
        assert_eq!(
            super::socket_addr("[::1]:80").unwrap().to_string(),
            "[::1]:80"
        );
        let e = super::socket_addr("example.org:80").unwrap_err();
        assert!(e.contains("127.0.0.1:8080"), "{e}");
        // A good address with a bad port names the port.
        for text in ["127.0.0.1:99999", "localhost:abc", "[::1]:-1"] {
            let e = super::socket_addr(text).unwrap_err();
            assert!(e.contains("is not a port"), "{text}: {e}");
        }
    }
}
