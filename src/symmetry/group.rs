//! The board's symmetry group. A symmetry is a transform of the lattice's point group
//! ([`Lattice`]) that maps the board's frame onto itself (open, blocked and pre-placed
//! squares onto squares of the same kind), with the shift that brings the image back
//! onto the frame, together with the permutation of pieces it induces: free pieces, and
//! one-sided pieces whose mirror image is one of their rotations, map to themselves; any
//! other one-sided piece under a reflection maps to the piece of the set that is its
//! mirror image (if there is none, or more than one, the reflection is not a symmetry of
//! the puzzle). The group also holds the image of every placement under each element,
//! on which everything else in this module works.

use crate::geom::{Cell, Lattice, PointGroup, Shape};
use crate::model::{Puzzle, Square};

use super::images::PlacementIndex;

/// One element of the group: a transform of the board and the piece permutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The transform, as a number in the lattice's point group.
    pub transform: usize,
    /// Added after transforming a cell, so that the frame maps onto itself.
    pub shift: Cell,
    /// `pieces[p]` is the piece that piece `p` becomes.
    pub pieces: Vec<usize>,
}

/// The symmetry group of a puzzle and the placement images under it.
#[derive(Clone, Debug)]
pub struct Group {
    /// The lattice's point group, which the elements' transforms number.
    lattice: &'static dyn Lattice,
    /// The identity first.
    pub elements: Vec<Symmetry>,
    /// `images[g][k]`: the placement that placement `k` becomes under element `g`.
    pub images: Vec<Vec<u32>>,
}

impl Symmetry {
    /// The image of cell `c` (transformed by `lattice`, then shifted).
    fn map(&self, lattice: &dyn Lattice, c: Cell) -> Cell {
        lattice.apply(self.transform, c) + self.shift
    }
}

impl Group {
    /// The symmetries of `puzzle` among the transforms of its grid.
    pub fn of(puzzle: &Puzzle) -> Group {
        let lattice = puzzle.board.lattice();
        let elements = board_symmetries(puzzle, lattice);
        let index = PlacementIndex::new(puzzle);
        let table = PointGroup::of(lattice);
        // The element (past the identity) of each transform whose images are known.
        let mut found: Vec<Option<usize>> = vec![None; lattice.order()];
        let mut images: Vec<Vec<u32>> = Vec::with_capacity(elements.len());
        for (i, g) in elements.iter().enumerate() {
            // An element that is `a ∘ b` for two found before it maps each placement as
            // `b` then `a` do (its shift and piece permutation follow from its transform).
            let parts = (1..images.len()).find_map(|a| {
                let tb = table.after(table.inverse(elements[a].transform), g.transform);
                found[tb].map(|b| (a, b))
            });
            images.push(match parts {
                Some((a, b)) => images[b].iter().map(|&k| images[a][k as usize]).collect(),
                None => index.images(lattice, g.transform, g.shift, &g.pieces),
            });
            if i > 0 {
                found[g.transform] = Some(i);
            }
        }
        Group {
            lattice,
            elements,
            images,
        }
    }

    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The image of cell `c` under element `g`.
    pub fn map(&self, g: usize, c: Cell) -> Cell {
        self.elements[g].map(self.lattice, c)
    }

    /// The name of element `g`'s transform (`id`, `r90`, ... on the square grid).
    #[cfg(any(test, feature = "cli"))]
    pub fn name(&self, g: usize) -> String {
        self.lattice.name(self.elements[g].transform)
    }

    /// Whether element `g` keeps orientation (its transform is a rotation).
    pub fn is_rotation(&self, g: usize) -> bool {
        self.lattice.is_rotation(self.elements[g].transform)
    }

    /// The image of a solution (placement indices) under element `g`, sorted.
    pub fn image(&self, g: usize, solution: &[usize], out: &mut Vec<usize>) {
        out.clear();
        out.extend(solution.iter().map(|&k| self.images[g][k] as usize));
        out.sort_unstable();
    }

    /// The distinct images of a sorted solution, itself first: the members of its class.
    pub fn orbit(&self, solution: &[usize]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![solution.to_vec()];
        let mut image = Vec::new();
        for g in 1..self.order() {
            self.image(g, solution, &mut image);
            if !out.contains(&image) {
                out.push(image.clone());
            }
        }
        out
    }

    /// How many elements map the sorted `solution` onto itself (the order of its
    /// stabilizer; the group's order divided by it is the size of its class).
    pub fn stabilizer_order(&self, solution: &[usize], image: &mut Vec<usize>) -> u64 {
        (0..self.order())
            .filter(|&g| {
                self.image(g, solution, image);
                image[..] == *solution
            })
            .count() as u64
    }

    /// True if the sorted `solution` is the least of its images under the elements `gs`.
    pub fn is_least(&self, solution: &[usize], gs: &[usize], scratch: &mut Vec<usize>) -> bool {
        gs.iter().all(|&g| {
            self.image(g, solution, scratch);
            solution <= &scratch[..]
        })
    }
}

/// The transforms of `lattice` that map `puzzle`'s board and piece set onto themselves,
/// with their shifts and piece permutations, the identity first.
fn board_symmetries(puzzle: &Puzzle, lattice: &dyn Lattice) -> Vec<Symmetry> {
    let board = &puzzle.board;
    let frame: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let corner = |cells: &[Cell]| {
        let min = |f: fn(&Cell) -> i32| cells.iter().map(f).min().unwrap_or(0);
        Cell::at(min(|c| c.x), min(|c| c.y), min(|c| c.z))
    };
    let low = corner(&frame);
    let classes = one_sided_classes(puzzle, lattice);
    let mut elements = Vec::new();
    for t in 0..lattice.order() {
        let Some(pieces) = piece_map(puzzle, lattice, &classes, t) else {
            continue;
        };
        let images: Vec<Cell> = frame.iter().map(|&c| lattice.apply(t, c)).collect();
        let shift = low - corner(&images);
        if !lattice.is_translation(shift) {
            continue;
        }
        let g = Symmetry {
            transform: t,
            shift,
            pieces,
        };
        if maps_frame_onto_itself(puzzle, lattice, &frame, &g) {
            elements.push(g);
        }
    }
    elements
}

