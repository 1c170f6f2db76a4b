//! `polyx check PUZZLE`: none, exactly one, or several solutions (exit 1, 0, 3), found
//! by a search that stops at the second solution; with several, the two and the cells
//! where they differ. `--noi2005` reads PUZZLE in the NOI2005 judge's format. The
//! loading, pictures and Ctrl-C handling here are shared with `polyx hint`.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::apps::noi2005;
use crate::cover::Stats;
use crate::design::{self, Uniqueness};
use crate::model::{library, Board, PieceSet, Placement, Puzzle, Tiling};
use crate::render;
use crate::run::RunOptions;
use crate::solve::{Solver, SymmetryMode};
use crate::InputError;

use super::args::{CheckArgs, SymmetryArg};
use super::{output, read_input, Status};

pub fn run(args: &CheckArgs) -> anyhow::Result<Status> {
    let opts = run_options(args.puzzle.max_nodes)?;
    let puzzle = load(
        &args.puzzle.puzzle,
        args.puzzle.pieces.as_deref(),
        args.puzzle.noi2005,
    )?;
    let mode = match args.symmetry {
        SymmetryArg::Reduce => SymmetryMode::Reduce,
        SymmetryArg::Keep => SymmetryMode::Keep,
    };
    let mut solver = Solver::new(puzzle, mode);
    solver.seed = args.seed;
    let checked = design::check(&solver, &opts);
    let stats = match &checked {
        Ok(c) => c.stats,
        Err(stopped) => stopped.stats,
    };
    if args.puzzle.stats {
        print_stats(&solver.puzzle().board.name, stats);
    }
    let Ok(checked) = checked else {
        return Ok(stopped(&opts, args.puzzle.max_nodes));
    };
    let board = &solver.puzzle().board;
    let set = &solver.puzzle().set;
    let classes = if mode == SymmetryMode::Reduce && solver.symmetries() > 1 {
        format!(" up to the board's {} symmetries", solver.symmetries())
    } else {
        String::new()
    };
    let mut out = output::stdout();
    let status = match &checked.answer {
        Uniqueness::NoSolution => {
            match solver.refutation() {
                Some(reason) => writeln!(out, "no solution: {reason}")?,
                None => writeln!(out, "no solution")?,
            }
            Status::NotFound
        }
        Uniqueness::Unique(t) => {
            writeln!(out, "unique: exactly one solution{classes}")?;
            write!(out, "{}", render::ascii::tiling(board, set, t))?;
            Status::Success
        }
        Uniqueness::Several(a, b) => {
            let cells = design::differing_cells(a, b);
            writeln!(out, "several solutions{classes}; two of them:")?;
            write!(out, "{}", render::ascii::tiling(board, set, a))?;
            writeln!(out)?;
            write!(out, "{}", render::ascii::tiling(board, set, b))?;
            writeln!(out)?;
            writeln!(out, "they differ in {} cells (*):", cells.len())?;
            let marked = Placement {
                piece: 0,
                cells,
                fixed: false,
            };
            write!(out, "{}", marked_picture(board, set, &[(marked, '*')]))?;
            Status::Several
        }
    };
    output::finish(out)?;
    Ok(status)
}

/// `--max-nodes` checked, and the stop flag set by the first Ctrl-C.
pub(super) fn run_options(max_nodes: Option<u64>) -> Result<RunOptions, InputError> {
    if max_nodes == Some(0) {
        return Err(InputError::new("--max-nodes 0 allows no search")
            .with_hint("give a number of nodes, e.g. --max-nodes 1000000"));
    }
    let stop = Arc::new(AtomicBool::new(false));
    on_interrupt(stop.clone());
    Ok(RunOptions {
        node_budget: max_nodes,
        stop,
        ..RunOptions::default()
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

/// Says on stderr why the search stopped before it had an answer.
pub(super) fn stopped(opts: &RunOptions, max_nodes: Option<u64>) -> Status {
    match max_nodes {
        Some(n) if !opts.stop.load(Ordering::Relaxed) => {
            eprintln!("polyx: stopped after about {n} nodes (--max-nodes), before an answer")
        }
        _ => eprintln!("polyx: interrupted before an answer"),
    }
    Status::Interrupted
}

pub(super) fn print_stats(name: &str, stats: Stats) {
    eprintln!("{name}: {} nodes, {} updates", stats.nodes, stats.updates);
}

/// The puzzle named by PUZZLE (a built-in, a board file, `-` for stdin), or with
/// `noi2005` a NOI2005 judge input (a file, or `-` for stdin) with the `noi2005` set.
pub(super) fn load(puzzle: &str, pieces: Option<&str>, noi: bool) -> anyhow::Result<Puzzle> {
    let (board, set): (Board, PieceSet) = if noi {
        let path = (puzzle != "-").then(|| std::path::Path::new(puzzle));
        let (name, text) = read_input(path)?;
        let board = noi2005::read(&name, &text)?;
        let set = library::load_piece_set(pieces.unwrap_or("noi2005"), None)?;
        (board, set)
    } else {
        super::solve::load(puzzle, pieces)?
    };
    Ok(Puzzle::new(board, set)?)
}

/// The board as text with its pre-placed pieces and open cells, and the cells of each
/// of `marked` drawn with its own character, through the ascii renderer (so on every
/// grid in its picture layout).
pub(super) fn marked_picture(
    board: &Board,
    set: &PieceSet,
    marked: &[(Placement, char)],
) -> String {
    let mut set = set.clone();
    let mut t = Tiling::default();
    for (p, mark) in marked {
        let mut piece = set.pieces[p.piece].clone();
        piece.label = *mark;
        set.pieces.push(piece);
        t.placements.push(Placement {
            piece: set.pieces.len() - 1,
            cells: p.cells.clone(),
            fixed: false,
        });
    }
    render::ascii::tiling(board, &set, &t)
}
