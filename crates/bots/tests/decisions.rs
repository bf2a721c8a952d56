//! The decision test set: positions of the Sixty-six family where a strong
//! player's choice is clear, each with its reason
//! (`tests/data/decisions/sixty-six-family.txt`, found by the
//! `find_decisions` example from the rules and the exact solver). The
//! expert (`expert`), the experts that search with the match, in their
//! solved worlds (`expert-solved-equity`) or everywhere (`expert-match`,
//! `expert-target`), and the one whose closing search does not know the
//! next draw (`expert-blind-draws`) must choose the expected action in
//! every one.
//!
//! A line is `preset | sheet | deal | actions | expected action | why`:
//! the sheet is the match score (seat 0 – seat 1) before the deal, the deal
//! is in deal notation and the actions lead from it to the position.

use talon_bots::{by_name, Bot, CloseConfig, SixtySixExpert, EXPERT_CLOSE};
use talon_cards::Seat;
use talon_rules::sixty_six::{Deal, SixtySix};
use talon_rules::{ActionList, Game, Preset};

struct Position {
    line: usize,
    game: SixtySix,
    expect: String,
    why: String,
}

fn positions() -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/decisions/sixty-six-family.txt"
    );
    let text = std::fs::read_to_string(path).expect("the decision file");
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(f.len(), 6, "line {}: six fields", i + 1);
        let preset = Preset::from_name(f[0]).expect("a preset");
        let (a, b) = f[1].split_once('-').expect("a sheet like 6-6");
        let scores = [a.parse().expect("a score"), b.parse().expect("a score")];
        let deal: Deal = f[2].parse().expect("a deal");
        let mut game = SixtySix::new(&deal, preset.sixty_six_defaults())
            .expect("a legal deal")
            .with_sheet(scores);
        for a in f[3].split_whitespace() {
            let action = game.parse_action(a).expect("an action");
            assert!(game.is_legal(action), "line {}: {a} is illegal", i + 1);
            game.play_unchecked(action);
        }
        out.push(Position {
            line: i + 1,
            game,
            expect: f[4].to_string(),
            why: f[5].to_string(),
        });
    }
    out
}

#[test]
fn the_set_is_well_formed() {
    let set = positions();
    assert!(set.len() >= 12, "{} positions", set.len());
    for p in &set {
        let action = p.game.parse_action(&p.expect).expect("an action");
        assert!(p.game.is_legal(action), "line {}: {}", p.line, p.expect);
        assert!(p.why.len() > 20, "line {}: a reason", p.line);
    }
}

/// The positions where the bot `name` chooses otherwise, with the reason.
fn wrong_choices(name: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    for p in positions() {
        let me = p.game.to_move().expect("a position to move in");
        let mut legal = ActionList::new();
        p.game.legal_actions(&mut legal);
        let mut bot = by_name(name, p.line as u64).expect("a bot");
        bot.set_time_limit(None);
        let chosen = bot.choose(&p.game.observe(me), &legal).to_string();
        if chosen != p.expect {
            wrong.push(format!(
                "line {}: {name} chose {chosen}, expected {} ({})",
                p.line, p.expect, p.why
            ));
        }
    }
    wrong
}

