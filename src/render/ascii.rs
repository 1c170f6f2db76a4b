//! Plain text: one line per board row. A covered cell shows its piece's label, a blocked
//! cell `#`, an outside cell a space, an open cell left uncovered (a board with
//! `cover_all_cells = false`) `.`, and a pre-placed square no placement covers its own
//! label. Trailing spaces are trimmed; every tiling ends with a newline (SPEC §3). On
//! the grids of space the layers are drawn side by side. On the sticks grid
//! each segment's label stands at its midpoint and each point of the board is a `+`, so a
//! row of points reads `+A+A+B+` and the row under it `C D B E`.

use crate::geom::Cell;
use crate::model::{Board, PieceSet, Square, Tiling};
use crate::render::layers;

/// One tiling, one line per row, each ending with `\n`. On the grids of space, the
/// layers' pictures side by side, bottom first, labelled `z=0 z=1 …`.
pub fn tiling(board: &Board, set: &PieceSet, t: &Tiling) -> String {
    let owners = t.owners(board);
    if board.grid.is_3d() {
        let pictures: Vec<Vec<String>> = (0..board.depth)
            .map(|z| layer(board, set, t, &owners, z))
            .collect();
        return layers::side_by_side(&pictures);
    }
    let mut out = String::with_capacity(((board.width + 1) * board.height) as usize);
    for row in layer(board, set, t, &owners, 0) {
        out.push_str(row.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

/// The picture of layer `z`: one line of `board.width` characters per row, untrimmed.
fn layer(
    board: &Board,
    set: &PieceSet,
    t: &Tiling,
    owners: &[Option<usize>],
    z: i32,
) -> Vec<String> {
    (0..board.height)
        .map(|y| {
            (0..board.width)
                .map(|x| {
                    let c = Cell::at(x, y, z);
                    let owner = board.index(c).and_then(|i| owners[i]);
                    match (owner, board.square(c)) {
                        (Some(k), _) => set.pieces[t.placements[k].piece].label,
                        (None, Square::Outside) if is_stick_point(board, c) => '+',
                        (None, Square::Outside) => ' ',
                        (None, Square::Blocked) => '#',
                        (None, Square::Open) => '.',
                        (None, Square::Preplaced(label)) => label,
                    }
                })
                .collect()
        })
        .collect()
}

/// Whether `c` is a point of the sticks grid at an end of one of the board's segments.
fn is_stick_point(board: &Board, c: Cell) -> bool {
    board.grid == crate::geom::Grid::Sticks
        && c.x % 2 == 0
        && c.y % 2 == 0
        && [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .any(|&(dx, dy)| board.square(Cell::at(c.x + dx, c.y + dy, c.z)) != Square::Outside)
}

/// Several tilings, separated by one blank line.
pub fn tilings(board: &Board, set: &PieceSet, ts: &[Tiling]) -> String {
    let parts: Vec<String> = ts.iter().map(|t| tiling(board, set, t)).collect();
    parts.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn two_l_trominoes() {
        let (board, set, t) = fixtures::two_l();
        insta::assert_snapshot!(tiling(&board, &set, &t));
    }

    #[test]
    fn outside_blocked_and_uncovered() {
        let (board, set, t) = fixtures::holes();
        let text = tiling(&board, &set, &t);
        assert_eq!(text, " DD.\nOO#L\nOOLL\n");
        insta::assert_snapshot!(text);
    }

    #[test]
    fn preplaced_and_empty_board() {
        let (board, set, t) = fixtures::preplaced();
        insta::assert_snapshot!(tiling(&board, &set, &t));
        assert_eq!(tiling(&board, &set, &Tiling::default()), "PP.\n...\n");
    }

    #[test]
    fn trailing_spaces_trimmed_and_tilings_joined() {
        use Square::{Open as O, Outside as X};
        let board = Board::new("stairs", 2, 2, vec![O, X, O, O]);
        let (_, set, _) = fixtures::holes();
        let t = Tiling::default();
        assert_eq!(tiling(&board, &set, &t), ".\n..\n");
        let two = tilings(&board, &set, &[t.clone(), t]);
        assert_eq!(two, ".\n..\n\n.\n..\n");
    }

    #[test]
    fn layers_side_by_side() {
        let (board, set, t) = fixtures::cubes();
        let text = tiling(&board, &set, &t);
        assert!(text.starts_with("AAA   "), "{text}");
        assert!(text.ends_with("z=0   z=1\n"), "{text}");
        insta::assert_snapshot!(text);
        let (board, set, t) = fixtures::balls();
        let text = tiling(&board, &set, &t);
        assert_eq!(text.lines().count(), 4);
        assert!(text.lines().next().unwrap().ends_with("   #"), "{text}");
        insta::assert_snapshot!("pyramid", text);
        let empty = tiling(&board, &set, &Tiling::default());
        assert_eq!(empty, "...   ..    #\n...   ..\n...\nz=0   z=1   z=2\n");
    }
}
