//! `polyx noi2005`: the judge's input in, the judge's output out.

use std::io::Write;

use crate::apps::noi2005;
use crate::model::library;

use super::args::FileArg;
use super::{output, read_input, Status};

pub fn run(args: &FileArg) -> anyhow::Result<Status> {
    let (name, text) = read_input(args.file.as_deref())?;
    let board = noi2005::read(&name, &text)?;
    let set = library::load_piece_set("noi2005", None)?;
    let answer = noi2005::solve(board, set)?;
    let mut out = output::stdout();
    let status = match answer {
        Some(lines) => {
            out.write_all(lines.as_bytes())?;
            Status::Success
        }
        None => {
            writeln!(out, "No solution")?;
            Status::NotFound
        }
    };
    output::finish(out)?;
    Ok(status)
}
