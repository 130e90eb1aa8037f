//! Seats and the [`Outcome`] of a finished game.

use std::fmt;
use std::num::NonZeroU16;

/// The most seats any game here has.
pub const MAX_SEATS: usize = 6;

/// A seat at the table, numbered from 0 in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The result of a finished game: a rank per seat (1 = best, ties share a rank in
/// standard competition ranking) and, for games that count them, points per seat.
///
/// A seat's score is derived from the ranks: the seats ranked 1 share one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    seats: u8,
    ranks: [u8; MAX_SEATS],
    points: Option<[i16; MAX_SEATS]>,
    /// The team of each seat, for games played in teams (partners share a score).
    teams: Option<[u8; MAX_SEATS]>,
}

impl Outcome {
    /// One winner; every other seat ranks 2.
    pub fn winner(seats: usize, winner: Seat) -> Self {
        let mut ranks = [0; MAX_SEATS];
        for (s, rank) in ranks.iter_mut().enumerate().take(seats) {
            *rank = if s == winner.index() { 1 } else { 2 };
        }
        Outcome { seats: seats as u8, ranks, points: None, teams: None }
    }

    /// Drawn among all seats.
    pub fn draw(seats: usize) -> Self {
        let mut ranks = [0; MAX_SEATS];
        ranks[..seats].fill(1);
        Outcome { seats: seats as u8, ranks, points: None, teams: None }
    }

    /// Ranks from per-seat standings (higher is better), in standard competition ranking.
    pub fn from_standings(standings: &[i64]) -> Self {
        let seats = standings.len();
        assert!((1..=MAX_SEATS).contains(&seats), "1 to {MAX_SEATS} seats");
        let mut ranks = [0; MAX_SEATS];
        for (s, rank) in ranks.iter_mut().enumerate().take(seats) {
            *rank = 1 + standings.iter().filter(|&&o| o > standings[s]).count() as u8;
        }
        Outcome { seats: seats as u8, ranks, points: None, teams: None }
    }

    /// Attaches captured points per seat.
    pub fn with_points(mut self, points: &[i16]) -> Self {
        let mut p = [0; MAX_SEATS];
        p[..points.len()].copy_from_slice(points);
        self.points = Some(p);
        self
    }

    /// Marks the seats as playing in teams (`teams[s]` is seat `s`'s team): every seat of
    /// a team ranked first scores the team's share, 1 divided by the number of teams ranked
    /// first.
    pub fn with_teams(mut self, teams: &[u8]) -> Self {
        let mut t = [0; MAX_SEATS];
        t[..teams.len()].copy_from_slice(teams);
        self.teams = Some(t);
        self
    }

    /// The team of each seat, in games played in teams.
    pub fn teams(&self) -> Option<&[u8]> {
        self.teams.as_ref().map(|t| &t[..self.seats()])
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.seats as usize
    }

    /// The rank of a seat, 1 = best.
    pub fn rank(&self, seat: Seat) -> u8 {
        self.ranks[seat.index()]
    }

    /// The ranks of all seats.
    pub fn ranks(&self) -> &[u8] {
        &self.ranks[..self.seats()]
    }

    /// The score of a seat: 1 for a sole winner, 1/k in a k-way tie for first, else 0.
    pub fn score(&self, seat: Seat) -> f64 {
        if self.rank(seat) != 1 {
            return 0.0;
        }
        if let Some(teams) = self.teams() {
            let mut first: Vec<u8> =
                self.ranks().iter().zip(teams).filter(|(r, _)| **r == 1).map(|(_, &t)| t).collect();
            first.sort_unstable();
            first.dedup();
            return 1.0 / first.len() as f64;
        }
        1.0 / self.ranks().iter().filter(|&&r| r == 1).count() as f64
    }

    /// The captured points per seat, in games that count them.
    pub fn points(&self) -> Option<&[i16]> {
        self.points.as_ref().map(|p| &p[..self.seats()])
    }

    /// The single winner, if exactly one seat ranks first.
    pub fn sole_winner(&self) -> Option<Seat> {
        let mut firsts = self.ranks().iter().enumerate().filter(|(_, r)| **r == 1);
        match (firsts.next(), firsts.next()) {
            (Some((s, _)), None) => Some(Seat(s as u8)),
            _ => None,
        }
    }
}

/// The ranks of a finished game in two bytes, as positions keep them so that copying a
/// position stays cheap: the rank of seat `s` less one is digit `s` of a base-6 number
/// (at most 6 seats and 6 ranks, so the 6^6 = 46,656 codes fit a `u16`), plus one, so
/// the code is never zero and `Option<Finish>` needs no more room. The points and teams
/// an [`Outcome`] may carry are read from the final position
/// ([`Game::outcome_from`](super::game::Game::outcome_from)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finish(NonZeroU16);

