//! E: the radius-6 hexagon as hexes; each seat's home sector tinted with its colour, a goal
//! sector that is no one's home lighter with the colour of the seat racing to it, the
//! border rays and the centre grey. A stack shows every pyramid from the bottom (lowest in
//! the cell) to the top as triangles whose width tells the size (small, medium, large); a
//! foreign-trapped piece (under another seat's piece that covers it) has a dashed black
//! outline and the class `trapped`. The last move's path runs through the cells its
//! unit landed on ([`E::movement_path`]).

use std::collections::BTreeMap;

use tabula_rules::games::e::{CELLS, E, EMove, Slot, TABLES, Zone};
use tabula_rules::{Game, Seat};

use crate::canvas::{Canvas, Layer, Pt, caption, hex_centre, hexagon};
use crate::svg::{Element, points};
use crate::{Marks, Picture, seat_colour};

/// Hex corners: circumradius a little under 1/√3, so that neighbours show a gap.
const HEX: f64 = 0.55;

fn centre(c: usize) -> Pt {
    let h = TABLES.hex.cell(c);
    hex_centre(h.q, h.r)
}

fn named(c: usize) -> (String, Pt) {
    (TABLES.hex.name(c), centre(c))
}

/// The size names used in piece classes.
pub const SIZES: [&str; 3] = ["small", "medium", "large"];

impl Picture for E {
    fn svg(&self, marks: &Marks<EMove>) -> String {
        let mut c = Canvas::new(0.5);
        let seats = self.seats();
        let mut home = [None; 6];
        let mut goal = [None; 6];
        for s in 0..seats {
            home[self.home_sector(Seat(s as u8)) as usize] = Some(s);
            goal[self.goal_sector(Seat(s as u8)) as usize] = Some(s);
        }
        for cell in 0..CELLS {
            let p = centre(cell);
            c.include(p, 0.6);
            let (fill, opacity, class) = match TABLES.zone[cell] {
                Zone::Centre => ("#999999", 0.6, "cell centre".to_string()),
                Zone::Ray(_) => ("#bbbbbb", 0.5, "cell ray".to_string()),
                Zone::Sector(k) => match (home[k as usize], goal[k as usize]) {
                    (Some(s), _) => (seat_colour(s), 0.3, format!("cell sector home seat-{s}")),
                    (None, Some(s)) => (seat_colour(s), 0.14, format!("cell sector goal seat-{s}")),
                    (None, None) => ("#dddddd", 0.5, "cell sector".to_string()),
                },
            };
            c.add(
                Layer::Board,
                Element::new("polygon")
                    .attr("class", class)
                    .attr("data-cell", TABLES.hex.name(cell))
                    .attr("points", points(&hexagon(p, HEX)))
                    .attr("fill", fill)
                    .attr("fill-opacity", opacity)
                    .attr("stroke", "#888")
                    .attr("stroke-width", 0.03),
            );
        }
        c.hex_labels(&TABLES.hex);
        // (covered, foreign-trapped) of every piece by its slot.
        let mut state: BTreeMap<(u8, u8), (bool, bool)> = BTreeMap::new();
        for s in 0..seats {
            for (slot, _, covered, trapped) in self.pieces(Seat(s as u8)) {
                state.insert((slot.cell, slot.level), (covered, trapped));
            }
        }
        for cell in 0..CELLS {
            let stack = self.stack(cell);
            if stack.is_empty() {
                continue;
            }
            let p = centre(cell);
            let heights: Vec<f64> = stack.iter().map(|piece| 0.2 + 0.1 * piece.size as f64).collect();
            let total: f64 = heights.iter().sum();
            // The hex is 1.1 high: a stack takes up to 0.9 of it, so that a piece covered
            // by a larger one still shows whole below it.
            let scale = (0.9 / total).min(1.0);
            let mut base = p.1 + total * scale / 2.0;
            for (k, (piece, h)) in stack.iter().zip(&heights).enumerate() {
                let h = h * scale;
                let half = 0.1 + 0.1 * piece.size as f64;
                let s = piece.seat.index();
                let (covered, trapped) = state.get(&(cell as u8, k as u8 + 1)).copied().unwrap_or_default();
                let mut class = format!("piece seat-{s} {}", SIZES[piece.size as usize - 1]);
                if trapped {
                    class.push_str(" trapped");
                } else if covered {
                    class.push_str(" covered");
                }
                let mut e = Element::new("polygon")
                    .attr("class", class)
                    .attr("data-cell", TABLES.hex.name(cell))
                    .attr("data-level", (k + 1).to_string())
                    .attr("points", points(&[(p.0 - half, base), (p.0 + half, base), (p.0, base - h)]))
                    .attr("fill", seat_colour(s))
                    .attr("stroke", "#111")
                    .attr("stroke-linejoin", "round");
                // Trapped: a dashed outline thin enough to leave the piece's colour seen.
                e = if trapped {
                    e.attr("stroke-width", 0.045).attr("stroke-dasharray", "0.06 0.04")
                } else {
                    e.attr("stroke-width", 0.03)
                };
                c.add(Layer::Pieces, e);
                base -= h;
            }
            if stack.len() > 3 {
                c.stack_height(p, stack.len(), (0.32, 0.4), 0.34);
            }
        }
        if let Some(mv) = marks.last.filter(|m| !m.is_pass()) {
            let (from, to) = if mv.has_movement() {
                (Some(named(mv.from.cell as usize)), Some(named(mv.to as usize)))
            } else {
                (None, None)
            };
            let between: Vec<Pt> = self.movement_path(mv).into_iter().map(centre).collect();
            c.last_move(from, &between, to, 0.5);
            if mv.has_exchange() {
                for slot in [mv.guard, mv.other] {
                    exchange_mark(&mut c, slot);
                }
            }
        }
        let moves: Vec<&EMove> = marks.arrows.iter().filter(|m| m.has_movement()).collect();
        for (n, mv) in moves.iter().enumerate() {
            c.arrow(named(mv.from.cell as usize), named(mv.to as usize), n + 1, moves.len() > 1);
        }
        c.finish("E", &caption(self, ""))
    }
}

/// A guard of an exchange: a dotted ring on its cell.
fn exchange_mark(c: &mut Canvas, slot: Slot) {
    c.ring("last exchange", named(slot.cell as usize), 0.42, ("#222", 0.06), Some("0.04 0.08".into()));
}
