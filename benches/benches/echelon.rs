//! Gentleman's Echelon move generation and perft (bulk perft counts a popcount per top
//! counter at the last ply).

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_benches::{movegen_group, perft_group, position};
use tabula_rules::Game;
use tabula_rules::games::echelon::{Echelon, EgOptions};

/// Positions of the perft table (`crates/rules/tests/perft/echelon.txt`).
const MIDGAME: &str = "echelon radius=4 turn=1 ply=23 board=.x.../....../x..x.../rr....../x..[brbrbb].[rbrb]..x/......../.x.x.x./x.x..x/.x...";
const ENDGAME: &str = "echelon radius=4 turn=1 ply=41 board=.x.../..x.../.x..xxx/.xxxx..b/xxx[brbrr].[rbr][rb].x/...xxx../.x.x.x./x..x.x/x.b..";

fn movegen(c: &mut Criterion) {
    let start = Echelon::new(&EgOptions::default()).expect("the start");
    movegen_group(c, &[("start", start), ("midgame-ply23", position(MIDGAME)), ("endgame-ply41", position(ENDGAME))]);
}

fn perft(c: &mut Criterion) {
    let start = Echelon::new(&EgOptions::default()).expect("the start");
    perft_group(c, "perft-start", &start, &[4, 5], &[4, 5], 20);
    perft_group(c, "perft-midgame", &position::<Echelon>(MIDGAME), &[4], &[4], 20);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
