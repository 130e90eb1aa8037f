//! The SPRT's log-likelihood ratios against fishtest's and fastchess's figures, its bounds,
//! status and parsing.

use super::*;

fn sprt(text: &str) -> Sprt {
    text.parse().unwrap()
}

fn penta(counts: [u32; 5]) -> Pentanomial {
    Pentanomial { counts }
}

/// `|got - want| <= tol * |want|`.
fn assert_close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol * want.abs(), "{what}: got {got}, want {want}");
}

/// Pentanomial counts, Elo bounds, and the LLR that fishtest computes for them under the
/// normalized and the logistic model: `LLRcalc.LLR_normalized(elo0, elo1, counts)` and
/// `LLRcalc.LLR_logistic(elo0, elo1, counts)` from official-stockfish/fishtest,
/// server/fishtest/stats/LLRcalc.py at commit b8eecff220b562a0dc2c4e68d1fa02521e06d72c,
/// run with Python 3.11 and SciPy 1.17.1, printed with 15 digits. The first five count
/// vectors are those of fastchess's app/tests/sprt_test.cpp (pentanomial cases), read
/// as [LL, LD, WL + DD, WD, WW]; the last three are small ones, one with empty cells.
/// fastchess's own `SPRT::getLLR` (commit 74deac23aadc6718fa0f8e24ac95d16392d79444),
/// built and run on these, agrees with the normalized column to 1e-9; its logistic
/// root tolerance is 1e-3, and its logistic values differ from these by up to 1e-3.
const FISHTEST: [([u32; 5], f64, f64, f64, f64); 8] = [
    ([365, 16618, 36229, 16974, 390], 0.0, 2.0, 2.25036770354893, -0.00591993256236731),
    ([127, 4883, 10712, 5150, 104], -1.75, 0.25, 3.01015419660605, 6.86200343631035),
    ([0, 0, 0, 0, 5550], 0.0, 5.0, 111.797555086715, 79.2962511471167),
    ([223, 9863, 21279, 10037, 246], 0.5, 2.5, 0.406798958959078, -3.07412643958908),
    ([871, 26175, 55983, 26678, 821], 0.0, 2.0, 0.804451473112397, -4.97867286344416),
    ([1, 3, 10, 4, 2], 0.0, 5.0, 0.0586393504202607, 0.0827331228451696),
    ([0, 2, 5, 3, 0], 0.0, 5.0, 0.0266971829640107, 0.0493331771769692),
    ([30, 120, 300, 100, 20], 0.0, 5.0, -1.06629611854682, -1.87693146960018),
];

#[test]
fn normalized_llr_matches_fishtest() {
    for (counts, elo0, elo1, want, _) in FISHTEST {
        let test = Sprt::new(elo0, elo1, 0.05, 0.05, SprtModel::Normalized).unwrap();
        assert_close(test.llr(&penta(counts)), want, 1e-8, &format!("normalized {counts:?} [{elo0}, {elo1}]"));
    }
}

#[test]
fn logistic_llr_matches_fishtest() {
    for (counts, elo0, elo1, _, want) in FISHTEST {
        let test = Sprt::new(elo0, elo1, 0.05, 0.05, SprtModel::Logistic).unwrap();
        assert_close(test.llr(&penta(counts)), want, 1e-8, &format!("logistic {counts:?} [{elo0}, {elo1}]"));
    }
}

/// The pentanomial cases of fastchess's app/tests/sprt_test.cpp, with their published
/// two-decimal values and their tolerance (1% relative). `Stats(ll, ld, wl, dd, wd, ww)`
/// there is `[ll, ld, wl + dd, wd, ww]` here.
#[test]
fn llr_matches_fastchess_tests() {
    let cases = [
        ("elo0=0,elo1=2", [365, 16618, 36029 + 200, 16974, 390], 2.25),
        ("elo0=-1.75,elo1=0.25", [127, 4883, 10311 + 401, 5150, 104], 3.01),
        ("elo0=0,elo1=5", [0, 0, 0, 0, 5550], 111.82),
        ("elo0=0.5,elo1=2.5,model=logistic", [223, 9863, 20279 + 1000, 10037, 246], -3.07),
        ("elo0=0,elo1=2,model=logistic", [871, 26175, 55003 + 980, 26678, 821], -4.98),
    ];
    for (spec, counts, want) in cases {
        assert_close(sprt(spec).llr(&penta(counts)), want, 0.01, spec);
    }
}

