//! Plain-text rendering shared by `watch`, `replay` and `play --plain`.

use talon_cards::{Card, CardSet, Seat, Suit};
use talon_rules::na_sixty_six::{self, NaObservation};
use talon_rules::pedro::{self, Event as PedroEvent, PedroObservation};
use talon_rules::sevens::SevensObservation;
use talon_rules::sixty_six::{Event, Phase, SixtySixObservation};
use talon_rules::{AnyGame, AnyObservation, Family, Preset, TrickView};

/// A card with its suit symbol, e.g. `Q♠`, `10♥` is written `T♥`.
pub fn pretty(card: Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(r), Some(s)) => format!("{}{}", r.char(), s.symbol()),
        _ => "🃏".to_string(),
    }
}

/// An action for people: a card as drawn (`Q♠`), anything else in words
/// with its notation after it, so the log also teaches what to type.
pub fn in_words(action: &str) -> String {
    let card = |t: &str| t.parse::<Card>().ok().map(pretty);
    let suit = |t: &str| {
        t.chars()
            .next()
            .and_then(Suit::from_char)
            .map(|s| s.name().to_string())
    };
    let words: Vec<&str> = action.split_whitespace().collect();
    let said = match words.as_slice() {
        [c] if card(c).is_some() => return card(c).unwrap_or_default(),
        ["play", c] if card(c).is_some() => return card(c).unwrap_or_default(),
        [w] if w.ends_with('+') => {
            card(w.trim_end_matches('+')).map(|c| format!("leads {c}, announcing the marriage"))
        }
        [w] if w.len() == 2 && w.starts_with('M') => {
            suit(&w[1..]).map(|s| format!("shows the marriage in {s}"))
        }
        ["bid", "double"] => Some("bids double".to_string()),
        ["bid", n] => Some(format!("bids {n}")),
        ["trump", t] => suit(t).map(|s| format!("names {s} trumps")),
        ["discard", c] => card(c).map(|c| format!("discards {c}")),
        ["give", c] => card(c).map(|c| format!("gives {c} to partner")),
        ["ace", call] => Some(format!("calls its Ace {call}")),
        ["pass"] => Some("passes".to_string()),
        ["moon"] => Some("shoots the moon".to_string()),
        ["dump"] => Some("dumps the rest of the hand".to_string()),
        ["keep"] => Some("keeps the extra trumps".to_string()),
        ["exchange"] => Some("exchanges the trump card".to_string()),
        ["close"] => Some("closes the talon".to_string()),
        ["declare"] => Some("declares 66".to_string()),
        ["draw"] => Some("draws".to_string()),
        _ => None,
    };
    // The notation where the words do not already show it.
    let teach = matches!(
        words.first(),
        Some(w) if w.ends_with('+') || w.starts_with('M') || ["trump", "ace", "exchange", "close", "declare", "draw"].contains(w)
    );
    match said {
        Some(w) if teach => format!("{w} ({action})"),
        Some(w) => w,
        None => action.to_string(),
    }
}

