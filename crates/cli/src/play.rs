//! `talon play`: a person against bots. `PlaySession` holds the game logic
//! both front ends share (the ratatui screen in `tui.rs` and the plain line
//! mode in `plain.rs`).

use crate::lineup;
use crate::moves;
use crate::sheet::{self, DealLine, Seating};
use crate::text::{ended, narrate, pretty, table};
use clap::Args;
use std::io::IsTerminal;
use talon_bots::strongest;
use talon_cards::Seat;
use talon_protocol::GameRecord;
use talon_rules::{AnyGame, AnyMatch, Preset};
use talon_table::{
    bots_move, Actor, Event, SeatBots, Status, Table, TableConfig, TableLog, Viewer, MATCH_DEAL_CAP,
};

/// The bots of `talon play` when `--bots` is not given.
const DEFAULT_BOTS: &str = "expert";

#[derive(Args)]
pub struct PlayArgs {
    /// The preset, e.g. sixty-six (see `talon games`).
    pub preset: String,
    /// Your seat.
    #[arg(long, default_value_t = 0, value_parser = crate::arg_tips::seat_number, allow_negative_numbers = true)]
    pub seat: u8,
    /// Bots for the other seats, comma-separated, in seat order (repeated as needed).
    #[arg(long, default_value = DEFAULT_BOTS)]
    pub bots: String,
    /// Seed of the (first) deal; the bots then play the same way every
    /// time too. Without it a fresh random deal, its seed printed.
    #[arg(long, value_parser = crate::arg_tips::whole_number, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// A rule option, name=value (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// An exact (first) deal in the preset's notation (`talon rules
    /// PRESET`), instead of one dealt from the seed.
    #[arg(long, value_name = "DEAL")]
    pub deal: Option<String>,
    /// Play a whole match instead of one deal.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Plain text mode (automatic when stdin or stdout is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Save the deal's record to this file (a match: the whole table log, every deal).
    #[arg(long)]
    pub record: Option<std::path::PathBuf>,
}

/// A seed nobody chose: the clock and the process, mixed.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    crate::arena::derive_seed(&[nanos, u64::from(std::process::id())]) % 1_000_000_000
}

/// `--seed` and every flag of `args` that shapes the game (the deal, the
/// rule options, the seat, the bots, a match), written to be pasted back:
/// the seed alone would deal another table for `--option players=5`.
fn setup_flags(args: &PlayArgs, seed: u64) -> String {
    let mut flags = vec![format!("--seed {seed}")];
    if let Some(deal) = &args.deal {
        flags.push(format!("--deal {}", shell_word(deal)));
    }
    for option in &args.options {
        flags.push(format!("--option {}", shell_word(option)));
    }
    if args.seat != 0 {
        flags.push(format!("--seat {}", args.seat));
    }
    if args.bots != DEFAULT_BOTS {
        flags.push(format!("--bots {}", shell_word(&args.bots)));
    }
    if args.whole_match {
        flags.push("--match".into());
    }
    flags.join(" ")
}

/// `path` as one shell word that no command reads as a flag.
pub(crate) fn path_word(path: &std::path::Path) -> String {
    let text = path.display().to_string();
    match text.starts_with('-') {
        true => shell_word(&format!("./{text}")),
        false => shell_word(&text),
    }
}

/// `text` as one shell word: in double quotes unless it is plain (a deal
/// has spaces and slashes; notation has no quote, `$` or backslash, and
/// those are escaped anyway).
pub(crate) fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_=,.:+@%/".contains(c));
    if plain {
        return text.to_string();
    }
    let mut quoted = String::from("\"");
    for c in text.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    quoted
}

