//! `talon resume FILE`: takes up a game that `talon play --record FILE`
//! saved, where it was left (a quit, a closed terminal, a signal). A
//! match's record is its table log, which the table replays as it stands;
//! a lone deal's record gives the deal, the seats and the moves, which are
//! played again through a new table. Either way the person's seat and the
//! bots come from the record.

use super::{setup_flags, PlayArgs, PlaySession};
use clap::Args;
use std::path::PathBuf;
use talon_cards::Seat;
use talon_protocol::GameRecord;
use talon_rules::Preset;
use talon_table::{Actor, SeatSpec, Table, TableConfig, TableLog, LOG_FORMAT};

#[derive(Args)]
#[command(
    after_help = "The bots are those of the record, the deal goes on where it stopped, and the record is kept up to date as play goes on. `talon play` writes a record with `--record FILE`, also when the game is quit or the terminal closed."
)]
pub struct ResumeArgs {
    /// A record written by `talon play --record FILE`.
    pub file: PathBuf,
    /// Plain text mode (automatic when stdin or stdout is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Where the record goes as play goes on; FILE itself by default.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

pub fn run(args: &ResumeArgs) -> Result<(), String> {
    let text = crate::replay::read_capped(&args.file)?;
    let session = PlaySession::resume(&text).map_err(|e| {
        format!(
            "cannot resume {}: {e} (talon replay {} shows what it holds)",
            args.file.display(),
            args.file.display()
        )
    })?;
    let record = args.record.clone().unwrap_or_else(|| args.file.clone());
    super::check_writable(&record)?;
    super::run_session(session, Some(&record), args.plain)
}

/// The person's seat at a table: the one seat held by a person, every
/// other seat a bot's.
fn person_seat(seats: &[SeatSpec]) -> Result<u8, String> {
    if let Some(i) = seats.iter().position(|s| *s == SeatSpec::Empty) {
        return Err(format!("seat {i} is held by nobody"));
    }
    let people: Vec<u8> = (0..seats.len() as u8)
        .filter(|&i| matches!(seats[usize::from(i)], SeatSpec::Person { .. }))
        .collect();
    match people[..] {
        [one] => Ok(one),
        [] => Err("no seat is a person's: it is a game of bots".into()),
        _ => Err(format!(
            "{} seats are people's: only a game of one person against bots resumes here",
            people.len()
        )),
    }
}

/// The `talon play` flags that set up a table like `config` (the levels of
/// the bots in seat order, the person's seat, the rules, a match).
fn play_args(config: &TableConfig, human: u8) -> PlayArgs {
    let bots: Vec<&str> = config
        .seats
        .iter()
        .filter_map(|s| match s {
            SeatSpec::Bot { level } => Some(level.as_str()),
            _ => None,
        })
        .collect();
    // As `--bots` was most likely given: one name for bots all alike.
    let bots = match bots.split_first() {
        Some((first, rest)) if rest.iter().all(|b| b == first) => first.to_string(),
        _ => bots.join(","),
    };
    PlayArgs {
        preset: config.preset.clone(),
        seat: human,
        bots,
        seed: Some(config.seed),
        options: config
            .option_pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect(),
        deal: config.deal.clone(),
        whole_match: config.whole_match,
        plain: false,
        record: None,
    }
}

impl PlaySession {
    /// The game that `text` (a record of `talon play --record`) left off.
    pub fn resume(text: &str) -> Result<PlaySession, String> {
        let json: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        let (mut table, seed) = if json.get("format").and_then(|f| f.as_str()) == Some(LOG_FORMAT) {
            let log = TableLog::from_json(text)?;
            let table = Table::replay(&log.events).map_err(|e| e.to_string())?;
            let seed = table.config().seed;
            (table, Some(seed))
        } else {
            lone_deal(&GameRecord::from_json(text).map_err(|e| e.to_string())?)?
        };
        if table.is_finished() {
            return Err("the game is over: there is nothing left to play".into());
        }
        if table.game().is_none() {
            if let Some(deal) = table.next_event() {
                table.apply(&deal).map_err(|e| e.to_string())?;
            }
        }
        let human = person_seat(&table.config().seats)?;
        // A deal whose seed is unknown is not named by its cards: the
        // record holds every hand, and the screen shows only the person's.
        let setup = match seed {
            Some(seed) => setup_flags(&play_args(table.config(), human), seed),
            None => String::new(),
        };
        let moves = match table.actions().len() {
            0 => "before the first move".to_string(),
            1 => "after 1 move".to_string(),
            n => format!("after {n} moves"),
        };
        let deal = match table.sheet() {
            Some(_) => format!(" of deal {}", table.deal_no()),
            None => String::new(),
        };
        let mut s = PlaySession::around(table, Seat(human), seed, setup)?;
        s.log.push(format!("resumed {moves}{deal}"));
        // A deal that ended before the record was written is booked now,
        // as play would have booked it.
        s.run_bots();
        Ok(s)
    }
}

/// A lone deal's record played again through a new table, with the seed
/// it was dealt from if the record gives it. Its `players` say which seat
/// was the person's ("you") and which bots held the others.
fn lone_deal(record: &GameRecord) -> Result<(Table, Option<u64>), String> {
    // What `talon replay` refuses (an action that does not replay, a
    // result the actions do not lead to) is refused here in its words.
    record.replay(|_, _| {}).map_err(|e| e.to_string())?;
    let preset = Preset::from_name(&record.game).map_err(|e| e.to_string())?;
    let players = record
        .players
        .as_ref()
        .ok_or("the record does not name its players, so its person's seat is unknown")?;
    // Each seat's bot level by seat (`seated` reads no level for the
    // person's), and the one seat that is no bot's: the person's.
    let mut human = None;
    let mut levels = Vec::new();
    for (i, name) in players.iter().enumerate() {
        match name.strip_suffix(" bot") {
            Some(level) => levels.push(level.to_string()),
            None if human.is_none() => {
                human = Some(i as u8);
                levels.push(String::new());
            }
            None => {
                return Err(format!(
                    "{name:?} is not a bot, and only one seat can be a person's"
                ))
            }
        }
    }
    let human = human.ok_or("no seat is a person's: it is a game of bots")?;
    // Options that change nothing are refused in new games, but a record
    // made before that rule still plays: they are left out.
    let pairs: Vec<(String, String)> = record.options.clone().into_iter().collect();
    let options = talon_table::without_inert_options(preset, &pairs);
    let seats = TableConfig::seats_for(preset, &options).map_err(|e| e.to_string())?;
    if players.len() != usize::from(seats) {
        return Err(format!(
            "the record names {} players for a table of {seats}",
            players.len()
        ));
    }
    let seated = |seed| TableConfig::seated(preset, &options, &levels, Some(human), false, seed);
    let mut config = seated(record.seed.unwrap_or(0)).map_err(|e| e.to_string())?;
    if record.seed.is_none() {
        config.deal = Some(record.deal.clone());
    }
    let mut table = Table::new(config).map_err(|e| e.to_string())?;
    let dealt = table.game().map(|g| g.deal_text());
    if dealt.as_deref() != Some(record.deal.as_str()) {
        return Err("its seed does not deal its deal".into());
    }
    for (i, action) in record.actions.iter().enumerate() {
        let seat = table
            .to_move()
            .ok_or_else(|| format!("move {} ({action}) comes after the deal's end", i + 1))?;
        let by = if seat == human {
            Actor::Person
        } else {
            Actor::Bot
        };
        let checked = table
            .check_action(seat, action, by, None)
            .map_err(|e| format!("move {} ({action}) does not replay: {e}", i + 1))?;
        table.apply_checked(checked).map_err(|e| e.to_string())?;
    }
    Ok((table, record.seed))
}
