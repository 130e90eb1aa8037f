//! The sequential probability ratio test (SPRT) on game pairs, with the mathematics of
//! fastchess and fishtest: a match goes on until the evidence for one of two Elo hypotheses,
//! `H0: elo = elo0` and `H1: elo = elo1`, is strong enough.
//!
//! # The test
//!
//! After each pair the log-likelihood ratio `LLR = ln(L(H1) / L(H0))` of the pentanomial
//! counts is compared with Wald's bounds `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`:
//! at or below the lower bound H0 is accepted, at or above the upper one H1 is, and in
//! between the match goes on. `alpha` is the chance of accepting H1 when H0 holds, `beta` the
//! chance of accepting H0 when H1 holds.
//!
//! # The likelihood ratio
//!
//! A hypothesis fixes one number (the expected score, or its t-value), not the whole
//! distribution of the five pair outcomes, so the ratio is the generalized one: each
//! likelihood is maximized over all outcome distributions `p` that satisfy its hypothesis,
//! and with `phat` the observed frequencies of `N` pairs,
//!
//! ```text
//! LLR = N * sum_i phat_i * (ln p1_i - ln p0_i)
//! ```
//!
//! where `p0` and `p1` are the maximum-likelihood distributions under H0 and H1. This is the
//! exact form that fastchess (`SPRT::getLLR`) and fishtest (`LLRcalc.LLR`) compute, not the
//! Brownian approximation `N (s1 - s0)(2 mean - s0 - s1) / (2 var)`.
//!
//! The pair outcomes are scored `a = 0, 1/4, 1/2, 3/4, 1` (the first engine's fraction of the
//! pair's two points), in the order of [`Pentanomial::counts`].
//!
//! - [`SprtModel::Logistic`]: the hypotheses are expected scores `s = 1 / (1 + 10^(-elo/400))`.
//!   The distribution closest to `phat` with mean `s` is `p_i = phat_i / (1 + theta (a_i - s))`,
//!   `theta` the root of `sum_i phat_i (a_i - s) / (1 + theta (a_i - s)) = 0` (M. Van den
//!   Bergh, "Comparing the approximations for the generalized log likelihood ratio of a
//!   multinomial distribution", Proposition 1.1).
//! - [`SprtModel::Normalized`]: the hypotheses are normalized Elo, `nElo = t * 800 / ln 10`
//!   with `t = (mean - 1/2) / sigma` the t-value of one game's score (the factor makes nElo
//!   equal logistic Elo near 0 when there are no draws). Two games make a pair, so a pair's
//!   score has half a game's variance and the pair t-value is `sqrt(2)` times the game's.
//!   The distribution closest to `phat` with t-value `t` has no closed form; it is the fixed
//!   point of `p_i <- phat_i / (1 + theta phi_i)` with
//!   `phi_i = a_i - 1/2 - (t sigma / 2) (1 + ((a_i - mu) / sigma)^2)`, `mu` and `sigma` those
//!   of the current `p`, and `theta` the root of `sum_i phat_i phi_i / (1 + theta phi_i) = 0`
//!   (Van den Bergh, "Comments on normalized Elo", section 4.1): `sum_i p_i phi_i = 0` is the
//!   constraint `mu - 1/2 = t sigma`, linearized around the current `p`. Like fastchess and
//!   fishtest, the iteration starts from the uniform distribution.
//!
//! Both roots are found by bisection to full precision, and the normalized iteration runs
//! until `p` moves by less than 1e-12. fishtest solves as tightly; fastchess stops the
//! logistic root at a `theta` tolerance of 1e-3, so its logistic LLRs can differ from these
//! by up to about 1e-3 (its normalized ones agree to about 1e-10).
//!
//! # Empty cells
//!
//! A maximum-likelihood distribution is zero wherever `phat` is, and the LLR then rests on
//! fewer outcomes than exist, with a variance that can be zero. As fastchess and fishtest do,
//! every empty cell is counted as 0.001 pairs (and `N` is the sum of these regularized
//! counts), so all five frequencies are positive and the variance never vanishes. With no
//! pairs at all the LLR is 0.

use std::f64::consts::{LN_10, SQRT_2};
use std::fmt;
use std::str::FromStr;

use crate::elo::Pentanomial;
use crate::error::{ArenaError, error};

/// The pair scores, as the first engine's fraction of a pair's two points, in the order of
/// [`Pentanomial::counts`].
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// The count an empty pentanomial cell is given (fastchess and fishtest use the same).
const EMPTY_CELL: f64 = 1e-3;

