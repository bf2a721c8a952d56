//! `talon replay FILE`: re-play and validate a record, trick by trick.

use crate::text::narrate;
use std::path::Path;
use talon_protocol::GameRecord;

pub fn run(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let record = GameRecord::from_json(&text).map_err(|e| e.to_string())?;
    let mut before = record.start().map_err(|e| e.to_string())?;
    println!("{} deal: {}", record.game, record.deal);
    if let Some(players) = &record.players {
        println!("players: {}", players.join(", "));
    }
    let mut lines = Vec::new();
    let game = record
        .replay(|after, action| {
            let seat = before.to_move().expect("an action was played");
            lines.extend(narrate(&before, after, seat, action));
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
