//! Square-lattice geometry, with no exact cover in sight: cells, the 8 symmetries of the
//! square grid (the dihedral group D4), and shapes, which are finite non-empty sets of
//! cells kept normalized (smallest x and y are 0) and sorted, so that two shapes are
//! equal exactly when they are translates of each other. A piece's orientations are the
//! distinct images of its shape under the group, or under its rotations only.

use std::fmt;

/// A cell of the grid: `x` is the column (0 at the left), `y` the row (0 at the top).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, 0 at the top.
    pub y: i32,
    /// The column, 0 at the left.
    pub x: i32,
}

impl Cell {
    /// The cell in column `x` and row `y`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// The four edge neighbours.
    pub fn neighbours(self) -> [Cell; 4] {
        [
            Cell::new(self.x + 1, self.y),
            Cell::new(self.x - 1, self.y),
            Cell::new(self.x, self.y + 1),
            Cell::new(self.x, self.y - 1),
        ]
    }
}

/// One of the 8 symmetries of the square grid, about the origin: first transpose (if
/// `swap`), then negate x and/or y. Rotations are the ones with an even number of flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Transform(u8);

impl Transform {
    #[cfg(test)]
    pub const IDENTITY: Transform = Transform(0);
    const SWAP: u8 = 4;
    const NEG_X: u8 = 1;
    const NEG_Y: u8 = 2;

    /// All 8, the identity first, then the other rotations, then the reflections.
    pub const ALL: [Transform; 8] = [
        Transform(0),
        Transform(Self::SWAP | Self::NEG_X),
        Transform(Self::NEG_X | Self::NEG_Y),
        Transform(Self::SWAP | Self::NEG_Y),
        Transform(Self::NEG_X),
        Transform(Self::NEG_Y),
        Transform(Self::SWAP),
        Transform(Self::SWAP | Self::NEG_X | Self::NEG_Y),
    ];

    /// The 4 rotations.
    pub fn rotations() -> &'static [Transform] {
        &Self::ALL[..4]
    }

    pub fn is_rotation(self) -> bool {
        self.0.count_ones() % 2 == 0
    }

    /// Whether this transform exchanges the axes (so a w×h box becomes h×w).
    pub fn swaps_axes(self) -> bool {
        self.0 & Self::SWAP != 0
    }

    pub fn apply(self, c: Cell) -> Cell {
        let (mut x, mut y) = if self.swaps_axes() {
            (c.y, c.x)
        } else {
            (c.x, c.y)
        };
        if self.0 & Self::NEG_X != 0 {
            x = -x;
        }
        if self.0 & Self::NEG_Y != 0 {
            y = -y;
        }
        Cell::new(x, y)
    }

    /// `self` after `first`: `(self ∘ first)(c) = self(first(c))`.
    pub fn after(self, first: Transform) -> Transform {
        let probe = [Cell::new(1, 0), Cell::new(0, 1)];
        let target = probe.map(|c| self.apply(first.apply(c)));
        *Self::ALL
            .iter()
            .find(|t| probe.map(|c| t.apply(c)) == target)
            .expect("D4 is closed under composition")
    }

    #[cfg(test)]
    pub fn inverse(self) -> Transform {
        *Self::ALL
            .iter()
            .find(|t| t.after(self) == Transform::IDENTITY)
            .expect("every element of D4 has an inverse")
    }

    /// A short name: `id`, `r90`, `r180`, `r270`, `mx`, `my`, `md`, `ma`.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 8] = ["id", "r90", "r180", "r270", "mx", "my", "md", "ma"];
        let k = Self::ALL.iter().position(|&t| t == self).unwrap_or(0);
        NAMES[k]
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A polyomino or any other finite set of cells, up to translation.
///
/// # Guarantees
/// Non-empty; no repeated cells; normalized so that the smallest x and the smallest y
/// are 0; sorted by row, then column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
}

impl Shape {
    /// The shape of `cells` (repeats are dropped); `None` if there are none.
    pub fn new(cells: impl IntoIterator<Item = Cell>) -> Option<Shape> {
        let mut cells: Vec<Cell> = cells.into_iter().collect();
        let min_x = cells.iter().map(|c| c.x).min()?;
        let min_y = cells.iter().map(|c| c.y).min()?;
        for c in &mut cells {
            *c = Cell::new(c.x - min_x, c.y - min_y);
        }
        cells.sort();
        cells.dedup();
        Some(Shape { cells })
    }

    /// Parses a picture: every character other than `.` and space is a cell.
    pub fn from_picture(picture: &str) -> Option<Shape> {
        let mut cells = Vec::new();
        for (y, line) in picture.lines().enumerate() {
            for (x, ch) in line.chars().enumerate() {
                if ch != '.' && ch != ' ' && ch != '\r' {
                    cells.push(Cell::new(x as i32, y as i32));
                }
            }
        }
        Shape::new(cells)
    }