/// A person's game against bots, run through a table: the person's seat,
/// the bots, hints and what happened, for display.
pub struct PlaySession {
    pub preset: Preset,
    pub human: Seat,
    /// The seed the game was dealt from; unknown for a deal taken up from
    /// a record that does not give it.
    pub seed: Option<u64>,
    /// The flags that set this game up (seed, deal, options, seat, bots,
    /// match), as `again` repeats them.
    setup: String,
    pub seating: Seating,
    table: Table,
    bots: SeatBots,
    /// Where the record goes, kept current for a signal's sake.
    last_record: Option<(std::path::PathBuf, crate::signals::LastRecord)>,
    /// Whether the finished deal in view has had its hands and standing logged.
    booked: bool,
    /// Where the finished deal's booking (hands, sheet) starts in `log`:
    /// the screen shows those lines in the table, not again in the log.
    booked_at: usize,
    /// What happened, for display.
    pub log: Vec<String>,
    /// The log's length before each of the person's moves this deal: an
    /// undo takes the move's lines back with it.
    marks: Vec<usize>,
    /// The full screen runs the bots itself after a person's move, so
    /// that it can show the move (and drop its prompt) while they think.
    pub defer_bots: bool,
}

impl PlaySession {
    pub fn new(args: &PlayArgs) -> Result<PlaySession, String> {
        let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
        let options = lineup::options(&args.options)?;
        lineup::check_target(preset, &options, args.whole_match, "--match")?;
        let seed = args.seed.unwrap_or_else(fresh_seed);
        let names = lineup::names(&args.bots)?;
        let seats = TableConfig::seats_for(preset, &options).map_err(|e| e.to_string())?;
        if args.seat >= seats {
            return Err(format!(
                "--seat {} is not a seat of {}: its seats are numbered 0 to {}",
                args.seat,
                preset.name(),
                seats - 1
            ));
        }
        // `--bots` names the other seats in order, repeated if short.
        let others = usize::from(seats) - 1;
        if names.len() > others {
            return Err(format!(
                "--bots names {} bots but the table has {others} other seat{}",
                names.len(),
                if others == 1 { "" } else { "s" }
            ));
        }
        let mut next = names.iter().cycle();
        let names: Vec<String> = (0..seats)
            .map(|i| {
                let name = if i == args.seat {
                    &names[0]
                } else {
                    next.next().expect("a name")
                };
                name.clone()
            })
            .collect();
        let mut config = TableConfig::seated(
            preset,
            &options,
            &names,
            Some(args.seat),
            args.whole_match,
            seed,
        )
        .map_err(|e| e.to_string())?;
        config.deal = args.deal.clone();
        let table = Table::new(config).map_err(|e| e.to_string())?;
        let mut s =
            PlaySession::around(table, Seat(args.seat), Some(seed), setup_flags(args, seed))?;
        if args.seed.is_some() {
            // A chosen seed replays exactly: count budgets only. A fresh
            // game keeps the bots' time limits, so nobody waits long.
            // (Hints think by count budgets always: the table's rule.)
            s.bots.count_budgets_only();
        }
        s.run_bots();
        Ok(s)
    }

    /// A session around `table`, with the person at `human` and the
    /// table's bots at the other seats (none of them moved yet).
    fn around(
        table: Table,
        human: Seat,
        seed: Option<u64>,
        setup: String,
    ) -> Result<PlaySession, String> {
        let bots = SeatBots::for_table(&table).map_err(|e| e.to_string())?;
        let config = table.config();
        let names = bots
            .names()
            .into_iter()
            .enumerate()
            .map(|(i, n)| n.unwrap_or_else(|| config.seats[i].display_name(i as u8)))
            .collect();
        let preset = table.preset();
        let seating = Seating::new(preset, table.seats(), human, names);
        Ok(PlaySession {
            preset,
            human,
            seed,
            setup,
            seating,
            table,
            bots,
            last_record: None,
            booked: false,
            booked_at: 0,
            marks: Vec::new(),
            log: Vec::new(),
            defer_bots: false,
        })
    }

    /// The deal in play (or just over).
    pub fn game(&self) -> &AnyGame {
        self.table.game().expect("a table has a deal once opened")
    }

    /// The actions of the deal in play, in canonical notation.
    #[cfg(test)]
    pub fn actions(&self) -> &[String] {
        self.table.actions()
    }

