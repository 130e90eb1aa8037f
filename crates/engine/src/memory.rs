//! Memory sized by a setting (`alphabeta`'s `hash`, `mcts`'s `memory`): asked for when the
//! searcher is built, so that a size the machine cannot give is an error before any game
//! is played, never an abort in the middle of one.
//!
//! Two rules: the allocation is fallible (`try_reserve_exact`), and a size larger than the
//! machine's physical memory is refused outright where that can be read (on Linux,
//! `MemTotal` of `/proc/meminfo`). The second rule is needed because Linux overcommits: a
//! reservation of 20 GB on a 16 GB machine may succeed and the process be killed later, when
//! the pages are written.

use std::collections::TryReserveError;
use std::fmt;

/// Memory a setting asks for that this machine cannot give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryError {
    /// The setting's key, e.g. `hash`.
    pub key: &'static str,
    /// The setting's value, in MB.
    pub mb: usize,
    /// What the memory is for, e.g. `the transposition table`.
    pub what: &'static str,
    /// Why it cannot be had.
    pub reason: Shortfall,
}

/// Why a [`MemoryError`] happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortfall {
    /// The size is larger than the machine's physical memory, this many MB.
    Physical(usize),
    /// The allocator refused the reservation.
    Allocation(TryReserveError),
    /// The size is below the smallest useful one.
    Minimum {
        /// The smallest useful size, in MB.
        min: usize,
        /// The rule that sets it, e.g. `1 MB a thread`.
        rule: &'static str,
    },
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let MemoryError { key, mb, what, .. } = self;
        match &self.reason {
            Shortfall::Physical(total) => {
                write!(f, "{key}={mb}: {mb} MB for {what} is more than this machine's physical memory ({total} MB)")
            }
            Shortfall::Allocation(e) => write!(f, "{key}={mb}: cannot allocate {mb} MB for {what} ({e})"),
            Shortfall::Minimum { min, rule } => write!(f, "{key}={mb}: {what} need at least {min} MB ({rule})"),
        }
    }
}

impl std::error::Error for MemoryError {}

/// The machine's physical memory in MB, where it can be read cheaply: on Linux, `MemTotal`
/// of `/proc/meminfo`; `None` elsewhere or if the file cannot be read.
pub fn physical_mb() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let kb: usize = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kb / 1024)
}

impl MemoryError {
    /// Refuses `mb` MB of setting `key` for `what` if it is more than `physical` MB (the
    /// machine's memory, if known).
    pub(crate) fn check(key: &'static str, mb: usize, what: &'static str, physical: Option<usize>) -> Result<(), Self> {
        match physical {
            Some(total) if mb > total => Err(MemoryError { key, mb, what, reason: Shortfall::Physical(total) }),
            _ => Ok(()),
        }
    }

    /// The error for a reservation of setting `key` (`mb` MB) for `what` that failed.
    pub(crate) fn allocation(key: &'static str, mb: usize, what: &'static str, e: TryReserveError) -> Self {
        MemoryError { key, mb, what, reason: Shortfall::Allocation(e) }
    }
}

/// `mb` megabytes in bytes, saturating: a size that does not fit a `usize` is one that no
/// reservation can meet.
pub(crate) fn bytes(mb: usize) -> usize {
    mb.saturating_mul(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_beyond_the_machine_are_refused() {
        let e = MemoryError::check("hash", 65_536, "the transposition table", Some(24_000)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hash=65536: 65536 MB for the transposition table is more than this machine's physical memory (24000 MB)"
        );
        assert!(MemoryError::check("hash", 16, "the transposition table", Some(24_000)).is_ok());
        assert!(MemoryError::check("hash", 65_536, "the transposition table", None).is_ok());
    }

    #[test]
    fn the_physical_memory_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(physical_mb().is_some_and(|mb| mb > 0));
        }
    }

    #[test]
    fn a_reservation_too_large_fails_cleanly() {
        let e = Vec::<u64>::new().try_reserve_exact(bytes(usize::MAX) / 8).unwrap_err();
        let text = MemoryError::allocation("hash", usize::MAX, "the transposition table", e).to_string();
        assert!(text.starts_with(&format!("hash={}: cannot allocate", usize::MAX)), "{text}");
    }
}
