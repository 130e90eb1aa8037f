//! The Martian Chess and Coaster Chess evaluator (one for both: the board's topology is
//! data in the rules, so reach, zones and threats come from the same tables).
//!
//! A seat's value is
//!
//! * its points, 100 per pip: what decides the game;
//! * the material in its zone, by piece size: what it can capture with, but also what the
//!   other seats capture from it (a capture lands on a piece in the victim's zone). Moving a
//!   piece across the canal moves its weight to the other seat. Fitted to self-play
//!   (`tabula tune`), the weights came out negative: a piece in one's own zone is more a
//!   target than a weapon;
//! * the squares its pieces reach and the pips of other zones' pieces it attacks, and for the
//!   seat to move part of the best capture it has (the threat it makes now): the fit weighs
//!   the first two, and not the threat (see [`McEval`]);
//! * while the clock runs, everything but the points counts less as the limit nears (then
//!   the points are all that count), and the points leader gets a bonus that grows;
//! * without a clock (`mc.clock=off`) only an empty zone ends the game, so the points
//!   leader gains for each piece its own zone has lost: it drives toward the end it wins,
//!   and the side behind, to whom the term is worth nothing, has reason to avoid it.
//!
//! With `mc.teams` both partners get their team's sum. Captures are the tactical moves
//! quiescence plays.

use std::marker::PhantomData;

use tabula_rules::games::martian_chess::{BoardKind, Clock, Mc, Variant};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, MAX_SEATS, Seat};

use crate::api::{EngineGame, Evaluator, Score};
use crate::search::opponent_model::Model;
use crate::tuning::Tuning;
use crate::weights::{Tunable, compiled};

/// Weight of one captured pip: the unit of the evaluation (contempt is counted in it), so
/// not a tunable weight.
pub const POINT: Score = 100;
/// Percent of the positional terms kept per ply left on a running clock (up to 100).
pub const FADE: Score = 25;
/// MCTS's clock-lead weight, the hand-set one. With the weights fitted for alpha-beta (clock
/// lead 1,813 in Coaster Chess, 238 in Martian Chess, and the reach terms) MCTS against
/// `minimax` at 0.1 s a move, 40 games each, scored 13.8% in Coaster Chess without a clock
/// (21 games at the cap), 41.2% with it and 35.0% in Martian Chess with the clock always on;
/// with these, 38.8% (18 capped), 53.7% and 40.0% (`docs/strength/notes.md`).
pub const MCTS_CLOCK_LEAD: Score = 400;

/// The lead on points, after the move, below which a clock call only settles for a draw
/// ([`EngineGame::seeks_draw`]): one pawn taken back levels a lead of one, and the clock
/// then runs out on a tie. A search a few plies deep sees the point it has just taken and
/// the clock lead growing, not the recapture. In Coaster Chess against `minimax` at 0.1 s a
/// move (80 games, two seeds), with a lead of one alpha-beta scored 57 - 6 - 17, and 16 of
/// the 17 draws followed its own call; with two, 71 - 5 - 4; with three, 69 - 7 - 4.
pub const CALL_LEAD: Score = 2;

/// The weight of everything but points, in percent: falls to 0 over the last plies of a
/// running clock. (Falling from the call on would make calling the clock look good to
/// whoever is slightly behind on position, and turn even games into draws.)
fn positional_scale<V: Variant>(game: &Mc<V>) -> Score {
    let limit = game.options().clock_limit as Score;
    match game.clock() {
        Some(c) => (FADE * (limit - c as Score).max(0)).min(100),
        None => 100,
    }
}

/// A seat's points with its partner's under `mc.teams`.
fn team_points<V: Variant>(game: &Mc<V>, s: usize) -> Score {
    let p = game.points(Seat(s as u8)) as Score;
    p + game.options().partner(s).map_or(0, |q| game.points(Seat(q as u8)) as Score)
}

/// The share of a draw in the evaluation, in percent: while the clock runs with the lead
/// on points shared by two teams, what the fading positional terms no longer count is
/// the draw the clock is heading for.
fn draw_share<V: Variant>(game: &Mc<V>) -> Score {
    if game.clock().is_none() || game.is_over() {
        return 0;
    }
    let n = game.seats();
    let best = (0..n).map(|s| team_points(game, s)).max().unwrap_or(0);
    let mut leaders = (0..n).filter(|&s| team_points(game, s) == best).map(|s| game.team(Seat(s as u8)));
    let first = leaders.next();
    if leaders.any(|team| Some(team) != first) { 100 - positional_scale(game) } else { 0 }
}

