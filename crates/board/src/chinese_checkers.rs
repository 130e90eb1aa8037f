//! Chinese Checkers: the 121-hole star as holes, the camps tinted with the colour of the
//! seat that starts there (a camp that is only a target gets a lighter tint of the seat
//! that races to it), pegs in seat colours. The last move's hop chain is found again
//! from the position after it.

use tabula_rules::Seat;
use tabula_rules::games::chinese_checkers::{CcMove, ChineseCheckers, HOLES, STAR};
use tabula_rules::geometry::bits::{BitIter, has};

use crate::canvas::{Canvas, Layer, Pt, caption, hex_centre};
use crate::svg::Element;
use crate::{Marks, Picture, seat_colour};

const HOLE: f64 = 0.36;
const PEG: f64 = 0.3;

fn centre(i: usize) -> Pt {
    let h = STAR.board.cell(i);
    hex_centre(h.q, h.r)
}

fn named(i: usize) -> (String, Pt) {
    (STAR.board.name(i), centre(i))
}

/// The holes a peg went through from `from` to `to` (both excluded) by a hop chain, read
/// from the position after the move: [`ChineseCheckers::hop_chain`]. Empty for a step or
/// where no chain exists (a swap).
pub fn hop_chain(game: &ChineseCheckers, mv: CcMove) -> Vec<usize> {
    game.hop_chain(mv)
}

impl Picture for ChineseCheckers {
    fn svg(&self, marks: &Marks<CcMove>) -> String {
        let board = &STAR.board;
        let mut c = Canvas::new(0.55);
        let seats = tabula_rules::Game::seats(self);
        // The seat at home in each camp, and the seat whose target it is.
        let mut home = [None; 6];
        let mut target = [None; 6];
        for s in 0..seats {
            let camp = self.camp(Seat(s as u8));
            home[camp as usize] = Some(s);
            target[(camp as usize + 3) % 6] = Some(s);
        }
        for i in 0..HOLES {
            let p = centre(i);
            c.include(p, 0.5);
            let camp = (0..6).find(|&k| has(STAR.camp(k as u8), i));
            let (fill, opacity, class) = match camp {
                Some(k) => match (home[k], target[k]) {
                    (Some(s), _) => (seat_colour(s), 0.35, format!("cell camp seat-{s}")),
                    (None, Some(s)) => (seat_colour(s), 0.18, format!("cell goal seat-{s}")),
                    (None, None) => ("#cccccc", 0.5, "cell camp".to_string()),
                },
                None => ("#cccccc", 0.5, "cell".to_string()),
            };
            c.add(
                Layer::Board,
                Element::new("circle")
                    .attr("class", class)
                    .attr("data-cell", board.name(i))
                    .attr("cx", p.0)
                    .attr("cy", p.1)
                    .attr("r", HOLE)
                    .attr("fill", fill)
                    .attr("fill-opacity", opacity)
                    .attr("stroke", "#777")
                    .attr("stroke-width", 0.03),
            );
        }
        c.hex_labels(&STAR.board);
        for s in 0..seats {
            for i in BitIter(self.pegs(Seat(s as u8))) {
                let p = centre(i);
                c.add(
                    Layer::Pieces,
                    Element::new("circle")
                        .attr("class", format!("piece seat-{s} peg"))
                        .attr("data-cell", board.name(i))
                        .attr("cx", p.0)
                        .attr("cy", p.1)
                        .attr("r", PEG)
                        .attr("fill", seat_colour(s))
                        .attr("stroke", "#222")
                        .attr("stroke-width", 0.04),
                );
            }
        }
        if let Some(mv) = marks.last.filter(|m| !m.is_pass()) {
            let between: Vec<Pt> = hop_chain(self, mv).into_iter().map(centre).collect();
            c.last_move(Some(named(mv.from as usize)), &between, Some(named(mv.to as usize)), 0.44);
        }
        let moves: Vec<&CcMove> = marks.arrows.iter().filter(|m| !m.is_pass()).collect();
        for (n, mv) in moves.iter().enumerate() {
            c.arrow(named(mv.from as usize), named(mv.to as usize), n + 1, moves.len() > 1);
        }
        c.finish("Chinese Checkers", &caption(self, ""))
    }
}
