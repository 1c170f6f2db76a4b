//! Segment lists (SPEC §9): the `segments` of a piece or a board and the `holes` of a
//! board on the grids of segments, written `[[x, y, d], …]` in Polyform Puzzler's
//! coordinates and read into cells of the grid ([`SegmentGrid::puzzler`]). Each error
//! points at the offending `[x, y, d]` and says what to write.

use std::collections::{BTreeMap, HashSet};

use toml::{Spanned, Value};

use super::toml_input::Input;
use super::{Board, Square};
use crate::error::InputError;
use crate::geom::{Cell, Edges, Grid, SegmentGrid};

/// The largest coordinate of a segment, which keeps every cell well inside `i32`.
const MAX_COORDINATE: i64 = 10_000;

/// The cells of the segment list `v` (the value of `key`) on `grid`, a grid of segments;
/// repeats and, with `board`, coordinates below 0 are errors.
pub fn read_segments(
    input: &Input,
    grid: Grid,
    key: &str,
    v: &Spanned<Value>,
    board: bool,
) -> Result<Vec<Cell>, InputError> {
    let segments = grid
        .lattice()
        .segments()
        .expect("read_segments is called on the grids of segments");
    let hint = hint(segments);
    let Value::Array(items) = v.get_ref() else {
        return Err(input
            .error_at(v, format!("`{key}` must be a list of segments `[x, y, d]`"))
            .with_hint(hint));
    };
    if items.is_empty() {
        return Err(input
            .error_at(v, format!("`{key}` lists no segment"))
            .with_hint(hint));
    }
    let starts = element_offsets(input.text, v.span().start, items.len());
    let mut cells = Vec::with_capacity(items.len());
    let mut seen = HashSet::new();
    for (k, item) in items.iter().enumerate() {
        let at = starts.get(k).copied().unwrap_or(v.span().start);
        let numbers: Option<Vec<i64>> = match item {
            Value::Array(xs) => xs.iter().map(Value::as_integer).collect(),
            _ => None,
        };
        let Some(&[x, y, d]) = numbers.as_deref() else {
            return Err(input
                .error(
                    at,
                    format!(
                        "segment {} of `{key}` is not `[x, y, d]`, three whole numbers",
                        k + 1
                    ),
                )
                .with_hint(hint));
        };
        if x.abs() > MAX_COORDINATE || y.abs() > MAX_COORDINATE {
            return Err(input.error(
                at,
                format!("segment [{x}, {y}, {d}] is too far out: coordinates are at most {MAX_COORDINATE}"),
            ));
        }
        if board && (x < 0 || y < 0) {
            return Err(input
                .error(
                    at,
                    format!("segment [{x}, {y}, {d}] of the board has a coordinate below 0"),
                )
                .with_hint(
                    "a board's segments have x ≥ 0 and y ≥ 0; shift the board's coordinates",
                ));
        }
        let Some(cell) = segments.puzzler(x as i32, y as i32, d as i32) else {
            return Err(input
                .error(
                    at,
                    format!(
                        "segment [{x}, {y}, {d}] has no direction {d} on the {} grid",
                        grid.name()
                    ),
                )
                .with_hint(hint));
        };
        if !seen.insert(cell) {
            return Err(input
                .error(
                    at,
                    format!("segment [{x}, {y}, {d}] is listed twice in `{key}`"),
                )
                .with_hint("list each segment once"));
        }
        cells.push(cell);
    }
    Ok(cells)
}

/// What `d` means on the grid.
fn hint(segments: &SegmentGrid) -> &'static str {
    match segments.edges() {
        Edges::Square => "a segment is [x, y, d]: d = 0 runs from point (x, y) to (x + 1, y), d = 1 to (x, y + 1)",
        Edges::Triangle => "a segment is [x, y, d]: d = 0 runs from point (x, y) to (x + 1, y), d = 1 to (x, y + 1), d = 2 to (x − 1, y + 1)",
        Edges::Hexagon => "a segment is [x, y, d]: from the lower left corner of hexagon (x, y), d = 0 points to 0°, d = 1 to 120°, d = 2 to 240°",
    }
}

/// The offsets in `text` of the first `n` elements of the array that starts at `start`
/// (each inner `[`), found by scanning its brackets; fewer if the text is not plain.
fn element_offsets(text: &str, start: usize, n: usize) -> Vec<usize> {
    let mut out = Vec::with_capacity(n);
    let mut depth = 0;
    for (i, ch) in text.get(start..).unwrap_or("").char_indices() {
        match ch {
            '[' => {
                depth += 1;
                if depth == 2 {
                    out.push(start + i);
                }
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            '#' | '"' | '\'' => break,
            _ => {}
        }
        if out.len() == n && depth == 1 {
            break;
        }
    }
    out
}

/// The keys of a board of segments that say which segments it has, as a board file
/// writes them last (a table follows): `crossing = true` where set, `segments` (open or
/// under a pre-placed piece) and the `[placed]` table of pre-placed pieces by label.
pub fn board_keys(board: &Board) -> String {
    let Some(grid) = board.lattice().segments() else {
        return String::new();
    };
    let list = |cells: &[Cell]| -> String {
        let items: Vec<String> = (cells.iter())
            .filter_map(|&c| grid.to_puzzler(c))
            .map(|[x, y, d]| format!("[{x}, {y}, {d}]"))
            .collect();
        format!("[{}]", items.join(", "))
    };
    let mut covered = Vec::new();
    let mut placed: BTreeMap<char, Vec<Cell>> = BTreeMap::new();
    for c in board.cells() {
        match board.square(c) {
            Square::Open => covered.push(c),
            Square::Preplaced(label) => {
                covered.push(c);
                placed.entry(label).or_default().push(c);
            }
            Square::Outside | Square::Blocked => {}
        }
    }
    let mut out = String::new();
    if board.crossing {
        out.push_str("crossing = true\n");
    }
    out.push_str(&format!("segments = {}\n", list(&covered)));
    if !placed.is_empty() {
        out.push_str("\n[placed]\n");
        for (label, cells) in &placed {
            // Labels are letters and digits: a quoted key needs no escape.
            out.push_str(&format!("\"{label}\" = {}\n", list(cells)));
        }
    }
    out
}
