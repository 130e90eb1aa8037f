use rand::SeedableRng;
use rand::rngs::SmallRng;
use tabula_rules::MoveList;
use tabula_rules::games::e::EOptions;

use super::*;

fn start(players: u8) -> E {
    E::new(&EOptions { players, ..EOptions::default() }).unwrap()
}

#[test]
fn start_is_even_for_every_player_count() {
    for players in 2..=6 {
        let g = start(players);
        let e = EEval::without_tempo().evaluate(&g);
        assert!(e[..players as usize].iter().all(|&v| v == e[0]), "{players} players: {e:?}");
        assert!(e[0] < 0);
        // The tempo goes to the seat to move alone.
        let t = EEval::default().evaluate(&g);
        assert_eq!(t[0], e[0] + EEval::DEFAULT.tempo);
        assert_eq!(&t[1..players as usize], &e[1..players as usize]);
    }
}

#[test]
fn pieces_are_exposed_only_in_other_seats_goals_outside_their_home() {
    let two = start(2);
    assert_eq!((exposed(&two, Seat(0)), exposed(&two, Seat(1))), (0, 0));
    for players in 3..=6 {
        let g = start(players);
        for s in 0..players {
            let seat = Seat(s);
            let cells = exposed(&g, seat);
            assert_ne!(cells, 0, "{players} players, seat {s}");
            assert_eq!(cells & (g.home(seat) | g.goal(seat)), 0);
            let others = (0..players).filter(|&o| o != s).fold(0, |acc, o| acc | g.goal(Seat(o)));
            assert_eq!(cells & !others, 0);
        }
    }
}

#[test]
fn traps_and_exchanges_are_tactical() {
    let policy = crate::playout::e::EForward::default();
    let mut moves = MoveList::new();
    let (mut traps, mut exchanges, mut quiet) = (0, 0, 0);
    for players in [2, 3, 6] {
        for seed in 0..6 {
            let mut g = start(players);
            let mut rng = SmallRng::seed_from_u64(seed);
            while !g.is_over() && g.ply() < 400 {
                g.legal_moves(&mut moves);
                for &mv in moves.iter() {
                    let mut after = g;
                    after.play(mv);
                    // The piece the movement lands on (a top piece, so free before) is
                    // trapped after, as the rules see it.
                    let below = Slot { cell: mv.to, level: g.height(mv.to as usize) };
                    let traps_more = mv.has_movement()
                        && after
                            .piece_at(below)
                            .is_some_and(|victim| after.pieces(victim.seat).any(|p| p.0 == below && p.3));
                    let expected = mv.has_exchange() || traps_more;
                    assert_eq!(g.is_tactical(mv), expected, "{} in {}", g.format_move(mv), g.to_text());
                    match (mv.has_exchange(), traps_more) {
                        (true, _) => exchanges += 1,
                        (false, true) => traps += 1,
                        _ => quiet += 1,
                    }
                }
                let mv = crate::playout::PlayoutPolicy::choose(&policy, &g, moves.as_slice(), &mut rng);
                g.play(mv);
            }
        }
    }
    assert!(traps > 100 && exchanges > 10 && quiet > traps, "{traps} traps, {exchanges} exchanges, {quiet} quiet");
}

#[test]
fn a_forward_move_helps_the_mover() {
    let mut g = start(2);
    let e = EEval::without_tempo().evaluate(&g);
    // A large three steps toward the goal: one turn less to run.
    g.play(g.parse_move("m8/1-j5").unwrap());
    let after = EEval::without_tempo().evaluate(&g);
    assert!(after[0] >= e[0] + TURN, "{after:?} vs {e:?}");
    assert_eq!(after[1], e[1]);
    // The move the evaluator likes best at the start runs three cells toward the goal;
    // every move that comes no nearer is valued below the start.
    let g = start(2);
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let d = |c: u8| TABLES.distance_to_sector[c as usize][3] as i32;
    let value = |mv: EMove| {
        let mut after = g;
        after.play(mv);
        EEval::without_tempo().evaluate(&after)[0]
    };
    let best = moves.iter().copied().max_by_key(|&m| value(m)).unwrap();
    assert_eq!(d(best.from.cell) - d(best.to), 3, "{}", g.format_move(best));
    for &m in moves.iter().filter(|m| d(m.from.cell) <= d(m.to)) {
        assert!(value(m) <= e[0], "{}", g.format_move(m));
    }
}

/// The 2-player start with seat 0's tip small on h5 (in sector 1, nobody's home) and
/// seat 1's back large from a2 on top of it, or beside it on g5.
fn small_and_large(trapped: bool) -> E {
    let rank5 = if trapped { "1l1m1m1s...[0s1l]..." } else { "1l1m1m1s..1l0s..." };
    E::from_text(&format!(
        "e players=2 sectors=03 turn=0 ply=20 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/.......0s0m0m0l/........0s0s0m0l/............./1l1m1s1s1s......./{rank5}/1l1m1s......./1l1m......./......../......."
    ))
    .unwrap()
}

