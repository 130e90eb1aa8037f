//! The Chinese Checkers evaluator: a race. Each seat's value is minus its distance still to
//! run (the sum over its pegs of the hex distance to the tip of its target), with an extra
//! penalty for the straggler farthest from home, a cost for each peg still in its own camp
//! once the race is well on (those pegs hold the finish back, and they sit on another seat's
//! target), and for the seat to move its hop potential: the steps its best move gains at
//! once (the longest hop chain forward), since it moves before anyone else.
//!
//! The ten holes nearest a camp's tip are the camp itself, so the distance sum is smallest
//! exactly when the target is filled: the evaluation never rewards crowding the tip.

use tabula_rules::MAX_SEATS;
use tabula_rules::games::chinese_checkers::{AntiBlock, ChineseCheckers, STAR};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, Seat};

use crate::api::{EngineGame, Evaluator, Score};
use crate::tuning::Tuning;
use crate::weights::tunable;

/// Weight of one step of distance: the unit of the evaluation (contempt and the lost race
/// are counted in it), so not a tunable weight.
const STEP: Score = 100;
/// MCTS's weight of the hop potential ([`CcEval::hop`]): its truncated playouts are scored
/// where the next hop matters most.
const MCTS_HOP: Score = 50;
/// MCTS's weight of the pegs left at home ([`CcEval::camp`]). At 0.1 s a move, 2 players,
/// over 40 games, MCTS with it beat MCTS without 22-18, alpha-beta with it alpha-beta
/// without 21-19. Not under `cc.anti_block=none`, where those pegs block: there MCTS with it
/// scored 29 of 80 games against alpha-beta (36%), without it 47 of 120 (39%).
const MCTS_CAMP: Score = 150;
/// How many steps before the end of its race (the filled target) a seat's pegs at home
/// start to cost [`CcEval::camp`], growing to the full weight at the end.
const LATE: i32 = 60;

/// How many of [`CcEval::camp`] the pegs still in `seat`'s own camp cost, in units of 1/[`LATE`]:
/// nothing until the seat has at most [`LATE`] steps left to run beyond the filled target
/// (`sum` is [`race`]'s distance), then a unit more a step.
fn camp_cost(game: &ChineseCheckers, seat: Seat, sum: i32) -> Score {
    let late = (LATE - (sum - 20)).clamp(0, LATE);
    if late == 0 {
        return 0;
    }
    let home = (game.pegs(seat) & STAR.camp(game.camp(seat))).count_ones() as Score;
    home * late
}

/// The distance a seat still has to run, and its farthest peg's distance.
pub fn race(game: &ChineseCheckers, seat: Seat) -> (i32, i32) {
    let target_camp = (game.camp(seat) + 3) % 6;
    let (mut sum, mut max) = (0, 0);
    for i in BitIter(game.pegs(seat)) {
        let d = STAR.tip_distance(target_camp, i) as i32;
        sum += d;
        max = max.max(d);
    }
    (sum, max)
}

/// The most steps toward its target tip one move of the seat to move gains (a step or the
/// best hop chain), 0 if none goes forward.
pub fn best_gain(game: &ChineseCheckers) -> i32 {
    let row = &STAR.tip_distances()[((game.camp(game.to_move()) + 3) % 6) as usize];
    let mut best = 0;
    game.for_each_reach(|from, dests| {
        let d = row[from & 127];
        for to in BitIter(dests) {
            best = best.max(d as i32 - row[to & 127] as i32);
        }
    });
    best
}

/// The race evaluator for Chinese Checkers, with its weights
/// (`crates/engine/weights/chinese_checkers.weights`); each step of the race is 100.
///
/// The weights were fitted by `tabula tune` to 800 games of alpha-beta's self-play (2
/// seats) and kept because they won: +346 Elo (95% +283 to +434) over 200 games at 0.1 s a
/// move against the hand-set ones (straggler 30, hop 20, camp 0), after SPRT had accepted
/// them at 20,000 nodes a move (`docs/strength.md`, "Tuned weights"). The fit values the
/// straggler six times as much: a race is finished by its last peg.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CcEval {
    /// Extra weight of each step of the farthest peg (keeps stragglers moving).
    pub straggler: Score,
    /// Weight of each step the best move of the seat to move gains (its hop potential; 0:
    /// the race alone).
    pub hop: Score,
    /// Weight of each peg left in its own camp late in the race (0: not counted).
    pub camp: Score,
}

tunable!(CcEval, "chinese_checkers.weights", [straggler, hop, camp]);

