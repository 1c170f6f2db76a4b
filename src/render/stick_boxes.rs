//! Box drawing of a tiling on the sticks grid (SPEC §9: "box drawing for sticks"), the
//! `unicode` format's picture of polysticks. Rows of points alternate with rows of
//! vertical segments, as in the ascii picture, but each point is four characters wide
//! (the point and a horizontal segment of three), so a square looks square:
//!
//! ```text
//! ·╶I───I───I───I╴┌─L╴·
//! │H  │H  │W  │R  │L  │F
//! ├─H─┼─W─┼─R─┴─R╴│╶F─┤
//! ```
//!
//! - A horizontal segment of a piece is `─L─` (its label in the middle; `───` without
//!   labels), a vertical one `│` with its label right of it. Where the piece ends, a
//!   horizontal segment stops short of the point (`╶L─`, `─L╴`).
//! - A point joins the segments of each piece that has two or more there, with the
//!   box-drawing character of those arms (`┌ ┬ ┼ ─ │ …`); a piece that only ends at the
//!   point leaves its arm out, so the gap between two pieces shows. A point with no
//!   arm is `·` on the board, a space off it. Two pieces that each turn at a point
//!   show as `┼` (the labels tell them apart; they never cross unless the board
//!   allows it).
//! - A segment of the board no piece covers is dashed (`╌╌╌`, `╎`), a blocked one `░`;
//!   holes are spaces.
//!
//! Trailing spaces are trimmed; every line ends with `\n`.

use crate::geom::Cell;
use crate::model::{Board, PieceSet, Square, Tiling};

/// The four directions at a point, as steps in cell coordinates: right, down, left, up.
const ARMS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// One tiling of a sticks board, `board.height` lines.
pub fn tiling(board: &Board, set: &PieceSet, t: &Tiling, labels: bool) -> String {
    let owners = t.owners(board);
    let owner = |x: i32, y: i32| {
        board
            .index(Cell::new(x, y))
            .and_then(|i| owners.get(i).copied().flatten())
    };
    let square = |x: i32, y: i32| board.square(Cell::new(x, y));
    let label = |k: usize| set.pieces[t.placements[k].piece].label;
    // Whether piece `k` has two or more segments at the point (x, y), so that its
    // arms there are drawn.
    let joins = |k: usize, x: i32, y: i32| {
        (ARMS.iter())
            .filter(|&&(dx, dy)| owner(x + dx, y + dy) == Some(k))
            .count()
            >= 2
    };
    let mut out = String::new();
    for y in 0..board.height {
        let mut line = String::new();
        for x in 0..board.width {
            match (x % 2 == 0, y % 2 == 0) {
                // A point.
                (true, true) => {
                    let arms: Vec<bool> = (ARMS.iter())
                        .map(|&(dx, dy)| owner(x + dx, y + dy).is_some_and(|k| joins(k, x, y)))
                        .collect();
                    let on_board =
                        (ARMS.iter()).any(|&(dx, dy)| square(x + dx, y + dy) != Square::Outside);
                    line.push(junction(&arms).unwrap_or(if on_board { '·' } else { ' ' }));
                }
                // A horizontal segment: an end where its piece does not go on is a half
                // line, clear of the point.
                (false, true) => match (owner(x, y), square(x, y)) {
                    (Some(k), _) => {
                        line.push(if joins(k, x - 1, y) { '─' } else { '╶' });
                        line.push(if labels { label(k) } else { '─' });
                        line.push(if joins(k, x + 1, y) { '─' } else { '╴' });
                    }
                    (None, Square::Outside) => line.push_str("   "),
                    (None, Square::Blocked) => line.push_str("░░░"),
                    (None, _) => line.push_str("╌╌╌"),
                },
                // A vertical segment (on the right edge, with its label after it).
                (true, false) => {
                    line.push(match (owner(x, y), square(x, y)) {
                        (Some(_), _) => '│',
                        (None, Square::Outside) => ' ',
                        (None, Square::Blocked) => '░',
                        (None, _) => '╎',
                    });
                    if let (Some(k), true) = (owner(x, y), labels && x + 1 == board.width) {
                        line.push(label(k));
                    }
                }
                // The inside of a square: the label of the vertical segment on its left.
                (false, false) => match owner(x - 1, y) {
                    Some(k) if labels => {
                        line.push(label(k));
                        line.push_str("  ");
                    }
                    _ => line.push_str("   "),
                },
            }
        }
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

/// The box-drawing character with the arms `arms` (right, down, left, up); `None` for
/// no arm.
fn junction(arms: &[bool]) -> Option<char> {
    let bits = arms
        .iter()
        .enumerate()
        .fold(0, |b, (i, &on)| b | (usize::from(on) << i));
    [
        None,
        Some('╶'),
        Some('╷'),
        Some('┌'),
        Some('╴'),
        Some('─'),
        Some('┐'),
        Some('┬'),
        Some('╵'),
        Some('└'),
        Some('│'),
        Some('├'),
        Some('┘'),
        Some('┴'),
        Some('┤'),
        Some('┼'),
    ][bits]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    #[test]
    fn junctions_have_their_arms() {
        let j = |r, d, l, u| junction(&[r, d, l, u]);
        assert_eq!(j(false, false, false, false), None);
        assert_eq!(j(true, true, false, false), Some('┌'));
        assert_eq!(j(true, false, true, false), Some('─'));
        assert_eq!(j(false, true, false, true), Some('│'));
        assert_eq!(j(true, true, true, true), Some('┼'));
        assert_eq!(j(false, true, true, true), Some('┤'));
        assert_eq!(j(true, false, true, true), Some('┴'));
    }

    #[test]
    fn a_solution_shows_every_segment_once_with_its_label() {
        let (board, set) = crate::load_puzzle("polysticks-123-3x3", None).unwrap();
        let (board, set, t) = fixtures::first(board, set);
        let text = tiling(&board, &set, &t, true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 7, "{text}");
        // Each label as often as its piece has segments.
        for p in &t.placements {
            let label = set.pieces[p.piece].label;
            let n = text.matches(label).count();
            assert_eq!(n, p.cells.len(), "{label} in\n{text}");
        }
        // The holes: the top left corner's two segments and two at the bottom right.
        assert!(lines[0].starts_with("    "), "{text}");
        assert!(lines[1].starts_with(' '), "{text}");
        let bare = tiling(&board, &set, &t, false);
        assert!(!bare.chars().any(|c| c.is_ascii_alphabetic()), "{bare}");
        let empty = tiling(&board, &set, &Tiling::default(), true);
        assert_eq!(empty.lines().next(), Some("    ·╌╌╌·╌╌╌·"), "{empty}");
    }
}
