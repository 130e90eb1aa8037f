//! Replays the cargo-fuzz seed corpus (`fuzz/corpus/<game>_{position,play}`) through the
//! fuzz bodies on stable, so every property the fuzz targets check runs with `cargo test`
//! too; then feeds the bodies a fixed-seed batch of mutations of that corpus (a small,
//! deterministic fuzz). Driven by the game list, `tabula_rules::for_each_game!`.

#[path = "../../../fuzz/src/lib.rs"]
mod fuzz_bodies;

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use fuzz_bodies::{Fuzz, fixed, play, position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Mutations of each target's corpus fed through its body.
const MUTATIONS: usize = 20_000;

/// A fuzz body and the name of its target.
struct Target {
    name: String,
    body: fn(&[u8]),
}

/// The position and play targets of game `G`, named `<game>_position` and `<game>_play`.
fn targets<G: Fuzz>() -> [Target; 2]
where
    G::Move: Ord,
{
    let game = G::NAME.replace('-', "_");
    [
        Target { name: format!("{game}_position"), body: position::<G> },
        Target { name: format!("{game}_play"), body: play::<G> },
    ]
}

macro_rules! all_targets {
    ($($game:ty),* $(,)?) => { [$(targets::<$game>()),*].into_iter().flatten().collect::<Vec<Target>>() };
}

/// The files of `fuzz/corpus/<target>`, sorted by name, with their bytes.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target);
    let entries = fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .map(|path| {
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            (name, bytes)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "the corpus folder {} is empty", dir.display());
    files
}

/// Runs `body` on every input; the names of the inputs that made it panic.
fn failures(inputs: &[(String, Vec<u8>)], body: fn(&[u8])) -> Vec<String> {
    inputs
        .iter()
        .filter(|(_, bytes)| catch_unwind(AssertUnwindSafe(|| body(bytes))).is_err())
        .map(|(name, _)| name.clone())
        .collect()
}

/// `count` mutations of the corpus files with a fixed seed: byte flips, inserts of bytes
/// drawn from the corpus or at random, deletions, and splices of two files.
fn mutations(files: &[(String, Vec<u8>)], seed: u64, count: usize) -> Vec<(String, Vec<u8>)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let pool: Vec<u8> = files.iter().flat_map(|(_, b)| b.iter().copied()).collect();
    (0..count)
        .map(|n| {
            let (name, base) = &files[rng.random_range(0..files.len())];
            let mut bytes = base.clone();
            for _ in 0..rng.random_range(1..=4) {
                let at = rng.random_range(0..=bytes.len());
                match rng.random_range(0..5) {
                    0 if at < bytes.len() => bytes[at] ^= 1 << rng.random_range(0..8),
                    1 if !pool.is_empty() => bytes.insert(at, pool[rng.random_range(0..pool.len())]),
                    2 => bytes.insert(at, rng.random()),
                    3 if at < bytes.len() => {
                        let end = rng.random_range(at..=bytes.len().min(at + 8));
                        bytes.drain(at..end);
                    }
                    _ => {
                        let (_, other) = &files[rng.random_range(0..files.len())];
                        let from = rng.random_range(0..=other.len());
                        bytes.truncate(at);
                        bytes.extend_from_slice(&other[from..]);
                    }
                }
            }
            (format!("mutation {n} of {name}: {:?}", String::from_utf8_lossy(&bytes)), bytes)
        })
        .collect()
}

/// Runs every target on its inputs (one thread per target), then fails naming each target
/// and input whose properties fail; the panics are printed above.
fn run_all(inputs: impl Fn(usize, &Target) -> Vec<(String, Vec<u8>)> + Sync) {
    let targets = tabula_rules::for_each_game!(all_targets);
    let failed: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = targets
            .iter()
            .enumerate()
            .map(|(n, target)| {
                let inputs = &inputs;
                scope.spawn(move || {
                    let failed = failures(&inputs(n, target), target.body);
                    failed.into_iter().map(|input| format!("{}: {input}", target.name)).collect::<Vec<_>>()
                })
            })
            .collect();
        runs.into_iter().flat_map(|run| run.join().expect("a target's thread")).collect()
    });
    assert!(failed.is_empty(), "properties fail on {failed:#?}");
}

#[test]
fn corpora_hold() {
    run_all(|_, target| corpus(&target.name));
}

#[test]
fn corpus_mutations_hold() {
    run_all(|n, target| mutations(&corpus(&target.name), 0x7ab_0000 + n as u64, MUTATIONS));
}

/// The first line of a corpus file.
fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or_default()).into_owned()
}

/// The seeds reach what they are meant to: in a position corpus the texts parse exactly
/// when the file is not named `bad_*` (a broken text) or `move_*` (move text only), and the
/// pieces of move text include a legal and an illegal move of some position; a play corpus
/// holds a parsed position and a start chosen by bytes.
fn check_coverage<G: Fuzz>()
where
    G::Move: Ord,
{
    let game = G::NAME.replace('-', "_");
    let seeds = corpus(&format!("{game}_position"));
    let mut positions = fixed::<G>().iter().map(|(g, _)| *g).collect::<Vec<G>>();
    for (name, bytes) in &seeds {
        let parsed = G::from_text(&first_line(bytes));
        let broken = name.starts_with("bad_") || name.starts_with("move_");
        assert_eq!(parsed.is_err(), broken, "{game}_position/{name}: {parsed:?}");
        positions.extend(parsed);
    }
    let (mut legal, mut illegal) = (false, false);
    for (_, bytes) in &seeds {
        let text = String::from_utf8_lossy(bytes);
        for piece in text.lines().chain(text.split(',')).chain(text.split_whitespace()) {
            for g in &positions {
                if g.syntax(piece).is_ok() {
                    let accepted = g.parse_move(piece).is_ok();
                    (legal, illegal) = (legal || accepted, illegal || !accepted);
                }
            }
        }
    }
    assert!(legal && illegal, "{game}_position: seeds with a legal move {legal}, with an illegal one {illegal}");
    let plays = corpus(&format!("{game}_play"));
    let parses = |(_, bytes): &&(String, Vec<u8>)| G::from_text(&first_line(bytes)).is_ok();
    assert!(plays.iter().any(|seed| parses(&seed)), "{game}_play: no seed starts from a position text");
    assert!(plays.iter().any(|seed| !parses(&seed)), "{game}_play: no seed starts from bytes");
}

macro_rules! coverage {
    ($($game:ty),* $(,)?) => { $(check_coverage::<$game>();)* };
}

#[test]
fn corpora_cover_valid_and_broken_inputs() {
    tabula_rules::for_each_game!(coverage);
}

/// Inputs a second of each body on its corpus and mutations of it, without the fuzzer's
/// instrumentation (cargo-fuzz, with coverage and the address sanitizer, runs slower):
/// `cargo test -p tabula-rules --test main -- --ignored --nocapture fuzz_corpus::speed`.
#[test]
#[ignore = "a measurement, not a check"]
fn speed() {
    for (n, target) in tabula_rules::for_each_game!(all_targets).iter().enumerate() {
        let inputs = mutations(&corpus(&target.name), 0x5eed_0000 + n as u64, 2_000);
        let start = std::time::Instant::now();
        for (_, bytes) in &inputs {
            (target.body)(bytes);
        }
        let rate = inputs.len() as f64 / start.elapsed().as_secs_f64();
        println!("{:<26} {rate:>8.0} inputs/s", target.name);
    }
}
