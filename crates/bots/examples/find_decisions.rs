//! Finds positions for the decision test set
//! (`tests/data/decisions/sixty-six-family.txt`): seeded deals played by
//! the heuristic on both sides, and at each move two kinds of clear
//! decisions, decided by the rules and the exact solver:
//!
//! - **close**: cards are still to be drawn, the mover may close (and has
//!   no trump exchange to make first), and closing wins against every one
//!   of 300 sampled opponent hands (after a close the talon is never drawn,
//!   so a world is just the opponent's hand), each solved exactly. Winning
//!   3 game points every time can be beaten by nothing (the sheet 0–0);
//!   winning at least 1 every time wins the match at 6–6.
//! - **declare**: the mover holds 66 and may declare, at 6–6: one game
//!   point wins the match, and declaring takes it for sure.
//!
//! - **timing**: cards are still to be drawn, the mover may exchange the
//!   trump card or meld, and one move is worth at least a game point more
//!   than every other legal move in every one of 300 sampled worlds (the
//!   opponent's hand and the talon's order), each solved exactly: melding
//!   or exchanging now, or waiting with a card.
//!
//! Prints one line per position, in the file's format; `expert-2026-11`'s
//! choice is shown in a comment, as the positions it gets wrong are the
//! interesting ones.
//!
//! cargo run --release -p talon-bots --example find_decisions -- schnapsen 200

use talon_bots::{by_name, Bot, SixtySixHeuristic};
use talon_cards::Seat;
use talon_rules::shuffle::rng_from_seed;
use talon_rules::sixty_six::{Action, Deal, SixtySix};
use talon_rules::{ActionList, Determinize, Game, Preset};
use talon_search::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("schnapsen", |s| s)).expect("a preset");
    let deals: u64 = args.get(2).map_or(100, |s| s.parse().expect("a count"));
    let opts = preset.sixty_six_defaults();
    let mut solver = Solver::<SixtySix>::default();
    let mut rng = rng_from_seed(7);
    for seed in 0..deals {
        let deal = Deal::from_seed(seed, opts.hand_size, Seat(1));
        let mut game = SixtySix::new(&deal, opts).expect("a seeded deal");
        let mut played: Vec<String> = Vec::new();
        let mut heuristic = SixtySixHeuristic;
        while let Some(me) = game.to_move() {
            let mut legal = ActionList::new();
            game.legal_actions(&mut legal);
            let obs = game.observe(me);
            let at_66 = game.points(me) >= 66 && legal.contains(&Action::Declare);
            let mut found: Option<(&str, &str, String)> = None;
            if at_66 {
                found = Some((
                    "declare",
                    "6-6",
                    "one game point wins the match at 6-6, and declaring with 66 takes it for sure; playing on for more can only lose it".into(),
                ));
            } else if SixtySix::draws_ahead(&obs)
                && legal.contains(&Action::Close)
                && !legal.contains(&Action::Exchange)
            {
                let mut worst = 3;
                for _ in 0..300 {
                    let mut w = SixtySix::sample(&obs, &mut rng);
                    w.play_unchecked(Action::Close);
                    worst = worst.min(solver.value_for(&w, me));
                    if worst < 1 {
                        break;
                    }
                }
                if worst == 3 {
                    found = Some(("close", "0-0", "closing wins 3 game points against every hand the opponent can hold (300 sampled, each solved), which no move can beat; playing on gives the opponent draws".into()));
                } else if worst >= 1 {
                    found = Some(("close", "6-6", format!("one game point wins the match at 6-6, and closing wins at least {worst} against every hand the opponent can hold (300 sampled, each solved)")));
                }
            }
            let timing = legal
                .iter()
                .any(|a| matches!(a, Action::Exchange | Action::Meld(_)));
            if found.is_none() && SixtySix::draws_ahead(&obs) && timing {
                if let Some((best, why)) = strictly_best(&obs, &legal, &mut solver, &mut rng) {
                    found = Some((Box::leak(best.to_string().into_boxed_str()), "0-0", why));
                }
            }
            if let Some((expect, sheet, why)) = found {
                let scores = if sheet == "6-6" { [6, 6] } else { [0, 0] };
                let mut old = by_name("expert-2026-11", 1).expect("a bot");
                old.set_time_limit(None);
                let mut at = SixtySix::new(&deal, opts)
                    .expect("a deal")
                    .with_sheet(scores);
                for a in &played {
                    let a = at.parse_action(a).expect("an action");
                    at.play_unchecked(a);
                }
                let old_choice = old.choose(&at.observe(me), &legal);
                println!("# expert-2026-11 chooses {old_choice}");
                println!(
                    "{} | {sheet} | {deal} | {} | {expect} | {why}",
                    preset.name(),
                    played.join(" ")
                );
            }
            let a = heuristic.choose(&obs, &legal);
            played.push(a.to_string());
            game.play_unchecked(a);
        }
    }
}

/// The move worth at least one game point more than every other legal
/// move in each of 300 sampled worlds, with the reason, if there is one.
fn strictly_best(
    obs: &talon_rules::sixty_six::SixtySixObservation,
    legal: &[Action],
    solver: &mut Solver<SixtySix>,
    rng: &mut talon_rules::shuffle::SeededRng,
) -> Option<(Action, String)> {
    let me = obs.seat;
    let mut candidate: Option<Action> = None;
    let mut gap = i32::MAX;
    for _ in 0..300 {
        let w = SixtySix::sample(obs, rng);
        let mut values: Vec<(Action, i32)> = legal
            .iter()
            .map(|&a| {
                let mut child = w.clone();
                child.play_unchecked(a);
                (a, solver.value_for(&child, me))
            })
            .collect();
        values.sort_by_key(|&(_, v)| -v);
        let (best, v) = values[0];
        if *candidate.get_or_insert(best) != best || v - values[1].1 < 1 {
            return None;
        }
        gap = gap.min(v - values[1].1);
    }
    let best = candidate?;
    let what = match best {
        Action::Meld(s) => format!("melding the {s:?} marriage now"),
        Action::Exchange => "exchanging the trump card now".to_string(),
        a => format!("{a} (waiting)"),
    };
    Some((best, format!("{what} is worth at least {gap} game point(s) more than any other move against every hand and talon order (300 sampled, each solved with the draws to come)")))
}
