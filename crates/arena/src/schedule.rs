//! Fair schedules: who sits in which seat in which game.
//!
//! Games come in rounds; the games of a round share one opening.
//!
//! * Two seats: a round is one encounter of two engines, played twice with the seats
//!   swapped. With more than two engines the encounters cycle through every pair.
//! * Three or more seats: a round is as many games as there are engines; in game `k` of a
//!   round seat `s` is taken by engine `(s + k) mod E`. Over a round every engine takes
//!   every seat equally often (an engine may hold several seats of one game when there are
//!   fewer engines than seats, and sits a game out when there are more).
//! * Every seating ([`Seatings::All`], three or more seats): a round is every assignment of
//!   engines to seats in which each engine plays (when there are no more engines than
//!   seats) or no engine holds two seats (when there are more), in lexicographic order, so
//!   that no engine profits from its neighbours: 3 engines in 3 seats play 6 games a
//!   round, 2 engines in 3 seats 6, 2 engines in 6 seats 62.

use crate::error::ArenaError;

/// One shard of a match split over machines (`--shard K/N`): the rounds whose number is
/// K - 1 modulo N. Whole rounds, so that a shard holds complete game pairs; and the games'
/// openings and seeds come from their numbers, never from the split, so that the shards
/// together play exactly the games of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1.
    pub index: usize,
    /// N.
    pub count: usize,
}

impl Shard {
    /// Whether round `round` (from 0) belongs to this shard.
    pub fn holds(&self, round: usize) -> bool {
        round % self.count == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = crate::error::ArenaError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || crate::error::error(format!("bad shard '{text}': expected K/N with 1 <= K <= N, e.g. 3/8"));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (k.parse::<usize>().map_err(|_| bad())?, n.parse::<usize>().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// How engines are seated in the games of a round with three or more seats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Seatings {
    /// Rotate the engines through the seats, one game per engine.
    #[default]
    Rotate,
    /// Every assignment of the engines to the seats (see the module text).
    All,
}

impl Seatings {
    /// The spelling on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Seatings::Rotate => "rotate",
            Seatings::All => "all",
        }
    }
}

impl std::str::FromStr for Seatings {
    type Err = crate::error::ArenaError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "rotate" => Ok(Seatings::Rotate),
            "all" => Ok(Seatings::All),
            _ => Err(crate::error::error(format!("unknown seatings '{text}': expected rotate or all"))),
        }
    }
}

/// The most games a round of every seating may have.
pub const MAX_SEATINGS: usize = 100_000;

/// Every seating of `engines` engines in `seats` seats (see [`Seatings::All`]), in
/// lexicographic order; `None` past [`MAX_SEATINGS`].
pub fn every_seating(engines: usize, seats: usize) -> Option<Vec<Vec<usize>>> {
    let mut out = Vec::new();
    let mut seating = vec![0; seats];
    loop {
        let mut used = vec![0usize; engines];
        for &e in &seating {
            used[e] += 1;
        }
        let fair = if engines <= seats { used.iter().all(|&n| n > 0) } else { used.iter().all(|&n| n <= 1) };
        if fair {
            if out.len() == MAX_SEATINGS {
                return None;
            }
            out.push(seating.clone());
        }
        // The next assignment, the last seat counting fastest.
        let Some(s) = (0..seats).rev().find(|&s| seating[s] + 1 < engines) else {
            return Some(out);
        };
        seating[s] += 1;
        seating[s + 1..].fill(0);
    }
}

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The game's number in the match, from 0.
    pub game: usize,
    /// The round, from 0; games of a round share an opening.
    pub round: usize,
    /// The engine (index into the match's engine list) in each seat.
    pub seats: Vec<usize>,
}

/// The number of games in a round for `engines` engines and `seats` seats (with two
/// seats every seating is the rotation: each encounter both ways round).
pub fn round_size(engines: usize, seats: usize, seatings: Seatings) -> Result<usize, ArenaError> {
    Ok(match (seats, seatings) {
        (2, _) => 2,
        (_, Seatings::Rotate) => engines.max(1),
        (_, Seatings::All) => every_seating(engines, seats).ok_or_else(|| too_many(engines, seats))?.len(),
    })
}

fn too_many(engines: usize, seats: usize) -> ArenaError {
    crate::error::error(format!(
        "--seatings all: {engines} engines in {seats} seats have more than {MAX_SEATINGS} seatings; use --seatings rotate"
    ))
}

/// The number of games actually played for a request of `games`: rounded up to whole rounds,
/// so that the seats stay balanced.
pub fn games_played(engines: usize, seats: usize, games: usize, seatings: Seatings) -> Result<usize, ArenaError> {
    let size = round_size(engines, seats, seatings)?;
    Ok(games.div_ceil(size) * size)
}

