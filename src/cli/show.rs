//! `polyx show` (a puzzle or a piece set: pieces with their orientations, the board, the
//! size of the exact-cover matrix, the symmetry group; or the matrix in Knuth's format)
//! and `polyx list` (the built-in library). On the grids of space the board and each
//! piece are drawn as their layers side by side, bottom first, named `z=0 z=1 …`. With
//! `--stl`, the pieces or the board's tray as files to print (`stl.rs`).

use std::fmt::Write as _;
use std::io::Write;

use crate::cover::knuth;
use crate::geom::{Cell, Shape};
use crate::model::{library, PieceSet, Puzzle, Square};
use crate::render::layers;
use crate::solve::{Solver, SymmetryMode};

use super::args::ShowArgs;
use super::{output, Status};

pub fn show(args: &ShowArgs) -> anyhow::Result<Status> {
    let mut text = String::new();
    match super::solve::load(&args.puzzle, args.pieces.as_deref()) {
        Ok((board, set)) => {
            if let Some(path) = &args.stl {
                return super::stl::write(args, path, Some(&board), &set);
            }
            let puzzle = Puzzle::new(board, set)?;
            if args.dlx {
                text = knuth::write(&puzzle.problem());
            } else {
                describe_puzzle(&puzzle, &mut text);
            }
        }
        Err(board_error) => match library::load_piece_set(&args.puzzle, None) {
            Ok(set) if args.stl.is_some() => {
                let path = args.stl.as_deref().expect("given");
                return super::stl::write(args, path, None, &set);
            }
            Ok(set) if !args.dlx => describe_pieces(&set, &mut text),
            // A piece set with a mistake in it: its own error, not "not a board".
            Err(set_error) if is_piece_set(&board_error) => return Err(set_error.into()),
            _ => return Err(board_error.into()),
        },
    }
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    output::finish(out)?;
    Ok(Status::Success)
}

/// Whether loading as a board failed because the file is a piece set.
fn is_piece_set(board_error: &crate::Error) -> bool {
    board_error
        .to_string()
        .contains("this is a piece set, not a board")
}

