//! `polyx dlx`: Knuth's text format in (DLX1, with DLX2's colours, MCC's multiplicities
//! and DLX5's costs), solutions (or their count) out. With costs (or `--best K`) it
//! prints the K cheapest solutions, cheapest first, each followed by `cost N`. A search
//! that finds no solution says `polyx: no solution` on stderr and exits 1 (with
//! `--count`, the count 0 is the answer).

use std::io::Write;
use std::ops::ControlFlow;
use std::time::Instant;

use serde_json::json;

use crate::cover::{knuth, AnySearch, Best, OptionId, Outcome, Problem, Tally, Visit};

use super::args::{DlxArgs, DlxFormatArg};
use super::{output, read_input, Status};

pub fn run(args: &DlxArgs) -> anyhow::Result<Status> {
    let (name, text) = read_input(args.file.as_deref())?;
    let problem = knuth::read(&name, &text).map_err(crate::Error::from)?;
    if !args.count && (problem.has_costs() || args.best.is_some()) {
        return minimise(args, &problem);
    }
    if args.count && args.limit.is_none() {
        return tally(args, &problem);
    }
    let start = Instant::now();
    let mut search = AnySearch::new(&problem);
    let limit = args.limit.unwrap_or(u64::MAX);
    let mut out = output::stdout();
    let mut printer = Printer::new(&problem, args.format);
    let mut failure = None;
    let mut complete = true;
    if limit > 0 {
        let outcome = search.run(&mut |v: &Visit<'_>| {
            if !args.count {
                if let Err(e) = printer.solution(&mut out, &v.options(), None) {
                    failure = Some(e);
                    return ControlFlow::Break(());
                }
            } else {
                printer.found += 1;
            }
            if printer.found >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        complete = outcome == Outcome::Complete;
    }
    if let Some(e) = failure {
        return Err(e.into());
    }
    let found = printer.found;
    if args.count {
        writeln!(out, "{found}")?;
    } else {
        printer.summary(&mut out, complete, None)?;
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

/// `--count` without `-n`: the number of solutions, on every core unless `-j` says
/// otherwise, using the problem's symmetries unless `--no-symmetry` (see `cover::Tally`).
fn tally(args: &DlxArgs, problem: &Problem) -> anyhow::Result<Status> {
    let start = Instant::now();
    let tallied = Tally::new(problem)
        .threads(threads(args))
        .symmetry(!args.no_symmetry)
        .run();
    let mut out = output::stdout();
    writeln!(out, "{}", tallied.count)?;
    output::finish(out)?;
    if args.stats {
        let engine = match tallied.symmetries {
            1 => format!("dlx ({})", tallied.engine),
            n => format!("dlx ({}, orbits of up to {n} options)", tallied.engine),
        };
        output::print_stats(
            &engine,
            problem.item_count(),
            problem.option_count(),
            tallied.stats,
            start.elapsed(),
        );
    }
    Ok(Status::Success)
}

/// The threads asked for with `-j`, or every core.
fn threads(args: &DlxArgs) -> usize {
    let cores = || std::thread::available_parallelism().map_or(1, |n| n.get());
    (args.threads.map(|n| n as usize)).unwrap_or_else(cores)
}

/// The K cheapest solutions (`--best K`, or `-n K`, default 1), cheapest first.
fn minimise(args: &DlxArgs, problem: &Problem) -> anyhow::Result<Status> {
    let start = Instant::now();
    let k = args.best.or(args.limit).unwrap_or(1);
    let threads = threads(args);
    let mut out = output::stdout();
    let mut printer = Printer::new(problem, args.format);
    let best = if k == 0 {
        Default::default()
    } else {
        Best::new(problem, usize::try_from(k).unwrap_or(usize::MAX))
            .threads(threads)
            .run()
    };
    for s in &best.solutions {
        printer.solution(&mut out, &s.options, Some(s.cost))?;
    }
    let optimum = best.solutions.first().map(|s| s.cost);
    printer.summary(&mut out, best.complete || k == 0, optimum)?;
    output::finish(out)?;
    if args.stats {
        output::print_stats(
            "dlx (dlx, cheapest)",
            problem.item_count(),
            problem.option_count(),
            best.stats,
            start.elapsed(),
        );
    }
    if best.solutions.is_empty() {
        if k > 0 {
            eprintln!("polyx: no solution");
        }
        return Ok(Status::NotFound);
    }
    Ok(Status::Success)
}

/// Writes solutions as text or JSON Lines, numbering them.
struct Printer<'p> {
    problem: &'p Problem,
    format: DlxFormatArg,
    found: u64,
}

impl<'p> Printer<'p> {
    fn new(problem: &'p Problem, format: DlxFormatArg) -> Printer<'p> {
        Printer {
            problem,
            format,
            found: 0,
        }
    }

    /// One solution: its options as they were read (then `cost N` when minimising).
    fn solution(
        &mut self,
        out: &mut impl Write,
        options: &[OptionId],
        cost: Option<u64>,
    ) -> std::io::Result<()> {
        self.found += 1;
        let lines: Vec<String> = (options.iter())
            .map(|&o| knuth::option_line(self.problem, o))
            .collect();
        let mut text = String::new();
        match self.format {
            DlxFormatArg::Text => {
                if self.found > 1 {
                    text.push('\n');
                }
                for line in &lines {
                    text.push_str(line);
                    text.push('\n');
                }
                if let Some(cost) = cost {
                    text.push_str(&format!("cost {cost}\n"));
                }
            }
            DlxFormatArg::Json => {
                let ids: Vec<u32> = options.iter().map(|o| o.0).collect();
                let mut value = json!({
                    "type": "solution",
                    "index": self.found,
                    "options": ids,
                    "lines": lines,
                });
                if let Some(cost) = cost {
                    value["cost"] = json!(cost);
                }
                text = format!("{value}\n");
            }
        }
        out.write_all(text.as_bytes())
    }

    /// The summary line of JSON output (nothing for text).
    fn summary(
        &self,
        out: &mut impl Write,
        complete: bool,
        optimum: Option<u64>,
    ) -> std::io::Result<()> {
        if self.format != DlxFormatArg::Json {
            return Ok(());
        }
        let mut value = json!({
            "type": "summary",
            "solutions": self.found,
            "complete": complete,
        });
        if self.problem.has_costs() || optimum.is_some() {
            value["optimum"] = json!(optimum);
        }
        writeln!(out, "{value}")
    }
}
