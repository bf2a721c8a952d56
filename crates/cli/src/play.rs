//! `talon play`: a person against bots. `PlaySession` holds the game logic
//! both front ends share (the ratatui screen and the plain line mode).

use crate::lineup;
use crate::text::{narrate, pretty, table};
use clap::Args;
use std::io::{BufRead, IsTerminal, Write};
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
    /// Seed of the (first) deal.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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

/// A person's game against bots: state, undo history, hints.
pub struct PlaySession {
    pub preset: Preset,
    pub human: Seat,
    pub game: AnyGame,
    pub options: Vec<(String, String)>,
    bots: Vec<AnyBot>,
    hint_bot: AnyBot,
    pub actions: Vec<String>,
    /// Snapshots at each of the person's decisions, for undo.
    undo: Vec<(AnyGame, usize)>,
    pub sheet: Option<AnyMatch>,
    next_seed: u64,
    /// What happened, for display.
    pub log: Vec<String>,
}

impl PlaySession {
    pub fn new(args: &PlayArgs) -> Result<PlaySession, String> {
        let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
        if args.seat >= preset.players() {
            return Err(format!(
                "--seat {} but {} has seats 0..{}",
                args.seat,
                preset.name(),
                preset.players() - 1
            ));
        }
        let options = lineup::options(&args.options)?;
        let names = lineup::names(&args.bots);
        if names.is_empty() {
            return Err("--bots names no bot".into());
        }
        let bots =
            lineup::bots(&names, preset, preset.players(), args.seed).map_err(|e| e.to_string())?;
        let hint_bot =
            AnyBot::new(strongest(preset), preset, args.seed).map_err(|e| e.to_string())?;
        let sheet = if args.whole_match {
            Some(AnyMatch::new(preset, &options, args.seed).map_err(|e| e.to_string())?)
        } else {
            None
        };
        let game = match &sheet {
            Some(m) => m.next_deal(args.seed),
            None => AnyGame::new(preset, &options, &Setup::Seed(args.seed))
                .map_err(|e| e.to_string())?,
        };
        let mut s = PlaySession {
            preset,
            human: Seat(args.seat),
            game,
            options,
            bots,
            hint_bot,
            actions: Vec::new(),
            undo: Vec::new(),
            sheet,
            next_seed: args.seed.wrapping_add(1),
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
            let action = self.bots[seat.index()]
                .choose(&self.game)
                .expect("game running");
            self.apply(seat, &action).expect("bots play legal actions");
        }
        if let (Some(m), Some(_)) = (self.sheet.as_mut(), self.game.summary()) {
            if m.record(&self.game) {
                self.log.push(format!("match score: {:?}", m.scores()));
                if let Some(w) = m.winner() {
                    self.log.push(format!("seat {w} wins the match"));
                }
            }
        }
    }

    fn apply(&mut self, seat: Seat, action: &str) -> Result<(), String> {
        let before = self.game.clone();
        self.game.play(action).map_err(|e| e.to_string())?;
        self.actions.push(action.trim().to_string());
        self.log
            .extend(narrate(&before, &self.game, seat, action.trim()));
        Ok(())
    }

    /// The person's move (notation or a number from the legal list).
    pub fn human_move(&mut self, input: &str) -> Result<(), String> {
        if self.game.to_move() != Some(self.human) {
            return Err("it is not your turn".into());
        }
        let legal = self.game.legal_actions();
        let action = match input.trim().parse::<usize>() {
            Ok(i) if (1..=legal.len()).contains(&i) => legal[i - 1].clone(),
            Ok(i) => return Err(format!("no move number {i}: choose 1 to {}", legal.len())),
            Err(_) => input.trim().to_string(),
        };
        let snapshot = (self.game.clone(), self.actions.len());
        self.apply(self.human, &action)?;
        self.undo.push(snapshot);
        self.run_bots();
        Ok(())
    }