fn describe_pieces(set: &PieceSet, out: &mut String) {
    let total: usize = set
        .pieces
        .iter()
        .map(|p| p.orientations(set.lattice()).len())
        .sum();
    let _ = writeln!(
        out,
        "piece set {}: {} pieces, {} copies, area {}, {} orientations",
        set.name,
        set.pieces.len(),
        set.copies(),
        set.area(),
        total
    );
    if !set.description.is_empty() {
        let _ = writeln!(out, "{}", set.description);
    }
    for piece in &set.pieces {
        let orientations = piece.orientations(set.lattice());
        let _ = writeln!(
            out,
            "\n{} (label {}, {} cells{}{}, {} orientations):",
            piece.name,
            piece.label,
            piece.shape.len(),
            if piece.min < piece.count {
                format!(", {} to {} copies", piece.min, piece.count)
            } else if piece.count > 1 {
                format!(", {} copies", piece.count)
            } else {
                String::new()
            },
            if piece.mirror { "" } else { ", one-sided" },
            orientations.len()
        );
        if set.grid.is_3d() {
            // In space: the piece as given, its layers side by side (its orientations
            // would be a page each).
            out.push_str(&layers_of(&piece.shape, piece.label));
            continue;
        }
        // The orientations side by side in the grid's picture layout (hex cells two
        // columns apart, triangles as drawn), separated by two spaces.
        let height = orientations
            .iter()
            .map(|(s, _)| s.height())
            .max()
            .unwrap_or(0);
        // Below a shorter orientation: empty rows of the grid on the square grid (as
        // this has always been drawn), blank on the others, where rows of `.` and
        // spaces would read as cells.
        let pictures: Vec<Vec<String>> = orientations
            .iter()
            .map(|(shape, _)| {
                let lattice = set.lattice();
                if set.grid == crate::geom::Grid::Square {
                    return shape.picture_rows(lattice, piece.label, height);
                }
                let mut rows = shape.picture(lattice, piece.label);
                let blank = " ".repeat(rows[0].chars().count());
                rows.resize(height as usize, blank);
                rows
            })
            .collect();
        for y in 0..height as usize {
            let mut line = String::new();
            for (k, picture) in pictures.iter().enumerate() {
                if k > 0 {
                    line.push_str("  ");
                }
                line.push_str(&picture[y]);
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
}

fn describe_puzzle(puzzle: &Puzzle, out: &mut String) {
    let board = &puzzle.board;
    let _ = writeln!(
        out,
        "board {}: {}, {} open cells{}{}",
        board.name,
        if board.grid.is_3d() {
            format!(
                "{} × {} layers",
                size(board.height, board.width),
                board.depth
            )
        } else {
            size(board.height, board.width)
        },
        board.open_count(),
        if board.use_all_pieces {
            ""
        } else {
            ", pieces optional"
        },
        if board.cover_all_cells {
            ""
        } else {
            ", cells optional"
        },
    );
    if !board.description.is_empty() {
        let _ = writeln!(out, "{}", board.description);
    }
    let layer = |z: i32| -> Vec<String> {
        (0..board.height)
            .map(|y| {
                (0..board.width)
                    .map(|x| match board.square(Cell::at(x, y, z)) {
                        Square::Open => '.',
                        Square::Blocked => '#',
                        Square::Outside => ' ',
                        Square::Preplaced(c) => c,
                    })
                    .collect()
            })
            .collect()
    };
    if board.grid.is_3d() {
        let pictures: Vec<Vec<String>> = (0..board.depth).map(layer).collect();
        out.push_str(&layers::side_by_side(&pictures));
    } else {
        for line in layer(0) {
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    let problem = puzzle.problem();
    let solver = Solver::new(puzzle.clone(), SymmetryMode::Reduce);
    let _ = writeln!(
        out,
        "\nmatrix: {} items ({} primary), {} options (placements), {} nodes",
        problem.item_count(),
        problem.primary_count(),
        problem.option_count(),
        problem.node_estimate()
    );
    let group = &solver.reduction.group;
    let names: Vec<String> = (0..group.order()).map(|g| group.name(g)).collect();
    let _ = writeln!(out, "symmetries: {} ({})", names.len(), names.join(" "));
    if let Some(k) = solver.reduction.piece {
        let _ = writeln!(
            out,
            "reduce: piece {} restricted to {} of its placements",
            puzzle.set.pieces[k].name,
            solver.reduction.stabilizer.len()
        );
    }
    let _ = writeln!(out);
    describe_pieces(&puzzle.set, out);
}

/// A shape of a grid of space, its layers side by side (bottom first, named `z=0 …`),
/// `label` on its cells and `.` on the rest of its box.
fn layers_of(shape: &Shape, label: char) -> String {
    let pictures: Vec<Vec<String>> = (0..shape.depth())
        .map(|z| {
            (0..shape.height())
                .map(|y| {
                    (0..shape.width())
                        .map(|x| match shape.contains(Cell::at(x, y, z)) {
                            true => label,
                            false => '.',
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    layers::side_by_side(&pictures)
}

/// A board's size in rows and columns, the order of the built-in boards' names (`6x10`:
/// 6 rows of 10 cells); the words leave no doubt which number is which.
fn size(rows: i32, columns: i32) -> String {
    let plural = |n: i32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!("{} × {}", plural(rows, "row"), plural(columns, "column"))
}

pub fn list() -> anyhow::Result<Status> {
    let mut sets = Vec::new();
    for (name, toml) in library::piece_sets() {
        let description = match library::quick_description(toml) {
            Some(d) => d,
            None => library::load_piece_set(name, None)?.description,
        };
        sets.push((name, description));
    }
    let mut boards = Vec::new();
    for (name, toml) in library::boards() {
        let description = match library::quick_description(toml) {
            Some(d) => d,
            None => library::load_board(name)?.description,
        };
        boards.push((name, description));
    }
    // One column of descriptions for both tables.
    let width = sets
        .iter()
        .chain(&boards)
        .map(|(name, _)| name.chars().count())
        .max()
        .unwrap_or(0);
    let mut text = String::new();
    for (title, rows) in [("piece sets", &sets), ("boards", &boards)] {
        if !text.is_empty() {
            text.push('\n');
        }
        let _ = writeln!(text, "{title}:");
        for (name, description) in rows {
            let _ = writeln!(text, "  {name:<width$}  {description}");
        }
    }
    let mut out = output::stdout();
    out.write_all(text.as_bytes())?;
    output::finish(out)?;
    Ok(Status::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Grid;
    use crate::model::{samples, Board};

    #[test]
    fn solids_are_drawn_by_layers() {
        let mut set = samples::polyforms(Grid::Cube, 3, false);
        for p in &mut set.pieces {
            (p.count, p.min) = (2, 2);
        }
        let mut squares = vec![Square::Open; 12];
        squares[11] = Square::Blocked;
        squares[3] = Square::Outside;
        let mut board = Board::layered("box", Grid::Cube, [3, 2, 2], squares);
        board.use_all_pieces = false;
        let puzzle = Puzzle::new(board, set).unwrap();
        let mut text = String::new();
        describe_puzzle(&puzzle, &mut text);
        assert!(text.starts_with("board box: 2 rows × 3 columns × 2 layers, 10 open cells"));
        assert!(
            text.contains("\n...   ...\n ..   ..#\nz=0   z=1\n"),
            "{text}"
        );
        // The bent tricube as given, one layer.
        let mut pieces = String::new();
        describe_pieces(&puzzle.set, &mut pieces);
        assert!(
            pieces.contains("12 orientations):\nBB\nB.\nz=0\n"),
            "{pieces}"
        );
        insta::assert_snapshot!(pieces);
    }
}
