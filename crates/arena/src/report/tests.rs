//! Match statistics: game pairs, ranks of many seats, and points per engine.

use super::*;

#[test]
fn pairs_that_split_have_no_pair_variance() {
    // Every opening won by whoever has the first seat: single games look like noise, but
    // the pairs show exactly equal engines.
    let mut stats = MatchStats::new(vec!["a".into(), "b".into()], 2);
    for round in 0..10 {
        stats.add(round, &[0, 1], &Outcome::winner(2, Seat(0)));
        stats.add(round, &[1, 0], &Outcome::winner(2, Seat(0)));
    }
    assert_eq!(stats.trinomial(), Trinomial { wins: 10, draws: 0, losses: 10 });
    assert_eq!(stats.pentanomial().counts, [0, 0, 10, 0, 0]);
    let p = stats.pentanomial().estimate().unwrap();
    assert_eq!((p.low, p.elo, p.high, p.los), (0.0, 0.0, 0.0, 0.5));
    let t = stats.trinomial().estimate().unwrap();
    assert!(t.high > 100.0);
}

#[test]
fn pairs_are_formed_by_round_in_any_order() {
    let mut stats = MatchStats::new(vec!["a".into(), "b".into()], 2);
    stats.add(0, &[0, 1], &Outcome::winner(2, Seat(0))); // a wins
    stats.add(1, &[0, 1], &Outcome::draw(2)); // a draws
    stats.add(1, &[1, 0], &Outcome::winner(2, Seat(1))); // a wins
    assert_eq!(stats.pentanomial().counts, [0, 0, 0, 1, 0]);
    stats.add(0, &[1, 0], &Outcome::winner(2, Seat(0))); // a loses
    assert_eq!(stats.pentanomial().counts, [0, 0, 1, 1, 0]);
    let a = stats.tally(0);
    assert_eq!((a.wins, a.draws, a.losses, a.score), (2, 1, 1, 2.5));
    assert!(stats.running_line(4).starts_with("Score of a vs b: 2 - 1 - 1 [0.625] 4/4"));
}

#[test]
fn multi_seat_ranks_seats_and_ahead_matrix() {
    let names = vec!["x".into(), "y".into(), "z".into()];
    let mut stats = MatchStats::new(names, 3);
    // Ranks per seat; seat s holds engine (s + k) % 3.
    stats.add(0, &[0, 1, 2], &Outcome::from_standings(&[3, 2, 1])); // x 1st, y 2nd, z 3rd
    stats.add(0, &[1, 2, 0], &Outcome::from_standings(&[1, 1, 3])); // x 1st, y z tied 2nd
    stats.add(0, &[2, 0, 1], &Outcome::from_standings(&[2, 2, 1])); // z x share 1st, y 3rd
    let x = stats.tally(0);
    assert_eq!((x.games, x.wins, x.draws, x.losses), (3, 2, 1, 0));
    assert_eq!(x.score, 2.5);
    assert_eq!(x.rank_sum, 3);
    assert_eq!(x.by_seat[..3], [(1, 1.0), (1, 0.5), (1, 1.0)]);
    let y = stats.tally(1);
    assert_eq!((y.rank_sum, y.score), (2 + 2 + 3, 0.0));
    assert_eq!(stats.ahead(0, 1), (3, 3));
    assert_eq!(stats.ahead(0, 2), (2, 3));
    assert_eq!(stats.ahead(1, 2), (1, 3));
    assert_eq!(stats.ahead(2, 1), (1, 3));
    let table = stats.table();
    assert!(table.contains("avg-rank"), "{table}");
    assert!(table.contains("66.7%"), "{table}");
    assert!(stats.running_line(3).contains("x 2.5 (0.833)"));
}

#[test]
fn an_engine_in_two_seats_counts_each() {
    let mut stats = MatchStats::new(vec!["a".into(), "b".into()], 4);
    stats.add(0, &[0, 1, 0, 1], &Outcome::winner(4, Seat(2)));
    assert_eq!(stats.tally(0).games, 2);
    assert_eq!(stats.tally(0).wins, 1);
    assert_eq!(stats.tally(1).losses, 2);
    assert_eq!(stats.ahead(0, 1), (2, 4));
}

/// Points per game count an engine's seats together: with two engines in three seats
/// each game's point goes to one of them, and the shares add up to 1.
#[test]
fn points_per_game_count_the_engines_seats_together() {
    let mut stats = MatchStats::new(vec!["a".into(), "b".into()], 3);
    stats.add(0, &[0, 1, 1], &Outcome::winner(3, Seat(0))); // a wins alone
    stats.add(0, &[1, 0, 1], &Outcome::winner(3, Seat(2))); // b wins
    stats.add(0, &[1, 1, 0], &Outcome::from_standings(&[1, 2, 2])); // b and a share 1st
    stats.add(0, &[0, 0, 1], &Outcome::winner(3, Seat(1))); // a wins
    let (a, b) = (stats.tally(0), stats.tally(1));
    assert_eq!((a.played, b.played), (4, 4));
    let (mean, low, high) = a.points_per_game().unwrap();
    assert_eq!(mean, 2.5 / 4.0);
    assert_eq!(b.points_per_game().unwrap().0, 1.5 / 4.0);
    // Wilson's interval for 2.5 of 4: centre (0.625 + z²/8) / (1 + z²/4).
    let z2 = Z95 * Z95;
    let centre = (0.625 + z2 / 8.0) / (1.0 + z2 / 4.0);
    assert!(((low + high) / 2.0 - centre).abs() < 1e-12, "{low} {high}");
    assert!((0.2..0.3).contains(&low) && (0.85..0.95).contains(&high), "{low} {high}");
    // All games one way: a real interval, not a point.
    let mut sweep = MatchStats::new(vec!["a".into(), "b".into()], 3);
    for _ in 0..6 {
        sweep.add(0, &[0, 1, 1], &Outcome::winner(3, Seat(0)));
    }
    let (mean, low, high) = sweep.tally(0).points_per_game().unwrap();
    assert_eq!((mean, high), (1.0, 1.0));
    assert!((0.55..0.65).contains(&low), "{low}");
    let table = stats.table();
    assert!(table.contains("a      0.625 (0.219 .. 0.908) over 4 games"), "{table}");
    assert!(MatchStats::new(vec!["a".into()], 3).tally(0).points_per_game().is_none());
}
