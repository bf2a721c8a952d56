//! `talon play --plain`: the line mode for scripts and screen readers.
//! Prints the table and the numbered moves, reads one command a line. A
//! line that is not UTF-8 or too long is answered, never fatal.

use crate::lines::{read_line, MAX_LINE_BYTES};
use crate::play::PlaySession;
use std::io::{BufRead, Write};

const COMMANDS: &str =
    "type a move (notation such as KS or K♠, or its number), or: hint, undo, last, sheet, help, quit";

/// Reads the next line as text; `Ok(None)` at end of input.
fn next_line(input: &mut impl BufRead, out: &mut impl Write) -> Result<Option<String>, String> {
    let io = |e: std::io::Error| e.to_string();
    loop {
        match read_line(input, MAX_LINE_BYTES).map_err(io)? {
            None => return Ok(None),
            Some(line) => match line.text() {
                Ok(t) => return Ok(Some(t)),
                Err(e) => writeln!(out, "{e}; type the move again").map_err(io)?,
            },
        }
    }
}

/// Plays the session from `input`, writing to `out`.
pub fn run(
    s: &mut PlaySession,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "{} — you are seat {}; seed {} (replay this game with --seed {}).\n{COMMANDS}",
        s.preset.name(),
        s.human,
        s.seed,
        s.seed
    )
    .map_err(io)?;
    loop {
        for line in s.log.drain(..) {
            writeln!(out, "{line}").map_err(io)?;
        }
        if s.game().summary().is_some() {
            if s.next_deal() {
                continue;
            }
            return Ok(());
        }
        writeln!(out, "\n{}", s.view()).map_err(io)?;
        let moves = s.moves();
        let numbered: Vec<String> = moves
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{}:{a}", i + 1))
            .collect();
        writeln!(out, "your moves: {}", numbered.join(" ")).map_err(io)?;
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = next_line(&mut input, &mut out)? else {
            return Err("input ended before the game was over".into());
        };
        let cmd = line.trim();
        match cmd {
            "" => {}
            "help" | "?" => {
                for l in s.help(false) {
                    writeln!(out, "{l}").map_err(io)?;
                }
            }
            "quit" => return Ok(()),
            "last" => writeln!(out, "{}", s.last_trick()).map_err(io)?,
            "sheet" => {
                for l in s.sheet_lines() {
                    writeln!(out, "{l}").map_err(io)?;
                }
            }
            "hint" => {
                writeln!(out, "hint: {}", s.hint().unwrap_or_else(|| "-".into())).map_err(io)?
            }
            "undo" => {
                if let Err(e) = s.undo() {
                    writeln!(out, "{e}").map_err(io)?;
                }
            }
            _ => {
                let chosen = match s.resolve(cmd) {
                    Ok(a) => a,
                    Err(e) => {
                        writeln!(out, "{e}").map_err(io)?;
                        continue;
                    }
                };
                // Only a move that would be played is worth confirming.
                let legal = s.game().clone().play(&chosen).is_ok();
                if let (true, Some(what)) = (legal, s.consequence(&chosen)) {
                    write!(out, "{what}. Play {chosen}? [y/N] ").map_err(io)?;
                    out.flush().map_err(io)?;
                    let answer = next_line(&mut input, &mut out)?.unwrap_or_default();
                    if !answer.trim().eq_ignore_ascii_case("y") {
                        writeln!(out, "not played").map_err(io)?;
                        continue;
                    }
                }
                if let Err(e) = s.human_move(&chosen) {
                    writeln!(out, "{e}").map_err(io)?;
                }
            }
        }
    }
}
