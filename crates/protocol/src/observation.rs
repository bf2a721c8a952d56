//! JSON views of observations. Built from an observation only, so nothing
//! the seat may not know can reach the wire.

use serde_json::{json, Value};
use talon_cards::{Card, CardSet};
use talon_rules::na_sixty_six::NaObservation;
use talon_rules::pedro::{DrawSource, Event as PedroEvent, PedroObservation};
use talon_rules::sevens::{majority, AceCall, SevensObservation};
use talon_rules::sixty_six::{Event, Phase, SixtySixObservation};
use talon_rules::AnyObservation;

fn cards(set: CardSet) -> Vec<String> {
    set.iter().map(|c| c.to_string()).collect()
}

fn card(c: Option<Card>) -> Value {
    c.map_or(Value::Null, |c| Value::String(c.to_string()))
}

/// The observation as a JSON object with a `family` tag.
pub fn observation_json(obs: &AnyObservation) -> Value {
    json_of(obs, Chair::Seat)
}

/// A public observation ([`talon_rules::AnyGame::observe_public`]) as a
/// spectator is sent it: `seat` is null, and the fields that are a seat's
/// own (its hand, its face-down cards) are absent rather than empty.
pub fn public_observation_json(obs: &AnyObservation) -> Value {
    json_of(obs, Chair::Table)
}

/// Whose observation is written: a seat's, or the table's public one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Chair {
    Seat,
    Table,
}

fn json_of(obs: &AnyObservation, chair: Chair) -> Value {
    let (mut common, own) = match obs {
        AnyObservation::SixtySix(o) => sixty_six(o),
        AnyObservation::NaSixtySix(o) => na_sixty_six(o),
        AnyObservation::Sevens(o) => sevens(o),
        AnyObservation::Pedro(o) => pedro(o),
    };
    if chair == Chair::Seat {
        if let (Value::Object(map), Value::Object(own)) = (&mut common, own) {
            map.extend(own);
        }
    } else {
        common["seat"] = Value::Null;
    }
    common
}

/// A face-down discard or draw names its cards (`own_cards`) only in the
/// observation of the seat they belong to.
fn with_own(mut event: Value, own: CardSet) -> Value {
    if !own.is_empty() {
        event["own_cards"] = json!(cards(own));
    }
    event
}

fn pedro_event(e: &PedroEvent) -> Value {
    match e {
        PedroEvent::Bid { seat, bid } => json!({"event": "bid", "seat": seat.0, "bid": bid}),
        PedroEvent::Pass { seat } => json!({"event": "pass", "seat": seat.0}),
        PedroEvent::Forced { seat, bid } => json!({"event": "forced", "seat": seat.0, "bid": bid}),
        PedroEvent::ThrowIn => json!({"event": "throw_in"}),
        PedroEvent::Trump { seat, suit } => {
            json!({"event": "trump", "seat": seat.0, "suit": suit.to_string()})
        }
        PedroEvent::Discarded {
            seat,
            count,
            cards: own,
        } => with_own(
            json!({"event": "discarded", "seat": seat.0, "count": count}),
            *own,
        ),
        PedroEvent::ShownDiscard { seat, card } => {
            json!({"event": "shown_discard", "seat": seat.0, "card": card.to_string()})
        }
        PedroEvent::Give { seat, card } => {
            json!({"event": "give", "seat": seat.0, "card": card.to_string()})
        }
        PedroEvent::Keep { seat } => json!({"event": "keep", "seat": seat.0}),
        PedroEvent::Drew {
            seat,
            count,
            cards: own,
            source,
        } => {
            let from = match source {
                DrawSource::Stock => "stock",
                DrawSource::Kitty => "kitty",
                DrawSource::Robbing => "robbing",
            };
            with_own(
                json!({"event": "drew", "seat": seat.0, "count": count, "from": from}),
                *own,
            )
        }
        PedroEvent::Play { seat, card } => {
            json!({"event": "play", "seat": seat.0, "card": card.to_string()})
        }
        PedroEvent::Dump {
            seat,
            cards: dumped,
        } => json!({"event": "dump", "seat": seat.0, "cards": cards(*dumped)}),
        PedroEvent::Out { seat } => json!({"event": "out", "seat": seat.0}),
        PedroEvent::Trick { winner } => json!({"event": "trick", "winner": winner.0}),
    }
}

