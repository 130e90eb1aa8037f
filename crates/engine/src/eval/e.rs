//! The E evaluator: a race with traps. Each seat is valued by minus what it still needs,
//! in turns (a hundred units a turn, since one piece moves a turn):
//!
//! * **race**: for each piece outside the goal, the turns to reach the nearest goal cell
//!   the seat has no piece on yet (a goal entrance walled by its own pieces is no
//!   arrival), the hex distance over the piece's size rounded up (a large covers three cells a turn, a
//!   small one), with a little of the exact quotient so that progress within a turn shows;
//! * **depth**: each piece should end at its size's target ring
//!   ([`crate::playout::e::TARGET_RING`]: larges on the back line, smalls
//!   near the entrance), so the goal fills from the back and the slow smalls find the
//!   near cells free; a piece short of its ring (or still outside) costs a little per ring;
//! * **crowding**: a second piece of the seat on one goal cell must leave again;
//! * **holes**: an empty goal cell walled in by the seat's own pieces, which only a jump
//!   can fill;
//! * **trapped**: pieces under a larger piece of another seat cannot move until the guard
//!   leaves or an exchange frees them (no cost on a goal cell they fill, where they
//!   count). Counted per stack, since one guard's leaving or exchange frees them all: a
//!   little when the guard stands outside its own goal (it must move on), much when it
//!   stands on its goal (it may stay for good), the more the fuller the victim's goal is
//!   (then the stuck pieces alone hold it back); half as much when the victim traps one of
//!   the guard's pieces too, since an exchange can free them;
//! * **guards**: each stack where a seat's piece, on its own goal, traps another seat's
//!   pieces (credited to the guard nearest above them); a guard on its way earns nothing,
//!   so that keeping a trap never outweighs going home;
//! * **covered**: a stack where the seat's pieces wait under its own larger piece outside
//!   the goal;
//! * **exposed**: a small or medium piece standing in another seat's goal (outside its own
//!   home, where nothing is trapped): a guard that traps it there is home and need not
//!   leave, which with three or more seats can hold the piece for good;
//! * **tempo**: the seat to move is half a turn ahead.
//!
//! With `e.goal_start_pattern` a goal cell counts only under a piece of the size the opening
//! puts there: a piece on a goal cell of another size has not arrived, and races to the
//! nearest cell of its own size (one the seat has not filled, if there is any).
//!
//! Values are per seat; searches compare them as their opponent model says.

use std::sync::LazyLock;

use tabula_rules::MAX_SEATS;
use tabula_rules::games::e::{CELLS, E, EMove, Ring4Medium, Slot, TABLES, opening_size_at};
use tabula_rules::geometry::bits::{BITS, Bits, has};
use tabula_rules::geometry::hex::Hex;
use tabula_rules::{Game, Seat};

use crate::api::{EngineGame, Evaluator, Score};
use crate::playout::e::TARGET_RING;
use crate::search::opponent_model::Model;
use crate::tuning::Tuning;
use crate::weights::tunable;

/// One turn of race: the unit of the evaluation (contempt is counted in it), so not a
/// tunable weight.
const TURN: Score = 100;
/// The weight of the exact quotient distance / size in the plain race ([`race`], what the
/// `minimax` yardstick searches over): the yardstick's own, which tuning leaves alone.
const PLAIN_PROGRESS: Score = 25;

/// The ring (distance from the centre) of every cell.
static RINGS: LazyLock<[u8; 128]> = LazyLock::new(|| {
    let mut r = [0u8; 128];
    for (c, ring) in r.iter_mut().enumerate().take(CELLS) {
        *ring = TABLES.hex.cell(c).distance(Hex::new(0, 0)) as u8;
    }
    r
});

/// The race of one piece of `size` on `cell` toward goal `sector`, outside it or as a
/// duplicate: whole turns and their exact quotient (at weight [`PLAIN_PROGRESS`]).
#[inline]
fn race_cost(cell: usize, size: u8, sector: usize) -> Score {
    let d = TABLES.distance_to_sector[cell][sector] as Score;
    let s = size as Score;
    TURN * ((d + s - 1) / s) + PLAIN_PROGRESS * d / s
}

