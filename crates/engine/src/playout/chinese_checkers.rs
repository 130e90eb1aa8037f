//! A forward-biased playout policy for Chinese Checkers.
//!
//! A move's *gain* is how much closer it brings its peg to the tip of the mover's target
//! (hex distance before minus after). Moves are drawn with weight `exp(beta * gain)`: long
//! hop chains forward are strongly preferred, sideways moves are rare and backward moves
//! rarer still, so simulated races finish instead of wandering.

use rand::Rng;
use rand::rngs::SmallRng;
use tabula_rules::games::chinese_checkers::{CcMove, ChineseCheckers, PEGS, STAR};
use tabula_rules::geometry::bits::{BITS, BitIter, Bits, has};
use tabula_rules::{Game, MAX_SEATS, MoveList};

use super::PlayoutPolicy;

/// The largest gain or loss a move can have: a peg crosses at most the star's 16 ranks.
const MAX_GAIN: i32 = 16;
/// Entries of the weight table: one per gain from `-MAX_GAIN` to `MAX_GAIN`.
const GAINS: usize = 2 * MAX_GAIN as usize + 1;

/// Forward-biased moves: weight `exp(beta * gain)` per move.
#[derive(Clone, Debug)]
pub struct CcForward {
    /// `weights[gain + MAX_GAIN]`.
    weights: [f32; GAINS],
    /// The distance table, copied so that the hot loop reads no lazy static.
    distance: [[u8; 128]; 6],
}

impl CcForward {
    /// Sharpness of the default policy: a step forward is `e^2.5` ≈ 12 times as likely as
    /// a sideways step and 150 times as likely as a step back. Two-player playouts from
    /// the start then last about 125 plies.
    pub const DEFAULT_BETA: f64 = 2.5;

    /// A policy with sharpness `beta` (0 is uniform; larger is greedier).
    pub fn new(beta: f64) -> Self {
        let mut weights = [0f32; GAINS];
        for (k, w) in weights.iter_mut().enumerate() {
            // Clamped so that no weight overflows or vanishes in f32, nor a sum of 256.
            *w = (beta * (k as i32 - MAX_GAIN) as f64).clamp(-40.0, 40.0).exp() as f32;
        }
        CcForward { weights, distance: *STAR.tip_distances() }
    }

    /// The weight of a move for the seat whose target's distances are `row`.
    #[inline(always)]
    fn weight(&self, row: &[u8; 128], mv: CcMove) -> f32 {
        let gain = row[mv.from as usize & 127] as i32 - row[mv.to as usize & 127] as i32;
        self.weights[(gain + MAX_GAIN) as usize]
    }
}

impl Default for CcForward {
    fn default() -> Self {
        CcForward::new(Self::DEFAULT_BETA)
    }
}

impl PlayoutPolicy<ChineseCheckers> for CcForward {
    /// Draws a move with probability proportional to its weight. The weights are summed
    /// peg by peg (each run of moves from one hole from zero, then the runs' sums), the
    /// order [`play_out`](Self::play_out) sums them in, so that both draw the same move
    /// for the same random number.
    fn choose(&self, game: &ChineseCheckers, moves: &[CcMove], rng: &mut SmallRng) -> CcMove {
        if moves.len() == 1 {
            return moves[0];
        }
        let camp = (game.camp(game.to_move()) + 3) % 6;
        let row = &self.distance[camp as usize];
        let runs = || moves.chunk_by(|a, b| a.from == b.from);
        let sum = |run: &[CcMove]| run.iter().fold(0f32, |t, &m| t + self.weight(row, m));
        let total = runs().fold(0f32, |t, run| t + sum(run));
        let x = rng.random::<f32>() * total;
        // The first run whose running total passes the point (else the last: rounding),
        // then the move within it whose running sum passes what is left of the point.
        let mut before = 0f32;
        let mut chosen = &moves[moves.len() - 1..];
        for run in runs() {
            let after = before + sum(run);
            chosen = run;
            if after > x {
                break;
            }
            before = after;
        }
        let x = x - before;
        let mut running = 0f32;
        for &m in chosen {
            running += self.weight(row, m);
            if running > x {
                return m;
            }
        }
        chosen[chosen.len() - 1]
    }

