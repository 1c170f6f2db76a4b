//! Colourings of the cells, the raw material of the classical impossibility proofs
//! (Golomb, "Polyominoes", ch. 2 and 4): give every cell one of a few colours; every
//! placement of a piece covers so many cells of each colour, so a tiling covers the
//! board's counts only if the pieces' placements add up to them. A colouring is a plain
//! function of a cell, so the arguments built on it know nothing of the grid (any
//! colouring is sound: the check counts each placement's own colours); only the lists
//! of colourings worth trying are the grids' ([`of_grid`]: [`square`], [`hex`],
//! [`triangle`], [`cube`], [`sphere`]).

use crate::geom::{Cell, Grid};

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

/// The colourings tried on `grid`'s boards.
pub fn of_grid(grid: Grid) -> &'static [Colouring] {
    match grid {
        Grid::Square => square(),
        Grid::Hex => hex(),
        Grid::Triangle => triangle(),
        Grid::Cube => cube(),
        Grid::Sphere => sphere(),
        // A colouring argument on segments would have to count the pieces' segments
        // by class; none is tried.
        Grid::Sticks | Grid::Trigs | Grid::Twigs => &[],
    }
}

/// The colourings tried on the cube grid: the three-dimensional checkerboard (x + y + z,
/// de Bruijn's and Golomb's argument for boxes), stripes of layers, rows and columns,
/// and the eight cells of each 2×2×2 block.
pub fn cube() -> &'static [Colouring] {
    const LIST: &[Colouring] = &[
        Colouring {
            how: "like a three-dimensional checkerboard",
            names: &["dark", "light"],
            colour: |c| modulo(c.x + c.y + c.z, 2),
        },
        Colouring {
            how: "in stripes by layers",
            names: &["in even layers", "in odd layers"],
            colour: |c| modulo(c.z, 2),
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
            how: "by their place in a 2×2×2 block",
            names: &[
                "of corner 1",
                "of corner 2",
                "of corner 3",
                "of corner 4",
                "of corner 5",
                "of corner 6",
                "of corner 7",
                "of corner 8",
            ],
            colour: |c| modulo(c.x, 2) + 2 * modulo(c.y, 2) + 4 * modulo(c.z, 2),
        },
    ];
    LIST
}

/// The colourings tried on the sphere grid: stripes of layers, and of rows and columns
/// within the layers (balls in one row or column of a layer never touch those of the
/// next-but-one).
pub fn sphere() -> &'static [Colouring] {
    const LIST: &[Colouring] = &[
        Colouring {
            how: "in stripes by layers",
            names: &["in even layers", "in odd layers"],
            colour: |c| modulo(c.z, 2),
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
    ];
    LIST
}

/// The colourings tried on the hex grid (doubled-width pictures: neighbours at
/// (c ± 2, r) and (c ± 1, r ± 1)). First the 3-colouring of the honeycomb, in which
/// no two neighbours share a colour: the column modulo 3 (a neighbour's column differs
/// by 1 or 2); every straight or bent three-hex piece covers one cell of each colour.
/// Then stripes of rows and of the two slanted directions of rows (the lines of
/// constant `c - r`, and of constant `c + r`, two columns apart at each step).
pub fn hex() -> &'static [Colouring] {
    const LIST: &[Colouring] = &[
        Colouring {
            how: "in 3 colours, no two neighbours alike",
            names: &["of colour 1", "of colour 2", "of colour 3"],
            colour: |c| modulo(c.x, 3),
        },
        Colouring {
            how: "in stripes by rows",
            names: &["in even rows", "in odd rows"],
            colour: |c| modulo(c.y, 2),
        },
        Colouring {
            how: "in stripes by rising diagonals",
            names: &["in even diagonals", "in odd diagonals"],
            colour: |c| modulo((c.x - c.y).div_euclid(2), 2),
        },
        Colouring {
            how: "in stripes by falling diagonals",
            names: &["in even diagonals", "in odd diagonals"],
            colour: |c| modulo((c.x + c.y).div_euclid(2), 2),
        },
    ];
    LIST
}

/// The colourings tried on the triangle grid (Δ at even `c + r`, ∇ at odd). First up
/// against down triangles (column plus row parity: neighbours always differ, so a
/// piece covers as many of each as its shape holds, and a turn by 60° swaps them);
/// then stripes of the three directions of rows: the rows themselves, and the slanted
/// bands between parallel lines at 60° (`⌊(c + r) / 2⌋`: crossing a `/` edge) and at
/// 120° (`⌊(c - r + 1) / 2⌋`: crossing a `\` edge); and up or down by row parity.
pub fn triangle() -> &'static [Colouring] {
    const LIST: &[Colouring] = &[
        Colouring {
            how: "by pointing up or down",
            names: &["pointing up", "pointing down"],
            colour: |c| modulo(c.x + c.y, 2),
        },
        Colouring {
            how: "in stripes by rows",
            names: &["in even rows", "in odd rows"],
            colour: |c| modulo(c.y, 2),
        },
        Colouring {
            how: "in stripes by rising bands",
            names: &["in even bands", "in odd bands"],
            colour: |c| modulo((c.x + c.y).div_euclid(2), 2),
        },
        Colouring {
            how: "in stripes by falling bands",
            names: &["in even bands", "in odd bands"],
            colour: |c| modulo((c.x - c.y + 1).div_euclid(2), 2),
        },
        Colouring {
            how: "by pointing up or down and the parity of their row",
            names: &[
                "pointing up in even rows",
                "pointing down in even rows",
                "pointing up in odd rows",
                "pointing down in odd rows",
            ],
            colour: |c| modulo(c.x + c.y, 2) + 2 * modulo(c.y, 2),
        },
    ];
    LIST
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
    fn no_two_neighbours_share_a_colour_of_the_honeycomb_or_of_up_and_down() {
        for (grid, colouring) in [(Grid::Hex, hex()[0]), (Grid::Triangle, triangle()[0])] {
            let lattice = grid.lattice();
            for x in -6..6 {
                for y in -6..6 {
                    let c = Cell::new(x, y);
                    if grid == Grid::Hex && (x + y) % 2 != 0 {
                        continue;
                    }
                    for n in lattice.neighbours(c) {
                        assert_ne!((colouring.colour)(c), (colouring.colour)(n), "{c:?} {n:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn each_edge_of_a_triangle_crosses_one_line_of_one_direction() {
        // Rows, rising bands, falling bands: crossing an edge moves by one in exactly
        // one of them.
        let bands = |c: Cell| {
            [
                c.y,
                (c.x + c.y).div_euclid(2),
                (c.x - c.y + 1).div_euclid(2),
            ]
        };
        for x in -6..6 {
            for y in -6..6 {
                let c = Cell::new(x, y);
                for n in Grid::Triangle.lattice().neighbours(c) {
                    let moves: Vec<i32> = (bands(c).iter().zip(bands(n)))
                        .map(|(a, b)| (a - b).abs())
                        .collect();
                    assert_eq!(moves.iter().sum::<i32>(), 1, "{c:?} {n:?}: {moves:?}");
                }
            }
        }
    }

    #[test]
    fn colours_are_in_range_everywhere() {
        for colouring in [square(), hex(), triangle()].concat() {
            for x in -5..5 {
                for y in -5..5 {
                    assert!((colouring.colour)(Cell::new(x, y)) < colouring.names.len());
                }
            }
        }
    }
}
