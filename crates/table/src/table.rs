//! The table state machine: the log, the deal in play, the score sheet.
//!
//! It does no IO. A front end asks it to check an action (which changes
//! nothing), stores the returned event, then applies it: validate, append,
//! apply — the order that keeps a crash from losing or inventing a move.

mod undo;

pub use undo::MAX_UNDOS_A_DEAL;

use crate::config::{SeatSpec, TableConfig};
use crate::error::TableError;
use crate::event::{Actor, EndReason, Event};
use std::sync::atomic::{AtomicU64, Ordering};
use talon_cards::{Card, CardSet, Seat};
use talon_protocol::GameRecord;
use talon_rules::{AnyGame, AnyMatch, Preset, Setup, Summary};

/// A match that has not reached its target after this many deals ends
/// unfinished (random bots can sink below zero in Sixty-three for ever).
pub const MATCH_DEAL_CAP: u32 = 200;

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A deal is being played (or is about to be dealt).
    Playing,
    /// A deal of a match is over and the next one is due.
    DealOver,
    /// Nothing more happens: the deal or match is decided, or it was cut
    /// short (`unfinished`).
    Finished {
        winner: Option<u8>,
        unfinished: bool,
    },
}

impl Status {
    /// The status as the protocols tell it: its name (`playing`,
    /// `deal_over`, `finished`), the winner and whether it was cut short.
    pub fn parts(self) -> (&'static str, Option<u8>, bool) {
        match self {
            Status::Playing => ("playing", None, false),
            Status::DealOver => ("deal_over", None, false),
            Status::Finished { winner, unfinished } => ("finished", winner, unfinished),
        }
    }
}

/// Whether a match without a winner has reached the deal cap, where it
/// ends unfinished: the one rule for a table and for Python's `Match`,
/// which books deals without a table.
pub fn cut_short(sheet: &AnyMatch) -> bool {
    sheet.winner().is_none() && sheet.deals_played() >= MATCH_DEAL_CAP
}

/// A deal that has been played out, shown whole to everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedDeal {
    pub deal_no: u32,
    /// The deal in the family's notation.
    pub deal: String,
    /// Each seat's cards as dealt.
    pub hands: Vec<CardSet>,
    /// The cards no hand was dealt, by name (talon, stock, kitty, widow…).
    pub undealt: Vec<(&'static str, Vec<Card>)>,
    pub summary: Summary,
    /// The match score after this deal (a match only).
    pub match_scores: Option<Vec<i32>>,
}

/// An event a table has checked at its current version, as its log
/// would keep it: what [`Table::apply_checked`] applies without a second
/// check. The server stores it between the two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    event: Event,
    table: Identity,
    version: u64,
    undos: u64,
}

/// Which table object a [`Checked`] event was checked on. A clone is
/// another table (it may go another way), so it gets an identity of its
/// own.
#[derive(Debug, PartialEq, Eq)]
struct Identity(u64);

