//! One memory budget for the tables that settings size (`alphabeta`'s `hash`, `mcts`'s
//! `memory`, the solver's table): a table is claimed ([`claim`]) before it is allocated, so
//! that a size the machine cannot give is an error before any game is played, never an
//! abort or a kill in the middle of one.
//!
//! What there is: the memory the machine has available now (`MemAvailable` of
//! `/proc/meminfo`), or less if the process's cgroup allows less (`memory.max` less
//! `memory.current`, or cgroup v1's `memory.limit_in_bytes` less `memory.usage_in_bytes`,
//! for its group and every group above it). Tables come zeroed from the allocator, so
//! their pages count against the machine only once they are written: until then what is
//! available does not show them. The process therefore keeps a tally of the tables it has
//! claimed and not yet dropped; the part of it not yet resident (the tally less the
//! process's resident memory) is taken off what is available before a new claim. A
//! runner that builds many tables at once (a match: seats times games at a time) adds
//! them up and asks [`headroom`] once, before it builds the first.
//!
//! The allocation itself is fallible too: an allocator that refuses is an error, not an
//! abort. Where none of this can be read (not Linux), only the allocator decides.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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
    /// The size is more than the memory there is.
    Unavailable(Headroom),
    /// The allocator refused the allocation.
    Allocation,
    /// The size is below the smallest useful one.
    Minimum {
        /// The smallest useful size, in MB.
        min: usize,
        /// The rule that sets it, e.g. `1 MB a thread`.
        rule: &'static str,
    },
}

/// What bounds the memory available.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The machine's `MemAvailable`.
    Machine,
    /// The process's cgroup: its limit less its usage.
    Cgroup,
}

/// The memory a new table may have: what is available, less what tables already claimed
/// will take when they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Headroom {
    /// The memory available, in MB.
    pub available_mb: usize,
    /// Which bound gave it.
    pub limit: Limit,
    /// MB claimed by this process's live tables and not yet resident.
    pub promised_mb: usize,
}

impl Headroom {
    /// The MB a new table may take.
    pub fn mb(&self) -> usize {
        self.available_mb.saturating_sub(self.promised_mb)
    }
}

impl fmt::Display for Headroom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = match self.limit {
            Limit::Machine => "MemAvailable",
            Limit::Cgroup => "the cgroup's limit less its usage",
        };
        write!(f, "{} MB ({source}: {} MB", self.mb(), self.available_mb)?;
        if self.promised_mb > 0 {
            write!(f, ", less {} MB promised to tables already made", self.promised_mb)?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for MemoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let MemoryError { key, mb, what, .. } = self;
        match &self.reason {
            Shortfall::Unavailable(room) => {
                write!(f, "{key}={mb}: {mb} MB for {what} is more than the memory available, {room}")
            }
            Shortfall::Allocation => write!(f, "{key}={mb}: the allocator refused {mb} MB for {what}"),
            Shortfall::Minimum { min, rule } => write!(f, "{key}={mb}: {what} need at least {min} MB ({rule})"),
        }
    }
}

impl std::error::Error for MemoryError {}

/// Bytes claimed by live tables of this process.
static CLAIMED: AtomicUsize = AtomicUsize::new(0);
/// Held while a claim is checked and counted, so that two claims at once both see the other.
static CLAIMING: Mutex<()> = Mutex::new(());

/// Memory counted against the budget while it lives: a table holds one.
#[derive(Debug)]
pub struct Claim {
    bytes: usize,
}

