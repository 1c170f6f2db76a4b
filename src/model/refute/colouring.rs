//! Colourings of the cells, the raw material of the classical impossibility proofs
//! (Golomb, "Polyominoes", ch. 2 and 4): give every cell one of a few colours; every
//! placement of a piece covers so many cells of each colour, so a tiling covers the
//! board's counts only if the pieces' placements add up to them. A colouring is a plain
//! function of a cell, so the arguments built on it know nothing of the grid; only the
//! list of colourings worth trying ([`square`]) is the square grid's.

use crate::geom::Cell;

/// A colouring of the cells into `names.len()` colours.
#[derive(Clone, Copy, Debug)]
pub struct Colouring {
    /// How it colours, as a sentence's object: "like a checkerboard".
    pub how: &'static str,
    /// The colours' names, for the sentence: "dark", "light".
    pub names: &'static [&'static str],
    /// The colour of a cell, an index into `names`.
    pub colour: fn(Cell) -> usize,
}

impl Colouring {
    /// The number of cells of each colour among `cells`.
    pub fn counts(&self, cells: impl IntoIterator<Item = Cell>) -> Vec<u32> {
        let mut counts = vec![0u32; self.names.len()];
        for c in cells {
            counts[(self.colour)(c)] += 1;
        }
        counts
    }

    /// `counts` in words: "10 dark and 10 light".
    pub fn describe(&self, counts: &[u32]) -> String {
        let parts: Vec<String> = (counts.iter().zip(self.names))
            .map(|(n, name)| format!("{n} {name}"))
            .collect();
        match parts.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => parts.concat(),
        }
    }
}

fn modulo(v: i32, m: i32) -> usize {
    v.rem_euclid(m) as usize
}

/// The colourings tried on the square grid, the cheap and telling ones first: the
/// checkerboard (Golomb's argument against the T-tetromino), stripes of rows and of
/// columns, the four cells of each 2×2 block (which refines the three before it), and
/// diagonal stripes in 3 and 4 colours (his arguments for trominoes and tetrominoes).
pub fn square() -> &'static [Colouring] {
    const LIST: &[Colouring] = &[
        Colouring {
            how: "like a checkerboard",
            names: &["dark", "light"],
            colour: |c| modulo(c.x + c.y, 2),
        },
        Colouring {
            how: "in stripes by rows",
            names: &["in even rows", "in odd rows"],
            colour: |c| modulo(c.y, 2),
        },
        Colouring {
            how: "in stripes by columns",
            names: &["in even columns", "in odd columns"],
            colour: |c| modulo(c.x, 2),
        },
        Colouring {
            how: "by their place in a 2×2 block",
            names: &["top left", "top right", "bottom left", "bottom right"],
            colour: |c| modulo(c.x, 2) + 2 * modulo(c.y, 2),
        },
        Colouring {
            how: "in diagonal stripes of 3 colours",
            names: &["of colour 1", "of colour 2", "of colour 3"],
            colour: |c| modulo(c.x + c.y, 3),
        },
        Colouring {
            how: "in antidiagonal stripes of 3 colours",
            names: &["of colour 1", "of colour 2", "of colour 3"],
            colour: |c| modulo(c.x - c.y, 3),
        },
        Colouring {
            how: "in diagonal stripes of 4 colours",
            names: &["of colour 1", "of colour 2", "of colour 3", "of colour 4"],
            colour: |c| modulo(c.x + c.y, 4),
        },
        Colouring {
            how: "in antidiagonal stripes of 4 colours",
            names: &["of colour 1", "of colour 2", "of colour 3", "of colour 4"],
            colour: |c| modulo(c.x - c.y, 4),
        },
    ];
    LIST
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_words() {
        let checkerboard = square()[0];
        let cells = (0..3).map(|x| Cell::new(x, 0));
        let counts = checkerboard.counts(cells);
        assert_eq!(counts, [2, 1]);
        assert_eq!(checkerboard.describe(&counts), "2 dark and 1 light");
        let blocks = square()[3];
        assert_eq!(
            blocks.describe(&[1, 2, 3, 4]),
            "1 top left, 2 top right, 3 bottom left and 4 bottom right"
        );
    }

    #[test]
    fn colours_are_in_range_everywhere() {
        for colouring in square() {
            for x in -5..5 {
                for y in -5..5 {
                    assert!((colouring.colour)(Cell::new(x, y)) < colouring.names.len());
                }
            }
        }
    }
}
