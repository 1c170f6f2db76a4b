//! `polyx dlx`: Knuth's text format in (DLX1, with DLX2's colours and MCC's
//! multiplicities), solutions (or their count) out. A search that finds no solution says
//! `polyx: no solution` on stderr and exits 1 (with `--count`, the count 0 is the answer).

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use crate::cover::{knuth, AnySearch, Visit};

use super::args::DlxArgs;
use super::{output, read_input, Status};

pub fn run(args: &DlxArgs) -> anyhow::Result<Status> {
    let (name, text) = read_input(args.file.as_deref())?;
    let problem = knuth::read(&name, &text).map_err(crate::Error::from)?;
    let start = Instant::now();
    let mut search = AnySearch::new(&problem);
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut out = output::stdout();
    let mut found = 0u64;
    let mut failure = None;
    if limit > 0 {
        search.run(&mut |v: &Visit<'_>| {
            found += 1;
            if !args.count {
                let mut text = String::new();
                if found > 1 {
                    text.push('\n');
                }
                for o in v.options() {
                    text.push_str(&knuth::option_line(&problem, o));
                    text.push('\n');
                }
                if let Err(e) = out.write_all(text.as_bytes()) {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
            }
            if found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    if args.count {
        writeln!(out, "{found}")?;
    }
    output::finish(out)?;
    if args.stats {
        output::print_stats(
            &format!("dlx ({})", search.engine_name()),
            problem.item_count(),
            problem.option_count(),
            search.stats(),
            start.elapsed(),
        );
    }
    if found == 0 && limit > 0 && !args.count {
        eprintln!("polyx: no solution");
    }
    Ok(if found > 0 || args.count {
        Status::Success
    } else {
        Status::NotFound
    })
}