/// The pieces a zone starts with on this board.
fn nest(kind: BoardKind) -> Score {
    match kind {
        BoardKind::Martian2 | BoardKind::Martian4 => 9,
        BoardKind::Coaster2H | BoardKind::Coaster2V => 4,
        BoardKind::Coaster4 => 3,
    }
}

/// How far seat `s` has gone toward ending a clockless game it leads, in half-pieces: the
/// pieces its zone has lost since the start, twice when its team leads on points alone,
/// once when it shares the lead (the seat that empties a zone wins a tie it is part of),
/// none when it trails.
fn end_drive<V: Variant>(game: &Mc<V>, s: usize) -> Score {
    let team = game.team(Seat(s as u8));
    let mine = team_points(game, s);
    let others = (0..game.seats()).filter(|&o| game.team(Seat(o as u8)) != team);
    let best_other = others.map(|o| team_points(game, o)).max().unwrap_or(0);
    let share = match mine.cmp(&best_other) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => return 0,
    };
    let left = (game.occupied() & game.topology().zones[s]).count_ones() as Score;
    share * (nest(game.board()) - left).max(0)
}

/// Raw values per seat, before teams.
fn raw<V: Variant>(w: &McEval<V>, game: &Mc<V>) -> [Score; MAX_SEATS] {
    let n = game.seats();
    let t = game.topology();
    let limit = game.options().clock_limit as Score;
    let scale = positional_scale(game);
    let mover = game.to_move();
    let material = [0, w.pawn, w.drone, w.queen];
    let mut out = [0; MAX_SEATS];
    for (s, value) in out.iter_mut().enumerate().take(n) {
        let zone = t.zones[s];
        let mut position: Score =
            (1..=3).map(|size| material[size as usize] * (game.pieces(size) & zone).count_ones() as Score).sum();
        if w.reads_reach() {
            let reach = game.reach_of(Seat(s as u8));
            position += w.control * reach.count_ones() as Score;
            let (mut best, mut sum) = (0, 0);
            for i in BitIter(reach & game.occupied() & !zone) {
                let pips = game.size_at(i) as Score;
                best = best.max(pips);
                sum += pips;
            }
            position += w.attack * sum;
            if s == mover.index() {
                position += w.threat * best;
            }
        }
        *value = POINT * game.points(Seat(s as u8)) as Score + position * scale / 100;
    }
    if w.end != 0 && game.options().clock == Clock::Off {
        for (s, value) in out.iter_mut().enumerate().take(n) {
            *value += w.end * end_drive(game, s) / 2;
        }
    }
    if let Some(c) = game.clock() {
        let points = |s: usize| team_points(game, s);
        for (s, value) in out.iter_mut().enumerate().take(n) {
            if (0..n).all(|o| game.team(Seat(o as u8)) == game.team(Seat(s as u8)) || points(o) < points(s)) {
                *value += w.clock_lead * c as Score / limit;
            }
        }
    }
    out
}

/// The evaluator for both games, with its weights: Martian Chess's from
/// `crates/engine/weights/martian_chess.weights`, Coaster Chess's from
/// `crates/engine/weights/coaster_chess.weights` (a file each, so that each game's weights
/// can be tuned and tested on its own); a captured pip is [`POINT`].
///
/// The weights were fitted by `tabula tune` to 1,350 games of alpha-beta's self-play at
/// 20,000 nodes a move and kept because they won: against the hand-set weights before them
/// (material 10/20/35, reach terms 0), Martian Chess +88.7 Elo (95% +50 to +130) and Coaster
/// Chess +65.0 (+30 to +102) over 200 games at 0.1 s a move, after a sequential test at
/// 20,000 nodes had accepted them. Matches and commands: `docs/strength.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct McEval<V> {
    /// Weight of a pawn in its zone.
    pub pawn: Score,
    /// Weight of a drone in its zone.
    pub drone: Score,
    /// Weight of a queen in its zone.
    pub queen: Score,
    /// Share, in percent of its pips, of the mover's best capture.
    pub threat: Score,
    /// Weight of each square a seat's pieces reach.
    pub control: Score,
    /// Weight of each pip of another zone a seat attacks.
    pub attack: Score,
    /// Without a clock: weight of each piece the points leader's zone has lost since the
    /// start (half when it shares the lead).
    pub end: Score,
    /// What leading on points is worth once the clock has run to its limit (growing as it
    /// runs): the clock ends the game on points.
    pub clock_lead: Score,
    /// The game whose weights these are.
    variant: PhantomData<V>,
}

