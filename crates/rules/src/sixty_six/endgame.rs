//! The solver's answers in strict endgames (talon closed or exhausted):
//! "at least `t`?" for any of them (`SolverGame::exact_at_least`) and,
//! with few cards left, the exact value (`SolverGame::exact_value`), both
//! asked where the static bounds leave the solver's target open. There
//! the generic search spent most of its positions (each "does seat 0
//! win?" proof ends in many endgames), while an alpha-beta over the real
//! rules with its own small table costs far less a position.
//!
//! The search plays the rules' own moves on a [`Position`] (no record to
//! copy), so it has no rules of its own to get wrong. Its table is per
//! thread, keyed by the position's exact words (no hash, so two positions
//! never share an entry) and emptied whenever the options change (the
//! words leave them out). It stores bounds, so null-window and exact
//! searches share it.

use super::bounds::static_bounds;
use super::options::SixtySixOptions;
use super::position::Position;
use super::solve::VALUE_RANGE;
use super::state::Phase;
use crate::game::ActionList;
use std::cell::RefCell;
use talon_cards::Seat;

/// Exact values (a solver's root, a rollout's end) are given for
/// endgames with at most this many cards in either hand: the expert's
/// rollouts end there, and were measured weaker with longer exact ends.
const MAX_CARDS: usize = 4;

/// The solver's questions "at least `t`?" are answered for every strict
/// endgame (6 cards is a full hand): a null-window search here costs far
/// less than the generic solver's own search of those positions.
const MAX_CARDS_AT_LEAST: usize = 6;

/// Table slots (a power of two), direct-mapped by a position's words.
const SLOTS: usize = 1 << 15;

/// A position's exact words with bounds on its value packed above the
/// second word's bits (`Position::exact_words`); a zero first word marks
/// an empty slot (a strict position's first word always has its exhausted
/// or closed flag set).
#[derive(Clone, Copy)]
struct Entry {
    words: [u64; 2],
}

const EMPTY: Entry = Entry { words: [0, 0] };

/// Where the bounds sit in an entry's second word: the position's own
/// bits end below 57, and a bound fits three bits once offset.
const BOUNDS_SHIFT: u32 = 57;
const POSITION_BITS: u64 = (1 << BOUNDS_SHIFT) - 1;
const BOUND_OFFSET: i32 = 3;
const _: () = assert!(VALUE_RANGE.0 >= -BOUND_OFFSET && VALUE_RANGE.1 + BOUND_OFFSET < 8);

struct Table {
    opts: Option<SixtySixOptions>,
    entries: Vec<Entry>,
}

thread_local! {
    static NODES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    static TABLE: RefCell<Table> = RefCell::new(Table::new());
}

impl Table {
    fn new() -> Table {
        Table {
            opts: None,
            entries: vec![EMPTY; SLOTS],
        }
    }

    fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// One multiply spreads both words over the slots (the entry itself
    /// holds the words, so a weak spread costs only misses, never a wrong
    /// answer).
    fn slot([w0, w1]: [u64; 2]) -> usize {
        let mixed = (w0 ^ w1.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (mixed >> (64 - SLOTS.trailing_zeros())) as usize
    }

    fn probe(&self, words: [u64; 2]) -> Option<(i32, i32)> {
        let [e0, e1] = self.entries[Table::slot(words)].words;
        (e0 == words[0] && e1 & POSITION_BITS == words[1]).then(|| {
            let bound = |shift: u32| ((e1 >> shift) & 7) as i32 - BOUND_OFFSET;
            (bound(BOUNDS_SHIFT), bound(BOUNDS_SHIFT + 3))
        })
    }

    fn store(&mut self, words: [u64; 2], lo: i32, hi: i32) {
        let (l, h) = VALUE_RANGE;
        debug_assert!(l <= lo && lo <= hi && hi <= h, "bounds {lo}..{hi}");
        let packed = (lo + BOUND_OFFSET) as u64 | ((hi + BOUND_OFFSET) as u64) << 3;
        self.entries[Table::slot(words)] = Entry {
            words: [words[0], words[1] | packed << BOUNDS_SHIFT],
        };
    }
}

/// The exact value for seat 0 when `g` is a small strict endgame.
pub(super) fn exact(g: &Position) -> Option<i32> {
    let (lo, hi) = VALUE_RANGE;
    endgame(g, MAX_CARDS).then(|| within(g, lo - 1, hi + 1))
}

/// Whether seat 0 gets at least `t` when `g` is a strict endgame.
pub(super) fn at_least(g: &Position, t: i32) -> Option<bool> {
    endgame(g, MAX_CARDS_AT_LEAST).then(|| within(g, t - 1, t) >= t)
}

/// `g` is a strict endgame with at most `max_cards` in either hand.
fn endgame(g: &Position, max_cards: usize) -> bool {
    // An exchange after closing moves the trump card: not a pure card
    // endgame then (and rare), so the generic search keeps those.
    g.strict()
        && g.phase != Phase::Over
        && (!g.opts.exchange_after_close || g.exhausted)
        && g.hands[0].len().max(g.hands[1].len()) <= max_cards
}

/// The search's answer in the window `(alpha, beta)`, this thread's table
/// emptied first if it holds another rule set's positions.
fn within(g: &Position, alpha: i32, beta: i32) -> i32 {
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.opts != Some(g.opts) {
            t.opts = Some(g.opts);
            t.clear();
        }
        search(&mut t, g, alpha, beta)
    })
}

