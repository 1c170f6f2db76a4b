//! The sphere grid: balls packed in square layers (Kanoodle, IQ Puzzler, the pyramid of
//! 智慧珠). A ball at column c, row r of layer z + 1 sits in the hollow between the balls
//! (c, r), (c + 1, r), (c, r + 1) and (c + 1, r + 1) of layer z. The packing is the
//! face-centred cubic lattice: the points (a, b, h) of integer coordinates with an even
//! sum, ball (c, r, z) being `c·(1, 1, 0) + r·(1, −1, 0) + z·(1, 0, 1)`. Each ball touches
//! twelve: four in its layer, four above and four below. The group is the 48 signed
//! permutations of (a, b, h) ([`super::octahedral`]); that map is linear, so every
//! integer shift of (c, r, z) is a translation and the law `t(s + d) = t(s) + t(d)` holds.
//! The square layers of the packing are the planes of constant a, b or h: a flat piece
//! turned by the group lies in the horizontal layers and in the two families of
//! vertical planes at 45° to the layers' rows. [`super::space`] has the rest.

use super::space::SpaceLattice;
use super::Cell;

/// The sphere grid's lattice.
pub static SPHERE: SpaceLattice = SpaceLattice {
    steps: &[
        Cell::at(1, 0, 0),
        Cell::at(-1, 0, 0),
        Cell::at(0, 1, 0),
        Cell::at(0, -1, 0),
        Cell::at(0, 0, 1),
        Cell::at(-1, 0, 1),
        Cell::at(0, -1, 1),
        Cell::at(-1, -1, 1),
        Cell::at(0, 0, -1),
        Cell::at(1, 0, -1),
        Cell::at(0, 1, -1),
        Cell::at(1, 1, -1),
    ],
    to_group: packing,
    from_group: ball,
};

/// Ball `c` in the coordinates of the face-centred cubic lattice.
fn packing(c: Cell) -> [i32; 3] {
    [c.x + c.y + c.z, c.x - c.y, c.z]
}

/// The ball at point `p` of the face-centred cubic lattice (its coordinates sum to an
/// even number).
fn ball([a, b, h]: [i32; 3]) -> Cell {
    Cell::at((a - h + b) / 2, (a - h - b) / 2, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Lattice;

    #[test]
    fn balls_and_packing_points_correspond() {
        for z in -3..=3 {
            for y in -3..=3 {
                for x in -3..=3 {
                    let c = Cell::at(x, y, z);
                    let p = packing(c);
                    assert_eq!((p[0] + p[1] + p[2]).rem_euclid(2), 0);
                    assert_eq!(ball(p), c);
                }
            }
        }
    }

    #[test]
    fn neighbours_are_at_the_packing_distance() {
        let c = Cell::at(1, 2, 3);
        let [a, b, h] = packing(c);
        for n in SPHERE.neighbours(c) {
            let [a2, b2, h2] = packing(n);
            let d = (a2 - a).pow(2) + (b2 - b).pow(2) + (h2 - h).pow(2);
            assert_eq!(d, 2, "{n:?}");
        }
    }
}
