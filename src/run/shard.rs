//! `--shard I/N`: the I-th of N deterministic parts of a search. The tree is split the
//! same way whatever the machine or thread count ([`super::plan::shard_tasks`]), and
//! subproblem `k` of that split belongs to shard `k mod N`; the N parts together are the
//! whole search, each node and solution in exactly one of them.

use serde::{Deserialize, Serialize};

use crate::error::InputError;

/// Part `index` (1-based) of `count` parts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// How many parts.
    pub count: u32,
}

/// The most parts a tree is cut into.
pub const MAX_SHARDS: u32 = 100_000;

impl Shard {
    /// The whole search as one part.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Parses `I/N` with `1 <= I <= N` (at most 100,000 parts).
    ///
    /// # Errors
    /// An [`InputError`] naming the expected form.
    pub fn parse(text: &str) -> Result<Shard, InputError> {
        let bad = || {
            InputError::new(format!("--shard {text:?} is not of the form I/N"))
                .with_hint("give the part and the number of parts, e.g. --shard 3/8 (1 <= I <= N)")
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.trim().parse().map_err(|_| bad())?;
        let count: u32 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        if count > MAX_SHARDS {
            return Err(InputError::new(format!(
                "--shard {text}: {count} parts is more than the limit of {MAX_SHARDS}"
            ))
            .with_hint("the tree is split into 64 subproblems per part, all held in memory"));
        }
        Ok(Shard { index, count })
    }

    /// Does subproblem `k` (0-based, in the order of the shard split) belong here?
    pub fn owns(self, k: usize) -> bool {
        k % self.count as usize == (self.index - 1) as usize
    }

    /// True for the whole search as one part.
    pub fn is_whole(self) -> bool {
        self.count == 1
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_owns() {
        let s = Shard::parse("2/3").unwrap();
        assert_eq!(s, Shard { index: 2, count: 3 });
        assert!(s.owns(1) && s.owns(4) && !s.owns(0) && !s.owns(2));
        assert_eq!(s.to_string(), "2/3");
        for bad in ["0/3", "4/3", "1/0", "x", "1/", "/2", "1-2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert!(Shard::WHOLE.owns(7));
    }
}
