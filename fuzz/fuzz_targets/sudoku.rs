//! Any text as Sudoku input: puzzles or an error; each puzzle that loads builds its
//! exact-cover problem and renders its givens back without panicking.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyx::apps::sudoku;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match sudoku::parse("fuzz.txt", text) {
        Ok(puzzles) => {
            for p in &puzzles {
                let cover = p.cover();
                let _ = cover.problem().option_count();
                let _ = p.render(p.cells());
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
