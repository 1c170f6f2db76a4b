//! How many live states a sweep may hold before it gives way to the search: as many as
//! fit in a quarter of the memory the system has free, between 2^20 and 2^24 states.
//! A state costs about 128 bytes at a layer's peak (its key and `u128` count in two
//! open-addressing tables at most half full, one of them growing), measured on the
//! 4 × 6 × 6 dicube box (2^22 states, 511 MB) and the 15 × 15 tromino square (2^23,
//! 1,011 MB); `docs/benchmarks/transfer.md`. A board whose layers pass the budget has
//! too many profiles for the sweep and, as a rule, too many tilings for the search.

/// Bytes of memory one live state takes at a layer's peak.
const BYTES_PER_STATE: u64 = 128;

/// The fewest states a sweep may hold, whatever the free memory (128 MiB).
const LEAST: usize = 1 << 20;

/// The most states a sweep may hold (2 GiB).
const MOST: usize = 1 << 24;

/// The budget when the free memory is unknown (512 MiB).
const UNKNOWN: usize = 1 << 22;

/// The most states a layer of a sweep may hold on this machine now.
pub fn state_budget() -> usize {
    available_bytes().map_or(UNKNOWN, budget_for)
}

/// The budget with `available` bytes of memory free.
fn budget_for(available: u64) -> usize {
    let states = available / 4 / BYTES_PER_STATE;
    usize::try_from(states).unwrap_or(MOST).clamp(LEAST, MOST)
}

/// `MemAvailable` of `/proc/meminfo`, in bytes (Linux); `None` elsewhere.
fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_is_a_quarter_of_free_memory_within_its_bounds() {
        assert_eq!(budget_for(0), LEAST);
        assert_eq!(budget_for(1 << 30), LEAST * 2);
        assert_eq!(budget_for(u64::MAX), MOST);
        let now = state_budget();
        assert!((LEAST..=MOST).contains(&now), "{now}");
    }
}
