//! The fit recovers weights it is given the results of: positions of random Echelon games
//! whose results are drawn from the predictions of known weights.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::echelon::{Echelon, EgOptions};
use tabula_rules::{Game, MoveList};

use super::*;
use crate::eval::echelon::EgEval;

/// The scale the results are drawn at.
const K: f64 = 150.0;

/// `count` positions of random games (a few from each, all still running) with results
/// drawn at random from `sigmoid(margin / K)` under `truth`.
fn synthetic(truth: &EgEval, count: usize, seed: u64) -> Vec<Sample<Echelon>> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = Echelon::new(&EgOptions::default()).unwrap();
        while !game.is_over() && out.len() < count {
            game.legal_moves(&mut moves);
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
            if game.is_over() || !rng.random_bool(0.2) {
                continue;
            }
            let p = sigmoid(f64::from(margins(truth, &game)[0]) / K);
            let first = if rng.random_bool(p) { 1.0 } else { 0.0 };
            let mut target = [0.0; MAX_SEATS];
            target[..2].copy_from_slice(&[first, 1.0 - first]);
            out.push(Sample { game, target });
        }
    }
    out
}

#[test]
fn the_scale_is_found_with_the_true_weights() {
    let truth = EgEval::DEFAULT;
    let samples = synthetic(&truth, 6000, 1);
    let k = fit_k(&truth, &samples);
    assert!((k / K - 1.0).abs() < 0.15, "K {k:.1}, drawn at {K}");
    assert!(loss(&truth, &samples, k) <= loss(&truth, &samples, K));
}

#[test]
fn tuning_from_wrong_weights_recovers_the_true_ones() {
    let truth = EgEval::DEFAULT;
    let samples = synthetic(&truth, 42_000, 2);
    let (train, held_out) = samples.split_at(40_000);
    let start = EgEval { mobility: 1, safe: 40, top: 5, free: 60 };
    let mut heard = Vec::new();
    // Both phases run: Gauss-Newton, then the local search that settles the integers.
    let tuned = tune(&start, K, train, held_out, Stopping { passes: 60, patience: 3 }, &mut |p| {
        if let Progress::Pass(pass) = p {
            heard.push(pass.number);
        }
    });
    let found = tuned.weights();
    let want = truth.weights();
    // Within a quarter of each true weight, or 3 for the small ones: the results are coin
    // flips, so the data pin the weights down only so far (tops and free tops, moves and
    // safe moves count much the same things; over other seeds the top weight was found
    // from 23 to 31).
    for (i, (&f, &w)) in found.iter().zip(&want).enumerate() {
        let tolerance = (w.abs() / 4).max(3);
        assert!((f - w).abs() <= tolerance, "{}: found {f}, true {w} (all found: {found:?})", EgEval::NAMES[i]);
    }
    let (first, best) = (&tuned.passes[0], &tuned.passes[tuned.best]);
    assert!(best.train < first.train && best.held_out < first.held_out, "{first:?} -> {best:?}");
    assert_eq!(heard, (0..tuned.passes.len()).collect::<Vec<_>>(), "every pass reported, in order");
    let methods: Vec<Method> = tuned.passes.iter().map(|p| p.method).collect();
    assert!(methods.contains(&Method::GaussNewton) && methods.contains(&Method::Local), "{methods:?}");
    // The truth itself fits the held-out games about as well as what was found.
    let mut true_eval = start;
    true_eval.set_weights(&want);
    let truth_loss = loss(&true_eval, held_out, K);
    assert!(best.held_out.unwrap() < truth_loss * 1.01, "{best:?} vs the truth's {truth_loss}");
}

#[test]
fn the_held_out_loss_stops_the_search_and_keeps_the_best_pass() {
    let truth = EgEval::DEFAULT;
    // Few samples: the training set is fitted past what holds for other games.
    let samples = synthetic(&truth, 600, 3);
    let (train, held_out) = samples.split_at(300);
    let tuned = tune(&truth, K, train, held_out, Stopping { passes: 100, patience: 2 }, &mut |_| {});
    let best = tuned.passes[tuned.best].held_out.unwrap();
    assert!(tuned.passes.iter().all(|p| p.held_out.unwrap() >= best));
    if tuned.stop == Stop::HeldOut {
        let after: Vec<&Pass> = tuned.passes[tuned.best + 1..].iter().filter(|p| p.changed > 0).collect();
        assert_eq!(after.len(), 2, "{:?}", tuned.passes);
    }
    // Without held-out samples the last pass counts.
    let tuned = tune(&truth, K, train, &[], Stopping { passes: 3, patience: 2 }, &mut |_| {});
    assert_eq!((tuned.best, tuned.stop), (3, Stop::Passes));
    assert!(tuned.passes.iter().all(|p| p.held_out.is_none()));
}