/// `6^s` for each seat `s`.
const DIGIT: [u16; MAX_SEATS] = [1, 6, 36, 216, 1296, 7776];

impl Finish {
    /// Drawn among all seats: every rank is 1.
    pub const DRAW: Finish = Finish(NonZeroU16::MIN);

    /// One winner among `seats` seats; every other seat ranks 2.
    #[inline]
    pub fn winner(seats: usize, winner: Seat) -> Self {
        let others: u16 = DIGIT[..seats].iter().sum::<u16>() - DIGIT[winner.index()];
        Finish(NonZeroU16::MIN.saturating_add(others))
    }

    /// The ranks of `outcome`.
    pub fn of(outcome: &Outcome) -> Self {
        let code: u16 = outcome.ranks().iter().zip(DIGIT).map(|(&r, d)| (r as u16 - 1) * d).sum();
        Finish(NonZeroU16::MIN.saturating_add(code))
    }

    /// The outcome of `seats` seats with these ranks, without points or teams.
    pub fn outcome(self, seats: usize) -> Outcome {
        let mut code = self.0.get() - 1;
        let mut ranks = [0; MAX_SEATS];
        for rank in ranks.iter_mut().take(seats) {
            *rank = (code % 6) as u8 + 1;
            code /= 6;
        }
        Outcome { seats: seats as u8, ranks, points: None, teams: None }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(w) = self.sole_winner() {
            return write!(f, "seat {w} wins");
        }
        if self.ranks().iter().all(|&r| r == 1) {
            return write!(f, "draw");
        }
        let ranks: Vec<String> = self.ranks().iter().map(|r| r.to_string()).collect();
        write!(f, "ranks {}", ranks.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winner_ranks_and_scores() {
        let o = Outcome::winner(3, Seat(1));
        assert_eq!(o.ranks(), &[2, 1, 2]);
        assert_eq!(o.score(Seat(1)), 1.0);
        assert_eq!(o.score(Seat(0)), 0.0);
        assert_eq!(o.sole_winner(), Some(Seat(1)));
    }

    #[test]
    fn draw_shares_the_point() {
        let o = Outcome::draw(4);
        assert_eq!(o.ranks(), &[1, 1, 1, 1]);
        assert_eq!(o.score(Seat(2)), 0.25);
        assert_eq!(o.sole_winner(), None);
        assert_eq!(o.to_string(), "draw");
    }

    #[test]
    fn partners_share_the_team_score() {
        let win = Outcome::from_standings(&[3, 1, 3, 1]).with_teams(&[0, 1, 0, 1]);
        assert_eq!((win.score(Seat(0)), win.score(Seat(2)), win.score(Seat(1))), (1.0, 1.0, 0.0));
        let draw = Outcome::draw(4).with_teams(&[0, 1, 0, 1]);
        assert_eq!(draw.score(Seat(3)), 0.5);
        assert_eq!(draw.teams(), Some(&[0, 1, 0, 1][..]));
    }

    #[test]
    fn a_finish_keeps_the_ranks() {
        for seats in 2..=MAX_SEATS {
            for w in 0..seats {
                let winner = Finish::winner(seats, Seat(w as u8));
                assert_eq!(winner.outcome(seats), Outcome::winner(seats, Seat(w as u8)));
                assert_eq!(Finish::of(&Outcome::winner(seats, Seat(w as u8))), winner);
            }
            assert_eq!(Finish::DRAW.outcome(seats), Outcome::draw(seats));
        }
        let ranked = Outcome::from_standings(&[5, 9, 9, 1, 0, 7]);
        assert_eq!(Finish::of(&ranked).outcome(6), ranked);
        let last = Outcome::from_standings(&[0, 1, 2, 3, 4, 5]);
        assert_eq!(last.ranks(), &[6, 5, 4, 3, 2, 1]);
        assert_eq!(Finish::of(&last).outcome(6), last);
        assert_eq!(std::mem::size_of::<Option<Finish>>(), 2);
    }

    #[test]
    fn standings_use_competition_ranking() {
        let o = Outcome::from_standings(&[5, 9, 9, 1]).with_points(&[5, 9, 9, 1]);
        assert_eq!(o.ranks(), &[3, 1, 1, 4]);
        assert_eq!(o.score(Seat(1)), 0.5);
        assert_eq!(o.score(Seat(0)), 0.0);
        assert_eq!(o.points(), Some(&[5, 9, 9, 1][..]));
    }
}
