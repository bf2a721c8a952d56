//! What a viewer of a table may see: the one place where a table's events
//! and state become something sent. A seat's view is built from that
//! seat's observation; a spectator's from the public observation; an
//! action naming a card is shown only to viewers from whom that card is
//! not hidden once the action is made.

use crate::config::SeatSpec;
use crate::consequence::consequence;
use crate::event::{Actor, EndReason, Event};
use crate::table::{FinishedDeal, Table};
use serde_json::{json, Map, Value};
use talon_cards::{Card, CardSet, Seat};
use talon_protocol::{observation_json, public_observation_json};
use talon_rules::AnyGame;

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(u8),
    Spectator,
}

/// At most this many missed events are replayed to a returning viewer;
/// further behind, it gets a fresh snapshot instead.
pub const MAX_CATCH_UP: u64 = 256;

/// One versioned event as a viewer sees it, with the viewer's state after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Projected {
    pub v: u64,
    pub event: Value,
    pub state: Value,
}

impl Table {
    /// The cards `viewer` must not know now.
    pub fn hidden_for(&self, viewer: Viewer) -> CardSet {
        match (self.game(), viewer) {
            (None, _) => CardSet::EMPTY,
            (Some(g), Viewer::Seat(s)) => g.hidden_from(Seat(s)),
            (Some(g), Viewer::Spectator) => g.hidden_from_anyone(),
        }
    }

    /// Everything `viewer` may know of the table now (a snapshot).
    pub fn state(&self, viewer: Viewer) -> Value {
        let you = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let (status, winner, unfinished) = self.status().parts();
        let to_move = self.to_move();
        let legal = match (self.game(), you) {
            (Some(g), Some(s)) if to_move == Some(s) => g.legal_actions(),
            _ => Vec::new(),
        };
        // The seat's observation, read once: its JSON, and what each of its
        // consequential moves does, to say before it.
        let seen = self.game().and_then(|g| match viewer {
            Viewer::Seat(s) => g.observe(Seat(s)).ok(),
            Viewer::Spectator => None,
        });
        let confirm: Map<String, Value> = seen.as_ref().map_or_else(Map::new, |obs| {
            legal
                .iter()
                .filter_map(|a| Some((a.clone(), Value::from(consequence(obs, a)?))))
                .collect()
        });
        let observation = match (self.game(), &seen, viewer) {
            (Some(_), Some(obs), _) => observation_json(obs),
            (Some(g), None, Viewer::Spectator) => public_observation_json(&g.observe_public()),
            _ => Value::Null,
        };
        let last_trick = self.game().and_then(AnyGame::last_trick).map(|t| {
            json!({
                "cards": t.cards.iter().map(|(s, c)| json!({"seat": s.0, "card": c.to_string()})).collect::<Vec<_>>(),
                "winner": t.winner.0,
            })
        });
        let in_play = self.game().is_some_and(|g| g.summary().is_none());
        let (observation, last_trick) = if self.config().memory && in_play {
            from_memory(observation, last_trick)
        } else {
            (observation, last_trick)
        };
        json!({
            "preset": self.preset().name(),
            "title": self.preset().title(),
            "memory": self.config().memory,
            // Seats 0 and 2 against 1 and 3 (the page need not know which games).
            "partners": self.preset().partnerships(),
            "options": self.config().options,
            "match": self.config().whole_match,
            "hints": self.config().hints_allowed(),
            // Whether you may take back your last move now, and how many
            // times moves were taken back here.
            "undo": you.is_some_and(|s| self.may_undo(s)),
            "undos": self.undos(),
            "seats": self.seats_json(),
            "you": you,
            "status": status,
            "winner": winner,
            "winners": self.winners(),
            "unfinished": unfinished,
            "deal_no": self.deal_no(),
            "to_move": to_move,
            "legal": legal,
            "confirm": confirm,
            // What a bot played for you since your own last move this
            // deal, to tell a person who comes back.
            "stood_in": you.map(|s| self.stood_in(s)).unwrap_or_default(),
            "observation": observation,
            "last_trick": last_trick,
            "scores": self.sheet().map(|m| m.scores()),
            "deals": self.finished_deals().iter().map(deal_line).collect::<Vec<_>>(),
            "last_deal": self.finished_deals().last().map(reveal),
        })
    }

