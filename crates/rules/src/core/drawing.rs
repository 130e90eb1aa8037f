//! Text drawings for a terminal: a grid of characters, the marks of the last move, and hex
//! boards laid out with their file letters and rank numbers.
//!
//! A marked cell has its mark in the character just left of its text, which every layout
//! leaves blank, so that marks never cover a piece or a label.

use crate::geometry::hex::{Hex, HexBoard};

/// The mark of the cell the last move left.
pub const FROM: char = '+';
/// The mark of a cell the last move passed.
pub const PATH: char = '~';
/// The mark of the cell the last move reached.
pub const TO: char = '*';
/// The mark of another cell the last move changed (see [`LastMove::other`]).
pub const OTHER: char = '=';

/// The cells of the last move that a drawing marks, as indices of the game's board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// The cell the piece left.
    pub from: Option<usize>,
    /// The cells it passed between `from` and `to`, in order.
    pub path: Vec<usize>,
    /// The cell it reached.
    pub to: Option<usize>,
    /// Other cells the move changed (an Icelights piece turned in place, the guards of an
    /// E exchange), and what the legend calls them.
    pub other: (Vec<usize>, &'static str),
}

impl LastMove {
    /// A move from `from` to `to` through `path`.
    pub fn new(from: usize, path: Vec<usize>, to: usize) -> Self {
        LastMove { from: Some(from), path, to: Some(to), other: (Vec::new(), "") }
    }

    /// The mark of `cell`, if the move marks it; the to cell's mark wins over the others.
    pub fn mark(&self, cell: usize) -> Option<char> {
        if self.to == Some(cell) {
            Some(TO)
        } else if self.from == Some(cell) {
            Some(FROM)
        } else if self.path.contains(&cell) {
            Some(PATH)
        } else if self.other.0.contains(&cell) {
            Some(OTHER)
        } else {
            None
        }
    }

    /// The legend line of the marks in use, with its newline; empty when nothing is marked.
    pub fn legend(&self) -> String {
        let mut parts = Vec::new();
        if self.from.is_some() {
            parts.push(format!("{FROM}from"));
        }
        if !self.path.is_empty() {
            parts.push(format!("{PATH}path"));
        }
        if self.to.is_some() {
            parts.push(format!("{TO}to"));
        }
        if !self.other.0.is_empty() {
            parts.push(format!("{OTHER}{}", self.other.1));
        }
        if parts.is_empty() { String::new() } else { format!("last move: {}\n", parts.join(" ")) }
    }
}

/// A drawing as rows of characters, written anywhere and grown as needed.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    rows: Vec<Vec<char>>,
}

impl Grid {
    /// An empty drawing.
    pub fn new() -> Self {
        Grid::default()
    }

    /// Writes `text` from column `col` of row `row`.
    pub fn put(&mut self, row: usize, col: usize, text: &str) {
        if self.rows.len() <= row {
            self.rows.resize(row + 1, Vec::new());
        }
        let line = &mut self.rows[row];
        for (k, c) in text.chars().enumerate() {
            if line.len() <= col + k {
                line.resize(col + k + 1, ' ');
            }
            line[col + k] = c;
        }
    }

    /// Writes a cell's `text` at `col` with the cell's mark, if any, just left of it.
    pub fn put_cell(&mut self, row: usize, col: usize, text: &str, mark: Option<char>) {
        if let (Some(m), Some(left)) = (mark, col.checked_sub(1)) {
            self.put(row, left, &m.to_string());
        }
        self.put(row, col, text);
    }

