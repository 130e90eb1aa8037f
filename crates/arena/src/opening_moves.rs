//! What a random opening may play, game by game: the arena's knowledge of openings, which
//! no searcher needs.

use tabula_engine::EngineGame;
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::e::E;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::Icelights;
use tabula_rules::games::martian_chess::{Mc, McMove, Variant};

/// A game a match can start from random openings (`--openings random:PLIES`).
pub trait OpeningGame: EngineGame {
    /// Whether a random opening may play this move. A game leaves out moves that no player
    /// opens with and that would decide the games started from them. By default every legal
    /// move may be played.
    fn opening_move(&self, _mv: Self::Move) -> bool {
        true
    }

    /// Whether a random opening must end even: `minimax` four plies deep over the game's
    /// [`plain_value`](EngineGame::plain_value) finds the seat to move neither ahead nor
    /// behind (nothing hangs, nothing is already lost), or the opening is drawn again. For
    /// games of material where a few random plies often give a piece away and decide the
    /// game before the engines play; a race is never even after random moves, so by default
    /// no.
    const EVEN_OPENINGS: bool = false;
}

impl OpeningGame for ChineseCheckers {}
impl OpeningGame for E {}
impl OpeningGame for Echelon {}
impl OpeningGame for Icelights {}

/// Martian Chess and Coaster Chess.
impl<V: Variant> OpeningGame for Mc<V> {
    /// Random openings leave out clock calls (a call in a capture-free opening ends it 0-0
    /// seven plies later) and crossings that capture nothing (they hand the piece to the
    /// zone it lands in: a queen given away on the first move decides the game before the
    /// engines play).
    fn opening_move(&self, mv: McMove) -> bool {
        let stays = mv.is_pass() || self.topology().zone_of[mv.to as usize] == self.to_move().0;
        !mv.call && (stays || self.is_capture(mv))
    }

    /// On a small board a random move often leaves a piece where the next move takes it
    /// for nothing; such an opening decides the pair of games played from it.
    const EVEN_OPENINGS: bool = true;
}
