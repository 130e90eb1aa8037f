//! The setup a position is played under: its options and what follows from them (each
//! seat's camp, the seat each camp is the target of). A position holds a shared reference
//! to one kept copy per distinct setup, so that copying a position copies only the pegs,
//! the occupancy and the turn.

use std::sync::Mutex;

use super::options::CcOptions;
use crate::core::outcome::MAX_SEATS;
use crate::geometry::seating::opposite;

/// `target_seat` of a camp that is nobody's target.
pub const NO_SEAT: u8 = u8::MAX;

/// The options of a position and the seating they give.
#[derive(Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule options.
    pub options: CcOptions,
    /// The camp each seat started in.
    pub camps: [u8; MAX_SEATS],
    /// The seat whose target each camp is (index 6: no camp), [`NO_SEAT`] if none.
    pub target_seat: [u8; 7],
    /// The number of seats.
    pub seats: u8,
}

impl Setup {
    /// The kept setup of `options`, made on first use. Setups are few (a program plays
    /// under a handful of option sets), so they are kept for the life of the program.
    pub fn of(options: &CcOptions) -> &'static Setup {
        static KEPT: Mutex<Vec<&'static Setup>> = Mutex::new(Vec::new());
        let mut kept = KEPT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(setup) = kept.iter().find(|s| s.options == *options) {
            return setup;
        }
        let setup: &'static Setup = Box::leak(Box::new(Setup::new(options)));
        kept.push(setup);
        setup
    }

    fn new(options: &CcOptions) -> Setup {
        let seating = options.camps();
        let mut camps = [0; MAX_SEATS];
        camps[..seating.len()].copy_from_slice(seating);
        let mut target_seat = [NO_SEAT; 7];
        for (seat, &camp) in seating.iter().enumerate() {
            target_seat[opposite(camp) as usize] = seat as u8;
        }
        Setup { options: *options, camps, target_seat, seats: options.players }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_options_share_one_setup() {
        let two = CcOptions::default();
        let capped = CcOptions { max_plies: Some(300), ..two };
        assert!(std::ptr::eq(Setup::of(&two), Setup::of(&two.clone())));
        assert!(!std::ptr::eq(Setup::of(&two), Setup::of(&capped)));
        assert_eq!(Setup::of(&capped).options, capped);
        let three = Setup::of(&CcOptions { players: 3, ..two });
        assert_eq!((three.seats, &three.camps[..3]), (3, &[0, 2, 4][..]));
        assert_eq!(three.target_seat[3], 0);
        assert_eq!(three.target_seat[0], NO_SEAT);
    }
}
