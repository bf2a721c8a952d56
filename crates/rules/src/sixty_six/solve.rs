//! What the exact solver needs from the Sixty-six family: a position key
//! for the transposition table and a move-ordering hint (the value
//! bounds are in `bounds.rs`).
//!
//! No equivalent-card merging: every rank of the family scores differently
//! (A 11, T 10, K 4, Q 3, J 2, 9 0), so two touching cards are never
//! interchangeable; the default hook (merge nothing) is the exact one.

use super::action::Action;
use super::bounds;
use super::cards::{beaters_in, points, trick_winner};
use super::endgame;
use super::options::{CloseScore, LastTrick, Unclaimed};
use super::position::Position;
use super::state::{Phase, SixtySix};
use crate::game::ActionList;
use crate::search::{fmix, Rewards, SolverGame};
use talon_cards::{Card, Rank, Seat};

/// Game points for seat 0: a deal is worth 1 to 3 to its winner.
pub(super) const VALUE_RANGE: (i32, i32) = (-3, 3);

fn card_code(c: Option<Card>) -> u64 {
    c.map_or(0, |c| u64::from(c.index()) + 1)
}

impl Position {
    /// A king or queen whose partner is still in the leader's hand.
    fn partner_cost(&self, c: Card) -> i32 {
        let partner = match c.rank() {
            Some(Rank::King) => Rank::Queen,
            Some(Rank::Queen) => Rank::King,
            _ => return 0,
        };
        let hand = self.hands[self.leader.index()];
        if hand.contains(Card::new(c.suit_unchecked(), partner)) {
            20
        } else {
            0
        }
    }

    /// Seat 0's game points straight from the result, without building
    /// `returns()` for both seats: the solver and the endgame search ask
    /// at every position they reach.
    pub(super) fn solver_value(&self) -> Option<i32> {
        let r = self.result.as_ref()?;
        let gp = i32::from(r.game_points);
        Some(match r.winner {
            Some(Seat(0)) => gp,
            Some(_) => -gp,
            None => 0,
        })
    }

    /// A hash of everything that affects play from here (see
    /// `SolverGame::key`).
    pub(super) fn key(&self) -> u64 {
        let ([w0, w1], talon) = self.exact_words();
        let mut h = fmix(w0 ^ fmix(w1 ^ 0x243f_6a88_85a3_08d3));
        for word in talon {
            if word != 0 {
                h = fmix(h ^ word);
            }
        }
        h
    }

    /// Everything that affects play from here, exactly: two words of hands,
    /// flags and points (the second below bit 57), and the talon unless it
    /// is exhausted or closed for good (zero words then).
    pub(super) fn exact_words(&self) -> ([u64; 2], [u64; 2]) {
        // The talon in draw order (6 bits a card). Part of the key because
        // PIMC shares one table across sampled worlds with different talons.
        // A closed talon is never drawn from again (nor, usually, the trump
        // card exchanged), so it is left out: more transpositions.
        let frozen = self.closed.is_some() && !self.opts.exchange_after_close;
        let mut talon = [0u64; 2];
        if !frozen {
            for (i, &c) in self.talon_cards().iter().enumerate() {
                talon[i / 10] |= card_code(Some(c)) << (6 * (i % 10));
            }
        }
        let phase = match self.phase {
            Phase::Lead => 0,
            Phase::PreDraw => 1,
            Phase::MeldLead(s) => 2 + s.index() as u64,
            Phase::Follow => 6,
            Phase::Over => 7,
        };
        let closed = match self.closed {
            None => 0,
            Some(c) => 1 + c.by.0 as u64 * 2 + u64::from(c.opponent_had_trick),
        };
        let trump_card = if self.exhausted || frozen {
            0
        } else {
            card_code(Some(self.trump_card))
        };
        // Exact encodings in two words (`key()` hashes them, and the
        // talon words while it can still be drawn). Hands: the family's
        // ranks (9..A) are bits 7..12 of each 16-bit suit lane, six bits a
        // suit once compressed.
        let compress = |h: u64| {
            (h >> 7) & 0x3f | (h >> 17) & 0xfc0 | (h >> 27) & 0x3_f000 | (h >> 37) & 0xfc_0000
        };
        let flags = u64::from(self.exhausted)
            | closed << 1
            | (self.leader.0 as u64) << 4
            | phase << 5
            // Only whether a seat has taken a trick matters to the rules
            // (schneider, exchange, closing penalties), not how many.
            | u64::from(self.tricks[0] > 0) << 8
            | u64::from(self.tricks[1] > 0) << 9
            | u64::from(self.bonus[0] > 0) << 10
            | u64::from(self.bonus[1] > 0) << 11
            // The trump suit: once the trump card is gone from the key,
            // positions of deals with other trumps would share it.
            | (self.trump as u64) << 12;
        let w0 = compress(self.hands[0].0) | compress(self.hands[1].0) << 24 | flags << 48;
        // Points stay below 128: 120 in cards, 100 in marriages (counted
        // or pending).
        debug_assert!(self
            .card_points
            .iter()
            .chain(&self.marriage_points)
            .chain(&self.pending)
            .all(|&p| p < 128));
        let pair = |v: [u16; 2]| u64::from(v[0]) | u64::from(v[1]) << 7;
        // Under `close_score = at_closing` a closer's win is priced by the
        // schneider line at the close, which the rest of the key lacks.
        let close_schneider = self.closed.is_some_and(|c| {
            self.opts.close_score == CloseScore::AtClosing
                && c.opponent_points < u16::from(self.opts.schneider)
        });
        let w1 = trump_card
            | card_code(self.lead_card) << 7
            | pair(self.card_points) << 14
            | pair(self.marriage_points) << 28
            | pair(self.pending) << 42
            | u64::from(close_schneider) << 56;
        ([w0, w1], talon)
    }

