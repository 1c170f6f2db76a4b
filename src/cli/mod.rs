//! The `polyx` command-line program; enabled by the default `cli` feature.
//!
//! clap arguments → validated configuration → library calls → exit code. Exit codes:
//! 0 success, 1 a search that found nothing, 2 bad input or usage, 3 `check` found several
//! solutions, 130 a search stopped early (Ctrl-C or `--max-nodes`). A closed pipe ends quietly.

mod args;
mod check;
mod completions;
mod dlx;
mod games;
mod generate;
mod hint;
mod manpage;
mod merge;
mod noi;
mod output;
mod pieces;
mod progress;
mod sequence;
#[cfg(feature = "serve")]
mod serve;
mod show;
mod solve;
mod stl;
mod sudoku;

use std::io;
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use args::Cli;
use args::Command;

/// How a command ended, when it did not simply succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    Success,
    NotFound,
    /// Stopped by Ctrl-C or `--max-nodes` (the partial result was reported).
    Interrupted,
    /// `check`: the puzzle has several solutions.
    Several,
}

impl Status {
    fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::NotFound => 1,
            Status::Interrupted => 130,
            Status::Several => 3,
        }
    }
}

/// Runs the `polyx` command line on the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Err(usage) = cli.check() {
        usage.exit();
    }
    match run(cli) {
        Ok(status) => ExitCode::from(status.code()),
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {}", message(&err));
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<Status> {
    match cli.command {
        Command::Dlx(a) => dlx::run(&a),
        Command::Queens(a) => games::queens(&a),
        Command::Sudoku(a) => sudoku::run(&a),
        Command::Noi2005(a) => noi::run(&a),
        Command::Generate(a) => generate::run(&a),
        Command::Solve(a) => solve::run(&a, false),
        Command::Count(a) => solve::run(&a.into(), true),
        Command::Show(a) => show::show(&a),
        Command::List => show::list(),
        Command::Merge(a) => merge::run(&a),
        Command::Pieces(a) => pieces::run(&a),
        Command::Sequence(a) => sequence::run(&a),
        Command::Completions(a) => completions::run(&a),
        Command::Manpage(a) => manpage::run(&a),
        Command::Check(a) => check::run(&a),
        Command::Hint(a) => hint::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(&a),
    }
}

/// The error and its causes, each cause added only if the text so far does not already
/// show it (library errors print their source themselves).
fn message(err: &anyhow::Error) -> String {
    let mut text = err.to_string();
    for cause in err.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || matches!(
                e.downcast_ref::<crate::Error>(),
                Some(crate::Error::Io { source, .. }) if source.kind() == io::ErrorKind::BrokenPipe
            )
    })
}

/// Reads FILE, or stdin when it is absent or `-`; returns the name to use in messages
/// and the text.
pub(crate) fn read_input(file: Option<&Path>) -> Result<(String, String), crate::Error> {
    match file {
        Some(p) if p != Path::new("-") => {
            let name = p.display().to_string();
            let text = crate::input::read_file(p, &name)?;
            Ok((name, text))
        }
        _ => {
            let name = "<stdin>".to_string();
            let text = crate::input::read_text(io::stdin().lock(), &name)?;
            Ok((name, text))
        }
    }
}
