//! Coaster Chess move generation and perft.

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_benches::{movegen_group, perft_group, start};
use tabula_rules::games::martian_chess::CoasterChess;

fn movegen(c: &mut Criterion) {
    let positions: [(&str, CoasterChess); 2] = [("start-2p", start(2, &[])), ("start-4p", start(4, &[]))];
    movegen_group(c, &positions);
}

fn perft(c: &mut Criterion) {
    perft_group(c, "perft-2p-clock-off", &start::<CoasterChess>(2, &[("mc.clock", "off")]), &[5], &[5], 10);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