impl<V: Variant> McEval<V> {
    /// The weights of the game's file in `crates/engine/weights/`, read when the crate is
    /// compiled.
    pub const DEFAULT: Self = {
        let [pawn, drone, queen, threat, control, attack, end, clock_lead] =
            compiled(Self::FILE, Self::TEXT, &WEIGHT_NAMES);
        McEval { pawn, drone, queen, threat, control, attack, end, clock_lead, variant: PhantomData }
    };

    /// Whether any weight needs the seats' reach (the costly part of an evaluation).
    fn reads_reach(&self) -> bool {
        self.threat != 0 || self.control != 0 || self.attack != 0
    }
}

/// The names of [`McEval`]'s weights, in the order of its fields.
const WEIGHT_NAMES: [&str; 8] = ["pawn", "drone", "queen", "threat", "control", "attack", "end", "clock_lead"];

// Both games' files are read when the crate is checked, not only when code that uses them
// is built.
const _: () = {
    let _ = McEval::<tabula_rules::games::martian_chess::Martian>::DEFAULT;
    let _ = McEval::<tabula_rules::games::martian_chess::Coaster>::DEFAULT;
};

impl<V: Variant> Default for McEval<V> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<V: Variant> Tunable for McEval<V> {
    const NAMES: &'static [&'static str] = &WEIGHT_NAMES;
    const FILE: &'static str = if V::COASTER {
        "crates/engine/weights/coaster_chess.weights"
    } else {
        "crates/engine/weights/martian_chess.weights"
    };
    const TEXT: &'static str = if V::COASTER {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/coaster_chess.weights"))
    } else {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/martian_chess.weights"))
    };
    fn weights(&self) -> Vec<Score> {
        vec![self.pawn, self.drone, self.queen, self.threat, self.control, self.attack, self.end, self.clock_lead]
    }
    fn set_weights(&mut self, values: &[Score]) {
        let &[pawn, drone, queen, threat, control, attack, end, clock_lead] = values else {
            panic!("{} weights given for the 8 of McEval", values.len());
        };
        *self = McEval { pawn, drone, queen, threat, control, attack, end, clock_lead, variant: PhantomData };
    }
}

impl<V: Variant> Evaluator<Mc<V>> for McEval<V> {
    fn evaluate(&self, game: &Mc<V>) -> [Score; MAX_SEATS] {
        let mut out = raw(self, game);
        if game.options().teams && game.seats() == 4 {
            let (a, b) = (out[0] + out[2], out[1] + out[3]);
            out[..4].copy_from_slice(&[a, b, a, b]);
        }
        out
    }
}

impl<V: Variant> EngineGame for Mc<V> {
    type Eval = McEval<V>;