impl Identity {
    fn fresh() -> Identity {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        Identity(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Clone for Identity {
    fn clone(&self) -> Identity {
        Identity::fresh()
    }
}

impl Checked {
    /// The event to store.
    pub fn event(&self) -> &Event {
        &self.event
    }

    pub fn into_event(self) -> Event {
        self.event
    }
}

/// What a table does next by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    /// Deal this deal (numbered from 1).
    Deal(u32),
    /// End the match at the deal cap.
    Cap,
}

/// A table: everything that happened at it and what follows from it.
#[derive(Clone, Debug)]
pub struct Table {
    config: TableConfig,
    preset: Preset,
    options: Vec<(String, String)>,
    log: Vec<Event>,
    /// Where in `log` the events still in effect are: all but the actions
    /// taken back (`Undone`) and the `Undone` events themselves. The
    /// table is what replaying these gives.
    live: Vec<usize>,
    sheet: Option<AnyMatch>,
    game: Option<AnyGame>,
    /// The current deal as dealt, for showing the hands when it ends.
    deal_start: Option<AnyGame>,
    /// The current deal's actions, for game records.
    actions: Vec<String>,
    deal_no: u32,
    finished: Vec<FinishedDeal>,
    ended: Option<EndReason>,
    /// Undos so far: with the version, what a [`Checked`] event was
    /// checked against (an undo and a new move can reach the same version
    /// with another log).
    undos: u64,
    identity: Identity,
}

impl Table {
    /// The first events of a new table (creation and the first deal),
    /// after checking the config. Nothing is applied: store them, then
    /// [`Table::replay`] them.
    pub fn open(config: TableConfig) -> Result<Vec<Event>, TableError> {
        let config = config.canonical()?;
        config.check_new()?;
        let mut events = vec![Event::Created { config }];
        let table = Table::replay(&events)?;
        events.extend(table.next_event());
        Ok(events)
    }

    /// A new table in memory (for front ends that keep no store).
    pub fn new(config: TableConfig) -> Result<Table, TableError> {
        Table::replay(&Table::open(config)?)
    }

    /// A table rebuilt from its log (on start-up, after a crash, or to
    /// look at an earlier version).
    pub fn replay(events: &[Event]) -> Result<Table, TableError> {
        let Some(Event::Created { config }) = events.first() else {
            return Err(TableError::Corrupt(
                "the log does not start with the table's creation".into(),
            ));
        };
        let preset = config.validate()?;
        let sheet = if config.whole_match {
            let m = AnyMatch::new(preset, &config.option_pairs(), config.seed)
                .map_err(|e| TableError::Config(e.to_string()))?;
            Some(m)
        } else {
            None
        };
        let mut table = Table {
            options: config.option_pairs(),
            config: config.clone(),
            preset,
            log: vec![events[0].clone()],
            live: vec![0],
            sheet,
            game: None,
            deal_start: None,
            actions: Vec::new(),
            deal_no: 0,
            finished: Vec::new(),
            ended: None,
            undos: 0,
            identity: Identity::fresh(),
        };
        for (i, e) in events.iter().enumerate().skip(1) {
            table
                .apply(e)
                .map_err(|err| TableError::Corrupt(format!("event {}: {err}", i + 1)))?;
        }
        Ok(table)
    }

    pub fn config(&self) -> &TableConfig {
        &self.config
    }

    pub fn preset(&self) -> Preset {
        self.preset
    }

    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    /// The version: how many events the log holds.
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    pub fn log(&self) -> &[Event] {
        &self.log
    }

    pub fn seats(&self) -> u8 {
        self.config.seats.len() as u8
    }

    pub fn seat(&self, seat: u8) -> Option<&SeatSpec> {
        self.config.seats.get(usize::from(seat))
    }

    /// The deal in play (or the last one, once over).
    pub fn game(&self) -> Option<&AnyGame> {
        self.game.as_ref()
    }

    pub fn sheet(&self) -> Option<&AnyMatch> {
        self.sheet.as_ref()
    }

    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// The actions of the deal in play, in canonical notation.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The seed the deal in play was dealt from (a match's deal `k` from
    /// the table's seed plus `k - 1`); a deal given as text has none.
    pub fn deal_seed(&self) -> Option<u64> {
        if self.deal_no == 0 || (self.deal_no == 1 && self.config.deal.is_some()) {
            return None;
        }
        Some(self.config.seed.wrapping_add(u64::from(self.deal_no - 1)))
    }

    /// The record of the deal in play (its deal and actions so far), with
    /// the seats' names where the table has people or bots (an engine
    /// session's empty seats have none).
    pub fn record(&self) -> Option<GameRecord> {
        let game = self.game.as_ref()?;
        let mut r = GameRecord::of(game, self.options(), self.actions());
        r.seed = self.deal_seed();
        let seats = &self.config.seats;
        if seats.iter().any(|s| *s != SeatSpec::Empty) {
            r.players = Some(
                (0..seats.len() as u8)
                    .map(|i| seats[usize::from(i)].display_name(i))
                    .collect(),
            );
        }
        Some(r)
    }

    /// The deals played out so far, oldest first.
    pub fn finished_deals(&self) -> &[FinishedDeal] {
        &self.finished
    }

    /// The current deal as it was dealt.
    pub fn deal_start(&self) -> Option<&AnyGame> {
        self.deal_start.as_ref()
    }

    /// Every winning seat of a finished table, lowest first: both partners
    /// of a winning side, every seat sharing first place (in a single deal,
    /// every seat with the best result). Empty while playing or when the
    /// table was cut short.
    pub fn winners(&self) -> Vec<u8> {
        if self.ended.is_some() || !self.is_finished() {
            return Vec::new();
        }
        match (&self.sheet, &self.game) {
            (Some(sheet), _) => sheet
                .winners()
                .map_or_else(Vec::new, |w| w.into_iter().map(|s| s.0).collect()),
            (None, Some(game)) => single_deal_winners(game),
            (None, None) => Vec::new(),
        }
    }

    pub fn status(&self) -> Status {
        if self.ended.is_some() {
            return Status::Finished {
                winner: None,
                unfinished: true,
            };
        }
        let Some(game) = &self.game else {
            return Status::Playing;
        };
        if game.to_move().is_some() {
            return Status::Playing;
        }
        match &self.sheet {
            Some(sheet) => match sheet.winner() {
                Some(w) => Status::Finished {
                    winner: Some(w.0),
                    unfinished: false,
                },
                None => Status::DealOver,
            },
            None => Status::Finished {
                winner: single_deal_winner(game),
                unfinished: false,
            },
        }
    }

    pub fn is_finished(&self) -> bool {
        matches!(self.status(), Status::Finished { .. })
    }

    /// The seat to move, while a deal is being played.
    pub fn to_move(&self) -> Option<u8> {
        if self.ended.is_some() {
            return None;
        }
        self.game.as_ref()?.to_move().map(|s| s.0)
    }

    /// The seat to move and its bot level, if a bot sits there.
    pub fn bot_to_move(&self) -> Option<(u8, &str)> {
        let seat = self.to_move()?;
        match self.seat(seat)? {
            SeatSpec::Bot { level } => Some((seat, level)),
            _ => None,
        }
    }

    /// Checks `action` by `seat`, decided on version `acted_on` (if the
    /// caller says), and returns the event to store. Changes nothing.
    pub fn check_action(
        &self,
        seat: u8,
        action: &str,
        by: Actor,
        acted_on: Option<u64>,
    ) -> Result<Checked, TableError> {
        self.action_event(seat, action, by, acted_on)
            .map(|event| self.checked(event))
    }

    fn action_event(
        &self,
        seat: u8,
        action: &str,
        by: Actor,
        acted_on: Option<u64>,
    ) -> Result<Event, TableError> {
        if self.is_finished() {
            return Err(TableError::Finished);
        }
        self.check_version(acted_on)?;
        let to_move = self.to_move();
        if to_move != Some(seat) {
            return Err(TableError::NotYourTurn { seat, to_move });
        }
        let game = self
            .game
            .as_ref()
            .expect("a seat is to move, so a deal is on");
        let canonical = game
            .canonical(action)
            .map_err(|e| TableError::Illegal(e.to_string()))?;
        let mut probe = game.clone();
        probe
            .play(&canonical)
            .map_err(|e| TableError::Illegal(e.to_string()))?;
        Ok(Event::Acted {
            seat,
            action: canonical,
            by,
        })
    }

    /// What the table itself does next, if anything: deal (the first deal,
    /// or the next deal of a match) or end a match at the deal cap.
    pub fn next_event(&self) -> Option<Event> {
        match self.due()? {
            Due::Cap => Some(Event::Ended {
                reason: EndReason::DealCap,
            }),
            Due::Deal(deal_no) => {
                let deal = match (&self.config.deal, &self.sheet) {
                    (Some(deal), _) if deal_no == 1 => deal.clone(),
                    (_, None) => {
                        AnyGame::new(self.preset, &self.options, &Setup::Seed(self.config.seed))
                            .expect("the config was validated")
                            .deal_text()
                    }
                    (_, Some(sheet)) => {
                        let seed = self.config.seed.wrapping_add(u64::from(self.deal_no));
                        sheet.next_deal(seed).deal_text()
                    }
                };
                Some(Event::Dealt { deal_no, deal })
            }
        }
    }

    /// What the table does next, decided without dealing: the next deal's
    /// number, or the end at the deal cap.
    fn due(&self) -> Option<Due> {
        if self.ended.is_some() {
            return None;
        }
        let deal_no = self.deal_no + 1;
        match (&self.game, &self.sheet) {
            (None, _) => Some(Due::Deal(deal_no)),
            (Some(game), _) if game.to_move().is_some() => None,
            (Some(_), None) => None,
            (_, Some(sheet)) if sheet.winner().is_some() => None,
            (_, Some(sheet)) if cut_short(sheet) => Some(Due::Cap),
            (_, Some(_)) => Some(Due::Deal(deal_no)),
        }
    }

    /// `Stale` if a request decided on version `acted_on` (when the caller
    /// says) finds the table moved on.
    fn check_version(&self, acted_on: Option<u64>) -> Result<(), TableError> {
        match acted_on {
            Some(v) if v != self.version() => Err(TableError::Stale {
                acted_on: v,
                current: self.version(),
            }),
            _ => Ok(()),
        }
    }

    /// What `apply` would make of `event`, without changing anything: the
    /// event as the log would keep it (an action in canonical notation),
    /// or why it cannot be applied. The server checks every event so
    /// before it stores it, and applies what it stored unchecked
    /// ([`Table::apply_checked`]).
    pub fn check(&self, event: &Event) -> Result<Checked, TableError> {
        self.event_as_stored(event).map(|event| self.checked(event))
    }

    fn checked(&self, event: Event) -> Checked {
        Checked {
            event,
            table: Identity(self.identity.0),
            version: self.version(),
            undos: self.undos,
        }
    }

    fn event_as_stored(&self, event: &Event) -> Result<Event, TableError> {
        match event {
            Event::Created { .. } => Err(TableError::Corrupt("a second creation event".into())),
            // The deal's number is checked, and that it reads; the cards are
            // the log's own (a log replays without the random generator).
            Event::Dealt { deal_no, deal } => {
                if self.due() != Some(Due::Deal(*deal_no)) {
                    return Err(TableError::Corrupt(format!(
                        "deal {deal_no} is not due now"
                    )));
                }
                self.deal_from(deal)?;
                Ok(event.clone())
            }
            Event::Acted { seat, action, by } => self.action_event(*seat, action, *by, None),
            Event::Undone { seat } => self.undone_event(*seat),
            Event::Ended { reason } => {
                if self.ended.is_some() || self.is_finished() {
                    return Err(TableError::Finished);
                }
                // The deal cap is the table's own event, due only there; a
                // table may be closed (`Closed`) at any time.
                if *reason == EndReason::DealCap && self.due() != Some(Due::Cap) {
                    return Err(TableError::Corrupt(
                        "the deal cap is reached only after the last deal a match may have".into(),
                    ));
                }
                Ok(event.clone())
            }
        }
    }

    /// A deal from its text, by the match's sheet or the preset.
    fn deal_from(&self, deal: &str) -> Result<AnyGame, TableError> {
        match &self.sheet {
            Some(sheet) => sheet.deal_from_text(deal),
            None => AnyGame::new(self.preset, &self.options, &Setup::Deal(deal.to_string())),
        }
        .map_err(|e| TableError::Corrupt(e.to_string()))
    }

    /// Applies an event, checked first ([`Table::check`]), so a damaged log
    /// is refused rather than played; on error nothing changes.
    pub fn apply(&mut self, event: &Event) -> Result<(), TableError> {
        let checked = self.check(event)?;
        self.apply_checked(checked)
    }

    /// Applies an event [`Table::check`] or [`Table::check_action`] passed
    /// on this table, without checking it again; refused, nothing changed,
    /// if the table has moved on (`Stale`), or if it was checked on another
    /// table or before an undo (`NotCheckedHere`).
    pub fn apply_checked(&mut self, checked: Checked) -> Result<(), TableError> {
        if checked.table != self.identity || checked.undos != self.undos {
            return Err(TableError::NotCheckedHere);
        }
        if checked.version != self.version() {
            return Err(TableError::Stale {
                acted_on: checked.version,
                current: self.version(),
            });
        }
        // What the log keeps: the event as checked (an action in canonical
        // notation, `10h` as `TH`), so `log()` and `actions()` agree.
        let stored = checked.event;
        if let Event::Undone { seat } = stored {
            return self.take_back_checked(seat);
        }
        match &stored {
            Event::Created { .. } => unreachable!("check refuses a second creation"),
            Event::Dealt { deal_no, deal } => {
                let game = self.deal_from(deal)?;
                self.deal_no = *deal_no;
                self.deal_start = Some(game.clone());
                self.game = Some(game);
                self.actions.clear();
            }
            Event::Acted { action, .. } => {
                let game = self.game.as_mut().expect("checked: a deal is on");
                game.play(action).expect("checked: the action is legal");
                self.actions.push(action.clone());
                if game.to_move().is_none() {
                    self.close_deal();
                }
            }
            Event::Ended { reason } => self.ended = Some(*reason),
            Event::Undone { .. } => unreachable!("taken back above"),
        }
        self.live.push(self.log.len());
        self.log.push(stored);
        Ok(())
    }

    /// Books the deal that just ended: the sheet and the deal shown whole.
    fn close_deal(&mut self) {
        let game = self.game.as_ref().expect("a deal just ended");
        if let Some(sheet) = &mut self.sheet {
            // Every deal of a match table is dealt by its sheet, so this
            // is booked; a refusal would be a bug in this file.
            let booked = sheet.record(game);
            debug_assert!(
                booked.is_ok(),
                "a match table's deal not booked: {booked:?}"
            );
        }
        let start = self.deal_start.as_ref().expect("a deal has a start");
        let hands = (0..start.seats())
            .map(|s| start.observe(Seat(s)).map(|o| o.hand()).unwrap_or_default())
            .collect();
        self.finished.push(FinishedDeal {
            deal_no: self.deal_no,
            deal: game.deal_text(),
            hands,
            undealt: start.undealt(),
            summary: game.summary().expect("the deal is over"),
            match_scores: self.sheet.as_ref().map(AnyMatch::scores),
        });
    }
}

/// The winner of a single deal: the one seat with the best result (the
/// rules' returns, so "fewest tricks wins" counts), if there is exactly
/// one. Partners (Pedro, four-hand North American Sixty-six) share
/// theirs, so the lower seat names them; a tie names none.
fn single_deal_winner(game: &AnyGame) -> Option<u8> {
    let top = single_deal_winners(game);
    let partners = game.preset().partnerships() && top.len() == 2;
    (top.len() == 1 || partners).then(|| top[0])
}

/// Every seat with a single deal's best result: one, partners, or seats
/// sharing first place; none when two sides of partners tie (a thrown-in
/// deal too), since then nobody won.
fn single_deal_winners(game: &AnyGame) -> Vec<u8> {
    let Some(score) = game.returns() else {
        return Vec::new();
    };
    let Some(&best) = score.iter().max() else {
        return Vec::new();
    };
    let top: Vec<u8> = (0..score.len())
        .filter(|&i| score[i] == best)
        .map(|i| i as u8)
        .collect();
    let sides_tie = game.preset().partnerships() && top.iter().any(|s| s % 2 != top[0] % 2);
    if sides_tie {
        Vec::new()
    } else {
        top
    }
}
