use talon_cards::Seat;
use talon_rules::sixty_six::SixtySix;
use talon_rules::{Preset, SolverGame};
use talon_search::Solver;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = Preset::from_name(&args[1]).unwrap();
    let deals: u64 = args[2].parse().unwrap();
    let opts = preset.sixty_six_defaults();
    let mut solver = Solver::default();
    let mut tot = std::collections::BTreeMap::new();
    for seed in 0..deals {
        let g = SixtySix::from_seed(seed, opts, Seat((seed % 2) as u8));
        solver.clear();
        let (mut lo, mut hi) = (-3, 3);
        let mut line = format!("seed {seed}:");
        while lo < hi {
            let mut t = lo + (hi - lo + 1) / 2;
            if !g.attainable(t) { t += 1; if t > hi { t -= 2; } }
            let b = solver.nodes();
            let r = solver.at_least(&g, t);
            let n = solver.nodes() - b;
            *tot.entry(t).or_insert(0u64) += n;
            line += &format!(" t{t}:{}{}", if r {"Y"} else {"N"}, n);
            if r { lo = t } else { hi = t - 1; if hi == 0 && !g.attainable(0) { hi = -1 } }
        }
        if seed < 16 { println!("{line} => {lo}"); }
    }
    println!("{tot:?}");
}
