//! Plain text: one line per board row. A covered cell shows its piece's label, a blocked
//! cell `#`, an outside cell a space, an open cell left uncovered (a board with
//! `cover_all_cells = false`) `.`, and a pre-placed square no placement covers its own
//! label. Trailing spaces are trimmed; every tiling ends with a newline (SPEC §3).

use crate::geom::Cell;
use crate::model::{Board, PieceSet, Square, Tiling};

/// One tiling, one line per row, each ending with `\n`.
pub fn tiling(board: &Board, set: &PieceSet, t: &Tiling) -> String {
    let owners = t.owners(board);
    let mut out = String::with_capacity(((board.width + 1) * board.height) as usize);
    for y in 0..board.height {
        let start = out.len();
        for x in 0..board.width {
            let c = Cell::new(x, y);
            let owner = owners[(y * board.width + x) as usize];
            out.push(match (owner, board.square(c)) {
                (Some(k), _) => set.pieces[t.placements[k].piece].label,
                (None, Square::Outside) => ' ',
                (None, Square::Blocked) => '#',
                (None, Square::Open) => '.',
                (None, Square::Preplaced(label)) => label,
            });
        }
        let kept = out[start..].trim_end_matches(' ').len();
        out.truncate(start + kept);
        out.push('\n');
    }
    out
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
}