    /// The drawing, each row without its trailing blanks and ended by a newline.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for row in &self.rows {
            let line: String = row.iter().collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

/// Characters per half cell of [`hex_board`].
const PITCH: usize = 2;

/// Draws a hex board: cell `i`'s text from `text(i)`, two characters per half cell (a
/// rank's cells stand four apart, room for a text of three and a mark). A file runs up-left to down-right; its letter
/// stands one step beyond each end of it, above-left of its top cell and below-right of its
/// bottom cell, so that a reader follows any cell along its file to a letter. Rank numbers
/// stand on both margins.
pub fn hex_board(board: &HexBoard, last: &LastMove, mut text: impl FnMut(usize) -> String) -> String {
    // Half-cell column x = 2q + r and row r of each cell and label.
    let at = |h: Hex| (2 * h.q as i32 + h.r as i32, h.r as i32);
    let mut files: Vec<(Hex, Hex)> = Vec::new();
    for i in 0..board.len() {
        let h = board.cell(i);
        match files.iter_mut().find(|(top, _)| top.q == h.q) {
            Some((top, bottom)) => {
                if h.r < top.r {
                    *top = h;
                }
                if h.r > bottom.r {
                    *bottom = h;
                }
            }
            None => files.push((h, h)),
        }
    }
    let mut labels = Vec::new();
    for &(top, bottom) in &files {
        let letter = Hex::new(top.q, 0).name(board.radius())[..1].to_string();
        labels.push((at(Hex::new(top.q, top.r - 1)), letter.clone()));
        labels.push((at(Hex::new(bottom.q, bottom.r + 1)), letter));
    }
    let cells = (0..board.len()).map(|i| at(board.cell(i)));
    let xs = cells.clone().map(|p| p.0).chain(labels.iter().map(|l| l.0.0));
    let ys = cells.map(|p| p.1).chain(labels.iter().map(|l| l.0.1));
    let (x0, y0) = (xs.clone().min().unwrap_or(0), ys.min().unwrap_or(0));
    let x1 = xs.max().unwrap_or(0);
    // Rank number, two blanks, then a column for the mark of the westernmost cell.
    let left = 5;
    let col = |x: i32| left + (x - x0) as usize * PITCH;
    let row = |y: i32| (y - y0) as usize;
    let mut grid = Grid::new();
    for ((x, y), letter) in &labels {
        grid.put(row(*y), col(*x), letter);
    }
    let right = col(x1) + 4;
    for rank in board.ranks() {
        let (_, y) = at(board.cell(rank.start));
        let number = &board.name(rank.start)[1..];
        grid.put(row(y), 0, &format!("{number:>2}"));
        for i in rank {
            let (x, _) = at(board.cell(i));
            grid.put_cell(row(y), col(x), &text(i), last.mark(i));
        }
        grid.put(row(y), right, number);
    }
    grid.render()
}

/// Reads a drawing of [`hex_board`] back as a reader would: every cell's name, found from
/// the rank number on its row and the file letter at both ends of its file, with its text
/// (mark included). Tests check the labels with it; a cell whose two letters disagree or
/// are missing is not read.
pub fn read_hex_board(drawing: &str) -> Vec<(String, String)> {
    let lines: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    let rank_of = |row: &[char]| row.iter().take(2).collect::<String>().trim().parse::<u32>().ok();
    // The board: its ranks and the rows of letters above and below them.
    let ranked: Vec<usize> = (0..lines.len()).filter(|&r| rank_of(&lines[r]).is_some()).collect();
    let (Some(&first), Some(&last)) = (ranked.first(), ranked.last()) else { return Vec::new() };
    let rows = &lines[first.saturating_sub(1)..(last + 2).min(lines.len())];
    let at = |r: isize, c: isize| -> char {
        if r < 0 || c < 0 {
            return ' ';
        }
        rows.get(r as usize).and_then(|row| row.get(c as usize)).copied().unwrap_or(' ')
    };
    // The last letter met walking from (r, c) a row and a half cell at a time.
    let letter = |r: usize, c: usize, dir: isize| -> Option<char> {
        let (mut r, mut c, mut found) = (r as isize, c as isize, None);
        while r >= 0 && (r as usize) < rows.len() && c >= 5 {
            r += dir;
            c += dir * PITCH as isize;
            if at(r, c).is_ascii_lowercase() {
                found = Some(at(r, c));
            }
        }
        found
    };
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let Some(rank) = rank_of(row) else { continue };
        let mut tokens = Vec::new();
        let mut c = 5;
        while c < row.len() {
            if row[c] == ' ' {
                c += 1;
                continue;
            }
            let start = c;
            while c < row.len() && row[c] != ' ' {
                c += 1;
            }
            tokens.push((start, row[start..c].iter().collect::<String>()));
        }
        // The last token is the rank number on the right margin.
        tokens.pop();
        for (start, token) in tokens {
            // The cell's text starts after its mark.
            let marked = [FROM, PATH, TO, OTHER].contains(&row[start]) && token.len() > 1;
            let c = if marked { start + 1 } else { start };
            if let (Some(a), Some(b)) = (letter(r, c, -1), letter(r, c, 1))
                && a == b
            {
                cells.push((format!("{a}{rank}"), token));
            }
        }
    }
    cells
}

