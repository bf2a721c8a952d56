//! Trump suit, trump order and card values once trumps are named.
//!
//! The trump suit is the named suit, the left pedro (the five of the other
//! suit of the same colour) and, in joker presets, the joker. The left
//! pedro's own suit has no five while that suit is not trumps, so "effective
//! suit" questions always go through [`TrumpInfo::is_trump`] first.

use super::options::{JokerRank, PedroOptions};
use talon_cards::{Card, CardSet, Rank, Suit};

/// Everything about the named trump suit that play and scoring ask often,
/// worked out once when trumps are named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrumpInfo {
    pub suit: Suit,
    pub left_pedro: Card,
    /// All trumps in the pack.
    pub trumps: CardSet,
    /// Trumps worth at least one point.
    pub scoring: CardSet,
    pub two: Card,
    joker_high: bool,
    values: [u8; 16],
    joker_value: u8,
}

impl TrumpInfo {
    pub fn new(suit: Suit, opts: &PedroOptions) -> TrumpInfo {
        let left_pedro = Card::new(suit.same_colour_partner(), Rank::Five);
        let mut trumps = CardSet::suit_mask(suit).with(left_pedro);
        if opts.joker {
            trumps.insert(Card::JOKER);
        }
        let v = &opts.values;
        let mut values = [0u8; 16];
        values[Rank::Ace.index()] = v.ace;
        values[Rank::King.index()] = v.king;
        values[Rank::Queen.index()] = v.queen;
        values[Rank::Jack.index()] = v.jack;
        values[Rank::Ten.index()] = v.ten;
        values[Rank::Nine.index()] = v.nine;
        values[Rank::Five.index()] = v.five;
        values[Rank::Three.index()] = v.three;
        values[Rank::Two.index()] = v.two;
        let mut info = TrumpInfo {
            suit,
            left_pedro,
            trumps,
            scoring: CardSet::EMPTY,
            two: Card::new(suit, Rank::Two),
            joker_high: opts.joker_rank == JokerRank::Highest,
            values,
            joker_value: v.joker,
        };
        info.scoring = trumps.iter().filter(|&c| info.value(c) > 0).collect();
        info
    }

    pub fn is_trump(&self, card: Card) -> bool {
        self.trumps.contains(card)
    }

    /// Points of a card (non-trumps are worth nothing).
    pub fn value(&self, card: Card) -> u8 {
        if !self.trumps.contains(card) {
            0
        } else if card.is_joker() {
            self.joker_value
        } else {
            // The left pedro is a five, so it takes the five's value.
            self.values[card.rank_index()]
        }
    }

    /// Order among trumps: higher wins. Natural ranks step by two so the
    /// left pedro fits just under the trump five.
    pub fn strength(&self, card: Card) -> u8 {
        if card.is_joker() {
            if self.joker_high {
                100
            } else {
                0
            }
        } else if card == self.left_pedro {
            Rank::Five.index() as u8 * 2 + 1
        } else {
            card.rank_index() as u8 * 2 + 2
        }
    }

    /// The non-trump cards of `suit` in `set` (no left pedro, no joker).
    pub fn plain(&self, set: CardSet, suit: Suit) -> CardSet {
        set.suit(suit) - self.trumps
    }
}

/// The winner's index among `cards` (played in order, the first led):
/// the highest trump, else the leader or the highest card of the suit led.
pub fn trick_winner(info: &TrumpInfo, cards: &[Card], leader_wins_plain: bool) -> usize {
    let mut best: Option<(usize, u8)> = None;
    for (i, &c) in cards.iter().enumerate() {
        if info.is_trump(c) {
            let s = info.strength(c);
            match best {
                Some((_, b)) if b >= s => {}
                _ => best = Some((i, s)),
            }
        }
    }
    if let Some((i, _)) = best {
        return i;
    }
    if leader_wins_plain {
        return 0;
    }
    let led = cards[0].suit_unchecked();
    let mut win = 0;
    for (i, &c) in cards.iter().enumerate().skip(1) {
        if !c.is_joker() && c.suit_unchecked() == led && c.rank_index() > cards[win].rank_index() {
            win = i;
        }
    }
    win
}
