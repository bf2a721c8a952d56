//! The order in which legal actions are listed to people and programs:
//! pass, then bids in number order (a moon or a double bid last), naming
//! trumps, cards by suit (`Suit::ALL` order) and by rank from the ace down
//! in the pack's order, not trick strength (a marriage lead `KH+` after
//! its card), discards and gives,
//! melds and wild-ace calls, then the moves that change the deal's course
//! (exchange, draw, close, declare…). The notation alone decides it, so
//! every family and every front end lists moves alike; byte order put
//! `bid 100` before `bid 45` and `close` among the cards.

use talon_cards::Card;

/// Where a card sits: its suit, then its pack rank from the ace down.
fn card_key(card: Card) -> (usize, i32) {
    match (card.suit(), card.rank()) {
        (Some(s), Some(r)) => (s.index(), -(r.index() as i32)),
        _ => (9, 0),
    }
}

/// The sort key of one action in notation.
fn key(action: &str) -> (u8, (usize, i32), String) {
    let lower = action.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let card = |w: &str| {
        w.trim_end_matches('+')
            .to_ascii_uppercase()
            .parse::<Card>()
            .ok()
    };
    let rest = String::new();
    match words.as_slice() {
        ["pass"] => (0, (0, 0), rest),
        ["bid", n] => match n.parse::<i32>() {
            Ok(n) => (1, (0, n), rest),
            Err(_) => (1, (1, 0), rest),
        },
        ["moon"] => (1, (2, 0), rest),
        ["trump", s] => (2, (s.len(), 0), s.to_string()),
        [w] | ["play", w] if card(w).is_some() => {
            (3, card(w).map_or((9, 0), card_key), lower.clone())
        }
        ["discard", w] if card(w).is_some() => (4, card(w).map_or((9, 0), card_key), rest),
        ["give", w] if card(w).is_some() => (5, card(w).map_or((9, 0), card_key), rest),
        [w] if w.len() == 2 && w.starts_with('m') => (6, (0, 0), lower),
        ["ace", _] => (6, (1, 0), lower),
        ["exchange"] => (7, (0, 0), rest),
        ["draw"] => (7, (1, 0), rest),
        _ => (8, (0, 0), lower),
    }
}

/// Sorts actions in notation into the listing order (module doc).
pub fn sort_actions(actions: &mut [String]) {
    actions.sort_by_cached_key(|a| key(a));
}

#[cfg(test)]
mod tests {
    use super::sort_actions;

    fn sorted(v: &[&str]) -> Vec<String> {
        let mut v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        sort_actions(&mut v);
        v
    }

    #[test]
    fn actions_come_in_a_natural_order() {
        assert_eq!(
            sorted(&["bid 100", "bid 45", "bid double", "pass", "bid 50"]),
            ["pass", "bid 45", "bid 50", "bid 100", "bid double"]
        );
        assert_eq!(
            sorted(&["9C", "AC", "MH", "QH", "KH", "close", "TC"]),
            ["AC", "TC", "9C", "KH", "QH", "MH", "close"]
        );
        assert_eq!(
            sorted(&["moon", "bid 3", "pass", "bid 2"]),
            ["pass", "bid 2", "bid 3", "moon"]
        );
        assert_eq!(sorted(&["KH+", "9C", "KH"]), ["9C", "KH", "KH+"]);
        assert_eq!(
            sorted(&["declare", "exchange", "discard 7C", "give 9H", "draw"]),
            ["discard 7C", "give 9H", "exchange", "draw", "declare"]
        );
    }
}
