//! Lists of moves written as text, one move after another: `--moves`, opening files.
//!
//! Moves are separated by `;`, whitespace or commas. `;` and whitespace always separate. A
//! comma is also part of some games' own notation (an Icelights turn `b1-c1,c1=E` is a move
//! and an orientation, an E turn `g3/1-g5,Xg5/2=h5/2` a movement and an exchange), so a part
//! after a comma joins the move before it when the two together are the canonical spelling
//! of one legal move; otherwise it is the next move. So a list never reads two turns as one
//! by accident: E's `g3/1-g5,Xh5/2=g5/2` (the other seat's guard first, not canonical) is
//! a movement and then the next seat's exchange.

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

/// The words of a move list: the text between `;` and whitespace.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ';' || c.is_whitespace()).filter(|w| !w.is_empty())
}

/// Plays the moves of `text` on `game` in order, calling `played` with each move's text
/// (joined parts included) and value after it is played. Every comma-separated part counts:
/// an empty one (`a,,b`, `a,`) or an empty list is a bad move that the error names. On the
/// first bad move `game` is left after the moves before it.
pub fn play_moves<G: Game>(game: &mut G, text: &str, mut played: impl FnMut(&str, G::Move)) -> Result<(), BadMove> {
    let mut ply = 0;
    let mut any = false;
    for word in words(text) {
        any = true;
        let parts: Vec<&str> = word.split(',').collect();
        play_parts(game, &parts, &mut ply, &mut played)?;
    }
    if !any {
        return play_parts(game, &[""], &mut ply, &mut played);
    }
    Ok(())
}

/// Like [`play_moves`] for text from a file (an opening line): empty parts are skipped.
pub fn play_move_words<G: Game>(
    game: &mut G,
    text: &str,
    mut played: impl FnMut(&str, G::Move),
) -> Result<(), BadMove> {
    let mut ply = 0;
    for word in words(text) {
        let parts: Vec<&str> = word.split(',').filter(|p| !p.is_empty()).collect();
        play_parts(game, &parts, &mut ply, &mut played)?;
    }
    Ok(())
}

/// Plays `parts`, joining a part to the move before it where the two are the canonical
/// text of one legal move; `ply` counts the moves played so far.
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
            match game.parse_move(&joined) {
                Ok(mv) if game.format_move(mv) == joined => {}
                _ => break,
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
        for (text, ply, token) in [("", 1, "''"), (" ; ", 1, "''"), ("k15-i13,", 2, "''"), ("k15-i13,,e3-g5", 2, "''")]
        {
            let bad = texts(&mut start.clone(), text).unwrap_err();
            assert_eq!(bad.ply, ply, "{text:?}");
            assert!(bad.error.to_string().contains(token), "{text:?}: {}", bad.error);
        }
        assert_eq!(texts(&mut start.clone(), "k15-i13,e3-g5").unwrap(), ["k15-i13", "e3-g5"]);
        assert_eq!(texts(&mut start.clone(), " k15-i13; e3-g5 l15-h13").unwrap(), ["k15-i13", "e3-g5", "l15-h13"]);
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

    /// E (spec §5): a comma joins only the canonical movement + exchange; written with the
    /// other seat's guard first, or after a `;`, the exchange is the next seat's turn.
    #[test]
    fn a_comma_joins_only_a_canonical_e_exchange() {
        use crate::games::e::E;
        // Blue's medium on g3 can trap red's small on g5 (outside red's home) while red's
        // large on h5 traps blue's small: the seed's first exchange example.
        let text = "e players=2 sectors=03 turn=1 ply=10 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/.......0s0m0m0l/........0s0s0m./............./1l1m1s1s......../1l1m.1s..0s[1s0l].../1l1m1s......./1l1m....1m../1l......./.......";
        let start = E::from_text(text).expect("the seed example");
        let one = texts(&mut start.clone(), "g3/1-g5,Xg5/2=h5/2").unwrap();
        assert_eq!(one, ["g3/1-g5,Xg5/2=h5/2"]);
        let mut two_turns = start;
        for t in ["g3/1-g5", "Xh5/2=g5/2"] {
            two_turns.play(two_turns.parse_move(t).unwrap());
        }
        for list in ["g3/1-g5,Xh5/2=g5/2", "g3/1-g5;Xg5/2=h5/2", "g3/1-g5 Xh5/2=g5/2", "g3-g5,Xg5/2=h5/2"] {
            let mut g = start;
            let played = texts(&mut g, list).unwrap_or_else(|e| panic!("{list}: {e:?}"));
            assert_eq!(played.len(), 2, "{list}: {played:?}");
            assert_eq!(g, two_turns, "{list}: a movement, then red's exchange");
        }
        // One turn as a single move token reads either order.
        let mut g = start;
        assert!(g.parse_move("g3/1-g5,Xh5/2=g5/2").is_ok());
        g.play(g.parse_move("g3-g5").unwrap());
    }
}
