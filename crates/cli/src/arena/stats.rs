//! Confidence intervals and Elo ratings for arena results.

/// 95% two-sided normal quantile.
const Z95: f64 = 1.959_963_985;

/// Mean and 95% confidence half-width of per-pair outcomes.
pub fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (var / n).sqrt())
}

/// Wilson score 95% interval (low, high) for a rate `p` observed over `n`
/// trials: unlike the normal interval it stays inside 0..1 and is not
/// "± 0" at 0% or 100%. Draws count as half a win in `p`.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A ratio of sums ΣX / Σ(X+Y) with a delta-method 95% half-width, for the
/// share of game points one side took over paired deals.
pub fn share_ci(mine: &[f64], theirs: &[f64]) -> (f64, f64) {
    let n = mine.len() as f64;
    let total: f64 = mine.iter().zip(theirs).map(|(a, b)| a + b).sum();
    if mine.is_empty() || total == 0.0 {
        return (0.5, 0.0);
    }
    let r = mine.iter().sum::<f64>() / total;
    let mean_total = total / n;
    let resid: Vec<f64> = mine
        .iter()
        .zip(theirs)
        .map(|(a, b)| a - r * (a + b))
        .collect();
    let var = resid.iter().map(|d| d * d).sum::<f64>() / (n - 1.0).max(1.0);
    (r, Z95 * (var / n).sqrt() / mean_total)
}

/// Elo ratings (mean 1500) fitted to pairwise scores by the Bradley–Terry
/// MM algorithm. `score[i][j]` is what i scored against j (wins + half
/// draws), `games[i][j]` how many pairings they had. Half a win and half a
/// loss are added to every played pairing so that a clean sweep stays finite.
///
/// Each rating comes with its 95% half-width, from the Bradley–Terry
/// likelihood's information at the fit (the ratings are relative to their
/// mean, so the covariance is the pseudo-inverse of the information
/// matrix, a graph Laplacian).
pub fn elo_with_ci(score: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let k = score.len();
    let mut strength = vec![1.0f64; k];
    let s = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            score[i][j] + 0.5
        } else {
            0.0
        }
    };
    let g = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            games[i][j] + 1.0
        } else {
            0.0
        }
    };
    for _ in 0..2000 {
        let mut next = strength.clone();
        for i in 0..k {
            let wins: f64 = (0..k).filter(|&j| j != i).map(|j| s(i, j)).sum();
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| g(i, j) / (strength[i] + strength[j]))
                .sum();
            if denom > 0.0 {
                next[i] = wins / denom;
            }
        }
        let geo = (next.iter().map(|x| x.ln()).sum::<f64>() / k as f64).exp();
        for x in &mut next {
            *x /= geo;
        }
        strength = next;
    }
    let ratings = strength
        .iter()
        .map(|x| 1500.0 + 400.0 * x.log10())
        .collect();
    // Information of the log-strengths: off-diagonal −g·p·(1−p).
    let mut info = vec![vec![0.0; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j && games[i][j] > 0.0 {
                let p = strength[i] / (strength[i] + strength[j]);
                let w = g(i, j) * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    // pinv(L) = (L + J/k)⁻¹ − J/k for a connected comparison graph.
    let kf = k as f64;
    for row in &mut info {
        for x in row.iter_mut() {
            *x += 1.0 / kf;
        }
    }
    let per_ln = 400.0 / std::f64::consts::LN_10;
    let ci = match invert(info) {
        Some(inv) => (0..k)
            .map(|i| Z95 * per_ln * (inv[i][i] - 1.0 / kf).max(0.0).sqrt())
            .collect(),
        None => vec![f64::INFINITY; k],
    };
    (ratings, ci)
}

/// Gauss–Jordan inverse of a small matrix; `None` if singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = a[r][col];
                for j in 0..n {
                    a[r][j] -= f * a[col][j];
                    inv[r][j] -= f * inv[col][j];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ci_of_constant_is_zero() {
        assert_eq!(mean_ci(&[1.0, 1.0, 1.0]), (1.0, 0.0));
        let (m, h) = mean_ci(&[0.0, 1.0, 0.0, 1.0]);
        assert!((m - 0.5).abs() < 1e-12 && h > 0.4 && h < 0.6);
    }

    #[test]
    fn share_is_ratio_of_sums() {
        let (r, h) = share_ci(&[3.0, 1.0, 2.0], &[1.0, 1.0, 2.0]);
        assert!((r - 0.6).abs() < 1e-12);
        assert!(h > 0.0);
    }

    #[test]
    fn wilson_is_proper_at_the_edges() {
        let (lo, hi) = wilson(1.0, 50.0);
        assert!(hi == 1.0 && lo > 0.9 && lo < 0.95, "{lo}");
        let (lo, hi) = wilson(0.0, 50.0);
        assert!(lo == 0.0 && hi > 0.05 && hi < 0.1, "{hi}");
        let (lo, hi) = wilson(0.5, 1000.0);
        assert!((0.5 - lo - 0.031).abs() < 0.001 && (hi - 0.5 - 0.031).abs() < 0.001);
    }

    #[test]
    fn elo_interval_shrinks_with_games() {
        let fit = |n: f64| {
            elo_with_ci(
                &[vec![0.0, 0.6 * n], vec![0.4 * n, 0.0]],
                &[vec![0.0, n], vec![n, 0.0]],
            )
        };
        let (_, small) = fit(100.0);
        let (_, big) = fit(10_000.0);
        assert!(small[0] > 5.0 * big[0] && big[0] > 1.0, "{small:?} {big:?}");
        // Two players: each rating's half-width is half the difference's,
        // about 1.96 · 400/ln10 · sqrt(1/(n p q)) / 2.
        let expect = 1.96 * 173.7 * (1.0f64 / (10_001.0 * 0.24)).sqrt() / 2.0;
        assert!((big[0] - expect).abs() < 0.2, "{} vs {expect}", big[0]);
    }

    #[test]
    fn elo_two_players_matches_logistic() {
        // 75% against each other: 400·log10(3) ≈ 191 apart (with the half-game prior, a little less).
        let (e, _) = elo_with_ci(
            &[vec![0.0, 750.0], vec![250.0, 0.0]],
            &[vec![0.0, 1000.0], vec![1000.0, 0.0]],
        );
        let diff = e[0] - e[1];
        assert!((diff - 190.8).abs() < 1.5, "{diff}");
        assert!(((e[0] + e[1]) / 2.0 - 1500.0).abs() < 1e-6);
    }
}
