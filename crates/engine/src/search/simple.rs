//! The simple players: `random` (a uniformly random legal move) and `greedy` (the move
//! whose resulting position the evaluator likes best for the mover, one ply deep).

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::{Game, MAX_SEATS, MoveList, Outcome, Seat};

use crate::api::{EngineGame, Evaluator, Limits, SearchInfo, SearchResult, Searcher, score};

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player drawing from `seed`.
    pub fn new(seed: u64) -> Self {
        RandomPlayer { rng: SmallRng::seed_from_u64(seed) }
    }
}

impl<G: Game> Searcher<G> for RandomPlayer {
    fn search(&mut self, game: &G, _: &Limits, report: &mut dyn FnMut(&SearchInfo<G::Move>)) -> SearchResult<G::Move> {
        let start = Instant::now();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let best = (!moves.is_empty()).then(|| moves.as_slice()[self.rng.random_range(0..moves.len())]);
        let pv: Vec<G::Move> = best.into_iter().collect();
        let info = SearchInfo { depth: 1, score: 0, nodes: moves.len() as u64, time: start.elapsed(), pv: pv.clone() };
        report(&info);
        SearchResult { best, score: 0, pv, nodes: info.nodes, depth: 1, time: info.time }
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = SmallRng::seed_from_u64(seed);
    }
}

/// Plays the move after which the evaluator gives the mover the best margin over the
/// best other seat; a winning move first, a losing one last.
#[derive(Clone, Debug, Default)]
pub struct Greedy<G: EngineGame> {
    eval: G::Eval,
}

impl<G: EngineGame> Greedy<G> {
    /// A greedy player with the game's evaluator.
    pub fn new() -> Self {
        Self::with_eval(G::Eval::default())
    }

    /// A greedy player with evaluator `eval`.
    pub fn with_eval(eval: G::Eval) -> Self {
        Greedy { eval }
    }
}

/// The value of `game` for `seat` and its team: the team's best evaluation minus the best
/// evaluation outside the team, or a proven result when the game is over (a win when only
/// the team ranks first, a loss when it does not, else a draw).
pub fn margin<G: EngineGame, E: Evaluator<G>>(eval: &E, game: &G, seat: Seat) -> i32 {
    rivals_margin(eval, game, seat, 0)
}

/// [`margin`] with `rivals` percent of it taken over the mean of the other teams' values
/// instead of the best of them (alpha-beta's `rivals`; with two teams the two are one).
pub fn rivals_margin<G: EngineGame, E: Evaluator<G>>(eval: &E, game: &G, seat: Seat, rivals: i32) -> i32 {
    match game.outcome() {
        Some(outcome) => finished_margin(game, &outcome, seat),
        None => {
            let values = eval.evaluate(game);
            let best = value_margin(game, &values, seat);
            if rivals == 0 {
                return best;
            }
            let mean = mean_margin(game, &values, seat);
            ((100 - rivals) as i64 * best as i64 + rivals as i64 * mean as i64).div_euclid(100) as i32
        }
    }
}

/// How far `seat` has got on its own in `game`: its own evaluation, or the finished game's
/// [`margin`]. Where a seat has lost, the move that maximizes this runs its race out
/// instead of holding the other seats back.
pub fn own_progress<G: EngineGame, E: Evaluator<G>>(eval: &E, game: &G, seat: Seat) -> i32 {
    match game.outcome() {
        Some(outcome) => finished_margin(game, &outcome, seat),
        None => eval.evaluate(game)[seat.index()],
    }
}

/// [`margin`] for every seat at once, from one evaluation (entries past `game.seats()` are
/// 0). Between any two seats of different teams the margins add up to at most 0: only the
/// leading team's can be positive, and it is at most what the other trails by.
pub fn margins<G: EngineGame, E: Evaluator<G>>(eval: &E, game: &G) -> [i32; MAX_SEATS] {
    let mut out = [0; MAX_SEATS];
    let seats = (0..game.seats() as u8).map(Seat);
    match game.outcome() {
        Some(outcome) => seats.for_each(|s| out[s.index()] = finished_margin(game, &outcome, s)),
        None => {
            let values = eval.evaluate(game);
            seats.for_each(|s| out[s.index()] = value_margin(game, &values, s));
        }
    }
    out
}

/// A finished game's margin for `seat`: a win when only its team ranks first, a loss when
/// it does not, else a draw (0).
fn finished_margin<G: Game>(game: &G, outcome: &Outcome, seat: Seat) -> i32 {
    let team = game.team(seat);
    let ours = |s: usize| game.team(Seat(s as u8)) == team;
    let firsts = || outcome.ranks().iter().enumerate().filter(|&(_, &r)| r == 1).map(|(s, _)| s);
    match (firsts().any(ours), firsts().all(ours)) {
        (true, true) => score::WIN,
        (false, _) => -score::WIN,
        (true, false) => 0,
    }
}

