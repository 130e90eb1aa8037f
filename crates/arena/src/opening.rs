//! Openings: where the games of a round start.
//!
//! * `random:PLIES`: each round starts after PLIES uniformly random legal moves from the
//!   start, drawn from the match seed and the round number (redrawn if the game ends first),
//!   among the moves the game allows in openings ([`OpeningGame::opening_move`]: no clock
//!   calls and no gifts across the canal in Martian Chess), or among all where it allows
//!   none. In games of material ([`OpeningGame::EVEN_OPENINGS`]: Martian and Coaster Chess)
//!   an opening is drawn again unless it is even: `minimax` four plies deep (two moves
//!   each) finds the seat to move neither ahead nor behind, so that no opening hands a piece
//!   to one side.
//! * `file:PATH`: one opening a line, used in order and then again from the top; a line is a
//!   position text, or moves from the start separated by spaces or commas, or a position text
//!   followed by ` moves ` and moves. A part after a comma joins the move before it when the
//!   two make one legal move (an Icelights turn `b1-c1,c1=E`). Empty lines and lines
//!   starting with `#` are skipped.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_engine::search::minimax::Minimax;
use tabula_engine::{EngineGame, Limits, Searcher};
use tabula_rules::{Game, MoveList, play_move_words};

use crate::error::{ArenaError, error};
use crate::opening_moves::OpeningGame;
use crate::plural::plural;
use crate::seed::mix;

/// Where one round starts: a position (or the start) and moves played from it as book.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Opening {
    /// A position text; `None` is the start position of the match's options.
    pub position: Option<String>,
    /// Moves from there, in the game's notation.
    pub moves: Vec<String>,
}

impl Opening {
    /// The position after the opening under `options`, and its book moves.
    pub fn start<G: Game>(&self, options: &G::Options) -> Result<(G, Vec<G::Move>), ArenaError> {
        let mut game = match &self.position {
            Some(text) => {
                let mut game = G::from_text(text).map_err(|e| error(format!("bad opening position: {e}")))?;
                if game.options() != options {
                    game.set_options(options).map_err(|e| error(format!("opening position '{text}': {e}")))?;
                }
                game
            }
            None => G::new(options)?,
        };
        let start = game.clone();
        let mut book = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let mv = game.parse_move(text).map_err(|e| error(format!("opening: {e}")))?;
            game.play(mv);
            book.push(mv);
        }
        if game.is_over() {
            return Err(error(format!("opening '{}' ends the game", self.moves.join(" "))));
        }
        Ok((start, book))
    }
}

/// The openings of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningBook {
    /// Every round from the start position.
    Start,
    /// `random:PLIES`.
    Random {
        /// Random plies from the start.
        plies: u32,
    },
    /// `file:PATH`, read and checked.
    Lines {
        /// The file, for records.
        path: String,
        /// Its openings in order.
        openings: Vec<Opening>,
    },
}

impl OpeningBook {
    /// Reads an `--openings` value (`random:PLIES`, `file:PATH` or `start`) for game `G`
    /// under `options`; a file's every line is checked now.
    pub fn parse<G: Game>(text: &str, options: &G::Options) -> Result<Self, ArenaError> {
        if text == "start" {
            return Ok(OpeningBook::Start);
        }
        if let Some(plies) = text.strip_prefix("random:") {
            let plies = plies
                .parse::<u32>()
                .ok()
                .filter(|&p| p <= 1000)
                .ok_or_else(|| error(format!("bad opening plies '{plies}': expected 0 to 1000")))?;
            return Ok(OpeningBook::Random { plies });
        }
        if let Some(path) = text.strip_prefix("file:") {
            let body =
                std::fs::read_to_string(path).map_err(|e| error(format!("cannot read openings '{path}': {e}")))?;
            let openings = read_lines::<G>(&body, options).map_err(|e| error(format!("openings '{path}' {e}")))?;
            return Ok(OpeningBook::Lines { path: path.to_string(), openings });
        }
        Err(error(format!("bad openings '{text}': expected random:PLIES, file:PATH or start")))
    }