impl Drop for Claim {
    fn drop(&mut self) {
        CLAIMED.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

/// Claims `mb` MB of setting `key` for `what`: refused if it is more than the [`headroom`].
pub fn claim(key: &'static str, mb: usize, what: &'static str) -> Result<Claim, MemoryError> {
    let _turn = CLAIMING.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(room) = headroom()
        && mb > room.mb()
    {
        return Err(MemoryError { key, mb, what, reason: Shortfall::Unavailable(room) });
    }
    let bytes = bytes(mb);
    CLAIMED.fetch_add(bytes, Ordering::Relaxed);
    Ok(Claim { bytes })
}

/// The memory a new table may have now, where it can be read (see the module's text).
pub fn headroom() -> Option<Headroom> {
    let (available, limit) = available()?;
    let promised = CLAIMED.load(Ordering::Relaxed).saturating_sub(resident_bytes().unwrap_or(0));
    Some(Headroom { available_mb: available >> 20, limit, promised_mb: promised.div_ceil(1 << 20) })
}

/// Bytes available to this process and what bounds them: the smaller of `MemAvailable` and
/// the headroom of every cgroup the process is in.
fn available() -> Option<(usize, Limit)> {
    let machine = meminfo_kb(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemAvailable:")?.saturating_mul(1024);
    let groups = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    Some(match cgroup_headroom(&groups, |path| std::fs::read_to_string(path).ok()) {
        Some(group) if group < machine => (group, Limit::Cgroup),
        _ => (machine, Limit::Machine),
    })
}

/// The value of `field` (e.g. `MemAvailable:`) in a `/proc/meminfo` text, in kB.
fn meminfo_kb(info: &str, field: &str) -> Option<usize> {
    let line = info.lines().find(|l| l.starts_with(field))?;
    let mut words = line[field.len()..].split_whitespace();
    let kb = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then_some(kb)
}

/// The process's resident memory in bytes (`VmRSS` of `/proc/self/status`).
pub(crate) fn resident_bytes() -> Option<usize> {
    meminfo_kb(&std::fs::read_to_string("/proc/self/status").ok()?, "VmRSS:").map(|kb| kb * 1024)
}

/// The smallest headroom (limit less usage) of the memory cgroups named in a
/// `/proc/self/cgroup` text, their ancestors included, reading files through `read`.
/// A limit of 2^62 bytes or more is cgroup v1's way of saying none.
fn cgroup_headroom(groups: &str, read: impl Fn(&str) -> Option<String>) -> Option<usize> {
    let number = |path: String| read(&path)?.trim().parse::<usize>().ok();
    let mut least: Option<usize> = None;
    for line in groups.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let (base, max, current) = if controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            ("/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes")
        } else {
            continue;
        };
        let mut dir = path.trim_end_matches('/').to_string();
        loop {
            if let (Some(limit), Some(used)) =
                (number(format!("{base}{dir}/{max}")), number(format!("{base}{dir}/{current}")))
                && limit < 1 << 62
            {
                let room = limit.saturating_sub(used);
                least = Some(least.map_or(room, |l| l.min(room)));
            }
            match dir.rfind('/') {
                Some(cut) => dir.truncate(cut),
                None => break,
            }
        }
    }
    least
}

/// `mb` megabytes in bytes, saturating: a size that does not fit a `usize` is one that no
/// allocation can meet.
pub(crate) fn bytes(mb: usize) -> usize {
    mb.saturating_mul(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_fields_are_read_in_kb() {
        let info = "MemTotal:       24683772 kB\nMemFree:  100 kB\nMemAvailable:   24096140 kB\n";
        assert_eq!(meminfo_kb(info, "MemAvailable:"), Some(24_096_140));
        assert_eq!(meminfo_kb(info, "MemTotal:"), Some(24_683_772));
        assert_eq!(meminfo_kb("MemAvailable: 12 MB\n", "MemAvailable:"), None);
        assert_eq!(meminfo_kb(info, "SwapTotal:"), None);
    }

    #[test]
    fn the_tightest_cgroup_on_the_path_bounds_the_memory() {
        let files = |path: &str| {
            Some(
                match path {
                    "/sys/fs/cgroup/jobs/7/memory.max" => "max",
                    "/sys/fs/cgroup/jobs/7/memory.current" => "100",
                    "/sys/fs/cgroup/jobs/memory.max" => "1000",
                    "/sys/fs/cgroup/jobs/memory.current" => "400",
                    "/sys/fs/cgroup/memory/slurm/memory.limit_in_bytes" => "9223372036854771712",
                    "/sys/fs/cgroup/memory/slurm/memory.usage_in_bytes" => "5",
                    _ => return None,
                }
                .to_string(),
            )
        };
        assert_eq!(cgroup_headroom("0::/jobs/7\n", files), Some(600));
        assert_eq!(cgroup_headroom("0::/\n", files), None);
        assert_eq!(cgroup_headroom("4:memory:/slurm\n3:cpu:/jobs\n", files), None);
        assert_eq!(cgroup_headroom("4:cpuacct,memory:/jobs/7\n0::/jobs/7\n", files), Some(600));
        assert_eq!(cgroup_headroom("garbage\n", files), None);
    }

    #[test]
    fn the_machine_s_memory_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(headroom().is_some_and(|room| room.available_mb > 0));
            assert!(resident_bytes().is_some_and(|b| b > 0));
        }
    }

    #[test]
    fn a_claim_beyond_the_headroom_is_refused_and_names_the_setting() {
        let Some(room) = headroom() else { return };
        let e = claim("hash", room.available_mb + 1, "the transposition table").unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with(&format!("hash={}: {} MB for the transposition table", e.mb, e.mb)), "{text}");
        assert!(text.contains("is more than the memory available"), "{text}");
    }

    #[test]
    fn claims_count_until_dropped() {
        let Some(room) = headroom() else { return };
        // Two claims of 60% each: the first fits, the second does not while the first
        // lives (it is not resident: nothing was allocated), and fits once it is gone.
        let share = room.available_mb * 6 / 10;
        let first = claim("hash", share, "the transposition table").unwrap();
        let refused = claim("hash", share, "the transposition table").unwrap_err();
        let Shortfall::Unavailable(seen) = refused.reason else { panic!("{refused}") };
        assert!(seen.promised_mb > share / 2, "{seen:?}");
        assert!(refused.to_string().contains("promised to tables already made"), "{refused}");
        drop(first);
        assert!(claim("hash", share, "the transposition table").is_ok());
    }

    #[test]
    fn the_headroom_reads_as_a_sentence() {
        let room = Headroom { available_mb: 9000, limit: Limit::Cgroup, promised_mb: 1000 };
        assert_eq!(room.mb(), 8000);
        assert_eq!(
            room.to_string(),
            "8000 MB (the cgroup's limit less its usage: 9000 MB, less 1000 MB promised to tables already made)"
        );
        let e = MemoryError { key: "hash", mb: 65_536, what: "the transposition table", reason: Shortfall::Allocation };
        assert_eq!(e.to_string(), "hash=65536: the allocator refused 65536 MB for the transposition table");
    }
}
