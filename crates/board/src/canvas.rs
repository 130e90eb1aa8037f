//! What every picture shares: layers drawn in order, the bounds that make the `viewBox`,
//! margin labels, last-move marks, arrows and the caption.

use tabula_rules::geometry::hex::HexBoard;

use crate::svg::{Element, points};

/// A point in the picture's own units.
pub type Pt = (f64, f64);

/// The layers, drawn in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// Cells, holes, squares, and their tints.
    Board = 0,
    /// Marks on the board itself (Coaster arrows, the canal, dead hexes).
    Features,
    /// File and rank labels.
    Labels,
    /// Beams (under the pieces, so that pieces stay readable).
    Beams,
    /// Pieces.
    Pieces,
    /// Last-move marks and hit marks.
    Marks,
    /// Hint arrows.
    Arrows,
}

const LAYERS: usize = 7;

/// The picture being drawn.
pub struct Canvas {
    layers: [Vec<Element>; LAYERS],
    min: Pt,
    max: Pt,
    /// Font size of labels, in picture units.
    pub font: f64,
    /// Line width for marks, in picture units.
    pub stroke: f64,
}

impl Canvas {
    /// An empty picture whose labels are `font` units high.
    pub fn new(font: f64) -> Self {
        Canvas {
            layers: Default::default(),
            min: (f64::MAX, f64::MAX),
            max: (f64::MIN, f64::MIN),
            font,
            stroke: font / 5.0,
        }
    }

    /// Makes the bounds hold the disc of radius `r` about `p`.
    pub fn include(&mut self, p: Pt, r: f64) {
        self.min = (self.min.0.min(p.0 - r), self.min.1.min(p.1 - r));
        self.max = (self.max.0.max(p.0 + r), self.max.1.max(p.1 + r));
    }

    /// Adds an element to a layer.
    pub fn add(&mut self, layer: Layer, e: Element) {
        self.layers[layer as usize].push(e);
    }

    /// A margin label centred on `p`: a file letter or a rank number.
    pub fn label(&mut self, p: Pt, text: &str, file: bool) {
        self.include(p, self.font);
        let class = if file { "label file" } else { "label rank" };
        self.add(
            Layer::Labels,
            Element::new("text")
                .attr("class", class)
                .attr("x", p.0)
                .attr("y", p.1 + self.font * 0.35)
                .attr("font-size", self.font)
                .attr("text-anchor", "middle")
                .text(text),
        );
    }

    /// File letters under the lowest cell of each file of a hex board (one step
    /// south-east of it, where no cell is) and rank numbers left of each rank's first cell.
    pub fn hex_labels(&mut self, board: &HexBoard) {
        let side = 2 * board.radius() as usize + 1;
        let mut lowest: Vec<Option<usize>> = vec![None; side];
        for i in 0..board.len() {
            let h = board.cell(i);
            let f = (h.q + board.radius()) as usize;
            if lowest[f].is_none_or(|j| board.cell(j).r < h.r) {
                lowest[f] = Some(i);
            }
        }
        let mut taken = Vec::new();
        for i in lowest.into_iter().flatten() {
            let h = board.cell(i);
            taken.push((h.q, h.r + 1));
            self.label(hex_centre(h.q, h.r + 1), &board.name(i)[..1], true);
        }
        for rank in board.ranks() {
            let h = board.cell(rank.start);
            // One more step west where a file label already stands (the star's notches).
            let mut q = h.q - 1;
            while taken.contains(&(q, h.r)) {
                q -= 1;
            }
            self.label(hex_centre(q, h.r), &board.name(rank.start)[1..], false);
        }
    }

