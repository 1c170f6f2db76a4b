//! The `polyx` binary: a thin shell over the library (see `cli`).

// See the same allowance in `src/lib.rs`: `polyx::Error` is cold and returned once.
#![allow(clippy::result_large_err)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
