//! Icelights: the 8×8 grid turned 45° (a1 at the bottom point, h8 at the top), each square
//! a diamond. A Tower is a square block, a Beamer a disc with a barrel toward its facing,
//! an Icelight a triangle whose point is its facing. The beams are the rules' own trace
//! ([`Icelights::beams`]): one `beam` line per straight leg from the Beamer, turned by
//! Icelights and stopped where the rules stop them (run to the edge when they leave the
//! board); a hit Tower gets a `hit` ring.

use tabula_rules::games::icelights::board::name;
use tabula_rules::games::icelights::{BeamEnd, Dir, Icelights, IlMove, Kind};

use crate::canvas::{Canvas, Layer, Pt, caption};
use crate::svg::{Element, points};
use crate::{Marks, Picture, seat_colour};

/// The centre of grid square `(x, y)`: x runs up-right, y up-left; neighbours share an
/// edge of the diamonds, whose half-diagonals are 1.
fn at(x: f64, y: f64) -> Pt {
    (x - y, 14.0 - x - y)
}

fn centre(sq: u8) -> Pt {
    at((sq % 8) as f64, (sq / 8) as f64)
}

fn named(sq: u8) -> (String, Pt) {
    (name(sq), centre(sq))
}

/// The unit vector of a grid direction on the picture.
fn screen(d: Dir) -> Pt {
    let k = std::f64::consts::FRAC_1_SQRT_2;
    match d {
        Dir::N => (-k, -k),
        Dir::E => (k, -k),
        Dir::S => (k, k),
        Dir::W => (-k, k),
    }
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Tower => "tower",
        Kind::Beamer => "beamer",
        Kind::Icelight => "icelight",
    }
}

impl Picture for Icelights {
    fn svg(&self, marks: &Marks<IlMove>) -> String {
        let mut c = Canvas::new(0.55);
        for sq in 0..64u8 {
            let p = centre(sq);
            c.include(p, 1.0);
            let dark = (sq % 8 + sq / 8) % 2 == 0;
            c.add(
                Layer::Board,
                Element::new("polygon")
                    .attr("class", "cell")
                    .attr("data-cell", name(sq))
                    .attr("points", points(&[(p.0, p.1 - 1.0), (p.0 + 1.0, p.1), (p.0, p.1 + 1.0), (p.0 - 1.0, p.1)]))
                    .attr("fill", if dark { "#c9d6df" } else { "#e9f0f4" })
                    .attr("stroke", "#8aa")
                    .attr("stroke-width", 0.03),
            );
        }
        for i in 0..8u8 {
            // Files along the lower right edge, ranks along the lower left, as the text drawing.
            c.label(at(i as f64, -0.8), &((b'a' + i) as char).to_string(), true);
            c.label(at(-0.8, i as f64), &(i + 1).to_string(), false);
        }
        let beams = self.beams();
        for beam in beams.beams() {
            let mut a = centre(beam.beamer);
            let legs = beam.legs();
            for (k, leg) in legs.iter().enumerate() {
                let mut b = centre(leg.to);
                if k + 1 == legs.len() && beam.end == BeamEnd::OffBoard {
                    let v = screen(leg.dir);
                    let k = std::f64::consts::SQRT_2 / 2.0;
                    b = (b.0 + v.0 * k, b.1 + v.1 * k);
                }
                c.add(
                    Layer::Beams,
                    Element::new("line")
                        .attr("class", "beam")
                        .attr("data-beamer", name(beam.beamer))
                        .attr("x1", a.0)
                        .attr("y1", a.1)
                        .attr("x2", b.0)
                        .attr("y2", b.1)
                        .attr("stroke", "#ffb000")
                        .attr("stroke-opacity", 0.9)
                        .attr("stroke-width", 0.16)
                        .attr("stroke-linecap", "round"),
                );
                a = b;
            }
            if beam.end == BeamEnd::Tower {
                c.ring("hit", named(beam.end_square), 0.62, ("#ff0000", 0.14), None);
            }
        }
        for (sq, piece) in self.piece_list() {
            let p = centre(sq);
            let s = piece.seat.index();
            let class = format!("piece seat-{s} {}", kind_name(piece.kind));
            let e = match (piece.kind, piece.facing) {
                (Kind::Tower, _) | (_, None) => Element::new("rect")
                    .attr("x", p.0 - 0.36)
                    .attr("y", p.1 - 0.36)
                    .attr("width", 0.72)
                    .attr("height", 0.72)
                    .attr("rx", 0.08),
                (Kind::Beamer, Some(d)) => {
                    let v = screen(d);
                    Element::new("path").attr(
                        "d",
                        format!(
                            "M{} {} A0.34 0.34 0 1 1 {} {} A0.34 0.34 0 1 1 {} {} Z M{} {} L{} {}",
                            crate::svg::num(p.0 - 0.34),
                            crate::svg::num(p.1),
                            crate::svg::num(p.0 + 0.34),
                            crate::svg::num(p.1),
                            crate::svg::num(p.0 - 0.34),
                            crate::svg::num(p.1),
                            crate::svg::num(p.0),
                            crate::svg::num(p.1),
                            crate::svg::num(p.0 + v.0 * 0.7),
                            crate::svg::num(p.1 + v.1 * 0.7)
                        ),
                    )
                }
                (Kind::Icelight, Some(d)) => {
                    let (v, n) = (screen(d), screen(Dir::from_index(d as u8 + 1)));
                    Element::new("polygon").attr(
                        "points",
                        points(&[
                            (p.0 + v.0 * 0.6, p.1 + v.1 * 0.6),
                            (p.0 - v.0 * 0.35 + n.0 * 0.4, p.1 - v.1 * 0.35 + n.1 * 0.4),
                            (p.0 - v.0 * 0.35 - n.0 * 0.4, p.1 - v.1 * 0.35 - n.1 * 0.4),
                        ]),
                    )
                }
            };
            let mut e = e.attr("class", class).attr("data-cell", name(sq));
            if let Some(d) = piece.facing {
                e = e.attr("data-facing", d.letter().to_string());
            }
            let e = e
                .attr("fill", seat_colour(s))
                .attr("stroke", "#111")
                .attr("stroke-width", if piece.kind == Kind::Beamer { 0.1 } else { 0.04 })
                .attr("stroke-linejoin", "round");
            c.add(Layer::Pieces, e);
        }
        if let Some(mv) = marks.last.filter(|m| !m.is_pass()) {
            if mv.has_move() {
                c.last_move(Some(named(mv.from)), &[], Some(named(mv.to)), 0.62);
            }
            if mv.has_turn() {
                c.ring("last turn", named(mv.turn), 0.72, ("#222", 0.06), Some("0.05 0.1".into()));
            }
        }
        let moves: Vec<&IlMove> = marks.arrows.iter().filter(|m| m.has_move()).collect();
        for (n, mv) in moves.iter().enumerate() {
            c.arrow(named(mv.from), named(mv.to), n + 1, moves.len() > 1);
        }
        c.finish("Icelights", &caption(self, ""))
    }
}
