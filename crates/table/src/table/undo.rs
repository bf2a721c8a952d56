//! Taking actions back. A front end that keeps no store rebuilds the table
//! from the log's start ([`Table::undo`]); a stored table appends an
//! `Undone` event instead, so its log and versions only grow and a
//! viewer's catch-up or a replay after a crash sees the same table.

use super::Table;
use crate::error::TableError;
use crate::event::Event;

/// The most moves one deal may take back: plenty for practice, and a
/// bound on what a client can make the log (and every replay of it) grow
/// by.
pub const MAX_UNDOS_A_DEAL: usize = 100;

impl Table {
    /// Takes back the last action: of anyone (`None`: with the deal dealt
    /// after it, if the action ended one), or of `seat` within the deal in
    /// play, with every action after it. Exact, since the table is rebuilt
    /// from its log; on error nothing changes. Nothing of the undo stays
    /// in the log: for front ends that store nothing (the terminal, the
    /// engine protocol). A stored table takes back with `Event::Undone`.
    pub fn undo(&mut self, seat: Option<u8>) -> Result<(), TableError> {
        let last = match seat {
            None => self
                .live_events()
                .rposition(|e| matches!(e, Event::Acted { .. }))
                .ok_or(TableError::NothingToUndo("nothing to undo"))?,
            Some(s) => self.undo_point(s)?,
        };
        let undos = self.undos + 1;
        let kept: Vec<Event> = self.live_events().take(last).cloned().collect();
        *self = Table::replay(&kept)?;
        self.undos = undos;
        Ok(())
    }

    /// Whether `seat` may take back its last action now with
    /// `Event::Undone` (what a client shows an undo button for).
    pub fn may_undo(&self, seat: u8) -> bool {
        self.check_undo(seat, None).is_ok()
    }

    /// `seat`'s request to take back its last action, decided on version
    /// `acted_on` (if the caller says), checked as a new event is: what
    /// [`Table::check`] allows, within [`MAX_UNDOS_A_DEAL`] a deal. The
    /// cap is a new request's only, so a log stored before it still
    /// replays.
    pub fn check_undo(
        &self,
        seat: u8,
        acted_on: Option<u64>,
    ) -> Result<super::Checked, TableError> {
        self.check_version(acted_on)?;
        let this_deal = self
            .log
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::Dealt { .. }));
        if this_deal
            .filter(|e| matches!(e, Event::Undone { .. }))
            .count()
            >= MAX_UNDOS_A_DEAL
        {
            return Err(TableError::NothingToUndo(
                "this deal has taken back as many moves as a deal may (100)",
            ));
        }
        self.check(&Event::Undone { seat })
    }

    /// How many times actions were taken back at this table.
    pub fn undos(&self) -> u64 {
        self.undos
    }

    /// The log's events still in effect, in order.
    pub(crate) fn live_events(
        &self,
    ) -> impl DoubleEndedIterator<Item = &Event> + ExactSizeIterator {
        self.live.iter().map(|&i| &self.log[i])
    }

    /// Where in the live events `seat`'s last action of the deal in play
    /// is.
    fn undo_point(&self, seat: u8) -> Result<usize, TableError> {
        if self.game.as_ref().is_some_and(|g| g.to_move().is_none()) {
            return Err(TableError::NothingToUndo(
                "the deal is over and booked: undo is only possible during a deal",
            ));
        }
        let deal_start = self
            .live_events()
            .rposition(|e| matches!(e, Event::Dealt { .. }))
            .unwrap_or(0);
        self.live_events()
            .rposition(|e| matches!(e, Event::Acted { seat: s, .. } if *s == seat))
            .filter(|&i| i > deal_start)
            .ok_or(TableError::NothingToUndo("nothing to undo in this deal"))
    }

    /// `Event::Undone` as the log would keep it, or why not: only at a
    /// table where one person plays against bots (taking back between
    /// people would need both to agree, and the move taken back has shown
    /// its player cards: only a practice game may allow that).
    pub(super) fn undone_event(&self, seat: u8) -> Result<Event, TableError> {
        if self.is_finished() {
            return Err(TableError::Finished);
        }
        let people = self.config.person_seats();
        if people != [seat] {
            return Err(TableError::NothingToUndo(if people.contains(&seat) {
                "moves are taken back only at a table of one person and bots"
            } else {
                "only a person's own moves are taken back"
            }));
        }
        self.undo_point(seat)?;
        Ok(Event::Undone { seat })
    }

    /// Applies a checked `Event::Undone`: the deal in play as its live
    /// actions before `seat`'s last one make it (replayed from the deal's
    /// start, as an undo never leaves the deal), with the whole log kept
    /// and the undo appended.
    pub(super) fn take_back_checked(&mut self, seat: u8) -> Result<(), TableError> {
        let cut = self.undo_point(seat)?;
        // Every live event after the deal's `Dealt` is one of `actions`.
        let kept = self
            .actions
            .len()
            .checked_sub(self.live.len() - cut)
            .ok_or_else(|| TableError::Corrupt("an undo reaches past the deal".into()))?;
        let mut game = self
            .deal_start
            .clone()
            .ok_or(TableError::NothingToUndo("no deal in play"))?;
        for action in &self.actions[..kept] {
            game.play(action)
                .map_err(|e| TableError::Corrupt(format!("a kept action does not replay: {e}")))?;
        }
        self.game = Some(game);
        self.actions.truncate(kept);
        self.live.truncate(cut);
        self.log.push(Event::Undone { seat });
        self.undos += 1;
        Ok(())
    }
}
