//! The random-game invariant checker: a game played on the crate and on the reference side
//! by side, every position checked for what holds in every game (incremental hash = fresh
//! hash, text round trip, no duplicate moves, every move parses back, moves and outcome
//! equal the reference's), and each game adding its own invariants through a callback.

use std::collections::HashSet;

use proptest::prelude::*;
use rand::rngs::StdRng;
use tabula_rules::{Game, MoveList};

use super::{Checked, ends_as_read, ranks};
use crate::reference::Reference;

/// The legal moves of a position.
pub struct Legal<G: Game> {
    /// In generation order.
    pub moves: Vec<G::Move>,
    /// Their notation, sorted.
    pub names: Vec<String>,
}

impl<G: Game> Legal<G> {
    /// Is `name` the notation of a legal move?
    pub fn has(&self, name: &str) -> bool {
        self.names.binary_search_by(|n| n.as_str().cmp(name)).is_ok()
    }
}

/// One position of a random game, as a game's own checks see it.
pub struct Ply<'a, G: Checked> {
    /// The crate's position.
    pub game: &'a G,
    /// The reference's position (the same one).
    pub reference: &'a G::Reference,
    /// The crate's legal moves.
    pub legal: &'a Legal<G>,
    /// The position before and the move that led here; none at the first position.
    pub last: Option<(&'a G, G::Move)>,
}

/// What holds in every position of every game, crate against reference (whose legal moves
/// are `ref_moves`); returns the crate's legal moves.
pub fn check_position<G: Checked>(
    g: &G,
    r: &G::Reference,
    ref_moves: &[<G::Reference as Reference>::Move],
) -> Result<Legal<G>, TestCaseError> {
    let text = g.to_text();
    let ctx = || format!("position {text}");

    // Hash, text round trip, and the reference's own text reader and writer.
    prop_assert_eq!(g.hash(), g.hash_from_scratch(), "{}", ctx());
    let back = G::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert!(back == *g, "from_text(to_text) differs: {}", ctx());
    prop_assert_eq!(back.hash(), g.hash(), "{}", ctx());
    prop_assert_eq!(back.to_text(), text.clone());
    prop_assert_eq!(r.to_text(), text.clone(), "crate vs reference text");
    let read = G::Reference::from_text(&text).map_err(TestCaseError::fail)?;
    prop_assert!(read == *r, "the reference reads back another position: {}", ctx());

    // Outcome: the reference's, and the same when the position is read back.
    prop_assert_eq!(ranks(g), r.ranks(), "crate vs reference outcome, {}", ctx());
    ends_as_read(g).map_err(TestCaseError::fail)?;

    // Moves: no duplicates, notation round trip, the reference's list, the count; a running
    // game has a move, a finished one none.
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.as_slice().to_vec();
    let capacity = tabula_rules::core::moves::capacity::<G::Move>();
    prop_assert!(
        moves.len() <= capacity,
        "{} moves outgrow the list's {capacity} inline slots, {}",
        moves.len(),
        ctx()
    );
    let unique: HashSet<G::Move> = moves.iter().copied().collect();
    prop_assert_eq!(unique.len(), moves.len(), "duplicate moves, {}", ctx());
    let mut names = Vec::with_capacity(moves.len());
    for &m in &moves {
        let s = g.format_move(m);
        prop_assert_eq!(g.parse_move(&s).ok(), Some(m), "move {} does not parse back, {}", s, ctx());
        names.push(s);
    }
    names.sort();
    prop_assert!(names.windows(2).all(|w| w[0] != w[1]), "two moves with one notation, {}", ctx());
    let mut want: Vec<String> = ref_moves.iter().map(|m| r.notation(m)).collect();
    want.sort();
    prop_assert_eq!(&names, &want, "crate vs reference moves, {}", ctx());
    prop_assert_eq!(g.count_moves(), moves.len(), "{}", ctx());
    prop_assert_eq!(g.outcome().is_some(), moves.is_empty(), "moves of a finished or running game, {}", ctx());
    Ok(Legal { moves, names })
}

/// `parse_move` accepts each token exactly when it is a legal move's notation.
pub fn rejects_unlisted<G: Game>(
    g: &G,
    legal: &Legal<G>,
    tokens: impl IntoIterator<Item = String>,
) -> Result<(), TestCaseError> {
    for token in tokens {
        prop_assert_eq!(g.parse_move(&token).is_ok(), legal.has(&token), "{}, position {}", token, g.to_text());
    }
    Ok(())
}

/// The reference's move list, as [`walk`]'s move pickers see it.
pub type RefMoves<G> = [<<G as Checked>::Reference as Reference>::Move];

/// Plays up to `plies` moves from `game` and `reference` (the same position), each chosen
/// by `pick` from the crate's legal moves or the reference's and played on both; checks
/// every position with [`check_position`] and then `check`. Returns the last positions.
pub fn walk<G: Checked>(
    game: G,
    reference: G::Reference,
    plies: u32,
    rng: &mut StdRng,
    mut pick: impl FnMut(&G, &G::Reference, &Legal<G>, &RefMoves<G>, &mut StdRng) -> G::Move,
    mut check: impl FnMut(&Ply<G>, &mut StdRng) -> Result<(), TestCaseError>,
) -> Result<(G, G::Reference), TestCaseError> {
    let (mut g, mut r) = (game, reference);
    let mut last: Option<(G, G::Move)> = None;
    let mut played = 0;
    loop {
        let ref_moves = r.moves();
        let legal = check_position(&g, &r, &ref_moves)?;
        check(&Ply { game: &g, reference: &r, legal: &legal, last: last.as_ref().map(|(b, m)| (b, *m)) }, rng)?;
        if played == plies || g.outcome().is_some() {
            return Ok((g, r));
        }
        let mv = pick(&g, &r, &legal, &ref_moves, rng);
        let name = g.format_move(mv);
        let Some(ref_mv) = ref_moves.iter().find(|m| r.notation(m) == name) else {
            return Err(TestCaseError::fail(format!("picked {name} that is not legal in {}", g.to_text())));
        };
        r = r.after(ref_mv);
        last = Some((g.clone(), mv));
        g.play(mv);
        played += 1;
    }
}
