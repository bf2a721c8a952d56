//! Lines of play that lead the solver tests to their positions, and the
//! check of recorded values. The records depend on the lines: change a
//! line and its records go stale.

// Each test file uses only some of these.
#![allow(dead_code)]

use talon_cards::Seat;
use talon_rules::shuffle::{below, rng_from_seed};
use talon_rules::sixty_six::{Action, SixtySix, SixtySixOptions};
use talon_rules::{ActionList, Game};
use talon_search::Solver;

/// Plays `tricks` tricks of a fixed line: a card chosen by seed and move
/// number, drawing whenever a trick winner must choose (no closing).
pub fn opening(opts: SixtySixOptions, seed: u64, tricks: usize) -> SixtySix {
    let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
    let mut moves = ActionList::new();
    for i in 0..tricks * 2 {
        if g.is_over() {
            break;
        }
        g.legal_actions(&mut moves);
        let plays: Vec<Action> = moves
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Play(_)))
            .collect();
        let a = if plays.is_empty() {
            Action::Draw
        } else {
            plays[(seed as usize + i) % plays.len()]
        };
        g.play_unchecked(a);
    }
    g
}

/// Plays random moves (declaring only when forced, so deals run long,
/// closing included) drawn from `seed ^ salt`, while `more` says so and
/// the deal lasts.
pub fn random_line(
    opts: SixtySixOptions,
    seed: u64,
    salt: u64,
    mut more: impl FnMut(&SixtySix) -> bool,
) -> SixtySix {
    let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
    let mut rng = rng_from_seed(seed ^ salt);
    let mut moves = ActionList::new();
    while !g.is_over() && more(&g) {
        g.legal_actions(&mut moves);
        let playable: Vec<Action> = moves
            .iter()
            .copied()
            .filter(|&a| a != Action::Declare || moves.len() == 1)
            .collect();
        let a = playable[below(&mut rng, playable.len() as u64) as usize];
        g.play_unchecked(a);
    }
    g
}

/// [`random_line`] for `n` moves at most.
pub fn random_moves(opts: SixtySixOptions, seed: u64, salt: u64, n: usize) -> SixtySix {
    let mut played = 0;
    random_line(opts, seed, salt, |_| {
        played += 1;
        played <= n
    })
}

/// Checks the solver against `recorded` (one letter a position, a..g for
/// −3..3, `-` for a deal already over) on `position(seed)` for each seed:
/// every position in release builds (as CI runs them), the first
/// `debug_count` in debug builds. One table is shared; every
/// `fresh_every`-th position is also solved with a cold small table.
pub fn check_recorded(
    recorded: &str,
    debug_count: usize,
    fresh_every: usize,
    position: impl Fn(u64) -> SixtySix,
) {
    let count = if cfg!(debug_assertions) {
        debug_count
    } else {
        recorded.len()
    };
    let mut solver = Solver::default();
    for (seed, letter) in recorded.bytes().take(count).enumerate() {
        let g = position(seed as u64);
        if letter == b'-' {
            assert!(g.is_over(), "seed {seed}");
            continue;
        }
        let want = i32::from(letter) - i32::from(b'd');
        assert_eq!(solver.value(&g), want, "seed {seed}: {g:?}");
        if seed % fresh_every == 0 {
            assert_eq!(Solver::new(12).value(&g), want, "seed {seed}, fresh table");
        }
    }
}