/// Fail-soft alpha-beta: the exact value when it lies strictly inside
/// `(alpha, beta)`, else a bound on the side it fell (an upper bound when
/// `≤ alpha`, a lower bound when `≥ beta`). Static and stored bounds cut
/// early and clamp the result, which keeps every returned bound true.
fn search(t: &mut Table, g: &Position, mut alpha: i32, mut beta: i32) -> i32 {
    NODES.with(|n| n.set(n.get() + 1));
    if let Some(v) = g.solver_value() {
        return v;
    }
    // Answers to a card led are few and their children are bounded
    // anyway: the table and bounds only where a trick starts, the table
    // first (a stored entry already includes the static bounds).
    // A talon still to draw (never in these endgames) would leave the
    // words inexact, and bits above the position's would clash with the
    // bounds (never: points stay below 128): such a position is searched
    // without the table.
    let lead = g.phase != Phase::Follow;
    let stored = lead
        .then(|| g.exact_words())
        .filter(|(words, talon)| *talon == [0, 0] && words[1] <= POSITION_BITS)
        .map(|(words, _)| words);
    let (mut lo, mut hi) = VALUE_RANGE;
    if lead {
        if let Some((l, h)) = stored.and_then(|words| t.probe(words)) {
            if l == h || l >= beta {
                return l;
            }
            if h <= alpha {
                return h;
            }
            (lo, hi) = (l, h);
        }
        let (l, h) = static_bounds(g);
        lo = lo.max(l);
        hi = hi.min(h);
    }
    if lo == hi || lo >= beta {
        return lo;
    }
    if hi <= alpha {
        return hi;
    }
    alpha = alpha.max(lo);
    beta = beta.min(hi);
    let (alpha0, beta0) = (alpha, beta);
    let maximise = g.mover() == Some(Seat(0));
    let mut moves = ActionList::new();
    g.legal_actions(&mut moves);
    // Best-looking moves first (the solver's own order): earlier cutoffs.
    let mut order: ActionList<(i32, usize)> = ActionList::new();
    for (i, &a) in moves.iter().enumerate() {
        order.push((
            if moves.len() > 1 {
                -g.order_score(a)
            } else {
                0
            },
            i,
        ));
    }
    order.sort_unstable();
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for &(_, i) in order.iter() {
        let mut child = *g;
        child.apply(moves[i]);
        let v = search(t, &child, alpha, beta);
        if maximise {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    let best = best.clamp(lo, hi);
    if best <= alpha0 {
        hi = best;
    } else if best >= beta0 {
        lo = best;
    } else {
        (lo, hi) = (best, best);
    }
    if let Some(words) = stored {
        t.store(words, lo, hi);
    }
    best
}

/// Empties this thread's endgame table (for cold-table measurements; its
/// entries never go stale, as the words and options fix each value).
pub fn clear_table() {
    TABLE.with(|t| t.borrow_mut().clear());
}

/// Positions this thread's endgame searches have visited (the solver
/// counts them towards its budgets, 16 to one of its nodes).
pub fn nodes() -> u64 {
    NODES.with(|n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sixty_six::options::CloseScore;
    use crate::sixty_six::{Deal, SixtySix, SixtySixOptions};
    use talon_cards::{Card, Rank, Suit};

    /// Every pair of bounds comes back as stored, beside position bits
    /// that fill the second word, and only for the very same words.
    #[test]
    fn the_table_returns_bounds_for_the_same_words_only() {
        let mut t = Table::new();
        let words = [0x00ff_00ff_1234_5678, POSITION_BITS];
        // Words one bit away that share the slot: the rotation cancels the
        // pair's difference, and a search finds single-word twins.
        let slot = Table::slot(words);
        let twin = |flip: &dyn Fn(u64) -> [u64; 2]| {
            (1..1 << 20)
                .map(flip)
                .find(|w| Table::slot(*w) == slot)
                .expect("a twin")
        };
        let others = [
            [words[0] ^ 1 << 29, words[1] ^ 1],
            twin(&|i| [words[0], words[1] ^ i]),
            twin(&|i| [words[0] ^ i, words[1]]),
        ];
        for lo in VALUE_RANGE.0..=VALUE_RANGE.1 {
            for hi in lo..=VALUE_RANGE.1 {
                t.store(words, lo, hi);
                assert_eq!(t.probe(words), Some((lo, hi)));
                for other in others {
                    assert_eq!(Table::slot(other), slot);
                    assert_eq!(t.probe(other), None, "{other:x?}");
                }
            }
        }
        t.clear();
        assert_eq!(t.probe(words), None);
    }

    /// A closed Schnapsen deal: at every trick start its words leave the
    /// bounds' bits free and it has no talon words, so the search stores it.
    #[test]
    fn endgame_positions_fit_below_the_bounds() {
        let deal: Deal = "1/AH TH KS QS JD/AS TS AC TC AD/KH QH JS KC QC JC TD KD QD/JH"
            .parse()
            .expect("deal");
        let mut g = SixtySix::new(&deal, SixtySixOptions::SCHNAPSEN).expect("legal deal");
        g.apply("close".parse().expect("action"));
        let mut leads = 0;
        while g.pos.phase != Phase::Over {
            let (words, talon) = g.pos.exact_words();
            if g.pos.phase != Phase::Follow {
                assert!(endgame(&g.pos, MAX_CARDS_AT_LEAST));
                assert!(words[0] != 0 && words[1] <= POSITION_BITS);
                assert_eq!(talon, [0, 0]);
                leads += 1;
            }
            let mut moves = ActionList::new();
            g.pos.legal_actions(&mut moves);
            g.apply(moves[0]);
        }
        assert!(leads >= 4, "trick starts seen: {leads}");
    }

    /// Every field of the second word at its largest (all the points a
    /// seat can hold, the highest card led and turned up, the schneider
    /// flag) stays in its own bits, below the bounds.
    #[test]
    fn the_second_word_holds_every_field_at_its_largest() {
        let deal: Deal = "1/AH TH KS QS JD/AS TS AC TC AD/KH QH JS KC QC JC TD KD QD/JH"
            .parse()
            .expect("deal");
        let mut opts = SixtySixOptions::SCHNAPSEN;
        opts.close_score = CloseScore::AtClosing;
        let mut g = SixtySix::new(&deal, opts).expect("legal deal").pos;
        g.apply("close".parse().expect("action"));
        // The family's highest card index: the ace of the last suit.
        let top = Card::new(Suit::Spades, Rank::Ace);
        g.lead_card = Some(top);
        g.trump_card = top;
        g.exhausted = false;
        g.card_points = [120, 119];
        g.marriage_points = [100, 99];
        g.pending = [98, 97];
        let ([_, w1], _) = g.exact_words();
        assert!(w1 <= POSITION_BITS, "{w1:x}");
        let field = |shift: u32| (w1 >> shift) & 0x7f;
        let fields = [0, 7, 14, 21, 28, 35, 42, 49].map(field);
        // The trump card is left out of a closed talon's words.
        let led = u64::from(top.index()) + 1;
        assert_eq!(fields, [0, led, 120, 119, 100, 99, 98, 97]);
        assert_eq!(w1 >> 56, 1, "the schneider flag");
    }
}
