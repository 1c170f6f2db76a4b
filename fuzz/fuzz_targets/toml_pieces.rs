//! Any text given as a piece set: a set or an error, never a panic; a set that loads is
//! placed on a small board (not every piece used) without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyx::{parse_board, parse_piece_set, Puzzle};

const BOARD: &str = "size = [5, 4]\nuse_all_pieces = false\ncover_all_cells = false\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_piece_set("fuzz.toml", text) {
        Ok(set) => {
            let board = parse_board("board.toml", BOARD).expect("the fixed board loads");
            let _ = Puzzle::new(board, set).map(|p| p.problem());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
