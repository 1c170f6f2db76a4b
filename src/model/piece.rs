//! Pieces and piece sets, validated: every piece is a non-empty, edge-connected shape
//! with a unique name and a unique one-character label; `count` copies of it are
//! interchangeable (a range lets a solution use from `min` to `count` of them), and
//! `mirror = false` makes it one-sided (rotations only).

use crate::geom::{Grid, Lattice, Shape};

/// Whether `c` may be a piece's label: a letter or digit one column wide, so that text
/// pictures keep their columns (Latin, Greek, Cyrillic, Armenian, Georgian and the like;
/// not CJK, Hangul or kana, which terminals draw two columns wide).
pub fn is_label(c: char) -> bool {
    let narrow = (c as u32) < 0x1100 || (0x1E00..0x2000).contains(&(c as u32));
    c.is_alphanumeric() && narrow
}

/// One kind of piece, with how many interchangeable copies of it the set holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name in its set.
    pub name: String,
    /// One letter or digit, for text output.
    pub label: char,
    /// Its cells, as drawn in the piece set.
    pub shape: Shape,
    /// Copies in the set (at least 1): the most a solution may use.
    pub count: u32,
    /// The fewest copies a solution must use when the board uses every piece: `count`,
    /// or less for a range `count = [min, max]` (BurrTools' piece ranges).
    pub min: u32,
    /// May be turned over.
    pub mirror: bool,
    /// `#rrggbb` from the piece set, for images.
    pub color: Option<[u8; 3]>,
}

impl Piece {
    /// The distinct orientations on `lattice`, each with the transform that makes it.
    pub(crate) fn orientations(&self, lattice: &dyn Lattice) -> Vec<(Shape, usize)> {
        self.shape.orientations(lattice, !self.mirror)
    }

    /// The shape's class on `lattice` under the moves this piece is allowed.
    pub fn canonical(&self, lattice: &dyn Lattice) -> Shape {
        self.shape.canonical(lattice, !self.mirror)
    }
}

/// A named list of pieces.
///
/// # Guarantees
/// Built by a loader that checked names and labels are unique and shapes connected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceSet {
    /// The set's name.
    pub name: String,
    /// One line saying what the set is.
    pub description: String,
    /// The grid its pieces are drawn on.
    pub grid: Grid,
    /// The pieces, in the order of the set's file.
    pub pieces: Vec<Piece>,
}

impl PieceSet {
    /// The lattice of its grid.
    pub fn lattice(&self) -> &'static dyn Lattice {
        self.grid.lattice()
    }

    /// Total area of all copies of all pieces.
    pub fn area(&self) -> u64 {
        self.pieces
            .iter()
            .map(|p| p.shape.len() as u64 * p.count as u64)
            .sum()
    }

    /// The index of the piece with this label.
    pub fn by_label(&self, label: char) -> Option<usize> {
        self.pieces.iter().position(|p| p.label == label)
    }

    /// The index of the piece with this name.
    pub fn by_name(&self, name: &str) -> Option<usize> {
        self.pieces.iter().position(|p| p.name == name)
    }

    /// Total area of the fewest copies a solution must use (the ranges' minima).
    pub fn least_area(&self) -> u64 {
        self.pieces
            .iter()
            .map(|p| p.shape.len() as u64 * p.min as u64)
            .sum()
    }

    /// True if some piece has a range of copies (`min < count`).
    pub fn has_ranges(&self) -> bool {
        self.pieces.iter().any(|p| p.min < p.count)
    }

    /// Total number of copies.
    pub fn copies(&self) -> u64 {
        self.pieces.iter().map(|p| p.count as u64).sum()
    }
}