    /// Takes back the person's last move (and the bots' replies).
    pub fn undo(&mut self) -> Result<(), String> {
        let (game, n) = self.undo.pop().ok_or("nothing to undo in this deal")?;
        if self.game.summary().is_some() && self.sheet.is_some() {
            return Err("the deal is over and booked: undo is only possible during a deal".into());
        }
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
                    .map(|(s, c)| format!("{}(seat {s})", pretty(*c)))
                    .collect();
                format!("last trick: {} → seat {}", cards.join(" "), t.winner)
            }
            None => "no trick played yet".to_string(),
        }
    }

    pub fn view(&self) -> String {
        table(
            &self
                .game
                .observe(self.human)
                .expect("the person's seat exists"),
        )
    }

    /// Starts the next deal of a match, if there is one to play.
    pub fn next_deal(&mut self) -> bool {
        let Some(m) = &self.sheet else { return false };
        if m.winner().is_some() || self.game.summary().is_none() {
            return false;
        }
        self.game = m.next_deal(self.next_seed);
        self.next_seed = self.next_seed.wrapping_add(1);
        self.actions.clear();
        self.undo.clear();
        self.log.push(format!("== deal {}", m.deals_played() + 1));
        self.run_bots();
        true
    }

    pub fn record(&self) -> GameRecord {
        let mut r = GameRecord::of(&self.game, &self.options, &self.actions);
        r.players = Some(
            (0..self.preset.players())
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

    /// Actions that ask for a confirmation first.
    pub fn needs_confirmation(action: &str) -> bool {
        matches!(
            action.trim().to_ascii_lowercase().as_str(),
            "close" | "declare"
        )
    }
}

pub fn run(args: &PlayArgs) -> Result<(), String> {
    let mut session = PlaySession::new(args)?;
    if args.plain || !std::io::stdin().is_terminal() {
        let stdin = std::io::stdin();
        plain(&mut session, stdin.lock(), std::io::stdout().lock())?;
    } else {
        crate::tui::run(&mut session)?;
    }
    if let Some(path) = &args.record {
        std::fs::write(path, session.record().to_json())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

const HELP: &str = "type a move (notation or its number), or: hint, undo, last, help, quit";

/// The line mode: prints the table and reads moves from `input`.
pub fn plain(
    s: &mut PlaySession,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    writeln!(
        out,
        "{} — you are seat {}. {HELP}",
        s.preset.name(),
        s.human
    )
    .map_err(io)?;
    loop {
        for line in s.log.drain(..) {
            writeln!(out, "{line}").map_err(io)?;
        }
        if s.game.summary().is_some() {
            if s.next_deal() {
                continue;
            }
            return Ok(());
        }
        writeln!(out, "\n{}", s.view()).map_err(io)?;
        let legal = s.game.legal_actions();
        let numbered: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(i, a)| format!("{}:{a}", i + 1))
            .collect();
        writeln!(out, "legal: {}", numbered.join(" ")).map_err(io)?;
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Err("input ended before the game was over".into());
        }
        let cmd = line.trim();
        match cmd {
            "" => {}
            "help" => writeln!(out, "{HELP}").map_err(io)?,
            "quit" => return Ok(()),
            "last" => writeln!(out, "{}", s.last_trick()).map_err(io)?,
            "hint" => {
                writeln!(out, "hint: {}", s.hint().unwrap_or_else(|| "-".into())).map_err(io)?
            }
            "undo" => {
                if let Err(e) = s.undo() {
                    writeln!(out, "{e}").map_err(io)?;
                }
            }
            _ => {
                let chosen = match cmd.parse::<usize>() {
                    Ok(i) if (1..=legal.len()).contains(&i) => legal[i - 1].clone(),
                    _ => cmd.to_string(),
                };
                if PlaySession::needs_confirmation(&chosen) {
                    write!(out, "really {chosen}? [y/N] ").map_err(io)?;
                    out.flush().map_err(io)?;
                    let mut answer = String::new();
                    input.read_line(&mut answer).map_err(io)?;
                    if !answer.trim().eq_ignore_ascii_case("y") {
                        writeln!(out, "not done").map_err(io)?;
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
