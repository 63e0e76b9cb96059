//! The statistics a series of games is reported with: 95% Wilson score
//! intervals, and the Elo difference a score stands for.

/// The 95% Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Elo difference that expects a score of `s` (infinite at 0 and 1).
pub fn elo(s: f64) -> f64 {
    // Within rounding of 0 or 1 (a Wilson bound at a perfect score) is infinite, not a huge number.
    if s <= 1e-9 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 - 1e-9 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_intervals_match_published_values() {
        // 0 of 10: 0 to 0.2775; 5 of 10: 0.2366 to 0.7634 (Wilson, 95%).
        let (lo, hi) = wilson(0.0, 10.0);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4, "{hi}");
        let (lo, hi) = wilson(5.0, 10.0);
        assert!((lo - 0.2366).abs() < 1e-4 && (hi - 0.7634).abs() < 1e-4, "{lo} {hi}");
        assert_eq!(wilson(3.0, 0.0), (0.0, 1.0));
    }

    #[test]
    fn elo_of_a_score() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), f64::INFINITY);
        assert_eq!(elo(wilson(60.0, 60.0).1), f64::INFINITY);
    }
}
