//! The `polyx` binary: a thin shell over the library's command line (`src/cli/`, private to the library).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    polyx::cli_main()
}