/// The race of one piece of `size` on `cell`, outside the goal `sector`, toward the
/// nearest of the goal cells `free` where the seat has no piece yet (the sector itself when
/// there is none): a piece that reaches the goal beside cells its own pieces already fill
/// has not arrived, it must go on to a free one. `progress` weighs the exact quotient.
#[inline]
fn race_to_free(cell: usize, size: u8, sector: usize, free: Bits, progress: Score) -> Score {
    let t = &*TABLES;
    let mut d = t.distance_to_sector[cell][sector] as usize;
    if free != 0 {
        let reach = &t.reach[cell];
        d = (d.max(1)..7).find(|&k| reach[k] & free != 0).unwrap_or(d.max(7));
    }
    let (d, s) = (d as Score, size as Score);
    TURN * ((d + s - 1) / s) + progress * d / s
}

/// Under `e.goal_start_pattern`, the goal cells of each sector that take each size (index
/// 1 to 3), for each place of the ring-4 medium.
static PATTERN: LazyLock<[[[Bits; 4]; 6]; 3]> = LazyLock::new(|| {
    let mut masks = [[[0; 4]; 6]; 3];
    let mediums = [Ring4Medium::Middle, Ring4Medium::Clockwise, Ring4Medium::Counterclockwise];
    for (m, medium) in mediums.into_iter().enumerate() {
        for (sector, by_size) in masks[m].iter_mut().enumerate() {
            let mut cells = TABLES.sector[sector];
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                by_size[opening_size_at(sector as u8, c as u8, medium) as usize & 3] |= BITS[c];
            }
        }
    }
    masks
});

/// The goal cells of `sector` by the size they take in `game`, if its goal keeps the
/// opening pattern.
fn pattern(game: &E, sector: usize) -> Option<&'static [Bits; 4]> {
    let options = game.options();
    let medium = match options.ring4_medium {
        Ring4Medium::Middle => 0,
        Ring4Medium::Clockwise => 1,
        Ring4Medium::Counterclockwise => 2,
    };
    options.goal_start_pattern.then(|| &PATTERN[medium][sector])
}

/// The race of `seat`: the turns its pieces outside the goal still need to reach it, in
/// hundredths.
pub fn race(game: &E, seat: Seat) -> Score {
    let goal = game.goal_sector(seat) as usize;
    game.pieces(seat).map(|(slot, size, _, _)| race_cost(slot.cell as usize, size, goal)).sum()
}

/// The E evaluator, with its weights (`crates/engine/weights/e.weights`); a turn of race is
/// 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EEval {
    /// Weight of the exact quotient distance / size (a fraction of a turn per turn).
    pub progress: Score,
    /// Per ring a piece is short of its target ring (outside the goal: all of them from the
    /// tip, ring 2).
    pub depth: Score,
    /// A second piece of a seat on one goal cell (it must leave and come back).
    pub crowded: Score,
    /// An empty goal cell whose neighbours are all topped by the seat.
    pub hole: Score,
    /// A stack holding trapped pieces of a seat outside the cells they fill: the guard must
    /// leave or be exchanged, which frees all of them at once (halved when an exchange
    /// could free them).
    pub trapped: Score,
    /// A stack holding trapped pieces of a seat whose guard stands outside its own goal: it
    /// has to leave on its way there, and frees them then.
    pub trapped_passing: Score,
    /// Each further trapped piece of the seat in such a stack.
    pub trapped_more: Score,
    /// What a trapping stack costs on top of [`EEval::trapped`] when the rest of the seat's
    /// goal is full, in proportion to the goal cells filled: the nearer a seat is to its
    /// goal, the more its stuck pieces alone hold it back, and the more it gains from an
    /// exchange.
    pub trapped_late: Score,
    /// A stack where one of the seat's pieces traps pieces of another seat.
    pub guard: Score,
    /// A stack where pieces of the seat are covered by its own colour outside the goal.
    pub covered: Score,
    /// The tempo of the seat to move (0: none).
    pub tempo: Score,
    /// A piece that a larger one can trap, standing in another seat's goal (outside its own
    /// home, which is safe): a guard that traps it there has arrived and need never leave.
    pub exposed: Score,
}

tunable!(
    EEval,
    "e.weights",
    [
        progress,
        depth,
        crowded,
        hole,
        trapped,
        trapped_passing,
        trapped_more,
        trapped_late,
        guard,
        covered,
        tempo,
        exposed
    ]
);