    /// What is left on the terminal when the full screen closes: the
    /// outcome (or that the deal was left), the seed to deal it again and
    /// where the record went.
    pub fn closing_lines(&self, record: Option<&std::path::Path>) -> Vec<String> {
        let mut lines = Vec::new();
        let game = self.game();
        match (self.sheet(), game.summary()) {
            (Some(m), _) => {
                let scores: Vec<String> = m.scores().iter().map(i32::to_string).collect();
                let end = match m.winners() {
                    Some(w) => {
                        let seats: Vec<u8> = w.iter().map(|s| s.0).collect();
                        let partners = self.preset.partnerships();
                        self.seating.names_in(&crate::text::winners_in_words(
                            &seats,
                            partners,
                            "the match",
                        ))
                    }
                    None => "the match was left unfinished".to_string(),
                };
                lines.push(format!(
                    "{}: match score {}; {end}",
                    self.preset.name(),
                    scores.join(" : ")
                ));
            }
            (None, Some(summary)) => {
                lines.push(format!(
                    "{}: {}",
                    self.preset.name(),
                    self.seating.names_in(&summary.text)
                ));
            }
            (None, None) => lines.push(format!(
                "{}: the deal was left unfinished",
                self.preset.name()
            )),
        }
        if let Some(seed) = self.seed {
            lines.push(format!(
                "seed {seed}: talon play {} {} deals it again",
                self.preset.name(),
                self.again()
            ));
        }
        if let Some(path) = record {
            // A game left before its end can be taken up again.
            lines.push(match self.table.is_finished() {
                false => format!(
                    "record: {} (talon resume {} plays on from here)",
                    path.display(),
                    path_word(path)
                ),
                true => format!("record: {}", path.display()),
            });
        }
        lines
    }

    /// The flags that deal this game again: the seed, the exact deal if
    /// one was asked for, and every flag that set the table up.
    pub fn again(&self) -> String {
        self.setup.clone()
    }

    /// The match score sheet, in a match.
    pub fn sheet(&self) -> Option<&AnyMatch> {
        self.table.sheet()
    }

    /// Every finished deal, for the score sheet.
    pub fn deals(&self) -> Vec<DealLine> {
        DealLine::all(self.table.finished_deals())
    }

    /// Lets the bots move until it is the person's turn or the deal ends.
    pub fn run_bots(&mut self) {
        let (seating, log, human) = (&self.seating, &mut self.log, self.human);
        let moved = bots_move(&mut self.table, &mut self.bots, |before, event, table| {
            if let (Some(before), Event::Acted { seat, .. }, Some(after)) =
                (before, event, table.game())
            {
                // The bots' moves as the person's seat sees them, told
                // from that seat's observations: a card laid away face
                // down stays unnamed.
                let seen = table.project(event, Viewer::Seat(human.0));
                let action = seen["action"].as_str();
                log.extend(told(seating, human, before, after, Seat(*seat), action));
            }
        });
        if let Err(e) = moved {
            // A bot's illegal move is a bug; say so rather than panic.
            self.log.push(format!("a bot's move was refused: {e}"));
        }
        if self.game().summary().is_some() && !self.booked {
            self.booked = true;
            self.book_deal();
        }
        self.keep_record();
    }

    /// The record as it would be written now: a match's whole table log,
    /// or the deal in play.
    pub fn record_text(&self) -> String {
        if self.sheet().is_some() {
            TableLog::new(self.log_events()).to_json()
        } else {
            self.record().to_json()
        }
    }

    /// Writes the record to `path` if a signal ends the game.
    pub fn record_on_signal(&mut self, path: std::path::PathBuf, last: crate::signals::LastRecord) {
        self.last_record = Some((path, last));
        self.keep_record();
    }

    /// The deal in view once it is over, as the table booked it (every
    /// hand as dealt, the cards dealt aside).
    pub fn finished_deal(&self) -> Option<&talon_table::FinishedDeal> {
        self.game().summary()?;
        self.table.finished_deals().last()
    }

    /// Whether the game is over: a lone deal played out, or the match.
    pub fn is_over(&self) -> bool {
        self.table.is_finished()
    }

    /// Where the game's record is kept as play goes on, if anywhere.
    pub fn saved_to(&self) -> Option<&std::path::Path> {
        self.last_record.as_ref().map(|(path, _)| path.as_path())
    }

    fn keep_record(&self) {
        if let Some((path, last)) = &self.last_record {
            last.set(path.clone(), self.record_text());
        }
    }

