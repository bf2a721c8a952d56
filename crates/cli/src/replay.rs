//! `talon replay FILE`: re-play and validate a record, trick by trick.

use crate::text::{ended, figures, narrate, winners_in_words};
use std::io::Read;
use std::path::Path;
use talon_protocol::GameRecord;
use talon_table::{EndReason, Event, Status, Table, TableLog, LOG_FORMAT};

/// The largest record `replay` reads: far above any real deal's record,
/// and a stop for `/dev/zero` and the like.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// Reads at most [`MAX_RECORD_BYTES`] of `path` as text.
pub(crate) fn read_capped(path: &Path) -> Result<String, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "{} is larger than {} MiB: not a game record",
            path.display(),
            MAX_RECORD_BYTES >> 20
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))
}

pub fn run(path: &Path) -> Result<(), String> {
    let text = read_capped(path)?;
    let json = serde_json::from_str::<serde_json::Value>(&text).ok();
    let format = json
        .as_ref()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_string));
    if format.as_deref() == Some(LOG_FORMAT) {
        return replay_table(&text);
    }
    // `arena --out` writes arena.json beside the records people replay.
    if json
        .as_ref()
        .is_some_and(|v| v.get("pairs").is_some() && v.get("deals_per_pair").is_some())
    {
        return Err(format!(
            "{} is an arena report (talon arena --out), not a game record: replay a record saved with --record",
            path.display()
        ));
    }
    let record = GameRecord::from_json(&text).map_err(|e| e.to_string())?;
    let mut before = record.start().map_err(|e| e.to_string())?;
    let preset = before.preset();
    println!("{} deal: {}", record.game, record.deal);
    if let Some(players) = &record.players {
        // Names come from the file: no control characters reach the terminal.
        let shown: Vec<String> = players
            .iter()
            .map(|p| {
                p.chars()
                    .map(|c| if c.is_control() { '?' } else { c })
                    .collect()
            })
            .collect();
        println!("players: {}", shown.join(", "));
    }
    let mut lines = Vec::new();
    let game = record
        .replay(|after, action| {
            let seat = before.to_move().expect("an action was played");
            let result = ended(&before, after);
            lines.extend(narrate(
                preset,
                &before,
                after,
                seat,
                Some(action),
                result.as_deref(),
            ));
            before = after.clone();
        })
        .map_err(|e| e.to_string())?;
    for l in lines {
        println!("{l}");
    }
    match game.summary() {
        Some(_) => println!(
            "record is valid: {} actions replay to the recorded result",
            record.actions.len()
        ),
        None => println!(
            "record is valid so far: {} actions, the deal is not finished",
            record.actions.len()
        ),
    }
    Ok(())
}

/// A saved table log (a whole match): every deal, trick by trick.
fn replay_table(text: &str) -> Result<(), String> {
    let log = TableLog::from_json(text)?;
    let first = log.events.first().ok_or("the log has no events")?;
    let mut table = Table::replay(std::slice::from_ref(first)).map_err(|e| e.to_string())?;
    for (i, event) in log.events.iter().enumerate().skip(1) {
        let before = table.game().cloned();
        table
            .apply(event)
            .map_err(|e| format!("event {} does not replay: {e}", i + 1))?;
        match (event, before, table.game()) {
            (Event::Dealt { deal_no, deal }, ..) => {
                println!("== deal {deal_no}: {deal}");
            }
            (Event::Undone { seat }, ..) => {
                println!("seat {seat} takes back its last move, and the moves after it");
            }
            (Event::Acted { seat, action, .. }, Some(before), Some(after)) => {
                let result = ended(&before, after);
                let seat = talon_cards::Seat(*seat);
                for l in narrate(
                    table.preset(),
                    &before,
                    after,
                    seat,
                    Some(action),
                    result.as_deref(),
                ) {
                    println!("{l}");
                }
                if after.to_move().is_none() {
                    if let Some(m) = table.sheet() {
                        let partners = table.preset().partnerships();
                        println!("match score: {}", figures(&m.scores(), partners));
                    }
                }
            }
            _ => {}
        }
    }
    let deals = table.deal_no();
    match table.status() {
        Status::Finished {
            winner: Some(_), ..
        } => println!(
            "log is valid: {deals} deal(s), {}",
            winners_in_words(&table.winners(), table.preset().partnerships(), "")
        ),
        Status::Finished {
            unfinished: true, ..
        } => {
            // An `ended` event says why: closed (by its host, or after a
            // day with nobody there) or the match's deal cap.
            let why = match log.events.last() {
                Some(Event::Ended {
                    reason: EndReason::Closed,
                }) => "closed before the end",
                _ => "unfinished at the deal cap",
            };
            println!("log is valid: {deals} deal(s), {why}")
        }
        Status::Finished { .. } if table.winners().len() > 1 => println!(
            "log is valid: {deals} deal(s), {}",
            winners_in_words(&table.winners(), false, "")
        ),
        Status::Finished { .. } => println!("log is valid: {deals} deal(s), no single winner"),
        _ => println!("log is valid so far: {deals} deal(s), play goes on"),
    }
    Ok(())
}
