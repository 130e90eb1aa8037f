//! Alpha-beta, MCTS and greedy on constructed Icelights positions: each takes a win in
//! one, and alpha-beta and MCTS avoid a loss in one. The premises (how many turns win or
//! lose) are computed here, not assumed.

use tabula_engine::{Limits, registry};
use tabula_rules::games::icelights::{Icelights, IlMove};
use tabula_rules::{Game, MoveList, Seat};

/// Seat 0 wins by turning the c2 Icelight N (with any move that keeps the a2 beam's way
/// clear): the a2 Beamer's beam then turns N at c2 into seat 1's Tower on c8.
const WIN_IN_ONE: &str = "icelights turn=0 ply=20 passes=0 board=2t1iS1bS1/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IE5/TBN1IN4";

/// Seat 1's Beamer on a5 can turn S onto seat 0's Tower on a1. Only moving the d4 Icelight
/// to a4 (its point, or a side, toward the beam) stops it.
const LOSS_IN_ONE: &str = "icelights turn=0 ply=20 passes=0 board=7t/8/8/bE7/3IN4/8/4IE3/T7";

fn at(text: &str) -> Icelights {
    Icelights::from_text(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn turns(g: &Icelights) -> Vec<IlMove> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    list.as_slice().to_vec()
}

fn after(g: &Icelights, mv: IlMove) -> Icelights {
    let mut c = *g;
    c.play(mv);
    c
}

fn wins(g: &Icelights, mv: IlMove) -> bool {
    after(g, mv).outcome().is_some_and(|o| o.sole_winner() == Some(g.to_move()))
}

/// Whether the side to move after `mv` has a turn that wins at once.
fn allows_a_win(g: &Icelights, mv: IlMove) -> bool {
    let c = after(g, mv);
    c.outcome().is_some_and(|o| o.score(g.to_move()) < 1.0) || turns(&c).into_iter().any(|r| wins(&c, r))
}

fn best(spec: &str, g: &Icelights, limits: Limits) -> IlMove {
    let mut s = registry::build::<Icelights>(spec).expect("spec");
    s.search(g, &limits, &mut |_| {}).best.expect("a move")
}

#[test]
fn premises_hold() {
    let w = at(WIN_IN_ONE);
    let all = turns(&w);
    let winning = all.iter().filter(|&&m| wins(&w, m)).count();
    assert!(winning > 0 && winning * 10 < all.len(), "{winning} of {} win", all.len());
    let l = at(LOSS_IN_ONE);
    let all = turns(&l);
    let safe: Vec<String> = all.iter().filter(|&&m| !allows_a_win(&l, m)).map(|&m| l.format_move(m)).collect();
    assert!(!safe.is_empty() && safe.len() * 10 < all.len(), "{} of {} are safe: {safe:?}", safe.len(), all.len());
    assert!(safe.iter().all(|m| m.starts_with("d4-a4")), "{safe:?}");
}

#[test]
fn every_searcher_takes_a_win_in_one() {
    let g = at(WIN_IN_ONE);
    for (spec, limits) in [
        ("alphabeta", Limits::depth(1)),
        ("alphabeta", Limits::depth(2)),
        ("mcts:seed=3", Limits::nodes(3_000)),
        ("greedy", Limits::depth(1)),
    ] {
        let mv = best(spec, &g, limits);
        assert!(wins(&g, mv), "{spec} played {}", g.format_move(mv));
    }
}

#[test]
fn alphabeta_and_mcts_avoid_a_loss_in_one() {
    let g = at(LOSS_IN_ONE);
    for (spec, limits) in
        [("alphabeta", Limits::depth(2)), ("alphabeta", Limits::depth(3)), ("mcts:seed=5", Limits::nodes(40_000))]
    {
        let mv = best(spec, &g, limits);
        assert!(!allows_a_win(&g, mv), "{spec} played {}, which loses", g.format_move(mv));
    }
    // Seat 1 to move in the same spot takes the win (the threat is real).
    let mut threat = g;
    threat.play(g.parse_move("e2-e3").unwrap());
    let mv = best("alphabeta", &threat, Limits::depth(1));
    assert_eq!(after(&threat, mv).outcome().and_then(|o| o.sole_winner()), Some(Seat(1)));
}
