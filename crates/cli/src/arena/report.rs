//! Arena results: the table on screen, JSON, CSV and an SVG chart.

use super::stats::{elo_with_ci, mean_ci, share_ci, wilson};
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
    /// A's score per deal set: wins + half the draws (0..1), with its 95%
    /// Wilson interval.
    pub a_win_rate: f64,
    pub a_win_rate_low: f64,
    pub a_win_rate_high: f64,
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
        let rate = outcome.iter().sum::<f64>() / outcome.len().max(1) as f64;
        let (low, high) = wilson(rate, outcome.len() as f64);
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
            a_win_rate_low: low,
            a_win_rate_high: high,
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
    /// 95% half-width of the rating.
    pub elo_ci: f64,
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
        let (ratings, cis) = elo_with_ci(&score, &games);
        let mut elo: Vec<Rating> = names
            .into_iter()
            .zip(ratings.into_iter().zip(cis))
            .map(|(bot, (elo, elo_ci))| Rating { bot, elo, elo_ci })
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

    /// The results as a text table, every column with its unit.
    pub fn table(&self) -> String {
        // Sixes and Sevens scores tricks, not game points.
        let points = if self.preset == "sixes-and-sevens" {
            "tricks"
        } else {
            "game points"
        };
        let (unit, units) = if self.matches {
            ("match", "matches")
        } else {
            ("deal", "deals")
        };
        let mut s = format!(
            "arena {} — {} duplicate {units} per pair (each over every seat rotation), seed {}\n\n\
             {:<13} {:<13} {:>11} {:>20} {:>14} {:>16}\n",
            self.preset,
            self.deals_per_pair,
            self.seed,
            "A",
            "B",
            "W-D-L (sets)",
            "A wins % (95% CI)",
            "A share % pts",
            format!("A−B pts/{unit} set"),
        );
        for p in &self.pairs {
            s.push_str(&format!(
                "{:<13} {:<13} {:>11} {:>6.1} ({:>4.1}–{:>5.1}) {:>7.1} ± {:>4.1} {:>8.2} ± {:>5.2}\n",
                p.a,
                p.b,
                format!("{}-{}-{}", p.a_wins, p.draws, p.b_wins),
                100.0 * p.a_win_rate,
                100.0 * p.a_win_rate_low,
                100.0 * p.a_win_rate_high,
                100.0 * p.a_point_share,
                100.0 * p.a_point_share_ci,
                p.a_margin,
                p.a_margin_ci
            ));
        }
        s.push_str(&format!(
            "\nwins: duplicate sets won (a draw counts half); share: of the game points \
             gained; pts: {points} per {unit} set\n\nElo (mean 1500, 95% CI)\n"
        ));
        for r in &self.elo {
            s.push_str(&format!(
                "  {:<14} {:>6.0} ± {:.0}\n",
                r.bot, r.elo, r.elo_ci
            ));
        }
        s
    }

    pub fn csv(&self) -> String {
        let mut s = String::from("a,b,deals,a_wins,draws,b_wins,a_win_rate,a_win_rate_low95,a_win_rate_high95,a_point_share,a_point_share_ci95,a_margin_points,a_margin_points_ci95\n");
        for p in &self.pairs {
            s.push_str(&format!(
                "{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4}\n",
                p.a,
                p.b,
                p.deals,
                p.a_wins,
                p.draws,
                p.b_wins,
                p.a_win_rate,
                p.a_win_rate_low,
                p.a_win_rate_high,
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
        let title = format!("{}: win rate of A (95% Wilson CI)", self.preset);
        // Wide enough for the title at 18 px (about 10 px a character).
        let width = (220 + 140 * n as u32).max(10 * title.chars().count() as u32 + 60);
        let root = SVGBackend::new(path, (width, 420)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let labels: Vec<String> = self
            .pairs
            .iter()
            .map(|p| format!("{} vs {}", p.a, p.b))
            .collect();
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
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
                    p.a_win_rate_low,
                    p.a_win_rate,
                    p.a_win_rate_high,
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
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
        };
        write("arena.json", &json)?;
        write("arena.csv", &self.csv())?;
        let svg = dir.join("arena.svg");
        self.svg(&svg)
            .map_err(|e| format!("cannot write {}: {e}", svg.display()))
    }
}