    /// The cells, sorted by row, then column.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Never true (shapes are non-empty); here for clippy's sake.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of columns it spans.
    pub fn width(&self) -> i32 {
        self.cells.iter().map(|c| c.x).max().unwrap_or(0) + 1
    }

    /// The number of rows it spans.
    pub fn height(&self) -> i32 {
        self.cells.iter().map(|c| c.y).max().unwrap_or(0) + 1
    }

    /// True if `c` is one of its cells.
    pub fn contains(&self, c: Cell) -> bool {
        self.cells.binary_search(&c).is_ok()
    }

    /// The image under `t`, normalized.
    pub(crate) fn transformed(&self, t: Transform) -> Shape {
        Shape::new(self.cells.iter().map(|&c| t.apply(c))).expect("a non-empty image")
    }

    /// True if every cell can reach every other through edge neighbours.
    pub fn is_connected(&self) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(k) = stack.pop() {
            for n in self.cells[k].neighbours() {
                if let Ok(j) = self.cells.binary_search(&n) {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        seen.iter().all(|&s| s)
    }

    /// The distinct images of this shape under the rotations (`one_sided`) or under all
    /// 8 symmetries, each with the first transform that makes it, in `Transform::ALL`
    /// order (so the identity image comes first).
    pub(crate) fn orientations(&self, one_sided: bool) -> Vec<(Shape, Transform)> {
        let group: &[Transform] = if one_sided {
            Transform::rotations()
        } else {
            &Transform::ALL
        };
        let mut out: Vec<(Shape, Transform)> = Vec::with_capacity(group.len());
        for &t in group {
            let image = self.transformed(t);
            if !out.iter().any(|(s, _)| *s == image) {
                out.push((image, t));
            }
        }
        out
    }

    /// The smallest image under the group: a name for the shape's class.
    pub(crate) fn canonical(&self, one_sided: bool) -> Shape {
        self.orientations(one_sided)
            .into_iter()
            .map(|(s, _)| s)
            .min()
            .expect("at least the identity image")
    }
}

impl fmt::Display for Shape {
    /// The shape drawn with `#` and `.`, one line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height() {
            let row: String = (0..self.width())
                .map(|x| {
                    if self.contains(Cell::new(x, y)) {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect();
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(picture: &str, one_sided: bool) -> usize {
        Shape::from_picture(picture)
            .unwrap()
            .orientations(one_sided)
            .len()
    }

    #[test]
    fn pentomino_orientation_counts() {
        let pieces = [
            (".##\n##.\n.#.", 8),
            ("#####", 2),
            ("####\n#...", 8),
            ("###.\n..##", 8),
            ("##\n##\n#.", 8),
            ("###\n.#.\n.#.", 4),
            ("#.#\n###", 4),
            ("#..\n#..\n###", 4),
            ("#..\n##.\n.##", 4),
            (".#.\n###\n.#.", 1),
            ("####\n.#..", 8),
            ("##.\n.#.\n.##", 4),
        ];
        let total: usize = pieces.iter().map(|(p, _)| count(p, false)).sum();
        assert_eq!(total, 63);
        for (p, n) in pieces {
            assert_eq!(count(p, false), n, "{p}");
        }
        assert_eq!(count(".##\n##.\n.#.", true), 4);
        assert_eq!(count("##\n##", true), 1);
    }

    #[test]
    fn group_is_closed_and_has_inverses() {
        for a in Transform::ALL {
            assert_eq!(a.after(a.inverse()), Transform::IDENTITY);
            for b in Transform::ALL {
                let c = Cell::new(2, -5);
                assert_eq!(a.after(b).apply(c), a.apply(b.apply(c)));
                assert_eq!(a.after(b).is_rotation(), a.is_rotation() == b.is_rotation());
            }
        }
        assert_eq!(
            Transform::rotations()
                .iter()
                .filter(|t| t.is_rotation())
                .count(),
            4
        );
    }

    #[test]
    fn shapes_are_normalized_and_connected() {
        let s = Shape::new([Cell::new(5, 5), Cell::new(6, 5), Cell::new(5, 5)]).unwrap();
        assert_eq!(s.cells(), &[Cell::new(0, 0), Cell::new(1, 0)]);
        assert!(s.is_connected());
        assert!(!Shape::from_picture("#.#").unwrap().is_connected());
        assert!(Shape::new([]).is_none());
        assert_eq!(Shape::from_picture("..\n.#").unwrap().len(), 1);
    }
}