/// The margin of `seat`'s team over the mean of the other teams, each team valued by its
/// best seat (the team alone when there is no other).
fn mean_margin<G: Game>(game: &G, values: &[i32; MAX_SEATS], seat: Seat) -> i32 {
    let team = game.team(seat);
    let mut best = [i32::MIN; MAX_SEATS];
    for (s, &v) in values.iter().enumerate().take(game.seats()) {
        let t = game.team(Seat(s as u8)) as usize;
        best[t] = best[t].max(v);
    }
    let others = best.iter().enumerate().filter(|&(t, &v)| t != team as usize && v != i32::MIN);
    let (sum, n) = others.fold((0i64, 0i64), |(sum, n), (_, &v)| (sum + v as i64, n + 1));
    let mine = best[team as usize];
    if n == 0 { mine } else { (mine as i64 - sum.div_euclid(n)) as i32 }
}

/// The margin of `seat`'s team in an evaluation: its best value minus the best outside it.
fn value_margin<G: Game>(game: &G, values: &[i32; MAX_SEATS], seat: Seat) -> i32 {
    let team = game.team(seat);
    let (mut mine, mut theirs) = (i32::MIN, i32::MIN);
    for (s, &v) in values.iter().enumerate().take(game.seats()) {
        if game.team(Seat(s as u8)) == team {
            mine = mine.max(v);
        } else {
            theirs = theirs.max(v);
        }
    }
    if theirs == i32::MIN { mine } else { mine - theirs }
}

impl<G: EngineGame> Searcher<G> for Greedy<G> {
    fn search(&mut self, game: &G, _: &Limits, report: &mut dyn FnMut(&SearchInfo<G::Move>)) -> SearchResult<G::Move> {
        let start = Instant::now();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let seat = game.to_move();
        let mut best: Option<(i32, G::Move)> = None;
        for &mv in &moves {
            let mut child = game.clone();
            child.play(mv);
            let value = margin(&self.eval, &child, seat);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, mv));
            }
        }
        let (score, best) = match best {
            Some((s, m)) => (s, Some(m)),
            None => (0, None),
        };
        let pv: Vec<G::Move> = best.into_iter().collect();
        let info = SearchInfo { depth: 1, score, nodes: moves.len() as u64, time: start.elapsed(), pv: pv.clone() };
        report(&info);
        SearchResult { best, score, pv, nodes: info.nodes, depth: 1, time: info.time }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::opponent_model::{Model, opponents_of};
    use tabula_rules::GameOptions;
    use tabula_rules::games::martian_chess::{MartianChess, McOptions};

    /// An evaluator that gives every position the same values.
    struct Fixed([i32; MAX_SEATS]);

    impl<G: Game> Evaluator<G> for Fixed {
        fn evaluate(&self, _: &G) -> [i32; MAX_SEATS] {
            self.0
        }
    }

    fn four_seats(teams: bool) -> MartianChess {
        let mut o = McOptions::default();
        o.set_players(4).unwrap();
        o.set("mc.teams", if teams { "true" } else { "false" }).unwrap();
        MartianChess::new(&o).unwrap()
    }

    #[test]
    fn rivals_blend_the_best_other_seat_with_the_mean_of_the_others() {
        let g = four_seats(false);
        let e = Fixed([500, 100, 300, 200, 0, 0]);
        assert_eq!(rivals_margin(&e, &g, Seat(0), 0), 200, "over the best other, 300");
        assert_eq!(rivals_margin(&e, &g, Seat(0), 100), 300, "over the others' mean, 200");
        assert_eq!(rivals_margin(&e, &g, Seat(0), 50), 250);
        assert_eq!(rivals_margin(&e, &g, Seat(1), 100), 100 - 333, "the mean 333.3 rounded down");
        assert_eq!(rivals_margin(&e, &g, Seat(0), 0), margin(&e, &g, Seat(0)));
    }

    #[test]
    fn with_two_teams_rivals_change_nothing_and_best_reply_is_paranoid() {
        let g = four_seats(true);
        let e = Fixed([500, 100, 300, 200, 0, 0]);
        for rivals in [0, 50, 100] {
            assert_eq!(rivals_margin(&e, &g, Seat(0), rivals), 300, "team 0's best 500 over team 1's 200");
            assert_eq!(rivals_margin(&e, &g, Seat(3), rivals), -300);
        }
        let opponents = opponents_of(&g, g.team(Seat(0)));
        assert!(!Model::BestReply.best_reply_applies(&g, &opponents));
        let g = four_seats(false);
        assert!(Model::BestReply.best_reply_applies(&g, &opponents_of(&g, 0)));
    }
}
