//! `polyx queens`, `polyx sudoku` and `polyx noi2005`: the engine's other front ends.

use super::args::{QueensArgs, SudokuArgs};
use super::Status;

pub fn queens(_args: &QueensArgs) -> anyhow::Result<Status> {
    anyhow::bail!("queens is not built yet")
}

pub fn sudoku(_args: &SudokuArgs) -> anyhow::Result<Status> {
    anyhow::bail!("sudoku is not built yet")
}
