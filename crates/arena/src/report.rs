//! The report of a match: wins, draws, losses and score per engine; for two engines the Elo
//! difference on game pairs and on single games (see [`elo`](crate::elo)); for more seats the
//! average rank, the score per seat and how often each engine finished ahead of each other.
//! A shared first place counts as a draw and splits the point.

use std::collections::HashSet;
use std::fmt::Write;

use tabula_rules::{MAX_SEATS, Outcome, Seat};

use crate::elo::{Pentanomial, Trinomial, Z95, format_elo};
use crate::line::GameLine;
use crate::plural::plural;
use crate::sprt::{Sprt, SprtStatus};

/// One engine's tally.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineTally {
    /// Seats played (an engine may hold several seats of one game).
    pub games: u32,
    /// Sole first places.
    pub wins: u32,
    /// Shared first places (draws).
    pub draws: u32,
    /// Other places.
    pub losses: u32,
    /// Points by the game's scores (a shared first place splits one point).
    pub score: f64,
    /// The sum of ranks (1 is first).
    pub rank_sum: u32,
    /// Games and score per seat.
    pub by_seat: [(u32, f64); MAX_SEATS],
    /// Games it held at least one seat of.
    pub played: u32,
}

impl EngineTally {
    /// The score as a fraction of the games.
    pub fn score_fraction(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.score / f64::from(self.games) }
    }
    /// The average rank.
    pub fn average_rank(&self) -> f64 {
        if self.games == 0 { 0.0 } else { f64::from(self.rank_sum) / f64::from(self.games) }
    }
    /// Its points per game it played (the share of each game's point its seats took
    /// together: the win rate of the multi-player literature, where one engine may hold
    /// several seats), with its 95% Wilson score interval, which stays inside 0 to 1 and
    /// is not empty when every game went one way (a shared first place counts as half a
    /// point, so the interval is slightly wider than the points' spread needs); `None`
    /// before its first game.
    pub fn points_per_game(&self) -> Option<(f64, f64, f64)> {
        if self.played == 0 {
            return None;
        }
        let n = f64::from(self.played);
        let p = self.score / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Some((p, (centre - half).max(0.0), (centre + half).min(1.0)))
    }
}

/// The statistics of a match, updated game by game.
#[derive(Clone, Debug)]
pub struct MatchStats {
    names: Vec<String>,
    seats: usize,
    games: u32,
    tallies: Vec<EngineTally>,
    /// `ahead[i][j]`: (games where `i` finished ahead of `j`, games where both played).
    ahead: Vec<Vec<(u32, u32)>>,
    /// Two engines: engine 0's trinomial and pentanomial counts.
    trinomial: Trinomial,
    pentanomial: Pentanomial,
    /// Engine 0's points in the open pair of each round, while the pair is incomplete.
    open_pairs: Vec<(usize, usize, f64)>,
    /// Games per termination kind, in order of first appearance.
    ends: Vec<(String, u32)>,
    /// The seatings, openings and moves of the games added by line.
    played: HashSet<(Vec<usize>, String, String)>,
    /// Games that repeat an earlier one move for move, in the same seats.
    repeats: u32,
    /// The sequential test on the pairs, when one runs.
    sprt: Option<Sprt>,
}

impl MatchStats {
    /// Empty statistics for engines named `names` playing games of `seats` seats.
    pub fn new(names: Vec<String>, seats: usize) -> Self {
        let e = names.len();
        MatchStats {
            names,
            seats,
            games: 0,
            tallies: vec![EngineTally::default(); e],
            ahead: vec![vec![(0, 0); e]; e],
            trinomial: Trinomial::default(),
            pentanomial: Pentanomial::default(),
            open_pairs: Vec::new(),
            ends: Vec::new(),
            played: HashSet::new(),
            repeats: 0,
            sprt: None,
        }
    }

    /// The same statistics with a sequential test on the game pairs (two engines, two
    /// seats): its LLR shows in the running line and the report.
    pub fn with_sprt(mut self, sprt: Option<Sprt>) -> Self {
        self.sprt = sprt;
        self
    }

    /// The sequential test's verdict so far (`Continue` without one).
    pub fn sprt_status(&self) -> SprtStatus {
        self.sprt.as_ref().map_or(SprtStatus::Continue, |t| t.status(&self.pentanomial))
    }

    /// Adds a finished game: `engines[s]` is the engine that sat in seat `s`, `round` the
    /// schedule's round (the two games of a round in a 2-seat match form a pair).
    pub fn add(&mut self, round: usize, engines: &[usize], outcome: &Outcome) {
        let scores: Vec<f64> = (0..engines.len()).map(|s| outcome.score(Seat(s as u8))).collect();
        self.add_ranked(round, engines, outcome.ranks(), &scores);
    }

