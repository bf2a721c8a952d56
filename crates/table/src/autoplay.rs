//! Bots at a table, and the loop that lets them play until a person must
//! act. `watch`, `arena` and `play` all run tables through it; the server
//! runs its bots off the async runtime, one decision at a time.

use crate::config::SeatSpec;
use crate::error::TableError;
use crate::event::{Actor, Event};
use crate::table::Table;
use talon_bots::AnyBot;
use talon_rules::AnyGame;

/// The seed of a seat's bot: seats differ, and a table's seed decides all.
pub fn bot_seed(table_seed: u64, seat: u8) -> u64 {
    table_seed.wrapping_mul(31).wrapping_add(u64::from(seat))
}

/// One bot per bot seat (people's seats hold none).
pub struct SeatBots {
    bots: Vec<Option<AnyBot>>,
}

impl SeatBots {
    /// The bots a table's config names, seeded from its seed.
    pub fn for_table(table: &Table) -> Result<SeatBots, TableError> {
        let config = table.config();
        let bots = config
            .seats
            .iter()
            .enumerate()
            .map(|(i, spec)| match spec {
                SeatSpec::Bot { level } => {
                    AnyBot::new(level, table.preset(), bot_seed(config.seed, i as u8))
                        .map(Some)
                        .map_err(|e| TableError::Config(e.to_string()))
                }
                _ => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        Ok(SeatBots { bots })
    }

    /// Drops the bots' wall-clock safety limits, so a seed replays exactly
    /// however loaded the machine is.
    pub fn count_budgets_only(&mut self) {
        for bot in self.bots.iter_mut().flatten() {
            bot.set_time_limit(None);
        }
    }

    /// No bots yet: [`SeatBots::take`] makes them as they are needed.
    pub fn none(seats: u8) -> SeatBots {
        SeatBots {
            bots: (0..seats).map(|_| None).collect(),
        }
    }

    /// Takes the bot of the seat to move out, to think elsewhere (another
    /// thread); [`SeatBots::put`] gives it back. A seat without one gets a
    /// new one: for a person's seat a stand-in of level `stand_in` (none
    /// if `None`), for a bot's seat its bot again (one lost with a thread
    /// that died), seeded by the seat and the table's point.
    pub fn take(&mut self, table: &Table, seat: u8, stand_in: Option<&str>) -> Option<AnyBot> {
        if let Some(bot) = self.bots.get_mut(usize::from(seat))?.take() {
            return Some(bot);
        }
        let level = match (table.seat(seat)?, stand_in) {
            (SeatSpec::Bot { level }, _) => level.as_str(),
            (_, Some(level)) => level,
            (_, None) => return None,
        };
        let seed = bot_seed(table.config().seed, seat) ^ table.version();
        AnyBot::new(level, table.preset(), seed).ok()
    }

    /// Gives back a bot taken out (unless the seat has one again).
    pub fn put(&mut self, seat: u8, bot: AnyBot) {
        if let Some(slot) = self.bots.get_mut(usize::from(seat)) {
            slot.get_or_insert(bot);
        }
    }

    pub fn get(&self, seat: u8) -> Option<&AnyBot> {
        self.bots.get(usize::from(seat))?.as_ref()
    }

    /// The bots' names by seat (`None` for people's seats).
    pub fn names(&self) -> Vec<Option<String>> {
        self.bots
            .iter()
            .map(|b| b.as_ref().map(|b| b.name().to_string()))
            .collect()
    }

    /// The action event of the bot to move, if a bot is to move.
    pub fn decide(&mut self, table: &Table) -> Option<Event> {
        let seat = table.to_move()?;
        let bot = self.bots.get_mut(usize::from(seat))?.as_mut()?;
        let action = bot.choose(table.game()?)?;
        Some(Event::Acted {
            seat,
            action,
            by: Actor::Bot,
        })
    }
}

/// Plays the table on — the table's own events (deals, the deal cap) and
/// the bots' actions — until a person is to move or the table is finished.
/// `each` sees every event with the deal as it was before it (for
/// narration) and the table after it.
pub fn run_bots(
    table: &mut Table,
    bots: &mut SeatBots,
    each: impl FnMut(Option<&AnyGame>, &Event, &Table),
) -> Result<(), TableError> {
    play_on(table, bots, true, each)
}

/// Only the bots' actions, until a person is to move or the deal is over:
/// a front end that shows a finished deal before the next one (`play`)
/// deals it itself, with [`Table::next_event`].
pub fn bots_move(
    table: &mut Table,
    bots: &mut SeatBots,
    each: impl FnMut(Option<&AnyGame>, &Event, &Table),
) -> Result<(), TableError> {
    play_on(table, bots, false, each)
}

fn play_on(
    table: &mut Table,
    bots: &mut SeatBots,
    deal_on: bool,
    mut each: impl FnMut(Option<&AnyGame>, &Event, &Table),
) -> Result<(), TableError> {
    loop {
        let own = if deal_on { table.next_event() } else { None };
        let Some(event) = own.or_else(|| bots.decide(table)) else {
            return Ok(());
        };
        let before = table.game().cloned();
        table.apply(&event)?;
        each(before.as_ref(), &event, table);
    }
}