/// Whether `g` maps every square of `frame` onto one of the same kind (a pre-placed
/// piece onto the piece it becomes).
fn maps_frame_onto_itself(
    puzzle: &Puzzle,
    lattice: &dyn Lattice,
    frame: &[Cell],
    g: &Symmetry,
) -> bool {
    let board = &puzzle.board;
    let label = |p: usize| puzzle.set.pieces[p].label;
    frame.iter().all(
        |&c| match (board.square(c), board.square(g.map(lattice, c))) {
            (Square::Preplaced(a), Square::Preplaced(b)) => {
                match (puzzle.set.by_label(a), puzzle.set.by_label(b)) {
                    (Some(pa), Some(_)) => label(g.pieces[pa]) == b,
                    _ => false,
                }
            }
            (a, b) => a == b,
        },
    )
}

/// Per one-sided piece: its class under the rotations (its least image under them),
/// which names it up to the moves it is allowed; `None` for a free piece.
fn one_sided_classes(puzzle: &Puzzle, lattice: &dyn Lattice) -> Vec<Option<Shape>> {
    (puzzle.set.pieces.iter())
        .map(|p| (!p.mirror).then(|| rotation_class(lattice, &p.shape)))
        .collect()
}

/// The least image of `shape` under the rotations of `lattice`.
fn rotation_class(lattice: &dyn Lattice, shape: &Shape) -> Shape {
    (0..lattice.order())
        .filter(|&r| lattice.is_rotation(r))
        .map(|r| lattice.shape_image(r, shape))
        .min()
        .expect("the identity is a rotation")
}

/// The piece permutation that transform `t` induces, if every piece has an image.
fn piece_map(
    puzzle: &Puzzle,
    lattice: &dyn Lattice,
    classes: &[Option<Shape>],
    t: usize,
) -> Option<Vec<usize>> {
    let set = &puzzle.set;
    set.pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if p.mirror || lattice.is_rotation(t) {
                return Some(k);
            }
            let want = Some(rotation_class(lattice, &lattice.shape_image(t, &p.shape)));
            if want == classes[k] {
                // Its mirror image is one of its rotations: it stays itself, even when
                // the set holds other one-sided copies of the same shape.
                return Some(k);
            }
            let mut found = set.pieces.iter().enumerate().filter(|(j, q)| {
                !q.mirror
                    && q.count == p.count
                    && q.min == p.min
                    && puzzle.remaining[*j] == puzzle.remaining[k]
                    && classes[*j] == want
            });
            let first = found.next().map(|(j, _)| j);
            if found.next().is_some() {
                None
            } else {
                first
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::model::{library, Board};

    /// Every image found by the placement index is the placement with the mapped cells.
    fn check(puzzle: &Puzzle) -> usize {
        let index: HashMap<(usize, Vec<Cell>), usize> = (puzzle.placements.iter().enumerate())
            .map(|(k, p)| ((p.piece, p.cells.clone()), k))
            .collect();
        let group = Group::of(puzzle);
        for (g, images) in group.images.iter().enumerate() {
            assert_eq!(images.len(), puzzle.placements.len());
            for (p, &image) in puzzle.placements.iter().zip(images) {
                let mut cells: Vec<Cell> = p.cells.iter().map(|&c| group.map(g, c)).collect();
                cells.sort();
                let piece = group.elements[g].pieces[p.piece];
                assert_eq!(index[&(piece, cells)], image as usize);
            }
        }
        group.order()
    }

    #[test]
    fn images_of_the_shipped_puzzles_are_the_mapped_placements() {
        for (name, _) in library::boards() {
            let (board, set) = library::load_puzzle(name, None).unwrap();
            check(&Puzzle::new(board, set).unwrap());
        }
    }

    #[test]
    fn images_under_reflections_that_swap_one_sided_pieces() {
        // One-sided pieces on a square, with pieces to spare: all 8 symmetries, the
        // reflections mapping each chiral piece to its twin.
        for (pieces, side) in [("one-sided-tetrominoes", 5), ("one-sided-pentominoes", 7)] {
            let mut board = Board::rectangle("square", side, side);
            board.use_all_pieces = false;
            let set = library::load_piece_set(pieces, None).unwrap();
            assert_eq!(check(&Puzzle::new(board, set).unwrap()), 8);
        }
    }

    #[test]
    fn images_on_a_board_with_holes_and_a_shifted_frame() {
        // A frame whose bounding box does not start at the origin after transforming,
        // and blocked cells that leave only the half-turn.
        let mut squares = vec![Square::Open; 6 * 5];
        squares[0] = Square::Outside;
        squares[6 * 5 - 1] = Square::Outside;
        squares[8] = Square::Blocked;
        squares[6 * 5 - 9] = Square::Blocked;
        let mut board = Board::new("odd", 6, 5, squares);
        board.use_all_pieces = false;
        let set = library::load_piece_set("pentominoes", None).unwrap();
        assert_eq!(check(&Puzzle::new(board, set).unwrap()), 2);
    }
}
