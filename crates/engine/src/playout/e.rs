//! A forward-biased playout policy for E.
//!
//! E is a race: a seat wins when its 15 pieces stand one on each cell of the goal sector
//! across the board. Uniform random turns wander (a playout from the start then runs past
//! a thousand plies), so this policy weighs each turn by how far it brings the moved piece
//! along a *potential* that falls toward the goal and, inside the goal, toward its back
//! line (the goal fills from the back, as a Chinese Checkers camp fills from its tip, so
//! the last pieces find the cells near the entrance free):
//!
//! * outside the goal the potential is the distance to the goal sector plus 5, so that
//!   every cell outside is worse than every goal cell;
//! * inside it is the distance to the back line (6 minus the ring), 0 to 4.
//!
//! A turn's score is its gain in that potential (a large gains up to three cells a turn, a
//! small one, so larger pieces are naturally preferred), less a penalty for landing on a
//! goal cell where the mover already has a piece (the goal needs one a cell), plus a
//! bonus for a landing that traps another seat's piece and for an exchange. Turns are
//! drawn with weight `exp(beta * score)`: sideways and backward turns stay possible but
//! rare, so simulated races end.

use rand::Rng;
use rand::rngs::SmallRng;
use tabula_rules::MoveList;
use tabula_rules::games::e::{CELLS, E, EMove, Slot, TABLES, Zone};
use tabula_rules::geometry::bits::{BitIter, Bits, has};
use tabula_rules::geometry::hex::Hex;
use tabula_rules::{Game, Seat};

use super::{PlayoutPolicy, playout};

/// Scores are in half cells of potential; they are clamped to `±MAX_SCORE`.
const MAX_SCORE: i32 = 24;
/// Entries of the weight table: one per score from `-MAX_SCORE` to `MAX_SCORE`.
const SCORES: usize = 2 * MAX_SCORE as usize + 1;
/// What a cell outside the goal adds to its potential: entering the goal gains at least
/// this much besides the distance.
const OUTSIDE: u8 = 2;
/// Penalty, in half cells, for landing on a goal cell that already holds a piece of the
/// mover: the goal needs one piece a cell, so the piece will have to leave again.
const CROWD: i32 = 10;
/// Bonus, in half cells, for a landing that traps a smaller piece of another seat.
const TRAP: i32 = 2;
/// Bonus, in half cells, for a guard exchange (after a movement, on top of its gain; alone,
/// its whole score): it frees one of the mover's pieces.
const EXCHANGE: i32 = 3;

/// The ring (distance from the centre g7) each size aims for inside its goal: larges the
/// back line (ring 6), mediums the row before it, smalls the rest. Filling the goal from
/// the back by size leaves the cells near the entrance (the tip and the cells beside the
/// border rays) to the smalls, which arrive last and can only step: a small cannot jump
/// into a hole walled in by its own pieces, a medium or large can.
pub const TARGET_RING: [u8; 4] = [0, 4, 5, 6];

/// The potential of every cell for a piece of each size toward each goal sector:
/// `potential[sector * 3 + size - 1][cell]`. Inside the goal it is the rings still short
/// of the size's target ring (0 at or beyond it); outside, the distance to the goal
/// sector plus the target's depth past the tip (ring 2) plus `OUTSIDE`, so that every
/// cell outside is worse than every goal cell.
pub fn potentials() -> [[u8; 128]; 18] {
    let t = &*TABLES;
    let mut out = [[0u8; 128]; 18];
    for (k, row) in out.iter_mut().enumerate() {
        let (sector, target) = (k / 3, TARGET_RING[k % 3 + 1]);
        for (c, p) in row.iter_mut().enumerate().take(CELLS) {
            *p = if t.zone[c] == Zone::Sector(sector as u8) {
                target.saturating_sub(t.hex.cell(c).distance(Hex::new(0, 0)) as u8)
            } else {
                t.distance_to_sector[c][sector] + target - 2 + OUTSIDE
            };
        }
    }
    out
}

/// Forward-biased turns: weight `exp(beta * score)` per turn (see the module text).
#[derive(Clone, Debug)]
pub struct EForward {
    /// `weights[score + MAX_SCORE]`.
    weights: [f32; SCORES],
    /// The potentials, copied so that the hot loop reads no lazy static.
    potential: [[u8; 128]; 18],
    /// Each sector's cells.
    sector: [Bits; 6],
}

impl EForward {
    /// Sharpness of the default policy, per half cell of score: a step forward is `e^2`
    /// ≈ 7 times as likely as a sideways step, a large's three steps forward 400 times.
    pub const DEFAULT_BETA: f64 = 1.0;