    /// Logs a finished deal: every hand and the match standing.
    fn book_deal(&mut self) {
        self.booked_at = self.log.len();
        self.log.push("hands as dealt:".into());
        if let Some(deal) = self.finished_deal() {
            let hands = sheet::hands(&self.seating, deal);
            self.log.extend(hands.into_iter().map(|h| format!("  {h}")));
        }
        self.log.extend(self.sheet_lines());
    }

    /// The play log without the finished deal's booking, which the screen
    /// shows in the table instead (so the last tricks stay in sight).
    pub fn play_log(&self) -> &[String] {
        if self.booked && self.booked_at <= self.log.len() {
            &self.log[..self.booked_at]
        } else {
            &self.log
        }
    }

    /// The score sheet as lines.
    pub fn sheet_lines(&self) -> Vec<String> {
        sheet::lines(&self.seating, self.preset, &self.deals(), self.sheet())
    }

    /// The person's action, checked and applied through the table.
    fn apply(&mut self, action: &str) -> Result<(), String> {
        let checked = self
            .table
            .check_action(self.human.0, action, Actor::Person, None)
            .map_err(|e| e.to_string())?;
        let event = checked.event().clone();
        let before = self.game().clone();
        self.table
            .apply_checked(checked)
            .map_err(|e| e.to_string())?;
        // Told as the bots' moves are.
        if let Event::Acted { action, .. } = &event {
            let (seating, human) = (&self.seating, self.human);
            let lines = told(seating, human, &before, self.game(), human, Some(action));
            self.log.extend(lines);
        }
        Ok(())
    }

    /// Whether the table would take `action` from the person now (asked
    /// before a consequential move is confirmed).
    pub fn would_play(&self, action: &str) -> bool {
        self.table
            .check_action(self.human.0, action, Actor::Person, None)
            .is_ok()
    }

    /// The person's legal moves in a natural order (empty when not their turn).
    pub fn moves(&self) -> Vec<String> {
        if self.game().to_move() == Some(self.human) {
            self.game().legal_actions()
        } else {
            Vec::new()
        }
    }

