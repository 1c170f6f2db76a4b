//! Reading a user's file or stream as text, with a size limit: input larger than
//! [`MAX_INPUT_BYTES`] (say `/dev/zero`, or a wrong file) is refused with an
//! [`InputError`] instead of being read until memory runs out, and text that is not UTF-8
//! is an [`InputError`] naming the offset of the first bad byte.

use std::io::Read;
use std::path::Path;

use crate::error::{Error, InputError, Location};

/// The most bytes read from one input file or stream (256 MiB).
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// Reads all of `reader` as UTF-8 text; `name` is the file's name in messages.
///
/// # Errors
/// [`InputError`] if the input is larger than [`MAX_INPUT_BYTES`] or not UTF-8;
/// [`Error::Io`] if reading fails.
pub fn read_text(reader: impl Read, name: &str) -> Result<String, Error> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(name, e))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::in_file(
            name,
            format!(
                "the input is larger than {} MiB, the limit",
                MAX_INPUT_BYTES >> 20
            ),
        )
        .with_hint("check that this is the file you meant")
        .into());
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        // The line and column of the bad byte, and its line shown with replacements.
        let line_start = bytes[..offset]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let before = std::str::from_utf8(&bytes[line_start..offset]).unwrap_or("");
        let line_end = bytes[line_start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| line_start + i);
        let location = Location {
            path: name.to_string(),
            line: bytes[..offset].iter().filter(|&&b| b == b'\n').count() + 1,
            column: before.chars().count() + 1,
            line_text: String::from_utf8_lossy(&bytes[line_start..line_end])
                .trim_end_matches('\r')
                .to_string(),
        };
        InputError::at(
            location,
            format!("the file is not UTF-8 text (bad byte at offset {offset})"),
        )
        .with_hint("save the file as UTF-8 text")
        .into()
    })
}

/// Reads the file at `path` (`name` in messages) as text; a folder is an [`InputError`].
///
/// # Errors
/// As [`read_text`]; [`Error::Io`] if the file cannot be opened (the caller may turn
/// "not found" into a friendlier message).
pub fn read_file(path: &Path, name: &str) -> Result<String, Error> {
    if path.is_dir() {
        return Err(InputError::in_file(name, "is a folder, not a file")
            .with_hint("name a file, e.g. `boards/6x10.toml`")
            .into());
    }
    let file = std::fs::File::open(path).map_err(|e| Error::io(name, e))?;
    read_text(file, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_much_input_is_refused() {
        let endless = std::io::repeat(b'a');
        let err = read_text(endless, "zero").unwrap_err();
        assert!(err.to_string().contains("larger than 256 MiB"), "{err}");
    }

    #[test]
    fn bad_utf8_names_the_offset() {
        let err = read_text(&b"x = 1\nab\xffc\n"[..], "f").unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("f:2:3: the file is not UTF-8 text (bad byte at offset 8)"),
            "{text}"
        );
        assert!(text.contains("2 | ab\u{fffd}c"), "{text}");
    }
}