/// Swapping the engines mirrors the counts and the hypotheses, `elo` to `-elo`, which
/// turns H0 into H1: the LLR changes sign exactly.
#[test]
fn swapping_the_engines_negates_the_llr() {
    for model in [SprtModel::Normalized, SprtModel::Logistic] {
        for (counts, elo0, elo1, _, _) in FISHTEST {
            let mut mirrored = counts;
            mirrored.reverse();
            let a = Sprt::new(elo0, elo1, 0.05, 0.05, model).unwrap().llr(&penta(counts));
            let b = Sprt::new(-elo1, -elo0, 0.05, 0.05, model).unwrap().llr(&penta(mirrored));
            assert!((a + b).abs() <= 1e-9 * a.abs().max(1.0), "{model} {counts:?}: {a} vs {b}");
        }
    }
}

#[test]
fn no_pairs_give_zero_and_extremes_stay_finite() {
    for model in ["normalized", "logistic"] {
        let test = sprt(&format!("elo0=0,elo1=5,model={model}"));
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
        assert_eq!(test.status(&Pentanomial::default()), SprtStatus::Continue);
        let wide = sprt(&format!("elo0=-200,elo1=200,model={model}"));
        for counts in [[0, 0, 0, 0, 5550], [5550, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 1]] {
            for test in [test, wide] {
                let llr = test.llr(&penta(counts));
                assert!(llr.is_finite(), "{test} {counts:?}: {llr}");
            }
        }
        // All pairs won, and all lost: the LLR follows.
        assert!(wide.llr(&penta([0, 0, 0, 0, 5550])) > 1000.0);
        assert!(wide.llr(&penta([5550, 0, 0, 0, 0])) < -1000.0);
    }
}

#[test]
fn bounds_follow_wald() {
    let (lower, upper) = sprt("elo0=0,elo1=5").bounds();
    assert_close(lower, -2.944_438_979_166_44, 1e-12, "lower");
    assert_close(upper, 2.944_438_979_166_44, 1e-12, "upper");
    // ln(0.1 / 0.95) and ln(0.9 / 0.05).
    let (lower, upper) = sprt("elo0=0,elo1=5,alpha=0.05,beta=0.1").bounds();
    assert_close(lower, -2.251291798606495, 1e-12, "lower");
    assert_close(upper, 2.890371757896165, 1e-12, "upper");
}

#[test]
fn status_and_description() {
    let test = sprt("elo0=0,elo1=5");
    assert_eq!(test.status(&penta([0, 0, 0, 0, 5550])), SprtStatus::AcceptH1);
    assert_eq!(test.status(&penta([1, 3, 10, 4, 2])), SprtStatus::Continue);
    assert_eq!(test.status(&penta([20, 100, 300, 120, 30])), SprtStatus::Continue);
    assert_eq!(
        sprt("elo0=0,elo1=2,model=logistic").status(&penta([871, 26175, 55983, 26678, 821])),
        SprtStatus::AcceptH0
    );
    assert_eq!(test.status_of(2.95), SprtStatus::AcceptH1);
    assert_eq!(test.status_of(-2.95), SprtStatus::AcceptH0);
    assert_eq!(test.status_of(2.94), SprtStatus::Continue);

    assert_eq!(test.describe(&penta([30, 120, 300, 100, 20])), "LLR -1.07 (-2.94, 2.94) [0.00, 5.00] nElo");
    assert_eq!(test.describe(&penta([0, 0, 0, 0, 5550])), "LLR 111.80 (-2.94, 2.94) [0.00, 5.00] nElo: H1 accepted");
    assert_eq!(
        sprt("elo0=0,elo1=2,model=logistic").describe(&penta([871, 26175, 55983, 26678, 821])),
        "LLR -4.98 (-2.94, 2.94) [0.00, 2.00] Elo: H0 accepted"
    );
}

