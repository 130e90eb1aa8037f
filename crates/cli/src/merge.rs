//! `tabula merge`: one report from the JSON lines of a match's shards (or of any runs of one
//! match), the same report a single `tabula match` run prints; with records files, one
//! records file in game order.
//!
//! The exit status says whether the set was whole: 0 when every game of the match is there
//! exactly once (and, with `--records`, every game's record), 3 when games are missing,
//! appear twice, or a line or record is damaged (the report is printed all the same, the
//! records file is not written), unless `--partial` accepts an incomplete set on purpose;
//! 2 for bad input, as everywhere. Given the shard count (`--shards N`), it names the shards
//! that hold the missing games, the ones to run again.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tabula_arena::plural::plural;
use tabula_arena::report::MatchStats;
use tabula_arena::schedule::every_seating;
use tabula_arena::sprt::Sprt;
use tabula_arena::{GameLine, Record, read_lines, read_records};

use crate::error::{CliError, usage};

/// Arguments of `tabula merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The files: JSON lines (`--jsonl`) of the shards, and optionally their records files
    /// (`--records`); each file is recognised by its first character.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Write the records of every game, in game order, to this file.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// The sequential test the match ran, to report its verdict on the merged pairs.
    #[arg(long, value_name = "TEST")]
    sprt: Option<String>,
    /// Accept an incomplete set (games missing, duplicated or damaged; records missing):
    /// exit 0 and write what there is, with a warning. Without it such a merge exits 3.
    #[arg(long)]
    partial: bool,
    /// The number of shards the match was split into (`--shard K/N`'s N): name the shards
    /// that hold the games missing, the ones to run again (with `--resume`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    shards: Option<u32>,
}

/// A game's line and the file it came from.
struct Found {
    line: GameLine,
    file: String,
}

/// Runs `tabula merge`.
pub fn run(args: MergeArgs) -> Result<(), CliError> {
    let sprt = args.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
    let mut games: BTreeMap<usize, Found> = BTreeMap::new();
    let mut records: BTreeMap<usize, Record> = BTreeMap::new();
    let mut duplicated: Vec<usize> = Vec::new();
    let mut damaged = 0;
    let mut id: Option<(String, String)> = None;
    let mut line_files = 0;
    for path in &args.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| usage(format!("cannot read '{name}': {e}")))?;
        match text.trim_start().chars().next() {
            Some('[') => damaged += read_records_file(&text, &name, &mut records)?,
            Some('{') | None => {
                line_files += 1;
                let read = read_lines(&text, &name);
                for warning in &read.warnings {
                    eprintln!("tabula: warning: {warning}");
                }
                damaged += read.warnings.len();
                for line in read.lines {
                    match &id {
                        Some((first, first_file)) if *first != line.match_id => {
                            return Err(usage(format!(
                                "'{name}' holds game {} of match {}, but '{first_file}' holds match {first}: \
                                 files of different matches",
                                line.game, line.match_id
                            )));
                        }
                        Some(_) => {}
                        None => id = Some((line.match_id.clone(), name.clone())),
                    }
                    if let Some(found) = games.get(&line.game) {
                        eprintln!(
                            "tabula: warning: game {} is in '{}' and '{name}'; the first counts",
                            line.game, found.file
                        );
                        duplicated.push(line.game);
                    } else {
                        games.insert(line.game, Found { line, file: name.clone() });
                    }
                }
            }
            Some(_) => {
                return Err(usage(format!(
                    "'{name}' is neither JSON lines nor records: it starts with neither '{{' nor '['"
                )));
            }
        }
    }
    if line_files == 0 {
        return Err(usage("no JSON lines file among the files: give the shards' --jsonl files"));
    }
    let Some((id, _)) = id else {
        return Err(usage("the JSON lines files hold no games"));
    };
    let lines: Vec<GameLine> = games.into_values().map(|f| f.line).collect();
    let of = lines.iter().map(|l| l.of).max().unwrap_or(0);
    let missing: Vec<usize> = (1..=of).filter(|g| !lines.iter().any(|l| l.game == *g)).collect();
    let engines = lines.iter().flat_map(|l| l.engines.iter().copied()).max().map_or(0, |e| e + 1);
    let mut names = vec![String::new(); engines];
    for line in &lines {
        for (&e, name) in line.engines.iter().zip(&line.seats) {
            names[e].clone_from(name);
        }
    }
    let seats = lines[0].engines.len();
    if sprt.is_some() && (engines != 2 || seats != 2) {
        return Err(usage("--sprt needs two engines in a 2-seat game: it tests game pairs"));
    }
    let mut problems = Vec::new();
    if !missing.is_empty() {
        problems.push(format!("games {} missing", ranges(&missing)));
    }
    if !duplicated.is_empty() {
        problems.push(format!("games {} there twice", ranges(&duplicated)));
    }
    if damaged > 0 {
        problems.push(format!("{} damaged", plural(damaged, "line or record", "lines or records")));
    }
    if args.records.is_some() {
        let unrecorded: Vec<usize> = lines.iter().map(|l| l.game).filter(|g| !records.contains_key(g)).collect();
        if !unrecorded.is_empty() {
            problems.push(format!("no record of games {}", ranges(&unrecorded)));
        }
    }
    if let Some(count) = args.shards {
        let unrecorded: Vec<usize> = match args.records {
            Some(_) => lines.iter().filter(|l| !records.contains_key(&l.game)).map(|l| l.round).collect(),
            None => Vec::new(),
        };
        name_shards(count as usize, round_size(&lines, engines, seats, of), of, &missing, &unrecorded)?;
    }
    let whole = problems.is_empty() || args.partial;
    if let Some(path) = args.records.as_ref().filter(|_| whole) {
        let mut body = String::new();
        for (game, record) in &records {
            if record.tag("Match").is_some_and(|m| m != id) {
                return Err(usage(format!("the records of game {game} belong to another match than the lines ({id})")));
            }
            body.push_str(&record.to_text(seats));
        }
        std::fs::write(path, body)
            .map_err(|e| CliError::Failed(format!("cannot write --records file '{}': {e}", path.display())))?;
    }
    let report = MatchStats::from_lines(names, seats, &lines).with_sprt(sprt);
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "Merged {}: {} of {of} of match {id}; missing {}; duplicated {}",
        plural(args.files.len(), "file", "files"),
        plural(lines.len(), "game", "games"),
        ranges(&missing),
        ranges(&duplicated)
    )?;
    writeln!(out)?;
    write!(out, "{}", report.report())?;
    out.flush()?;
    match (problems.is_empty(), args.partial) {
        (true, _) => Ok(()),
        (false, true) => {
            eprintln!("tabula: warning: a partial merge: {}", problems.join("; "));
            Ok(())
        }
        (false, false) => Err(CliError::Incomplete(format!(
            "an incomplete merge: {}{}; --partial accepts it",
            problems.join("; "),
            if args.records.is_some() { " (the records file is not written)" } else { "" }
        ))),
    }
}

