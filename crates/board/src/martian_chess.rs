//! Martian Chess and Coaster Chess (one type, [`Mc`]): square boards as squares, each
//! seat's zone tinted with its colour and the canals between zones drawn as thick blue
//! lines. Pieces have no colour of their own in these games: a piece is drawn in the colour
//! of the zone it stands in (its owner), as a pyramid whose size is its pips (pawn, drone,
//! queen). On Coaster boards each square shows its printed arrows as small wedges at the
//! edges they point across. The last move's path is the squares it passed ([`Mc::path`]):
//! a ride along the arrows on Coaster boards, the straight line on Martian ones.

use tabula_rules::Seat;
use tabula_rules::games::martian_chess::board::{AE, AN, AS, AW};
use tabula_rules::games::martian_chess::{Mc, McMove, Topology, Variant};

use crate::canvas::{Canvas, Layer, Pt, caption};
use crate::svg::{Element, points};
use crate::{Marks, Picture, seat_colour};

/// The piece names used in classes, by pips.
pub const KINDS: [&str; 3] = ["pawn", "drone", "queen"];

impl<V: Variant> Picture for Mc<V> {
    fn svg(&self, marks: &Marks<McMove>) -> String {
        let t = self.topology();
        let (w, h) = (t.width as f64, t.height as f64);
        // The centre of square i: rank 1 at the bottom, unit squares.
        let centre = |i: usize| -> Pt { ((i % 8) as f64 + 0.5, h - (i / 8) as f64 - 0.5) };
        let named = |i: usize| (Topology::name(i), centre(i));
        let mut c = Canvas::new(0.03 * (w + 1.5));
        for i in (0..64).filter(|&i| t.cells >> i & 1 != 0) {
            let p = centre(i);
            c.include(p, 0.5);
            let zone = t.zone_of[i] as usize;
            let dark = (i % 8 + i / 8) % 2 == 0;
            c.add(
                Layer::Board,
                Element::new("rect")
                    .attr("class", format!("cell zone seat-{zone}"))
                    .attr("data-cell", Topology::name(i))
                    .attr("x", p.0 - 0.5)
                    .attr("y", p.1 - 0.5)
                    .attr("width", 1.0)
                    .attr("height", 1.0)
                    .attr("fill", seat_colour(zone))
                    .attr("fill-opacity", if dark { 0.3 } else { 0.18 })
                    .attr("stroke", "#999")
                    .attr("stroke-width", 0.01),
            );
            // The canal: the east and north edges that part two zones.
            for (dx, dy, edge) in [(1i32, 0i32, ((0.5, -0.5), (0.5, 0.5))), (0, 1, ((-0.5, -0.5), (0.5, -0.5)))] {
                let (x, y) = ((i % 8) as i32 + dx, (i / 8) as i32 + dy);
                if x >= t.width as i32 || y >= t.height as i32 || t.zone_of[(8 * y + x) as usize] as usize == zone {
                    continue;
                }
                let ((ax, ay), (bx, by)) = edge;
                c.add(
                    Layer::Features,
                    Element::new("line")
                        .attr("class", "canal")
                        .attr("x1", p.0 + ax)
                        .attr("y1", p.1 + ay)
                        .attr("x2", p.0 + bx)
                        .attr("y2", p.1 + by)
                        .attr("stroke", "#2b6cb0")
                        .attr("stroke-width", 0.08)
                        .attr("stroke-linecap", "round"),
                );
            }
            let arrows = t.arrows[i];
            for (bit, v) in [(AN, (0.0, -1.0)), (AE, (1.0, 0.0)), (AS, (0.0, 1.0)), (AW, (-1.0, 0.0))] {
                if arrows & bit == 0 {
                    continue;
                }
                // A wedge near the edge the arrow points across.
                let (tip, back, side) = (0.44, 0.32, 0.07);
                let n = (-v.1, v.0);
                c.add(
                    Layer::Features,
                    Element::new("polygon")
                        .attr("class", "coaster-arrow")
                        .attr(
                            "points",
                            points(&[
                                (p.0 + v.0 * tip, p.1 + v.1 * tip),
                                (p.0 + v.0 * back + n.0 * side, p.1 + v.1 * back + n.1 * side),
                                (p.0 + v.0 * back - n.0 * side, p.1 + v.1 * back - n.1 * side),
                            ]),
                        )
                        .attr("fill", "#444"),
                );
            }
        }
        for x in 0..t.width {
            c.label((x as f64 + 0.5, h + 0.35), &((b'a' + x) as char).to_string(), true);
        }
        for y in 0..t.height {
            c.label((-0.35, h - y as f64 - 0.5), &(y + 1).to_string(), false);
        }
        for i in (0..64).filter(|&i| self.occupied() >> i & 1 != 0) {
            let p = centre(i);
            let pips = self.size_at(i) as usize;
            let seat = t.zone_of[i] as usize;
            let half = 0.12 + 0.07 * pips as f64;
            let top = 0.2 + 0.1 * pips as f64;
            let base = p.1 + 0.3;
            c.add(
                Layer::Pieces,
                Element::new("polygon")
                    .attr("class", format!("piece seat-{seat} {}", KINDS[pips - 1]))
                    .attr("data-cell", Topology::name(i))
                    .attr("points", points(&[(p.0 - half, base), (p.0 + half, base), (p.0, base - top * 1.3)]))
                    .attr("fill", seat_colour(seat))
                    .attr("stroke", "#111")
                    .attr("stroke-width", 0.03)
                    .attr("stroke-linejoin", "round"),
            );
        }
        if let Some(mv) = marks.last.filter(|m| !m.is_pass()) {
            let between: Vec<Pt> = self.path(mv).into_iter().map(centre).collect();
            c.last_move(Some(named(mv.from as usize)), &between, Some(named(mv.to as usize)), 0.42);
        }
        let moves: Vec<&McMove> = marks.arrows.iter().filter(|m| !m.is_pass()).collect();
        for (n, mv) in moves.iter().enumerate() {
            c.arrow(named(mv.from as usize), named(mv.to as usize), n + 1, moves.len() > 1);
        }
        let seats = tabula_rules::Game::seats(self);
        let points: Vec<String> = (0..seats).map(|s| self.points(Seat(s as u8)).to_string()).collect();
        let title = if V::COASTER { "Coaster Chess" } else { "Martian Chess" };
        c.finish(title, &caption(self, &format!("points {}", points.join("-"))))
    }
}
