//! `talon arena`: seeded, reproducible bot tournaments on duplicate deals.
//!
//! Every pair of bots plays the same deals once per distinct seat rotation
//! (A,B then B,A in two-player games; A,B,A,B then B,A,B,A with partners),
//! so the luck of the cards cancels. Games run in parallel (rayon); each
//! game's seeds derive from the arena seed, the pair and the deal, so the
//! results do not depend on the number of threads.

mod report;
pub mod stats;

use crate::lineup;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use talon_rules::Preset;
use talon_table::{run_bots, SeatBots, Table, TableConfig};

pub use report::{PairResult, Report};

#[derive(Args, Clone)]
pub struct ArenaArgs {
    /// The preset, e.g. sixty-six.
    pub preset: String,
    /// Bots to pit against each other, comma-separated (at least two).
    #[arg(long, default_value = "heuristic,random")]
    pub bots: String,
    /// Deals (or matches) per pair, 1 to 1,000,000; each is played once per seat rotation.
    #[arg(long, default_value_t = 200, value_parser = crate::arg_tips::whole_number, allow_negative_numbers = true)]
    pub deals: u64,
    /// The arena seed: same seed, same results.
    #[arg(long, default_value_t = 1, value_parser = crate::arg_tips::whole_number, allow_negative_numbers = true)]
    pub seed: u64,
    /// Play whole matches instead of single deals (`--match`, as in
    /// `play` and `watch`, is accepted too).
    #[arg(long = "matches", alias = "match")]
    pub matches: bool,
    /// A rule option, name=value (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Worker threads (default: all cores; at most four times the cores).
    #[arg(long, value_parser = crate::arg_tips::thread_count, allow_negative_numbers = true)]
    pub jobs: Option<usize>,
    /// Write arena.json, arena.csv and arena.svg into this directory.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// The most deals (or matches) per pair: results are kept per deal, and
/// a million is far beyond what any interval needs.
pub const MAX_DEALS: u64 = 1_000_000;

/// Checks `--deals` and `--jobs`; returns the worker thread count (0: one
/// per core). More threads than cores would only contend, so `--jobs` may
/// not exceed four times the cores.
fn checked_jobs(args: &ArenaArgs) -> Result<usize, String> {
    if args.deals == 0 || args.deals > MAX_DEALS {
        return Err(format!(
            "--deals {}: choose 1 to {MAX_DEALS} deals per pair",
            args.deals
        ));
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match args.jobs {
        None => Ok(0),
        Some(j) if j >= 1 && j <= 4 * cores => Ok(j),
        Some(j) => Err(format!(
            "--jobs {j}: choose 1 to {} (this machine has {cores} cores)",
            4 * cores
        )),
    }
}

/// Mixes the arena seed with indices (SplitMix64 finaliser).
pub fn derive_seed(parts: &[u64]) -> u64 {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for &p in parts {
        x ^= p
            .wrapping_add(0x9e37_79b9_7f4a_7c15)
            .wrapping_add(x << 6)
            .wrapping_add(x >> 2);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^= x >> 31;
    }
    x
}

/// Distinct seatings of a pair: true marks A's seats.
pub fn rotations(seats: u8) -> Vec<Vec<bool>> {
    let base: Vec<bool> = (0..seats).map(|i| i % 2 == 0).collect();
    let mut out: Vec<Vec<bool>> = Vec::new();
    for r in 0..seats as usize {
        let rot: Vec<bool> = (0..seats as usize)
            .map(|i| base[(i + r) % seats as usize])
            .collect();
        if !out.contains(&rot) {
            out.push(rot);
        }
    }
    out
}

/// One seating's outcome: mean per-seat score of A and B, and the mean
/// per-seat points they gained (positive scores only).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outcome {
    pub score: [f64; 2],
    pub gained: [f64; 2],
}

impl std::ops::AddAssign for Outcome {
    fn add_assign(&mut self, o: Outcome) {
        for i in 0..2 {
            self.score[i] += o.score[i];
            self.gained[i] += o.gained[i];
        }
    }
}

/// Plays one game (or match) of one seating.
fn play_one(
    preset: Preset,
    options: &[(String, String)],
    names: [&str; 2],
    seating: &[bool],
    seed: u64,
    whole_match: bool,
) -> Result<Outcome, String> {
    let seat_names: Vec<String> = seating
        .iter()
        .map(|&a| names[usize::from(!a)].to_string())
        .collect();
    let config = TableConfig::bots(preset, options, &seat_names, whole_match, seed)
        .map_err(|e| e.to_string())?;
    let mut table = Table::new(config).map_err(|e| e.to_string())?;
    let mut bots = SeatBots::for_table(&table).map_err(|e| e.to_string())?;
    bots.count_budgets_only();
    run_bots(&mut table, &mut bots, |_, _, _| {}).map_err(|e| e.to_string())?;
    // A match is judged on its sheet (the winner always has the higher
    // one; an unfinished match, capped by the table, on where it stood).
    let scores: Vec<f64> = match table.sheet() {
        Some(m) => m.scores().iter().map(|&s| f64::from(s)).collect(),
        None => table
            .game()
            .and_then(|g| g.summary())
            .expect("played out")
            .score
            .iter()
            .map(|&s| f64::from(s))
            .collect(),
    };
    let mean = |want: bool, f: fn(f64) -> f64| {
        let v: Vec<f64> = seating
            .iter()
            .zip(&scores)
            .filter(|(a, _)| **a == want)
            .map(|(_, s)| f(*s))
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let gain = |s: f64| s.max(0.0);
    Ok(Outcome {
        score: [mean(true, |s| s), mean(false, |s| s)],
        gained: [mean(true, gain), mean(false, gain)],
    })
}

/// Runs the whole tournament.
pub fn tournament(args: &ArenaArgs, progress: bool) -> Result<Report, String> {
    let preset = Preset::from_name(&args.preset).map_err(|e| e.to_string())?;
    let options = lineup::options(&args.options)?;
    lineup::check_target(preset, &options, args.matches, "--matches")?;
    let jobs = checked_jobs(args)?;
    // As the registry names them: `Expert` is `expert`.
    let names = lineup::names(&args.bots)?
        .iter()
        .map(|n| talon_bots::canonical_bot(n, preset).map(str::to_string))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    if names.len() < 2 {
        return Err("an arena needs at least two bots (--bots a,b)".into());
    }
    for (i, n) in names.iter().enumerate() {
        // Results are kept by name: a bot twice would be one player.
        if names[..i].contains(n) {
            return Err(format!("--bots names {n} twice; name each bot once"));
        }
    }
    let seats = TableConfig::seats_for(preset, &options).map_err(|e| e.to_string())?;
    let seatings = rotations(seats);
    let pairs: Vec<(usize, usize)> = (0..names.len())
        .flat_map(|i| (i + 1..names.len()).map(move |j| (i, j)))
        .collect();
    let total = pairs.len() as u64 * args.deals * seatings.len() as u64;
    let bar = if progress {
        ProgressBar::new(total)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
            .expect("valid template"),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| e.to_string())?;
    let mut results = Vec::new();
    for (pi, &(a, b)) in pairs.iter().enumerate() {
        let per_deal: Result<Vec<Outcome>, String> = pool.install(|| {
            (0..args.deals)
                .into_par_iter()
                .map(|d| {
                    let seed = derive_seed(&[args.seed, pi as u64, d]);
                    let mut sum = Outcome::default();
                    for seating in &seatings {
                        sum += play_one(
                            preset,
                            &options,
                            [&names[a], &names[b]],
                            seating,
                            seed,
                            args.matches,
                        )?;
                        bar.inc(1);
                    }
                    Ok(sum)
                })
                .collect()
        });
        results.push(PairResult::from_deals(&names[a], &names[b], &per_deal?));
    }
    bar.finish_and_clear();
    Ok(Report::new(preset.name(), args, names, results))
}

pub fn run(args: &ArenaArgs) -> Result<(), String> {
    if let Some(dir) = &args.out {
        // Before the tournament, not after it: a folder that cannot be
        // made must not cost the whole run.
        if dir.exists() && !dir.is_dir() {
            return Err(format!(
                "--out {} is a file; --out names a directory for arena.json, arena.csv and arena.svg",
                dir.display()
            ));
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let report = tournament(args, !args.quiet)?;
    print!("{}", report.table());
    if let Some(dir) = &args.out {
        report.write_files(dir)?;
        println!(
            "wrote arena.json, arena.csv and arena.svg in {}",
            dir.display()
        );
    }
    Ok(())
}
