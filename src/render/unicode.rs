//! Box drawing: each cell is three characters wide and one line tall between lines
//! of light box-drawing characters (`┌ ┬ ┐ ├ ┼ ┤ └ ┴ ┘ ─ │`), so a cell looks roughly
//! square in a terminal. A line separates cells of different regions (two placements,
//! a placement and a blocked, uncovered or outside cell); there is none inside a piece
//! and none between two outside cells. Blocked cells are shaded `░`, uncovered open
//! cells show `·` (a pre-placed square no placement covers, its label); labels are
//! optional. On the sticks grid, segments in box drawing (`stick_boxes.rs`). On the hex
//! and triangle grids, and the trigs and twigs, which box drawing cannot draw, it is the
//! ascii picture in the input's layout; on the grids of space, each layer in boxes, the
//! layers side by side.

use crate::geom::{Cell, Grid};
use crate::model::{Board, PieceSet, Square, Tiling};
use crate::render::scene::{Region, Regions};
use crate::render::{ascii, layers, stick_boxes};

/// Options for box drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnicodeOptions {
    /// Each piece's label in each of its cells.
    pub labels: bool,
}

impl Default for UnicodeOptions {
    fn default() -> UnicodeOptions {
        UnicodeOptions { labels: true }
    }
}

const SHADE: char = '░';

/// One tiling, `2 × height + 1` lines, trailing spaces trimmed, each ending with `\n`.
///
/// Box-drawing characters only draw square cells; on the hex and triangle grids this is
/// the [`ascii`] picture (labels always shown), which is what an input picture of that
/// grid looks like and can be read back as a board. On the grids of space each layer is
/// drawn in boxes, the layers side by side, bottom first, labelled `z=0 z=1 …`;
/// lines separate the pieces within a layer.
pub fn tiling(board: &Board, set: &PieceSet, t: &Tiling, opts: &UnicodeOptions) -> String {
    let r = Regions::new(board, t);
    if board.grid.is_3d() {
        let pictures: Vec<Vec<String>> = (0..board.depth)
            .map(|z| layer(board, set, t, &r, z, opts))
            .collect();
        return layers::side_by_side(&pictures);
    }
    if board.grid == Grid::Sticks {
        return stick_boxes::tiling(board, set, t, opts.labels);
    }
    if board.grid != Grid::Square {
        return ascii::tiling(board, set, t);
    }
    let mut out = String::new();
    for line in layer(board, set, t, &r, 0, opts) {
        push_trimmed(&mut out, &line);
    }
    out
}

/// Layer `z` in boxes: `2 × height + 1` lines of `4 × width + 1` characters, untrimmed.
fn layer(
    board: &Board,
    set: &PieceSet,
    t: &Tiling,
    r: &Regions,
    z: i32,
    opts: &UnicodeOptions,
) -> Vec<String> {
    let (w, h) = (board.width, board.height);
    let at = |x: i32, y: i32| r.at(x, y, z);
    let mut out = Vec::with_capacity(2 * h as usize + 1);
    for j in 0..=h {
        // The line of junctions and horizontal edges above row j.
        let mut line = String::new();
        for i in 0..=w {
            line.push(junction(
                at(i - 1, j - 1),
                at(i, j - 1),
                at(i - 1, j),
                at(i, j),
            ));
            if i < w {
                let (above, below) = (at(i, j - 1), at(i, j));
                let ch = if above != below { '─' } else { fill(below) };
                line.extend([ch; 3]);
            }
        }
        out.push(line);
        if j == h {
            break;
        }
        // Row j: vertical edges and the cells between them.
        let mut line = String::new();
        for i in 0..=w {
            let (left, right) = (at(i - 1, j), at(i, j));
            line.push(if left != right { '│' } else { fill(right) });
            if i < w {
                let middle = match right {
                    Region::Piece(k) if opts.labels => set.pieces[t.placements[k].piece].label,
                    Region::Empty => match board.square(Cell::at(i, j, z)) {
                        Square::Preplaced(label) => label,
                        _ => '·',
                    },
                    other => fill(other),
                };
                line.extend([fill(right), middle, fill(right)]);
            }
        }
        out.push(line);
    }
    out
}

