//! The `talon` command: thin glue from arguments to the libraries.

mod arena;
mod arg_tips;
mod engine;
mod games;
mod lines;
mod lineup;
mod markdown;
mod moves;
mod plain;
mod play;
mod replay;
mod serve;
mod sheet;
mod signals;
mod text;
mod tui;
mod watch;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "talon",
    version,
    about = "Talon: Sixty-six, Schnapsen and relatives — rules engine, bots and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the presets, one a line; with a preset, its options.
    Games { preset: Option<String> },
    /// Print a preset's rules as implemented; without one, list the presets.
    Rules { preset: Option<String> },
    /// Speak the JSON line protocol on stdin/stdout (docs/protocol.md).
    Engine,
    /// Watch bots play a seeded deal (or match), trick by trick.
    Watch(watch::WatchArgs),
    /// Play against bots in the terminal.
    Play(play::PlayArgs),
    /// Take up a game saved by `play --record FILE` where it was left.
    Resume(play::resume::ResumeArgs),
    /// Re-play and validate a game record, printing it trick by trick.
    Replay { file: std::path::PathBuf },
    /// Run a seeded bot tournament on duplicate deals.
    Arena(arena::ArenaArgs),
    /// Serve tables for people and bots over HTTP and WebSocket (docs/server.md).
    Serve(serve::ServeArgs),
}

/// Rust ignores SIGPIPE, so writing to a closed pipe (`talon games | head
/// -1`) is an error that `println!` turns into a panic. For the commands
/// that print to stdout like any Unix filter, restoring the default action
/// ends the process quietly instead. The others keep Rust's default:
/// `engine` ends on the write error itself, and a server must never die of
/// a peer that hung up.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called from main before any other thread exists;
    // SIG_DFL is a valid action for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    // args_os: an argument that is not UTF-8 is clap's to refuse, not a panic.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let lossy: Vec<String> = args
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            arg_tips::with_option_tip(err, &lossy).exit()
        }
    };
    // `watch --record` plays on when its reader goes, to save the game.
    if matches!(
        &cli.command,
        Command::Games { .. } | Command::Rules { .. } | Command::Replay { .. } | Command::Arena(_)
    ) || matches!(&cli.command, Command::Watch(w) if w.record.is_none())
    {
        quiet_on_closed_pipe();
    }
    let outcome = match cli.command {
        Command::Games { preset } => games::list(preset.as_deref()),
        Command::Rules { preset } => games::rules(preset.as_deref()),
        Command::Engine => {
            let stdin = std::io::stdin();
            // A person at a terminal is told what to type; a program
            // reading stdout hears nothing but replies.
            if std::io::IsTerminal::is_terminal(&stdin) {
                eprintln!(
                    "talon engine: one JSON request a line, one reply a line (docs/protocol.md); \
                     try {{\"cmd\": \"games\"}}, or Ctrl-D to end"
                );
            }
            match engine::run(stdin.lock(), std::io::stdout().lock()) {
                // The client hung up: the conversation is over.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.map_err(|e| e.to_string()),
            }
        }
        Command::Watch(args) => watch::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Resume(args) => play::resume::run(&args),
        Command::Replay { file } => replay::run(&file),
        Command::Arena(args) => arena::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not eprintln!: with SIGPIPE ignored (watch --record) a closed
            // stderr would make it panic.
            let _ = writeln!(std::io::stderr(), "talon: {e}");
            ExitCode::FAILURE
        }
    }
}
