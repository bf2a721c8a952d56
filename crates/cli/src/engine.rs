//! `talon engine`: the line protocol on stdin/stdout (docs/protocol.md).
//! `Session` holds the game and answers one request line at a time; it does
//! no IO itself, so tests drive it directly.

use crate::lines::{read_line, MAX_LINE_BYTES};
use serde::Serialize;
use serde_json::json;
use std::io::{BufRead, Write};
use talon_bots::AnyBot;
use talon_cards::Seat;
use talon_protocol::{
    observation_json, options_from_json, ErrorReply, GameRecord, Request, StateReply,
};
use talon_rules::{AnyGame, Preset, Setup};

/// The game a session is playing, with its history for undo and records.
struct Current {
    options: Vec<(String, String)>,
    /// The state before each action, so undo is exact.
    before: Vec<AnyGame>,
    actions: Vec<String>,
    game: AnyGame,
}

/// One engine conversation.
#[derive(Default)]
pub struct Session {
    current: Option<Current>,
}

fn to_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("replies serialize")
}

fn error(msg: impl Into<String>) -> String {
    to_line(&ErrorReply::new(msg))
}

impl Session {
    /// Answers one request line with one reply line (without newline).
    /// A refused request changes nothing.
    pub fn handle(&mut self, line: &str) -> String {
        let request: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return error(format!("bad request: {e}")),
        };
        match self.answer(request) {
            Ok(reply) => reply,
            Err(e) => error(e),
        }
    }

    fn current(&self) -> Result<&Current, String> {
        self.current
            .as_ref()
            .ok_or_else(|| "no game: send {\"cmd\":\"new\",...} first".to_string())
    }

    fn answer(&mut self, request: Request) -> Result<String, String> {
        match request {
            Request::New {
                game,
                seed,
                deal,
                options,
            } => {
                let preset = Preset::from_name(&game).map_err(|e| e.to_string())?;
                let options = match options {
                    Some(map) => options_from_json(&map)?,
                    None => Vec::new(),
                };
                let setup = match (seed, deal) {
                    (Some(_), Some(_)) => return Err("give a seed or a deal, not both".into()),
                    (_, Some(d)) => Setup::Deal(d),
                    (s, None) => Setup::Seed(s.unwrap_or(0)),
                };
                let game = AnyGame::new(preset, &options, &setup).map_err(|e| e.to_string())?;
                let reply = to_line(&StateReply::of(&game));
                self.current = Some(Current {
                    options,
                    before: Vec::new(),
                    actions: Vec::new(),
                    game,
                });
                Ok(reply)
            }
            Request::Play { action } => {
                let cur = self
                    .current
                    .as_mut()
                    .ok_or("no game: send {\"cmd\":\"new\",...} first")?;
                let before = cur.game.clone();
                cur.game.play(&action).map_err(|e| e.to_string())?;
                cur.actions
                    .push(crate::lineup::canonical(&before, &cur.game, &action));
                cur.before.push(before);
                Ok(to_line(&StateReply::of(&cur.game)))
            }
            Request::Undo {} => {
                let cur = self
                    .current
                    .as_mut()
                    .ok_or("no game: send {\"cmd\":\"new\",...} first")?;
                let prev = cur.before.pop().ok_or("nothing to undo")?;
                cur.actions.pop();
                cur.game = prev;
                Ok(to_line(&StateReply::of(&cur.game)))
            }
            Request::State {} => Ok(to_line(&StateReply::of(&self.current()?.game))),
            Request::Observe { seat } => {
                let obs = self
                    .current()?
                    .game
                    .observe(Seat(seat))
                    .map_err(|e| e.to_string())?;
                Ok(to_line(
                    &json!({"ok": true, "observation": observation_json(&obs)}),
                ))
            }
            Request::Bot {
                name,
                seat,
                seed,
                time_limit_ms,
            } => {
                let cur = self.current()?;
                let to_move = cur.game.to_move().ok_or("the game is over")?;
                if let Some(s) = seat {
                    if s != to_move.0 {
                        return Err(format!("seat {s} is not to move (seat {to_move} is)"));
                    }
                }
                let mut bot = AnyBot::new(&name, cur.game.preset(), seed.unwrap_or(0))
                    .map_err(|e| e.to_string())?;
                // Count budgets only, so the same state and seed give the
                // same action on any machine; a time limit only on request.
                bot.set_time_limit(time_limit_ms.map(std::time::Duration::from_millis));
                let action = bot.choose(&cur.game).ok_or("the game is over")?;
                Ok(to_line(&json!({"ok": true, "action": action})))
            }
            Request::Record {} => {
                let cur = self.current()?;
                let record = GameRecord::of(&cur.game, &cur.options, &cur.actions);
                Ok(to_line(&json!({"ok": true, "record": record})))
            }
            Request::Games {} => {
                let games: Vec<_> = Preset::ALL
                    .iter()
                    .map(|p| json!({"name": p.name(), "players": p.players(), "description": p.description()}))
                    .collect();
                Ok(to_line(&json!({"ok": true, "games": games})))
            }
        }
    }
}

/// Runs the protocol until end of input. A line that is not UTF-8 or is
/// too long is answered with an error like any other bad request.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let mut session = Session::default();
    while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
        let reply = match line.text() {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => session.handle(&line),
            Err(e) => error(format!("bad request: {e}")),
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}