    /// The same moves as listing them and calling [`choose`](Self::choose), for the same
    /// random numbers, but weighed straight from each peg's destination set: no list,
    /// and a peg's set and the sum of its weights are kept from the seat's previous turn
    /// while no hole they depend on has changed its occupant.
    fn play_out(
        &self,
        game: &mut ChineseCheckers,
        rng: &mut SmallRng,
        _: &mut MoveList<CcMove>,
        max_plies: u32,
    ) -> u32 {
        let mut plies = 0;
        let seats = game.seats();
        let mut kept = [Kept::EMPTY; MAX_SEATS];
        // Per peg with a move: its hole, its destinations and the running total of the
        // weights before and after its moves.
        let mut pegs = [(0usize, 0 as Bits, 0f32, 0f32); PEGS as usize];
        while plies < max_plies && !game.is_over() {
            let seat = game.to_move();
            let row = &self.distance[((game.camp(seat) + 3) % 6) as usize];
            let own = game.pegs(seat);
            let k = &mut kept[seat.index()];
            let valid = k.valid & own;
            let reacher = game.reacher();
            let (mut n, mut count, mut total) = (0, 0, 0f32);
            for from in BitIter(own) {
                let from = from & 127;
                if !has(valid, from) || k.reads[from] & k.changed != 0 {
                    let (dests, reads) = reacher.reach(from);
                    k.dests[from] = dests;
                    k.reads[from] = reads;
                    k.sums[from] = self.sum(row, from, dests);
                }
                let dests = k.dests[from];
                if dests == 0 {
                    continue;
                }
                let before = total;
                total += k.sums[from];
                count += dests.count_ones();
                pegs[n] = (from, dests, before, total);
                n += 1;
            }
            k.valid = own;
            k.changed = 0;
            let mv = match count {
                0 => CcMove::PASS,
                1 => CcMove { from: pegs[0].0 as u8, to: pegs[0].1.trailing_zeros() as u8 },
                _ => self.draw(row, &pegs[..n], rng.random::<f32>() * total),
            };
            if !mv.is_pass() {
                let touched = BITS[mv.from as usize & 127] | BITS[mv.to as usize & 127];
                for k in &mut kept[..seats] {
                    k.changed |= touched;
                }
            }
            game.play(mv);
            plies += 1;
        }
        plies
    }
}

/// What a playout keeps of one seat's pegs between its turns, by hole.
#[derive(Clone, Copy)]
struct Kept {
    /// The holes whose entries were right at the seat's last turn (its pegs then).
    valid: Bits,
    /// The holes whose occupant changed since then.
    changed: Bits,
    /// Per hole: the peg's destinations, the holes they depend on, the sum of their weights.
    dests: [Bits; 128],
    reads: [Bits; 128],
    sums: [f32; 128],
}

impl Kept {
    const EMPTY: Kept = Kept { valid: 0, changed: 0, dests: [0; 128], reads: [0; 128], sums: [0.0; 128] };
}

impl CcForward {
    /// The sum of the weights of the moves from `from` to `dests`, in increasing order.
    #[inline]
    fn sum(&self, row: &[u8; 128], from: usize, dests: Bits) -> f32 {
        let base = row[from & 127] as usize + MAX_GAIN as usize;
        BitIter(dests).fold(0f32, |t, to| t + self.weights[base - row[to & 127] as usize])
    }

