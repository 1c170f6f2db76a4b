//! `polyx merge FILES...`: adds up the JSON summaries of the shards of one search. It
//! refuses summaries of different puzzles or symmetry modes, incomplete shards, and
//! duplicate or missing shards, so the total it prints is the whole search's.

use std::collections::BTreeSet;
use std::io::Write;

use crate::render::json::{self, Summary};
use crate::run::Shard;
use crate::InputError;

use super::args::MergeArgs;
use super::{output, read_input, Status};

pub fn run(args: &MergeArgs) -> anyhow::Result<Status> {
    let mut summaries = Vec::new();
    for file in &args.files {
        let (name, text) = read_input(Some(file))?;
        let line = text
            .lines()
            .rev()
            .find(|l| l.contains("\"summary\""))
            .ok_or_else(|| {
                InputError::in_file(&name, "has no summary line")
                    .with_hint("give the output of `polyx count --shard I/N --format json`")
            })?;
        summaries.push((name.clone(), json::parse_summary(line, &name)?));
    }
    let total = merge(&summaries)?;
    let mut out = output::stdout();
    writeln!(out, "{}", json::summary(&total))?;
    output::finish(out)?;
    Ok(Status::Success)
}

/// The sum of the shards' summaries, checked.
fn merge(summaries: &[(String, Summary)]) -> Result<Summary, InputError> {
    let (first_name, first) = &summaries[0];
    let mut seen = BTreeSet::new();
    let mut count = None;
    let mut total = Summary {
        complete: true,
        symmetry: first.symmetry.clone(),
        puzzle: first.puzzle.clone(),
        ..Summary::default()
    };
    for (name, s) in summaries {
        if s.puzzle != first.puzzle || s.symmetry != first.symmetry {
            return Err(InputError::in_file(
                name,
                format!(
                    "is a summary of {} ({}), but {first_name} is of {} ({})",
                    s.puzzle, s.symmetry, first.puzzle, first.symmetry
                ),
            ));
        }
        if !s.complete {
            return Err(
                InputError::in_file(name, "is the summary of an incomplete run")
                    .with_hint("run that shard again (with --checkpoint it resumes)"),
            );
        }
        let shard = if s.shard.is_empty() {
            Shard::WHOLE
        } else {
            Shard::parse(&s.shard).map_err(|e| InputError::in_file(name, e.message))?
        };
        if *count.get_or_insert(shard.count) != shard.count {
            return Err(InputError::in_file(
                name,
                format!("is shard {shard}, of another number of shards"),
            ));
        }
        if !seen.insert(shard.index) {
            return Err(InputError::in_file(name, format!("repeats shard {shard}")));
        }
        total.solutions += &s.solutions;
        total.nodes += s.nodes;
        total.updates += s.updates;
        total.elapsed_ms += s.elapsed_ms;
    }
    let count = count.unwrap_or(1);
    let missing: Vec<String> = (1..=count)
        .filter(|i| !seen.contains(i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(
            InputError::new(format!("shards missing: {}", missing.join(", ")))
                .with_hint("give the summary of every shard"),
        );
    }
    Ok(total)
}
