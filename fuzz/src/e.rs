//! E: every seat keeps 5 small, 5 medium and 5 large pieces; no piece is trapped by
//! another seat in its own Home; a movement moves an uncovered piece of the mover with
//! what sits on it to a cell within its reach; an exchange alone moves exactly two pieces.

use tabula_rules::games::e::{E, EMove, EOptions, TABLES, notation};
use tabula_rules::{Game, GameOptions, MoveList, NotationError, Seat};

use super::Fuzz;

/// Start options: player counts and every rule option at least once.
const STARTS: [&str; 8] = [
    "players=2",
    "players=3",
    "players=6",
    "players=2 e.jump_cost=1 e.straight_line_only=true",
    "players=3 e.standalone_exchange=previous_move_only e.equal_size_covers=true",
    "players=4 e.seats_4p=0235 e.ge1_no_new_traps=true e.ge2_must_unstack=true",
    "players=5 e.stack_limit=3 e.ring4_medium=clockwise",
    "players=2 e.goal_requires_untouchable=true e.goal_start_pattern=true e.standalone_exchange=off",
];

fn start(line: &str) -> E {
    E::new(&EOptions::from_line(line).expect("options")).expect("a start")
}

/// A deterministic game from `game` that prefers landings on other pieces (stacks, traps
/// and exchanges), `plies` long or to its end.
fn stacked(mut game: E, plies: usize, mut seed: u64) -> E {
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = (seed >> 33) as usize;
        let onto: Vec<EMove> = moves
            .iter()
            .copied()
            .filter(|m| m.has_exchange() || (m.has_movement() && game.height(m.to as usize) > 0))
            .collect();
        let mv = if !onto.is_empty() && !pick.is_multiple_of(4) {
            onto[pick % onto.len()]
        } else {
            moves.as_slice()[pick % moves.len()]
        };
        game.play(mv);
    }
    game
}

impl Fuzz for E {
    const CANONICAL: bool = false;
    const PARSE_BACK_EVERY: usize = 4;

    /// The starts of [`STARTS`] and stacked mid-games from each.
    fn fixed() -> Vec<Self> {
        let starts: Vec<E> = STARTS.iter().map(|s| start(s)).collect();
        let mid = starts.iter().enumerate().map(|(i, &g)| stacked(g, 40 + 10 * i, i as u64 + 1));
        starts.clone().into_iter().chain(mid).collect()
    }

    fn syntax(&self, text: &str) -> Result<EMove, NotationError> {
        notation::read_move(self, text)
    }

    fn check_position(&self) {
        for s in 0..self.seats() {
            let seat = Seat(s as u8);
            let mut sizes = [0; 3];
            for (slot, size, _, trapped) in self.pieces(seat) {
                sizes[size as usize - 1] += 1;
                let home = self.home(seat) >> slot.cell & 1 != 0;
                assert!(!(home && trapped), "seat {s} trapped in its home at {}: {}", slot.cell, self.to_text());
            }
            assert_eq!(sizes, [5, 5, 5], "seat {s}'s pieces: {}", self.to_text());
        }
    }

    fn check_move(before: &Self, mv: EMove, after: &Self) {
        let text = || before.to_text();
        if mv.has_movement() {
            let moved = before.pieces(before.to_move()).find(|(slot, ..)| *slot == mv.from);
            let (_, size, covered, _) =
                moved.unwrap_or_else(|| panic!("{mv:?} moves no piece of the mover: {}", text()));
            assert!(!covered, "a covered piece moved: {mv:?} in {}", text());
            let (a, b) = (TABLES.hex.cell(mv.from.cell as usize), TABLES.hex.cell(mv.to as usize));
            let reach = if before.options().jump_cost == 1 { 2 * size } else { size };
            assert!((1..=reach as i8).contains(&a.distance(b)), "{mv:?} out of reach in {}", text());
            let carried = before.height(mv.from.cell as usize) - mv.from.level + 1;
            assert_eq!(after.height(mv.to as usize), before.height(mv.to as usize) + carried, "{}", text());
        } else if mv.has_exchange() {
            let changed: usize = (0..TABLES.hex.len())
                .map(|c| before.stack(c).iter().zip(after.stack(c)).filter(|(x, y)| *x != y).count())
                .sum();
            assert_eq!(changed, 2, "an exchange moved {changed} pieces in {}", text());
        }
    }

    fn check_end(&self) {
        let outcome = self.outcome().expect("the game is over");
        if let Some(w) = outcome.sole_winner() {
            let goal = self.goal(w);
            assert_eq!(self.present(w) & goal, goal, "a winner with an empty goal cell: {}", self.to_text());
        }
    }
}