    /// Marks the last move: a dashed ring of radius `r` on its from cell, a line along its
    /// path (from, the cells between, to) and a solid ring on its to cell.
    pub fn last_move(&mut self, from: Option<(String, Pt)>, between: &[Pt], to: Option<(String, Pt)>, r: f64) {
        let w = self.stroke;
        if let (Some((_, a)), Some((_, b))) = (&from, &to) {
            let mut pts = vec![*a];
            pts.extend_from_slice(between);
            pts.push(*b);
            self.add(
                Layer::Marks,
                Element::new("polyline")
                    .attr("class", "last path")
                    .attr("points", points(&pts))
                    .attr("fill", "none")
                    .attr("stroke", "#222")
                    .attr("stroke-opacity", 0.55)
                    .attr("stroke-width", w * 1.5)
                    .attr("stroke-linejoin", "round")
                    .attr("stroke-linecap", "round"),
            );
        }
        for (cell, class, dash) in [(from, "last from", true), (to, "last to", false)] {
            let Some((name, p)) = cell else { continue };
            let dash = dash.then(|| format!("{:.2} {:.2}", w * 2.0, w * 1.5));
            self.ring(class, (name, p), r, ("#222", w * 1.5), dash);
        }
    }

    /// An unfilled circle of radius `r` on the marks layer about a named cell, with its
    /// class, its stroke colour and width, and a dash pattern if any.
    pub fn ring(&mut self, class: &str, cell: (String, Pt), r: f64, stroke: (&str, f64), dash: Option<String>) {
        let (name, p) = cell;
        let mut ring = Element::new("circle")
            .attr("class", class)
            .attr("data-cell", name)
            .attr("cx", p.0)
            .attr("cy", p.1)
            .attr("r", r)
            .attr("fill", "none")
            .attr("stroke", stroke.0)
            .attr("stroke-width", stroke.1);
        if let Some(dash) = dash {
            ring = ring.attr("stroke-dasharray", dash);
        }
        self.add(Layer::Marks, ring);
    }

    /// The height of a stack of `n`, written at `offset` from its cell's centre `p` on the
    /// pieces layer, bold with a white halo so that it reads over pieces and cells.
    pub fn stack_height(&mut self, p: Pt, n: usize, offset: Pt, size: f64) {
        self.add(
            Layer::Pieces,
            Element::new("text")
                .attr("class", "height")
                .attr("x", p.0 + offset.0)
                .attr("y", p.1 + offset.1)
                .attr("font-size", size)
                .attr("font-weight", "bold")
                .attr("text-anchor", "middle")
                .attr("stroke", "#fff")
                .attr("stroke-width", size * 0.25)
                .attr("paint-order", "stroke")
                .text(n.to_string()),
        );
    }

    /// A hint arrow from `a` to `b`, numbered `n` (from 1) when `numbered`.
    pub fn arrow(&mut self, a: (String, Pt), b: (String, Pt), n: usize, numbered: bool) {
        let ((fa, pa), (fb, pb)) = (a, b);
        let w = self.stroke * 2.0;
        // Stop short of the centre so that the head does not hide the piece there.
        let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let cut = (self.font * 0.6).min(len / 3.0);
        let end = (pb.0 - dx / len * cut, pb.1 - dy / len * cut);
        let mut g = Element::new("g").attr("class", "arrow").attr("data-from", fa).attr("data-to", fb).child(
            Element::new("line")
                .attr("x1", pa.0)
                .attr("y1", pa.1)
                .attr("x2", end.0)
                .attr("y2", end.1)
                .attr("stroke", "#2a7a2a")
                .attr("stroke-opacity", 0.8)
                .attr("stroke-width", w)
                .attr("stroke-linecap", "round")
                .attr("marker-end", "url(#head)"),
        );
        if numbered {
            let mid = ((pa.0 + end.0) / 2.0, (pa.1 + end.1) / 2.0);
            g.push(
                Element::new("text")
                    .attr("x", mid.0)
                    .attr("y", mid.1 + self.font * 0.3)
                    .attr("font-size", self.font * 0.9)
                    .attr("text-anchor", "middle")
                    .attr("fill", "#0b3d0b")
                    .attr("stroke", "#fff")
                    .attr("stroke-width", w * 0.6)
                    .attr("paint-order", "stroke")
                    .text(n.to_string()),
            );
        }
        self.add(Layer::Arrows, g);
    }