#[test]
fn a_passing_guard_costs_its_victim_little() {
    let (free, trapped) = (small_and_large(false), small_and_large(true));
    assert!(trapped.pieces(Seat(0)).any(|p| p.3));
    let eval = EEval::without_tempo();
    let (a, b) = (eval.evaluate(&free), eval.evaluate(&trapped));
    // Seat 0's pieces stand where they stood: the difference is the trap alone, and
    // small, since the guard stands outside its goal and must leave.
    assert_eq!(b[0] - a[0], -EEval::DEFAULT.trapped_passing, "{a:?} {b:?}");
    // Seat 1's large moved one cell (g5 to h5): it earns no guard credit for a trap
    // it must give up.
    let race1 = race(&trapped, Seat(1)) - race(&free, Seat(1));
    assert_eq!(b[1] - a[1], -race1, "{a:?} {b:?}");
}

#[test]
fn the_rules_documents_exchange_example_is_tactical() {
    // The rules document's first exchange example at ply 15: blue's medium from g3
    // traps red's small on g5, with or without the exchange of guards; a step to an
    // empty cell is quiet.
    let g = E::from_text("e players=2 sectors=03 turn=1 ply=15 passes=0 board=......./......../.......0m0l/.......0s0m0l/........0m0m0l/........0s0s.0l/...1l...0s...../..1s1s.....0m../1l1m1m1s..0s[1s0l].../1l1m1s......./1l1m....1m../1l......./.......").unwrap();
    assert!(g.is_tactical(g.parse_move("g3/1-g5,Xg5/2=h5/2").unwrap()));
    assert!(g.is_tactical(g.parse_move("g3/1-g5").unwrap()));
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let quiet = moves.iter().find(|m| m.has_movement() && !m.has_exchange() && g.height(m.to as usize) == 0).unwrap();
    assert!(!g.is_tactical(*quiet));
}

#[test]
fn a_finished_goal_scores_best() {
    // Along forward playouts the values stay in range, and the winner's value is the
    // best at the end.
    let policy = crate::playout::e::EForward::default();
    let mut moves = MoveList::new();
    for players in [2, 3, 6] {
        let mut g = start(players);
        let mut rng = SmallRng::seed_from_u64(7);
        while !g.is_over() {
            g.legal_moves(&mut moves);
            let mv = crate::playout::PlayoutPolicy::choose(&policy, &g, moves.as_slice(), &mut rng);
            g.play(mv);
            let e = EEval::without_tempo().evaluate(&g);
            assert!(e.iter().all(|v| v.abs() < 100_000));
        }
        let winner = g.outcome().unwrap().sole_winner().unwrap().index();
        let e = EEval::without_tempo().evaluate(&g);
        assert!((0..players as usize).all(|s| s == winner || e[s] < e[winner]), "{players} players: {e:?}");
    }
}

/// Prints positions of forward playouts with stacks and traps (for bench positions).
#[test]
#[ignore]
fn print_midgame_positions() {
    let policy = crate::playout::e::EForward::new(0.6);
    let mut moves = MoveList::new();
    for (players, ply) in [(2, 40), (2, 90), (3, 60), (6, 120)] {
        for seed in 0..200 {
            let mut g = start(players);
            let mut rng = SmallRng::seed_from_u64(seed);
            while !g.is_over() && g.ply() < ply {
                g.legal_moves(&mut moves);
                let mv = crate::playout::PlayoutPolicy::choose(&policy, &g, moves.as_slice(), &mut rng);
                g.play(mv);
            }
            let traps: usize = (0..players).map(|s| g.pieces(Seat(s)).filter(|p| p.3).count()).sum();
            if !g.is_over() && traps >= 1 && g.tall().count_ones() >= 2 {
                println!("{players} {traps} {}", g.to_text());
                break;
            }
        }
    }
}

/// Besides the start, the bench positions have stacks and trapped pieces.
#[test]
fn bench_positions_have_stacks_and_traps() {
    for p in &crate::bench::positions::<E>()[1..] {
        let g = E::from_text(p.text).unwrap();
        let trapped = (0..g.seats()).any(|s| g.pieces(Seat(s as u8)).any(|p| p.3));
        assert!(trapped && g.tall().count_ones() >= 2, "{}", p.text);
    }
}

#[test]
fn under_the_start_pattern_a_goal_piece_of_the_wrong_size_has_not_arrived() {
    // Each seat on its goal in the opening pattern (the start with the seats swapped), and
    // the same with seat 0's large and small of one back row swapped.
    let text = |row: &str, pattern: bool| {
        format!(
            "e players=2 sectors=03 turn=1 ply=10 passes=0 board=......./.......1l/.......1m1l/.......1s1m1l/\
             .......1s1m1m1l/.......1s1s1s1m1l/............./{row}......./0l0m0m0s......./0l0m0s......./\
             0l0m......./0l......./....... e.goal_start_pattern={pattern}"
        )
    };
    let eval = EEval::without_tempo();
    let value = |row: &str, pattern: bool| eval.evaluate(&E::from_text(&text(row, pattern)).unwrap())[0];
    let (exact, swapped) = ("0l0m0s0s0s", "0s0m0s0s0l");
    assert!(value(exact, true) - value(swapped, true) >= 2 * TURN, "two pieces must move");
    assert!(value(exact, false) - value(swapped, false) < TURN, "without the pattern both goals are full");
    assert_eq!(value(exact, true), value(exact, false));
}
