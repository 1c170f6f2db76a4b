//! Any text in Knuth's DLX format: a problem or an error; a problem that loads is written
//! back and read again (same text), and its first few solutions are searched for and
//! checked, with a node budget so that the fuzzer never waits on a hard instance.
#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use polyx::cover::{knuth, Search, Visit};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match knuth::read("fuzz.dlx", text) {
        Ok(problem) => {
            let written = knuth::write(&problem);
            let again = knuth::read("again.dlx", &written).expect("our own output reads back");
            assert_eq!(knuth::write(&again), written);
            if problem.option_count() <= 64 && problem.item_count() <= 64 {
                let mut search = Search::new(&problem);
                let mut found = 0;
                search.run(&mut |_: &Visit<'_>| {
                    found += 1;
                    if found >= 8 {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