#[test]
fn the_expert_chooses_every_decision() {
    let wrong = wrong_choices("expert");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_solved_equity_expert_chooses_every_decision() {
    let wrong = wrong_choices("expert-solved-equity");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_expert_blind_to_the_next_draw_chooses_every_decision() {
    let wrong = wrong_choices("expert-blind-draws");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_match_expert_chooses_every_decision() {
    let wrong = wrong_choices("expert-match");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_target_expert_chooses_every_decision() {
    let wrong = wrong_choices("expert-target");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_old_expert_misses_most_decisions() {
    // The set is worth having only if it tells experts apart.
    let wrong = wrong_choices("expert-2026-11");
    assert!(wrong.len() >= 20, "{} wrong", wrong.len());
}

/// How many of the first bot's moves over the seeded deals `0..deals` of
/// `preset` (dealer seat 0) differ from the move the second would make in
/// the same position; `bots(seed)` builds the pair for a deal.
fn differing_moves(
    preset: Preset,
    deals: u64,
    bots: impl Fn(u64) -> [Box<dyn Bot<SixtySix> + Send>; 2],
) -> usize {
    let opts = preset.sixty_six_defaults();
    let mut differ = 0;
    for seed in 0..deals {
        let mut game = SixtySix::from_seed(seed, opts, Seat(0));
        let [mut a, mut b] = bots(seed);
        a.set_time_limit(None);
        b.set_time_limit(None);
        while let Some(seat) = game.to_move() {
            let mut legal = ActionList::new();
            game.legal_actions(&mut legal);
            let obs = game.observe(seat);
            let played = a.choose(&obs, &legal);
            differ += usize::from(played != b.choose(&obs, &legal));
            game.play_unchecked(played);
        }
    }
    differ
}

fn named(name: &str, seed: u64) -> Box<dyn Bot<SixtySix> + Send> {
    by_name(name, seed).expect("a bot")
}

/// Where nothing can be closed and no match is on (VU Schnapsen, lone
/// deals), the expert without its timing search and with policy rollouts
/// is `expert-2026-11` move for move: the closing search, match equity,
/// the exchange and meld timing and the exact rollout ends are the only
/// differences.
#[test]
fn without_closing_timing_or_a_match_the_expert_is_the_old_one() {
    let no_timing = CloseConfig {
        timing_margin: [None; 2],
        ..EXPERT_CLOSE
    };
    let differ = differing_moves(Preset::SchnapsenVu, 2, |seed| {
        let new = SixtySixExpert::new("old", (16, 3_000, 8_000), no_timing, seed)
            .with_exact_rollout_ends([false, false]);
        [Box::new(new), named("expert-2026-11", seed)]
    });
    assert_eq!(differ, 0, "moves that differ");
}

/// `expert-solved-equity`, `expert-match` and `expert-target` are the
/// expert with the match in its search (in the solved worlds, or in
/// every search): with no match on they play as it does, move for move,
/// in both hand sizes.
#[test]
fn without_a_match_the_match_experts_are_the_expert() {
    for other in ["expert-solved-equity", "expert-match", "expert-target"] {
        for preset in [Preset::SchnapsenVu, Preset::SixtySix] {
            let differ = named_differ(preset, "expert", other);
            assert_eq!(differ, 0, "{other} in {preset:?}: moves that differ");
        }
    }
}

/// Moves that differ between the bots named `a` and `b` over two deals.
fn named_differ(preset: Preset, a: &str, b: &str) -> usize {
    differing_moves(preset, 2, |seed| [named(a, seed), named(b, seed)])
}

/// `a` and `b` play alike in Sixty-six (six-card hands, two deals) and
/// differ in `five`, a five-card preset, within its first `deals` deals.
fn differ_with_five_cards_only(a: &str, b: &str, five: Preset, deals: u64) {
    let sixty_six = named_differ(Preset::SixtySix, a, b);
    assert_eq!(sixty_six, 0, "Sixty-six: moves that differ");
    let schnapsen = differing_moves(five, deals, |seed| [named(a, seed), named(b, seed)]);
    assert!(schnapsen > 0, "Schnapsen: no move differs");
}

/// The expert's rollouts end in exact values in Schnapsen (five-card
/// hands) and are played out by the policy in Sixty-six (six cards), as
/// measured (docs/strength/match-and-closing-rounds.md, fifth round).
#[test]
fn exact_rollout_ends_are_on_in_schnapsen_only() {
    // Neither models the opponent, both run 8,000 iterations: they differ
    // in the rollouts' ends alone.
    differ_with_five_cards_only(
        "expert-uct-opponent",
        "expert-policy-rollouts",
        Preset::SchnapsenVu,
        2,
    );
}

/// The expert models its opponent (by the heuristic) in Schnapsen
/// (five-card hands) and not in Sixty-six, as measured
/// (docs/strength/match-and-closing-rounds.md, ninth and tenth rounds).
#[test]
fn the_opponent_model_is_on_in_schnapsen_only() {
    // Both run 8,000 iterations: they differ in the model alone.
    differ_with_five_cards_only(
        "expert-8k-iterations",
        "expert-uct-opponent",
        Preset::Schnapsen,
        2,
    );
}

/// Its model of the opponent is the heuristic, not the playout policy
/// (tenth round): the two play differently in Schnapsen.
#[test]
fn the_opponent_model_is_the_heuristic() {
    let schnapsen = named_differ(
        Preset::Schnapsen,
        "expert-8k-iterations",
        "expert-policy-opponent",
    );
    assert!(schnapsen > 0, "Schnapsen: no move differs");
}

/// Its ISMCTS runs 16,000 iterations in Schnapsen and 8,000 in Sixty-six
/// (docs/strength/match-and-closing-rounds.md, tenth round).
#[test]
fn more_iterations_in_schnapsen_only() {
    differ_with_five_cards_only("expert", "expert-8k-iterations", Preset::Schnapsen, 2);
}

/// The exchange and meld timing margin is half a game point in Schnapsen
/// and a quarter in Sixty-six
/// (docs/strength/match-and-closing-rounds.md, thirteenth round).
#[test]
fn the_timing_margin_is_wider_in_schnapsen_only() {
    // A timing move's value lies between the two margins rarely.
    differ_with_five_cards_only("expert", "expert-timing-margin", Preset::Schnapsen, 12);
}
