//! A room's bots and hints: what comes next without a person (the next
//! deal, a bot's move, thought off the async runtime and paced), and the
//! hints people ask for.

use super::{send, ConnId, Room, RoomCmd};
use crate::presence::Presence;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Instant;
use talon_bots::AnyBot;
use talon_protocol::ServerFrame;
use talon_table::{Actor, Viewer};
use tokio::time::sleep_until;
use tracing::{debug, error};

/// Clears a seat's bit in `Room::hinting` however its hint task ends.
struct HintDone(Arc<AtomicU8>, u8);

impl Drop for HintDone {
    fn drop(&mut self) {
        self.0.fetch_and(!self.1, Ordering::AcqRel);
    }
}

impl Room {
    /// Which bot plays `seat` for the move at version `at`: the seat's
    /// own, or a stand-in for a person who is not here or whose time ran
    /// out (and who has not moved since); none while its person plays.
    fn bot_for(&self, seat: u8, at: u64) -> Option<Actor> {
        match self.seats.get(seat) {
            Presence::Bot => Some(Actor::Bot),
            Presence::StandIn => Some(Actor::StandIn),
            Presence::Online(_) if self.clock.overdue_at(at) => Some(Actor::StandIn),
            _ => None,
        }
    }

    /// Starts whatever comes next without a person: the next deal (after
    /// a pause), or a bot's move (off the async runtime, paced).
    pub(super) fn schedule(&mut self) {
        if self.thinking.is_some() || self.table.is_finished() {
            return;
        }
        if self.table.next_event().is_some() {
            self.due
                .get_or_insert_with(|| Instant::now() + self.shared.config.deal_pause);
            return;
        }
        let Some(seat) = self.table.to_move() else {
            return;
        };
        let Some(by) = self.bot_for(seat, self.table.version()) else {
            return;
        };
        let stand_in = by == Actor::StandIn;
        let Some(me) = self.me.upgrade() else {
            return;
        };
        let level = stand_in.then_some(self.shared.config.stand_in.as_str());
        let Some(bot) = self.bots.take(&self.table, seat, level) else {
            return;
        };
        let game = self.table.game().expect("a seat is to move").clone();
        let at = self.table.version();
        let paced = Instant::now() + self.shared.config.bot_delay;
        self.thinking = Some(at);
        let thinkers = self.shared.thinkers.clone();
        tokio::spawn(async move {
            let permit = thinkers.acquire_owned().await;
            let thought = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let mut bot = bot;
                let action = bot.choose(&game);
                (bot, action)
            })
            .await;
            let (bot, action) = match thought {
                Ok((bot, action)) => (Some(bot), action),
                Err(_) => (None, None),
            };
            sleep_until(paced.into()).await;
            let _ = me
                .send(RoomCmd::BotMoved {
                    seat,
                    at,
                    bot,
                    action,
                })
                .await;
        });
    }

    pub(super) async fn bot_moved(
        &mut self,
        seat: u8,
        at: u64,
        bot: Option<AnyBot>,
        action: Option<String>,
    ) {
        let started = Instant::now();
        self.thinking = None;
        if let Some(bot) = bot {
            self.bots.put(seat, bot);
        }
        // The person came back while their stand-in thought: theirs to play.
        let Some(by) = self.bot_for(seat, at) else {
            return;
        };
        let Some(action) = action else {
            return;
        };
        // Overtaken while it thought (a person moved, the table was ended):
        // nothing went wrong, the move is just no longer wanted.
        if at != self.table.version() || self.table.is_finished() {
            debug!(table = %self.id, seat, "a bot's move came too late");
            return;
        }
        match self.table.check_action(seat, &action, by, Some(at)) {
            Ok(event) => {
                if let Err(e) = self.commit(event).await {
                    error!(table = %self.id, "{e}");
                } else {
                    self.shared.metrics.record(started.elapsed());
                }
            }
            // The code only: the rules' words may name the bot's card.
            Err(e) => error!(table = %self.id, seat, code = e.code(), "a bot's move was refused"),
        }
    }

    pub(super) fn hint(&self, conn: ConnId) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        let out = c.out.clone();
        let fail = |message: &str| ServerFrame::error("no_hint", message);
        let Viewer::Seat(seat) = c.viewer else {
            send(&out, &fail("spectators get no hints"));
            return;
        };
        if let Err(e) = talon_table::may_hint(&self.table, seat) {
            send(&out, &fail(&e.to_string()));
            return;
        }
        let bit = 1u8 << seat;
        if self.hinting.fetch_or(bit, Ordering::AcqRel) & bit != 0 {
            send(
                &out,
                &fail("a hint for your seat is still being worked out"),
            );
            return;
        }
        let done = HintDone(self.hinting.clone(), bit);
        let game = self.table.game().expect("a seat is to move").clone();
        let v = self.table.version();
        let bot = talon_table::hint_bot(&self.table, &self.shared.config.hint_bot);
        let thinkers = self.shared.thinkers.clone();
        tokio::spawn(async move {
            let permit = thinkers.acquire_owned().await;
            let _ = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let done = done;
                if out.is_closed() {
                    return; // the asker has gone: nobody to tell
                }
                let frame = match bot {
                    Ok(mut bot) => match bot.choose(&game) {
                        Some(action) => ServerFrame::Hint { action, v },
                        None => fail("the deal is over"),
                    },
                    Err(e) => fail(&e.to_string()),
                };
                // The seat may ask again before it sees this hint: an
                // asker who answers it at once must not be told that it
                // is still being worked out.
                drop(done);
                send(&out, &frame);
            })
            .await;
        });
    }
}
