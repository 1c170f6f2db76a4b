//! `polyx solve` and `polyx count`: arguments → a validated configuration → the solver →
//! solutions rendered to stdout or, atomically, to a file.

use std::io::{IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::model::{library, Board, PieceSet, Puzzle, Tiling};
use crate::render::layout::{MAX_CELL, MIN_CELL};
use crate::render::{self, json, Format, RenderOptions};
use crate::run::{self, RunReport, Shard};
use crate::solve::{self, Solver, SymmetryMode};
use crate::InputError;

use super::args::{FormatArg, ProgressArg, SolveArgs, SymmetryArg};
use super::progress::ProgressLine;
use super::{output, read_input, Status};

/// The most worker threads `-j` may ask for.
const MAX_THREADS: usize = 1024;

/// The default puzzle when none is named.
pub const DEFAULT_PUZZLE: &str = "6x10";

/// `solve`/`count` arguments, checked.
struct Config {
    puzzle: String,
    pieces: Option<String>,
    count: bool,
    limit: Option<u64>,
    mode: SymmetryMode,
    format: Format,
    output: Option<PathBuf>,
    render: RenderOptions,
    stats: bool,
    /// Show the progress line on stderr.
    progress: bool,
    long: run::RunOptions,
    /// `-o` names a file whose extension tells no format (refused once we know it is
    /// not an input file, which is the more important thing to say).
    unknown_extension: Option<PathBuf>,
}

impl Config {
    fn new(args: &SolveArgs, count: bool) -> Result<Config, InputError> {
        let from_extension = args.output.as_deref().and_then(Format::from_extension);
        let mut unknown_extension = None;
        let format = match (args.format, from_extension, args.output.as_deref()) {
            (Some(f), _, _) => format_of(f),
            (None, Some(f), _) => f,
            (None, None, Some(path)) if path.extension().is_some() => {
                unknown_extension = Some(path.to_path_buf());
                Format::Ascii
            }
            (None, None, _) => Format::Ascii,
        };
        if args.limit == Some(0) {
            return Err(InputError::new("-n 0 asks for no solution")
                .with_hint("give -n 1 or more, --all for every solution, or --count"));
        }
        if format == Format::Png && args.output.is_none() && !(count || args.count) {
            return Err(InputError::new("PNG output cannot go to stdout")
                .with_hint("write it to a file with `-o FILE.png`"));
        }
        let mut render = RenderOptions::default();
        if let Some(px) = args.cell_size {
            if !(MIN_CELL..=MAX_CELL).contains(&px) {
                return Err(InputError::new(format!("--cell-size {px} is out of range"))
                    .with_hint(format!(
                        "use a cell size between {MIN_CELL} and {MAX_CELL} pixels"
                    )));
            }
            render.cell_size = px;
        }
        Ok(Config {
            puzzle: args
                .puzzle
                .name
                .clone()
                .unwrap_or_else(|| DEFAULT_PUZZLE.to_string()),
            pieces: args.puzzle.pieces.clone(),
            count: count || args.count,
            limit: if args.all {
                None
            } else {
                Some(args.limit.unwrap_or(1))
            },
            mode: match args.puzzle.symmetry {
                SymmetryArg::Reduce => SymmetryMode::Reduce,
                SymmetryArg::Keep => SymmetryMode::Keep,
            },
            format,
            output: args.output.clone(),
            render,
            stats: args.run.stats,
            progress: match args.run.progress {
                ProgressArg::Always => true,
                ProgressArg::Never => false,
                ProgressArg::Auto => std::io::stderr().is_terminal(),
            },
            long: long_options(args, count)?,
            unknown_extension,
        })
    }
}

/// Threads, checkpoint, shard and node budget.
fn long_options(args: &SolveArgs, count: bool) -> Result<run::RunOptions, InputError> {
    let threads = match args.run.threads {
        Some(0) => {
            return Err(
                InputError::new("--threads 0: at least one thread is needed")
                    .with_hint("leave -j out to use every core"),
            )
        }
        Some(n) if n > MAX_THREADS => {
            return Err(InputError::new(format!(
                "--threads {n} is more than the limit of {MAX_THREADS}"
            ))
            .with_hint("leave -j out to use every core"))
        }
        Some(n) => n,
        None => cores().min(MAX_THREADS),
    };
    if args.run.checkpoint.is_some() && args.output.is_some() && !args.count && !count {
        return Err(InputError::new(
            "--checkpoint with -o works for counts only: a resumed run would replace the file",
        )
        .with_hint("print to stdout and append with `>>`, or use --count"));
    }
    if args.run.checkpoint_every == 0 {
        return Err(
            InputError::new("--checkpoint-every 0: give a number of seconds")
                .with_hint("e.g. --checkpoint-every 60"),
        );
    }
    if args.run.max_nodes == Some(0) {
        return Err(InputError::new("--max-nodes 0 allows no search")
            .with_hint("give a number of nodes, e.g. --max-nodes 1000000"));
    }
    Ok(run::RunOptions {
        threads,
        shard: match &args.run.shard {
            Some(text) => Shard::parse(text)?,
            None => Shard::WHOLE,
        },
        checkpoint: args.run.checkpoint.clone(),
        checkpoint_every: Duration::from_secs(args.run.checkpoint_every),
        node_budget: args.run.max_nodes,
        ..run::RunOptions::default()
    })
}

/// The first Ctrl-C sets `stop`; the second ends the process at once.
fn on_interrupt(stop: Arc<AtomicBool>) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

fn format_of(f: FormatArg) -> Format {
    match f {
        FormatArg::Ascii => Format::Ascii,
        FormatArg::Unicode => Format::Unicode,
        FormatArg::Json => Format::Json,
        FormatArg::Svg => Format::Svg,
        FormatArg::Png => Format::Png,
    }
}

/// Loads the board and its piece set; `-` reads the board from stdin.
pub fn load(puzzle: &str, pieces: Option<&str>) -> Result<(Board, PieceSet), crate::Error> {
    if puzzle == "-" {
        let (name, text) = read_input(None)?;
        let board = library::load_board_text(&name, &text)?;
        let set = library::pieces_for(&board, pieces)?;
        return Ok((board, set));
    }
    library::load_puzzle(puzzle, pieces)
}

pub fn run(args: &SolveArgs, count: bool) -> anyhow::Result<Status> {
    let mut config = Config::new(args, count)?;
    let (board, set) = load(&config.puzzle, config.pieces.as_deref())?;
    let inputs = input_paths(&config, &board);
    check_output(&config, &inputs)?;
    let puzzle = Puzzle::new(board, set)?;
    let mut solver = Solver::new(puzzle, config.mode);
    solver.seed = args.seed;
    on_interrupt(config.long.stop.clone());
    config.long.printing = !config.count;
    config.long.limit = if config.count { None } else { config.limit };
    if config.count {
        return count_solutions(&config, solver);
    }
    list_solutions(&config, &solver, &inputs)
}

/// Refuses `-o` over an input file, then a name that tells no format.
fn check_output(config: &Config, inputs: &[PathBuf]) -> anyhow::Result<()> {
    if let Some(path) = &config.output {
        let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
        crate::output::refuse_input(path, &inputs)?;
    }
    if let Some(path) = &config.unknown_extension {
        return Err(InputError::new(format!(
            "cannot tell the output format from the name `{}`",
            path.display()
        ))
        .with_hint(
            "name the file .txt, .json, .svg or .png, or give --format ascii|unicode|json|svg|png",
        )
        .into());
    }
    Ok(())
}

/// `count`: the number of solutions, or its JSON summary, on stdout.
fn count_solutions(config: &Config, solver: Solver) -> anyhow::Result<Status> {
    let report = search(config, &solver, &mut |_| ControlFlow::Continue(()))?;
    let mut out = output::stdout();
    if config.format == Format::Json {
        writeln!(out, "{}", json::summary(&summary(config, &solver, &report)))?;
    } else {
        writeln!(out, "{}", report.solutions)?;
    }
    output::finish(out)?;
    print_stats(config, &solver, &report);
    // The count (0) is on stdout; the proof, if one settled it, goes to stderr.
    if let Some(reason) = solver.refutation() {
        eprintln!("polyx: no solution: {reason}");
    }
    Ok(finished(config, &report, Status::Success))
}

/// `solve`: the solutions drawn or written as they come, to stdout or to `-o`.
fn list_solutions(config: &Config, solver: &Solver, inputs: &[PathBuf]) -> anyhow::Result<Status> {
    let report = match (config.format, &config.output) {
        (Format::Svg | Format::Png, _) => draw(config, solver, inputs)?,
        (_, Some(_)) => {
            let mut text = Vec::new();
            let report = stream(config, solver, &mut text)?;
            emit(config, &text, inputs)?;
            report
        }
        (_, None) => {
            let mut out = output::stdout();
            let report = stream(config, solver, &mut out)?;
            output::finish(out)?;
            report
        }
    };
    print_stats(config, solver, &report);
    let status = if report.solutions > 0 {
        Status::Success
    } else {
        Status::NotFound
    };
    let status = finished(config, &report, status);
    if status == Status::NotFound {
        say_none(config, solver);
    }
    Ok(status)
}

/// Says on stderr that a finished search found no solution, and why when an argument
/// proved it before the search.
fn say_none(config: &Config, solver: &Solver) {
    match solver.refutation() {
        Some(reason) => eprintln!("polyx: no solution: {reason}"),
        None if config.long.shard.is_whole() => eprintln!("polyx: no solution"),
        None => eprintln!("polyx: no solution in shard {}", config.long.shard),
    }
}

/// The solutions drawn in one image (svg, png), once the search has ended.
fn draw(config: &Config, solver: &Solver, inputs: &[PathBuf]) -> anyhow::Result<RunReport> {
    let mut tilings: Vec<Tiling> = Vec::new();
    let report = search(config, solver, &mut |t| {
        tilings.push(t.clone());
        ControlFlow::Continue(())
    })?;
    if !tilings.is_empty() {
        let board = &solver.puzzle.board;
        let bytes = render::render_image(
            config.format,
            board,
            &solver.puzzle.set,
            &tilings,
            &config.render,
        )?;
        emit(config, &bytes, inputs)?;
    }
    Ok(report)
}

/// Runs the search, with the progress line on stderr if asked.
fn search(
    config: &Config,
    solver: &Solver,
    emit: &mut dyn FnMut(&Tiling) -> ControlFlow<()>,
) -> Result<RunReport, crate::Error> {
    if !config.progress {
        return solve::run(solver, &config.long, emit);
    }
    let mut line = ProgressLine::new(std::io::stderr().is_terminal());
    let mut show = |status: &run::progress::Status| line.update(status);
    let report = solve::run_with_progress(solver, &config.long, emit, Some(&mut show));
    line.finish();
    report
}

/// `status`, or [`Status::Interrupted`] (said on stderr) if Ctrl-C or the node budget
/// stopped the run.
fn finished(config: &Config, report: &RunReport, status: Status) -> Status {
    if !report.interrupted {
        return status;
    }
    let why = match config.long.node_budget {
        Some(n) if !config.long.stop.load(Ordering::Relaxed) => {
            format!("stopped after about {n} nodes (--max-nodes)")
        }
        _ => "interrupted".to_string(),
    };
    let saved = match &config.long.checkpoint {
        Some(path) => format!("; resume with --checkpoint {}", path.display()),
        None => String::new(),
    };
    eprintln!(
        "polyx: {why}: {} {} so far, the search is incomplete{saved}",
        report.solutions,
        if config.count { "counted" } else { "found" }
    );
    Status::Interrupted
}

fn summary(config: &Config, solver: &Solver, report: &RunReport) -> json::Summary {
    json::Summary {
        solutions: report.solutions.clone(),
        complete: report.complete,
        symmetry: config.mode.name().to_string(),
        puzzle: solver.puzzle.board.name.clone(),
        shard: if config.long.shard.is_whole() {
            String::new()
        } else {
            config.long.shard.to_string()
        },
        nodes: report.stats.nodes,
        updates: report.stats.updates,
        elapsed_ms: millis(report.elapsed),
    }
}

/// Writes text formats as solutions are found (in search order, whatever the threads).
fn stream(config: &Config, solver: &Solver, out: &mut impl Write) -> anyhow::Result<RunReport> {
    let board = &solver.puzzle.board;
    let set = &solver.puzzle.set;
    let mut failure = None;
    let mut index = 0u64;
    let report = search(config, solver, &mut |t| {
        index += 1;
        let text = match config.format {
            Format::Json => json::solution(index, set, t) + "\n",
            Format::Unicode => render::unicode::tiling(board, set, t, &Default::default()),
            _ => render::ascii::tiling(board, set, t),
        };
        let sep = if index > 1 && config.format != Format::Json {
            "\n"
        } else {
            ""
        };
        // With a checkpoint, what it counts as printed must have left the process.
        let flush = config.long.checkpoint.is_some();
        match out
            .write_all(sep.as_bytes())
            .and_then(|_| out.write_all(text.as_bytes()))
            .and_then(|_| if flush { out.flush() } else { Ok(()) })
        {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failure {
        return Err(e.into());
    }
    if config.format == Format::Json {
        let line = json::summary(&summary(config, solver, &report)) + "\n";
        out.write_all(line.as_bytes())?;
    }
    Ok(report)
}

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u64::MAX as u128) as u64
}

/// Files the user gave us, which `-o` must never overwrite: the puzzle, `--pieces`, and
/// the piece set file the board names.
fn input_paths(config: &Config, board: &Board) -> Vec<PathBuf> {
    [Some(&config.puzzle), config.pieces.as_ref()]
        .into_iter()
        .flatten()
        .map(PathBuf::from)
        .chain(library::pieces_path(board, config.pieces.as_deref()))
        .filter(|p| p.exists())
        .collect()
}

fn emit(config: &Config, bytes: &[u8], inputs: &[PathBuf]) -> anyhow::Result<()> {
    match &config.output {
        Some(path) => {
            let inputs: Vec<&Path> = inputs.iter().map(PathBuf::as_path).collect();
            crate::output::write_atomically(path, bytes, &inputs)?;
        }
        None => {
            let mut out = output::stdout();
            out.write_all(bytes)?;
            output::finish(out)?;
        }
    }
    Ok(())
}

fn print_stats(config: &Config, solver: &Solver, report: &RunReport) {
    if !config.stats {
        return;
    }
    eprintln!(
        "{}: {} items, {} options ({} placements), {} symmetries, {} engine, {} nodes, {} updates, {} solutions ({}{}), {:.3} s, {} thread{}{}",
        solver.puzzle.board.name,
        solver.problem().item_count(),
        solver.problem().option_count(),
        solver.puzzle.placements.len(),
        solver.symmetries(),
        solver.engine.name(),
        report.stats.nodes,
        report.stats.updates,
        report.solutions,
        config.mode.name(),
        if report.complete { "" } else { ", incomplete" },
        report.elapsed.as_secs_f64(),
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        // The reason follows on the `no solution` line.
        if solver.refutation().is_some() {
            ", settled before the search"
        } else {
            ""
        }
    );
}

/// `-j`'s default: the CPUs the standard library says this process may use, which
/// honours both the affinity mask and a cgroup's CPU quota.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
