//! Any text as the NOI2005 judge's input: a board or an error; a board that loads is
//! checked against the NOI2005 set (pre-placed pieces) without panicking. The search
//! itself is not run (it can take a while on a nearly empty triangle).
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyx::apps::noi2005;
use polyx::{load_piece_set, Puzzle};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match noi2005::read("fuzz.in", text) {
        Ok(board) => {
            let set = load_piece_set("noi2005", None).expect("built-in set");
            let _ = Puzzle::new(board, set).map(|p| p.problem());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