    /// A policy with sharpness `beta` (0 is uniform; larger is greedier).
    pub fn new(beta: f64) -> Self {
        let mut weights = [0f32; SCORES];
        for (k, w) in weights.iter_mut().enumerate() {
            // Clamped so that no weight overflows or vanishes in f32, nor a sum of many.
            *w = (beta * (k as i32 - MAX_SCORE) as f64).clamp(-30.0, 30.0).exp() as f32;
        }
        EForward { weights, potential: potentials(), sector: TABLES.sector }
    }

    /// What the turns from one slot share, read once per run of turns from it.
    #[inline]
    fn mover(&self, game: &E, seat: Seat, from: Slot) -> Mover<'_> {
        let goal_sector = game.goal_sector(seat) as usize;
        let size = game.piece_at(from).map_or(1, |p| p.size);
        let row = &self.potential[goal_sector * 3 + size as usize - 1];
        let goal = self.sector[goal_sector];
        let from_cell = from.cell as usize & 127;
        // A unit leaving a goal cell where another of the mover's pieces stays below
        // empties nothing: count it as coming from just outside the goal.
        let own_below = has(goal, from_cell)
            && (1..from.level)
                .any(|l| game.piece_at(Slot { cell: from.cell, level: l }).is_some_and(|p| p.seat == seat));
        let base = if own_below { (TARGET_RING[size as usize] - 1 + OUTSIDE) as i32 } else { row[from_cell] as i32 };
        Mover { base, size, row, goal, present: game.present(seat), occupied: game.occupied(), seat }
    }

    /// The score of one turn, given its mover (for turns with a movement).
    #[inline]
    fn score(&self, game: &E, m: &Mover<'_>, mv: EMove) -> i32 {
        if !mv.has_movement() {
            return if mv.has_exchange() { EXCHANGE } else { 0 };
        }
        let to = mv.to as usize;
        let mut s = 2 * (m.base - m.row[to & 127] as i32);
        if has(m.goal, to) && has(m.present, to) {
            s -= CROWD;
        }
        if has(m.occupied, to)
            && let Some(top) = game.piece_at(Slot { cell: mv.to, level: game.height(to) })
            && top.seat != m.seat
            && top.size < m.size
        {
            s += TRAP;
        }
        if mv.has_exchange() {
            s += EXCHANGE;
        }
        s
    }

    #[inline(always)]
    fn weight(&self, score: i32) -> f32 {
        self.weights[(score.clamp(-MAX_SCORE, MAX_SCORE) + MAX_SCORE) as usize]
    }
}

/// What the turns from one slot share.
struct Mover<'a> {
    /// The potential of the starting cell.
    base: i32,
    /// The size of the moving piece.
    size: u8,
    /// The potentials for its size.
    row: &'a [u8; 128],
    /// The mover's goal cells, the cells where it has a piece, the occupied cells.
    goal: Bits,
    present: Bits,
    occupied: Bits,
    seat: Seat,
}

impl Default for EForward {
    fn default() -> Self {
        EForward::new(Self::DEFAULT_BETA)
    }
}

/// Turns weighed in one pass keep their running sums here (a position has rarely more
/// than a hundred turns); longer lists are weighed twice instead.
const BUFFER: usize = 256;

impl EForward {
    /// A movement drawn without listing every turn: the mover's pieces in a random order,
    /// the first whose best movement gains, and one of that piece's movements drawn by
    /// weight. `None` when no piece gains.
    fn quick(&self, game: &E, rng: &mut SmallRng) -> Option<EMove> {
        let seat = game.to_move();
        let mut slots = [Slot::NONE; 15];
        let mut n = 0;
        for (slot, _, covered, _) in game.pieces(seat) {
            if !covered && n < slots.len() {
                slots[n] = slot;
                n += 1;
            }
        }
        for k in 0..n {
            slots.swap(k, rng.random_range(k..n));
            let from = slots[k];
            let dests = game.destinations(from);
            if dests == 0 {
                continue;
            }
            let m = self.mover(game, seat, from);
            let (mut best, mut total) = (i32::MIN, 0f32);
            let mut weights = [(0u8, 0f32); 128];
            let mut count = 0;
            for to in BitIter(dests) {
                let score = self.score(game, &m, EMove::movement(from, to as u8));
                // What counts for taking this piece is the race alone: a trap bonus must
                // not keep a piece circling.
                let gain =
                    2 * (m.base - m.row[to] as i32) - if has(m.goal, to) && has(m.present, to) { CROWD } else { 0 };
                best = best.max(gain);
                total += self.weight(score);
                weights[count] = (to as u8, total);
                count += 1;
            }
            if best <= 0 {
                continue;
            }
            let x = rng.random::<f32>() * total;
            let pick = weights[..count].iter().find(|(_, sum)| *sum > x).unwrap_or(&weights[count - 1]);
            return Some(EMove::movement(from, pick.0));
        }
        None
    }
}

