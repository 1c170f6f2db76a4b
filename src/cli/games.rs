//! `polyx queens` and `polyx sudoku`: the engine's other front ends.
//! Each builds its problem with `crate::apps`, runs one search per puzzle and prints in
//! the puzzle's own form; `No solution` (exit 1) when a search finds nothing.

use std::io::Write;
use std::time::Instant;

use crate::apps::queens::Queens;
use crate::apps::sudoku::{self, Form};
use crate::cover::{Search, Stats};

use super::args::{QueensArgs, SudokuArgs};
use super::{output, read_input, Status};

pub fn queens(args: &QueensArgs) -> anyhow::Result<Status> {
    let start = Instant::now();
    let queens = Queens::new(args.n).map_err(crate::Error::from)?;
    let problem = queens.problem();
    let mut search = Search::new(problem);
    let mut out = output::stdout();
    let found = if args.count {
        let count = search.count();
        writeln!(out, "{count}")?;
        true
    } else if let Some(first) = search.first() {
        out.write_all(queens.render(&first).as_bytes())?;
        true
    } else {
        writeln!(out, "No solution")?;
        false
    };
    output::finish(out)?;
    if args.stats {
        output::print_stats(
            "queens",
            problem.item_count(),
            problem.option_count(),
            search.stats(),
            start.elapsed(),
        );
    }
    Ok(if found {
        Status::Success
    } else {
        Status::NotFound
    })
}

/// Solves (or counts) every puzzle of the input. Exit 1 if any puzzle has no solution.
pub fn sudoku(args: &SudokuArgs) -> anyhow::Result<Status> {
    let (name, text) = read_input(args.file.as_deref())?;
    let puzzles = sudoku::parse(&name, &text).map_err(crate::Error::from)?;
    let start = Instant::now();
    let mut out = output::stdout();
    let (mut items, mut options, mut stats) = (0, 0, Stats::default());
    let mut all_solved = true;
    let mut previous_grid = false;
    for (k, puzzle) in puzzles.iter().enumerate() {
        let cover = puzzle.cover();
        let problem = cover.problem();
        let mut search = Search::new(problem);
        if args.count {
            writeln!(out, "{}", search.count())?;
        } else {
            let grid = puzzle.form() == Form::Grid;
            if k > 0 && (grid || previous_grid) {
                writeln!(out)?;
            }
            previous_grid = grid;
            match search.first() {
                Some(solution) => {
                    let cells = cover.fill(puzzle, &solution);
                    out.write_all(puzzle.render(&cells).as_bytes())?;
                }
                None => {
                    all_solved = false;
                    writeln!(out, "No solution")?;
                }
            }
        }
        items += problem.item_count();
        options += problem.option_count();
        stats += search.stats();
    }
    output::finish(out)?;
    if args.stats {
        output::print_stats("sudoku", items, options, stats, start.elapsed());
    }
    Ok(if all_solved {
        Status::Success
    } else {
        Status::NotFound
    })
}
