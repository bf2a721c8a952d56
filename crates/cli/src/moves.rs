//! A person's moves in `talon play`: listed in a natural order, typed the
//! way cards are shown (`K♠`), explained before the consequential ones, and
//! the help text. Nothing here decides a rule: legality stays with `rules`.

use talon_cards::{Card, Suit};
use talon_rules::{AnyObservation, Family, Preset};

/// Where a card sits in a hand as shown (suits in `Suit::ALL` order, high
/// cards first), so moves line up with the hand on screen.
fn card_key(card: Card) -> (usize, i32) {
    match (card.suit(), card.rank()) {
        (Some(s), Some(r)) => (s.index(), -(r.index() as i32)),
        _ => (9, 0),
    }
}

/// The sort key of one move: pass, then bids ascending (a moon or a
/// double bid last), trump naming, cards in hand order (a marriage lead
/// `KH+` by its card), discards and gives, then special actions.
fn move_key(action: &str) -> (u8, (usize, i32), String) {
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
        [w] if card(w).is_some() => (3, card_key(card(w).unwrap()), lower.clone()),
        ["play", w] if card(w).is_some() => (3, card_key(card(w).unwrap()), lower.clone()),
        ["discard", w] if card(w).is_some() => (4, card_key(card(w).unwrap()), rest),
        ["give", w] if card(w).is_some() => (5, card_key(card(w).unwrap()), rest),
        // Melds and wild-ace calls, then the moves that end or change the
        // deal's course.
        [w] if w.len() == 2 && w.starts_with('m') => (6, (0, 0), lower),
        ["ace", _] => (6, (1, 0), lower),
        ["exchange"] => (7, (0, 0), rest),
        ["draw"] => (7, (1, 0), rest),
        _ => (8, (0, 0), lower),
    }
}

/// The legal moves in a natural order (the rules list them sorted by
/// bytes, which puts `bid 100` before `bid 45` and `close` among cards).
pub fn ordered(mut legal: Vec<String>) -> Vec<String> {
    legal.sort_by_cached_key(|a| move_key(a));
    legal
}

