//! The Elo mathematics of a two-engine match: the normal distribution, the Elo difference of
//! a score, and estimates with a 95% interval and the likelihood of superiority from single
//! games (trinomial) and from game pairs (pentanomial).
//!
//! Conventions follow cutechess-cli and fastchess: the score is wins plus half the draws, the
//! Elo difference of a score `s` is `-400 log10(1/s - 1)`, and the interval is the normal
//! approximation of the mean score's distribution, mapped to Elo.
/// The two-sided 95% quantile of the normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The error function, to about 1e-7 (Abramowitz and Stegun 7.1.26).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly =
        t * (0.254_829_592 + t * (-0.284_496_736 + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// The standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The Elo difference that a score fraction `s` stands for (infinite at 0 and 1).
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / s - 1.0).log10()
    }
}

/// An Elo estimate with its 95% interval and the likelihood of superiority.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The mean score fraction.
    pub score: f64,
    /// The Elo difference.
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
    /// The probability that the first engine is the stronger one.
    pub los: f64,
}

/// The estimate from a sample whose values `outcomes[i]` (score fractions) occur `counts[i]`
/// times: the mean, its standard error, the interval through [`elo`].
fn estimate(outcomes: &[f64], counts: &[u32]) -> Option<EloEstimate> {
    let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
    if n == 0.0 {
        return None;
    }
    let mean = outcomes.iter().zip(counts).map(|(x, &c)| x * f64::from(c)).sum::<f64>() / n;
    let variance = outcomes.iter().zip(counts).map(|(x, &c)| (x - mean).powi(2) * f64::from(c)).sum::<f64>() / n;
    let se = (variance / n).sqrt();
    let los = if se > 0.0 {
        phi((mean - 0.5) / se)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(EloEstimate { score: mean, elo: elo(mean), low: elo(mean - Z95 * se), high: elo(mean + Z95 * se), los })
}

/// Single games counted as win, draw, loss (for the first engine).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Trinomial {
    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The Elo estimate, or `None` with no games. The likelihood of superiority is the
    /// usual `Phi((W - L) / sqrt(W + L))`, which ignores draws.
    pub fn estimate(&self) -> Option<EloEstimate> {
        let mut e = estimate(&[1.0, 0.5, 0.0], &[self.wins, self.draws, self.losses])?;
        let decisive = f64::from(self.wins + self.losses);
        let margin = f64::from(self.wins) - f64::from(self.losses);
        e.los = if decisive > 0.0 { phi(margin / decisive.sqrt()) } else { 0.5 };
        Some(e)
    }
}

/// Game pairs (one opening, seats swapped) counted by the first engine's points in the
/// pair: `counts[k]` pairs scored `k / 2` points (0, 0.5, 1, 1.5 or 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs by points times two.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// The number of pairs.
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// The Elo estimate from the variance of pair scores, or `None` with no pairs. A pair's
    /// two games are correlated (same opening), so this interval is the honest one.
    pub fn estimate(&self) -> Option<EloEstimate> {
        estimate(&[0.0, 0.25, 0.5, 0.75, 1.0], &self.counts)
    }
}

/// An Elo value with its sign and one decimal, `inf` at the ends.
pub fn format_elo(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "+inf".into() } else { "-inf".into() };
    }
    if x.is_nan() {
        return "nan".into();
    }
    format!("{x:+.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn erf_and_phi_match_tables() {
        assert!(close(erf(0.0), 0.0, 1e-9));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(-0.5), -0.520_499_877_8, 2e-7));
        assert!(close(phi(1.0), 0.841_344_746, 2e-7));
        assert!(close(phi(Z95), 0.975, 1e-6));
    }

    #[test]
    fn a_75_percent_score_is_190_8_elo() {
        assert!(close(elo(0.75), 190.848, 1e-3));
        assert!(close(elo(0.25), -190.848, 1e-3));
        assert_eq!(format_elo(elo(0.75)), "+190.8");
        assert_eq!(elo(0.5), 0.0);
        assert_eq!(format_elo(elo(1.0)), "+inf");
        // 30 wins, 10 losses: 75%.
        let t = Trinomial { wins: 30, draws: 0, losses: 10 }.estimate().unwrap();
        assert!(close(t.elo, 190.848, 1e-3));
    }

    #[test]
    fn an_even_score_is_zero_with_a_symmetric_interval() {
        let t = Trinomial { wins: 7, draws: 6, losses: 7 }.estimate().unwrap();
        assert_eq!(t.elo, 0.0);
        assert!(t.low < -10.0 && close(t.low, -t.high, 1e-9), "{t:?}");
        assert!(close(t.los, 0.5, 1e-7));
        let p = Pentanomial { counts: [1, 2, 4, 2, 1] }.estimate().unwrap();
        assert_eq!(p.elo, 0.0);
        assert!(p.low < 0.0 && close(p.low, -p.high, 1e-9), "{p:?}");
    }

    #[test]
    fn trinomial_interval_by_hand() {
        // 6 wins, 3 losses, 1 draw: mean 0.65, variance (6*.35^2 + .15^2 + 3*.65^2)/10
        // = 0.2025, standard error sqrt(0.02025) = 0.142302; 95%: 0.65 -/+ 0.278907.
        let t = Trinomial { wins: 6, draws: 1, losses: 3 }.estimate().unwrap();
        assert!(close(t.score, 0.65, 1e-12));
        assert!(close(t.low, elo(0.371_093), 0.05), "{t:?}");
        assert!(close(t.high, elo(0.928_907), 0.05), "{t:?}");
        // LOS from wins and losses: Phi(3 / 3) = 0.8413.
        assert!(close(t.los, 0.841_345, 1e-6));
    }

    #[test]
    fn pentanomial_interval_by_hand() {
        // Pairs scored 1, 1.5, 1.5, 2 (of 2): fractions .5 .75 .75 1, mean 0.75, variance
        // (.0625 + 0 + 0 + .0625) / 4 = 0.03125, standard error sqrt(0.03125 / 4) = 0.088388.
        let p = Pentanomial { counts: [0, 0, 1, 2, 1] }.estimate().unwrap();
        assert!(close(p.score, 0.75, 1e-12));
        assert!(close(p.low, elo(0.75 - 0.173_237), 0.05), "{p:?}");
        assert!(close(p.high, elo(0.75 + 0.173_237), 0.05), "{p:?}");
        assert!(close(p.los, phi(0.25 / 0.088_388), 1e-5));
    }
}
