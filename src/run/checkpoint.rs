//! The saved state of a long run, as JSON: a fingerprint of the problem and options, the
//! counters of the work already committed, and the tasks still to do (each a subproblem
//! and, if a worker had started it, the [`Resume`] point where it stopped). Committed
//! work and remaining tasks never overlap, so a resumed run counts everything once.
//! Files are written atomically (temporary file, then rename).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::count::Count;
use crate::cover::search::PathError;
use crate::cover::{Problem, Resume, Stats, Subproblem};
use crate::error::{Error, InputError};

use super::shard::Shard;

/// A task still to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub sub: Subproblem,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<Resume>,
}

/// The state of a run that can be resumed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    pub format: String,
    /// [`fingerprint`] of the problem and the options that change the result.
    pub fingerprint: String,
    /// For messages: the puzzle's name and the options, as the user gave them.
    pub puzzle: String,
    pub options: String,
    /// Solutions committed (as the search counts them); printed ones when printing.
    pub solutions: Count,
    /// Engine counters of the committed work.
    pub stats: Stats,
    /// Knuth's estimate of the share of the tree already done.
    pub done: f64,
    /// Milliseconds spent in earlier runs.
    pub elapsed_ms: u64,
    /// The remaining tasks, in search order.
    pub tasks: Vec<Task>,
}

/// The version of the file and of the paths it holds. A path names a node of an
/// engine's tree as the engine builds it (the bitboard engine's: the part of the
/// reduction first, then positions in lists whose content and order its tables decide),
/// so the version changes whenever an engine would read a saved path as another node:
/// an older checkpoint is then refused rather than misread.
pub const FORMAT: &str = "polyx-checkpoint-8";

/// A hash (FNV-1a, 64 bits, stable across builds) of the exact-cover matrix and of
/// `options`, a text naming everything else that changes the result (mode, shard, ...).
pub fn fingerprint(problem: &Problem, options: &str) -> String {
    let mut h = Fnv::default();
    h.write(&(problem.item_count() as u64).to_le_bytes());
    h.write(&(problem.primary_count() as u64).to_le_bytes());
    for item in problem.items() {
        let b = problem.bounds(item);
        h.write(format!("{b:?}").as_bytes());
    }
    for o in problem.options() {
        h.write(&[0xff]);
        for item in problem.option(o) {
            h.write(&item.0.to_le_bytes());
        }
    }
    h.write(options.as_bytes());
    format!("{:016x}", h.0)
}

struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The options text that goes into a fingerprint: the search's `settings`
/// ([`super::Identity::settings`]), the shard and whether the run prints.
pub fn options_text(settings: &str, shard: Shard, printing: bool) -> String {
    format!(
        "{settings} shard={shard} {}",
        if printing { "print" } else { "count" }
    )
}

/// The error of a subproblem path that the search does not have: a checkpoint of
/// another search.
pub(super) fn path_error(e: PathError) -> Error {
    InputError::new(format!("the checkpoint does not fit this puzzle: {e}"))
        .with_hint("remove the checkpoint file and start again")
        .into()
}

impl Checkpoint {
    /// Reads `path` if it exists; refuses a checkpoint of another problem or options.
    ///
    /// # Errors
    /// An [`InputError`] if the file is not a checkpoint or belongs to another run;
    /// [`Error::Io`] if it cannot be read.
    pub fn load(path: &Path, fingerprint: &str) -> Result<Option<Checkpoint>, Error> {
        let name = path.display().to_string();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(name, e)),
        };
        let cp: Checkpoint = serde_json::from_str(&text).map_err(|e| {
            InputError::in_file(&name, format!("is not a polyx checkpoint: {e}"))
                .with_hint("give another --checkpoint file, or remove this one")
        })?;
        if cp.format != FORMAT {
            return Err(InputError::in_file(
                &name,
                format!("is a checkpoint of format {:?}, not {FORMAT:?}", cp.format),
            )
            .into());
        }
        if cp.fingerprint != fingerprint {
            return Err(InputError::in_file(
                &name,
                format!(
                    "is the checkpoint of another puzzle or other options ({}, {})",
                    cp.puzzle, cp.options
                ),
            )
            .with_hint("run with the same puzzle and options, or use another --checkpoint file")
            .into());
        }
        Ok(Some(cp))
    }

    /// Writes the checkpoint to `path` atomically.
    ///
    /// # Errors
    /// [`Error::Io`] if the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let text = serde_json::to_string(self).expect("a checkpoint always serializes");
        crate::output::write_atomically(path, text.as_bytes(), &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprint_tells_problems_and_options_apart() {
        let mut p = Problem::new();
        let [a, b] = ["a", "b"].map(|n| p.add_primary(n));
        p.add_option(&[a, b]).unwrap();
        let f1 = fingerprint(&p, "x");
        assert_eq!(f1, fingerprint(&p, "x"));
        assert_ne!(f1, fingerprint(&p, "y"));
        p.add_option(&[a]).unwrap();
        assert_ne!(f1, fingerprint(&p, "x"));
    }

    #[test]
    fn a_checkpoint_of_another_format_is_refused() {
        // Its paths would name other nodes: it is refused, and the message names both
        // formats.
        let cp = Checkpoint {
            format: "polyx-checkpoint-6".into(),
            fingerprint: "f".into(),
            puzzle: "scott".into(),
            options: "keep".into(),
            solutions: Count::ZERO,
            stats: Stats::default(),
            done: 0.0,
            elapsed_ms: 0,
            tasks: Vec::new(),
        };
        let path = std::env::temp_dir().join(format!("polyx-old-{}.json", std::process::id()));
        std::fs::write(&path, serde_json::to_string(&cp).unwrap()).unwrap();
        let err = Checkpoint::load(&path, "f").unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(err.contains("format \"polyx-checkpoint-6\""), "{err}");
        assert!(err.contains(FORMAT), "{err}");
    }
}
