//! Texel tuning: fitting an evaluator's weights to the results of games.
//!
//! Each [`Sample`] is a position of a finished game with every seat's final score (1 for a
//! win, 0 for a loss, 1/k for a k-way shared first; with teams, the team's). The
//! evaluator's prediction for a seat is `sigmoid(margin / K)`, where the margin is what the
//! searchers maximise ([`margins`]: the seat's team's value minus the best other team's),
//! and the loss is the mean squared error of the predictions over every sample and seat.
//! Squared error rather than log loss: a position early in a game that was later thrown
//! away carries a wrong target, and squared error, bounded by 1 a seat, lets such a position
//! pull no harder than any other.
//!
//! The scale `K` is fitted first, to the starting weights ([`fit_k`]); then [`tune`] fits the
//! weights in two phases, needing nothing of the evaluator but its [`Tunable`] weights:
//!
//! * **Gauss-Newton** (damped: Levenberg-Marquardt), while its steps pay: the derivatives
//!   of every prediction by every weight, as difference quotients, give the curvature of
//!   the loss, so one step moves all the weights at once, and terms that count much the
//!   same things (Echelon's moves and safe moves, its top counters and free ones) are weighed
//!   against each other where one weight at a time would zigzag down their valley for
//!   many passes and stop short;
//! * **local search**, as the original Texel method, to settle the integers: one weight at
//!   a time, with a step of its own, a move that lowers the loss kept and tried again with
//!   twice the step, a step that finds nothing either way halved (at 0 the weight is
//!   settled); each pass ends with Hooke and Jeeves' pattern move along what it changed.
//!
//! After every pass the loss on held-out samples (positions of other games) is measured,
//! and the search stops when that loss stops improving, keeping the best pass's weights.

use std::time::{Duration, Instant};

use rayon::prelude::*;
use tabula_rules::MAX_SEATS;

use crate::api::{EngineGame, Evaluator, Score};
use crate::search::simple::margins;
use crate::weights::{MAX_WEIGHT, Tunable};

/// A position of a finished game and every seat's final score in it.
#[derive(Clone, Debug)]
pub struct Sample<G> {
    /// The position (a game still running).
    pub game: G,
    /// Each seat's share of the result, 0 to 1 (entries past the game's seats unused).
    pub target: [f64; MAX_SEATS],
}

/// Samples a thread takes at a time: sums are made per chunk and added in order, so that
/// the loss does not depend on how the work was shared.
const CHUNK: usize = 256;

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean squared error of `eval`'s predictions on `samples` at scale `k`: over every
/// sample and seat, `(sigmoid(margin / k) - target)²`. 0 for no samples.
pub fn loss<G: EngineGame, E: Evaluator<G>>(eval: &E, samples: &[Sample<G>], k: f64) -> f64 {
    let sums: Vec<(f64, usize)> = samples
        .par_chunks(CHUNK)
        .map(|chunk| {
            let (mut sum, mut count) = (0.0, 0);
            for sample in chunk {
                let margins = margins(eval, &sample.game);
                for (margin, target) in margins.iter().zip(&sample.target).take(sample.game.seats()) {
                    let error = sigmoid(f64::from(*margin) / k) - target;
                    sum += error * error;
                    count += 1;
                }
            }
            (sum, count)
        })
        .collect();
    let (sum, count) = sums.into_iter().fold((0.0, 0), |(s, c), (sum, count)| (s + sum, c + count));
    if count == 0 { 0.0 } else { sum / count as f64 }
}

/// The smallest and largest scale [`fit_k`] considers, in evaluation units.
pub const K_RANGE: (f64, f64) = (1.0, 100_000.0);