/// Normalized Elo per unit of t-value: `800 / ln 10`, about 347.4.
const NELO_PER_T: f64 = 800.0 / LN_10;

/// How far the normalized fixed-point iteration may move `p` and still count as converged.
const FIXED_POINT_TOLERANCE: f64 = 1e-12;

/// The most rounds of the normalized fixed-point iteration (it takes about ten).
const FIXED_POINT_ROUNDS: usize = 100;

/// Bisection steps for a secular root: the bracket starts a few units wide, so 200 halvings
/// reach the spacing of floating-point numbers long before the end.
const BISECTION_STEPS: usize = 200;

/// How the Elo bounds of an [`Sprt`] are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SprtModel {
    /// Normalized Elo: the score's distance from 1/2 in standard deviations of one game,
    /// times `800 / ln 10`. fastchess's default; independent of the draw rate.
    #[default]
    Normalized,
    /// Logistic Elo: the expected score is `1 / (1 + 10^(-elo / 400))`.
    Logistic,
}

impl SprtModel {
    /// The model's name in `--sprt`: `normalized` or `logistic`.
    pub fn name(self) -> &'static str {
        match self {
            SprtModel::Normalized => "normalized",
            SprtModel::Logistic => "logistic",
        }
    }

    /// The unit of its Elo bounds: `nElo` or `Elo`.
    pub fn unit(self) -> &'static str {
        match self {
            SprtModel::Normalized => "nElo",
            SprtModel::Logistic => "Elo",
        }
    }
}

impl fmt::Display for SprtModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SprtModel {
    type Err = ArenaError;

    fn from_str(text: &str) -> Result<Self, ArenaError> {
        match text {
            "normalized" => Ok(SprtModel::Normalized),
            "logistic" => Ok(SprtModel::Logistic),
            _ => Err(error(format!("bad --sprt model '{text}': expected normalized or logistic"))),
        }
    }
}

/// What an SPRT says after some pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtStatus {
    /// The LLR lies strictly between the bounds: play on.
    Continue,
    /// The LLR reached the lower bound: the evidence favours `elo0` over `elo1`.
    AcceptH0,
    /// The LLR reached the upper bound: the evidence favours `elo1` over `elo0`.
    AcceptH1,
}

/// A sequential probability ratio test of `H0: elo = elo0` against `H1: elo = elo1` for the
/// first engine of a match, on its game pairs.
///
/// Written as `elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized`; see [`Sprt::from_str`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    model: SprtModel,
}

impl Sprt {
    /// The largest `|elo0|` and `|elo1|` allowed. An SPRT on bounds farther apart ends within
    /// a handful of pairs, and beyond about 231 nElo the normalized iteration, started from
    /// the uniform distribution as fastchess starts it, has no first step.
    pub const MAX_ELO: f64 = 200.0;