/// The cells strictly between `from` and `to` when they lie on one line of `board` (a
/// straight slide), in order from `from`; empty otherwise.
pub fn hex_line_between(board: &HexBoard, from: usize, to: usize) -> Vec<usize> {
    let (a, b) = (board.cell(from), board.cell(to));
    let (dq, dr) = (b.q as i32 - a.q as i32, b.r as i32 - a.r as i32);
    let n = a.distance(b) as i32;
    let straight = dq == 0 || dr == 0 || dq == -dr;
    if !straight || n < 2 {
        return Vec::new();
    }
    (1..n)
        .filter_map(|k| board.index(Hex::new((a.q as i32 + dq / n * k) as i8, (a.r as i32 + dr / n * k) as i8)))
        .collect()
}

/// Asserts that reading `drawing` back ([`read_hex_board`]) names every cell of `board`
/// once, each with the text `expected` gives it: the check of the labels every hex game's
/// tests make.
#[cfg(test)]
pub(crate) fn assert_hex_labels(board: &HexBoard, drawing: &str, expected: impl Fn(usize) -> String) {
    let read = read_hex_board(drawing);
    let mut names: Vec<&str> = read.iter().map(|(name, _)| name.as_str()).collect();
    names.sort();
    let mut all: Vec<String> = (0..board.len()).map(|i| board.name(i)).collect();
    all.sort();
    assert_eq!(names, all, "the cells read back from\n{drawing}");
    for (name, token) in &read {
        let i = board.parse(name).unwrap();
        assert_eq!(*token, expected(i), "the text of {name} in\n{drawing}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_stand_left_of_the_cell_and_the_legend_names_those_in_use() {
        let last = LastMove::new(1, vec![2], 3);
        let mut grid = Grid::new();
        for cell in 0..5 {
            grid.put_cell(0, 1 + 2 * cell, &cell.to_string(), last.mark(cell));
        }
        assert_eq!(grid.render(), " 0+1~2*3 4\n");
        assert_eq!(last.legend(), "last move: +from ~path *to\n");
        assert_eq!(LastMove::default().legend(), "");
        assert_eq!(LastMove::default().mark(0), None);
    }

    #[test]
    fn hex_labels_name_every_cell() {
        let board = HexBoard::hexagon(2);
        let (a1, e3) = (board.parse("a1").unwrap(), board.parse("e3").unwrap());
        let last = LastMove::new(a1, Vec::new(), e3);
        let expected = |i: usize| match board.name(i).as_str() {
            "c3" => "o".to_string(),
            "a1" => "+.".to_string(),
            "e3" => "*.".to_string(),
            _ => ".".to_string(),
        };
        let text = hex_board(&board, &last, |i| if board.name(i) == "c3" { "o".into() } else { ".".into() });
        assert_hex_labels(&board, &text, expected);
        let radius1 = HexBoard::hexagon(1);
        let text = hex_board(&radius1, &LastMove::default(), |_| ".".into());
        let expected = [
            "       b   c",
            " 3   a   .   .       3",
            " 2     .   .   .     2",
            " 1       .   .   c   1",
            "           a   b",
        ];
        assert_eq!(text, expected.join("\n") + "\n");
    }

    #[test]
    fn a_line_between_is_the_hexes_slid_over() {
        let board = HexBoard::hexagon(2);
        let at = |name: &str| board.parse(name).unwrap();
        let names = |cells: Vec<usize>| cells.into_iter().map(|i| board.name(i)).collect::<Vec<_>>();
        assert_eq!(names(hex_line_between(&board, at("a1"), at("e5"))), ["b2", "c3", "d4"]);
        assert_eq!(names(hex_line_between(&board, at("c1"), at("c5"))), ["c2", "c3", "c4"]);
        assert!(hex_line_between(&board, at("a1"), at("b2")).is_empty());
        assert!(hex_line_between(&board, at("a1"), at("c2")).is_empty());
    }
}