impl EEval {
    /// The evaluator without tempo: the same value whoever is to move.
    pub fn without_tempo() -> Self {
        EEval { tempo: 0, ..EEval::DEFAULT }
    }
}

impl Evaluator<E> for EEval {
    fn evaluate(&self, game: &E) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        let seats = game.seats();
        let ring = &*RINGS;
        // traps[v] bit g: seat v has a piece trapped by seat g.
        let mut traps = [0u8; MAX_SEATS];
        let mut guards = [0 as Score; MAX_SEATS];
        // Cells where some seat has trapped pieces of another (credited once a stack).
        let mut guarded: Bits = 0;
        // Pieces trapped outside the cells they fill, per victim and guard seat.
        let mut costly = [[0 as Score; MAX_SEATS]; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(seats) {
            let seat = Seat(s as u8);
            let sector = game.goal_sector(seat) as usize;
            let goal = game.goal(seat);
            let free = goal & !game.present(seat);
            let pattern = pattern(game, sector);
            let stuck_cost = self.trapped + self.trapped_late * (goal & !free).count_ones() as Score / 15;
            let exposed = exposed(game, seat);
            let mut filled: Bits = 0;
            // Cells where the seat has a piece covered by its own colour.
            let mut waiting: Bits = 0;
            // Cells where the seat has a trapped piece outside the cells it fills.
            let mut stuck: Bits = 0;
            let mut cost = 0;
            for (slot, size, covered, foreign) in game.pieces(seat) {
                let c = slot.cell as usize;
                let target = TARGET_RING[size as usize] as Score;
                let right = pattern.is_none_or(|p| has(p[size as usize], c));
                let fills = has(goal, c) && !has(filled, c) && right;
                if size < 3 && has(exposed, c) {
                    cost += self.exposed;
                }
                if fills {
                    filled |= BITS[c];
                    cost += self.depth * (target - ring[c] as Score).max(0);
                } else if has(goal, c) && right {
                    cost += self.crowded;
                } else {
                    // Under the pattern, the cells of the piece's size (those the seat has
                    // not filled, or all of them while its wrong pieces hold them).
                    let free = pattern.map_or(free, |p| {
                        let cells = p[size as usize];
                        if cells & free != 0 { cells & free } else { cells & !BITS[c] }
                    });
                    cost += race_to_free(c, size, sector, free, self.progress) + self.depth * (target - 2);
                    if covered && !foreign && !has(waiting, c) {
                        waiting |= BITS[c];
                        cost += self.covered;
                    }
                }
                if foreign {
                    let g = guard_seat(game, slot, size, seat);
                    traps[s] |= 1 << g;
                    // A guard on its own goal may stay for good; one elsewhere must move on.
                    let stays = has(game.goal(Seat(g as u8)), c);
                    if !has(guarded, c) && stays {
                        guarded |= BITS[c];
                        guards[g] += self.guard;
                    }
                    if !fills {
                        costly[s][g] += if has(stuck, c) {
                            self.trapped_more
                        } else if stays {
                            stuck_cost
                        } else {
                            self.trapped_passing
                        };
                        stuck |= BITS[c];
                    }
                }
            }
            // Empty goal cells walled in by the seat's own pieces.
            let tops = game.tops(seat);
            let mut empty = goal & !filled;
            while empty != 0 {
                let c = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                if TABLES.neighbors[c] & !tops == 0 {
                    cost += self.hole;
                }
            }
            *value = -cost;
        }
        for v in 0..seats {
            for g in 0..seats {
                // A trapped piece costs half when its owner traps the guard's seat too:
                // either side may exchange the pair of guards.
                let mutual = traps[g] & (1 << v) != 0;
                out[v] -= if mutual { costly[v][g] / 2 } else { costly[v][g] };
            }
            out[v] += guards[v];
        }
        if self.tempo != 0 && !game.is_over() {
            out[game.to_move().index()] += self.tempo;
        }
        out
    }
}

/// The cells where a small or medium piece of `seat` is exposed: other seats' goals, outside
/// the seat's own home and goal. Empty with two seats, where the other goal is one's home.
fn exposed(game: &E, seat: Seat) -> Bits {
    let others = (0..game.seats() as u8).map(Seat).filter(|&g| g != seat).fold(0, |acc, g| acc | game.goal(g));
    others & !game.home(seat) & !game.goal(seat)
}

