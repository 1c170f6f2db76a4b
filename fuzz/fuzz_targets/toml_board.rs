//! Any text given as a board: the loader returns a board or an error, never panics; a
//! board that loads meets a small piece set in `Puzzle::new` without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyx::{parse_board, parse_piece_set, Puzzle};

const SET: &str =
    "[[piece]]\nname = \"D\"\nshape = \"##\"\n[[piece]]\nname = \"M\"\nshape = \"#\"\ncount = 3\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_board("fuzz.toml", text) {
        Ok(board) => {
            let set = parse_piece_set("set.toml", SET).expect("the fixed set loads");
            let _ = Puzzle::new(board, set).map(|p| p.problem());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
