//! `polyx serve`: the arguments checked, then the server (`crate::serve`) until Ctrl-C.

use crate::serve::{serve, ServeOptions};
use crate::InputError;

use super::args::ServeArgs;
use super::Status;

pub fn run(args: &ServeArgs) -> anyhow::Result<Status> {
    if args.max_seconds == 0 {
        return Err(InputError::new("--max-seconds 0 allows no search")
            .with_hint("give a number of seconds, e.g. --max-seconds 60")
            .into());
    }
    if args.search_seconds == 0 {
        return Err(InputError::new("--search-seconds 0 allows no search")
            .with_hint("give a number of seconds, e.g. --search-seconds 60")
            .into());
    }
    serve(&ServeOptions {
        host: args.host.clone(),
        port: args.port,
        max_seconds: args.max_seconds,
        search_seconds: args.search_seconds,
    })?;
    Ok(Status::Success)
}
