//! Solver nodes to value `close` and one play-on move in a sampled world,
//! by face-down cards left: `cargo run --release -p talon-bots --example
//! close_cost -- PRESET DEALS`. Sets the closing search's gate.

use talon_bots::{Bot, SixtySixHeuristic};
use talon_rules::shuffle::rng_from_seed;
use talon_rules::sixty_six::{Action, SixtySix};
use talon_rules::{ActionList, Determinize, Game, Preset};
use talon_search::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("sixty-six", |s| s)).expect("a preset");
    let deals: u64 = args.get(2).map_or(50, |s| s.parse().expect("a count"));
    let opts = preset.sixty_six_defaults();
    let mut rng = rng_from_seed(9);
    let mut by_talon: Vec<Vec<(u64, u64)>> = vec![Vec::new(); 16];
    let mut h = SixtySixHeuristic;
    let mut legal = ActionList::new();
    for seed in 0..deals {
        let mut g = SixtySix::from_seed(seed, opts, talon_cards::Seat((seed % 2) as u8));
        while let Some(me) = g.to_move() {
            g.legal_actions(&mut legal);
            let obs = g.observe(me);
            let on = h.choose(&obs, &legal);
            if legal.contains(&Action::Close) && on != Action::Close {
                for _ in 0..4 {
                    let w = SixtySix::sample(&obs, &mut rng);
                    let mut cost = [0u64; 2];
                    for (k, a) in [Action::Close, on].into_iter().enumerate() {
                        let mut s: Solver<SixtySix> = Solver::default();
                        let mut c = w.clone();
                        c.play_unchecked(a);
                        let _ = s.value_within(&c, 2_000_000);
                        cost[k] = s.nodes();
                    }
                    by_talon[obs.talon_remaining as usize].push((cost[0], cost[1]));
                }
            }
            g.play_unchecked(on);
        }
    }
    println!("talon  n   close: median p90   play-on: median p90");
    for (t, v) in by_talon.iter_mut().enumerate() {
        if v.is_empty() {
            continue;
        }
        let mut c: Vec<u64> = v.iter().map(|x| x.0).collect();
        let mut o: Vec<u64> = v.iter().map(|x| x.1).collect();
        c.sort_unstable();
        o.sort_unstable();
        let q = |x: &Vec<u64>, p: f64| x[((x.len() - 1) as f64 * p) as usize];
        println!(
            "{t:5} {:4} {:>8} {:>8}   {:>8} {:>8}",
            v.len(),
            q(&c, 0.5),
            q(&c, 0.9),
            q(&o, 0.5),
            q(&o, 0.9)
        );
    }
}