    /// Tuned by node counts of whole-deal solves (`solve_stats`): closing
    /// (after exchanging) first cut Schnapsen's median node count about
    /// fourfold, winning a trick with the highest card helped next.
    pub(super) fn order_score(&self, action: Action) -> i32 {
        let me = self.leader;
        let trump_cost = |c: Card| {
            if c.suit_unchecked() == self.trump {
                15
            } else {
                0
            }
        };
        match action {
            Action::Declare if self.points(me) >= 66 => 1000,
            Action::Declare => -1000,
            Action::Meld(s) if s == self.trump => 400,
            Action::Meld(_) => 300,
            Action::Exchange => 950,
            Action::Close => 900,
            Action::Draw => 0,
            Action::Play(c) => match (self.phase, self.lead_card) {
                (Phase::Follow, Some(lead)) => {
                    let p = points(c) as i32;
                    if trick_winner(lead, c, self.trump) == 1 {
                        100 + points(lead) as i32 + p - trump_cost(c)
                    } else {
                        -p - trump_cost(c)
                    }
                }
                // Under strict rules: sure winners (top of their suit) first,
                // side suits before trumps (fewer nodes in both games).
                _ if self.strict() => {
                    if beaters_in(self.hands[0] | self.hands[1], c).is_empty() {
                        50 + points(c) as i32 - trump_cost(c)
                    } else {
                        -(points(c) as i32) - trump_cost(c)
                    }
                }
                // With the talon open: cards nobody can beat in suit, then
                // high cards (keeping marriage partners); refutations are
                // usually forcing lines.
                _ => {
                    let top = beaters_in(self.hands[0] | self.hands[1], c).is_empty();
                    points(c) as i32 - self.partner_cost(c) + if top { 30 } else { 0 }
                }
            },
        }
    }

    /// Rules of thumb: declare at 66, meld, exchange, rarely close, lead
    /// cheap cards keeping marriage partners, take tens and aces (or
    /// anything under strict rules), else throw the cheapest card.
    pub(super) fn playout_score(&self, action: Action) -> i32 {
        let me = self.leader;
        let trump_cost = |c: Card| {
            if c.suit_unchecked() == self.trump {
                15
            } else {
                0
            }
        };
        match action {
            Action::Declare if self.points(me) >= 66 => 1000,
            Action::Declare => -1000,
            Action::Meld(s) if s == self.trump => 400,
            Action::Meld(_) => 300,
            Action::Exchange => 250,
            Action::Close => -50,
            Action::Draw => 0,
            Action::Play(c) => match (self.phase, self.lead_card) {
                (Phase::Follow, Some(lead)) => {
                    let p = points(c) as i32;
                    let worth = points(lead) >= 10 || self.strict();
                    if trick_winner(lead, c, self.trump) == 1 && (worth || trump_cost(c) == 0) {
                        100 + points(lead) as i32 - p - trump_cost(c)
                    } else {
                        -p - trump_cost(c)
                    }
                }
                _ if self.strict() => points(c) as i32 + trump_cost(c),
                _ => -(points(c) as i32) - trump_cost(c) - self.partner_cost(c),
            },
        }
    }
}

