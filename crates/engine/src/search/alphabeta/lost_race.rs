//! A lost race run out. Where no rule ends a cycle of moves (Chinese Checkers without a
//! blocking rule), a seat that has lost the race can hold on for good: it keeps a peg at
//! home on the winner's last target hole, and every release shows the loss within the
//! horizon while holding scores only a bad evaluation. The game then runs to the ply cap.
//!
//! With two seats, when the search scores the root at or below minus the game's lost-race
//! value (`alphabeta:lost`) and its move makes no progress of the mover's own (its own
//! evaluation after the move is no better than before), while another move does, the
//! searcher plays the move that takes it furthest on its own instead (the counterpart of
//! MCTS's rule for a hopeless root). A block held while the blocker's other pieces still
//! catch up makes progress and stands; the rule ends the block that can only be held.

use tabula_rules::{MoveList, Seat};

use crate::api::{EngineGame, Score};
use crate::search::simple::own_progress;

/// The move that runs a lost race out instead of `chosen`, the search's move with root
/// score `score`, if the root `game` (two seats) is lost by the threshold `lost` (0: never)
/// and `chosen` makes no progress; `None` leaves the search's choice.
pub(super) fn run_out<G: EngineGame>(
    game: &G,
    eval: &G::Eval,
    chosen: G::Move,
    score: Score,
    lost: Score,
) -> Option<G::Move> {
    if lost <= 0 || game.seats() != 2 || score > -lost {
        return None;
    }
    let mover = game.to_move();
    // The mover's pieces as they stand, without what having the move is worth: its value
    // with the turn handed to the other seat (where the game can hand it).
    let mut standing = game.clone();
    standing.hand_turn_to(Seat(1 - mover.0));
    let before = own_progress(eval, &standing, mover);
    let after = |mv: G::Move| {
        let mut child = game.clone();
        child.play(mv);
        own_progress(eval, &child, mover)
    };
    if after(chosen) > before {
        return None;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let (best, value) = moves.iter().map(|&mv| (mv, after(mv))).max_by_key(|&(_, v)| v)?;
    (value > before).then_some(best)
}

#[cfg(test)]
mod tests {
    use tabula_rules::Game;
    use tabula_rules::games::chinese_checkers::{AntiBlock, CcOptions, ChineseCheckers, TargetStay};

    use super::*;
    use crate::api::Limits;
    use crate::eval::chinese_checkers::CcEval;
    use crate::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
    use crate::{Searcher, settings};

    /// Seat 1 has lost: nine pegs home, the tenth still at home on e4, seat 0's last target
    /// hole, with seat 0's last peg waiting beside it; without a blocking rule nothing
    /// makes it leave.
    fn block() -> ChineseCheckers {
        let text = "chinese-checkers players=2 camps=03 turn=1 ply=120 passes=0 board=1/11/111/111./\
                    ............./............/.........../........../........./........../.........../\
                    ............/....0......../1000/000/00/0";
        let mut game = ChineseCheckers::from_text(text).unwrap();
        let options = CcOptions { target_stay: TargetStay::Off, anti_block: AntiBlock::None, ..*game.options() };
        game.set_options(&options).unwrap();
        game
    }

    fn best(game: &ChineseCheckers, lost: Option<Score>, depth: u32) -> String {
        let config = AlphaBetaConfig { lost, ..settings::alphabeta_defaults::<ChineseCheckers>().config };
        let r = AlphaBeta::<ChineseCheckers>::new(config).search(game, &Limits::depth(depth), &mut |_| {});
        game.format_move(r.best.unwrap())
    }

    /// Holding the block is the search's choice at every depth (releasing loses within the
    /// horizon); with the rule on, the peg at home leaves, by the longest step forward.
    #[test]
    fn a_lost_race_is_run_out_not_held() {
        let game = block();
        for depth in [2, 4, 6] {
            assert!(!best(&game, Some(0), depth).starts_with("e4"), "depth {depth}");
            assert_eq!(best(&game, None, depth), "e4-e6", "depth {depth}");
        }
    }

    /// An even position is not touched, nor a lost one where the search's move progresses.
    #[test]
    fn a_race_still_run_keeps_the_searchs_move() {
        let game = ChineseCheckers::new(&Default::default()).unwrap();
        assert_eq!(best(&game, None, 3), best(&game, Some(0), 3));
        let forward = game.parse_move("k14-k13").unwrap();
        let lost = ChineseCheckers::TUNING.lost_race;
        let eval = CcEval::default();
        assert_eq!(run_out(&game, &eval, forward, -100, lost), None);
        assert_eq!(run_out(&game, &eval, forward, -lost, lost), None);
        // A move that goes back while lost is replaced by the longest step forward.
        let block = block();
        let back = block.parse_move("m16-m14").unwrap();
        assert_eq!(run_out(&block, &eval, back, -lost, lost).map(|mv| block.format_move(mv)), Some("e4-e6".into()));
        assert_eq!(run_out(&block, &eval, back, -lost + 1, lost), None);
    }
}
