//! A node-limited match between alpha-beta with the Chinese Checkers evaluator as it is
//! (race plus hop potential) and with the race alone (`CcEval::RACE`, the evaluator before
//! hop potential), through the arena library: 2 players, random openings, each opening
//! played with both seatings.
//!
//! `cargo run --release -p tabula-benches --bin cc_eval_match -- [GAMES] [NODES] [HOP]
//! [RACE_NODES]` (defaults 200 games, 20000 nodes a move, the default hop weight, the race
//! searching as many nodes; give it more to make up for its faster evaluation).

use std::sync::Arc;

use tabula_arena::report::MatchStats;
use tabula_arena::{EngineEntry, MatchConfig, OpeningBook, TimeControl, WallClock, run_match};
use tabula_engine::Searcher;
use tabula_engine::eval::chinese_checkers::CcEval;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_rules::GameOptions;
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: u64| args.get(i).map_or(default, |a| a.parse().expect("a number"));
    let (games, nodes) = (arg(0, 200) as usize, arg(1, 20_000));
    let hop = args.get(2).map_or(CcEval::default().hop, |a| a.parse().expect("a number"));
    let race_nodes = arg(3, nodes);

    let mut options = CcOptions::default();
    options.set("max_plies", "400").expect("an option");
    let engines = vec![
        EngineEntry::parse("name=hop,spec=hop").expect("an engine"),
        EngineEntry::parse(&format!("name=race,spec=race,tc=nodes={race_nodes}")).expect("an engine"),
    ];
    let mut config = MatchConfig::<ChineseCheckers>::new(options, engines, Some(TimeControl::Nodes(nodes)), games);
    config.concurrency = 2;
    config.seed = 2026;
    config.openings = OpeningBook::Random { plies: 4 };
    config.build = Arc::new(move |spec: &str| -> Result<Box<dyn Searcher<ChineseCheckers>>, String> {
        let eval = match spec {
            "hop" => CcEval { hop, ..CcEval::RACE },
            "race" => CcEval::RACE,
            _ => return Err(format!("unknown engine '{spec}'")),
        };
        Ok(Box::new(AlphaBeta::<ChineseCheckers>::with_eval(
            AlphaBetaConfig { hash_mb: 8, ..Default::default() },
            eval,
        )))
    });

    let mut stats = MatchStats::new(vec!["hop".into(), "race".into()], 2);
    let (mut plies, mut hop_wins_plies, mut hop_wins) = (0usize, 0usize, 0usize);
    let clock = std::time::Instant::now();
    let played = run_match(&config, Arc::new(WallClock::new()), &mut |g| {
        stats.add(g.pairing.round, &g.pairing.seats, &g.outcome);
        plies += g.plies;
        let hop_seat = g.pairing.seats.iter().position(|&e| e == 0).expect("a seat");
        if g.outcome.sole_winner().is_some_and(|s| s.index() == hop_seat) {
            hop_wins += 1;
            hop_wins_plies += g.plies;
        }
        if stats.games().is_multiple_of(20) {
            eprintln!("{}", stats.running_line(games));
        }
        true
    })
    .expect("the match runs");
    println!("{}", stats.running_line(games));
    println!(
        "{} games, {nodes} nodes a move ({race_nodes} for race), hop weight {hop}: {:.1} plies a game ({:.1} in the games hop won), {:.0} s",
        played.len(),
        plies as f64 / played.len() as f64,
        hop_wins_plies as f64 / hop_wins.max(1) as f64,
        clock.elapsed().as_secs_f64()
    );
    if let Some(e) = stats.pentanomial().estimate() {
        println!(
            "hop vs race: score {:.3}, Elo {:+.0} [{:+.0}, {:+.0}], LOS {:.1}%",
            e.score,
            e.elo,
            e.low,
            e.high,
            e.los * 100.0
        );
    }
}
