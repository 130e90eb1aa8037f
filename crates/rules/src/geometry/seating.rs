//! Seating on a six-sector hex board (the Chinese Checkers star's camps, E's sectors):
//! which sector each seat sits in for a player count, sectors numbered clockwise from the
//! top. A seat's goal is the sector opposite its own.

crate::words! {
    /// Which sectors four players take (`cc.seats_4p`, `e.seats_4p`).
    pub enum Seats4p {
        /// Sectors 0, 1, 3, 4.
        #[default]
        C0134 = "0134",
        /// Sectors 0, 2, 3, 5.
        C0235 = "0235",
    }
}

/// The sectors of seats 0, 1, … for `players` (2 to 6): two across from each other, three
/// every other sector (or three side by side with `three_adjacent`), four as `four` says,
/// five leaving sector 5 empty, six all round.
pub const fn sectors(players: u8, four: Seats4p, three_adjacent: bool) -> &'static [u8] {
    match (players, four, three_adjacent) {
        (2, _, _) => &[0, 3],
        (3, _, false) => &[0, 2, 4],
        (3, _, true) => &[0, 1, 2],
        (4, Seats4p::C0134, _) => &[0, 1, 3, 4],
        (4, Seats4p::C0235, _) => &[0, 2, 3, 5],
        (5, _, _) => &[0, 1, 2, 3, 4],
        _ => &[0, 1, 2, 3, 4, 5],
    }
}

/// The sector across the board from `sector`: the goal of a seat that starts there.
#[inline(always)]
pub const fn opposite(sector: u8) -> u8 {
    (sector + 3) % 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_count_seats_distinct_sectors_in_clockwise_order() {
        for players in 2..=6 {
            for four in [Seats4p::C0134, Seats4p::C0235] {
                for adjacent in [false, true] {
                    let s = sectors(players, four, adjacent);
                    assert_eq!(s.len(), players as usize);
                    assert!(s.windows(2).all(|w| w[0] < w[1]) && s[0] == 0, "{s:?}");
                }
            }
        }
        // With two, four and six players every goal is another seat's home.
        for s in
            [sectors(2, Seats4p::C0134, false), sectors(4, Seats4p::C0235, false), sectors(6, Seats4p::C0134, false)]
        {
            assert!(s.iter().all(|&k| s.contains(&opposite(k))), "{s:?}");
        }
        assert_eq!(opposite(4), 1);
    }
}