    /// The move meant by typed input: a number from [`moves`](Self::moves),
    /// or notation (suit symbols allowed).
    pub fn resolve(&self, input: &str) -> Result<String, String> {
        let moves = self.moves();
        // In an auction a bare number is a bid (what a bidder means by
        // "30"), never the 30th move of the list; a signed or huge one
        // is a bid too, just not one to be had.
        let number = input.trim();
        let digits = number.strip_prefix(['-', '+']).unwrap_or(number);
        if self.bidding() && !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
            // As the rules read `bid N` (North American `bid 5` is the moon).
            let bid = match number.parse::<u32>() {
                // `+40` is 40, as Rust reads it; `-5` reads as no number.
                Ok(n) => self.game().canonical(&format!("bid {n}")).ok(),
                Err(_) => None,
            };
            return match bid {
                Some(bid) if moves.contains(&bid) => Ok(bid),
                _ => Err(format!(
                    "{} is not a bid you can make now; you may: {}",
                    talon_protocol::shorten(number, 12),
                    moves.join(", ")
                )),
            };
        }
        match input.trim().parse::<usize>() {
            Ok(i) if (1..=moves.len()).contains(&i) => Ok(moves[i - 1].clone()),
            Ok(i) => Err(format!("no move number {i}: choose 1 to {}", moves.len())),
            // As the rules write it (`trump c` is `trump C`), so that a
            // question before the move names it as the move list does; a
            // text the rules cannot read goes on to be refused by them.
            Err(_) => {
                let text = moves::normalize(input);
                match self.game().canonical(&text) {
                    Ok(action) => Ok(Self::card_for_its_move(action, &moves)?),
                    Err(e) => {
                        // A slip of the keys ("pas", "moom"): the nearest
                        // move by name (not for cards: "KX" is no typo of KH).
                        let word = text.len() >= 3 && text.chars().all(|c| c.is_ascii_alphabetic());
                        match talon_rules::nearest(&text, moves.iter().map(String::as_str)) {
                            Some(near) if word => Err(format!("did you mean {near}? ({e})")),
                            _ => Ok(text),
                        }
                    }
                }
            }
        }
    }

    /// A bare card where only `discard KC` takes it: that discard. A card
    /// that may be given is not given unasked (a give may fold the
    /// person's hand): the person is told to say so.
    pub(crate) fn card_for_its_move(action: String, moves: &[String]) -> Result<String, String> {
        if moves.contains(&action) {
            return Ok(action);
        }
        let discard = format!("discard {action}");
        let give = format!("give {action}");
        match (moves.contains(&discard), moves.contains(&give)) {
            (true, false) => Ok(discard),
            (true, true) => Err(format!("{action}: type {discard} or {give}")),
            (false, true) => Err(format!("{action}: type {give} to give it")),
            (false, false) => Ok(action),
        }
    }

    /// Whether the person's moves are an auction's (a bare number is then
    /// a bid, and the moves are listed without numbers).
    pub fn bidding(&self) -> bool {
        self.game().to_move() == Some(self.human) && self.game().in_auction()
    }

    /// What a consequential move does, to confirm before playing it.
    pub fn consequence(&self, action: &str) -> Option<String> {
        let obs = self.game().observe(self.human).ok()?;
        talon_table::consequence(&obs, action)
    }

    /// The help screen's lines.
    pub fn help(&self, terminal: bool) -> Vec<String> {
        match self.game().observe(self.human) {
            Ok(obs) => moves::help(self.preset, &obs, terminal),
            Err(e) => vec![e.to_string()],
        }
    }

    /// The person's move (notation or a number from the move list).
    pub fn human_move(&mut self, input: &str) -> Result<(), String> {
        if self.game().to_move() != Some(self.human) {
            return Err("it is not your turn".into());
        }
        let action = self.resolve(input)?;
        let mark = self.log.len();
        // The rules' refusal names seats; the person is "you" here.
        self.apply(&action).map_err(|e| {
            self.seating
                .names_in(&e)
                .replace(talon_rules::NOT_HELD, "you do not hold it")
        })?;
        self.marks.push(mark);
        if self.defer_bots && self.bots_to_move() {
            // The screen runs them once it has drawn this move; the record
            // has the move meanwhile, for a signal's sake.
            self.keep_record();
        } else {
            // Bots to answer, or none: the deal's end is booked and the
            // record kept either way.
            self.run_bots();
        }
        Ok(())
    }

    /// Whether a bot is to move in the deal in play (the person waits).
    pub fn bots_to_move(&self) -> bool {
        self.game().summary().is_none()
            && self.game().to_move().is_some_and(|seat| seat != self.human)
    }

    /// Takes back the person's last move (and the bots' replies): the
    /// table is rebuilt from its log up to that move.
    pub fn undo(&mut self) -> Result<(), String> {
        self.table
            .undo(Some(self.human.0))
            .map_err(|e| e.to_string())?;
        // The undone move and the replies to it leave the log too (a line
        // mode has printed and drained them already).
        if let Some(mark) = self.marks.pop() {
            self.log.truncate(mark.min(self.log.len()));
        }
        self.log.push("undone".to_string());
        self.keep_record();
        Ok(())
    }

    /// What the strongest bot would play for the person (the table's
    /// hint: its turn, seeded by the table's point).
    pub fn hint(&mut self) -> Option<String> {
        talon_table::hint(&self.table, self.human.0, strongest(self.preset)).ok()
    }

    pub fn last_trick(&self) -> String {
        match self.game().last_trick() {
            Some(t) => {
                let cards: Vec<String> = t
                    .cards
                    .iter()
                    .map(|(s, c)| format!("{} ({})", pretty(*c), self.seating.name(*s)))
                    .collect();
                format!(
                    "last trick: {} → {}",
                    cards.join(", "),
                    self.seating.name(t.winner)
                )
            }
            None => "no trick played yet".to_string(),
        }
    }

    /// The table as the person sees it, with the match standing.
    pub fn view(&self) -> String {
        let mut text = match self.game().observe(self.human) {
            Ok(obs) => self.seating.names_in(&table(&obs)),
            Err(e) => e.to_string(),
        };
        if let Some(m) = self.sheet() {
            let standing = sheet::standing(&self.seating, self.preset, m);
            text = format!("{}\n{text}", standing.join("\n"));
        }
        text
    }

    /// Whether another deal of the match is to come.
    pub fn more_deals(&self) -> bool {
        self.table.status() == Status::DealOver
    }

    /// Starts the next deal of a match, if there is one to play (a match
    /// at the deal cap ends unfinished instead).
    pub fn next_deal(&mut self) -> bool {
        if !self.more_deals() {
            return false;
        }
        let Some(event) = self.table.next_event() else {
            return false;
        };
        if self.table.apply(&event).is_err() {
            return false;
        }
        if !matches!(event, Event::Dealt { .. }) {
            self.log.push(format!(
                "the match ends unfinished after {MATCH_DEAL_CAP} deals"
            ));
            return false;
        }
        self.booked = false;
        self.marks.clear();
        self.log.push(format!("== deal {}", self.table.deal_no()));
        self.run_bots();
        true
    }

    /// The table's whole log (every deal of a match).
    pub fn log_events(&self) -> &[Event] {
        self.table.log()
    }

    /// The record of the deal in play.
    pub fn record(&self) -> GameRecord {
        self.table.record().expect("a deal is in play")
    }
}