    /// The opening of round `round` in a match seeded with `seed`.
    pub fn opening<G: OpeningGame>(
        &self,
        round: usize,
        seed: u64,
        options: &G::Options,
    ) -> Result<Opening, ArenaError> {
        match self {
            OpeningBook::Start => Ok(Opening::default()),
            OpeningBook::Lines { openings, .. } => Ok(openings[round % openings.len()].clone()),
            OpeningBook::Random { plies } => {
                let start = G::new(options)?;
                let mut rng = SmallRng::seed_from_u64(mix(seed, 0x6f70_656e, round as u64));
                let mut moves = MoveList::new();
                for _attempt in 0..1000 {
                    let mut game = start.clone();
                    let mut line = Vec::with_capacity(*plies as usize);
                    for _ in 0..*plies {
                        game.legal_moves(&mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        let allowed = moves.iter().filter(|&&m| game.opening_move(m)).count();
                        let mv = if allowed == 0 {
                            moves.as_slice()[rng.random_range(0..moves.len())]
                        } else {
                            let k = rng.random_range(0..allowed);
                            moves.iter().copied().filter(|&m| game.opening_move(m)).nth(k).expect("k < allowed")
                        };
                        line.push(game.format_move(mv));
                        game.play(mv);
                    }
                    if !game.is_over() && line.len() == *plies as usize && (!G::EVEN_OPENINGS || is_even(&game)) {
                        return Ok(Opening { position: None, moves: line });
                    }
                }
                Err(error(format!(
                    "no random opening of {} leaves the game running{}",
                    plural(*plies as usize, "ply", "plies"),
                    if G::EVEN_OPENINGS { " and even" } else { "" }
                )))
            }
        }
    }

    /// What decides the openings, for the match id: a file by its openings, not its path
    /// (shards may read copies at different paths).
    pub fn fingerprint(&self) -> String {
        match self {
            OpeningBook::Lines { openings, .. } => format!("{openings:?}"),
            other => other.describe(),
        }
    }

    /// The book as `--openings` spells it and records show it: `start`, `random:8`,
    /// `file:PATH`.
    pub fn describe(&self) -> String {
        match self {
            OpeningBook::Start => "start".into(),
            OpeningBook::Random { plies } => format!("random:{plies}"),
            OpeningBook::Lines { path, .. } => format!("file:{path}"),
        }
    }
}

/// Whether `minimax` four plies deep over the game's plain score finds the seat to move
/// neither ahead nor behind. Two plies let through openings that lose a point by force two
/// moves later: in 3 of the 20 openings of a Coaster Chess ledger row, each of which the
/// same seat won with either engine in it.
fn is_even<G: EngineGame>(game: &G) -> bool {
    let depth = 4;
    Minimax { depth: Some(depth) }.search(game, &Limits::depth(depth), &mut |_| {}).score == 0
}

/// The openings of a file's text, each checked under `options`.
fn read_lines<G: Game>(body: &str, options: &G::Options) -> Result<Vec<Opening>, ArenaError> {
    let mut openings = Vec::new();
    for (i, raw) in body.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: ArenaError| e.at(format!("line {}", i + 1));
        let (position, moves) = match line.split_once(" moves ") {
            Some((position, moves)) => (Some(position.trim().to_string()), moves),
            None if G::from_text(line).is_ok() => (Some(line.to_string()), ""),
            None => (None, line),
        };
        let mut game = Opening { position: position.clone(), moves: Vec::new() }.start::<G>(options).map_err(at)?.0;
        let mut line_moves = Vec::new();
        play_move_words(&mut game, moves, |token, _| line_moves.push(token.to_string()))
            .map_err(|bad| at(error(format!("opening: move {}: {}", bad.ply, bad.error))))?;
        let opening = Opening { position, moves: line_moves };
        opening.start::<G>(options).map_err(at)?;
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(error("holds no opening"));
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    #[test]
    fn random_openings_follow_the_seed_and_the_round() {
        let o = CcOptions::default();
        let book = OpeningBook::parse::<ChineseCheckers>("random:6", &o).unwrap();
        let a = book.opening::<ChineseCheckers>(3, 42, &o).unwrap();
        assert_eq!(a.moves.len(), 6);
        assert_eq!(a, book.opening::<ChineseCheckers>(3, 42, &o).unwrap());
        assert_ne!(a, book.opening::<ChineseCheckers>(4, 42, &o).unwrap());
        assert_ne!(a, book.opening::<ChineseCheckers>(3, 43, &o).unwrap());
        let (_, book_moves) = a.start::<ChineseCheckers>(&o).unwrap();
        assert_eq!(book_moves.len(), 6);
    }

    #[test]
    fn file_lines_are_moves_or_positions() {
        let o = CcOptions::default();
        let g = ChineseCheckers::new(&o).unwrap();
        let text = g.to_text();
        let body = format!("# a comment\n\nk15-i13 e3-g5\n{text}\n{text} moves k15-i13\n");
        let lines = read_lines::<ChineseCheckers>(&body, &o).unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], Opening { position: None, moves: vec!["k15-i13".into(), "e3-g5".into()] });
        assert_eq!(lines[1], Opening { position: Some(text.clone()), moves: vec![] });
        assert_eq!(lines[2].moves, vec!["k15-i13".to_string()]);
        let err = read_lines::<ChineseCheckers>("k15-i13\nk15-z99\n", &o).unwrap_err().to_string();
        assert!(err.starts_with("line 2:") && err.contains("z99"), "{err}");
        assert!(read_lines::<ChineseCheckers>("# nothing\n", &o).is_err());
        assert!(OpeningBook::parse::<ChineseCheckers>("book:x", &o).unwrap_err().to_string().contains("'book:x'"));
        assert!(OpeningBook::parse::<ChineseCheckers>("random:many", &o).unwrap_err().to_string().contains("'many'"));
    }

    /// The seat to move's best margin on points `plies` on, by brute force: plain negamax
    /// over every move of both seats (two seats take turns), no pruning.
    fn margin_in(game: &tabula_rules::games::martian_chess::CoasterChess, plies: u32) -> i32 {
        let me = game.to_move();
        let margin = game.points(me) as i32 - game.points(tabula_rules::Seat(1 - me.0)) as i32;
        if plies == 0 {
            return margin;
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut after = *game;
                after.play(mv);
                -margin_in(&after, plies - 1)
            })
            .max()
            .unwrap_or(margin)
    }

    #[test]
    fn random_coaster_openings_are_even() {
        use tabula_rules::games::martian_chess::CoasterChess;
        let o = <CoasterChess as Game>::Options::default();
        let book = OpeningBook::parse::<CoasterChess>("random:4", &o).unwrap();
        for round in 0..40 {
            let opening = book.opening::<CoasterChess>(round, 7, &o).unwrap();
            let mut game = CoasterChess::new(&o).unwrap();
            for text in &opening.moves {
                let mv = game.parse_move(text).unwrap();
                game.play(mv);
            }
            assert_eq!(margin_in(&game, 4), 0, "round {round}: {:?}", opening.moves);
        }
        // Plain random lines are often uneven: the check, not chance, keeps them out.
        let mut rng = SmallRng::seed_from_u64(7);
        let mut uneven = 0;
        for _ in 0..40 {
            let mut game = CoasterChess::new(&o).unwrap();
            let mut moves = MoveList::new();
            for _ in 0..4 {
                game.legal_moves(&mut moves);
                let allowed: Vec<_> = moves.iter().copied().filter(|&m| game.opening_move(m)).collect();
                game.play(allowed[rng.random_range(0..allowed.len())]);
            }
            uneven += usize::from(!game.is_over() && margin_in(&game, 4) != 0);
        }
        assert!(uneven >= 5, "{uneven} of 40");
    }

    #[test]
    fn random_martian_openings_never_call_the_clock_or_give_a_piece_away() {
        use tabula_rules::games::martian_chess::{MartianChess, McOptions};
        let o = McOptions::default();
        let book = OpeningBook::parse::<MartianChess>("random:4", &o).unwrap();
        let mut calls_offered = 0;
        for round in 0..40 {
            let opening = book.opening::<MartianChess>(round, 7, &o).unwrap();
            assert_eq!(opening.moves.len(), 4);
            assert!(opening.moves.iter().all(|m| !m.ends_with('!')), "{:?}", opening.moves);
            // The clock could have been called: the filter, not chance, keeps it out.
            let mut game = MartianChess::new(&o).unwrap();
            let mut moves = MoveList::new();
            for text in &opening.moves {
                game.legal_moves(&mut moves);
                calls_offered += moves.iter().filter(|m| m.call).count();
                let mv = game.parse_move(text).unwrap();
                let zone = game.topology().zone_of[mv.to as usize];
                assert!(zone == game.to_move().0 || game.is_capture(mv), "{text} gives a piece away");
                game.play(mv);
            }
        }
        assert!(calls_offered > 100, "{calls_offered}");
    }

    #[test]
    fn file_lines_keep_icelights_turns_whole() {
        use tabula_rules::games::icelights::{Icelights, IlOptions};
        let o = IlOptions::default();
        let lines = read_lines::<Icelights>("b1-c1,c1=E,h7-g7\nb1-c1,c1=E h7-g7\n", &o).unwrap();
        assert_eq!(lines[0].moves, vec!["b1-c1,c1=E".to_string(), "h7-g7".to_string()]);
        assert_eq!(lines[0], lines[1]);
        let (start, book) = lines[0].start::<Icelights>(&o).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(start.to_text(), Icelights::new(&o).unwrap().to_text());
    }
}