/// With `--shards N`: warns which shards hold the missing games (to run again with
/// `--resume`) and which hold games that have a line but no record (`unrecorded`: rounds of
/// such games; `--resume` keeps a game whose line is there, so the shard's files must go
/// before it runs again); refuses more shards than rounds. `size` is the games in a round.
fn name_shards(
    count: usize,
    size: Option<usize>,
    of: usize,
    missing: &[usize],
    unrecorded: &[usize],
) -> Result<(), CliError> {
    let shard_of_round = |round: usize| round.saturating_sub(1) % count + 1;
    if let Some(size) = size
        && count > of / size
    {
        return Err(usage(format!(
            "--shards {count}: the match has {}, and a shard plays whole rounds",
            plural(of / size, "round", "rounds")
        )));
    }
    if !missing.is_empty() {
        match size {
            Some(size) => {
                let shards: Vec<usize> = missing.iter().map(|g| shard_of_round((g - 1) / size + 1)).collect();
                eprintln!("tabula: shards with games missing: {} of {count}", list(&shards));
            }
            None => eprintln!("tabula: warning: the lines do not tell how many games a round has: no shard named"),
        }
    }
    if !unrecorded.is_empty() {
        let shards: Vec<usize> = unrecorded.iter().map(|&round| shard_of_round(round)).collect();
        eprintln!(
            "tabula: shards with records missing: {} of {count} (--resume keeps a game whose line is there: \
             remove the shard's files before running it again)",
            list(&shards)
        );
    }
    Ok(())
}

/// The games in a round of the match these lines come from: two with two seats; with more,
/// one per engine (seatings rotate) or one per seating (seatings all), whichever the lines'
/// game and round numbers agree with. `None` if the lines cannot tell.
fn round_size(lines: &[GameLine], engines: usize, seats: usize, of: usize) -> Option<usize> {
    let mut sizes =
        if seats == 2 { vec![2] } else { vec![engines, every_seating(engines, seats).map_or(0, |all| all.len())] };
    sizes.retain(|&size| {
        size > 0
            && of.is_multiple_of(size)
            && lines.iter().all(|l| l.game.checked_sub(1).is_some_and(|g| l.round == g / size + 1))
    });
    sizes.dedup();
    match sizes[..] {
        [size] => Some(size),
        _ => None,
    }
}

/// Numbers sorted, once each, joined by commas: `2, 4`.
fn list(numbers: &[usize]) -> String {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// Adds a records file's readable records by game number, warning about damaged ones;
/// gives how many were damaged.
fn read_records_file(text: &str, name: &str, records: &mut BTreeMap<usize, Record>) -> Result<usize, CliError> {
    let mut damaged = 0;
    for record in read_records(text) {
        match record {
            Ok(record) => {
                let game = record.tag("GameNumber").and_then(|n| n.parse::<usize>().ok()).ok_or_else(|| {
                    usage(format!("'{name}': a record without a GameNumber tag: not written by tabula match"))
                })?;
                records.entry(game).or_insert(record);
            }
            Err(e) => {
                eprintln!("tabula: warning: {name}: {e}; skipped");
                damaged += 1;
            }
        }
    }
    Ok(damaged)
}

/// Game numbers as ranges: `none`, `5`, `3-7, 12`.
fn ranges(numbers: &[usize]) -> String {
    if numbers.is_empty() {
        return "none".into();
    }
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut parts = Vec::new();
    let mut start = sorted[0];
    for w in 0..sorted.len() {
        let end = sorted[w];
        if sorted.get(w + 1) != Some(&(end + 1)) {
            parts.push(if start == end { start.to_string() } else { format!("{start}-{end}") });
            if let Some(&next) = sorted.get(w + 1) {
                start = next;
            }
        }
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::ranges;

    #[test]
    fn ranges_join_runs() {
        assert_eq!(ranges(&[]), "none");
        assert_eq!(ranges(&[5]), "5");
        assert_eq!(ranges(&[12, 3, 4, 5, 6, 7, 5]), "3-7, 12");
        assert_eq!(ranges(&[1, 3, 5]), "1, 3, 5");
    }
}
