//! Stable integer ids for actions, one layout per family (documented in
//! crates/py/README.md). Ids never depend on the deal or the position, so a
//! policy network's output unit keeps its meaning from state to state.
//!
//! Cards are numbered `suit * 13 + rank` with suits in the order clubs,
//! diamonds, hearts, spades and ranks two to ace (so 2C = 0, AS = 51); the
//! joker is 52.

use talon_cards::{Card, Rank, Suit};
use talon_rules::{na_sixty_six, pedro, sevens, sixty_six, Family};

/// Card slots in every card block of the layout (52 cards and the joker).
pub const CARD_SLOTS: usize = 53;

pub fn card_id(c: Card) -> usize {
    if c.is_joker() {
        52
    } else {
        c.suit_unchecked().index() * 13 + c.rank_index()
    }
}

pub fn card_from_id(id: usize) -> Option<Card> {
    match id {
        52 => Some(Card::JOKER),
        0..=51 => Some(Card::new(
            Suit::from_index(id / 13),
            Rank::from_index(id % 13)?,
        )),
        _ => None,
    }
}

/// How many distinct action ids a family uses (OpenSpiel's
/// `num_distinct_actions`).
pub fn num_distinct_actions(family: Family) -> usize {
    match family {
        Family::SixtySix => SS_DRAW + 1,
        Family::NaSixtySix => NA_BID + 5,
        Family::Sevens => 54,
        Family::Pedro => PD_KEEP + 1,
    }
}

// Sixty-six: 0-51 play a card, 52-55 meld a marriage (by suit), then
// exchange, close, declare, draw.
const SS_MELD: usize = 52;
const SS_EXCHANGE: usize = 56;
const SS_CLOSE: usize = 57;
const SS_DECLARE: usize = 58;
const SS_DRAW: usize = 59;

pub fn encode_sixty_six(a: sixty_six::Action) -> usize {
    use sixty_six::Action::*;
    match a {
        Play(c) => card_id(c),
        Meld(s) => SS_MELD + s.index(),
        Exchange => SS_EXCHANGE,
        Close => SS_CLOSE,
        Declare => SS_DECLARE,
        Draw => SS_DRAW,
    }
}

pub fn decode_sixty_six(id: usize) -> Option<sixty_six::Action> {
    use sixty_six::Action::*;
    Some(match id {
        0..=51 => Play(card_from_id(id)?),
        52..=55 => Meld(Suit::from_index(id - SS_MELD)),
        SS_EXCHANGE => Exchange,
        SS_CLOSE => Close,
        SS_DECLARE => Declare,
        SS_DRAW => Draw,
        _ => return None,
    })
}

// North American Sixty-six: 0-51 play, 52-103 lead a card announcing a
// marriage, 104-155 discard (lay away), 156 pass, 157-161 bid 1-4 and moon.
const NA_MARRIAGE: usize = 52;
const NA_DISCARD: usize = 104;
const NA_PASS: usize = 156;
const NA_BID: usize = 157;

pub fn encode_na(a: na_sixty_six::Action) -> usize {
    use na_sixty_six::Action::*;
    match a {
        Play(c) => card_id(c),
        Marriage(c) => NA_MARRIAGE + card_id(c),
        Discard(c) => NA_DISCARD + card_id(c),
        Pass => NA_PASS,
        Bid(n) => NA_BID + usize::from(n) - 1,
    }
}

pub fn decode_na(id: usize) -> Option<na_sixty_six::Action> {
    use na_sixty_six::Action::*;
    Some(match id {
        0..=51 => Play(card_from_id(id)?),
        52..=103 => Marriage(card_from_id(id - NA_MARRIAGE)?),
        104..=155 => Discard(card_from_id(id - NA_DISCARD)?),
        NA_PASS => Pass,
        157..=161 => Bid((id - NA_BID + 1) as u8),
        _ => return None,
    })
}

// Sixes and Sevens: 0-51 play, 52 ace odd, 53 ace even.
pub fn encode_sevens(a: sevens::Action) -> usize {
    match a {
        sevens::Action::Play(c) => card_id(c),
        sevens::Action::Ace { odd: true } => 52,
        sevens::Action::Ace { odd: false } => 53,
    }
}

pub fn decode_sevens(id: usize) -> Option<sevens::Action> {
    Some(match id {
        0..=51 => sevens::Action::Play(card_from_id(id)?),
        52 => sevens::Action::Ace { odd: true },
        53 => sevens::Action::Ace { odd: false },
        _ => return None,
    })
}

// Pedro family: 0-52 play (the joker is 52), 53-105 discard, 106-158 give
// to partner, 159 pass, 160 dump, 161-164 name trumps, 165 + n bid n
// (n = 0..254), 420 bid double, 421 keep (excess trumps not given,
// where giving them is optional).
const PD_DISCARD: usize = 53;
const PD_GIVE: usize = 106;
const PD_PASS: usize = 159;
const PD_DUMP: usize = 160;
const PD_TRUMP: usize = 161;
const PD_BID: usize = 165;
const PD_KEEP: usize = PD_BID + 256;

pub fn encode_pedro(a: pedro::Action) -> usize {
    use pedro::Action::*;
    match a {
        Play(c) => card_id(c),
        Discard(c) => PD_DISCARD + card_id(c),
        Give(c) => PD_GIVE + card_id(c),
        Pass => PD_PASS,
        Dump => PD_DUMP,
        Trump(s) => PD_TRUMP + s.index(),
        Bid(n) => PD_BID + usize::from(n),
        Keep => PD_KEEP,
    }
}

pub fn decode_pedro(id: usize) -> Option<pedro::Action> {
    use pedro::Action::*;
    Some(match id {
        0..=52 => Play(card_from_id(id)?),
        53..=105 => Discard(card_from_id(id - PD_DISCARD)?),
        106..=158 => Give(card_from_id(id - PD_GIVE)?),
        PD_PASS => Pass,
        PD_DUMP => Dump,
        161..=164 => Trump(Suit::from_index(id - PD_TRUMP)),
        165..=420 => Bid((id - PD_BID) as u8),
        PD_KEEP => Keep,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_ids_round_trip() {
        for id in 0..CARD_SLOTS {
            let c = card_from_id(id).unwrap();
            assert_eq!(card_id(c), id);
        }
        assert_eq!(card_id("2C".parse().unwrap()), 0);
        assert_eq!(card_id("AS".parse().unwrap()), 51);
        assert!(card_from_id(53).is_none());
    }

    #[test]
    fn every_id_decodes_to_an_action_that_encodes_back() {
        for id in 0..num_distinct_actions(Family::SixtySix) {
            // The joker slot is not a Sixty-six action.
            if let Some(a) = decode_sixty_six(id) {
                assert_eq!(encode_sixty_six(a), id);
            }
        }
        for id in 0..num_distinct_actions(Family::NaSixtySix) {
            assert_eq!(encode_na(decode_na(id).unwrap()), id);
        }
        for id in 0..num_distinct_actions(Family::Sevens) {
            assert_eq!(encode_sevens(decode_sevens(id).unwrap()), id);
        }
        for id in 0..num_distinct_actions(Family::Pedro) {
            assert_eq!(encode_pedro(decode_pedro(id).unwrap()), id);
        }
        assert!(decode_pedro(num_distinct_actions(Family::Pedro)).is_none());
        assert_eq!(encode_pedro(pedro::Action::Bid(pedro::DOUBLE)), 420);
    }
}