impl CcEval {
    /// The race alone, without hop potential or pegs at home (the evaluator before it had
    /// them).
    pub const RACE: CcEval = CcEval { hop: 0, camp: 0, ..CcEval::DEFAULT };
}

impl Evaluator<ChineseCheckers> for CcEval {
    fn evaluate(&self, game: &ChineseCheckers) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        // Without a blocking rule a peg at home on another seat's target is a block that
        // holds that seat back, not only a straggler.
        let camp = if game.options().anti_block == AntiBlock::None { 0 } else { self.camp };
        for (s, value) in out.iter_mut().enumerate().take(game.seats()) {
            let (sum, max) = race(game, Seat(s as u8));
            // The minimum of `sum` is the filled triangle: 0 + 2*1 + 3*2 + 4*3 = 20.
            *value = -(STEP * (sum - 20) + self.straggler * (max - 3).max(0));
            if camp != 0 {
                *value -= camp * camp_cost(game, Seat(s as u8), sum) / LATE;
            }
        }
        if self.hop != 0 && !game.is_over() {
            out[game.to_move().index()] += self.hop * best_gain(game);
        }
        out
    }
}

impl EngineGame for ChineseCheckers {
    type Eval = CcEval;

    /// MCTS with three to five seats: against two `minimax` at 0.1 s a move it took 95.2%
    /// of the points, alpha-beta 54.8%; against three, 97.5% and 37.5%; against four, 97.5%
    /// and 45.5% (`docs/strength.md`, rows `cc3-*-mm` to `cc5-*-mm`). MCTS also with two
    /// seats and no blocking rule (`cc.anti_block=none`): 96.3% against `minimax`, where
    /// alpha-beta took 83.8% with 13 of 40 games at the ply cap, each held up by a
    /// `minimax` peg left at home on its target (rows `cc2-noblock-*-mm`).
    fn default_engine(&self) -> &'static str {
        let seats = self.seats();
        let no_block = seats == 2 && self.options().anti_block == AntiBlock::None;
        if (3..=5).contains(&seats) || no_block { "mcts" } else { "alphabeta" }
    }

    /// Minus the distance each seat's pegs still have to run, a hundred a step.
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(self.seats()) {
            *value = -STEP * race(self, Seat(s as u8)).0;
        }
        out
    }
    fn playout_policy() -> std::sync::Arc<dyn crate::playout::PlayoutPolicy<Self>> {
        std::sync::Arc::new(crate::playout::chinese_checkers::CcForward::default())
    }
    const TUNING: Tuning = Tuning {
        // Six forward-biased plies, then the race evaluation: against `alphabeta` at 0.1 s a
        // move, without the target-stay and blocking rules, full playouts won none of 12 games
        // (10 reached the ply cap); over 160 games six plies scored 48% where four scored 42%
        // (`docs/experiments/stalls.md`), and 41 - 39 against four under the default rules.
        playout_cap: Some(6),
        // No rule ends a cycle of moves, and a race goes on after one (see `mcts:repeat`).
        mcts_repeat_draws: false,
        // Nine steps of the race behind by alpha-beta's search (a peg held at home is 13 or
        // more from its target): without a blocking rule a seat that has lost otherwise keeps
        // its last peg at home on the winner's target to the ply cap
        // (`docs/experiments/stalls.md`).
        lost_race: 900,
        ..Tuning::DEFAULT
    };
    /// `eval` with the hop potential at MCTS's weight (50 a step) and the pegs left at home
    /// counted (150, see [`CcEval::camp`]).
    fn mcts_eval(eval: CcEval) -> CcEval {
        CcEval { hop: MCTS_HOP, camp: MCTS_CAMP, ..eval }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::chinese_checkers::CcOptions;

    #[test]
    fn start_is_even_and_a_forward_move_helps_the_mover() {
        let mut g = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let e = CcEval::RACE.evaluate(&g);
        assert_eq!(e[0], e[1]);
        let before = e[0];
        g.play(g.parse_move("k15-i13").unwrap());
        let after = CcEval::RACE.evaluate(&g);
        assert!(after[0] > before, "{after:?} vs {before}");
        assert_eq!(after[1], e[1]);
    }

    #[test]
    fn the_seat_to_move_gets_its_hop_potential() {
        // At the start seat 0's best move is a hop of two steps.
        let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
        assert_eq!(best_gain(&g), 2);
        let with = CcEval::default().evaluate(&g);
        let without = CcEval::RACE.evaluate(&g);
        assert_eq!(with[0], without[0] + CcEval::DEFAULT.hop * 2);
        assert_eq!(with[1], without[1]);
        // Along forward-biased games of 2 and 3 players: the largest gain of the legal moves
        // (0 if none goes forward), and long chains do occur.
        use rand::SeedableRng;
        let policy = crate::playout::chinese_checkers::CcForward::default();
        let mut moves = tabula_rules::MoveList::new();
        let mut longest = 0;
        for players in [2, 3] {
            let mut g = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
            while !g.is_over() {
                g.legal_moves(&mut moves);
                let target = (g.camp(g.to_move()) + 3) % 6;
                let gain = |m: &tabula_rules::games::chinese_checkers::CcMove| {
                    if m.is_pass() {
                        return 0;
                    }
                    STAR.tip_distance(target, m.from as usize) as i32 - STAR.tip_distance(target, m.to as usize) as i32
                };
                let best = moves.iter().map(gain).max().unwrap().max(0);
                assert_eq!(best_gain(&g), best, "{}", g.to_text());
                longest = longest.max(best);
                let mv = crate::playout::PlayoutPolicy::choose(&policy, &g, moves.as_slice(), &mut rng);
                g.play(mv);
            }
            assert_eq!(best_gain(&g), 0);
        }
        assert!(longest >= 4, "a hop chain gains {longest}");
        // Nobody gains after the end of the game; seat 1 to move gets it instead.
        let mut other = ChineseCheckers::new(&CcOptions::default()).unwrap();
        assert!(other.hand_turn_to(Seat(1)));
        let e = CcEval::default().evaluate(&other);
        assert_eq!(e[1] - CcEval::RACE.evaluate(&other)[1], CcEval::DEFAULT.hop * best_gain(&other));
    }

    #[test]
    fn a_peg_left_at_home_costs_late_in_the_race() {
        // Seat 0's nine pegs fill its target; its last one waits at home on rank 14, or
        // stands on rank 13 just outside the camp.
        let position = |rank14: &str, rank13: &str| {
            ChineseCheckers::from_text(&format!(
                "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 board=./../.../{rank14}/{rank13}/\
                 ............/.........../........../........./........../.........11/........1111/\
                 .........1111/.000/000/00/0"
            ))
            .unwrap()
        };
        let home = position("0...", ".............");
        let (sum, max) = race(&home, Seat(0));
        // One step on, out of the camp (every hole of rank 13 is a step nearer the target's
        // tip than the camp's base): the step, the straggler's step, and the peg at home.
        let out = position("....", "0............");
        assert_eq!(race(&out, Seat(0)), (sum - 1, max - 1));
        let late = LATE - (sum - 20);
        assert!(late > 0 && late < LATE, "the race is late: {sum}");
        let eval = ChineseCheckers::mcts_eval(CcEval::DEFAULT);
        let gain = eval.evaluate(&out)[0] - eval.evaluate(&home)[0];
        assert_eq!(gain, STEP + eval.straggler + MCTS_CAMP * late / LATE);
        assert_eq!(eval.evaluate(&out)[1], eval.evaluate(&home)[1]);
        // Alpha-beta's evaluator sees the steps alone, and so does MCTS's without a
        // blocking rule, where the peg at home blocks seat 1's target.
        let gain = CcEval::RACE.evaluate(&out)[0] - CcEval::RACE.evaluate(&home)[0];
        assert_eq!(gain, STEP + eval.straggler);
        let unblocked =
            |g: &ChineseCheckers| ChineseCheckers::from_text(&format!("{} cc.anti_block=none", g.to_text()));
        let (home, out) = (unblocked(&home).unwrap(), unblocked(&out).unwrap());
        assert_eq!(eval.evaluate(&out)[0] - eval.evaluate(&home)[0], STEP + eval.straggler);
        // Early in the race pegs at home cost nothing: the start is valued by distance alone.
        let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let (sum, max) = race(&start, Seat(0));
        assert!(LATE < sum - 20);
        let race = CcEval { hop: 0, ..eval };
        assert_eq!(race.evaluate(&start)[0], -(STEP * (sum - 20) + race.straggler * (max - 3)));
    }

    #[test]
    fn a_filled_target_scores_zero_distance() {
        // Each camp's own pegs are 20 steps from their own tip (the same triangle).
        let g = ChineseCheckers::new(&CcOptions { players: 6, ..CcOptions::default() }).unwrap();
        for s in 0..6 {
            let camp = g.camp(Seat(s));
            let own: i32 = BitIter(g.pegs(Seat(s))).map(|i| STAR.tip_distance(camp, i) as i32).sum();
            assert_eq!(own, 20);
            // And every seat has the same distance to run at the start.
            assert_eq!(race(&g, Seat(s)), race(&g, Seat(0)));
        }
    }
}