impl SolverGame for SixtySix {
    /// A lone deal's game points; in a match (the deal carries the score
    /// sheet), as the sheet's `MatchValue` says (`SixtySixSheet::reward`).
    fn rewards(&self) -> Option<Rewards> {
        let v = crate::game::Game::returns(self)?[0];
        let r = self.value_reward(v);
        Some([r, -r].into_iter().collect())
    }

    fn value_reward(&self, value: i32) -> f64 {
        self.sheet
            .as_ref()
            .map_or(f64::from(value), |sheet| sheet.reward(value))
    }

    fn solver_value(&self) -> Option<i32> {
        self.pos.solver_value()
    }

    fn value_range(&self) -> (i32, i32) {
        VALUE_RANGE
    }

    fn value_bounds(&self) -> (i32, i32) {
        bounds::static_bounds(&self.pos)
    }

    fn exact_value(&self) -> Option<i32> {
        endgame::exact(&self.pos)
    }

    fn exact_at_least(&self, t: i32) -> Option<bool> {
        endgame::at_least(&self.pos, t)
    }

    fn exact_nodes() -> u64 {
        endgame::nodes()
    }

    /// Only a played-out deal scored by points can be drawn, and never
    /// once the talon is closed (then the closer wins or loses).
    fn attainable(&self, value: i32) -> bool {
        let p = &self.pos;
        value != 0
            || (p.opts.last_trick == LastTrick::Bonus10
                && p.opts.unclaimed == Unclaimed::MorePoints
                && p.closed.is_none())
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn order_score(&self, action: Action) -> i32 {
        self.pos.order_score(action)
    }

    /// One slot per card of the 24-card pack (suit and rank), then the
    /// marriages and the other moves: 32 in all. Schnapsen has none:
    /// there the history saved 3% of nodes and no time (most of a
    /// Schnapsen solve is endgame searches), and it changed the expert's
    /// play where node budgets bind.
    fn history_slot(&self, action: Action) -> Option<usize> {
        if self.pos.opts.hand_size == 5 {
            return None;
        }
        Some(match action {
            Action::Play(c) => {
                let rank = c.rank_index().saturating_sub(Rank::Nine.index());
                c.suit_unchecked().index() * 6 + rank
            }
            Action::Meld(s) => 24 + s.index(),
            Action::Exchange => 28,
            Action::Close => 29,
            Action::Draw => 30,
            Action::Declare => 31,
        })
    }

    fn playout_score(&self, action: Action) -> i32 {
        self.pos.playout_score(action)
    }

    /// A fifth fewer nodes in the median whole Schnapsen deal, a tenth in
    /// Sixty-six (docs/strength/solver-rounds.md, sixth round).
    fn guess_by_playout(&self) -> bool {
        true
    }

    /// Schnapsen's playouts undersell the winner: over 6,000 whole deals
    /// (seeds 10,000 on) where the playout's winner won by one game point,
    /// best play won by three in 26%, two in 22% and one in 18%. So its
    /// first questions ask about two and three. Sixty-six's deeper guess
    /// is closer to the mark.
    fn guess_lift(&self) -> i32 {
        i32::from(self.pos.opts.hand_size == 5)
    }

    /// Two tricks ahead in a whole 24-card deal (10 or more cards face
    /// down, that is, the first trick): its solve takes milliseconds and
    /// the deeper guess saves a fifth of it. Anywhere later the guess
    /// costs more than the questions it saves, and in Schnapsen too
    /// (docs/strength/solver-rounds.md, twelfth round).
    fn guess_depth(&self) -> u32 {
        if self.pos.opts.hand_size == 6 && self.pos.talon_remaining() >= 10 {
            4
        } else {
            0
        }
    }

    /// Declaring without 66 hands the deal to the opponent, and a declare
    /// is legal at almost every lead: left in an ISMCTS tree, these nodes
    /// made winning a trick look worse than ducking it (the expert ducked
    /// the first tricks of a deal). Closing stays: it is often right.
    fn prune_hopeless(&self, actions: &mut ActionList<Action>) {
        if actions.len() > 1 && self.pos.points(self.pos.leader) < 66 {
            actions.retain(|a| *a != Action::Declare);
        }
    }
}
