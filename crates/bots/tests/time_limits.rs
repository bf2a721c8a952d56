//! The safety time limit can be replaced on every named bot: with none a
//! seed replays exactly; with a zero limit the search bots still play legal
//! moves (each decision runs at least one sample or iteration).

use std::time::Duration;
use talon_bots::{bot_names, AnyBot};
use talon_rules::{AnyGame, Preset, Setup};

/// Plays one seeded deal with `name` in every seat; returns the moves.
fn deal(preset: Preset, name: &str, limit: Option<Duration>, seed: u64) -> Vec<String> {
    let mut game = AnyGame::new(preset, &[], &Setup::Seed(seed)).expect("a preset's own game");
    let mut bots: Vec<AnyBot> = (0..preset.players())
        .map(|s| AnyBot::new(name, preset, seed + u64::from(s)).expect("a listed bot"))
        .collect();
    for bot in &mut bots {
        bot.set_time_limit(limit);
    }
    let mut moves = Vec::new();
    while let Some(seat) = game.to_move() {
        let m = bots[seat.index()].choose(&game).expect("a move");
        game.play(&m).expect("bots choose legal moves");
        moves.push(m);
    }
    moves
}

#[test]
fn zero_time_limit_still_plays_legal_moves() {
    for preset in Preset::ALL {
        for name in bot_names(preset) {
            let moves = deal(preset, name, Some(Duration::ZERO), 3);
            assert!(!moves.is_empty(), "{preset}: {name} made no move");
        }
    }
}

#[test]
fn without_time_limits_a_seed_replays_exactly() {
    for preset in Preset::ALL {
        let first = deal(preset, "beginner", None, 5);
        let again = deal(preset, "beginner", None, 5);
        assert_eq!(
            first, again,
            "{preset}: the beginner's moves differ between runs"
        );
    }
}

#[test]
fn solved_bidding_replays_exactly_without_time_limits() {
    // Its solver budget is a node count, so it too replays from a seed.
    // One preset per family and table size (a full budget is slow).
    for (preset, name) in [
        (Preset::SixtyThree, "solved-bids"),
        (Preset::NaSixtySix, "expert"),
        (Preset::NaSixtySix3, "expert"),
    ] {
        let first = deal(preset, name, None, 7);
        let again = deal(preset, name, None, 7);
        assert_eq!(first, again, "{preset}: {name} differs between runs");
    }
}

/// The longest limit a caller can pass (Python takes any finite number of
/// seconds) plays as no limit at all: the Sixty-six family's expert, whose
/// closing search gets twice a search's limit less what ISMCTS used,
/// neither overflows nor plays differently.
#[test]
fn the_longest_time_limit_plays_as_none() {
    let unlimited = deal(Preset::Schnapsen, "expert", None, 11);
    let longest = deal(Preset::Schnapsen, "expert", Some(Duration::MAX), 11);
    assert_eq!(longest, unlimited);
}
