//! Depth-first proof-number search (df-pn, Nagai 2002) for one attacker: does this seat
//! force a win?
//!
//! OR nodes are the attacker's turns (proved by one proved child), AND nodes the
//! defender's (proved when every child is). Each node is searched until its proof or
//! disproof number reaches a threshold; a child gets the threshold at which a sibling
//! would become the better choice (with the 1 + ε trick of Pawlewicz and Lew, ε = 1/4,
//! which cuts the back-and-forth between close siblings).
//!
//! Repetitions: a position already on the path is not a win for the attacker (the rules
//! of these games have no repetition rule; endless play wins nobody). Proofs therefore
//! never rest on a repetition and are true from any path. A disproof can: it records the
//! shallowest path depth it relies on (`loop_at`), and it is stored in the table only
//! at the node where that repeated ancestor is the node itself or below it, where the
//! defender's strategy (repeat back into the subtree) holds however the node is reached.
//! Shallower ones go back to the parent only, so the table never holds a disproof that
//! depends on the path (the graph-history interaction problem).

use std::time::{Duration, Instant};

use ahash::AHashMap;
use tabula_rules::{Game, MoveList, Seat};

use super::table::{Entry, INF, Table};
use super::{Progress, Stop};
use crate::Limits;

/// `loop_at` of a result that rests on no repetition.
const NO_LOOP: u32 = u32::MAX;

/// The longest path df-pn follows from the root, in plies. Each ply is a frame of
/// the search's `mid` (a few hundred bytes: the children and their positions live on the heap),
/// so the deepest path fits the 2 MiB a spawned thread has by default, the main thread's
/// 8 MiB and every search thread's [`STACK`](crate::search::thread::STACK). A proof that
/// needs a longer path stops the solve with [`Stop::Path`] rather than run out of stack,
/// which would end the process.
pub const MAX_PATH: u32 = 1024;

/// One node's numbers, as the search sees them from the current path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub pn: u32,
    pub dn: u32,
    /// For a disproof: the shallowest path depth of a repetition it relies on.
    pub loop_at: u32,
    /// For a proof: plies to the win along it.
    pub len: u16,
}

impl Node {
    const UNKNOWN: Node = Node { pn: 1, dn: 1, loop_at: NO_LOOP, len: 0 };
    const fn proved(len: u16) -> Node {
        Node { pn: 0, dn: INF, loop_at: NO_LOOP, len }
    }
    const fn disproved(loop_at: u32) -> Node {
        Node { pn: INF, dn: 0, loop_at, len: 0 }
    }
}

/// The key of the table for a position: its Zobrist hash, and its ply when a ply cap
/// makes the ply part of the state.
pub(super) fn position_key<G: Game>(game: &G, capped: bool) -> u64 {
    if capped { game.hash() ^ (game.ply() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) } else { game.hash() }
}