#[test]
fn parses_with_defaults_and_writes_back() {
    let test = sprt("elo0=0,elo1=5");
    assert_eq!((test.elo0(), test.elo1(), test.alpha(), test.beta()), (0.0, 5.0, 0.05, 0.05));
    assert_eq!(test.model(), SprtModel::Normalized);
    assert_eq!(test.to_string(), "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized");

    let test = sprt(" model=logistic, beta=0.1 ,elo1=0.25,elo0=-1.75,alpha=0.025");
    assert_eq!(test, Sprt::new(-1.75, 0.25, 0.025, 0.1, SprtModel::Logistic).unwrap());
    assert_eq!(test.to_string(), "elo0=-1.75,elo1=0.25,alpha=0.025,beta=0.1,model=logistic");

    for text in [
        "elo0=0,elo1=5,alpha=0.05,beta=0.05,model=normalized",
        "elo0=-1.75,elo1=0.25,alpha=0.025,beta=0.1,model=logistic",
        "elo0=0.1,elo1=0.30000000000000004,alpha=0.3333333333333333,beta=0.01,model=normalized",
    ] {
        let test = sprt(text);
        assert_eq!(test.to_string(), text);
        assert_eq!(sprt(&test.to_string()), test);
    }
}

#[test]
fn parse_errors_name_the_token() {
    let cases = [
        ("elo0=0,elo1=5,elo2=3", "bad --sprt key 'elo2': expected elo0, elo1, alpha, beta or model"),
        ("elo0=0,elo1=", "--sprt key 'elo1' has no value"),
        ("elo0=0,elo1", "bad --sprt field 'elo1': expected KEY=VALUE"),
        ("elo0=0,elo1=five", "bad --sprt elo1 'five': expected a number"),
        ("elo0=0,elo1=inf", "bad --sprt elo1 'inf': expected a number"),
        ("elo0=0,elo1=5,alpha=0.1,alpha=0.2", "--sprt key 'alpha' given twice"),
        ("elo0=0,elo1=5,model=logistic,model=normalized", "--sprt key 'model' given twice"),
        ("elo0=0,elo1=5,model=bayesian", "bad --sprt model 'bayesian': expected normalized or logistic"),
        ("elo1=5", "--sprt 'elo1=5' has no elo0: expected elo0=A,elo1=B"),
        ("elo0=0,alpha=0.1", "--sprt 'elo0=0,alpha=0.1' has no elo1: expected elo0=A,elo1=B"),
        ("", "empty --sprt: expected elo0=A,elo1=B[,alpha=X,beta=Y,model=normalized|logistic]"),
        ("elo0=5,elo1=5", "bad --sprt elo1 '5': it must exceed elo0 '5'"),
        ("elo0=0,elo1=300", "bad --sprt elo1 '300': expected a number from -200 to 200"),
        ("elo0=0,elo1=5,alpha=0", "bad --sprt alpha '0': expected a number between 0 and 1"),
        ("elo0=0,elo1=5,beta=1", "bad --sprt beta '1': expected a number between 0 and 1"),
        ("elo0=0,elo1=5,alpha=0.6,beta=0.4", "bad --sprt alpha '0.6' and beta '0.4': their sum must be below 1"),
    ];
    for (text, want) in cases {
        assert_eq!(text.parse::<Sprt>().unwrap_err().to_string(), want, "{text}");
    }
    assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05, SprtModel::Normalized).is_err());
    assert!(Sprt::new(0.0, 5.0, f64::NAN, 0.05, SprtModel::Logistic).is_err());
}
