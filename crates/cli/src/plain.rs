//! `talon play --plain`: the line mode for scripts and screen readers.
//! Prints the table and the numbered moves, reads one command a line. A
//! line that is not UTF-8 or too long is answered, never fatal.

use crate::lines::{read_line, MAX_LINE_BYTES};
use crate::play::PlaySession;
use std::io::{self, BufRead, Write};

const COMMANDS: &str =
    "type a move (notation such as KS or K♠, or its number; in an auction a number is a bid), or: hint (h), undo (u), last (l), sheet (s), help (?), quit (q)";

/// Reads the next line as text; `Ok(None)` at end of input.
fn next_line(input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Option<String>> {
    loop {
        match read_line(input, MAX_LINE_BYTES)? {
            None => return Ok(None),
            Some(line) => match line.text() {
                Ok(t) => return Ok(Some(t)),
                Err(e) => writeln!(out, "{e}; type the move again")?,
            },
        }
    }
}

/// Plays the session from `input`, writing to `out`. Input that ends
/// before the game is an error (`UnexpectedEof`), as is a closed `out`.
pub fn run(s: &mut PlaySession, mut input: impl BufRead, mut out: impl Write) -> io::Result<()> {
    match s.seed {
        Some(seed) => writeln!(
            out,
            "{} — you are seat {}; seed {seed} (talon play {} {} deals the same cards again).\n{COMMANDS}",
            s.preset.name(),
            s.human,
            s.preset.name(),
            s.again()
        )?,
        // Its deal is in the record, not to be shown before it is played.
        None => writeln!(
            out,
            "{} — you are seat {}; a deal taken up from its record.\n{COMMANDS}",
            s.preset.name(),
            s.human
        )?,
    }
    loop {
        for line in s.log.drain(..) {
            writeln!(out, "{line}")?;
        }
        if s.game().summary().is_some() {
            if s.next_deal() {
                continue;
            }
            // What ending the match wrote (the deal cap) is said too.
            for line in s.log.drain(..) {
                writeln!(out, "{line}")?;
            }
            return Ok(());
        }
        writeln!(out, "\n{}", s.view())?;
        let moves = s.moves();
        if s.bidding() {
            // A number is a bid here, so the list numbers nothing.
            // The example is a bid open to you now (1 in North American
            // Sixty-six, 30 or more in the Pedro family).
            let example = moves
                .iter()
                .find_map(|m| m.strip_prefix("bid "))
                .filter(|n| n.parse::<u32>().is_ok());
            match example {
                Some(n) => writeln!(
                    out,
                    "your moves (a number bids it: {n} is bid {n}): {}",
                    moves.join(", ")
                )?,
                None => writeln!(out, "your moves: {}", moves.join(", "))?,
            }
        } else {
            let numbered: Vec<String> = moves
                .iter()
                .enumerate()
                .map(|(i, a)| format!("{}:{a}", i + 1))
                .collect();
            writeln!(out, "your moves: {}", numbered.join(" "))?;
        }
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = next_line(&mut input, &mut out)? else {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "input ended before the game was over",
            ));
        };
        let cmd = line.trim();
        // The full screen's keys work here too (no move is one letter).
        match cmd.to_ascii_lowercase().as_str() {
            "" => {}
            "help" | "?" => {
                for l in s.help(false) {
                    writeln!(out, "{l}")?;
                }
            }
            // The caller says how it ended, the seed and the record.
            "quit" | "q" => return Ok(()),
            "last" | "l" => writeln!(out, "{}", s.last_trick())?,
            "sheet" | "s" => {
                for l in s.sheet_lines() {
                    writeln!(out, "{l}")?;
                }
            }
            "hint" | "h" => writeln!(out, "hint: {}", s.hint().unwrap_or_else(|| "-".into()))?,
            "undo" | "u" => {
                if let Err(e) = s.undo() {
                    writeln!(out, "{e}")?;
                }
            }
            _ => {
                let chosen = match s.resolve(cmd) {
                    Ok(a) => a,
                    Err(e) => {
                        writeln!(out, "{e}")?;
                        continue;
                    }
                };
                // Only a move that would be played is worth confirming.
                let legal = s.would_play(&chosen);
                if let (true, Some(what)) = (legal, s.consequence(&chosen)) {
                    // Only y or n answers: a script that sent its next move
                    // instead is told so, not silently taken as "no".
                    let mut yes = false;
                    loop {
                        write!(out, "{what} Play {chosen}? [y/n] ")?;
                        out.flush()?;
                        let Some(answer) = next_line(&mut input, &mut out)? else {
                            break;
                        };
                        match answer.trim().to_ascii_lowercase().as_str() {
                            "y" | "yes" => yes = true,
                            "n" | "no" | "" => {}
                            other => {
                                writeln!(
                                    out,
                                    "{other:?} is not an answer: y plays {chosen}, n does not"
                                )?;
                                continue;
                            }
                        }
                        break;
                    }
                    if !yes {
                        writeln!(out, "not played")?;
                        continue;
                    }
                }
                if let Err(e) = s.human_move(&chosen) {
                    writeln!(out, "{e}")?;
                }
            }
        }
    }
}
