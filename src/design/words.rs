//! A hint in words: the sentence `polyx hint` prints above its picture and the page's
//! Hint button shows, from one place so that both say the same.

use crate::geom::{Cell, Grid};
use crate::model::PieceSet;

use super::hint::{Hint, Move, Reason};

/// How the sentence is said.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wording {
    /// A picture follows, with the hinted pieces drawn in lower case: say so.
    pub drawn: bool,
    /// The board is a challenge being played: only the player's pieces are taken off.
    pub challenge: bool,
    /// The board has layers: cells are named with theirs.
    pub layered: bool,
}

/// The sentence for `hint` on a board of `set`'s pieces, ending in a full stop.
pub fn sentence(set: &PieceSet, hint: &Hint, wording: Wording) -> String {
    let shown = if wording.drawn { " as shown" } else { "" };
    match hint {
        Hint::Finished => "The board is finished.".to_string(),
        Hint::Next(Move { placement, reason }) => {
            let label = set.pieces[placement.piece].label;
            format!(
                "The board can be finished; {}",
                why(label, shown, *reason, set.grid, wording.layered)
            )
        }
        Hint::Remove(pieces) => {
            let labels: Vec<String> = (pieces.iter())
                .map(|p| set.pieces[p.piece].label.to_string())
                .collect();
            let (them, it) = if pieces.len() == 1 {
                ("piece", "it")
            } else {
                ("pieces", "them")
            };
            let drawn = if wording.drawn {
                " (drawn in lower case)"
            } else {
                ""
            };
            format!(
                "The board cannot be finished; take off {them} {}{drawn}: without {it}, it can be.",
                labels.join(", ")
            )
        }
        Hint::Unsolvable if wording.challenge => "The board cannot be finished, even with all \
            of the player's pieces taken off: the challenge has no solution."
            .to_string(),
        Hint::Unsolvable => "The board cannot be finished, even with every piece taken off: \
            the puzzle has no solution."
            .to_string(),
    }
}

/// Why the hinted placement of piece `label` was chosen.
fn why(label: char, shown: &str, reason: Reason, grid: Grid, layered: bool) -> String {
    match reason {
        Reason::OnlyCover(c) => format!(
            "place {label}{shown}: it is the only placement that covers {}.",
            place_name(c, grid, layered)
        ),
        Reason::OnlyPlace => format!("place {label}{shown}: the piece has no other place left."),
        Reason::EveryCompletion => {
            format!("place {label}{shown}: every way to finish the board places it there.")
        }
        Reason::Guess(c) => format!(
            "try {label}{shown}: {} has the fewest ways to be covered, and this one leads to a \
             finished board (others may too).",
            place_name(c, grid, layered)
        ),
    }
}

/// "the segment [2, 0, 1]" (Puzzler's `[x, y, d]`, as files write it) on the grids of
/// segments, else [`cell_name`].
fn place_name(c: Cell, grid: Grid, layered: bool) -> String {
    match grid.lattice().segments().and_then(|s| s.to_puzzler(c)) {
        Some([x, y, d]) => format!("the segment [{x}, {y}, {d}]"),
        None => cell_name(c, layered),
    }
}

/// "the cell at row 2, column 3" (counted from 1, as in the picture), "… of layer 1"
/// on a `layered` board.
pub fn cell_name(c: Cell, layered: bool) -> String {
    if !layered {
        format!("the cell at row {}, column {}", c.y + 1, c.x + 1)
    } else {
        format!(
            "the cell at row {}, column {} of layer {}",
            c.y + 1,
            c.x + 1,
            c.z + 1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{cell_name, place_name};
    use crate::geom::{Cell, Grid};

    #[test]
    fn segments_are_named_as_files_write_them() {
        // Segment [2, 0, 1] of the sticks grid: the vertical one from point (2, 0).
        let c = Grid::Sticks
            .lattice()
            .segments()
            .unwrap()
            .puzzler(2, 0, 1)
            .unwrap();
        assert_eq!(place_name(c, Grid::Sticks, false), "the segment [2, 0, 1]");
        assert_eq!(
            place_name(Cell::new(2, 1), Grid::Square, false),
            "the cell at row 2, column 3"
        );
    }

    #[test]
    fn cells_of_layered_boards_are_named_with_their_layer() {
        let c = Cell::at(2, 1, 0);
        assert_eq!(cell_name(c, false), "the cell at row 2, column 3");
        assert_eq!(cell_name(c, true), "the cell at row 2, column 3 of layer 1");
        let top = Cell::at(0, 0, 4);
        assert_eq!(
            cell_name(top, true),
            "the cell at row 1, column 1 of layer 5"
        );
    }
}