    /// The points each seat's team has captured, a hundred a pip.
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(self.seats()) {
            *value = POINT * team_points(self, s);
        }
        out
    }
    const TUNING: Tuning = Tuning {
        // One pip: either side can call the clock and make a capture-free game a 0-0 draw
        // seven plies later, so without contempt an even position is as good as a draw and
        // alpha-beta calls the clock itself; with less, it settles for a draw as soon as a
        // random opening has cost it a little material.
        contempt: POINT,
        // Two plies, then the evaluator, with its values backed up by minimax at weight 0.8:
        // Martian Chess is a game of captures, which random playouts throw about. Without a
        // clock, at 0.1 s a move against `minimax`, MCTS with full playouts lost 10 games of
        // 10; with `cap=4,implicit=0.5` it won 8 (one drawn), with these 9.
        playout_cap: Some(2),
        mcts_implicit: 0.8,
        // With four seats and no teams, best-reply search over the margin above the other
        // seats' mean. A capture moves the capturing piece into the victim's zone, so material
        // passes from seat to seat; paranoid search, where the three others gang up, grew
        // worse the deeper it searched. Against three `minimax` at 150,000 nodes a move
        // against 700,000: paranoid 22.5% of 40 games, best-reply 38% of 60, best-reply with
        // these rivals 40% of 160 (Coaster Chess 33%, 40%, 43% of 40). Teams are two sides, where
        // paranoid search is exact and kept (see `docs/strength/notes.md`).
        opponent_model: Model::BestReply,
        rivals: 100,
        ..Tuning::DEFAULT
    };

    /// Points, the end drive and the clock lead alone, at MCTS's own weights: MCTS's two-ply
    /// playouts throw pieces across the canal that the material term then counts (without a
    /// clock, against `minimax` at 0.1 s a move, 10 games: 9 won with this evaluator, 6 with
    /// alpha-beta's, 4 of them at the ply cap), and the reach terms and clock lead fitted to
    /// alpha-beta's self-play cost it most of its games (see [`MCTS_CLOCK_LEAD`]).
    fn mcts_eval(eval: McEval<V>) -> McEval<V> {
        McEval {
            pawn: 0,
            drone: 0,
            queen: 0,
            threat: 0,
            control: 0,
            attack: 0,
            end: 30,
            clock_lead: MCTS_CLOCK_LEAD,
            ..eval
        }
    }

    fn draw_share(&self) -> Score {
        draw_share(self)
    }

    /// A clock call by a seat whose team, after the move's capture if any, does not lead
    /// every other team by [`CALL_LEAD`] points or more.
    fn seeks_draw(&self, mv: Self::Move) -> bool {
        if !mv.call {
            return false;
        }
        let me = self.to_move().index();
        let gain = if self.is_capture(mv) { self.size_at(mv.to as usize) as Score } else { 0 };
        let mine = team_points(self, me) + gain;
        (0..self.seats())
            .any(|s| self.team(Seat(s as u8)) != self.team(Seat(me as u8)) && team_points(self, s) + CALL_LEAD > mine)
    }

    fn is_tactical(&self, mv: Self::Move) -> bool {
        self.is_capture(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::GameOptions;
    use tabula_rules::games::martian_chess::{Martian, MartianChess, McOptions};

    const EVAL: McEval<Martian> = McEval::DEFAULT;

    #[test]
    fn start_is_even_and_a_capture_scores() {
        let g = MartianChess::new(&McOptions::default()).unwrap();
        let e = EVAL.evaluate(&g);
        assert_eq!(e[0], e[1]);
        // Seat 0 takes a pawn: its points rise by more than the drone it gives away.
        let text = "martian-chess players=2 turn=0 ply=20 passes=0 points=0,0 clock=- last=- \
                    board=...Q/..../..../.P../Q.../..../..../...P";
        let mut g = MartianChess::from_text(text).unwrap();
        let before = EVAL.evaluate(&g);
        g.play(g.parse_move("a4-b5").unwrap());
        let after = EVAL.evaluate(&g);
        assert!(after[0] - after[1] < before[0] - before[1] + 200, "{before:?} -> {after:?}");
        assert!(after[0] >= POINT + EVAL.pawn, "the point and the pawn left: {after:?}");
    }

    #[test]
    fn crossing_the_canal_moves_the_piece_s_weight_to_the_other_seat() {
        // Material alone: the reach terms change with the move too.
        let material = McEval::<Martian> { control: 0, attack: 0, threat: 0, ..EVAL };
        let mut g = MartianChess::new(&McOptions::default()).unwrap();
        let before = material.evaluate(&g);
        g.play(g.parse_move("d3-d5").unwrap());
        let after = material.evaluate(&g);
        assert_eq!(after[0] - before[0], -EVAL.drone, "{before:?} -> {after:?}");
        assert_eq!(after[1] - before[1], EVAL.drone, "{before:?} -> {after:?}");
    }

    #[test]
    fn teams_share_their_value() {
        let mut o = McOptions::default();
        o.set_players(4).unwrap();
        o.set("mc.teams", "true").unwrap();
        let g = MartianChess::new(&o).unwrap();
        let e = EVAL.evaluate(&g);
        assert_eq!((e[0], e[1]), (e[2], e[3]));
        assert_eq!(Game::team(&g, Seat(2)), 0);
        assert_eq!(Game::team(&g, Seat(3)), 1);
    }

    #[test]
    fn the_turn_can_be_handed_on_for_best_reply() {
        let mut o = McOptions::default();
        o.set_players(4).unwrap();
        let mut g = MartianChess::new(&o).unwrap();
        g.play(g.parse_move("c3-d4").unwrap());
        assert!(g.hand_turn_to(Seat(3)));
        assert_eq!(g.to_move(), Seat(3));
        assert_eq!(g.hash(), g.hash_from_scratch());
        let mut moves = tabula_rules::MoveList::new();
        g.legal_moves(&mut moves);
        assert!(moves.iter().all(|m| g.topology().zone_of[m.from as usize] == 3));
    }
}
