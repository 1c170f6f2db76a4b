//! Proofs, before any search, that a puzzle has no solution, each with its reason
//! ([`Refutation`], a sentence for the user). Every argument is a necessary condition on
//! the sums of what the pieces' placements cover ([`sums`]):
//!
//! - a piece that must be placed has to fit somewhere;
//! - area: the cells to cover must be a sum of the areas of the pieces (every copy, or
//!   any of them when pieces are optional); when cells may stay empty, the pieces that
//!   must be placed must fit in the open area;
//! - colourings ([`colouring`]): under each colouring, the board's counts of each colour
//!   must be a sum of counts that the pieces' placements cover (at most the board's,
//!   when cells may stay empty). The checkerboard case is Golomb's ("Polyominoes",
//!   ch. 2), which dismisses the 35 hexominoes in any rectangle.
//!
//! The placements come from the puzzle, so nothing here depends on the grid but the
//! list of colourings.

pub mod colouring;
mod sums;

use std::collections::BTreeMap;
use std::fmt;

use super::Puzzle;
use crate::geom::Cell;
use colouring::Colouring;
use sums::Term;

/// Why a puzzle has no solution, proved before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refutation {
    /// A piece that every solution uses fits nowhere on the board.
    Unplaceable {
        /// The piece's name.
        piece: String,
    },
    /// The cells to cover are not a sum of the pieces' areas.
    Area {
        /// The cells to cover.
        cells: u32,
        /// Each area of the pieces that fit somewhere, and the copies of that area.
        areas: Vec<(u32, u32)>,
        /// Whether pieces may stay unused.
        optional: bool,
    },
    /// The pieces that must be placed cover more cells than are open.
    TooLarge {
        /// The area of the pieces.
        area: u32,
        /// The open cells.
        cells: u32,
    },
    /// Under a colouring, the board's colour counts are no sum of what the placements
    /// of the pieces cover.
    Colouring {
        /// How the cells are coloured (checkerboard, stripes, …).
        how: &'static str,
        /// The board's counts of cells of each colour, in words.
        counts: String,
        /// Whether the cells may stay empty (then the counts are an upper bound).
        within: bool,
        /// Whether pieces may stay unused.
        optional: bool,
    },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::Unplaceable { piece } => {
                write!(f, "piece {piece} fits nowhere on the board")
            }
            Refutation::Area { areas, .. } if areas.is_empty() => {
                write!(f, "no piece fits on the board")
            }
            Refutation::Area {
                cells,
                areas,
                optional,
            } => {
                let each = if *optional { ", each optional" } else { "" };
                let parts: Vec<String> = (areas.iter())
                    .map(|(a, n)| format!("{a} ({n} {}{each})", pieces_word(*n)))
                    .collect();
                write!(
                    f,
                    "{cells} cells are not a sum of the piece areas {}",
                    and_list(&parts)
                )
            }
            Refutation::TooLarge { area, cells } => write!(
                f,
                "the pieces cover {area} cells, more than the {cells} open ones"
            ),
            Refutation::Colouring {
                how,
                counts,
                within,
                optional,
            } => {
                let which = if *optional { " that fit" } else { "" };
                if *within {
                    write!(
                        f,
                        "with the cells coloured {how}, the open cells are {counts}, \
                         fewer than any placements of the pieces cover"
                    )
                } else {
                    write!(
                        f,
                        "with the cells coloured {how}, the cells to cover are {counts}, \
                         which no choice of placements of the pieces{which} covers"
                    )
                }
            }
        }
    }
}

fn pieces_word(n: u32) -> &'static str {
    if n == 1 {
        "piece"
    } else {
        "pieces"
    }
}

fn and_list(parts: &[String]) -> String {
    match parts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => parts.concat(),
    }
}

/// The first argument that proves `puzzle` has no solution, or `None` if none does
/// (which proves nothing).
pub fn refute(puzzle: &Puzzle) -> Option<Refutation> {
    refute_with(puzzle, colouring::of_grid(puzzle.board.grid))
}

/// [`refute`] with the given colourings.
pub fn refute_with(puzzle: &Puzzle, colourings: &[Colouring]) -> Option<Refutation> {
    let board = &puzzle.board;
    // Ranges of copies are argued as optional pieces: a relaxation, so still sound.
    let optional = !board.use_all_pieces || puzzle.has_ranges();
    // With cells and pieces both optional, the empty tiling is a solution.
    if optional && !board.cover_all_cells {
        return None;
    }
    let placed = placeable(puzzle);
    if !optional {
        if let Some(k) = (0..placed.len()).find(|&k| puzzle.remaining[k] > 0 && !placed[k]) {
            let piece = puzzle.set.pieces[k].name.clone();
            return Some(Refutation::Unplaceable { piece });
        }
    }
    if let Some(r) = area(puzzle, &placed) {
        return Some(r);
    }
    colourings
        .iter()
        .find_map(|colouring| by_colouring(puzzle, colouring))
}

