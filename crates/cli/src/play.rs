//! `talon play`: a person against bots. `PlaySession` holds the game logic
//! both front ends share (the ratatui screen in `tui.rs` and the plain line
//! mode in `plain.rs`).

use crate::lineup;
use crate::moves;
use crate::sheet::{self, DealLine, Seating};
use crate::text::{narrate, pretty, table};
use clap::Args;
use std::io::IsTerminal;
use talon_bots::{strongest, AnyBot};
use talon_cards::Seat;
use talon_protocol::GameRecord;
use talon_rules::{AnyGame, AnyMatch, Preset, Setup};

#[derive(Args)]
pub struct PlayArgs {
    /// The preset, e.g. sixty-six (see `talon games`).
    pub preset: String,
    /// Your seat.
    #[arg(long, default_value_t = 0)]
    pub seat: u8,
    /// Bots for the other seats, comma-separated (by seat, repeated as needed).
    #[arg(long, default_value = "expert")]
    pub bots: String,
    /// Seed of the (first) deal; the bots then play the same way every
    /// time too. Without it a fresh random deal, its seed printed.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A rule option, name=value (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Play a whole match instead of one deal.
    #[arg(long = "match")]
    pub whole_match: bool,
    /// Plain text mode (automatic when stdin is not a terminal).
    #[arg(long)]
    pub plain: bool,
    /// Save the last deal's record to this file.
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

/// A person's game against bots: state, undo history, hints, the sheet.
pub struct PlaySession {
    pub preset: Preset,
    pub human: Seat,
    pub game: AnyGame,
    pub options: Vec<(String, String)>,
    pub seed: u64,
    pub seating: Seating,
    bots: Vec<AnyBot>,
    hint_bot: AnyBot,
    pub actions: Vec<String>,
    /// Snapshots at each of the person's decisions, for undo.
    undo: Vec<(AnyGame, usize)>,
    pub sheet: Option<AnyMatch>,
    /// Every finished deal, for the score sheet.
    pub deals: Vec<DealLine>,
    /// Whether the deal in play is on the sheet yet.
    booked: bool,
    next_seed: u64,
    /// What happened, for display.
    pub log: Vec<String>,
}

impl PlaySession {
    pub fn new(args: &PlayArgs) -> Result<PlaySession, String> {
        let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
        let options = lineup::options(&args.options)?;
        let seed = args.seed.unwrap_or_else(fresh_seed);
        let sheet = if args.whole_match {
            Some(AnyMatch::new(preset, &options, seed).map_err(|e| e.to_string())?)
        } else {
            None
        };
        let game = match &sheet {
            Some(m) => m.next_deal(seed),
            None => {
                AnyGame::new(preset, &options, &Setup::Seed(seed)).map_err(|e| e.to_string())?
            }
        };
        // The table size comes from the options (Sixes and Sevens: 3-6).
        let seats = game.seats();
        if args.seat >= seats {
            return Err(format!(
                "--seat {} but {} has seats 0..{}",
                args.seat,
                preset.name(),
                seats - 1
            ));
        }
        let names = lineup::names(&args.bots);
        if names.is_empty() {
            return Err("--bots names no bot".into());
        }
        let mut bots = lineup::bots(&names, preset, seats, seed)?;
        let mut hint_bot =
            AnyBot::new(strongest(preset), preset, seed).map_err(|e| e.to_string())?;
        if args.seed.is_some() {
            // A chosen seed replays exactly: count budgets only. A fresh
            // game keeps the bots' time limits, so nobody waits long.
            lineup::count_budgets_only(&mut bots);
            lineup::count_budgets_only(std::slice::from_mut(&mut hint_bot));
        }
        let seating = Seating::new(
            preset,
            seats,
            Seat(args.seat),
            bots.iter().map(|b| b.name().to_string()).collect(),
        );
        let mut s = PlaySession {
            preset,
            human: Seat(args.seat),
            game,
            options,
            seed,
            seating,
            bots,
            hint_bot,
            actions: Vec::new(),
            undo: Vec::new(),
            sheet,
            deals: Vec::new(),
            booked: false,
            next_seed: seed.wrapping_add(1),
            log: Vec::new(),
        };
        s.run_bots();
        Ok(s)
    }

    /// Lets the bots move until it is the person's turn or the deal ends.
    pub fn run_bots(&mut self) {
        while let Some(seat) = self.game.to_move() {
            if seat == self.human {
                break;
            }
            let Some(action) = self.bots[seat.index()].choose(&self.game) else {
                break;
            };
            if let Err(e) = self.apply(seat, &action) {
                // A bot's illegal move is a bug; say so rather than panic.
                self.log
                    .push(format!("{} chose {action}: {e}", self.seating.name(seat)));
                break;
            }
        }
        if self.game.summary().is_some() && !self.booked {
            self.booked = true;
            self.book_deal();
        }
    }

    /// Books a finished deal: the sheet, every hand, the match standing.
    fn book_deal(&mut self) {
        let Some(sum) = self.game.summary() else {
            return;
        };
        let number = self.deals.len() as u32 + 1;
        self.deals.push(DealLine {
            number,
            text: sum.text.clone(),
            score: sum.score.clone(),
        });
        if let Some(m) = self.sheet.as_mut() {
            m.record(&self.game);
        }
        self.log.push("hands as dealt:".into());
        let hands = sheet::hands(&self.seating, &self.game);
        self.log.extend(hands.into_iter().map(|h| format!("  {h}")));
        self.log.extend(self.sheet_lines());
    }

