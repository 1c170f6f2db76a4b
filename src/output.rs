//! Writing an output file safely: never over one of the puzzle's own input files, and
//! atomically (a temporary file in the target's directory, then a rename over the
//! target), so a reader sees the old file or the new one, never half of one. On any
//! failure the temporary file is removed.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use crate::error::{Error, InputError};

/// Writes `bytes` to `path` atomically, refusing if `path` is one of `inputs`.
///
/// # Errors
/// An [`InputError`] if `path` names an input (compared canonically when both exist);
/// [`Error::Io`] if the temporary file cannot be written or renamed.
pub fn write_atomically(path: &Path, bytes: &[u8], inputs: &[&Path]) -> Result<(), Error> {
    refuse_input(path, inputs)?;
    let tmp = temp_path(path);
    let written = write_new(&tmp, bytes).and_then(|()| fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Error::io(path.display().to_string(), e)
    })
}

/// An [`InputError`] if `path` names one of `inputs` (compared canonically when both
/// exist): callers check this before a long search, and [`write_atomically`] again.
pub fn refuse_input(path: &Path, inputs: &[&Path]) -> Result<(), InputError> {
    match inputs.iter().find(|i| same_file(path, i)) {
        Some(input) => Err(InputError::new(format!(
            "refusing to write the output over the input file {}",
            input.display()
        ))
        .with_hint("choose another --output file")),
        None => Ok(()),
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// `.NAME.PID.N.tmp` beside `path`.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let tmp = format!(".{name}.{}.{n}.tmp", std::process::id());
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

fn write_new(tmp: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(tmp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("polyx-render-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_and_replaces_leaving_no_temp_file() {
        let dir = scratch("write");
        let out = dir.join("out.svg");
        write_atomically(&out, b"one", &[]).unwrap();
        write_atomically(&out, b"two", &[]).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"two");
        assert_eq!(entries(&dir), ["out.svg"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_an_input_path() {
        let dir = scratch("refuse");
        let input = dir.join("puzzle.toml");
        fs::write(&input, "x").unwrap();
        let other = dir.join(".").join("puzzle.toml");
        let err = write_atomically(&other, b"y", &[Path::new("-"), &input]).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("refusing to write"), "{text}");
        assert!(text.contains("hint:"), "{text}");
        assert_eq!(fs::read(&input).unwrap(), b"x");
        assert_eq!(entries(&dir), ["puzzle.toml"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failure_leaves_no_temp_file() {
        let dir = scratch("fail");
        // The target is a non-empty directory: the rename fails after the write.
        let target = dir.join("taken");
        fs::create_dir_all(target.join("inside")).unwrap();
        assert!(matches!(
            write_atomically(&target, b"z", &[]),
            Err(Error::Io { .. })
        ));
        assert_eq!(entries(&dir), ["taken"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