/// The scale `K` at which `eval` predicts `samples` best: a golden-section search of the
/// loss over `ln K` within [`K_RANGE`].
pub fn fit_k<G: EngineGame, E: Evaluator<G>>(eval: &E, samples: &[Sample<G>]) -> f64 {
    let at = |x: f64| loss(eval, samples, x.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (K_RANGE.0.ln(), K_RANGE.1.ln());
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (at(c), at(d));
    while b - a > 1e-4 {
        if fc <= fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = at(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = at(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// How long [`tune`] may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopping {
    /// At most this many passes over the weights.
    pub passes: usize,
    /// Stop after this many passes in a row that moved weights without lowering the best
    /// held-out loss (passes that move nothing leave it as it was and do not count).
    pub patience: usize,
}

impl Default for Stopping {
    fn default() -> Self {
        Stopping { passes: 50, patience: 2 }
    }
}

/// One pass of [`tune`] over the weights (pass 0: the starting weights).
#[derive(Clone, Debug, PartialEq)]
pub struct Pass {
    /// The pass, from 1; 0 for the start.
    pub number: usize,
    /// The loss on the training samples after it.
    pub train: f64,
    /// The loss on the held-out samples after it, if there are any.
    pub held_out: Option<f64>,
    /// The weights it moved.
    pub changed: usize,
    /// How it moved them.
    pub method: Method,
    /// The time since the tuning started.
    pub elapsed: Duration,
    /// The weights after it.
    pub weights: Vec<Score>,
}

/// How a pass of [`tune`] moves the weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Pass 0: the starting weights, measured.
    Start,
    /// A damped Gauss-Newton step (Levenberg-Marquardt) on all the weights at once.
    GaussNewton,
    /// The local search: one weight at a time, then a pattern move.
    Local,
}

impl Method {
    /// Its name in a report: `start`, `gauss-newton` or `local`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Start => "start",
            Method::GaussNewton => "gauss-newton",
            Method::Local => "local",
        }
    }
}

/// What [`tune`] is doing, for a progress display.
#[derive(Debug)]
pub enum Progress<'a> {
    /// Pass `pass` starts a Gauss-Newton step on all the weights.
    Step {
        /// The pass, from 1.
        pass: usize,
    },
    /// Pass `pass` of the local search starts on weight `weight` (from 0).
    Weight {
        /// The pass, from 1.
        pass: usize,
        /// The weight's index.
        weight: usize,
    },
    /// A pass has ended (pass 0: the start measured).
    Pass(&'a Pass),
}

/// Why [`tune`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every weight settled: no step of any weight lowers the training loss.
    Converged,
    /// The held-out loss stopped improving ([`Stopping::patience`]).
    HeldOut,
    /// [`Stopping::passes`] ran out.
    Passes,
}

/// The result of [`tune`].
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// Every pass, the start (pass 0) first.
    pub passes: Vec<Pass>,
    /// The pass whose weights are the result: the one with the lowest held-out loss, or
    /// the last without held-out samples.
    pub best: usize,
    /// Why it stopped.
    pub stop: Stop,
}

impl Tuned {
    /// The weights found.
    pub fn weights(&self) -> &[Score] {
        &self.passes[self.best].weights
    }
}

/// The search's state: the weights, their loss on the training samples, and each weight's
/// step in the local search.
struct Search<'a, G, E> {
    eval: E,
    train: &'a [Sample<G>],
    k: f64,
    weights: Vec<Score>,
    loss: f64,
    steps: Vec<Score>,
}