    /// The score sheet as lines.
    pub fn sheet_lines(&self) -> Vec<String> {
        sheet::lines(
            &self.seating,
            self.preset,
            &self.options,
            &self.deals,
            self.sheet.as_ref(),
        )
    }

    fn apply(&mut self, seat: Seat, action: &str) -> Result<(), String> {
        let before = self.game.clone();
        self.game.play(action).map_err(|e| e.to_string())?;
        let action = lineup::canonical(&before, &self.game, action);
        let lines = narrate(&before, &self.game, seat, &action);
        self.actions.push(action);
        self.log
            .extend(lines.iter().map(|l| self.seating.names_in(l)));
        Ok(())
    }

    /// The person's legal moves in a natural order (empty when not their turn).
    pub fn moves(&self) -> Vec<String> {
        if self.game.to_move() == Some(self.human) {
            moves::ordered(self.game.legal_actions())
        } else {
            Vec::new()
        }
    }

    /// The move meant by typed input: a number from [`moves`](Self::moves),
    /// or notation (suit symbols allowed).
    pub fn resolve(&self, input: &str) -> Result<String, String> {
        let moves = self.moves();
        match input.trim().parse::<usize>() {
            Ok(i) if (1..=moves.len()).contains(&i) => Ok(moves[i - 1].clone()),
            Ok(i) => Err(format!("no move number {i}: choose 1 to {}", moves.len())),
            Err(_) => Ok(moves::normalize(input)),
        }
    }

    /// What a consequential move does, to confirm before playing it.
    pub fn consequence(&self, action: &str) -> Option<String> {
        let obs = self.game.observe(self.human).ok()?;
        moves::consequence(&obs, action)
    }

    /// The help screen's lines.
    pub fn help(&self, terminal: bool) -> Vec<String> {
        match self.game.observe(self.human) {
            Ok(obs) => moves::help(self.preset, &obs, terminal),
            Err(e) => vec![e.to_string()],
        }
    }

    /// The person's move (notation or a number from the move list).
    pub fn human_move(&mut self, input: &str) -> Result<(), String> {
        if self.game.to_move() != Some(self.human) {
            return Err("it is not your turn".into());
        }
        let action = self.resolve(input)?;
        let snapshot = (self.game.clone(), self.actions.len());
        self.apply(self.human, &action)?;
        self.undo.push(snapshot);
        self.run_bots();
        Ok(())
    }

    /// Takes back the person's last move (and the bots' replies).
    pub fn undo(&mut self) -> Result<(), String> {
        if self.game.summary().is_some() {
            return Err("the deal is over and booked: undo is only possible during a deal".into());
        }
        let (game, n) = self.undo.pop().ok_or("nothing to undo in this deal")?;
        self.game = game;
        self.actions.truncate(n);
        self.log.push("undone".to_string());
        Ok(())
    }

    /// What the strongest bot would play for the person.
    pub fn hint(&mut self) -> Option<String> {
        (self.game.to_move() == Some(self.human))
            .then(|| self.hint_bot.choose(&self.game))
            .flatten()
    }

    pub fn last_trick(&self) -> String {
        match self.game.last_trick() {
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
        let mut text = match self.game.observe(self.human) {
            Ok(obs) => self.seating.names_in(&table(&obs)),
            Err(e) => e.to_string(),
        };
        if let Some(m) = &self.sheet {
            let standing = sheet::standing(&self.seating, self.preset, &self.options, m);
            text = format!("{}\n{text}", standing.join("\n"));
        }
        text
    }

    /// Whether another deal of the match is to come.
    pub fn more_deals(&self) -> bool {
        self.sheet.as_ref().is_some_and(|m| m.winner().is_none()) && self.game.summary().is_some()
    }

    /// Starts the next deal of a match, if there is one to play.
    pub fn next_deal(&mut self) -> bool {
        if !self.more_deals() {
            return false;
        }
        let Some(m) = &self.sheet else { return false };
        self.game = m.next_deal(self.next_seed);
        self.next_seed = self.next_seed.wrapping_add(1);
        self.actions.clear();
        self.undo.clear();
        self.booked = false;
        self.log.push(format!("== deal {}", self.deals.len() + 1));
        self.run_bots();
        true
    }

    pub fn record(&self) -> GameRecord {
        let mut r = GameRecord::of(&self.game, &self.options, &self.actions);
        r.players = Some(
            (0..self.game.seats())
                .map(|i| {
                    if i == self.human.0 {
                        "you".to_string()
                    } else {
                        self.bots[i as usize].name().to_string()
                    }
                })
                .collect(),
        );
        r
    }
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let mut session = PlaySession::new(args)?;
    if args.plain || !std::io::stdin().is_terminal() {
        let stdin = std::io::stdin();
        crate::plain::run(&mut session, stdin.lock(), std::io::stdout().lock())?;
    } else {
        crate::tui::run(&mut session)?;
    }
    if let Some(path) = &args.record {
        std::fs::write(path, session.record().to_json())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