    /// A test of `elo0` against `elo1` (both within ±[`Sprt::MAX_ELO`], `elo0 < elo1`) with
    /// error rates `alpha` and `beta`, each in (0, 1) with `alpha + beta < 1`, as fastchess
    /// requires: then the lower bound is negative and the upper one positive.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64, model: SprtModel) -> Result<Sprt, ArenaError> {
        for (key, elo) in [("elo0", elo0), ("elo1", elo1)] {
            if !(-Sprt::MAX_ELO..=Sprt::MAX_ELO).contains(&elo) {
                return Err(error(format!("bad --sprt {key} '{elo}': expected a number from -200 to 200")));
            }
        }
        if elo1 <= elo0 {
            return Err(error(format!("bad --sprt elo1 '{elo1}': it must exceed elo0 '{elo0}'")));
        }
        for (key, rate) in [("alpha", alpha), ("beta", beta)] {
            if !(rate > 0.0 && rate < 1.0) {
                return Err(error(format!("bad --sprt {key} '{rate}': expected a number between 0 and 1")));
            }
        }
        if alpha + beta >= 1.0 {
            return Err(error(format!("bad --sprt alpha '{alpha}' and beta '{beta}': their sum must be below 1")));
        }
        Ok(Sprt { elo0, elo1, alpha, beta, model })
    }

    /// The Elo of H0.
    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    /// The Elo of H1.
    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The chance of accepting H1 when H0 holds.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }

    /// The chance of accepting H0 when H1 holds.
    pub fn beta(&self) -> f64 {
        self.beta
    }

    /// How `elo0` and `elo1` are read.
    pub fn model(&self) -> SprtModel {
        self.model
    }

    /// Wald's bounds on the LLR, `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`: about
    /// `(-2.944, 2.944)` for `alpha = beta = 0.05`.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The generalized log-likelihood ratio of H1 against H0 for these pairs (see the module
    /// documentation). 0 with no pairs; never NaN.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.counts.map(|c| if c == 0 { EMPTY_CELL } else { f64::from(c) });
        let n: f64 = counts.iter().sum();
        let phat = counts.map(|c| c / n);
        let (p0, p1) = match self.model {
            SprtModel::Logistic => {
                (mle_with_mean(&phat, logistic_score(self.elo0)), mle_with_mean(&phat, logistic_score(self.elo1)))
            }
            SprtModel::Normalized => {
                let t = |nelo: f64| SQRT_2 * nelo / NELO_PER_T;
                (mle_with_t_value(&phat, t(self.elo0)), mle_with_t_value(&phat, t(self.elo1)))
            }
        };
        let (Some(p0), Some(p1)) = (p0, p1) else {
            return 0.0;
        };
        let llr = n * (0..5).map(|i| phat[i] * (p1[i].ln() - p0[i].ln())).sum::<f64>();
        if llr.is_finite() { llr } else { 0.0 }
    }

    /// Where an LLR stands against the bounds: H0 at or below the lower one, H1 at or above
    /// the upper one.
    pub fn status_of(&self, llr: f64) -> SprtStatus {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtStatus::AcceptH1
        } else if llr <= lower {
            SprtStatus::AcceptH0
        } else {
            SprtStatus::Continue
        }
    }

    /// Where these pairs leave the test.
    pub fn status(&self, pairs: &Pentanomial) -> SprtStatus {
        self.status_of(self.llr(pairs))
    }

    /// One line on the test's progress: the LLR, the bounds in parentheses, the hypotheses
    /// in brackets with their unit (`nElo` or `Elo`), all with two decimals, and the verdict
    /// once there is one:
    ///
    /// `LLR 1.23 (-2.94, 2.94) [0.00, 5.00] nElo`, and at the end
    /// `LLR 2.95 (-2.94, 2.94) [0.00, 5.00] nElo: H1 accepted`.
    pub fn describe(&self, pairs: &Pentanomial) -> String {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        let verdict = match self.status_of(llr) {
            SprtStatus::Continue => "",
            SprtStatus::AcceptH0 => ": H0 accepted",
            SprtStatus::AcceptH1 => ": H1 accepted",
        };
        format!(
            "LLR {llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}] {}{verdict}",
            self.elo0,
            self.elo1,
            self.model.unit()
        )
    }
}

impl FromStr for Sprt {
    type Err = ArenaError;

    /// Reads `elo0=A,elo1=B[,alpha=X][,beta=Y][,model=normalized|logistic]`, keys in any
    /// order, spaces around the commas allowed. `alpha` and `beta` default to 0.05 and the
    /// model to normalized; the values must satisfy [`Sprt::new`].
    fn from_str(text: &str) -> Result<Self, ArenaError> {
        if text.trim().is_empty() {
            return Err(error("empty --sprt: expected elo0=A,elo1=B[,alpha=X,beta=Y,model=normalized|logistic]"));
        }
        let mut elos: [Option<f64>; 2] = [None, None];
        let mut rates: [Option<f64>; 2] = [None, None];
        let mut model = None;
        for part in text.split(',').map(str::trim) {
            let Some((key, value)) = part.split_once('=') else {
                return Err(error(format!("bad --sprt field '{part}': expected KEY=VALUE")));
            };
            let (key, value) = (key.trim(), value.trim());
            if value.is_empty() {
                return Err(error(format!("--sprt key '{key}' has no value")));
            }
            let twice = || error(format!("--sprt key '{key}' given twice"));
            let slot = match key {
                "elo0" => &mut elos[0],
                "elo1" => &mut elos[1],
                "alpha" => &mut rates[0],
                "beta" => &mut rates[1],
                "model" => {
                    if model.is_some() {
                        return Err(twice());
                    }
                    model = Some(value.parse::<SprtModel>()?);
                    continue;
                }
                _ => return Err(error(format!("bad --sprt key '{key}': expected elo0, elo1, alpha, beta or model"))),
            };
            if slot.is_some() {
                return Err(twice());
            }
            match value.parse::<f64>() {
                Ok(x) if x.is_finite() => *slot = Some(x),
                _ => return Err(error(format!("bad --sprt {key} '{value}': expected a number"))),
            }
        }
        let [Some(elo0), Some(elo1)] = elos else {
            let missing = if elos[0].is_none() { "elo0" } else { "elo1" };
            return Err(error(format!("--sprt '{text}' has no {missing}: expected elo0=A,elo1=B")));
        };
        Sprt::new(elo0, elo1, rates[0].unwrap_or(0.05), rates[1].unwrap_or(0.05), model.unwrap_or_default())
    }
}

