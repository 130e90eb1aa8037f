//! How games end, where the rules of several games agree: the first winner after a move
//! (the mover first, then the seats after it in turn order), the all-pass draw and the
//! ply cap (`max_plies`), and the words that say so.

use super::outcome::Seat;
use super::settings::Limit;
use super::turn::Turn;

/// The key of the ply cap.
pub const MAX_PLIES: &str = "max_plies";

/// The `max_plies` option of every game: the game ends once this many plies are played.
pub const fn max_plies<T>(get: fn(&T) -> Option<u32>, set: fn(&mut T, Option<u32>)) -> Limit<T, u32> {
    Limit {
        key: MAX_PLIES,
        doc: "end the game once this many plies are played (a draw, or scored as the game scores an end)",
        min: 1,
        max: u32::MAX,
        get,
        set,
    }
}

/// Whether the ply cap is reached after `ply` plies.
#[inline(always)]
pub fn capped(ply: u32, max_plies: Option<u32>) -> bool {
    max_plies.is_some_and(|m| ply >= m)
}

/// Whether every one of `seats` seats has passed in a row: the all-pass rule.
#[inline(always)]
pub fn all_passed(passes: u32, seats: u32) -> bool {
    passes >= seats
}

/// The first winner after `mover` moved, among the seats in `candidates` (a bit per seat):
/// the mover if `has_won` says so, else the first seat after it in turn order that has.
#[inline(always)]
pub fn first_winner(mover: u8, seats: u8, candidates: u8, has_won: impl Fn(usize) -> bool) -> Option<Seat> {
    let n = seats as u32;
    let all = (1u32 << n) - 1;
    // Rotate so that bit k stands for seat mover + k (mod n): lowest bit first.
    let c = candidates as u32 & all;
    let mut order = ((c >> mover) | (c << (n - mover as u32))) & all;
    while order != 0 {
        let seat = (mover as u32 + order.trailing_zeros()) % n;
        if has_won(seat as usize) {
            return Some(Seat(seat as u8));
        }
        order &= order - 1;
    }
    None
}

/// The reason of a game ended by every seat passing in a row.
pub const ALL_PASSED: &str = "every seat passed in turn";

/// The reason of a game ended by the ply cap `max_plies`.
pub fn cap_reason(max_plies: u32) -> String {
    format!("the ply limit max_plies={max_plies} was reached")
}

/// Why a finished game ended by one of the shared rules, in the order the games test them
/// after their own: every one of `seats` seats passing in a row, then the ply cap; `None`
/// if neither holds in `turn`.
pub fn shared_reason(turn: &Turn, seats: usize, max_plies: Option<u32>) -> Option<String> {
    if all_passed(turn.passes as u32, seats as u32) {
        return Some(ALL_PASSED.to_string());
    }
    match max_plies {
        Some(max) if capped(turn.ply, max_plies) => Some(cap_reason(max)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mover_wins_first_then_turn_order() {
        let won = |seats: &'static [usize]| move |s: usize| seats.contains(&s);
        assert_eq!(first_winner(2, 4, 0b1111, won(&[0, 2])), Some(Seat(2)));
        assert_eq!(first_winner(2, 4, 0b1111, won(&[0, 1])), Some(Seat(0)));
        assert_eq!(first_winner(3, 6, 0b11_1111, won(&[1, 5])), Some(Seat(5)));
        // Only candidates are asked.
        assert_eq!(first_winner(0, 3, 0b010, won(&[0, 2])), None);
        assert_eq!(first_winner(0, 3, 0b110, won(&[1, 2])), Some(Seat(1)));
        assert_eq!(first_winner(1, 2, 0, won(&[0, 1])), None);
    }

    #[test]
    fn passes_and_the_cap() {
        assert!(all_passed(3, 3) && !all_passed(2, 3));
        assert!(capped(10, Some(10)) && !capped(9, Some(10)) && !capped(u32::MAX, None));
    }

    #[test]
    fn shared_reasons_put_the_passes_before_the_cap() {
        let turn = |ply, passes| Turn::new(0, ply, passes);
        assert_eq!(shared_reason(&turn(10, 2), 2, Some(10)).as_deref(), Some(ALL_PASSED));
        assert_eq!(shared_reason(&turn(10, 1), 2, Some(10)), Some("the ply limit max_plies=10 was reached".into()));
        assert_eq!(shared_reason(&turn(9, 2), 3, Some(10)), None);
        assert_eq!(shared_reason(&turn(500, 0), 2, None), None);
    }
}