impl<G: EngineGame, E: Evaluator<G> + Tunable + Clone> Search<'_, G, E> {
    /// The loss of `weights` on `samples`.
    fn loss_of(&mut self, weights: &[Score], samples: &[Sample<G>]) -> f64 {
        self.eval.set_weights(weights);
        loss(&self.eval, samples, self.k)
    }

    /// Moves to `trial` if it lowers the training loss; whether it did.
    fn improves(&mut self, trial: Vec<Score>) -> bool {
        let l = self.loss_of(&trial, self.train);
        let better = l < self.loss;
        if better {
            (self.weights, self.loss) = (trial, l);
        }
        better
    }

    /// The pass that has just ended, its weights measured on `held_out`.
    fn pass(
        &mut self,
        number: usize,
        before: &[Score],
        method: Method,
        held_out: &[Sample<G>],
        clock: Instant,
    ) -> Pass {
        let weights = self.weights.clone();
        let changed = weights.iter().zip(before).filter(|(w, b)| w != b).count();
        let held_out = (!held_out.is_empty()).then(|| self.loss_of(&weights, held_out));
        Pass { number, train: self.loss, held_out, changed, method, elapsed: clock.elapsed(), weights }
    }

    /// The normal equations of a Gauss-Newton step at the weights: `JᵀJ` (row by row) and
    /// `Jᵀr`, where `r` are the predictions' errors and `J` their derivatives by the
    /// weights, each taken as a difference quotient over a step of the weight (an eighth of
    /// it, at least 4: terms divided by a constant need a step that survives the division).
    fn normal_equations(&self) -> (Vec<f64>, Vec<f64>) {
        let n = self.weights.len();
        let probes: Vec<(E, f64)> = (0..n)
            .map(|i| {
                let mut weights = self.weights.clone();
                let h = (weights[i].abs() / 8).max(4);
                weights[i] = (weights[i] + h).min(MAX_WEIGHT);
                let h = weights[i] - self.weights[i];
                if h == 0 {
                    weights[i] -= 4;
                }
                let mut eval = self.eval.clone();
                eval.set_weights(&weights);
                (eval, f64::from(weights[i] - self.weights[i]))
            })
            .collect();
        let mut base = self.eval.clone();
        base.set_weights(&self.weights);
        let parts: Vec<(Vec<f64>, Vec<f64>)> = self
            .train
            .par_chunks(CHUNK)
            .map(|chunk| {
                let (mut a, mut g) = (vec![0.0; n * n], vec![0.0; n]);
                let mut row = vec![0.0; n];
                for sample in chunk {
                    let m0 = margins(&base, &sample.game);
                    let moved: Vec<[Score; MAX_SEATS]> = probes.iter().map(|(e, _)| margins(e, &sample.game)).collect();
                    for seat in 0..sample.game.seats() {
                        let p = sigmoid(f64::from(m0[seat]) / self.k);
                        let slope = p * (1.0 - p) / self.k;
                        for (i, ((_, h), m)) in probes.iter().zip(&moved).enumerate() {
                            row[i] = slope * f64::from(m[seat] - m0[seat]) / h;
                        }
                        let error = p - sample.target[seat];
                        for i in 0..n {
                            g[i] += row[i] * error;
                            for l in 0..n {
                                a[i * n + l] += row[i] * row[l];
                            }
                        }
                    }
                }
                (a, g)
            })
            .collect();
        parts.into_iter().fold((vec![0.0; n * n], vec![0.0; n]), |(mut a, mut g), (pa, pg)| {
            a.iter_mut().zip(pa).for_each(|(x, y)| *x += y);
            g.iter_mut().zip(pg).for_each(|(x, y)| *x += y);
            (a, g)
        })
    }

    /// One Levenberg-Marquardt step: solves `(JᵀJ + λ diag(JᵀJ)) δ = -Jᵀr` and moves to the
    /// weights plus `δ`, rounded, if that lowers the loss; else raises the damping `λ`
    /// (a shorter step, nearer the gradient's direction) and tries again, a few times.
    /// Whether it moved.
    fn gauss_newton(&mut self, damping: &mut f64) -> bool {
        let n = self.weights.len();
        let (a, g) = self.normal_equations();
        for _ in 0..8 {
            let mut m = a.clone();
            for i in 0..n {
                m[i * n + i] += *damping * a[i * n + i] + 1e-12;
            }
            let rhs: Vec<f64> = g.iter().map(|x| -x).collect();
            if let Some(delta) = solve(&mut m, rhs, n) {
                let trial: Vec<Score> = (self.weights.iter().zip(&delta))
                    .map(|(&w, d)| {
                        (f64::from(w) + d).round().clamp(-f64::from(MAX_WEIGHT), f64::from(MAX_WEIGHT)) as Score
                    })
                    .collect();
                if trial != self.weights && self.improves(trial) {
                    *damping = (*damping / 4.0).max(1e-9);
                    return true;
                }
            }
            *damping *= 8.0;
        }
        false
    }

    /// Tries weight `i` a step up, then down, and while a move improves, one twice as long
    /// the same way; settles the step at the last that paid, or halves it if none did.
    fn coordinate(&mut self, i: usize) {
        for direction in [1, -1] {
            let mut step = self.steps[i];
            let mut moved = false;
            loop {
                let mut trial = self.weights.clone();
                trial[i] = (trial[i] + direction * step).clamp(-MAX_WEIGHT, MAX_WEIGHT);
                if trial[i] == self.weights[i] || !self.improves(trial) {
                    break;
                }
                moved = true;
                step = step.saturating_mul(2).min(MAX_WEIGHT);
            }
            if moved {
                self.steps[i] = (step / 2).max(1);
                return;
            }
        }
        self.steps[i] /= 2;
    }

    /// Hooke and Jeeves' pattern move: the pass moved the weights from `before` to where
    /// they are; along a valley that no single weight follows (two terms that count much
    /// the same things), one weight at a time zigzags in small steps, and going on the same
    /// way again, twice as far each time it pays, takes long strides down it.
    fn pattern(&mut self, before: &[Score]) {
        let delta: Vec<Score> = self.weights.iter().zip(before).map(|(w, b)| w - b).collect();
        let mut times = 1;
        loop {
            let trial: Vec<Score> = (self.weights.iter().zip(&delta))
                .map(|(w, d)| (w + d * times).clamp(-MAX_WEIGHT, MAX_WEIGHT))
                .collect();
            if trial == self.weights || !self.improves(trial) {
                break;
            }
            times *= 2;
        }
    }
}