impl PlayoutPolicy<E> for EForward {
    /// Plays on mostly without listing turns: each ply takes a gaining movement of a piece
    /// drawn at random (`quick`), and lists every turn only when no
    /// piece gains (then exchanges, retreats and the pass come into play). With
    /// `e.ge2_must_unstack` every ply lists, since that rule restricts which movements are
    /// legal.
    fn play_out(&self, game: &mut E, rng: &mut SmallRng, moves: &mut MoveList<EMove>, max_plies: u32) -> u32 {
        if game.options().ge2_must_unstack {
            return playout(game, self, rng, moves, max_plies);
        }
        let mut plies = 0;
        while plies < max_plies && !game.is_over() {
            let mv = match self.quick(game, rng) {
                Some(mv) => mv,
                None => {
                    game.legal_moves(moves);
                    match moves.as_slice() {
                        [] => break,
                        [only] => *only,
                        list => self.choose(game, list, rng),
                    }
                }
            };
            game.play(mv);
            plies += 1;
        }
        plies
    }

    /// Draws a turn with probability proportional to its weight: the running sums of the
    /// weights, then the first turn whose running sum passes a random point.
    fn choose(&self, game: &E, moves: &[EMove], rng: &mut SmallRng) -> EMove {
        if moves.len() == 1 {
            return moves[0];
        }
        let seat = game.to_move();
        // Turns come in runs from one slot (movements, then the exchanges after them), so
        // the mover is read once per run.
        let mut from = moves[0].from;
        let mut m = self.mover(game, seat, from);
        let mut weigh = |mv: EMove| {
            if mv.from != from && mv.has_movement() {
                from = mv.from;
                m = self.mover(game, seat, from);
            }
            self.weight(self.score(game, &m, mv))
        };
        let mut sums = [0f32; BUFFER];
        let mut total = 0f32;
        for (k, &mv) in moves.iter().enumerate() {
            total += weigh(mv);
            if k < BUFFER {
                sums[k] = total;
            }
        }
        let x = rng.random::<f32>() * total;
        let n = moves.len().min(BUFFER);
        // The first running sum past the point (the last turn if rounding leaves none).
        let k = sums[..n].partition_point(|&s| s <= x);
        if k < n {
            return moves[k];
        }
        let mut running = sums[n - 1];
        for &mv in &moves[n..] {
            running += weigh(mv);
            if running > x {
                return mv;
            }
        }
        moves[moves.len() - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout;
    use rand::SeedableRng;
    use tabula_rules::MoveList;
    use tabula_rules::games::e::EOptions;

    fn start(players: u8) -> E {
        E::new(&EOptions { players, ..EOptions::default() }).unwrap()
    }

    #[test]
    fn potentials_fall_toward_each_sizes_target_ring() {
        let p = potentials();
        let cell = |n: &str| TABLES.hex.parse(n).unwrap();
        // Seat 0 (home sector 0) races to sector 3: its back line a2–a6, its tip e6.
        let (small, large) = (3 * 3, 3 * 3 + 2);
        assert_eq!(p[large][cell("a4")], 0);
        assert_eq!(p[large][cell("e6")], 4);
        assert_eq!(p[small][cell("a4")], 0);
        assert_eq!(p[small][cell("c4")], 0);
        assert_eq!(p[small][cell("e6")], 2);
        // g7, the centre, is 2 from sector 3 (e6 is two steps away).
        assert_eq!(p[large][cell("g7")], 2 + 4 + OUTSIDE);
        // For every size every cell outside the goal is worse than every cell inside.
        let goal = TABLES.sector[3];
        for row in &p[9..12] {
            let inside = (0..CELLS).filter(|&c| has(goal, c)).map(|c| row[c]).max().unwrap();
            let outside = (0..CELLS).filter(|&c| !has(goal, c)).map(|c| row[c]).min().unwrap();
            assert!(inside < outside, "{inside} {outside}");
        }
    }

    #[test]
    fn forward_moves_are_preferred() {
        let g = start(2);
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let policy = EForward::default();
        let mut rng = SmallRng::seed_from_u64(1);
        // The gain in cells toward the goal sector.
        let gain = |m: &EMove| {
            let d = |c: u8| TABLES.distance_to_sector[c as usize][3] as i32;
            d(m.from.cell) - d(m.to)
        };
        let mut gained = 0;
        for _ in 0..1000 {
            let m = policy.choose(&g, moves.as_slice(), &mut rng);
            assert!(moves.iter().any(|&l| l == m));
            gained += gain(&m);
        }
        // Uniform moves gain about one cell on average; the policy's mostly three.
        let uniform = moves.iter().map(gain).sum::<i32>() as f64 / moves.len() as f64;
        assert!(gained > 2500, "average gain {} (uniform {uniform})", gained as f64 / 1000.0);
    }

    /// Plays `n` seeded playouts from the start of `players`; checks every move is legal
    /// and every game ends within `cap` plies. Returns the average and longest length.
    fn playouts(players: u8, n: u64, cap: u32) -> (u32, u32) {
        let start = start(players);
        let policy = EForward::default();
        let mut moves = MoveList::new();
        let (mut total, mut longest) = (0, 0);
        for seed in 0..n {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut plies = 0;
            while !g.is_over() {
                assert!(plies < cap, "{players} players, seed {seed}: no result in {cap} plies: {}", g.to_text());
                g.legal_moves(&mut moves);
                let mv = policy.choose(&g, moves.as_slice(), &mut rng);
                assert!(moves.iter().any(|&m| m == mv), "an illegal move");
                g.play(mv);
                plies += 1;
            }
            let outcome = g.outcome().unwrap();
            assert!(outcome.sole_winner().is_some(), "{players} players, seed {seed}: {outcome}");
            total += plies;
            longest = longest.max(plies);
        }
        (total / n as u32, longest)
    }

    #[test]
    fn playouts_finish_with_a_winner() {
        for (players, n, cap) in [(2, 60, 600), (3, 30, 900), (6, 12, 1800)] {
            let (average, longest) = playouts(players, n, cap);
            eprintln!("{players} players: {n} playouts, {average} plies on average, longest {longest}");
        }
    }

    /// The playouts MCTS runs (`play_out`): each quick movement is legal, and the games end
    /// with a winner, about as soon as those drawn from full move lists.
    #[test]
    fn quick_playouts_play_legal_moves_and_finish() {
        let policy = EForward::default();
        let mut moves = MoveList::new();
        for (players, n, cap) in [(2u8, 40u64, 600u32), (3, 20, 900), (6, 8, 1800)] {
            let (mut total, mut quick) = (0, 0);
            for seed in 0..n {
                let mut g = start(players);
                let mut rng = SmallRng::seed_from_u64(seed);
                let mut plies = 0;
                while !g.is_over() {
                    assert!(plies < cap, "{players} players, seed {seed}: no result in {cap} plies");
                    g.legal_moves(&mut moves);
                    let mv = match policy.quick(&g, &mut rng) {
                        Some(mv) => {
                            assert!(moves.iter().any(|&m| m == mv), "an illegal quick move in {}", g.to_text());
                            quick += 1;
                            mv
                        }
                        None => policy.choose(&g, moves.as_slice(), &mut rng),
                    };
                    g.play(mv);
                    plies += 1;
                }
                assert!(g.outcome().unwrap().sole_winner().is_some());
                total += plies;
                let mut again = start(players);
                let played = policy.play_out(&mut again, &mut SmallRng::seed_from_u64(seed), &mut moves, cap);
                assert!(again.outcome().is_some_and(|o| o.sole_winner().is_some()), "play_out ends with a winner");
                assert!(played < cap);
            }
            assert!(quick * 2 > total, "{players} players: most plies take the quick path ({quick} of {total})");
            eprintln!("{players} players: {} plies on average", total / n as u32);
        }
    }

    #[test]
    fn playouts_are_seeded() {
        let start = start(2);
        let policy = EForward::default();
        let run = |seed| {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut moves = MoveList::new();
            playout(&mut g, &policy, &mut rng, &mut moves, 80);
            g.to_text()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }

    /// Playouts per second from the 2-player start with the default policy.
    /// `cargo test --release -p tabula-engine e_playout_speed -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn e_playout_speed() {
        for players in [2, 3, 6] {
            let start = start(players);
            let policy = EForward::default();
            let mut moves = MoveList::new();
            let (n, mut plies) = (2000, 0u64);
            let clock = std::time::Instant::now();
            for seed in 0..n {
                let mut g = start;
                let mut rng = SmallRng::seed_from_u64(seed);
                plies += policy.play_out(&mut g, &mut rng, &mut moves, 2000) as u64;
            }
            let secs = clock.elapsed().as_secs_f64();
            eprintln!(
                "{players} players: {:.0} playouts/s, {:.0} ns/ply, {} plies per playout",
                n as f64 / secs,
                secs * 1e9 / plies as f64,
                plies / n
            );
        }
    }
}
