//! `polyx manpage [COMMAND]`: the man page of polyx or of one of its commands, in roff,
//! generated from the same clap definition that parses the arguments.

use crate::InputError;
use clap::CommandFactory;

use super::args::{Cli, ManpageArgs};
use super::{output, Status};

pub fn run(args: &ManpageArgs) -> anyhow::Result<Status> {
    let mut polyx = Cli::command().disable_help_subcommand(true);
    // Built, each command knows its page's name (polyx-solve) and its usage line.
    polyx.build();
    let page = match &args.command {
        None => clap_mangen::Man::new(polyx),
        Some(name) => {
            let command = polyx.find_subcommand(name).cloned().ok_or_else(|| {
                let names: Vec<&str> = polyx.get_subcommands().map(|c| c.get_name()).collect();
                InputError::new(format!("`{name}` is not a polyx command"))
                    .with_hint(format!("one of: {}", names.join(", ")))
            })?;
            clap_mangen::Man::new(command)
        }
    };
    // Every page's footer names the program, not the command.
    let page = page.source(format!("polyx {}", env!("CARGO_PKG_VERSION")));
    let mut out = output::stdout();
    page.render(&mut out)?;
    output::finish(out)?;
    Ok(Status::Success)
}