/// Solves `m x = rhs` for `x` by Gaussian elimination with partial pivoting (`m` is `n` by
/// `n`, row by row, and is overwritten); `None` if `m` is singular.
fn solve(m: &mut [f64], mut rhs: Vec<f64>, n: usize) -> Option<Vec<f64>> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a * n + col].abs().total_cmp(&m[b * n + col].abs()))?;
        if m[pivot * n + col].abs() < 1e-300 {
            return None;
        }
        for k in 0..n {
            m.swap(col * n + k, pivot * n + k);
        }
        rhs.swap(col, pivot);
        for row in col + 1..n {
            let f = m[row * n + col] / m[col * n + col];
            for k in col..n {
                m[row * n + k] -= f * m[col * n + k];
            }
            rhs[row] -= f * rhs[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| m[row * n + k] * x[k]).sum();
        x[row] = (rhs[row] - tail) / m[row * n + row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// Fits the weights of `start` to `train` at scale `k` (see the module docs): Gauss-Newton
/// passes while they pay, then local-search passes, measuring each pass on `held_out`;
/// `progress` hears of every weight and pass.
pub fn tune<G, E>(
    start: &E,
    k: f64,
    train: &[Sample<G>],
    held_out: &[Sample<G>],
    stopping: Stopping,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Tuned
where
    G: EngineGame,
    E: Evaluator<G> + Tunable + Clone,
{
    let clock = Instant::now();
    let weights = start.weights();
    let steps = weights.iter().map(|w| (w.abs() / 8).max(1)).collect();
    let mut search = Search { eval: start.clone(), train, k, weights: weights.clone(), loss: 0.0, steps };
    search.loss = search.loss_of(&weights, train);
    let first = search.pass(0, &weights, Method::Start, held_out, clock);
    progress(Progress::Pass(&first));
    let mut passes = vec![first];
    let (mut best, mut stale) = (0, 0);
    let (mut newton, mut damping) = (true, 1e-3);
    let stop = loop {
        let number = passes.len();
        if number > stopping.passes {
            break Stop::Passes;
        }
        let before = search.weights.clone();
        if newton {
            progress(Progress::Step { pass: number });
            newton = search.gauss_newton(&mut damping);
        }
        let method = if newton {
            Method::GaussNewton
        } else {
            if search.steps.iter().all(|&s| s == 0) {
                break Stop::Converged;
            }
            for i in 0..before.len() {
                progress(Progress::Weight { pass: number, weight: i });
                if search.steps[i] != 0 {
                    search.coordinate(i);
                }
            }
            search.pattern(&before);
            Method::Local
        };
        let pass = search.pass(number, &before, method, held_out, clock);
        progress(Progress::Pass(&pass));
        match (pass.held_out, passes[best].held_out) {
            (Some(now), Some(before)) if now < before => (best, stale) = (number, 0),
            (Some(_), _) if pass.changed > 0 => stale += 1,
            (None, _) => best = number,
            _ => {}
        }
        passes.push(pass);
        if stale >= stopping.patience.max(1) {
            break Stop::HeldOut;
        }
    };
    Tuned { passes, best, stop }
}

#[cfg(test)]
mod tests;