/// "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Figures kept one per seat (points, match scores), as people read them:
/// partners' sides once each ("side 0 (seats 0 and 2) 254, side 1 (seats
/// 1 and 3) 46": the two partners' entries are the same figure), else
/// "3–1–0".
pub fn figures(values: &[i32], partners: bool) -> String {
    if partners && values.len() == 4 {
        return (0..2)
            .map(|side| {
                format!(
                    "side {side} (seats {side} and {}) {}",
                    side + 2,
                    values[side]
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
    }
    values
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join("–")
}

/// Who won `what` (a finished table), by seat: "seat 1 wins the match",
/// "seats 0 and 2 win the match" (partners), "seats 1 and 3 share first
/// place in the match".
pub fn winners_in_words(winners: &[u8], partners: bool, what: &str) -> String {
    let seats: Vec<String> = winners.iter().map(u8::to_string).collect();
    let text = match seats.as_slice() {
        [] => format!("nobody wins {what}"),
        [one] => format!("seat {one} wins {what}"),
        _ if partners => format!("seats {} win {what}", and_list(&seats)),
        _ if what.is_empty() => format!("seats {} share first place", and_list(&seats)),
        _ => format!("seats {} share first place in {what}", and_list(&seats)),
    };
    text.trim_end().to_string()
}

/// One suit of a hand, highest first (by natural rank): "K♦ 9♦ 5♦".
pub fn suit_group(set: CardSet, suit: Suit) -> String {
    let mut cards: Vec<Card> = set.suit(suit).iter().collect();
    cards.reverse();
    cards
        .iter()
        .map(|&c| pretty(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A hand grouped by suit, highest first within a suit (by natural rank).
pub fn pretty_hand(set: CardSet) -> String {
    let mut groups: Vec<String> = Suit::ALL
        .into_iter()
        .map(|suit| suit_group(set, suit))
        .filter(|g| !g.is_empty())
        .collect();
    if set.contains(Card::JOKER) {
        groups.push(pretty(Card::JOKER));
    }
    groups.join("  ")
}

/// What narration reads of a deal: a seat's observation, for what a
/// person at the table is told (so they are told nothing their seat may
/// not know), or the whole game, for watching bots and replaying a record,
/// where everyone's view is shown.
pub trait Narrated {
    fn tricks_played(&self) -> usize;
    fn last_trick(&self) -> Option<TrickView>;
    /// Points per seat as this view counts them.
    fn points(&self) -> Vec<i32>;
    /// The Pedro family's events, as this view shows them.
    fn pedro_events(&self) -> Option<&[PedroEvent]>;
}

impl Narrated for AnyObservation {
    fn tricks_played(&self) -> usize {
        AnyObservation::tricks_played(self)
    }
    fn last_trick(&self) -> Option<TrickView> {
        AnyObservation::last_trick(self)
    }
    fn points(&self) -> Vec<i32> {
        AnyObservation::points(self)
    }
    fn pedro_events(&self) -> Option<&[PedroEvent]> {
        match self {
            // Filtered where every Pedro record is: `Event::seen_by`.
            AnyObservation::Pedro(o) => Some(&o.events),
            _ => None,
        }
    }
}

impl Narrated for AnyGame {
    fn tricks_played(&self) -> usize {
        AnyGame::tricks_played(self)
    }
    fn last_trick(&self) -> Option<TrickView> {
        AnyGame::last_trick(self)
    }
    fn points(&self) -> Vec<i32> {
        AnyGame::points(self)
    }
    fn pedro_events(&self) -> Option<&[PedroEvent]> {
        match self {
            AnyGame::Pedro { game, .. } => Some(game.events()),
            _ => None,
        }
    }
}

/// The result of a deal that the move from `before` to `after` ended (a
/// finished deal's result is public: every hand is then shown).
pub fn ended(before: &AnyGame, after: &AnyGame) -> Option<String> {
    match (before.summary(), after.summary()) {
        (None, Some(s)) => Some(s.text),
        _ => None,
    }
}

/// Lines describing what `action` by `seat` did, from the views of the
/// deal before and after it (`Narrated`): `action` is `None` when it names
/// a card hidden from the viewer (the table's projection says so), and
/// `result` is the deal's result when the move ended it.
pub fn narrate<N: Narrated>(
    preset: Preset,
    before: &N,
    after: &N,
    seat: Seat,
    action: Option<&str>,
    result: Option<&str>,
) -> Vec<String> {
    let mut lines = vec![match action {
        Some(action) => format!("seat {seat}: {}", in_words(action)),
        // The only moves a seat does not see named: cards laid away.
        None => format!("seat {seat}: lays a card away face down"),
    }];
    lines.extend(unnamed_moves(before, after, action));
    if after.tricks_played() > before.tricks_played() {
        if let Some(t) = after.last_trick() {
            let cards: Vec<String> = t
                .cards
                .iter()
                .map(|(s, c)| format!("seat {s} {}", pretty(*c)))
                .collect();
            // Sixes and Sevens counts tricks, not card points.
            let counted = match preset.family() {
                Family::Sevens => "tricks",
                _ => "points",
            };
            lines.push(format!(
                "  trick {}: {} → seat {} takes it; {counted} {}",
                after.tricks_played(),
                cards.join(", "),
                t.winner,
                figures(&after.points(), preset.partnerships())
            ));
        }
    }
    if let Some(text) = result {
        lines.push(format!("result: {text}"));
    }
    lines
}

/// The Pedro family's moves that followed an action and that no seat's
/// action names (the kitty taken, the hands filled from the stock, and in
/// fill mode every seat's non-trumps thrown away once trumps are named):
/// their count is public, the cards shown where the view shows them.
fn unnamed_moves<N: Narrated>(before: &N, after: &N, action: Option<&str>) -> Vec<String> {
    let (Some(b), Some(a)) = (before.pedro_events(), after.pedro_events()) else {
        return Vec::new();
    };
    let new = a.get(b.len()..).unwrap_or_default();
    new.iter()
        .filter_map(|&e| match e {
            PedroEvent::Drew {
                seat,
                count,
                cards,
                source,
            } => {
                let what = match source {
                    pedro::DrawSource::Kitty => {
                        format!("seat {seat} takes the kitty ({count} cards)")
                    }
                    pedro::DrawSource::Robbing => {
                        format!("seat {seat} robs the rest of the stock ({count} cards)")
                    }
                    pedro::DrawSource::Stock => format!("seat {seat} draws {count}"),
                };
                Some(with_cards(what, cards))
            }
            // A discard action names its own card; naming trumps in fill mode
            // throws away every seat's non-trumps at once.
            PedroEvent::Discarded { seat, count, cards }
                if action.is_some_and(|a| a.starts_with("trump")) =>
            {
                Some(with_cards(
                    format!("seat {seat} throws away {count} non-trumps"),
                    cards,
                ))
            }
            _ => None,
        })
        .collect()
}

/// A line of `unnamed_moves`: the cards follow where the viewer may see them.
fn with_cards(what: String, cards: CardSet) -> String {
    if cards.is_empty() {
        format!("  {what}")
    } else {
        format!("  {what}: {}", pretty_hand(cards))
    }
}

/// What a seat sees, as text (plain play mode).
pub fn table(obs: &AnyObservation) -> String {
    match obs {
        AnyObservation::SixtySix(o) => sixty_six_table(o),
        AnyObservation::NaSixtySix(o) => na_table(o),
        AnyObservation::Sevens(o) => sevens_table(o),
        AnyObservation::Pedro(o) => pedro_table(o),
    }
}

fn pedro_table(o: &PedroObservation) -> String {
    let pile = o.stock_name();
    let mut out = vec![format!(
        "dealer seat {}   {pile} {}",
        o.dealer, o.stock_left
    )];
    match (o.bidder, o.trump) {
        (Some(b), Some(t)) => out.push(format!(
            "seat {b} bid {} and named {}",
            o.high_bid_name(),
            t.symbol()
        )),
        (Some(b), None) => out.push(format!("high bid {} by seat {b}", o.high_bid_name())),
        _ => {}
    }
    let [us, them] = o.points.map(i32::from);
    out.push(format!("points: {}", figures(&[us, them, us, them], true)));
    let mut won = [0u8; 4];
    for e in &o.events {
        if let PedroEvent::Trick { winner } = e {
            won[winner.index()] += 1;
        }
    }
    out.push(tricks_line(&won));
    let out_seats: Vec<String> = (0..4)
        .filter(|&s| o.out[s])
        .map(|s| s.to_string())
        .collect();
    if !out_seats.is_empty() {
        out.push(format!("out of this deal: seat {}", out_seats.join(", ")));
    }
    for (s, k) in o.known.iter().enumerate() {
        if !k.is_empty() && s != o.seat.index() {
            out.push(format!("seat {s} is known to hold {}", pretty_hand(*k)));
        }
    }
    if let Some((cards, winner)) = pedro::last_trick(&o.events) {
        out.push(format!("last trick: {} → seat {winner}", list(&cards)));
    }
    if !o.trick.is_empty() {
        out.push(format!("on the table: {}", list(&o.trick)));
    }
    let drew = o.own_draws();
    if !drew.is_empty() {
        let from = if o.options.replenish == pedro::Replenish::Kitty {
            "you took the kitty"
        } else {
            "you drew"
        };
        out.push(format!("{from}: {}", pretty_hand(drew)));
    }
    // Before the hand: a table too tall for the screen shows its end.
    let extra = o.to_shed();
    if o.to_move == Some(o.seat) && extra > 0 {
        out.push(format!(
            "down to {}: {extra} more card{} to get rid of, one at a time",
            pedro::PLAY_HAND,
            if extra == 1 { "" } else { "s" }
        ));
    }
    // Trumps beside the hand too: a small screen shows the table's end.
    let trumps = o
        .trump
        .map_or(String::new(), |t| format!("   (trumps {})", t.symbol()));
    out.push(format!("your hand: {}{trumps}", pretty_hand(o.hand)));
    out.join("\n")
}

/// Cards with who played them ("seat N" is named by `talon play`).
fn list(cards: &[(Seat, Card)]) -> String {
    cards
        .iter()
        .map(|(s, c)| format!("{} by seat {s}", pretty(*c)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn na_table(o: &NaObservation) -> String {
    let mut out = Vec::new();
    let bids: Vec<String> = o
        .bids
        .iter()
        .map(|(s, b)| match b {
            0 => format!("seat {s} passed"),
            b => format!("seat {s} {}", na_sixty_six::bid_name(*b)),
        })
        .collect();
    out.push(format!(
        "dealer seat {}   bids: {}",
        o.dealer,
        if bids.is_empty() {
            "-".into()
        } else {
            bids.join(", ")
        }
    ));
    if let Some(b) = o.bidder {
        out.push(format!("high bid {} by seat {b}", o.high_bid_name()));
    }
    if let Some(t) = o.trump {
        out.push(format!("trumps {}", t.symbol()));
    }
    if let Some(c) = o.turned {
        out.push(format!("turned card {}", pretty(c)));
    }
    if let Some(s) = o.sitting_out {
        out.push(format!("sitting out (moon): seat {s}"));
    }
    let points = match o.trick_points[..] {
        // Partners: the two sides, named as everywhere else.
        [us, them] if o.players == 4 => {
            let [us, them] = [us, them].map(i32::from);
            figures(&[us, them, us, them], true)
        }
        ref each => each
            .iter()
            .enumerate()
            .map(|(seat, p)| format!("seat {seat} {p}"))
            .collect::<Vec<_>>()
            .join(", "),
    };
    out.push(format!("card points: {points}"));
    let mut won = vec![0u8; o.players as usize];
    for t in &o.history {
        won[t.winner.index()] += 1;
    }
    out.push(tricks_line(&won));
    if let Some(t) = o.history.last() {
        out.push(format!(
            "last trick: {} → seat {}",
            list(&t.cards),
            t.winner
        ));
    }
    if !o.trick.is_empty() {
        out.push(format!("on the table: {}", list(&o.trick)));
    }
    if let Some(w) = o.widow {
        out.push(format!("widow: {}", pretty_hand(w)));
    }
    out.push(format!("your hand: {}", pretty_hand(o.hand)));
    out.join("\n")
}

fn sevens_table(o: &SevensObservation) -> String {
    let n = o.options.players;
    let mut out = vec![format!("dealer seat {}", o.dealer), tricks_line(&o.tricks)];
    if let Some(t) = o.history.last() {
        let cards: Vec<(Seat, Card)> = t
            .cards
            .iter()
            .enumerate()
            .map(|(i, &c)| (t.leader.offset(i as u8, n), c))
            .collect();
        out.push(format!(
            "last trick: {} ({} odd, {} even) → seat {}",
            list(&cards),
            t.odd,
            t.even,
            t.winner
        ));
    }
    if !o.trick.is_empty() {
        let cards: Vec<(Seat, Card)> = o
            .trick
            .iter()
            .enumerate()
            .map(|(i, &c)| (o.leader.offset(i as u8, n), c))
            .collect();
        out.push(format!("on the table: {}", list(&cards)));
    }
    out.push(format!("your hand: {}", pretty_hand(o.hand)));
    out.join("\n")
}

fn sixty_six_table(o: &SixtySixObservation) -> String {
    let me = o.seat.index();
    let opp = 1 - me;
    let mut out = Vec::new();
    let talon = match (o.trump_card, o.closed) {
        (Some(c), None) => format!("talon {} + trump card {}", o.talon_remaining, pretty(c)),
        (Some(c), Some(cl)) => format!(
            "talon closed by seat {} (trump card {} face down)",
            cl.by,
            pretty(c)
        ),
        (None, _) => "talon exhausted".to_string(),
    };
    out.push(format!("trumps {}   {}", o.trump.symbol(), talon));
    out.push(format!(
        "seat {}: {} points, {}{}   seat {opp}: {} points, {}{}",
        o.seat,
        o.points[me],
        tricks(o.tricks_won[me]),
        pending(o.pending[me]),
        o.points[opp],
        tricks(o.tricks_won[opp]),
        pending(o.pending[opp]),
    ));
    for e in o.events.iter().rev().take(1) {
        out.push(match e {
            Event::Meld {
                seat, suit, points, ..
            } => format!(
                "last event: seat {seat} melded {points} in {}",
                suit.symbol()
            ),
            Event::Exchange {
                seat, gave, took, ..
            } => {
                format!(
                    "last event: seat {seat} exchanged {} for {}",
                    pretty(*gave),
                    pretty(*took)
                )
            }
            Event::Close { seat, .. } => format!("last event: seat {seat} closed the talon"),
        });
    }
    if !o.opponent_known().is_empty() {
        out.push(format!(
            "opponent is known to hold: {}",
            pretty_hand(o.opponent_known())
        ));
    }
    if let Some(t) = o.tricks.last() {
        out.push(format!(
            "last trick: {} {} → seat {}",
            pretty(t.cards[0]),
            pretty(t.cards[1]),
            t.winner
        ));
    }
    match o.phase {
        Phase::Follow => out.push(format!(
            "seat {} led {}",
            o.leader,
            pretty(o.lead_card.expect("lead"))
        )),
        Phase::MeldLead(s) => out.push(format!(
            "seat {} melded in {}: lead the king or queen",
            o.leader,
            s.symbol()
        )),
        Phase::PreDraw => {
            out.push("you won the trick: close before drawing, declare, or draw".to_string())
        }
        _ => {}
    }
    out.push(format!("your hand: {}", pretty_hand(o.hand)));
    out.join("\n")
}

/// Tricks won by every seat ("seat N" is named by `talon play`).
fn tricks_line(won: &[u8]) -> String {
    let parts: Vec<String> = won
        .iter()
        .enumerate()
        .map(|(s, n)| format!("seat {s} {n}"))
        .collect();
    format!("tricks won: {}", parts.join(", "))
}

fn pending(p: u16) -> String {
    if p > 0 {
        format!(" (+{p} pending)")
    } else {
        String::new()
    }
}

/// "1 trick", "2 tricks".
fn tricks(n: impl Into<u64>) -> String {
    match n.into() {
        1 => "1 trick".into(),
        n => format!("{n} tricks"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use talon_rules::{Preset, Setup};

    /// Plays each seat's first legal action until the kitty is taken and
    /// narrates that step for everyone, the bidder and another seat.
    #[test]
    fn the_kitty_taken_is_told_and_shown_to_its_taker_only() {
        let mut g = AnyGame::new(Preset::KingPedro, &[], &Setup::Seed(1)).unwrap();
        let mut bid = false;
        loop {
            let seat = g.to_move().expect("the kitty is taken before the end");
            let before = g.clone();
            // One bid, then passes, then the first trump named.
            let legal = g.legal_actions();
            let pick = |p: &str| legal.iter().find(|a| a.starts_with(p));
            let action = match (bid, pick("bid"), pick("pass")) {
                (false, Some(b), _) => b,
                (true, _, Some(p)) => p,
                _ => &legal[0],
            }
            .clone();
            bid |= action.starts_with("bid");
            g.play(&action).unwrap();
            let p = Preset::KingPedro;
            let all = narrate(p, &before, &g, seat, Some(&action), None);
            if all.len() < 2 || !all[1].contains("kitty") {
                continue;
            }
            assert!(all[1].starts_with(&format!("  seat {seat} takes the kitty (4 cards): ")));
            let by = |v| (before.observe(v).unwrap(), g.observe(v).unwrap());
            let (b, a) = by(seat);
            let own = narrate(p, &b, &a, seat, Some(&action), None);
            assert_eq!(own, all, "the taker sees the cards");
            let other = Seat((seat.0 + 1) % 4);
            let (b, a) = by(other);
            let seen = narrate(p, &b, &a, seat, Some(&action), None);
            assert_eq!(seen[1], format!("  seat {seat} takes the kitty (4 cards)"));
            return;
        }
    }
}
