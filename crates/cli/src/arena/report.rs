//! Arena results: the table on screen, JSON, CSV and an SVG chart.

use super::stats::{elo, mean_ci, share_ci};
use super::{ArenaArgs, Outcome};
use plotters::prelude::*;
use serde::Serialize;
use std::path::Path;

/// One pair's results over its duplicate deals.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PairResult {
    pub a: String,
    pub b: String,
    /// Duplicate deal sets played (each over every seat rotation).
    pub deals: usize,
    pub a_wins: usize,
    pub b_wins: usize,
    pub draws: usize,
    /// A's score per deal set: wins + half the draws, with a 95% half-width.
    pub a_win_rate: f64,
    pub a_win_rate_ci: f64,
    /// A's share of all points gained, with a 95% half-width.
    pub a_point_share: f64,
    pub a_point_share_ci: f64,
    /// Mean score difference A − B per deal set.
    pub a_margin: f64,
    pub a_margin_ci: f64,
}

impl PairResult {
    pub fn from_deals(a: &str, b: &str, deals: &[Outcome]) -> PairResult {
        let outcome: Vec<f64> = deals
            .iter()
            .map(|o| match o.score[0].partial_cmp(&o.score[1]) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            })
            .collect();
        let (rate, rate_ci) = mean_ci(&outcome);
        let mine: Vec<f64> = deals.iter().map(|o| o.gained[0]).collect();
        let theirs: Vec<f64> = deals.iter().map(|o| o.gained[1]).collect();
        let (share, share_ci) = share_ci(&mine, &theirs);
        let margin: Vec<f64> = deals.iter().map(|o| o.score[0] - o.score[1]).collect();
        let (m, m_ci) = mean_ci(&margin);
        PairResult {
            a: a.to_string(),
            b: b.to_string(),
            deals: deals.len(),
            a_wins: outcome.iter().filter(|&&x| x == 1.0).count(),
            b_wins: outcome.iter().filter(|&&x| x == 0.0).count(),
            draws: outcome.iter().filter(|&&x| x == 0.5).count(),
            a_win_rate: rate,
            a_win_rate_ci: rate_ci,
            a_point_share: share,
            a_point_share_ci: share_ci,
            a_margin: m,
            a_margin_ci: m_ci,
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Rating {
    pub bot: String,
    pub elo: f64,
}

/// A whole tournament.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub preset: String,
    pub seed: u64,
    pub deals_per_pair: u64,
    pub matches: bool,
    pub options: Vec<String>,
    pub pairs: Vec<PairResult>,
    pub elo: Vec<Rating>,
}

impl Report {
    pub fn new(
        preset: &str,
        args: &ArenaArgs,
        names: Vec<String>,
        pairs: Vec<PairResult>,
    ) -> Report {
        let k = names.len();
        let mut score = vec![vec![0.0; k]; k];
        let mut games = vec![vec![0.0; k]; k];
        for p in &pairs {
            let (i, j) = (
                names.iter().position(|n| *n == p.a).unwrap(),
                names.iter().position(|n| *n == p.b).unwrap(),
            );
            let n = p.deals as f64;
            score[i][j] += p.a_win_rate * n;
            score[j][i] += (1.0 - p.a_win_rate) * n;
            games[i][j] += n;
            games[j][i] += n;
        }
        let ratings = elo(&score, &games);
        let mut elo: Vec<Rating> = names
            .into_iter()
            .zip(ratings)
            .map(|(bot, elo)| Rating { bot, elo })
            .collect();
        elo.sort_by(|x, y| y.elo.total_cmp(&x.elo));
        Report {
            preset: preset.to_string(),
            seed: args.seed,
            deals_per_pair: args.deals,
            matches: args.matches,
            options: args.options.clone(),
            pairs,
            elo,
        }
    }

    /// The results as a text table.
    pub fn table(&self) -> String {
        let unit = if self.matches { "matches" } else { "deals" };
        let mut s = format!(
            "arena {} — {} duplicate {unit} per pair, seed {}\n\n{:<14} {:<14} {:>6} {:>17} {:>17} {:>16}\n",
            self.preset, self.deals_per_pair, self.seed, "A", "B", "W-D-L", "A win rate (95%)", "A point share", "A margin"
        );
        for p in &self.pairs {
            s.push_str(&format!(
                "{:<14} {:<14} {:>6} {:>9.1}% ± {:>4.1} {:>9.1}% ± {:>4.1} {:>8.2} ± {:>4.2}\n",
                p.a,
                p.b,
                format!("{}-{}-{}", p.a_wins, p.draws, p.b_wins),
                100.0 * p.a_win_rate,
                100.0 * p.a_win_rate_ci,
                100.0 * p.a_point_share,
                100.0 * p.a_point_share_ci,
                p.a_margin,
                p.a_margin_ci
            ));
        }
        s.push_str("\nElo (mean 1500)\n");
        for r in &self.elo {
            s.push_str(&format!("  {:<14} {:>6.0}\n", r.bot, r.elo));
        }
        s
    }

    pub fn csv(&self) -> String {
        let mut s = String::from("a,b,deals,a_wins,draws,b_wins,a_win_rate,a_win_rate_ci95,a_point_share,a_point_share_ci95,a_margin,a_margin_ci95\n");
        for p in &self.pairs {
            s.push_str(&format!(
                "{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4}\n",
                p.a,
                p.b,
                p.deals,
                p.a_wins,
                p.draws,
                p.b_wins,
                p.a_win_rate,
                p.a_win_rate_ci,
                p.a_point_share,
                p.a_point_share_ci,
                p.a_margin,
                p.a_margin_ci
            ));
        }
        s
    }

    /// Win rate of each pair with its 95% interval.
    pub fn svg(&self, path: &Path) -> Result<(), String> {
        let n = self.pairs.len().max(1);
        let root = SVGBackend::new(path, (220 + 140 * n as u32, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let labels: Vec<String> = self
            .pairs
            .iter()
            .map(|p| format!("{} vs {}", p.a, p.b))
            .collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "{}: A's win rate over duplicate deals (95% CI)",
                    self.preset
                ),
                ("sans-serif", 18),
            )
            .margin(20)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..1f64)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_labels(n)
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc("win rate")
            .draw()
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(-0.5, 0.5), (n as f64 - 0.5, 0.5)],
                BLACK.mix(0.3),
            ))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(self.pairs.iter().enumerate().map(|(i, p)| {
                ErrorBar::new_vertical(
                    i as f64,
                    (p.a_win_rate - p.a_win_rate_ci).max(0.0),
                    p.a_win_rate,
                    (p.a_win_rate + p.a_win_rate_ci).min(1.0),
                    BLUE.filled(),
                    12,
                )
            }))
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())
    }

    pub fn write_files(&self, dir: &Path) -> Result<(), String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let json = serde_json::to_string_pretty(self).expect("reports serialize");
        std::fs::write(dir.join("arena.json"), json).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("arena.csv"), self.csv()).map_err(|e| e.to_string())?;
        self.svg(&dir.join("arena.svg"))
    }
}
