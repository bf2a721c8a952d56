//! Per-deal solve times and node counts (cold table), for tuning:
//! `cargo run --release -p talon-search --example solve_stats [preset] [deals]`.
//! Deals are seeds `0..deals`, dealer `seed % 2`. Also prints the values,
//! one letter a deal (a..g for −3..3), as the solver tests record them.
//! Both the solver's table and the Sixty-six endgame table start empty.
//! With a third argument N, each deal is first played on by the playout
//! policy until at most N cards are face down and a card is to be played
//! (deals that end first are skipped): the positions the expert's closing
//! search solves, for N up to 5 in Sixty-six.

use std::time::Instant;
use talon_cards::Seat;
use talon_rules::sixty_six::SixtySix;
use talon_rules::Preset;
use talon_search::Solver;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(args.get(1).map_or("schnapsen", |s| s)).expect("preset");
    let deals: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let face_down: Option<usize> = args.get(3).and_then(|s| s.parse().ok());
    let opts = preset.sixty_six_defaults();
    let mut solver = match std::env::var("TT_BITS").ok().and_then(|s| s.parse().ok()) {
        Some(bits) => Solver::new(bits),
        None => Solver::default(),
    };
    let mut times = Vec::new();
    let mut per_deal = Vec::new();
    let mut values = String::new();
    let endgame_before = talon_rules::sixty_six::endgame_nodes();
    for seed in 0..deals {
        let mut g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        if let Some(n) = face_down {
            if !play_until_face_down(&mut g, n) {
                continue;
            }
        }
        solver.clear();
        talon_rules::sixty_six::clear_endgame_table();
        let before = solver.nodes();
        let t = Instant::now();
        let v = solver.value(&g);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        per_deal.push(solver.nodes() - before);
        values.push(char::from(b'd'.wrapping_add(v as u8)));
    }
    let mean_ms = times.iter().sum::<f64>() / times.len() as f64;
    let solved = times.len();
    let mean_nodes = per_deal.iter().sum::<u64>() / solved as u64;
    times.sort_by(f64::total_cmp);
    per_deal.sort_unstable();
    println!("values {values}");
    let endgame = talon_rules::sixty_six::endgame_nodes() - endgame_before;
    println!("endgame nodes: mean {}", endgame / solved as u64);
    println!(
        "{preset}: {solved} deals, median {:.3} ms, mean {mean_ms:.3} ms, p90 {:.3} ms, max {:.3} ms, median nodes {}, mean nodes {mean_nodes}",
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1],
        per_deal[per_deal.len() / 2],
    );
}

/// Plays `g` on by the playout policy until at most `n` cards are face
/// down and the move is a card; false if the deal ends first.
fn play_until_face_down(g: &mut SixtySix, n: usize) -> bool {
    use talon_rules::{sixty_six::Action, ActionList, Game};
    let mut moves = ActionList::new();
    while let Some(seat) = g.to_move() {
        g.legal_actions(&mut moves);
        let cards_only = moves.iter().all(|a| matches!(a, Action::Play(_)));
        if g.talon_remaining() <= n && cards_only {
            return true;
        }
        g.play_unchecked(talon_search::playout_policy(g, seat, &moves));
    }
    false
}
