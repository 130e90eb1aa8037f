//! Records are user input (`tabula show --record`): no text, however broken, makes the
//! parser or the replay panic, and a record survives a write-parse round trip.

use proptest::prelude::*;
use tabula_arena::{parse_records, seal};
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::ChineseCheckers;

const RECORD: &str = "[Game \"chinese-checkers\"]\n[Options \"players=2 max_plies=1000\"]\n[Round \"1\"]\n\
[Seats \"a; b\"]\n[Result \"1-0\"]\n\n1. j14-j13 {book} e4-e5 {d=1 n=3 s=0} 2. k15-i13 {0.5s d=2} f4-f5\n1-0\n\n";

/// Parses and replays every record of `text` at every ply, ignoring errors.
fn exercise(text: &str) {
    if let Ok(records) = parse_records(text) {
        for record in &records {
            let _ = record.to_text(2);
            for ply in [None, Some(0), Some(1), Some(3), Some(usize::MAX)] {
                let _ = record.replay::<ChineseCheckers>(ply);
            }
        }
    }
}

#[test]
fn the_sample_parses_and_replays() {
    let records = parse_records(&seal(RECORD)).unwrap();
    assert_eq!(records.len(), 1);
    let game: ChineseCheckers = records[0].replay(None).unwrap();
    assert_eq!(game.ply(), 4);
    assert_eq!(records[0].moves[2].comment.as_deref(), Some("0.5s d=2"));
    let again = parse_records(&records[0].to_text(2)).unwrap();
    assert_eq!(again, records);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "[\\[\\]{}\"\\\\a-z0-9 .\\-/=\n]{0,200}") {
        exercise(&text);
    }

    #[test]
    fn mutated_records_never_panic(cut in 0..RECORD.len(), insert in "[\\[\\]{}\"\\\\a-q0-9 .\\-/\n]{0,8}", drop in 0usize..20) {
        let mut text = seal(RECORD).into_bytes();
        let end = (cut + drop).min(text.len());
        text.splice(cut..end, insert.bytes());
        exercise(&String::from_utf8_lossy(&text));
    }
}
