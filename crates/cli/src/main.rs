//! The `talon` command: thin glue from arguments to the libraries.

mod arena;
mod engine;
mod games;
mod lineup;
mod play;
mod replay;
mod serve;
mod text;
mod tui;
mod watch;

use clap::{Parser, Subcommand};
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
    /// List every preset with its players and options.
    Games,
    /// Print a preset's rules as implemented.
    Rules { preset: String },
    /// Speak the JSON line protocol on stdin/stdout (docs/protocol.md).
    Engine,
    /// Watch bots play a seeded deal (or match), trick by trick.
    Watch(watch::WatchArgs),
    /// Play against bots in the terminal.
    Play(play::PlayArgs),
    /// Re-play and validate a game record, printing it trick by trick.
    Replay { file: std::path::PathBuf },
    /// Run a seeded bot tournament on duplicate deals.
    Arena(arena::ArenaArgs),
    /// Serve tables for people and bots over HTTP and WebSocket (docs/server.md).
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Games => games::list(),
        Command::Rules { preset } => games::rules(&preset),
        Command::Engine => {
            let stdin = std::io::stdin();
            engine::run(stdin.lock(), std::io::stdout().lock()).map_err(|e| e.to_string())
        }
        Command::Watch(args) => watch::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Replay { file } => replay::run(&file),
        Command::Arena(args) => arena::run(&args),
        Command::Serve(args) => serve::run(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("talon: {e}");
            ExitCode::FAILURE
        }
    }
}
