//! The `polyx` binary: a thin shell over the library (see `cli`).
#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
