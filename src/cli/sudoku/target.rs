//! `polyx sudoku --target`: the weights chosen (the NOIP target or `--weights FILE`),
//! each puzzle checked against their size as it is read, and each answer written: the
//! best score (or `-1`), and with `--show-grid` a grid that reaches it, in the puzzle's
//! own layout.

use std::io::Write as _;
use std::sync::atomic::AtomicBool;

use crate::apps::sudoku::TargetStats;
use crate::apps::sudoku::{Sudoku, Target, Weights};
use crate::error::InputError;

use super::super::args::SudokuArgs;

/// The target search's tables and how answers are written.
pub(super) struct TargetTask {
    target: Target,
    /// The weights came from `--weights` (else the NOIP target).
    from_file: bool,
    show_grid: bool,
}

impl TargetTask {
    /// The task `args` ask for; `None` without `--target`.
    pub(super) fn from_args(args: &SudokuArgs) -> anyhow::Result<Option<TargetTask>> {
        if !args.target {
            return Ok(None);
        }
        let weights = match &args.weights {
            None => Weights::noip(),
            Some(path) => {
                let name = path.display().to_string();
                let text = std::fs::read_to_string(path).map_err(|e| crate::Error::io(&name, e))?;
                Weights::parse(&name, &text).map_err(crate::Error::from)?
            }
        };
        Ok(Some(TargetTask {
            target: Target::new(&weights),
            from_file: args.weights.is_some(),
            show_grid: args.show_grid,
        }))
    }

    /// An error at `puzzle` (read from `path`) if the weights do not fit its size.
    pub(super) fn accept(&self, puzzle: &Sudoku, path: &str) -> Result<(), InputError> {
        let (n, w) = (puzzle.side(), self.target.weights().side());
        if n == w {
            return Ok(());
        }
        let (message, hint) = if self.from_file {
            (
                format!("this {n}×{n} puzzle does not fit the weights, which are for {w}×{w}"),
                format!(
                    "give puzzles of {w}×{w}, or a weight file of {} integers",
                    n * n
                ),
            )
        } else {
            (
                format!(
                    "--target scores 9×9 puzzles unless --weights is given; this one is {n}×{n}"
                ),
                format!("give --weights FILE with {} integers, one per cell", n * n),
            )
        };
        Err(InputError::at(puzzle.location(path), message).with_hint(hint))
    }

    /// Answers `puzzle` into `text` (a blank line first if `gap` and grids are shown).
    /// The search's counters, and whether the puzzle has no completion; `None` if the
    /// stop flag ended the search (nothing written).
    pub(super) fn answer(
        &self,
        puzzle: &Sudoku,
        gap: bool,
        stop: &AtomicBool,
        text: &mut Vec<u8>,
    ) -> Option<(TargetStats, bool)> {
        let answer = self
            .target
            .solve(puzzle, stop)
            .expect("sizes checked as the puzzle was read");
        if answer.stopped {
            return None;
        }
        if gap && self.show_grid {
            text.push(b'\n');
        }
        match &answer.best {
            Some((score, grid)) => {
                let _ = writeln!(text, "{score}");
                if self.show_grid {
                    puzzle.render_into(grid, text);
                }
            }
            None => text.extend_from_slice(b"-1\n"),
        }
        Some((answer.stats, answer.best.is_none()))
    }
}