/// Several tilings, separated by one blank line.
pub fn tilings(board: &Board, set: &PieceSet, ts: &[Tiling], opts: &UnicodeOptions) -> String {
    let parts: Vec<String> = ts.iter().map(|t| tiling(board, set, t, opts)).collect();
    parts.join("\n")
}

fn push_trimmed(out: &mut String, line: &str) {
    out.push_str(line.trim_end_matches(' '));
    out.push('\n');
}

/// What fills the inside of a region (and its junctions and hidden edges).
fn fill(r: Region) -> char {
    if r == Region::Blocked {
        SHADE
    } else {
        ' '
    }
}

/// The junction where four cells meet: `a b` above, `c d` below.
fn junction(a: Region, b: Region, c: Region, d: Region) -> char {
    let (up, down, left, right) = (a != b, c != d, a != c, b != d);
    match (up, down, left, right) {
        (false, false, false, false) => fill(a),
        (true, true, true, true) => '┼',
        (true, true, false, true) => '├',
        (true, true, true, false) => '┤',
        (false, true, true, true) => '┬',
        (true, false, true, true) => '┴',
        (false, true, false, true) => '┌',
        (false, true, true, false) => '┐',
        (true, false, false, true) => '└',
        (true, false, true, false) => '┘',
        (true, true, false, false) => '│',
        (false, false, true, true) => '─',
        // One edge alone cannot happen: a != b with a = c = d = b is impossible.
        (true, false, false, false) => '╵',
        (false, true, false, false) => '╷',
        (false, false, true, false) => '╴',
        (false, false, false, true) => '╶',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Square;
    use crate::render::fixtures;

    #[test]
    fn two_l_trominoes() {
        let (board, set, t) = fixtures::two_l();
        let text = tiling(&board, &set, &t, &UnicodeOptions::default());
        insta::assert_snapshot!(text);
        let bare = tiling(&board, &set, &t, &UnicodeOptions { labels: false });
        assert_eq!(bare, text.replace('L', " "));
    }

    #[test]
    fn holes_outside_and_blocked() {
        let (board, set, t) = fixtures::holes();
        insta::assert_snapshot!(tiling(&board, &set, &t, &UnicodeOptions::default()));
    }

    #[test]
    fn preplaced() {
        let (board, set, t) = fixtures::preplaced();
        insta::assert_snapshot!(tiling(&board, &set, &t, &UnicodeOptions::default()));
    }

    #[test]
    fn empty_board_shows_preplaced_labels() {
        let (board, set, _) = fixtures::preplaced();
        let text = tiling(&board, &set, &Tiling::default(), &UnicodeOptions::default());
        assert_eq!(
            text,
            "┌───────────┐\n│ P   P   · │\n│           │\n│ ·   ·   · │\n└───────────┘\n"
        );
    }

    #[test]
    fn pentominoes() {
        let (board, set, t) = fixtures::pentominoes();
        insta::assert_snapshot!(tiling(&board, &set, &t, &UnicodeOptions::default()));
    }

    #[test]
    fn staircase_with_blocked_block() {
        // A staircase (outside cells at the top right) with a 2×2 blocked block.
        use Square::{Blocked as B, Open as O, Outside as X};
        let board = Board::new(
            "stairs",
            4,
            4,
            vec![O, X, X, X, O, O, X, X, O, B, B, X, O, B, B, O],
        );
        let (_, set, _) = fixtures::holes();
        insta::assert_snapshot!(tiling(
            &board,
            &set,
            &Tiling::default(),
            &UnicodeOptions::default()
        ));
    }

    #[test]
    fn layers_in_boxes() {
        let (board, set, t) = fixtures::cubes();
        let text = tiling(&board, &set, &t, &UnicodeOptions::default());
        assert_eq!(text.lines().count(), 2 * 2 + 2);
        assert!(text.ends_with("\nz=0             z=1\n"), "{text}");
        insta::assert_snapshot!(text);
        let (board, set, t) = fixtures::balls();
        insta::assert_snapshot!(
            "pyramid",
            tiling(&board, &set, &t, &UnicodeOptions::default())
        );
    }
}
