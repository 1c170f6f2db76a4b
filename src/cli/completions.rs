//! `polyx completions SHELL`: the shell's completion script for every command and option,
//! generated from the same clap definition that parses the arguments.

use clap::CommandFactory;

use super::args::{Cli, CompletionsArgs};
use super::{output, Status};

pub fn run(args: &CompletionsArgs) -> anyhow::Result<Status> {
    let mut command = Cli::command();
    let name = command.get_name().to_string();
    let mut out = output::stdout();
    clap_complete::generate(args.shell, &mut command, name, &mut out);
    output::finish(out)?;
    Ok(Status::Success)
}
