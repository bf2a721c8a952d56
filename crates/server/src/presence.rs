//! Who is at each seat: a bot, a person online (on one or more devices),
//! a person away within the grace period, a bot standing in for a person
//! who stayed away, or nobody yet.

use std::time::{Duration, Instant};
use talon_protocol::SeatPresence;
use talon_table::{Actor, Event, SeatSpec, Table};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    Bot,
    /// A person's seat nobody has taken yet: the table waits for them.
    Open,
    /// Connected on this many sockets (phone and laptop both count).
    Online(usize),
    /// Gone since then; the seat is kept until the grace period ends.
    Away(Instant),
    /// A bot plays for the absent person until they come back.
    StandIn,
}

pub struct Seats(Vec<Presence>);

impl Seats {
    fn new(specs: &[SeatSpec]) -> Seats {
        Seats(
            specs
                .iter()
                .map(|s| {
                    if s.is_bot() {
                        Presence::Bot
                    } else {
                        Presence::Open
                    }
                })
                .collect(),
        )
    }

    /// The seats of a table as its log leaves them (at creation, or
    /// rebuilt after a restart): a person whose seat has moves in the log
    /// (their own or a stand-in's) had come, so their seat is away from
    /// now, not open. The grace period and a stand-in then apply as if they
    /// had just left, instead of the table waiting. A finished table has
    /// nothing to wait for.
    pub fn for_table(table: &Table) -> Seats {
        let mut seats = Seats::new(&table.config().seats);
        if table.is_finished() {
            return seats;
        }
        for e in table.log() {
            if let Event::Acted {
                seat,
                by: Actor::Person | Actor::StandIn,
                ..
            } = e
            {
                if let Some(p) = seats.0.get_mut(usize::from(*seat)) {
                    if *p == Presence::Open {
                        *p = Presence::Away(Instant::now());
                    }
                }
            }
        }
        seats
    }

    /// Whether some person is connected now.
    pub fn anyone_online(&self) -> bool {
        self.0.iter().any(|p| matches!(p, Presence::Online(_)))
    }

    pub fn get(&self, seat: u8) -> Presence {
        self.0
            .get(usize::from(seat))
            .copied()
            .unwrap_or(Presence::Bot)
    }

    /// The seat's person is here on `connections` tabs and devices (a
    /// stand-in gives the seat up).
    pub fn here(&mut self, seat: u8, connections: usize) {
        if let Some(p) = self.0.get_mut(usize::from(seat)) {
            *p = Presence::Online(connections.max(1));
        }
    }

    /// A connection of the seat's went, leaving `connections` (a stand-in
    /// keeps the seat it holds).
    pub fn left(&mut self, seat: u8, connections: usize) {
        if let Some(p) = self.0.get_mut(usize::from(seat)) {
            if let Presence::Online(_) = *p {
                *p = if connections > 0 {
                    Presence::Online(connections)
                } else {
                    Presence::Away(Instant::now())
                };
            }
        }
    }

    /// When the first grace period runs out, if anyone is away.
    pub fn next_grace_end(&self, grace: Duration) -> Option<Instant> {
        self.0
            .iter()
            .filter_map(|p| match p {
                Presence::Away(since) => Some(*since + grace),
                _ => None,
            })
            .min()
    }

    /// A bot plays for a person's seat until they are back: one that is
    /// open or away (at a friend's word, as if its grace had run out), or
    /// one whose person is here but let their time run out too often.
    pub fn stand_in(&mut self, seat: u8) {
        if let Some(p) = self.0.get_mut(usize::from(seat)) {
            if *p != Presence::Bot {
                *p = Presence::StandIn;
            }
        }
    }

    /// Seats whose grace has run out get a stand-in; returns them.
    pub fn expire_grace(&mut self, now: Instant, grace: Duration) -> Vec<u8> {
        let mut expired = Vec::new();
        for (seat, p) in self.0.iter_mut().enumerate() {
            if let Presence::Away(since) = *p {
                if since + grace <= now {
                    *p = Presence::StandIn;
                    expired.push(seat as u8);
                }
            }
        }
        expired
    }

    /// The seats as everyone sees them; an away seat says how long its
    /// grace has left.
    pub fn presence(&self, grace: Duration) -> Vec<SeatPresence> {
        let now = Instant::now();
        self.0
            .iter()
            .enumerate()
            .map(|(seat, p)| SeatPresence {
                seat: seat as u8,
                stand_in_in_ms: match p {
                    Presence::Away(since) => {
                        Some((*since + grace).saturating_duration_since(now).as_millis() as u64)
                    }
                    _ => None,
                },
                connections: match p {
                    Presence::Online(n) => Some(u32::try_from(*n).unwrap_or(u32::MAX)),
                    _ => None,
                },
                status: match p {
                    Presence::Bot => "bot",
                    Presence::Open => "open",
                    Presence::Online(_) => "online",
                    Presence::Away(_) => "away",
                    Presence::StandIn => "stand_in",
                }
                .to_string(),
            })
            .collect()
    }
}
