//! The beam tracer (spec §5): every Beamer fires from its point; a beam runs along a
//! precomputed ray to the nearest piece (one masked ray and one bit scan per leg), stops
//! at a Beamer, a Tower (a hit) or the board edge, and at an Icelight passes through its
//! back, leaves a side hit out of the point, or is absorbed by the point.
//!
//! Loop guard: the beam leaving an Icelight always runs in the Icelight's facing, so a
//! beam that enters an Icelight a second time (not through its point) would repeat its
//! path from there on; it stops there. This is exactly where the spec's `(square, dir)`
//! guard stops it: the first repeated `(square, dir)` is the square after that Icelight.
//!
//! Paths are kept in fixed-size arrays ([`Beams`]), so tracing never allocates.

use super::Icelights;
use super::board::{Dir, EDGE, RAYS, nearest};

/// Most Beamers on the board (two per seat).
pub const MAX_BEAMS: usize = 4;
/// Most legs of one beam: each Icelight entry ends a leg, at most 8 distinct entries and
/// one repeated (loop) entry, or 8 entries and a last leg.
pub const MAX_LEGS: usize = 9;

/// Why a beam stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BeamEnd {
    /// It left the board; `end` is the last square on the board.
    OffBoard,
    /// It reached a Beamer (any, its own included).
    Beamer,
    /// It hit a Tower: that Tower's seat loses.
    Tower,
    /// It hit an Icelight's point.
    Absorbed,
    /// It entered an Icelight a second time (not through the point): it would loop.
    Loop,
}

/// One straight stretch of a beam: from the end of the previous leg (or the Beamer) in
/// `dir` to `to`, both ends included in the drawing; `to` is the last square entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// The direction of travel.
    pub dir: Dir,
    /// The last square of the stretch.
    pub to: u8,
}

const NO_LEG: Leg = Leg { dir: Dir::N, to: 0 };

/// The path of one beam.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Beam {
    /// The square of the Beamer that fired it.
    pub beamer: u8,
    legs: [Leg; MAX_LEGS],
    len: u8,
    /// Why it stopped.
    pub end: BeamEnd,
    /// Where it stopped: the piece it reached, or the last square before the edge (the
    /// Beamer's own square if it faces the edge).
    pub end_square: u8,
}

impl Beam {
    const EMPTY: Beam = Beam { beamer: 0, legs: [NO_LEG; MAX_LEGS], len: 0, end: BeamEnd::OffBoard, end_square: 0 };

    /// The legs in order. A leg has at least one square; a Beamer facing the edge has none.
    pub fn legs(&self) -> &[Leg] {
        &self.legs[..self.len as usize]
    }

    /// Every square the beam enters, with the direction it enters in, in order.
    pub fn squares(&self) -> impl Iterator<Item = (u8, Dir)> + '_ {
        let mut at = self.beamer;
        self.legs().iter().flat_map(move |leg| {
            let start = at;
            at = leg.to;
            let mut sq = start;
            std::iter::from_fn(move || {
                if sq == leg.to {
                    return None;
                }
                let (dx, dy) = leg.dir.delta();
                sq = ((sq / 8) as i8 + dy) as u8 * 8 + ((sq % 8) as i8 + dx) as u8;
                Some((sq, leg.dir))
            })
        })
    }
}

/// Every beam of a position, after firing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Beams {
    beams: [Beam; MAX_BEAMS],
    len: u8,
    /// Bit `s` is set when seat `s`'s Tower is hit.
    pub hits: u8,
    /// Every square some beam enters (pieces it reaches included).
    pub lit: u64,
}

impl Beams {
    /// The beams, in the order of their Beamers' squares.
    pub fn beams(&self) -> &[Beam] {
        &self.beams[..self.len as usize]
    }
}

