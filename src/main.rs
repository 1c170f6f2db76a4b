//! The `polyx` binary: a thin shell over the library (see `cli`), and its allocator
//! (see `heap`).
#![deny(unsafe_code)]

mod cli;
mod heap;

/// See `heap`: search commands enable its region.
#[global_allocator]
static HEAP: heap::Heap = heap::Heap::new();

fn main() -> std::process::ExitCode {
    cli::main()
}
