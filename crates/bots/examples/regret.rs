//! Where a bot gives up game points: seeded deals of the bot against the
//! heuristic (both seatings), and at each of the bot's decisions with a
//! choice, every legal move solved exactly on the true deal (open cards,
//! the talon's order known). A move's regret is the best move's value
//! minus its own. Prints regret per 100 decisions by phase and by the
//! number of face-down cards, and by the kind of the best move.
//!
//! Open-card values overrate every move alike, so the absolute figures are
//! an upper bound on what a player could gain; compare bots, not numbers.
//!
//! cargo run --release -p talon-bots --example regret -- schnapsen 300 expert expert-2026-11

use std::collections::BTreeMap;
use talon_bots::{by_name, Bot, SixtySixHeuristic};
use talon_cards::Seat;
use talon_rules::sixty_six::{Action, Deal, Phase, SixtySix};
use talon_rules::{ActionList, Game, Preset};
use talon_search::Solver;

/// Decisions and summed regret in one bucket.
#[derive(Default, Clone, Copy)]
struct Tally {
    decisions: u32,
    regret: i64,
    blunders: u32,
}

impl Tally {
    fn add(&mut self, regret: i32) {
        self.decisions += 1;
        self.regret += i64::from(regret);
        self.blunders += u32::from(regret >= 2);
    }
}

fn kind(a: Action) -> &'static str {
    match a {
        Action::Play(_) => "card",
        Action::Meld(_) => "meld",
        Action::Exchange => "exchange",
        Action::Close => "close",
        Action::Declare => "declare",
        Action::Draw => "draw",
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("schnapsen", |s| s)).expect("a preset");
    let deals: u64 = args.get(2).map_or(100, |s| s.parse().expect("a count"));
    let names: Vec<&str> = args.iter().skip(3).map(String::as_str).collect();
    let opts = preset.sixty_six_defaults();
    let mut solver = Solver::<SixtySix>::default();
    let mut tables: Vec<BTreeMap<String, Tally>> = vec![BTreeMap::new(); names.len()];
    let mut points = vec![0i64; names.len()];
    for (b, name) in names.iter().enumerate() {
        for seed in 0..deals {
            for bot_seat in [Seat(0), Seat(1)] {
                let mut bot = by_name(name, seed).expect("a bot name");
                bot.set_time_limit(None);
                let mut heuristic = SixtySixHeuristic;
                let deal = Deal::from_seed(seed, opts.hand_size, Seat(1));
                let mut game = SixtySix::new(&deal, opts).expect("a seeded deal");
                while let Some(me) = game.to_move() {
                    let mut legal = ActionList::new();
                    game.legal_actions(&mut legal);
                    let obs = game.observe(me);
                    if me != bot_seat {
                        let a = heuristic.choose(&obs, &legal);
                        game.play_unchecked(a);
                        continue;
                    }
                    let a = bot.choose(&obs, &legal);
                    if legal.len() > 1 {
                        // Values for the seat to move, the bot's.
                        let values = solver.action_values(&game);
                        let best = values.iter().map(|v| v.1).max().unwrap_or(0);
                        let best_kind = values
                            .iter()
                            .filter(|v| v.1 == best)
                            .map(|v| kind(v.0))
                            .min()
                            .unwrap_or("card");
                        let mine = values.iter().find(|v| v.0 == a).map_or(best, |v| v.1);
                        let regret = best - mine;
                        let phase = match game.phase() {
                            Phase::Lead | Phase::MeldLead(_) => "lead",
                            Phase::PreDraw => "predraw",
                            _ => "follow",
                        };
                        let down = if game.closure().is_some() {
                            "closed".to_string()
                        } else {
                            format!("{:02} down", game.talon_remaining())
                        };
                        let t = &mut tables[b];
                        t.entry(format!("{phase:8} {down}"))
                            .or_default()
                            .add(regret);
                        t.entry(format!("best {best_kind:8} chose {:8}", kind(a)))
                            .or_default()
                            .add(regret);
                        t.entry("all".into()).or_default().add(regret);
                    }
                    game.play_unchecked(a);
                }
                let r = game.result().expect("a finished deal");
                let sign = match r.winner {
                    Some(w) if w == bot_seat => 1,
                    Some(_) => -1,
                    None => 0,
                };
                let mine = i64::from(r.game_points) * sign;
                points[b] += mine;
            }
        }
    }
    let keys: std::collections::BTreeSet<&String> = tables.iter().flat_map(|t| t.keys()).collect();
    print!("{:34}", "bucket (regret per 100, blunders >= 2)");
    for n in &names {
        print!(" | {n:>28}");
    }
    println!();
    for k in keys {
        print!("{k:34}");
        for t in &tables {
            let x = t.get(k).copied().unwrap_or_default();
            let per = if x.decisions == 0 {
                0.0
            } else {
                100.0 * x.regret as f64 / f64::from(x.decisions)
            };
            print!(
                " | {:6} dec {per:6.1} /100 {:4} bl",
                x.decisions, x.blunders
            );
        }
        println!();
    }
    for (n, p) in names.iter().zip(&points) {
        println!(
            "{n}: {p:+} game points against the heuristic over {} deals",
            2 * deals
        );
    }
}