/// The schedule for a match of `games` games (rounded up to whole rounds).
pub fn schedule(engines: usize, seats: usize, games: usize, seatings: Seatings) -> Result<Vec<Pairing>, ArenaError> {
    if engines < 2 || seats < 2 {
        return Err(crate::error::error("a match needs two engines and two seats"));
    }
    let pairs: Vec<(usize, usize)> = (0..engines).flat_map(|i| (i + 1..engines).map(move |j| (i, j))).collect();
    let all = match seatings {
        Seatings::All if seats > 2 => every_seating(engines, seats).ok_or_else(|| too_many(engines, seats))?,
        _ => Vec::new(),
    };
    // Every seating is listed once: its length is the round.
    let size = if all.is_empty() { round_size(engines, seats, seatings)? } else { all.len() };
    let total = games.div_ceil(size) * size;
    Ok((0..total)
        .map(|game| {
            let round = game / size;
            let k = game % size;
            let seats = if seats == 2 {
                let (a, b) = pairs[round % pairs.len()];
                if k == 0 { vec![a, b] } else { vec![b, a] }
            } else if all.is_empty() {
                (0..seats).map(|s| (s + k) % engines).collect()
            } else {
                all[k].clone()
            };
            Pairing { game, round, seats }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count[engine][seat]` over a schedule.
    fn seat_counts(plan: &[Pairing], engines: usize, seats: usize) -> Vec<Vec<usize>> {
        let mut count = vec![vec![0; seats]; engines];
        for p in plan {
            for (s, &e) in p.seats.iter().enumerate() {
                count[e][s] += 1;
            }
        }
        count
    }

    #[test]
    fn shards_split_whole_rounds_and_cover_every_game_once() {
        let plan = schedule(2, 2, 40, Seatings::Rotate).unwrap();
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        let mut seen = vec![0; plan.len()];
        for shard in &shards {
            for p in plan.iter().filter(|p| shard.holds(p.round)) {
                seen[p.game] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 1));
        assert!(plan.iter().filter(|p| shards[0].holds(p.round)).all(|p| p.round % 3 == 0));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            assert!(bad.parse::<Shard>().unwrap_err().to_string().contains(&format!("'{bad}'")), "{bad}");
        }
        assert_eq!(shards[1].to_string(), "2/3");
    }

    #[test]
    fn two_seats_swap_within_a_round() {
        let plan = schedule(2, 2, 5, Seatings::Rotate).unwrap();
        assert_eq!(plan.len(), 6, "rounded up to whole pairs");
        for pair in plan.chunks(2) {
            assert_eq!(pair[0].round, pair[1].round);
            assert_eq!(pair[0].seats, vec![pair[1].seats[1], pair[1].seats[0]]);
        }
        assert_eq!(seat_counts(&plan, 2, 2), vec![vec![3, 3], vec![3, 3]]);
    }

    #[test]
    fn two_seats_cycle_through_every_pair() {
        let plan = schedule(3, 2, 6, Seatings::Rotate).unwrap();
        let mut met: Vec<(usize, usize)> =
            plan.iter().map(|p| (p.seats[0].min(p.seats[1]), p.seats[0].max(p.seats[1]))).collect();
        met.dedup();
        assert_eq!(met, vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(seat_counts(&plan, 3, 2), vec![vec![2, 2]; 3]);
    }

    #[test]
    fn many_seats_rotate_evenly() {
        for (engines, seats) in [(2, 3), (3, 3), (2, 4), (4, 4), (2, 6), (3, 6), (6, 6), (5, 3)] {
            let plan = schedule(engines, seats, 1, Seatings::Rotate).unwrap();
            assert_eq!(plan.len(), round_size(engines, seats, Seatings::Rotate).unwrap());
            let count = seat_counts(&plan, engines, seats);
            let per_seat: Vec<usize> = count.iter().map(|row| row[0]).collect();
            for row in &count {
                assert!(row.iter().all(|&c| c == row[0]), "{engines} engines, {seats} seats: {count:?}");
            }
            assert!(per_seat.iter().all(|&c| c == per_seat[0]), "{count:?}");
            assert!(plan.iter().all(|p| p.round == 0));
        }
    }

    #[test]
    fn every_seating_seats_each_engine_in_each_seat_equally() {
        for (engines, seats, size) in
            [(2, 3, 6), (3, 3, 6), (2, 4, 14), (4, 4, 24), (2, 6, 62), (3, 6, 540), (5, 3, 60)]
        {
            let plan = schedule(engines, seats, 1, Seatings::All).unwrap();
            assert_eq!(plan.len(), size, "{engines} engines, {seats} seats");
            let mut distinct: Vec<&Vec<usize>> = plan.iter().map(|p| &p.seats).collect();
            distinct.dedup();
            assert_eq!(distinct.len(), size, "no seating twice");
            for p in &plan {
                let mut used = vec![0; engines];
                p.seats.iter().for_each(|&e| used[e] += 1);
                assert!(
                    if engines <= seats { used.iter().all(|&n| n > 0) } else { used.iter().all(|&n| n <= 1) },
                    "{:?}",
                    p.seats
                );
            }
            let count = seat_counts(&plan, engines, seats);
            for row in &count {
                assert!(row.iter().all(|&c| c == row[0]), "{engines} engines, {seats} seats: {count:?}");
            }
        }
        assert_eq!(schedule(3, 3, 7, Seatings::All).unwrap().len(), 12, "whole rounds");
        assert_eq!(schedule(2, 2, 4, Seatings::All).unwrap(), schedule(2, 2, 4, Seatings::Rotate).unwrap());
        let err = schedule(30, 6, 1, Seatings::All).unwrap_err().to_string();
        assert!(err.contains("--seatings rotate"), "{err}");
        assert_eq!("all".parse::<Seatings>().unwrap(), Seatings::All);
        assert!("every".parse::<Seatings>().unwrap_err().to_string().contains("'every'"));
    }
}