/// The value mixed into a position key to make the table key for an attacker seat.
pub(super) fn salt(attacker: Seat) -> u64 {
    (attacker.0 as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Whether a finished game is a win for `seat`.
pub(super) fn wins<G: Game>(game: &G, seat: Seat) -> bool {
    game.outcome().is_some_and(|o| o.sole_winner() == Some(seat))
}

/// What a table look-up says about a position for `attacker`: its own entry, or a
/// disproof read from a proof for the other seat (a seat that wins makes the other's
/// win impossible).
pub(super) fn lookup(table: &Table, key: u64, attacker: Seat) -> Option<Entry> {
    let own = table.probe(key ^ salt(attacker));
    if own.is_some_and(|e| e.solved()) {
        return own;
    }
    match table.probe(key ^ salt(Seat(1 - attacker.0))) {
        Some(other) if other.pn == 0 => Some(Entry { key: key ^ salt(attacker), pn: INF, dn: 0, work: 0, len: 0 }),
        _ => own,
    }
}

struct Child<G: Game> {
    game: G,
    key: u64,
    node: Node,
}

/// Sum of proof (or disproof) numbers: infinite if one is, else at most `INF - 1`.
fn sum(values: impl Iterator<Item = u32>) -> u32 {
    let mut total: u64 = 0;
    for v in values {
        if v == INF {
            return INF;
        }
        total += v as u64;
    }
    total.min(INF as u64 - 1) as u32
}

/// A threshold: `base` (a threshold above `take`) less `take` plus `give`, at most `INF`.
fn shift(base: u32, take: u32, give: u32) -> u32 {
    (base as u64 - take as u64 + give as u64).min(INF as u64) as u32
}

/// The threshold that makes a child give way to the sibling with value `second`.
fn give_way(threshold: u32, second: u32) -> u32 {
    threshold.min((second as u64 + second as u64 / 4 + 1).min(INF as u64) as u32)
}

/// The searcher for one attacker.
pub(super) struct Dfpn<'a> {
    pub table: &'a mut Table,
    attacker: Seat,
    capped: bool,
    path: AHashMap<u64, u32>,
    pub nodes: u64,
    limits: &'a Limits,
    start: Instant,
    last_report: Duration,
    report: &'a mut dyn FnMut(&Progress),
    root: (u32, u32),
}

impl<'a> Dfpn<'a> {
    /// A search for `attacker`; `capped`: the ply is part of the position (a ply cap).
    pub fn new(
        table: &'a mut Table,
        attacker: Seat,
        capped: bool,
        limits: &'a Limits,
        start: Instant,
        nodes: u64,
        report: &'a mut dyn FnMut(&Progress),
    ) -> Self {
        Dfpn {
            table,
            attacker,
            capped,
            path: AHashMap::new(),
            nodes,
            limits,
            start,
            last_report: start.elapsed(),
            report,
            root: (1, 1),
        }
    }

    /// Proves or disproves that the attacker wins `game`, an unfinished position.
    pub fn prove<G: Game>(&mut self, game: &G) -> Result<Node, Stop> {
        let key = position_key(game, self.capped);
        loop {
            let node = self.mid(game, key, INF, INF, 0)?;
            if node.pn == 0 || node.dn == 0 {
                return Ok(node);
            }
        }
    }

    /// Counts an expansion and checks the limits.
    fn count(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|n| self.nodes > n) {
            return Err(Stop::Nodes);
        }
        if self.nodes.is_multiple_of(256) {
            if self.limits.stopped() {
                return Err(Stop::Interrupted);
            }
            let elapsed = self.start.elapsed();
            if self.limits.hard_time.is_some_and(|t| elapsed >= t) {
                return Err(Stop::Time);
            }
            if elapsed >= self.last_report + Duration::from_millis(500) {
                self.last_report = elapsed;
                let (pn, dn) = self.root;
                (self.report)(&Progress { nodes: self.nodes, time: elapsed, attacker: self.attacker, pn, dn });
            }
        }
        Ok(())
    }

    /// What is known of a child before it is expanded.
    fn leaf<G: Game>(&self, game: &G, key: u64) -> Node {
        if game.is_over() {
            return if wins(game, self.attacker) { Node::proved(0) } else { Node::disproved(NO_LOOP) };
        }
        if let Some(&depth) = self.path.get(&key) {
            return Node::disproved(depth);
        }
        match lookup(self.table, key, self.attacker) {
            Some(e) => Node { pn: e.pn, dn: e.dn, loop_at: NO_LOOP, len: e.len },
            None => Node::UNKNOWN,
        }
    }

    /// The node's numbers from its children's.
    fn combine<G: Game>(or: bool, children: &[Child<G>]) -> Node {
        let nodes = children.iter().map(|c| c.node);
        let (pn, dn) = if or {
            (nodes.clone().map(|n| n.pn).min().unwrap_or(INF), sum(nodes.clone().map(|n| n.dn)))
        } else {
            (sum(nodes.clone().map(|n| n.pn)), nodes.clone().map(|n| n.dn).min().unwrap_or(INF))
        };
        let proved = nodes.clone().filter(|n| n.pn == 0).map(|n| n.len);
        let len = if or { proved.min() } else { proved.max() }.map_or(0, |l| l.saturating_add(1));
        let disproved = nodes.filter(|n| n.dn == 0).map(|n| n.loop_at);
        let loop_at = if or { disproved.min() } else { disproved.max() }.unwrap_or(NO_LOOP);
        Node { pn, dn, loop_at, len }
    }

    /// The index of the child to search and the best value among the others.
    fn select<G: Game>(or: bool, children: &[Child<G>]) -> (usize, u32) {
        let value = |c: &Child<G>| if or { c.node.pn } else { c.node.dn };
        let mut best = 0;
        let mut second = INF;
        for (i, c) in children.iter().enumerate().skip(1) {
            if value(c) < value(&children[best]) {
                second = value(&children[best]);
                best = i;
            } else {
                second = second.min(value(c));
            }
        }
        (best, second)
    }

    /// The children of `game` with what is known of each. Its own frame holds the move
    /// list, so that the recursion's frames do not.
    #[inline(never)]
    fn expand<G: Game>(&self, game: &G) -> Vec<Child<G>> {
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut child = game.clone();
                child.play(mv);
                let key = position_key(&child, self.capped);
                let node = self.leaf(&child, key);
                Child { game: child, key, node }
            })
            .collect()
    }

    /// Multiple iterative deepening: searches the unfinished `game` (key `key`, at path
    /// depth `depth`) until its proof number reaches `th_pn` or its disproof number
    /// `th_dn`.
    fn mid<G: Game>(&mut self, game: &G, key: u64, th_pn: u32, th_dn: u32, depth: u32) -> Result<Node, Stop> {
        if depth > MAX_PATH {
            return Err(Stop::Path);
        }
        self.count()?;
        let before = self.nodes;
        let or = game.to_move() == self.attacker;
        self.path.insert(key, depth);
        let mut children = self.expand(game);
        let result = loop {
            // A position without moves that is not over wins nobody.
            let node = if children.is_empty() { Node::disproved(NO_LOOP) } else { Self::combine(or, &children) };
            if depth == 0 {
                self.root = (node.pn, node.dn);
            }
            if node.pn >= th_pn || node.dn >= th_dn || node.pn == 0 || node.dn == 0 {
                break node;
            }
            let (best, second) = Self::select(or, &children);
            let child = &children[best];
            let (cpn, cdn) = if or {
                (give_way(th_pn, second), shift(th_dn, node.dn, child.node.dn))
            } else {
                (shift(th_pn, node.pn, child.node.pn), give_way(th_dn, second))
            };
            match self.mid(&child.game, child.key, cpn, cdn, depth + 1) {
                Ok(found) => children[best].node = found,
                Err(stop) => {
                    self.path.remove(&key);
                    return Err(stop);
                }
            }
        };
        self.path.remove(&key);
        if result.dn == 0 && result.loop_at < depth {
            // Rests on a repetition of an ancestor: true on this path only.
            return Ok(result);
        }
        let work = (self.nodes - before + 1).min(u32::MAX as u64) as u32;
        let entry = Entry { key: key ^ salt(self.attacker), pn: result.pn, dn: result.dn, work, len: result.len };
        self.table.put(entry);
        Ok(Node { loop_at: NO_LOOP, ..result })
    }
}
