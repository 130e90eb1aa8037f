//! Martian Chess and Coaster Chess: options chosen by two bytes; pips conserved, points
//! are the pips captured; moves from the mover's zone, never the rejected return, `pass`
//! only alone.

use tabula_rules::games::martian_chess::{Mc, McMove, McOptions, Variant, notation};
use tabula_rules::{Game, GameOptions, NotationError, Seat};

use super::Fuzz;

/// A Martian Chess midgame from the perft table: captures, a canal crossing and no
/// rejection in play.
const MIDGAME: &str = "martian-chess players=2 turn=1 ply=15 passes=0 points=5,3 clock=- last=d2-d7 \
                       board=QQD./.DPQ/..P./..../.PP./..../.PD./.DQQ";

/// The start for the options that bytes `a` and `b` choose (bit 0 of `a` is unused).
fn start<V: Variant>(a: u8, b: u8) -> Option<Mc<V>> {
    let mut o = McOptions::<V>::default();
    let players = if a & 2 != 0 { 4 } else { 2 };
    o.set_players(players).ok()?;
    o.set("mc.clock", ["callable", "always_on", "off", "callable"][(a >> 2 & 3) as usize]).ok()?;
    o.set("mc.field_promotion", if a & 16 != 0 { "true" } else { "false" }).ok()?;
    o.set("mc.no_move", if a & 32 != 0 { "end_game_and_score" } else { "pass" }).ok()?;
    o.set("mc.clock_limit", &(1 + (b & 31)).to_string()).ok()?;
    if players == 4 {
        o.set(
            if b & 32 != 0 { "mc.teams" } else { "mc.no_reject_4p" },
            if b & 32 != 0 { "true" } else { "next_player_only" },
        )
        .ok()?;
    }
    if V::COASTER {
        o.set("mc.move_model", ["path", "straight_start", "straight_each", "path"][(b >> 6) as usize]).ok()?;
        if players == 2 && a & 64 != 0 {
            o.set("mc.canal", "vertical").ok()?;
        }
        o.set("mc.setup_mirror", if a & 128 != 0 { "true" } else { "false" }).ok()?;
    } else if a & 64 != 0 {
        o.set("max_plies", &(1 + b as u32).to_string()).ok()?;
    }
    Mc::new(&o).ok()
}

/// The points of every seat.
fn points<V: Variant>(game: &Mc<V>) -> u32 {
    (0..game.seats()).map(|s| game.points(Seat(s as u8)) as u32).sum()
}

impl<V: Variant> Fuzz for Mc<V> {
    const CANONICAL: bool = true;

    /// The starts of 2 and 4 players, and for Martian Chess the [`MIDGAME`].
    fn fixed() -> Vec<Self> {
        let starts = [2, 4].map(|players| {
            let mut options = McOptions::<V>::default();
            options.set_players(players).expect("2 or 4 players");
            Mc::new(&options).expect("a start position")
        });
        let mid = (!V::COASTER).then(|| Mc::from_text(MIDGAME).unwrap_or_else(|e| panic!("{MIDGAME}: {e}")));
        starts.into_iter().chain(mid).collect()
    }

    /// The first two bytes choose the options of a start.
    fn pick(data: &[u8]) -> Option<(Self, &[u8])> {
        let [a, b, rest @ ..] = data else { return None };
        Some((start(*a, *b)?, rest))
    }

    fn syntax(&self, text: &str) -> Result<McMove, NotationError> {
        notation::parse_move(self.topology(), text)
    }

    fn check_moves(&self, moves: &[McMove]) {
        let passes = moves.iter().filter(|m| m.is_pass()).count();
        assert!(passes == 0 || passes == moves.len(), "pass beside other moves in {}", self.to_text());
        let zone = self.zone(self.to_move());
        for &mv in moves.iter().filter(|m| !m.is_pass()) {
            assert!(zone >> mv.from & 1 == 1, "{mv:?} from outside the mover's zone in {}", self.to_text());
            if let Some((from, to)) = self.memory() {
                assert!((mv.from as usize, mv.to as usize) != (to, from), "a rejected move in {}", self.to_text());
            }
        }
    }

    fn check_move(before: &Self, mv: McMove, after: &Self) {
        let gain = if before.is_capture(mv) { before.size_at(mv.to as usize) as u32 } else { 0 };
        assert_eq!(points(after), points(before) + gain, "points are not the pips captured in {}", before.to_text());
        let total = |game: &Self| game.pips_on_board() + points(game);
        assert_eq!(total(after), total(before), "pips are not conserved in {}", before.to_text());
    }
}