/// Typed input made into notation: suit symbols as letters (`K♠` → `KS`,
/// `10♥` → `10H`), surrounding space trimmed. The rules read the rest.
pub fn normalize(input: &str) -> String {
    let mut out = String::new();
    for c in input.trim().chars() {
        match c {
            '♠' | '♤' => out.push('S'),
            '♥' | '♡' => out.push('H'),
            '♦' | '♢' => out.push('D'),
            '♣' | '♧' => out.push('C'),
            c => out.push(c),
        }
    }
    out
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// What a consequential move does, said before it happens; `None` for a
/// move that needs no confirmation (an ordinary card, a pass).
pub fn consequence(obs: &AnyObservation, action: &str) -> Option<String> {
    let lower = action.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.as_slice() {
        ["close"] => Some(
            "close the talon: no more drawing, strict play from now on; \
             you must reach 66 or your opponent scores 2 or 3"
                .into(),
        ),
        ["declare"] => Some(
            "declare 66: the deal ends now; with fewer than 66 points \
             your opponent scores 2 or 3"
                .into(),
        ),
        ["bid", "double"] => Some("bid double: all the points, scored double".into()),
        ["bid", n] => Some(format!(
            "bid {n}: your side contracts to make at least {n}; falling short loses the bid"
        )),
        ["moon"] => Some("shoot the moon: you play alone and must take every trick".into()),
        ["trump", s] => {
            let suit = s
                .chars()
                .next()
                .and_then(|c| Suit::from_char(c.to_ascii_uppercase()));
            Some(format!(
                "name {} as trumps",
                suit.map_or("this suit".to_string(), |s| suit_name(s).to_string())
            ))
        }
        ["dump"] => Some("dump: throw your whole hand into this trick and be out".into()),
        [w] => first_lead_names_trumps(obs, w),
        _ => None,
    }
}

/// In North American Sixty-six without a turned card, the bidder's first
/// lead names trumps: say so before a card is led.
fn first_lead_names_trumps(obs: &AnyObservation, word: &str) -> Option<String> {
    let AnyObservation::NaSixtySix(o) = obs else {
        return None;
    };
    if o.trump.is_some() || !o.trick.is_empty() || !o.history.is_empty() {
        return None;
    }
    let card = normalize(word).trim_end_matches('+').parse::<Card>().ok()?;
    let suit = card.suit()?;
    Some(format!(
        "this first lead names trumps: {} become trumps for the deal",
        suit_name(suit)
    ))
}

/// The help screen: notation, keys and what matters now.
pub fn help(preset: Preset, obs: &AnyObservation, terminal: bool) -> Vec<String> {
    let mut out = vec![format!("{} — help", preset.name()), String::new()];
    out.push("Cards: rank then suit, as shown or in letters: K♠ = KS, T♥ = TH = 10H.".into());
    out.push(match preset.family() {
        Family::SixtySix => {
            "Moves: a card (QS); MH meld hearts (then lead K or Q); exchange; close; declare; draw."
        }
        Family::NaSixtySix => "Moves: pass, bid 1 .. bid 4, moon; a card (KH); KH+ leads a king announcing the marriage.",
        Family::Sevens => "Moves: a card (7H); with a wild ace, ace odd or ace even.",
        Family::Pedro => {
            "Moves: pass, bid 45, bid double; trump H; discard 9C; give 7H; a card (5H); dump."
        }
    }
    .to_string());
    out.push(if terminal {
        "Keys: ←/→ choose a move, Enter plays it; or type it and press Enter. \
         h hint · u undo · l last trick · s score sheet · ? help · Esc clears · q quit."
            .into()
    } else {
        "Commands: a move (notation or its number), hint, undo, last, sheet, help, quit.".into()
    });
    out.push(String::new());
    out.push("Now:".into());
    out.extend(now(obs).into_iter().map(|l| format!("  {l}")));
    out.push(String::new());
    out.push(format!("The whole rules: talon rules {}", preset.name()));
    out
}

/// The rules that matter at this point of the deal.
fn now(obs: &AnyObservation) -> Vec<String> {
    match obs {
        AnyObservation::SixtySix(o) => {
            let strict = o.closed.is_some() || o.trump_card.is_none();
            vec![
                format!("Trumps are {}.", suit_name(o.trump)),
                if strict {
                    "The talon is closed or gone: follow suit and beat the card led if you can; \
                     otherwise trump if you can."
                        .into()
                } else {
                    "While the talon is open you need not follow suit or trump.".into()
                },
                "A marriage counts once you have a trick; declare when you believe you have 66."
                    .into(),
            ]
        }
        AnyObservation::NaSixtySix(o) => {
            let mut v = Vec::new();
            match o.trump {
                None if o.bidder.is_none() => {
                    v.push("Bidding: each bid must beat the last; the high bidder leads.".into())
                }
                None => v.push(
                    "No trumps yet: the bidder's first lead names trumps (the screen asks first)."
                        .into(),
                ),
                Some(t) => v.push(format!("Trumps are {}.", suit_name(t))),
            }
            v.push("Follow suit if you can; otherwise play anything.".into());
            v
        }
        AnyObservation::Sevens(_) => vec![
            "Follow suit if you can. A trick goes to the side with more odd or even cards, \
             as the rules page says."
                .into(),
        ],
        AnyObservation::Pedro(o) => {
            let mut v = Vec::new();
            match (o.bidder, o.trump) {
                (None, _) => v.push("Bidding: bid the points your team will take, or pass.".into()),
                (Some(_), None) => v.push("The bidder names trumps.".into()),
                (Some(_), Some(t)) => v.push(format!("Trumps are {}.", suit_name(t))),
            }
            v.push("When a trump is led you must play a trump if you can.".into());
            v
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn moves_come_in_a_natural_order() {
        assert_eq!(
            ordered(s(&["bid 100", "bid 45", "bid double", "pass", "bid 50"])),
            s(&["pass", "bid 45", "bid 50", "bid 100", "bid double"])
        );
        assert_eq!(
            ordered(s(&["9C", "AC", "MH", "QH", "KH", "close", "TC"])),
            s(&["AC", "TC", "9C", "KH", "QH", "MH", "close"])
        );
        assert_eq!(
            ordered(s(&["moon", "bid 3", "pass", "bid 2"])),
            s(&["pass", "bid 2", "bid 3", "moon"])
        );
        assert_eq!(ordered(s(&["KH+", "9C", "KH"])), s(&["9C", "KH", "KH+"]));
    }

    #[test]
    fn symbols_read_as_letters() {
        assert_eq!(normalize(" K♠ "), "KS");
        assert_eq!(normalize("10♥"), "10H");
        assert_eq!(normalize("discard 9♣"), "discard 9C");
    }
}