impl fmt::Display for Sprt {
    /// Every key, in the order `elo0, elo1, alpha, beta, model`; numbers in their shortest
    /// exact form, so the text parses back to the same test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "elo0={},elo1={},alpha={},beta={},model={}", self.elo0, self.elo1, self.alpha, self.beta, self.model)
    }
}

/// The expected score of logistic Elo `elo`.
fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The mean and variance of the pair scores under `p`.
fn mean_and_variance(p: &[f64; 5]) -> (f64, f64) {
    let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
    let variance = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
    (mean, variance)
}

/// The distribution `phat_i / (1 + theta x_i)` for the root `theta` of the secular equation
/// `sum_i phat_i x_i / (1 + theta x_i) = 0`: the one closest to `phat` (in likelihood) with
/// `sum_i p_i x_i = 0`. It sums to 1, since `sum_i p_i = sum_i phat_i - theta sum_i p_i x_i`.
///
/// With every `phat_i > 0` the left side falls strictly from `+inf` to `-inf` as `theta`
/// crosses the open interval `(-1 / max x, -1 / min x)`, where all `1 + theta x_i > 0`; it
/// has a root there exactly when `min x < 0 < max x`, and `None` is returned otherwise.
fn secular(phat: &[f64; 5], x: &[f64; 5]) -> Option<[f64; 5]> {
    let lowest = x.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(lowest < 0.0 && highest > 0.0) {
        return None;
    }
    let g = |theta: f64| (0..5).map(|i| phat[i] * x[i] / (1.0 + theta * x[i])).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
    for _ in 0..BISECTION_STEPS {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        let value = g(mid);
        if value > 0.0 {
            lo = mid;
        } else if value < 0.0 {
            hi = mid;
        } else {
            (lo, hi) = (mid, mid);
            break;
        }
    }
    let theta = 0.5 * (lo + hi);
    let p = std::array::from_fn(|i| phat[i] / (1.0 + theta * x[i]));
    p.iter().all(|&q: &f64| q > 0.0 && q.is_finite()).then_some(p)
}

/// The maximum-likelihood distribution of pair outcomes with mean score `s`, given the
/// observed frequencies `phat` (all positive).
fn mle_with_mean(phat: &[f64; 5], s: f64) -> Option<[f64; 5]> {
    secular(phat, &PAIR_SCORES.map(|a| a - s))
}

/// The maximum-likelihood distribution of pair outcomes whose t-value
/// `(mean - 1/2) / sigma` is `t`, given the observed frequencies `phat` (all positive): the
/// fixed point of the linearized problem, started from the uniform distribution.
///
/// Every step has a root when `|t| < 2 sqrt(2) / 3` (pair t-value, about 231 nElo): the
/// uniform start has `phi` of both signs then, and each later step starts from a `p` whose
/// t-value is at least `t` (for `t > 0`; mirrored below 0), since `mu' - 1/2` equals
/// `(t / 2) (sigma + (sigma'^2 + (mu' - mu)^2) / sigma) >= t sigma'`, which again gives `phi`
/// of both signs. [`Sprt::MAX_ELO`] keeps `t` in that range.
fn mle_with_t_value(phat: &[f64; 5], t: f64) -> Option<[f64; 5]> {
    let mut p = [0.2; 5];
    for _ in 0..FIXED_POINT_ROUNDS {
        let (mu, variance) = mean_and_variance(&p);
        let sigma = variance.sqrt();
        let phi = PAIR_SCORES.map(|a| a - 0.5 - 0.5 * t * sigma * (1.0 + ((a - mu) / sigma).powi(2)));
        let next = secular(phat, &phi)?;
        let moved = (0..5).map(|i| (next[i] - p[i]).abs()).fold(0.0, f64::max);
        p = next;
        if moved < FIXED_POINT_TOLERANCE {
            break;
        }
    }
    Some(p)
}

#[cfg(test)]
mod tests;
