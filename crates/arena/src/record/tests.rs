//! Records: writing, reading back, and damage that spoils only the damaged record.

use super::*;
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

/// The first `n` legal moves of a 3-player game, each the first move listed.
fn first_moves(n: usize) -> Vec<String> {
    let mut game = ChineseCheckers::new(&parse_options::<CcOptions>("players=3 cc.target_stay=off").unwrap()).unwrap();
    let mut list = tabula_rules::MoveList::new();
    (0..n)
        .map(|_| {
            game.legal_moves(&mut list);
            let mv = list.as_slice()[0];
            game.play(mv);
            game.format_move(mv)
        })
        .collect()
}

fn sample() -> Record {
    let m = first_moves(4);
    let comments = [Some("book"), Some("0.250s d=3 n=100 s=-4"), None, Some("d=1 n=14 s=0")];
    Record {
        tags: vec![
            ("Game".into(), "chinese-checkers".into()),
            ("Options".into(), "players=3 cc.target_stay=off".into()),
            ("Seats".into(), "a \"quoted\" name; b\\c; z".into()),
            ("Result".into(), "1-0-0".into()),
        ],
        moves: m
            .iter()
            .zip(comments)
            .map(|(text, c)| RecordedMove { text: text.clone(), comment: c.map(String::from) })
            .collect(),
        result: "1-0-0".into(),
    }
}

#[test]
fn records_round_trip_and_replay() {
    let record = sample();
    let text = record.to_text(3);
    let m = first_moves(4);
    let line = format!("1. {} {{book}} {} {{0.250s d=3 n=100 s=-4}} {} 2. {} {{d=1 n=14 s=0}}", m[0], m[1], m[2], m[3]);
    assert!(text.contains(&line), "{text}");
    let twice = format!("{text}{text}");
    let back = parse_records(&twice).unwrap();
    assert_eq!(back, vec![record.clone(), record.clone()]);
    let game: ChineseCheckers = back[0].replay(None).unwrap();
    assert_eq!(game.ply(), 4);
    assert_eq!(game.seats(), 3);
    let mut expect =
        ChineseCheckers::new(&parse_options::<CcOptions>("players=3 cc.target_stay=off").unwrap()).unwrap();
    for mv in &m {
        expect.play(expect.parse_move(mv).unwrap());
    }
    assert_eq!(game.to_text(), expect.to_text());
    let two: ChineseCheckers = back[0].replay(Some(2)).unwrap();
    assert_eq!(two.ply(), 2);
    assert!(back[0].replay::<ChineseCheckers>(Some(5)).unwrap_err().to_string().contains("'5'"));
}

#[test]
fn bad_records_are_named() {
    assert!(parse_records("[Game \"x\"\n").unwrap_err().to_string().contains("line 1"));
    assert!(parse_records("[Game \"x\"]\n\nk15-i13 {open\n").unwrap_err().to_string().contains("not closed"));
    assert!(parse_records("[Game \"x\"]\n\nk15-i13\n").unwrap_err().to_string().contains("no result"));
    let mut r = sample();
    r.moves[2].text = r.moves[1].text.clone();
    assert!(r.replay::<ChineseCheckers>(None).unwrap_err().to_string().contains("ply 3"));
    r.tags[0].1 = "echelon".into();
    assert!(r.replay::<ChineseCheckers>(None).unwrap_err().to_string().contains("'echelon'"));
}

#[test]
fn a_damaged_or_cut_record_spoils_only_itself() {
    let good = sample().to_text(3);
    let mut bad_tag = sample();
    bad_tag.tags.insert(1, ("GameNumber".into(), "7".into()));
    let bad_tag = bad_tag.to_text(3).replace("z\"]", "z\"");
    let cut = &good[..good.len() - 12];
    let text = format!("{good}{bad_tag}{good}{cut}");
    let read = read_records(&text);
    assert_eq!(read.len(), 4);
    assert_eq!(read[0].as_ref().unwrap(), &sample());
    let second = read[1].as_ref().unwrap_err().to_string().clone();
    assert!(second.starts_with("record 2 (line ") && second.contains("game 7") && second.contains("bad tag line"));
    assert_eq!(read[2].as_ref().unwrap(), &sample());
    assert!(read[3].as_ref().unwrap_err().to_string().starts_with("record 4 (line "), "{:?}", read[3]);
    let no_result = format!("{good}{}", &good[..good.rfind("1-0-0").unwrap()]);
    assert!(read_records(&no_result)[1].as_ref().unwrap_err().to_string().contains("cut short"));
    assert!(parse_records(&text).unwrap_err().to_string().starts_with("record 2"));
}