    /// Adds a finished game's line (its round counted from 1), its termination and whether
    /// it repeats an earlier game.
    pub fn add_line(&mut self, line: &GameLine) {
        self.add_ranked(line.round - 1, &line.engines, &line.ranks, &line.scores);
        match self.ends.iter_mut().find(|(k, _)| *k == line.ends) {
            Some(entry) => entry.1 += 1,
            None => self.ends.push((line.ends.clone(), 1)),
        }
        if !self.played.insert((line.engines.clone(), line.opening.clone(), line.moves.clone())) {
            self.repeats += 1;
        }
    }

    /// The report of a set of lines, added in game order whatever their order here (so a
    /// merge of shards or a resumed match reports exactly what one run reports).
    pub fn from_lines(names: Vec<String>, seats: usize, lines: &[GameLine]) -> Self {
        let mut sorted: Vec<&GameLine> = lines.iter().collect();
        sorted.sort_by_key(|l| l.game);
        let mut stats = MatchStats::new(names, seats);
        for line in sorted {
            stats.add_line(line);
        }
        stats
    }

    /// Adds a game by its ranks and scores per seat.
    pub fn add_ranked(&mut self, round: usize, engines: &[usize], ranks: &[u8], scores: &[f64]) {
        self.games += 1;
        let firsts = ranks.iter().filter(|&&r| r == 1).count();
        for (e, t) in self.tallies.iter_mut().enumerate() {
            if engines.contains(&e) {
                t.played += 1;
            }
        }
        for (s, &e) in engines.iter().enumerate() {
            let rank = ranks[s];
            let t = &mut self.tallies[e];
            t.games += 1;
            match (rank, firsts) {
                (1, 1) => t.wins += 1,
                (1, _) => t.draws += 1,
                _ => t.losses += 1,
            }
            let score = scores[s];
            t.score += score;
            t.rank_sum += u32::from(rank);
            t.by_seat[s].0 += 1;
            t.by_seat[s].1 += score;
            for (s2, &e2) in engines.iter().enumerate() {
                if e2 != e {
                    let entry = &mut self.ahead[e][e2];
                    entry.1 += 1;
                    if rank < ranks[s2] {
                        entry.0 += 1;
                    }
                }
            }
        }
        if self.names.len() == 2 && self.seats == 2 {
            let points = scores[engines.iter().position(|&e| e == 0).unwrap_or(0)];
            if points == 1.0 {
                self.trinomial.wins += 1;
            } else if points == 0.0 {
                self.trinomial.losses += 1;
            } else {
                self.trinomial.draws += 1;
            }
            if let Some(i) = self.open_pairs.iter().position(|p| p.0 == round) {
                let (_, _, first) = self.open_pairs.swap_remove(i);
                let k = ((first + points) * 2.0).round() as usize;
                self.pentanomial.counts[k.min(4)] += 1;
            } else {
                self.open_pairs.push((round, 1, points));
            }
        }
    }

    /// The engines' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// Games added.
    pub fn games(&self) -> u32 {
        self.games
    }
    /// One engine's tally.
    pub fn tally(&self, engine: usize) -> &EngineTally {
        &self.tallies[engine]
    }
    /// How often `i` finished ahead of `j`: (ahead, games where both played).
    pub fn ahead(&self, i: usize, j: usize) -> (u32, u32) {
        self.ahead[i][j]
    }
    /// Two engines and two seats: engine 0's single-game counts.
    pub fn trinomial(&self) -> Trinomial {
        self.trinomial
    }
    /// Two engines and two seats: engine 0's pair counts (complete pairs only).
    pub fn pentanomial(&self) -> Pentanomial {
        self.pentanomial
    }

    /// The one-line running score, e.g. `Score of ab vs mcts: 12 - 6 - 2 [0.650] 20`
    /// (cutechess style) or, with more engines, each engine's points.
    pub fn running_line(&self, total: usize) -> String {
        if self.names.len() == 2 && self.seats == 2 {
            let t = self.trinomial;
            let score =
                if t.games() > 0 { (f64::from(t.wins) + 0.5 * f64::from(t.draws)) / f64::from(t.games()) } else { 0.0 };
            let mut line = format!(
                "Score of {} vs {}: {} - {} - {} [{score:.3}] {}/{total}",
                self.names[0],
                self.names[1],
                t.wins,
                t.losses,
                t.draws,
                t.games()
            );
            if let Some(test) = &self.sprt {
                let _ = write!(line, ", {}", test.describe(&self.pentanomial));
            }
            return line;
        }
        let parts: Vec<String> = self
            .names
            .iter()
            .zip(&self.tallies)
            .map(|(n, t)| format!("{n} {} ({:.3})", trim(t.score), t.score_fraction()))
            .collect();
        format!("Game {}/{total}: {}", self.games, parts.join(", "))
    }