/// Traces one beam from the Beamer on `sq`; returns the hit seats as bits.
#[inline(always)]
fn trace_hits(g: &Icelights, sq: u8) -> u8 {
    let occupied = g.occupied();
    let mut pos = sq;
    let mut d = g.facing_unchecked(sq);
    let mut visited = 0u64;
    loop {
        let ray = RAYS[d.index()][pos as usize & 63] & occupied;
        if ray == 0 {
            return 0;
        }
        let t = nearest(ray, d);
        let bit = 1u64 << t;
        if bit & (g.beamers | g.towers) != 0 {
            return if bit & g.towers == 0 {
                0
            } else if bit & g.seat[0] != 0 {
                1
            } else {
                2
            };
        }
        let f = g.facing_unchecked(t);
        if f == d.opposite() || visited & bit != 0 {
            return 0;
        }
        visited |= bit;
        d = f;
        pos = t;
    }
}

/// Traces one beam from the Beamer on `sq` into `out`; returns the hit seats as bits and
/// the squares it enters. Each leg is one masked ray and one bit scan; its lit squares
/// are the ray from its start with the ray beyond its end taken out (`RAYS[d][to]` is a
/// subset of `RAYS[d][from]`, so an exclusive or does it).
#[inline(always)]
fn trace_path(g: &Icelights, sq: u8, out: &mut Beam) -> (u8, u64) {
    let occupied = g.occupied();
    let stops = g.beamers | g.towers;
    let mut pos = sq;
    let mut d = g.facing_unchecked(sq);
    let mut visited = 0u64;
    let mut lit = 0u64;
    let mut n = 0usize;
    out.beamer = sq;
    let (end, end_square) = loop {
        let full = RAYS[d.index()][pos as usize & 63];
        let ray = full & occupied;
        if ray == 0 {
            // Off the board: the last leg runs to the edge (none if the beam starts there).
            let edge = EDGE[d.index()][pos as usize & 63];
            if full != 0
                && let Some(leg) = out.legs.get_mut(n)
            {
                *leg = Leg { dir: d, to: edge };
                n += 1;
            }
            lit |= full;
            break (BeamEnd::OffBoard, edge);
        }
        let t = nearest(ray, d);
        let bit = 1u64 << t;
        lit |= full ^ RAYS[d.index()][t as usize & 63];
        if let Some(leg) = out.legs.get_mut(n) {
            *leg = Leg { dir: d, to: t };
            n += 1;
        }
        if bit & stops != 0 {
            break (if bit & g.beamers != 0 { BeamEnd::Beamer } else { BeamEnd::Tower }, t);
        }
        let f = g.facing_unchecked(t);
        if f == d.opposite() {
            break (BeamEnd::Absorbed, t);
        }
        if visited & bit != 0 {
            break (BeamEnd::Loop, t);
        }
        visited |= bit;
        d = f;
        pos = t;
    };
    out.len = n as u8;
    out.end = end;
    out.end_square = end_square;
    let hits = if end == BeamEnd::Tower { 1 + (g.seat[1] >> end_square & 1) as u8 } else { 0 };
    (hits, lit)
}

/// The seats whose Tower some beam hits (bit per seat); no paths kept.
#[inline]
pub fn hits(g: &Icelights) -> u8 {
    let mut hits = 0;
    let mut beamers = g.beamers;
    while beamers != 0 {
        let sq = beamers.trailing_zeros() as u8;
        beamers &= beamers - 1;
        hits |= trace_hits(g, sq);
    }
    hits
}

/// Fires every Beamer and keeps the paths.
pub fn trace(g: &Icelights) -> Beams {
    let mut out = Beams { beams: [Beam::EMPTY; MAX_BEAMS], len: 0, hits: 0, lit: 0 };
    let mut beamers = g.beamers;
    let mut n = 0;
    while beamers != 0 && n < MAX_BEAMS {
        let sq = beamers.trailing_zeros() as u8;
        beamers &= beamers - 1;
        let (hits, lit) = trace_path(g, sq, &mut out.beams[n]);
        out.hits |= hits;
        out.lit |= lit;
        n += 1;
    }
    out.len = n as u8;
    out
}
