//! `talon engine`: the line protocol on stdin/stdout (docs/protocol.md).
//! `Session` holds a table (one deal or a whole match, every seat played by
//! the caller) and answers one request line at a time; it does no IO
//! itself, so tests drive it directly.

use crate::lines::{read_line, MAX_LINE_BYTES};
use serde::Serialize;
use serde_json::json;
use std::io::{BufRead, Write};
use talon_bots::AnyBot;
use talon_cards::Seat;
use talon_protocol::{
    observation_json, options_from_json, plain_json_error, ErrorReply, MatchView, Request,
    StateReply,
};
use talon_rules::{AnyGame, Preset};
use talon_table::{Actor, SeatSpec, Status, Table, TableConfig};

/// One engine conversation: a table whose seats are all the caller's.
#[derive(Default)]
pub struct Session {
    table: Option<Table>,
}

fn to_line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("replies serialize")
}

fn error(msg: impl Into<String>) -> String {
    to_line(&ErrorReply::new(msg))
}

const NO_GAME: &str = "no game: send {\"cmd\":\"new\",...} first";

/// The reply to `new`, `play`, `next`, `undo` and `state`.
fn state_reply(table: &Table) -> String {
    let game = table.game().expect("a table has a deal once opened");
    let mut reply = StateReply::of(game);
    if let Some(sheet) = table.sheet() {
        let (status, winner, unfinished) = table.status().parts();
        reply.match_view = Some(MatchView {
            deal_no: table.deal_no(),
            scores: sheet.scores(),
            status: status.to_string(),
            winner,
            winners: table.winners(),
            unfinished,
        });
    }
    to_line(&reply)
}

impl Session {
    /// Answers one request line with one reply line (without newline).
    /// A refused request changes nothing.
    pub fn handle(&mut self, line: &str) -> String {
        let request: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return error(format!("bad request: {}", plain_json_error(&e, EXAMPLE))),
        };
        match self.answer(request) {
            Ok(reply) => reply,
            Err(e) => error(e),
        }
    }

    fn table(&self) -> Result<&Table, String> {
        self.table.as_ref().ok_or_else(|| NO_GAME.to_string())
    }

    fn game(&self) -> Result<&AnyGame, String> {
        self.table()?.game().ok_or_else(|| NO_GAME.to_string())
    }

    fn answer(&mut self, request: Request) -> Result<String, String> {
        match request {
            Request::New {
                game,
                seed,
                deal,
                options,
                whole_match,
            } => {
                let preset = Preset::from_name(&game).map_err(|e| e.to_string())?;
                let options = match options {
                    Some(map) => options_from_json(&map)?,
                    None => Vec::new(),
                };
                if seed.is_some() && deal.is_some() {
                    return Err("give a seed or a deal, not both".into());
                }
                let seats = TableConfig::seats_for(preset, &options).map_err(|e| e.to_string())?;
                let config = TableConfig {
                    preset: preset.name().to_string(),
                    options: options.into_iter().collect(),
                    seats: vec![SeatSpec::Empty; usize::from(seats)],
                    whole_match,
                    seed: seed.unwrap_or(0),
                    hints: None,
                    deal,
                    memory: false,
                };
                let table = Table::new(config).map_err(|e| e.to_string())?;
                let reply = state_reply(&table);
                self.table = Some(table);
                Ok(reply)
            }
            Request::Play { action } => {
                let table = self.table.as_mut().ok_or(NO_GAME)?;
                let seat = match (table.to_move(), table.status()) {
                    (Some(seat), _) => seat,
                    (None, Status::DealOver) => {
                        return Err(
                            "the deal is over: send {\"cmd\":\"next\"} for the next deal".into(),
                        )
                    }
                    (None, _) => return Err(format!("{action} is not legal: the game is over")),
                };
                let checked = table
                    .check_action(seat, &action, Actor::Person, None)
                    .map_err(|e| e.to_string())?;
                table.apply_checked(checked).map_err(|e| e.to_string())?;
                Ok(state_reply(table))
            }
            Request::Next {} => {
                let table = self.table.as_mut().ok_or(NO_GAME)?;
                if table.status() != Status::DealOver {
                    return Err(match table.sheet() {
                        None => "there is no next deal: this game is a single deal".into(),
                        Some(_) if table.is_finished() => "the match is over".into(),
                        Some(_) => "the deal is still being played".to_string(),
                    });
                }
                let event = table.next_event().ok_or("the match is over")?;
                table.apply(&event).map_err(|e| e.to_string())?;
                Ok(state_reply(table))
            }
            Request::Undo {} => {
                let table = self.table.as_mut().ok_or(NO_GAME)?;
                table.undo(None).map_err(|e| e.to_string())?;
                Ok(state_reply(table))
            }
            Request::State {} => Ok(state_reply(self.table()?)),
            Request::Observe { seat } => {
                let obs = self
                    .game()?
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
                let game = self.game()?;
                let to_move = game.to_move().ok_or("the game is over")?;
                if let Some(s) = seat {
                    if s != to_move.0 {
                        return Err(format!("seat {s} is not to move (seat {to_move} is)"));
                    }
                }
                let mut bot = AnyBot::new(&name, game.preset(), seed.unwrap_or(0))
                    .map_err(|e| e.to_string())?;
                // Count budgets only, so the same state and seed give the
                // same action on any machine; a time limit only on request.
                bot.set_time_limit(time_limit_ms.map(std::time::Duration::from_millis));
                let action = bot.choose(game).ok_or("the game is over")?;
                Ok(to_line(&json!({"ok": true, "action": action})))
            }
            Request::Record {} => {
                let record = self.table()?.record().ok_or(NO_GAME)?;
                Ok(to_line(&json!({"ok": true, "record": record})))
            }
            Request::Games {} => Ok(to_line(&json!({"ok": true, "games": talon_table::games()}))),
        }
    }
}

/// A request to show whoever sends something that is not one.
const EXAMPLE: &str = "{\"cmd\": \"games\"} (docs/protocol.md)";

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

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