/// Each family's observation as two objects: the fields every observation
/// has (their content is the observation's, a seat's or the public one),
/// and the fields only a seat has (its hand, its face-down cards), which a
/// spectator's JSON leaves out.
fn pedro(o: &PedroObservation) -> (Value, Value) {
    let common = json!({
        "family": "pedro",
        "seat": o.seat.0,
        "dealer": o.dealer.0,
        "to_move": o.to_move.map(|s| s.0),
        "phase": format!("{:?}", o.phase).to_lowercase(),
        "known": o.known.iter().map(|k| cards(*k)).collect::<Vec<_>>(),
        "hand_sizes": o.hand_sizes,
        "stock_left": o.stock_left,
        "stock_name": o.stock_name(),
        "trump": o.trump.map(|s| s.to_string()),
        "bidder": o.bidder.map(|s| s.0),
        "high_bid": o.high_bid,
        // No name before the first bid.
        "high_bid_name": (o.high_bid > 0).then(|| o.high_bid_name()),
        "forced_bid": o.forced_bid(),
        "trick": seat_cards(&o.trick),
        "out": o.out,
        "points": o.points,
        "sheet": o.sheet,
        "events": o.events.iter().map(pedro_event).collect::<Vec<_>>(),
    });
    let own = json!({
        "hand": cards(o.hand),
        "own_discards": cards(o.own_discards),
        "to_shed": o.to_shed(),
    });
    (common, own)
}

fn seat_cards(cards: &[(talon_cards::Seat, Card)]) -> Vec<Value> {
    cards
        .iter()
        .map(|(s, c)| json!({"seat": s.0, "card": c.to_string()}))
        .collect()
}

fn na_sixty_six(o: &NaObservation) -> (Value, Value) {
    let history: Vec<Value> = o
        .history
        .iter()
        .map(|t| json!({"leader": t.leader.0, "cards": seat_cards(&t.cards), "winner": t.winner.0}))
        .collect();
    let marriages: Vec<Value> = o
        .marriages
        .iter()
        .map(|m| json!({"seat": m.seat.0, "suit": m.suit.to_string(), "points": m.points}))
        .collect();
    let common = json!({
        "family": "na-sixty-six",
        "seat": o.seat.0,
        "players": o.players,
        "dealer": o.dealer.0,
        "to_move": o.to_move.map(|s| s.0),
        "phase": format!("{:?}", o.phase).to_lowercase(),
        "bids": o.bids.iter().map(|(s, b)| json!({"seat": s.0, "bid": b})).collect::<Vec<_>>(),
        "bidder": o.bidder.map(|s| s.0),
        "high_bid": o.high_bid,
        // No name before the first bid.
        "high_bid_name": (o.high_bid > 0).then(|| o.high_bid_name()),
        "sitting_out": o.sitting_out.map(|s| s.0),
        "trump": o.trump.map(|s| s.to_string()),
        "turned": card(o.turned),
        "leader": o.leader.0,
        "trick": seat_cards(&o.trick),
        "tricks": history,
        "marriages": marriages,
        "widow_taker": o.widow_taker.map(|s| s.0),
        "widow": o.widow.map(cards),
        "hand_sizes": o.hand_sizes,
        "tricks_won": o.tricks,
        "trick_points": o.trick_points,
        "sheet": o.sheet.map(|s| json!({
            "scores": &s.scores[..o.options.sides()],
            "carry": s.carry,
        })),
    });
    let own = json!({
        "hand": cards(o.hand),
        "laid_away": cards(o.laid_away),
        "laid_away_order": o.laid_away_order.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
    });
    (common, own)
}

fn sevens(o: &SevensObservation) -> (Value, Value) {
    let call = |c: &Option<AceCall>| match c {
        Some(AceCall::Odd) => json!("odd"),
        Some(AceCall::Even) => json!("even"),
        None => Value::Null,
    };
    let history: Vec<Value> = o
        .history
        .iter()
        .map(|t| {
            json!({
                "leader": t.leader.0,
                "cards": t.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "calls": t.calls.iter().map(call).collect::<Vec<_>>(),
                "odd": t.odd,
                "even": t.even,
                "winner": t.winner.0,
            })
        })
        .collect();
    // The trick so far, counted for the reader: whether high or low wins.
    let so_far = (!o.trick.is_empty()).then(|| {
        let m = majority(&o.trick, &o.calls, o.options.tie);
        json!({"odd": m.odd, "even": m.even, "high_wins": m.high_wins})
    });
    let common = json!({
        "family": "sixes-and-sevens",
        "seat": o.seat.0,
        "players": o.options.players,
        "dealer": o.dealer.0,
        "to_move": o.to_move.map(|s| s.0),
        "phase": format!("{:?}", o.phase).to_lowercase(),
        "leader": o.leader.0,
        "trick": o.trick.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "calls": o.calls.iter().map(call).collect::<Vec<_>>(),
        "so_far": so_far,
        "tricks": history,
        "hand_sizes": o.hand_sizes,
        "tricks_won": o.tricks,
    });
    (common, json!({"hand": cards(o.hand)}))
}