/// The lines the person is told of `seat`'s move from `before` to `after`,
/// built from the person's observations (so nothing their seat may not
/// know), with seats named from their chair; `action` as the table
/// projects it for them.
fn told(
    seating: &Seating,
    human: Seat,
    before: &AnyGame,
    after: &AnyGame,
    seat: Seat,
    action: Option<&str>,
) -> Vec<String> {
    let (Ok(b), Ok(a)) = (before.observe(human), after.observe(human)) else {
        return Vec::new();
    };
    let result = ended(before, after);
    let lines = narrate(after.preset(), &b, &a, seat, action, result.as_deref());
    lines.iter().map(|l| seating.names_in(l)).collect()
}

/// Checks, before a game, that its record can be written at `path`: a
/// path that cannot be written must not cost a whole game or match.
pub fn check_writable(path: &std::path::Path) -> Result<(), String> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    // A file made only to try is taken away again: a game killed before
    // its end (the terminal closed) must not leave an empty record.
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    // The table first: a bad game, seat or option leaves no empty record.
    let session = PlaySession::new(args)?;
    if let Some(path) = &args.record {
        check_writable(path)?;
    }
    run_session(session, args.record.as_deref(), args.plain)
}

/// Plays `session` on the full screen or in line mode, keeping its record
/// at `record`.
fn run_session(
    mut session: PlaySession,
    record: Option<&std::path::Path>,
    plain: bool,
) -> Result<(), String> {
    // The full screen needs a terminal both ways: `talon play > file`
    // would draw into the file and show the player nothing.
    let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if !plain && std::io::stdin().is_terminal() && !terminal {
        // Whoever types cannot see the game: say where it went.
        eprintln!("talon: the output is not a terminal, so the game runs in line mode (--plain) and is written there");
    }
    let full_screen = !plain && terminal;
    let last = crate::signals::LastRecord::default();
    if let Some(path) = record {
        session.record_on_signal(path.to_path_buf(), last.clone());
    }
    crate::signals::watch(last, full_screen);
    let mut reader_gone = false;
    let played = if !full_screen {
        let stdin = std::io::stdin();
        match crate::plain::run(&mut session, stdin.lock(), std::io::stdout().lock()) {
            // Whoever read our output has gone (`| head`): stop quietly.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                reader_gone = true;
                Ok(())
            }
            other => other.map_err(|e| e.to_string()),
        }
    } else {
        crate::tui::run(&mut session)
    };
    // The outcome (or that the game was left), the seed and the record,
    // as the last lines in either mode.
    if !reader_gone {
        for line in session.closing_lines(record) {
            println!("{line}");
        }
    }
    // What was played is kept, also when the input ended early.
    if let Some(path) = record {
        // A match keeps every deal: its record is the table's whole log.
        std::fs::write(path, session.record_text())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    played
}

#[path = "resume.rs"]
pub mod resume;

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "resume_tests.rs"]
mod resume_tests;