    /// The table printed at the end of a match.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let width = self.names.iter().map(|n| n.len()).max().unwrap_or(6).max(6);
        let multi = self.seats > 2;
        let _ = write!(
            out,
            "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>8} {:>7}",
            "engine", "games", "wins", "draws", "losses", "score", "score%"
        );
        if multi {
            let _ = write!(out, " {:>8}", "avg-rank");
        }
        out.push('\n');
        for (n, t) in self.names.iter().zip(&self.tallies) {
            let _ = write!(
                out,
                "{n:<width$} {:>6} {:>6} {:>6} {:>6} {:>8} {:>6.1}%",
                t.games,
                t.wins,
                t.draws,
                t.losses,
                trim(t.score),
                100.0 * t.score_fraction()
            );
            if multi {
                let _ = write!(out, " {:>8.2}", t.average_rank());
            }
            out.push('\n');
        }
        if self.names.len() == 2 && self.seats == 2 {
            let penta = self.pentanomial;
            if let Some(e) = penta.estimate() {
                let _ = writeln!(
                    out,
                    "Elo {} - {}: {} (95%: {} .. {}), LOS {:.1}%, over {} [{}]",
                    self.names[0],
                    self.names[1],
                    format_elo(e.elo),
                    format_elo(e.low),
                    format_elo(e.high),
                    100.0 * e.los,
                    plural(penta.pairs() as usize, "game pair", "game pairs"),
                    penta.counts.map(|c| c.to_string()).join(", ")
                );
            }
            if let Some(e) = self.trinomial.estimate() {
                let _ = writeln!(
                    out,
                    "Elo on single games: {} (95%: {} .. {}), LOS {:.1}%",
                    format_elo(e.elo),
                    format_elo(e.low),
                    format_elo(e.high),
                    100.0 * e.los
                );
            }
        }
        if self.seats > 2 || self.names.len() > 2 {
            if self.seats > 2 {
                out.push_str("score per seat (points / games):\n");
                let _ = write!(out, "{:<width$}", "engine");
                for s in 0..self.seats {
                    let _ = write!(out, " {:>10}", format!("seat {s}"));
                }
                out.push('\n');
                for (n, t) in self.names.iter().zip(&self.tallies) {
                    let _ = write!(out, "{n:<width$}");
                    for &(g, p) in &t.by_seat[..self.seats] {
                        let _ = write!(out, " {:>10}", format!("{}/{g}", trim(p)));
                    }
                    out.push('\n');
                }
            }
            out.push_str("points per game played (its seats' share of the point, 95% Wilson interval):\n");
            for (n, t) in self.names.iter().zip(&self.tallies) {
                if let Some((mean, low, high)) = t.points_per_game() {
                    let games = plural(t.played as usize, "game", "games");
                    let _ = writeln!(out, "{n:<width$} {mean:.3} ({low:.3} .. {high:.3}) over {games}");
                }
            }
            out.push_str("finished ahead (row ahead of column, % of games together):\n");
            let _ = write!(out, "{:<width$}", "");
            for n in &self.names {
                let _ = write!(out, " {n:>width$}");
            }
            out.push('\n');
            for (i, n) in self.names.iter().enumerate() {
                let _ = write!(out, "{n:<width$}");
                for j in 0..self.names.len() {
                    let (a, g) = self.ahead[i][j];
                    let cell = if i == j || g == 0 {
                        "-".to_string()
                    } else {
                        format!("{:.1}%", 100.0 * f64::from(a) / f64::from(g))
                    };
                    let _ = write!(out, " {cell:>width$}");
                }
                out.push('\n');
            }
        }
        out
    }

    /// Games per termination kind, in order of first appearance (games added by line).
    pub fn ends(&self) -> &[(String, u32)] {
        &self.ends
    }

    /// Games that repeat an earlier game move for move in the same seats (games added by
    /// line).
    pub fn repeats(&self) -> u32 {
        self.repeats
    }

    /// The report printed at the end of a match (and by `merge` and a resumed match): the
    /// table, the termination counts, and a warning when games repeated earlier ones.
    pub fn report(&self) -> String {
        let mut out = self.table();
        let ends: Vec<String> = self.ends.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(out, "Ends: {}", ends.join(", "));
        if let Some(test) = &self.sprt {
            let _ = writeln!(out, "SPRT {test}: {}", test.describe(&self.pentanomial));
        }
        if self.repeats > 0 {
            let _ = writeln!(
                out,
                "Repeats: {} of {} repeated an earlier game move for move (deterministic engines from \
                 the same opening: use --openings random:PLIES)",
                self.repeats,
                plural(self.games as usize, "game", "games")
            );
        }
        out
    }
}

/// A score without a useless fraction: `3`, `2.5`, `1.333`.
fn trim(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests;
