//! Helpers shared by the table's test files (each file uses some).
#![allow(dead_code)]

use talon_rules::Preset;
use talon_table::{run_bots, SeatBots, Table, TableConfig, Viewer};

/// A table of `level` bots in every seat.
pub fn bots_table(preset: Preset, level: &str, whole_match: bool, seed: u64) -> Table {
    let config =
        TableConfig::bots(preset, &[], &[level.to_string()], whole_match, seed).expect("valid");
    Table::new(config).expect("opens")
}

/// Plays the table's bots to the end, by count budgets.
pub fn play_out(table: &mut Table) {
    let mut bots = SeatBots::for_table(table).unwrap();
    bots.count_budgets_only();
    run_bots(table, &mut bots, |_, _, _| {}).unwrap();
}

/// Every seat, then a spectator.
pub fn viewers(table: &Table) -> Vec<Viewer> {
    (0..table.seats())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect()
}
