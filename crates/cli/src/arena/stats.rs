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
pub fn elo(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<f64> {
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
    strength
        .iter()
        .map(|x| 1500.0 + 400.0 * x.log10())
        .collect()
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
    fn elo_two_players_matches_logistic() {
        // 75% against each other: 400·log10(3) ≈ 191 apart (with the half-game prior, a little less).
        let e = elo(
            &[vec![0.0, 750.0], vec![250.0, 0.0]],
            &[vec![0.0, 1000.0], vec![1000.0, 0.0]],
        );
        let diff = e[0] - e[1];
        assert!((diff - 190.8).abs() < 1.5, "{diff}");
        assert!(((e[0] + e[1]) / 2.0 - 1500.0).abs() < 1e-6);
    }
}
