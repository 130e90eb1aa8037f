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

/// The number of games in a round for `engines` engines and `seats` seats.
pub fn round_size(engines: usize, seats: usize) -> usize {
    if seats == 2 { 2 } else { engines.max(1) }
}

/// The number of games actually played for a request of `games`: rounded up to whole rounds,
/// so that the seats stay balanced.
pub fn games_played(engines: usize, seats: usize, games: usize) -> usize {
    let size = round_size(engines, seats);
    games.div_ceil(size) * size
}

/// The schedule for a match of `games` games (rounded up to whole rounds).
pub fn schedule(engines: usize, seats: usize, games: usize) -> Vec<Pairing> {
    assert!(engines >= 2 && seats >= 2, "a match needs two engines and two seats");
    let total = games_played(engines, seats, games);
    let size = round_size(engines, seats);
    let pairs: Vec<(usize, usize)> = (0..engines).flat_map(|i| (i + 1..engines).map(move |j| (i, j))).collect();
    (0..total)
        .map(|game| {
            let round = game / size;
            let k = game % size;
            let seats = if seats == 2 {
                let (a, b) = pairs[round % pairs.len()];
                if k == 0 { vec![a, b] } else { vec![b, a] }
            } else {
                (0..seats).map(|s| (s + k) % engines).collect()
            };
            Pairing { game, round, seats }
        })
        .collect()
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
        let plan = schedule(2, 2, 40);
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
            assert!(bad.parse::<Shard>().unwrap_err().0.contains(&format!("'{bad}'")), "{bad}");
        }
        assert_eq!(shards[1].to_string(), "2/3");
    }

    #[test]
    fn two_seats_swap_within_a_round() {
        let plan = schedule(2, 2, 5);
        assert_eq!(plan.len(), 6, "rounded up to whole pairs");
        for pair in plan.chunks(2) {
            assert_eq!(pair[0].round, pair[1].round);
            assert_eq!(pair[0].seats, vec![pair[1].seats[1], pair[1].seats[0]]);
        }
        assert_eq!(seat_counts(&plan, 2, 2), vec![vec![3, 3], vec![3, 3]]);
    }

    #[test]
    fn two_seats_cycle_through_every_pair() {
        let plan = schedule(3, 2, 6);
        let mut met: Vec<(usize, usize)> =
            plan.iter().map(|p| (p.seats[0].min(p.seats[1]), p.seats[0].max(p.seats[1]))).collect();
        met.dedup();
        assert_eq!(met, vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(seat_counts(&plan, 3, 2), vec![vec![2, 2]; 3]);
    }

    #[test]
    fn many_seats_rotate_evenly() {
        for (engines, seats) in [(2, 3), (3, 3), (2, 4), (4, 4), (2, 6), (3, 6), (6, 6), (5, 3)] {
            let plan = schedule(engines, seats, 1);
            assert_eq!(plan.len(), round_size(engines, seats));
            let count = seat_counts(&plan, engines, seats);
            let per_seat: Vec<usize> = count.iter().map(|row| row[0]).collect();
            for row in &count {
                assert!(row.iter().all(|&c| c == row[0]), "{engines} engines, {seats} seats: {count:?}");
            }
            assert!(per_seat.iter().all(|&c| c == per_seat[0]), "{count:?}");
            assert!(plan.iter().all(|p| p.round == 0));
        }
    }
}