/// The seat of the nearest piece above `slot` (a piece of `seat` and `size`) that traps it.
fn guard_seat(game: &E, slot: Slot, size: u8, seat: Seat) -> usize {
    let height = game.height(slot.cell as usize);
    (slot.level + 1..=height)
        .filter_map(|level| game.piece_at(Slot { cell: slot.cell, level }))
        .find(|p| p.seat != seat && game.options().covers(p.size, size))
        .map_or(seat.index(), |p| p.seat.index())
}

impl EngineGame for E {
    type Eval = EEval;

    /// Minus the turns each seat's pieces outside the goal need to reach it (the race).
    /// MCTS with six seats: against five `greedy` seats at 1 s a move it won 20 games of
    /// 42 (47.6%), alpha-beta a quarter to a third (`docs/strength.md`).
    fn default_engine(&self) -> &'static str {
        if self.seats() == 6 { "mcts" } else { "alphabeta" }
    }

    fn plain_value(&self) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(self.seats()) {
            *value = -race(self, Seat(s as u8));
        }
        out
    }
    const TUNING: Tuning = Tuning {
        // Ten turns: E has no draw of its own, only the ply cap or a repetition, which a side
        // ahead in the race never needs to allow; so a draw is worth less than any race the
        // searcher is not hopelessly behind in. At one turn, alpha-beta one turn behind by its
        // evaluation shuffled to the cap against `minimax`, which was no closer to finishing:
        // 9 of 10 games drawn at 100,000 nodes a move (`tabula match e --engine
        // alphabeta:contempt=100 --engine minimax --tc nodes=100000 --games 10 --max-plies
        // 900`); at four turns 3 of 6, at ten turns 1 of 10, a game it trailed by ten turns.
        contempt: 10 * TURN,
        // Best-Reply Search: with three seats at 1 s a move against two `greedy`, paranoid
        // alpha-beta lost its first three games (two opponents assumed to gang up see every
        // race lost and play for nothing), best-reply won 17 of the first 24.
        opponent_model: Model::BestReply,
        // Twelve plies, then the evaluator: a playout to the end of an E game is 200 plies and
        // more of forward moves that rarely trap, so it says little about traps, and near the
        // ply limit every one ends drawn. Against `greedy` at 0.1 s a move, full playouts drew
        // four games of four by the ply limit; truncated at 12 they won four of six (at 4,
        // three of six).
        playout_cap: Some(12),
        // No rule ends a cycle of moves in E (only every seat passing in turn does), so a
        // repetition only delays the end: counted as a draw, it let MCTS keep a block or shuffle
        // instead of finishing. Against `greedy` at 0.05 s a move, 8 of 24 games reached the
        // ply cap with repetitions drawn, 1 of 24 with them played out (see `mcts:repeat`).
        mcts_repeat_draws: false,
        // None: the horizon is where the search stops. Traps and exchanges are tactical, but
        // a trap is a delay, not a capture, and traps answer traps: one ply of quiescence took
        // the 6-player bench position's depth 3 from 16,630 nodes to 452,296, and with three
        // seats at 100,000 nodes a move against two `greedy` (12 games, seed 31) alpha-beta won
        // 5 games with it and 7 without (`alphabeta:quiescence=1` turns it on).
        quiescence_plies: 0,
        // Traps and exchanges first cost the bench positions 5% more nodes: in E they are
        // seldom the best move.
        tactical_first: false,
        ..Tuning::DEFAULT
    };
    fn playout_policy() -> std::sync::Arc<dyn crate::playout::PlayoutPolicy<Self>> {
        std::sync::Arc::new(crate::playout::e::EForward::default())
    }

    /// A landing that traps a piece of another seat (the moved piece covers the top of the
    /// stack it lands on) and a guard exchange.
    fn is_tactical(&self, mv: EMove) -> bool {
        if mv.has_exchange() {
            return true;
        }
        if !mv.has_movement() {
            return false;
        }
        let to = mv.to as usize;
        let (Some(mover), Some(top)) =
            (self.piece_at(mv.from), self.piece_at(Slot { cell: mv.to, level: self.height(to) }))
        else {
            return false;
        };
        top.seat != mover.seat && self.options().covers(mover.size, top.size)
    }
}

#[cfg(test)]
mod tests;