    /// The move whose running total of weights first passes `x`, as [`choose`] finds it.
    ///
    /// [`choose`]: PlayoutPolicy::choose
    #[inline]
    fn draw(&self, row: &[u8; 128], pegs: &[(usize, Bits, f32, f32)], x: f32) -> CcMove {
        let last = pegs[pegs.len() - 1];
        let &(from, dests, before, _) = pegs.iter().find(|p| p.3 > x).unwrap_or(&last);
        let base = row[from & 127] as usize + MAX_GAIN as usize;
        let x = x - before;
        let mut running = 0f32;
        let mut to = 127 - dests.leading_zeros() as usize;
        for t in BitIter(dests) {
            running += self.weights[base - row[t & 127] as usize];
            if running > x {
                to = t;
                break;
            }
        }
        CcMove { from: from as u8, to: to as u8 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout;
    use rand::SeedableRng;
    use tabula_rules::MoveList;
    use tabula_rules::games::chinese_checkers::CcOptions;

    #[test]
    fn tips_are_sixteen_from_the_opposite_tip() {
        // Camp 0's tip m17 and camp 3's tip e1.
        let m17 = STAR.board.parse("m17").unwrap();
        let e1 = STAR.board.parse("e1").unwrap();
        assert_eq!(STAR.tip_distance(0, m17), 0);
        assert_eq!(STAR.tip_distance(3, e1), 0);
        assert_eq!(STAR.tip_distance(3, m17), 16);
        assert_eq!(STAR.tip_distance(0, e1), 16);
    }

    #[test]
    fn forward_moves_are_preferred() {
        let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let mut moves = MoveList::new();
        g.legal_moves(&mut moves);
        let policy = CcForward::default();
        let mut rng = SmallRng::seed_from_u64(1);
        let mut gained = 0;
        for _ in 0..1000 {
            let m = policy.choose(&g, moves.as_slice(), &mut rng);
            assert!(moves.iter().any(|&l| l == m));
            gained += STAR.tip_distance(3, m.from as usize) as i32 - STAR.tip_distance(3, m.to as usize) as i32;
        }
        // Every opening move gains 1 (a step) or 2 (a hop); the average leans to hops.
        assert!(gained > 1500, "average gain {}", gained as f64 / 1000.0);
    }

    #[test]
    fn two_player_playouts_finish_with_a_winner() {
        let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let policy = CcForward::default();
        let mut moves = MoveList::new();
        let mut longest = 0;
        let mut total = 0;
        for seed in 0..100 {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            let plies = playout(&mut g, &policy, &mut rng, &mut moves, 600);
            let outcome = g.outcome().unwrap_or_else(|| panic!("seed {seed}: no result in {plies} plies"));
            assert!(outcome.sole_winner().is_some(), "seed {seed}: {outcome}");
            longest = longest.max(plies);
            total += plies;
        }
        eprintln!("100 playouts: {} plies on average, longest {longest}", total / 100);
    }

    #[test]
    fn playing_out_without_lists_plays_the_listed_moves() {
        // For the same random numbers, the fused playout plays exactly the moves the list
        // and `choose` give, for every player count, rule variant and a sharp and a flat
        // policy, passes included.
        use tabula_rules::games::chinese_checkers::AntiBlock;
        let mut moves = MoveList::new();
        for (players, anti_block) in [
            (2, AntiBlock::Fill),
            (2, AntiBlock::Swap),
            (3, AntiBlock::None),
            (4, AntiBlock::Fill),
            (6, AntiBlock::Swap),
        ] {
            let start = ChineseCheckers::new(&CcOptions { players, anti_block, ..CcOptions::default() }).unwrap();
            for beta in [CcForward::DEFAULT_BETA, 0.3] {
                let policy = CcForward::new(beta);
                for seed in 0..40 {
                    let (mut a, mut b) = (start, start);
                    let (mut ra, mut rb) = (SmallRng::seed_from_u64(seed), SmallRng::seed_from_u64(seed));
                    let pa = playout(&mut a, &policy, &mut ra, &mut moves, 400);
                    let pb = policy.play_out(&mut b, &mut rb, &mut moves, 400);
                    assert_eq!((pa, a.to_text()), (pb, b.to_text()), "{players} players, beta {beta}, seed {seed}");
                    assert_eq!(ra.random::<u64>(), rb.random::<u64>(), "the same random numbers were drawn");
                }
            }
        }
    }

    /// Playouts per second from the start with the default policy.
    /// `cargo test --release -p tabula-engine playout_speed -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn playout_speed() {
        let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let policy = CcForward::default();
        let mut moves = MoveList::new();
        let (n, mut plies) = (20_000, 0u64);
        let clock = std::time::Instant::now();
        for seed in 0..n {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            plies += policy.play_out(&mut g, &mut rng, &mut moves, 1000) as u64;
        }
        let secs = clock.elapsed().as_secs_f64();
        eprintln!(
            "{:.0} playouts/s, {:.0} ns/ply, {} plies per playout",
            n as f64 / secs,
            secs * 1e9 / plies as f64,
            plies / n
        );
        // The same moves through a move list and `choose`, for comparison.
        let (clock, mut listed) = (std::time::Instant::now(), 0u64);
        for seed in 0..n {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            listed += playout(&mut g, &policy, &mut rng, &mut moves, 1000) as u64;
        }
        assert_eq!(listed, plies);
        eprintln!("listed moves: {:.0} playouts/s", n as f64 / clock.elapsed().as_secs_f64());
    }
}
