//! Points and standings: a point per trick; the game is one deal per player.

use super::options::Winner;
use super::state::Sevens;
use talon_cards::Seat;

/// Seats ordered best first with their totals and places (equal totals
/// share a place).
pub fn standings(totals: &[u32], winner: Winner) -> Vec<(Seat, u32, usize)> {
    let mut order: Vec<(Seat, u32)> = totals
        .iter()
        .enumerate()
        .map(|(i, &t)| (Seat(i as u8), t))
        .collect();
    match winner {
        Winner::Most => order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0))),
        Winner::Fewest => order.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0))),
    }
    let mut out: Vec<(Seat, u32, usize)> = Vec::with_capacity(order.len());
    for (i, &(seat, total)) in order.iter().enumerate() {
        let place = match out.last() {
            Some(&(_, t, p)) if t == total => p,
            _ => i + 1,
        };
        out.push((seat, total, place));
    }
    out
}

/// One line for people: tricks per seat and who leads the standings of this deal.
pub fn describe(g: &Sevens) -> String {
    let tricks: Vec<String> = g
        .tricks()
        .iter()
        .enumerate()
        .map(|(i, t)| format!("seat {i} {t}"))
        .collect();
    let totals: Vec<u32> = g.tricks().iter().map(|&t| u32::from(t)).collect();
    let best = standings(&totals, g.options().winner);
    let top: Vec<String> = best
        .iter()
        .filter(|s| s.2 == 1)
        .map(|s| format!("seat {}", s.0))
        .collect();
    format!(
        "tricks: {}; best this deal: {}",
        tricks.join(", "),
        top.join(" and ")
    )
}
