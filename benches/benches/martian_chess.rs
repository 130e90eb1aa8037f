//! Martian Chess move generation and perft. The 2-player start is benched with the clock
//! off (10 moves a ply) and with the default callable clock (each move also with `!` until
//! someone calls).

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_benches::{movegen_group, perft_group, position, start};
use tabula_rules::games::martian_chess::MartianChess;

/// A midgame from the perft table: captures, a canal crossing and no rejection in play.
const MIDGAME: &str = "martian-chess players=2 turn=1 ply=15 passes=0 points=5,3 clock=- last=d2-d7 \
                       board=QQD./.DPQ/..P./..../.PP./..../.PD./.DQQ";

fn movegen(c: &mut Criterion) {
    let positions: [(&str, MartianChess); 3] =
        [("start-2p", start(2, &[])), ("midgame-2p", position(MIDGAME)), ("start-4p", start(4, &[]))];
    movegen_group(c, &positions);
}

fn perft(c: &mut Criterion) {
    perft_group(c, "perft-2p-clock-off", &start::<MartianChess>(2, &[("mc.clock", "off")]), &[5, 6], &[5, 6], 10);
    perft_group(c, "perft-2p", &start::<MartianChess>(2, &[]), &[5], &[5], 10);
}

criterion_group!(benches, movegen, perft);
criterion_main!(benches);
