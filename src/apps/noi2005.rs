//! NOI2005 "智慧珠游戏" in the judge's exact format (SPEC §5): ten lines, line i holding
//! the i cells of row i of a left-aligned staircase; `.` is empty and `A`..`L` a cell of
//! that pre-placed piece. The answer is the ten completed lines, or `No solution`.
//! The pieces are the built-in `noi2005` set; the search is the general tiling pipeline.

use crate::error::{InputError, Location};
use crate::geom::Cell;
use crate::model::{Board, Origin, PieceSet, Puzzle, Square};
use crate::solve::{Solver, SymmetryMode};

/// Rows of the triangle.
pub(crate) const ROWS: usize = 10;

/// Reads the judge's input into a board of the triangle with its pre-placed pieces.
pub fn read(path: &str, text: &str) -> Result<Board, InputError> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let lines: Vec<&str> = {
        let mut l = lines;
        while l.last().is_some_and(|s| s.trim().is_empty()) {
            l.pop();
        }
        l
    };
    if lines.len() != ROWS {
        let (line, col) = (lines.len().min(ROWS) + 1, 1);
        let msg = if lines.len() < ROWS {
            format!("expected {ROWS} lines, found {}", lines.len())
        } else {
            format!(
                "expected {ROWS} lines, found {}: line 11 is extra",
                lines.len()
            )
        };
        return Err(
            InputError::at(Location::at_line(path, text, line, col), msg).with_hint(
                "line i (1 to 10) holds the i cells of row i: `.` empty, `A`..`L` a piece",
            ),
        );
    }
    let mut squares = vec![Square::Outside; ROWS * ROWS];
    let mut rows = Vec::with_capacity(ROWS);
    for (y, line) in lines.iter().enumerate() {
        let n = line.chars().count();
        if n != y + 1 {
            let col = n.min(y + 1) + 1;
            return Err(InputError::at(
                Location::at_line(path, text, y + 1, col),
                format!("line {} must have {} characters, it has {n}", y + 1, y + 1),
            )
            .with_hint("line i (1 to 10) holds the i cells of row i of the triangle"));
        }
        for (x, ch) in line.chars().enumerate() {
            squares[y * ROWS + x] = match ch {
                '.' => Square::Open,
                'A'..='L' => Square::Preplaced(ch),
                _ => {
                    return Err(InputError::at(
                        Location::at_line(path, text, y + 1, x + 1),
                        format!("`{ch}` is not a cell of the judge's format"),
                    )
                    .with_hint("use `.` for an empty cell and `A`..`L` for a piece's cell"))
                }
            };
        }
        rows.push((y + 1, 1));
    }
    let mut board = Board::new("noi2005", ROWS as i32, ROWS as i32, squares);
    board.origin = Origin {
        path: path.to_string(),
        text: text.to_string(),
        rows,
        board_line: 1,
        board_column: 1,
    };
    Ok(board)
}

/// Solves the judge's input with the NOI2005 piece set: the ten lines of the first
/// solution, or `None` if there is none.
pub fn solve(board: Board, set: PieceSet) -> Result<Option<String>, InputError> {
    if board.open_count() == 0 {
        return Ok(Some(format_board(&board, None)));
    }
    let puzzle = Puzzle::new(board, set)?;
    let solver = Solver::new(puzzle, SymmetryMode::Keep);
    let mut answer = None;
    solver.run(Some(1), |tiling| {
        let mut labels = vec![None; ROWS * ROWS];
        for p in &tiling.placements {
            for c in &p.cells {
                labels[c.y as usize * ROWS + c.x as usize] =
                    Some(solver.puzzle.set.pieces[p.piece].label);
            }
        }
        answer = Some(format_board(&solver.puzzle.board, Some(&labels)));
        std::ops::ControlFlow::Break(())
    });
    Ok(answer)
}

fn format_board(board: &Board, labels: Option<&[Option<char>]>) -> String {
    let mut out = String::with_capacity(ROWS * (ROWS + 3) / 2 + ROWS);
    for y in 0..ROWS {
        for x in 0..=y {
            let c = Cell::new(x as i32, y as i32);
            let ch = match board.square(c) {
                Square::Preplaced(l) => l,
                _ => labels.and_then(|l| l[y * ROWS + x]).unwrap_or('.'),
            };
            out.push(ch);
        }
        out.push('\n');
    }
    out
}