    /// The SVG document: a white background, the layers in order and `caption` under the
    /// board; 400 pixels wide. A caption wider than the board is broken into lines at its
    /// ` · ` separators, so that it never makes the picture wider (and the board smaller).
    pub fn finish(mut self, title: &str, caption: &str) -> String {
        let pad = self.font * 0.6;
        let caption_y = self.max.1 + self.font * 1.4;
        let lines = caption_lines(caption, (self.max.0 - self.min.0) / (self.font * 0.6));
        let line_gap = self.font * 1.25;
        let last_y = caption_y + line_gap * (lines.len().max(1) - 1) as f64;
        self.include((self.min.0, last_y), self.font * 0.5);
        // Room for the caption: about 0.6 of the font size a character.
        let widest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let caption_end = self.min.0 + widest as f64 * self.font * 0.6;
        self.include((caption_end, caption_y), 0.0);
        let (x0, y0) = (self.min.0 - pad, self.min.1 - pad);
        let (w, h) = (self.max.0 - self.min.0 + 2.0 * pad, self.max.1 - self.min.1 + 2.0 * pad);
        let width = 400.0;
        let mut svg = Element::new("svg")
            .attr("xmlns", "http://www.w3.org/2000/svg")
            .attr(
                "viewBox",
                format!(
                    "{} {} {} {}",
                    crate::svg::num(x0),
                    crate::svg::num(y0),
                    crate::svg::num(w),
                    crate::svg::num(h)
                ),
            )
            .attr("width", width)
            .attr("height", width * h / w)
            .attr("font-family", "DejaVu Sans, Verdana, sans-serif")
            .child(Element::new("title").text(title))
            .child(
                Element::new("defs").child(
                    Element::new("marker")
                        .attr("id", "head")
                        .attr("viewBox", "0 0 10 10")
                        .attr("refX", 5.0)
                        .attr("refY", 5.0)
                        .attr("markerWidth", 3.0)
                        .attr("markerHeight", 3.0)
                        .attr("orient", "auto")
                        .child(Element::new("path").attr("d", "M0,0 L10,5 L0,10 z").attr("fill", "#2a7a2a")),
                ),
            )
            .child(
                Element::new("rect")
                    .attr("class", "background")
                    .attr("x", x0)
                    .attr("y", y0)
                    .attr("width", w)
                    .attr("height", h)
                    .attr("fill", "#ffffff"),
            );
        let names = ["board", "features", "labels", "beams", "pieces", "marks", "arrows"];
        for (layer, name) in self.layers.into_iter().zip(names) {
            if layer.is_empty() {
                continue;
            }
            let mut g = Element::new("g").attr("class", format!("layer-{name}"));
            for e in layer {
                g.push(e);
            }
            svg.push(g);
        }
        for (k, line) in lines.iter().enumerate() {
            svg.push(
                Element::new("text")
                    .attr("class", "caption")
                    .attr("x", self.min.0 + pad * 0.2)
                    .attr("y", caption_y + line_gap * k as f64 + self.font * 0.35)
                    .attr("font-size", self.font)
                    .text(line),
            );
        }
        svg.render()
    }
}

/// `caption` in lines of at most `width` characters, broken only at its ` · ` separators
/// (a part longer than `width` gets a line of its own).
fn caption_lines(caption: &str, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in caption.split(" · ") {
        match lines.last_mut() {
            Some(line) if (line.chars().count() + 3 + part.chars().count()) as f64 <= width => {
                line.push_str(" · ");
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// The corners of a pointy-top hexagon of circumradius `r` about `c`.
pub fn hexagon(c: Pt, r: f64) -> Vec<Pt> {
    (0..6)
        .map(|k| {
            let a = (60.0 * k as f64 - 30.0).to_radians();
            (c.0 + r * a.cos(), c.1 + r * a.sin())
        })
        .collect()
}

/// The centre of axial hex `(q, r)` with unit distance between neighbouring centres.
pub fn hex_centre(q: i8, r: i8) -> Pt {
    let (q, r) = (q as f64, r as f64);
    ((q + r / 2.0), r * 3f64.sqrt() / 2.0)
}

/// A caption line: the seat to move or the result.
pub fn caption<G: tabula_rules::Game>(game: &G, extra: &str) -> String {
    let state = match game.outcome() {
        Some(o) => format!("result: {o}"),
        None => format!("seat {} to move", game.to_move()),
    };
    let mut text = format!("{} · ply {} · {state}", G::NAME, game.ply());
    if !extra.is_empty() {
        text.push_str(" · ");
        text.push_str(extra);
    }
    text
}
