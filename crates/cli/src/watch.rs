//! `talon watch`: bots play a seeded deal or match, printed trick by trick.

use crate::lineup;
use crate::text::{ended, figures, narrate};
use clap::Args;
use std::cell::{Cell, RefCell};
use std::io::Write;
use talon_rules::Preset;
use talon_table::{
    run_bots, Event, SeatBots, Status, Table, TableConfig, TableLog, MATCH_DEAL_CAP,
};

#[derive(Args)]
pub struct WatchArgs {
    /// The preset, e.g. sixty-six (see `talon games`).
    pub preset: String,
    /// Seed of the deal (and of the bots).
    #[arg(long, default_value_t = 1, value_parser = crate::arg_tips::whole_number, allow_negative_numbers = true)]
    pub seed: u64,
    /// Bots by seat, comma-separated (repeated if shorter than the table).
    #[arg(long, default_value = "expert,heuristic")]
    pub bots: String,
    /// A rule option, name=value (repeatable; see `talon games`).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// An exact (first) deal in the preset's notation (`talon rules
    /// PRESET`), instead of one dealt from the seed.
    #[arg(long, value_name = "DEAL")]
    pub deal: Option<String>,
    /// Play a whole match instead of one deal.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Save the deal's record to this file (a match: the whole table log, every deal).
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
}

/// Standard output that goes quiet once its reader has gone (`watch
/// --record F | head`): the bots then play the game out unseen, so that
/// the record is still saved. (Without `--record`, main lets a closed
/// pipe end the program at once.) Any other failure to write (a full
/// disk) also stops the printing, and is reported once the record is
/// saved.
struct Out {
    stopped: Cell<bool>,
    failed: RefCell<Option<std::io::Error>>,
}

impl Out {
    fn line(&self, text: std::fmt::Arguments) {
        if self.stopped.get() {
            return;
        }
        if let Err(e) = writeln!(std::io::stdout(), "{text}") {
            self.stopped.set(true);
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                *self.failed.borrow_mut() = Some(e);
            }
        }
    }
}

macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        $out.line(format_args!($($arg)*))
    };
}

pub fn run(args: &WatchArgs) -> Result<(), String> {
    let out = Out {
        stopped: Cell::new(false),
        failed: RefCell::new(None),
    };
    let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
    let options = lineup::options(&args.options)?;
    lineup::check_target(preset, &options, args.whole_match, "--match")?;
    let names = lineup::names(&args.bots)?;
    let mut config = TableConfig::bots(preset, &options, &names, args.whole_match, args.seed)
        .map_err(|e| e.to_string())?;
    config.deal = args.deal.clone();
    let mut table = Table::new(config).map_err(|e| e.to_string())?;
    let partners = preset.partnerships();
    let mut bots = SeatBots::for_table(&table).map_err(|e| e.to_string())?;
    bots.count_budgets_only();
    let seats: Vec<String> = table
        .config()
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("seat {i}: {}", s.display_name(i as u8)))
        .collect();
    let announce = |table: &Table| {
        let game = table.game().expect("dealt");
        if args.whole_match {
            say!(
                out,
                "== deal {} (seed {}): {}",
                table.deal_no(),
                table.deal_seed().unwrap_or(args.seed),
                game.deal_text()
            );
        } else {
            let from = match args.deal {
                Some(_) => "as given".to_string(),
                None => format!("seed {}", args.seed),
            };
            say!(out, "{} deal ({from}): {}", preset.name(), game.deal_text());
            say!(out, "{}", seats.join(", "));
        }
    };
    if let Some(path) = &args.record {
        crate::play::check_writable(path)?;
    }
    announce(&table);
    let mut last_record = None;
    run_bots(&mut table, &mut bots, |before, event, table| match event {
        Event::Dealt { .. } => announce(table),
        Event::Acted { seat, action, .. } => {
            let (Some(before), Some(after)) = (before, table.game()) else {
                return;
            };
            let result = ended(before, after);
            let seat = talon_cards::Seat(*seat);
            for line in narrate(
                table.preset(),
                before,
                after,
                seat,
                Some(action),
                result.as_deref(),
            ) {
                say!(out, "{line}");
            }
            if after.to_move().is_none() {
                last_record = table.record();
                if let Some(m) = table.sheet() {
                    say!(out, "match score: {}\n", figures(&m.scores(), partners));
                }
            }
        }
        // Bots take nothing back.
        Event::Ended { .. } | Event::Created { .. } | Event::Undone { .. } => {}
    })
    .map_err(|e| e.to_string())?;
    if let (Status::Finished { winner, unfinished }, Some(m)) = (table.status(), table.sheet()) {
        match (winner, unfinished) {
            (Some(_), _) => say!(
                out,
                "{}: {}",
                crate::text::winners_in_words(&table.winners(), partners, "the match"),
                figures(&m.scores(), partners)
            ),
            (None, true) => say!(
                out,
                "the match is unfinished after {MATCH_DEAL_CAP} deals (the cap): {}",
                figures(&m.scores(), partners)
            ),
            (None, false) => say!(
                out,
                "the match ends undecided: {}",
                figures(&m.scores(), partners)
            ),
        }
    }
    // A match keeps every deal: its record is the table's whole log.
    let saved = match (args.whole_match, last_record) {
        (true, _) => Some(TableLog::new(table.log()).to_json()),
        (false, r) => r.map(|r| r.to_json()),
    };
    if let (Some(path), Some(text)) = (&args.record, saved) {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    match out.failed.into_inner() {
        Some(e) => Err(format!("cannot write to standard output: {e}")),
        None => Ok(()),
    }
}