    /// The moves a bot made for `seat`'s person in the deal in play since
    /// that person's own last move (a stand-in while they were away, or
    /// past their turn's time), oldest first; none once the deal is over.
    pub fn stood_in(&self, seat: u8) -> Vec<String> {
        if self.game().is_none_or(|g| g.summary().is_some()) {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for e in self.live_events().rev() {
            match e {
                Event::Dealt { .. } => break,
                Event::Acted {
                    seat: s,
                    action,
                    by,
                } if *s == seat => match by {
                    Actor::StandIn => moves.push(action.clone()),
                    _ => break,
                },
                _ => {}
            }
        }
        moves.reverse();
        moves
    }

    fn seats_json(&self) -> Vec<Value> {
        self.config()
            .seats
            .iter()
            .enumerate()
            .map(|(i, spec)| {
                let mut seat = json!({
                    "seat": i,
                    "name": spec.display_name(i as u8),
                    "kind": match spec {
                        SeatSpec::Bot { .. } => "bot",
                        _ => "person",
                    },
                });
                if let SeatSpec::Bot { level } = spec {
                    seat["level"] = json!(level);
                }
                seat
            })
            .collect()
    }

    /// `event` (just applied: the last in the log) as `viewer` sees it.
    pub fn project(&self, event: &Event, viewer: Viewer) -> Value {
        match event {
            Event::Created { config } => json!({
                "kind": "created",
                "preset": config.preset,
                "match": config.whole_match,
            }),
            Event::Dealt { deal_no, .. } => json!({"kind": "dealt", "deal_no": deal_no}),
            Event::Acted { seat, action, by } => {
                let hidden = self.hidden_for(viewer);
                let shown = (cards_named(action) & hidden).is_empty();
                json!({
                    "kind": "acted",
                    "seat": seat,
                    "action": shown.then_some(action),
                    "by": match by {
                        Actor::Person => "person",
                        Actor::Bot => "bot",
                        Actor::StandIn => "stand_in",
                    },
                    "deal_over": self.game().is_some_and(|g| g.to_move().is_none()),
                })
            }
            Event::Undone { seat } => json!({"kind": "undone", "seat": seat}),
            Event::Ended { reason } => json!({
                "kind": "ended",
                "reason": match reason {
                    EndReason::DealCap => "deal_cap",
                    EndReason::Closed => "closed",
                },
            }),
        }
    }

    /// The last event as `viewer` sees it, with its state.
    pub fn project_last(&self, viewer: Viewer) -> Projected {
        let event = self.log().last().expect("a table has a creation event");
        Projected {
            v: self.version(),
            event: self.project(event, viewer),
            state: self.state(viewer),
        }
    }

    /// Whether a viewer at version `since` can be sent the events it
    /// missed (else it needs a snapshot): known, not ahead, and at most
    /// `MAX_CATCH_UP` behind.
    pub fn can_catch_up(&self, since: u64) -> bool {
        let now = self.version();
        since != 0 && since <= now && now - since <= MAX_CATCH_UP
    }

    /// The events after version `since`, each as `viewer` saw it then;
    /// `None` when a snapshot is due instead (too far behind, or ahead).
    pub fn catch_up(&self, since: u64, viewer: Viewer) -> Option<Vec<Projected>> {
        if !self.can_catch_up(since) {
            return None;
        }
        if since == self.version() {
            return Some(Vec::new());
        }
        let mut earlier = Table::replay(&self.log()[..since as usize]).ok()?;
        let mut out = Vec::new();
        for event in &self.log()[since as usize..] {
            earlier.apply(event).ok()?;
            out.push(earlier.project_last(viewer));
        }
        Some(out)
    }
}

/// The cards an action's notation names (`QH`, `KH+`, `discard 5C`).
pub fn cards_named(action: &str) -> CardSet {
    action
        .split(|c: char| c.is_whitespace() || c == '+' || c == ',')
        .filter_map(|token| token.parse::<Card>().ok())
        .fold(CardSet::EMPTY, |set, card| set | CardSet::single(card))
}

/// Memory play: a deal in play shows no past tricks, no points and no
/// cards known from earlier in the deal; the trick just taken stays in
/// view until the next card is led, as it lies on a real table. A deal
/// that is over shows everything.
fn from_memory(mut observation: Value, last_trick: Option<Value>) -> (Value, Option<Value>) {
    let on_table = |o: &Value| {
        o.get("trick")
            .and_then(Value::as_array)
            .is_some_and(|t| !t.is_empty())
            || o.get("lead_card").is_some_and(|c| !c.is_null())
    };
    let last_trick = last_trick.filter(|_| !on_table(&observation));
    if let Value::Object(map) = &mut observation {
        for key in MEMORY_KEYS {
            map.remove(*key);
        }
    }
    (observation, last_trick)
}

/// What a player must remember in memory play: the tricks before, the
/// melds and draws on the record, the points, cards known in hands, the
/// cards it drew.
const MEMORY_KEYS: &[&str] = &[
    "tricks",
    "events",
    "points",
    "card_points",
    "pending_marriage_points",
    "trick_points",
    "marriages",
    "opponent_known",
    "known",
    "drawn",
];

fn deal_line(d: &FinishedDeal) -> Value {
    json!({
        "deal_no": d.deal_no,
        "points": d.summary.points,
        "score": d.summary.score,
        "text": d.summary.text,
        "match_scores": d.match_scores,
    })
}

/// A finished deal shown whole: the deal and every seat's cards as dealt.
fn reveal(d: &FinishedDeal) -> Value {
    let mut hands = Map::new();
    for (seat, hand) in d.hands.iter().enumerate() {
        hands.insert(
            seat.to_string(),
            json!(hand.iter().map(|c| c.to_string()).collect::<Vec<_>>()),
        );
    }
    let mut line = deal_line(d);
    line["deal"] = json!(d.deal);
    line["hands"] = Value::Object(hands);
    line["undealt"] = d
        .undealt
        .iter()
        .map(|(name, cards)| json!({"name": name, "cards": cards.iter().map(|c| c.to_string()).collect::<Vec<_>>()}))
        .collect();
    line
}
