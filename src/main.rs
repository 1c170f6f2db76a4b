//! The `polyx` binary: a thin shell over the library's command line (`polyx::cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    polyx::cli::main()
}
