//! Lists of moves written as text, one move after another: `--moves`, opening files.
//!
//! Moves are separated by commas (and, in [`play_move_words`], by whitespace too). A comma
//! is also part of some games' own notation (an Icelights turn `b1-c1,c1=E` is a move and an
//! orientation), so a part after a comma joins the move before it when the two together make
//! one legal move of the position; otherwise it is the next move.

use super::error::NotationError;
use super::game::Game;

/// A move of a list that is not legal where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// The ply of the list it would have been, from 1.
    pub ply: usize,
    /// Why the game refused it (the error names the token).
    pub error: NotationError,
}

/// Plays the comma-separated moves of `text` on `game` in order, calling `played` with each
/// move's text (joined parts included) and value after it is played. Every part counts: an
/// empty one (`a,,b`) or one with spaces is a bad move that the error names. On the first
/// bad move `game` is left after the moves before it.
pub fn play_moves<G: Game>(game: &mut G, text: &str, mut played: impl FnMut(&str, G::Move)) -> Result<(), BadMove> {
    let parts: Vec<&str> = text.split(',').collect();
    play_parts(game, &parts, &mut 0, &mut played)
}

/// Like [`play_moves`] for text whose moves may also be separated by whitespace, as in an
/// opening file (`k15-i13 e3-g5`, `b1-c1,c1=E h7-g7`); empty parts are skipped.
pub fn play_move_words<G: Game>(
    game: &mut G,
    text: &str,
    mut played: impl FnMut(&str, G::Move),
) -> Result<(), BadMove> {
    let mut ply = 0;
    for word in text.split_whitespace() {
        let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
        play_parts(game, &parts, &mut ply, &mut played)?;
    }
    Ok(())
}

/// Plays `parts`, joining a part to the move before it where the two make one move; `ply`
/// counts the moves played so far.
fn play_parts<G: Game>(
    game: &mut G,
    parts: &[&str],
    ply: &mut usize,
    played: &mut impl FnMut(&str, G::Move),
) -> Result<(), BadMove> {
    let mut i = 0;
    while i < parts.len() {
        let mut token = parts[i].to_string();
        i += 1;
        while let Some(next) = parts.get(i) {
            let joined = format!("{token},{next}");
            if game.parse_move(&joined).is_err() {
                break;
            }
            token = joined;
            i += 1;
        }
        *ply += 1;
        let mv = game.parse_move(&token).map_err(|error| BadMove { ply: *ply, error })?;
        game.play(mv);
        played(&token, mv);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chinese_checkers::{CcOptions, ChineseCheckers};
    use crate::games::icelights::{Icelights, IlOptions};

    fn texts<G: Game>(game: &mut G, text: &str) -> Result<Vec<String>, BadMove> {
        let mut out = Vec::new();
        play_moves(game, text, |t, _| out.push(t.to_string()))?;
        Ok(out)
    }

    fn words<G: Game>(game: &mut G, text: &str) -> Result<Vec<String>, BadMove> {
        let mut out = Vec::new();
        play_move_words(game, text, |t, _| out.push(t.to_string()))?;
        Ok(out)
    }

    #[test]
    fn a_comma_list_is_strict() {
        let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
        for (text, ply, token) in
            [("", 1, "''"), ("k15-i13,", 2, "''"), ("k15-i13,,e3-g5", 2, "''"), (" k15-i13", 1, "' k15-i13'")]
        {
            let bad = texts(&mut start.clone(), text).unwrap_err();
            assert_eq!(bad.ply, ply, "{text:?}");
            assert!(bad.error.to_string().contains(token), "{text:?}: {}", bad.error);
        }
        assert_eq!(texts(&mut start.clone(), "k15-i13,e3-g5").unwrap(), ["k15-i13", "e3-g5"]);
        // Words skip empty parts.
        assert_eq!(words(&mut start.clone(), "k15-i13, e3-g5,").unwrap(), ["k15-i13", "e3-g5"]);
    }

    #[test]
    fn commas_and_spaces_separate_moves() {
        let mut g = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let start = g;
        let list = words(&mut g, "k15-i13,e3-g5  l15-h13").unwrap();
        assert_eq!(list, ["k15-i13", "e3-g5", "l15-h13"]);
        let mut by_hand = start;
        for t in &list {
            by_hand.play(by_hand.parse_move(t).unwrap());
        }
        assert_eq!(g.hash(), by_hand.hash());
        let mut g = start;
        let bad = words(&mut g, "k15-i13 e3-z99").unwrap_err();
        assert_eq!(bad.ply, 2);
        assert!(bad.error.to_string().contains("z99"), "{}", bad.error);
        // The game stays after the good moves.
        let mut one = start;
        one.play(one.parse_move("k15-i13").unwrap());
        assert_eq!(g.hash(), one.hash());
    }

    #[test]
    fn an_orientation_after_a_comma_joins_its_icelights_move() {
        let mut g = Icelights::new(&IlOptions::default()).unwrap();
        let list = words(&mut g, "b1-c1,c1=E,h7-g7 d1-d2,a4=N").unwrap();
        assert_eq!(list, ["b1-c1,c1=E", "h7-g7", "d1-d2,a4=N"]);
        assert_eq!(g.to_move().0, 1);
        // Written with spaces, the orientation is a turn of its own: seat 1 cannot turn c1.
        let mut g = Icelights::new(&IlOptions::default()).unwrap();
        let bad = words(&mut g, "b1-c1 c1=E").unwrap_err();
        assert_eq!(bad.ply, 2);
    }
}
