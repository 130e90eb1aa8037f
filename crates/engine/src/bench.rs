//! The positions `tabula bench` searches: one data file a game in `crates/engine/bench/`,
//! named after the game, a line a position: the depth alpha-beta searches it to, then its
//! position text (as `tabula show` prints it). Lines starting with `#` are comments.

use tabula_rules::Game;

/// One position of the bench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// The position text.
    pub text: &'static str,
    /// The depth the bench searches it to.
    pub depth: u32,
}

/// Every game's data file, by the game's name.
const FILES: [(&str, &str); 6] = [
    ("chinese-checkers", include_str!("../bench/chinese-checkers.txt")),
    ("e", include_str!("../bench/e.txt")),
    ("echelon", include_str!("../bench/echelon.txt")),
    ("icelights", include_str!("../bench/icelights.txt")),
    ("martian-chess", include_str!("../bench/martian-chess.txt")),
    ("coaster-chess", include_str!("../bench/coaster-chess.txt")),
];

/// The bench positions of `G`, in the order of its data file (none for a game without
/// one). The files are part of the build and checked by this module's tests, so a line
/// that does not read as a depth and a text is a bug in the data.
pub fn positions<G: Game>() -> Vec<BenchPosition> {
    let Some(&(_, data)) = FILES.iter().find(|(name, _)| *name == G::NAME) else {
        return Vec::new();
    };
    data.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let (depth, text) = line.split_once(' ').expect("bench data: a depth, a space, a position text");
            BenchPosition { text, depth: depth.parse().expect("bench data: the depth is a whole number") }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::chinese_checkers::ChineseCheckers;
    use tabula_rules::games::e::E;
    use tabula_rules::games::echelon::Echelon;
    use tabula_rules::games::icelights::Icelights;
    use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};

    /// Every position of `G`'s file reads, prints back as written, is unfinished and has a
    /// depth; the file has some.
    fn reads_back<G: Game>() {
        let list = positions::<G>();
        assert!(!list.is_empty(), "{} has no bench positions", G::NAME);
        for p in list {
            let game = G::from_text(p.text).unwrap_or_else(|e| panic!("{}: {e}", p.text));
            assert!(!game.is_over(), "{}", p.text);
            assert_eq!(game.to_text(), p.text);
            assert!(p.depth >= 1, "{}", p.text);
        }
    }

    #[test]
    fn every_game_has_positions_that_read_back() {
        reads_back::<ChineseCheckers>();
        reads_back::<E>();
        reads_back::<Echelon>();
        reads_back::<Icelights>();
        reads_back::<MartianChess>();
        reads_back::<CoasterChess>();
        assert_eq!(FILES.len(), tabula_rules::games::NAMES.len());
        for name in tabula_rules::games::NAMES {
            assert!(FILES.iter().any(|(file, _)| file == name), "no bench file for {name}");
        }
    }
}
