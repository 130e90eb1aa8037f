//! Replays the cargo-fuzz seed corpus (`fuzz/corpus/`) through the fuzz bodies on stable,
//! so every property the fuzz targets check runs with `cargo test` too; then feeds the
//! bodies a fixed-seed batch of mutations of that corpus (a small, deterministic fuzz).

#[path = "../../../fuzz/bodies/chinese_checkers.rs"]
mod bodies;
#[path = "../../../fuzz/bodies/echelon.rs"]
mod echelon_bodies;
#[path = "../../../fuzz/bodies/icelights.rs"]
mod icelights_bodies;
#[path = "../../../fuzz/bodies/martian_chess.rs"]
mod martian_bodies;

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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

/// Runs `body` on every input, naming each input that made it panic.
fn replay(target: &str, inputs: &[(String, Vec<u8>)], body: fn(&[u8])) {
    let failed: Vec<&str> = inputs
        .iter()
        .filter(|(_, bytes)| catch_unwind(AssertUnwindSafe(|| body(bytes))).is_err())
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(failed.is_empty(), "{target}: properties fail on {failed:?} (the panics are printed above)");
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

#[test]
fn position_corpus_holds() {
    replay("cc_position", &corpus("cc_position"), bodies::position);
}

#[test]
fn move_corpus_holds() {
    replay("cc_move", &corpus("cc_move"), bodies::moves);
}

#[test]
fn position_corpus_mutations_hold() {
    replay("cc_position", &mutations(&corpus("cc_position"), 0x7ab_0001, 20_000), bodies::position);
}

#[test]
fn move_corpus_mutations_hold() {
    replay("cc_move", &mutations(&corpus("cc_move"), 0x7ab_0002, 20_000), bodies::moves);
}

/// The seeds reach what they are meant to reach: the valid texts parse, each broken one
/// does not, and the move seeds include legal and illegal moves of the fixed positions.
#[test]
fn corpus_covers_valid_and_broken_inputs() {
    use tabula_rules::Game;
    use tabula_rules::games::chinese_checkers::ChineseCheckers;
    let first_line =
        |bytes: &[u8]| String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or(&[])).into_owned();
    for (name, bytes) in corpus("cc_position") {
        let parsed = ChineseCheckers::from_text(&first_line(&bytes));
        let broken = name.starts_with("bad_") || ["unicode", "empty", "garbage"].contains(&name.as_str());
        assert_eq!(parsed.is_err(), broken, "{name}: {parsed:?}");
    }
    let start = ChineseCheckers::from_text(&first_line(
        &fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/cc_position/start2"))
            .expect("the start2 seed"),
    ))
    .expect("start2 parses");
    let moves = corpus("cc_move");
    let text = |name: &str| String::from_utf8_lossy(&moves.iter().find(|(n, _)| n == name).expect(name).1).into_owned();
    assert!(start.parse_move(&text("step")).is_ok() && start.parse_move(&text("hop")).is_ok());
    assert!(start.parse_move(&text("illegal")).is_err() && start.parse_move(&text("pass")).is_err());
}

#[test]
fn echelon_corpora_hold() {
    replay("echelon_position", &corpus("echelon_position"), echelon_bodies::parse);
    replay("echelon_play", &corpus("echelon_play"), echelon_bodies::play);
}

#[test]
fn echelon_corpus_mutations_hold() {
    let parse = mutations(&corpus("echelon_position"), 0xec4e_0001, 5_000);
    replay("echelon_position", &parse, echelon_bodies::parse);
    let play = mutations(&corpus("echelon_play"), 0xec4e_0002, 1_500);
    replay("echelon_play", &play, echelon_bodies::play);
}

/// The Echelon seeds reach what they are meant to: the valid texts parse, the broken ones
/// do not, and the play seeds include a parsed position and the fixed-position fallback.
#[test]
fn echelon_corpus_covers_valid_and_broken_inputs() {
    use tabula_rules::Game;
    use tabula_rules::games::echelon::Echelon;
    let first_line =
        |bytes: &[u8]| String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or(&[])).into_owned();
    for (name, bytes) in corpus("echelon_position") {
        let parsed = Echelon::from_text(&first_line(&bytes));
        let broken = name.starts_with("bad_") || ["unicode", "empty", "garbage", "moves_only"].contains(&name.as_str());
        assert_eq!(parsed.is_err(), broken, "{name}: {parsed:?}");
    }
    let play = corpus("echelon_play");
    assert!(play.iter().any(|(_, b)| Echelon::from_text(&first_line(b)).is_ok()));
    assert!(play.iter().any(|(_, b)| Echelon::from_text(&first_line(b)).is_err()));
}

#[test]
fn martian_position_corpus_holds() {
    replay("martian_position", &corpus("martian_position"), martian_bodies::position);
}

#[test]
fn martian_play_corpus_holds() {
    replay("martian_play", &corpus("martian_play"), martian_bodies::play);
}

#[test]
fn martian_corpus_mutations_hold() {
    replay("martian_position", &mutations(&corpus("martian_position"), 0x7ab_0003, 3_000), martian_bodies::position);
    replay("martian_play", &mutations(&corpus("martian_play"), 0x7ab_0004, 3_000), martian_bodies::play);
}

/// The Martian seeds reach what they are meant to: the valid texts parse, the broken ones
/// do not.
#[test]
fn martian_corpus_covers_valid_and_broken_inputs() {
    use tabula_rules::Game;
    use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
    let first_line =
        |bytes: &[u8]| String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or(&[])).into_owned();
    for (name, bytes) in corpus("martian_position") {
        let text = first_line(&bytes);
        let parsed = MartianChess::from_text(&text).is_ok() || CoasterChess::from_text(&text).is_ok();
        let broken = name.starts_with("bad_") || ["empty", "garbage"].contains(&name.as_str());
        assert_eq!(parsed, !broken, "{name}: {text}");
    }
}

#[test]
fn icelights_position_corpus_holds() {
    replay("icelights_position", &corpus("icelights_position"), icelights_bodies::position);
}

#[test]
fn icelights_play_corpus_holds() {
    replay("icelights_play", &corpus("icelights_play"), icelights_bodies::play);
}

#[test]
fn icelights_corpus_mutations_hold() {
    replay(
        "icelights_position",
        &mutations(&corpus("icelights_position"), 0x7ab_0101, 1_500),
        icelights_bodies::position,
    );
    replay("icelights_play", &mutations(&corpus("icelights_play"), 0x7ab_0102, 600), icelights_bodies::play);
}

/// The Icelights position seeds parse exactly when they are not named `bad_*`/`garbage`.
#[test]
fn icelights_corpus_covers_valid_and_broken_inputs() {
    use tabula_rules::Game;
    use tabula_rules::games::icelights::Icelights;
    for (name, bytes) in corpus("icelights_position") {
        let first = String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap_or(&[])).into_owned();
        let parsed = Icelights::from_text(&first);
        let broken = name.starts_with("bad_") || name == "garbage";
        assert_eq!(parsed.is_err(), broken, "{name}: {parsed:?}");
    }
}
