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