fn sixty_six(o: &SixtySixObservation) -> (Value, Value) {
    let phase = match o.phase {
        Phase::Lead => "lead".to_string(),
        Phase::PreDraw => "pre_draw".to_string(),
        Phase::MeldLead(s) => format!("meld_lead_{s}"),
        Phase::Follow => "follow".to_string(),
        Phase::Over => "over".to_string(),
    };
    let tricks: Vec<Value> = o
        .tricks
        .iter()
        .map(|t| json!({"leader": t.leader.0, "cards": [t.cards[0].to_string(), t.cards[1].to_string()], "winner": t.winner.0}))
        .collect();
    let events: Vec<Value> = o
        .events
        .iter()
        .map(|e| match e {
            Event::Meld { seat, suit, points, trick } => json!({"event": "meld", "seat": seat.0, "suit": suit.to_string(), "points": points, "trick": trick}),
            Event::Exchange { seat, gave, took, trick } => {
                json!({"event": "exchange", "seat": seat.0, "gave": gave.to_string(), "took": took.to_string(), "trick": trick})
            }
            Event::Close { seat, trick } => json!({"event": "close", "seat": seat.0, "trick": trick}),
        })
        .collect();
    let common = json!({
        "family": "sixty-six",
        "seat": o.seat.0,
        "dealer": o.dealer.0,
        "to_move": o.to_move.map(|s| s.0),
        "phase": phase,
        "trump": o.trump.to_string(),
        "trump_card": card(o.trump_card),
        "talon_remaining": o.talon_remaining,
        "closed_by": o.closed.map(|c| c.by.0),
        "leader": o.leader.0,
        "lead_card": card(o.lead_card),
        "tricks": tricks,
        "events": events,
        // Relative to the seat (seat 0's for a spectator); `known` and
        // `hand_sizes` are per seat.
        "opponent_known": cards(o.opponent_known()),
        "opponent_hand_size": o.opponent_hand_size(),
        "known": o.known.iter().map(|k| cards(*k)).collect::<Vec<_>>(),
        "hand_sizes": o.hand_sizes,
        "points": o.points,
        "card_points": o.card_points,
        "pending_marriage_points": o.pending,
        "tricks_won": o.tricks_won,
        // The match score before this deal (null for a lone deal).
        "sheet": o.sheet.map(|s| json!({"scores": s.scores, "target": s.target})),
    });
    let own = json!({
        "hand": cards(o.hand),
        // The cards this seat drew, in order.
        "drawn": o.drawn.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
    });
    (common, own)
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_cards::Seat;
    use talon_rules::{AnyMatch, Preset};

    /// A match deal shows the score sheet; a lone deal shows null.
    #[test]
    fn sixty_six_observations_show_the_sheet() {
        let m = AnyMatch::new(Preset::Schnapsen, &[], 1).expect("a match");
        let deal = m.next_deal(4);
        let obs = deal.observe(Seat(0)).expect("an observation");
        let json = observation_json(&obs);
        assert_eq!(json["sheet"]["scores"], serde_json::json!([0, 0]));
        assert_eq!(json["sheet"]["target"], serde_json::json!(7));
        let lone = talon_rules::AnyGame::new(Preset::Schnapsen, &[], &talon_rules::Setup::Seed(4))
            .expect("a deal");
        let json = observation_json(&lone.observe(Seat(0)).expect("an observation"));
        assert!(json["sheet"].is_null());
    }

    /// A double bid and the moon are named, not shown as the number the
    /// record keeps for them (83's double was "bid 84").
    #[test]
    fn high_bids_are_named() {
        use talon_rules::{AnyGame, Setup};
        let named = |preset: Preset, bid: &str| {
            let mut g = AnyGame::new(preset, &[], &Setup::Seed(7)).expect("a deal");
            let seat = g.to_move().expect("someone bids");
            g.play(bid).expect("a legal bid");
            let json = observation_json(&g.observe(seat).expect("an observation"));
            (json["high_bid"].clone(), json["high_bid_name"].clone())
        };
        assert_eq!(
            named(Preset::EightyThree, "bid double"),
            (84.into(), "double".into())
        );
        assert_eq!(
            named(Preset::EightyThree, "bid 40"),
            (40.into(), "40".into())
        );
        assert_eq!(named(Preset::NaSixtySix, "moon"), (5.into(), "moon".into()));
        assert_eq!(named(Preset::NaSixtySix, "bid 2"), (2.into(), "2".into()));
    }
}