#[test]
fn results_write_shared_points() {
    assert_eq!(result_text(&Outcome::winner(2, tabula_rules::Seat(1))), "0-1");
    assert_eq!(result_text(&Outcome::draw(2)), "1/2-1/2");
    assert_eq!(result_text(&Outcome::from_standings(&[3, 3, 1])), "1/2-1/2-0");
    assert_eq!(result_text(&Outcome::draw(3)), "1/3-1/3-1/3");
}

/// Three records of games 1 to 3, and each one's text.
fn three() -> (Vec<Record>, Vec<String>) {
    let records: Vec<Record> = (1..=3)
        .map(|n| {
            let mut r = sample();
            r.tags.insert(1, ("GameNumber".into(), n.to_string()));
            r.moves.truncate(n + 1);
            r
        })
        .collect();
    let texts = records.iter().map(|r| r.to_text(3)).collect();
    (records, texts)
}

/// The records read without a fault.
fn good(text: &str) -> Vec<Record> {
    read_records(text).into_iter().filter_map(Result::ok).collect()
}

/// Cut at every byte: the records whose seal line is whole are read exactly, the one cut
/// is not read at all.
#[test]
fn a_file_cut_anywhere_keeps_every_whole_record() {
    let (records, texts) = three();
    let file = texts.concat();
    let mut ends = Vec::new();
    let mut offset = 0;
    for t in &texts {
        // The seal line ends two bytes before the record's text: its newline, the blank line.
        ends.push(offset + t.len() - 2);
        offset += t.len();
    }
    for cut in 0..=file.len() {
        let whole = ends.iter().filter(|&&end| end <= cut).count();
        assert_eq!(good(&file[..cut]), records[..whole], "cut at byte {cut}");
    }
    // A record cut in the middle of a file (a writer stopped, then a resumed run appended):
    // it never takes the next one with it.
    let second = &texts[1];
    for cut in 0..second.len() {
        let text = format!("{}{}\n{}", texts[0], &second[..cut], texts[2]);
        let expect =
            if cut >= second.len() - 2 { records.clone() } else { vec![records[0].clone(), records[2].clone()] };
        assert_eq!(good(&text), expect, "second record cut at byte {cut}");
    }
}

/// A byte changed anywhere: every record it is not in is read exactly; the one it is in is
/// read exactly (a change of white space around a line) or not at all.
#[test]
fn a_changed_byte_spoils_only_its_record() {
    let (records, texts) = three();
    let file = texts.concat();
    // Record j owns its text from the blank line before it to the newline of its seal.
    let mut owner = vec![None; file.len()];
    let mut offset = 0usize;
    for (j, t) in texts.iter().enumerate() {
        let from = offset.saturating_sub(1);
        for slot in &mut owner[from..offset + t.len() - 1] {
            *slot = Some(j);
        }
        offset += t.len();
    }
    for k in 0..file.len() {
        for flip in [0x01u8, 0x20] {
            let mut bytes = file.clone().into_bytes();
            bytes[k] ^= flip;
            let Ok(text) = String::from_utf8(bytes) else { continue };
            let read = good(&text);
            for r in &read {
                let n: usize = r.tag("GameNumber").unwrap().parse().unwrap();
                assert_eq!(r, &records[n - 1], "byte {k} ^ {flip:#x}: game {n} read wrong");
            }
            for (j, record) in records.iter().enumerate().filter(|&(j, _)| owner[k] != Some(j)) {
                assert!(read.contains(record), "byte {k} ^ {flip:#x} (in record {:?}) lost game {}", owner[k], j + 1);
            }
        }
    }
}

/// The seal line: the plies and a hash of the lines above it; a record without one is cut.
#[test]
fn records_end_with_a_seal() {
    let text = sample().to_text(3);
    let seal = text.lines().rev().find(|l| !l.is_empty()).unwrap();
    assert!(seal.starts_with("%seal plies=4 fnv=") && seal.len() == "%seal plies=4 fnv=".len() + 16, "{seal}");
    let unsealed = text.replace(seal, "");
    assert!(read_records(&unsealed)[0].as_ref().unwrap_err().to_string().contains("no seal"));
    let other_plies = text.replace("plies=4", "plies=3");
    assert!(read_records(&other_plies)[0].as_ref().unwrap_err().to_string().contains("does not match"));
}
