//! The clock's precision: how far past its hard cap a search returns. Each searcher plays
//! games against itself at a fixed time a move (soft target and hard cap both that time, as
//! `--tc st=T` gives them), and every search's wall time less the cap is its overrun. A
//! game starts from two random plies (seeded) and a new one starts when it ends, until the
//! count of searches is reached. Prints, per game, searcher and time, the median, the 99th
//! percentile and the worst overrun in milliseconds (negative: the search returned early,
//! as a proven result or a single legal move lets it).
//!
//! `cargo run --release -p tabula-benches --bin overrun -- [games=all|NAME,...]
//! [engines=alphabeta,mcts] [times=0.05,0.2,1] [searches=200]`
//!
//! Run it on an idle machine (`uptime` below 0.5): a busy core delays the search's own
//! looks at the clock.

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_benches::{GameTask, with_game};
use tabula_engine::{EngineGame, Limits, registry};
use tabula_rules::{Game, MoveList};

/// What to measure, from the command line.
struct Plan {
    games: Vec<String>,
    engines: Vec<String>,
    times: Vec<f64>,
    searches: usize,
}

fn main() {
    let plan = match parse(std::env::args().skip(1)) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("overrun: {e}");
            std::process::exit(2);
        }
    };
    println!("| game | searcher | time a move | searches | median | 99th percentile | worst |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    for game in &plan.games {
        for engine in &plan.engines {
            for &time in &plan.times {
                let task = Measure { spec: engine, time: Duration::from_secs_f64(time), searches: plan.searches };
                let mut overruns = with_game(game, task).expect("names are checked by parse");
                overruns.sort_by(f64::total_cmp);
                let at = |q: f64| overruns[((overruns.len() - 1) as f64 * q).round() as usize];
                println!(
                    "| {game} | {engine} | {time} s | {} | {:.2} ms | {:.2} ms | {:.2} ms |",
                    overruns.len(),
                    at(0.5),
                    at(0.99),
                    at(1.0)
                );
            }
        }
    }
}

/// Reads `key=value` arguments; an unknown key, game or a bad number is an error naming it.
fn parse(args: impl Iterator<Item = String>) -> Result<Plan, String> {
    let all = tabula_rules::games::NAMES;
    let mut plan = Plan {
        games: all.iter().map(|s| s.to_string()).collect(),
        engines: vec!["alphabeta".into(), "mcts".into()],
        times: vec![0.05, 0.2, 1.0],
        searches: 200,
    };
    for arg in args {
        let (key, value) = arg.split_once('=').ok_or(format!("bad argument '{arg}': expected KEY=VALUE"))?;
        let list = || value.split(',').map(String::from).collect::<Vec<_>>();
        match key {
            "games" if value == "all" => {}
            "games" => {
                plan.games = list();
                if let Some(bad) = plan.games.iter().find(|g| !all.contains(&g.as_str())) {
                    return Err(format!("unknown game '{bad}': expected one of {}", all.join(", ")));
                }
            }
            "engines" => plan.engines = list(),
            "times" => {
                let number = |t: &String| t.parse::<f64>().ok().filter(|t| *t > 0.0 && *t < 3600.0);
                plan.times =
                    list().iter().map(|t| number(t).ok_or(format!("bad time '{t}'"))).collect::<Result<_, _>>()?;
            }
            "searches" => {
                plan.searches = value.parse().ok().filter(|&n| n > 0).ok_or(format!("bad count '{value}'"))?;
            }
            _ => return Err(format!("unknown key '{key}': expected games, engines, times or searches")),
        }
    }
    Ok(plan)
}

/// The overruns in milliseconds of `searches` searches of `spec` at `time` a move.
struct Measure<'a> {
    spec: &'a str,
    time: Duration,
    searches: usize,
}

impl GameTask for Measure<'_> {
    type Output = Vec<f64>;
    fn run<G: EngineGame>(self) -> Vec<f64> {
        measure::<G>(self.spec, self.time, self.searches)
    }
}

/// The overruns in milliseconds of `searches` searches of `spec` at `time` a move.
fn measure<G: EngineGame>(spec: &str, time: Duration, searches: usize) -> Vec<f64> {
    let mut searcher = registry::build::<G>(spec).unwrap_or_else(|e| {
        eprintln!("overrun: {}", e.0);
        std::process::exit(2);
    });
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut moves = MoveList::new();
    let mut overruns = Vec::with_capacity(searches);
    let mut game = opening::<G>(&mut rng, &mut moves);
    searcher.new_game();
    while overruns.len() < searches {
        // Two random plies can end a game too (an Icelights beam on its own Tower).
        while game.is_over() {
            game = opening::<G>(&mut rng, &mut moves);
            searcher.new_game();
        }
        let start = Instant::now();
        let result = searcher.search(&game, &Limits::think(time), &mut |_| {});
        overruns.push((start.elapsed().as_secs_f64() - time.as_secs_f64()) * 1000.0);
        game.play(result.best.expect("a running game has a move"));
    }
    overruns
}

/// The default start of `G` after two random plies.
fn opening<G: Game>(rng: &mut SmallRng, moves: &mut MoveList<G::Move>) -> G {
    let mut game = G::new(&G::Options::default()).expect("the default start");
    for _ in 0..2 {
        game.legal_moves(moves);
        if !game.is_over() && !moves.is_empty() {
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    game
}