/// For each piece, whether it has a placement.
fn placeable(puzzle: &Puzzle) -> Vec<bool> {
    let mut placed = vec![false; puzzle.set.pieces.len()];
    for p in &puzzle.placements {
        placed[p.piece] = true;
    }
    placed
}

/// The area argument over the pieces that fit somewhere.
fn area(puzzle: &Puzzle, placed: &[bool]) -> Option<Refutation> {
    let cells = puzzle.open.len() as u32;
    let mut by_area: BTreeMap<u32, u32> = BTreeMap::new();
    for (k, piece) in puzzle.set.pieces.iter().enumerate() {
        if placed[k] && puzzle.remaining[k] > 0 {
            *by_area.entry(piece.shape.len() as u32).or_default() += puzzle.remaining[k];
        }
    }
    let optional = !puzzle.board.use_all_pieces || puzzle.has_ranges();
    if !puzzle.board.cover_all_cells {
        let area: u64 = by_area.iter().map(|(&a, &n)| a as u64 * n as u64).sum();
        return (area > cells as u64).then_some(Refutation::TooLarge {
            area: area as u32,
            cells,
        });
    }
    let terms: Vec<Term> = (by_area.iter())
        .map(|(&a, &n)| Term {
            values: vec![vec![a]],
            copies: n,
        })
        .collect();
    let reach = sums::reach(&[cells], &terms, optional)?;
    (!reach.contains(&[cells])).then(|| Refutation::Area {
        cells,
        areas: by_area.into_iter().collect(),
        optional,
    })
}

/// The argument of one colouring: the board's colour counts against the sums of the
/// counts that each piece's placements cover.
fn by_colouring(puzzle: &Puzzle, colouring: &Colouring) -> Option<Refutation> {
    let target = colouring.counts(puzzle.open.iter().copied());
    let optional = !puzzle.board.use_all_pieces || puzzle.has_ranges();
    let within = !puzzle.board.cover_all_cells;
    // When every piece is placed, the counts of a sum add up to the pieces' area, so the
    // last colour's count follows from the others: the box leaves it out.
    let kept = if optional || target.len() < 2 {
        target.len()
    } else {
        target.len() - 1
    };
    let terms: Vec<Term> = (placement_counts(puzzle, colouring)?.into_iter())
        .zip(&puzzle.remaining)
        .filter(|(v, &r)| r > 0 && !v.is_empty())
        .map(|(v, &r)| Term {
            values: (v.into_iter())
                .map(|key| unpack(key, target.len())[..kept].to_vec())
                .collect(),
            copies: r,
        })
        .collect();
    let reach = sums::reach(&target[..kept], &terms, optional)?;
    let possible = if !within {
        // Every piece placed, every cell covered: the area is the board's, so the last
        // count matches once the others do.
        reach.contains(&target[..kept])
    } else if kept == target.len() {
        !reach.is_empty()
    } else {
        let area: u32 = (puzzle.set.pieces.iter().zip(&puzzle.remaining))
            .map(|(p, &r)| p.shape.len() as u32 * r)
            .sum();
        reach.any(|sum| area - sum.iter().sum::<u32>() <= target[kept])
    };
    (!possible).then(|| Refutation::Colouring {
        how: colouring.how,
        counts: colouring.describe(&target),
        within,
        optional,
    })
}

/// For each piece, the distinct colour counts its placements cover, each packed in 16
/// bits a colour ([`unpack`]); `None` if they do not fit.
fn placement_counts(puzzle: &Puzzle, colouring: &Colouring) -> Option<Vec<Vec<u128>>> {
    let colours = colouring.names.len();
    let largest = (puzzle.placements.iter()).map(|p| p.cells.len()).max();
    if colours > 8 || largest.unwrap_or(0) > u16::MAX as usize {
        return None;
    }
    // Each cell of the board's frame as its packed count of 1, looked up by placements.
    let board = &puzzle.board;
    let unit: Vec<u128> = (board.cells())
        .map(|c| 1 << (16 * (colouring.colour)(c)))
        .collect();
    let at = |c: Cell| board.index(c).expect("placements lie in the frame");
    // A piece's placements cover few distinct counts: a short list, searched in full.
    let mut keys = vec![Vec::new(); puzzle.set.pieces.len()];
    for p in &puzzle.placements {
        let key: u128 = p.cells.iter().map(|&c| unit[at(c)]).sum();
        let seen: &mut Vec<u128> = &mut keys[p.piece];
        if !seen.contains(&key) {
            seen.push(key);
        }
    }
    Some(keys)
}

/// The `colours` counts packed by [`placement_counts`].
fn unpack(key: u128, colours: usize) -> Vec<u32> {
    (0..colours)
        .map(|i| (key >> (16 * i)) as u32 & 0xffff)
        .collect()
}

#[cfg(test)]
mod tests;
