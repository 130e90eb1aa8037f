//! Gentleman's Echelon: the hex-hex board as hexes, dead hexes dark and crossed, every
//! counter of a stack drawn as a disc, the bottom one lowest, in its seat's colour (red is
//! seat 0, blue seat 1, as the palette has them).

use tabula_rules::games::echelon::{Echelon, EgMove};
use tabula_rules::geometry::bits::has;

use crate::canvas::{Canvas, Layer, Pt, caption, hex_centre, hexagon};
use crate::svg::{Element, points};
use crate::{Marks, Picture, seat_colour};

const HEX: f64 = 0.55;

impl Picture for Echelon {
    fn svg(&self, marks: &Marks<EgMove>) -> String {
        let board = &self.board().hex;
        let centre = |i: usize| -> Pt {
            let h = board.cell(i);
            hex_centre(h.q, h.r)
        };
        let named = |i: usize| (board.name(i), centre(i));
        let mut c = Canvas::new(0.5);
        for i in 0..board.len() {
            let p = centre(i);
            c.include(p, 0.6);
            let dead = has(self.dead(), i);
            c.add(
                Layer::Board,
                Element::new("polygon")
                    .attr("class", if dead { "cell dead" } else { "cell" })
                    .attr("data-cell", board.name(i))
                    .attr("points", points(&hexagon(p, HEX)))
                    .attr("fill", if dead { "#555555" } else { "#e8e2d0" })
                    .attr("stroke", "#888")
                    .attr("stroke-width", 0.03),
            );
            if dead {
                let d = 0.2;
                c.add(
                    Layer::Features,
                    Element::new("path")
                        .attr("class", "dead-cross")
                        .attr(
                            "d",
                            format!(
                                "M{} {} L{} {} M{} {} L{} {}",
                                crate::svg::num(p.0 - d),
                                crate::svg::num(p.1 - d),
                                crate::svg::num(p.0 + d),
                                crate::svg::num(p.1 + d),
                                crate::svg::num(p.0 - d),
                                crate::svg::num(p.1 + d),
                                crate::svg::num(p.0 + d),
                                crate::svg::num(p.1 - d)
                            ),
                        )
                        .attr("stroke", "#bbb")
                        .attr("stroke-width", 0.06),
                );
            }
        }
        c.hex_labels(board);
        for i in 0..board.len() {
            let stack = self.stack(i);
            if stack.is_empty() {
                continue;
            }
            let p = centre(i);
            let step = (0.7 / stack.len() as f64).min(0.16);
            let mut y = p.1 + step * (stack.len() as f64 - 1.0) / 2.0;
            for (k, seat) in stack.iter().enumerate() {
                let s = seat.index();
                c.add(
                    Layer::Pieces,
                    Element::new("ellipse")
                        .attr("class", format!("piece seat-{s} counter"))
                        .attr("data-cell", board.name(i))
                        .attr("data-level", (k + 1).to_string())
                        .attr("cx", p.0)
                        .attr("cy", y)
                        .attr("rx", 0.36)
                        .attr("ry", 0.14)
                        .attr("fill", seat_colour(s))
                        .attr("stroke", "#111")
                        .attr("stroke-width", 0.03),
                );
                y -= step;
            }
            if stack.len() > 1 {
                c.stack_height(p, stack.len(), (0.34, 0.36), 0.38);
            }
        }
        if let Some(mv) = marks.last {
            c.last_move(Some(named(mv.from as usize)), &[], Some(named(mv.to as usize)), 0.5);
        }
        for (n, mv) in marks.arrows.iter().enumerate() {
            c.arrow(named(mv.from as usize), named(mv.to as usize), n + 1, marks.arrows.len() > 1);
        }
        let counters = format!(
            "counters red {} blue {}",
            self.counters(tabula_rules::games::echelon::RED),
            self.counters(tabula_rules::games::echelon::BLUE)
        );
        c.finish("Gentleman's Echelon", &caption(self, &counters))
    }
}
