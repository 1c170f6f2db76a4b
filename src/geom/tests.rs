//! The lattice laws of [`Lattice`], checked on every grid, and orientation counts.

use std::collections::HashSet;

use super::*;

/// A few cells of both parities around the origin, in a few layers on the grids of
/// space.
fn cells_near(grid: Grid) -> Vec<Cell> {
    let (layers, side) = if grid.is_3d() { (2, 3) } else { (0, 4) };
    (-layers..=layers)
        .flat_map(|z| (-side..=side).flat_map(move |y| (-5..=5).map(move |x| Cell::at(x, y, z))))
        .collect()
}

/// A shape with cells in several rows (and layers, in space), for the laws.
fn probe_shape(grid: Grid) -> Vec<Cell> {
    let mut cells = picture("A A A\n A   A");
    if grid.is_3d() {
        cells.extend([Cell::at(1, 1, 1), Cell::at(1, 2, 2)]);
    }
    cells
}

/// The cells of `picture` (any character but `.` and space) in picture coordinates.
fn picture(text: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (y, line) in text.lines().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            if ch != '.' && ch != ' ' {
                cells.push(Cell::new(x as i32, y as i32));
            }
        }
    }
    cells
}

fn orientations(grid: Grid, text: &str, one_sided: bool) -> usize {
    let lattice = grid.lattice();
    let shape = lattice.shape(&picture(text)).unwrap();
    assert!(shape.is_connected(lattice), "{text}");
    shape.orientations(lattice, one_sided).len()
}

#[test]
fn neighbours_are_symmetric_and_kept_by_the_group() {
    for grid in Grid::ALL {
        let lattice = grid.lattice();
        for c in cells_near(grid) {
            for n in lattice.neighbours(c) {
                assert!(
                    lattice.neighbours(n).as_slice().contains(&c),
                    "{grid:?} {c:?}"
                );
                for t in 0..lattice.order() {
                    let (tc, tn) = (lattice.apply(t, c), lattice.apply(t, n));
                    assert!(
                        lattice.neighbours(tc).as_slice().contains(&tn),
                        "{grid:?} t={t}"
                    );
                    assert_eq!(lattice.class(tc), lattice.class(c));
                }
            }
        }
    }
}

#[test]
fn half_the_transforms_are_rotations_and_the_identity_is_first() {
    for grid in Grid::ALL {
        let lattice = grid.lattice();
        let rotations = (0..lattice.order()).filter(|&t| lattice.is_rotation(t));
        assert_eq!(rotations.count() * 2, lattice.order());
        for c in cells_near(grid) {
            assert_eq!(lattice.apply(0, c), c);
        }
    }
}

#[test]
fn images_of_shifted_shapes_are_shifted_images() {
    // t(s + d) = t(s) + t(d) − t(0) for a shape in normal form and a translation d.
    for grid in Grid::ALL {
        let lattice = grid.lattice();
        let s = lattice.shape(&probe_shape(grid)).unwrap();
        for d in cells_near(grid)
            .into_iter()
            .filter(|&d| lattice.is_translation(d))
        {
            for t in 0..lattice.order() {
                let (td, t0) = (lattice.apply(t, d), lattice.apply(t, Cell::new(0, 0)));
                for &c in s.cells() {
                    let moved = lattice.apply(t, c + d);
                    let want = lattice.apply(t, c) + td - t0;
                    assert_eq!(moved, want, "{grid:?} t={t} d={d:?} c={c:?}");
                }
            }
        }
    }
}

#[test]
fn normal_forms_forget_translations_only() {
    for grid in Grid::ALL {
        let lattice = grid.lattice();
        let base = probe_shape(grid);
        let s = lattice.shape(&base).unwrap();
        for d in cells_near(grid)
            .into_iter()
            .filter(|&d| lattice.is_translation(d))
        {
            let moved: Vec<Cell> = base.iter().map(|&c| c + d).collect();
            assert_eq!(lattice.shape(&moved).unwrap(), s, "{grid:?} {d:?}");
        }
        let top = s.cells().iter().map(|c| c.y).min();
        assert_eq!(top, Some(0));
        let bottom = s.cells().iter().map(|c| c.z).min();
        assert_eq!(bottom, Some(0));
    }
    // An up triangle and a down triangle are different shapes.
    let up = TRIANGLE_LATTICE().shape(&[Cell::new(0, 0)]).unwrap();
    let down = TRIANGLE_LATTICE().shape(&[Cell::new(1, 0)]).unwrap();
    assert_ne!(up, down);
}

#[allow(non_snake_case)]
fn TRIANGLE_LATTICE() -> &'static dyn Lattice {
    Grid::Triangle.lattice()
}

#[test]
fn every_side_of_a_cell_is_shared_with_a_neighbour() {
    // Segments are drawn as strokes apart from each other: their sides face no one.
    for grid in Grid::ALL.into_iter().filter(|g| !g.is_segments()) {
        let lattice = grid.lattice();
        for c in cells_near(grid) {
            // In space, the sides of a cell's square in the picture of its layer.
            let neighbours: HashSet<Cell> = (lattice.neighbours(c).into_iter())
                .filter(|n| n.z == c.z)
                .collect();
            let sides = lattice.sides(c);
            assert_eq!(sides.len(), neighbours.len());
            let across: HashSet<Cell> = sides.iter().map(|s| s.2).collect();
            assert_eq!(across, neighbours, "{grid:?} {c:?}");
        }
    }
}

#[test]
fn orientation_counts() {
    // Square: the F pentomino, the I pentomino, the one-sided F.
    assert_eq!(orientations(Grid::Square, ".##\n##.\n.#.", false), 8);
    assert_eq!(orientations(Grid::Square, "#####", false), 2);
    assert_eq!(orientations(Grid::Square, ".##\n##.\n.#.", true), 4);
    // Hex: the tetrahex of SPEC §8 is chiral: 12 orientations, 6 one-sided; the straight
    // tetrahex has 3, the 2 × 2 rhombus 3; the hexagon of six triangles has 1.
    assert_eq!(orientations(Grid::Hex, "A A A\n A", false), 12);
    assert_eq!(orientations(Grid::Hex, "A A A\n A", true), 6);
    assert_eq!(orientations(Grid::Hex, "A A\n A A", false), 3);
    assert_eq!(orientations(Grid::Hex, "A A A A", false), 3);
    assert_eq!(orientations(Grid::Triangle, "OOO\nOOO", false), 1);
    // A single triangle points up or down: 2; the straight triamond: 6.
    assert_eq!(orientations(Grid::Triangle, "O", false), 2);
    assert_eq!(orientations(Grid::Triangle, "OOO", false), 6);
}

fn polyforms(grid: Grid, n: usize, one_sided: bool) -> usize {
    super::polyforms(grid.lattice(), n, one_sided).len()
}

#[test]
fn small_polyform_counts_are_the_published_ones() {
    // OEIS A000105, A000228, A000577 (free); A000988, A006534 (one-sided).
    let free = |g| (1..=6).map(|n| polyforms(g, n, false)).collect::<Vec<_>>();
    assert_eq!(free(Grid::Square), [1, 1, 2, 5, 12, 35]);
    assert_eq!(free(Grid::Hex), [1, 1, 3, 7, 22, 82]);
    assert_eq!(free(Grid::Triangle), [1, 1, 1, 3, 4, 12]);
    let one_sided = |g| (1..=6).map(|n| polyforms(g, n, true)).collect::<Vec<_>>();
    assert_eq!(one_sided(Grid::Square), [1, 1, 2, 7, 18, 60]);
    assert_eq!(one_sided(Grid::Triangle), [1, 1, 1, 4, 6, 19]);
    // OEIS A006535.
    assert_eq!(one_sided(Grid::Hex), [1, 1, 3, 10, 33, 147]);
    // Polycubes: OEIS A000162 (rotations only, as physical pieces) and A038119 (up to
    // reflection too).
    assert_eq!(one_sided(Grid::Cube), [1, 1, 2, 8, 29, 166]);
    assert_eq!(free(Grid::Cube), [1, 1, 2, 7, 23, 112]);
    // Polysticks: OEIS A019988 (free). Polytrigs and polytwigs: the sizes of Polyform
    // Puzzler's sets (Monotrigs to Tritrigs; Monotwigs to Pentatwigs).
    assert_eq!(free(Grid::Sticks), [1, 2, 5, 16, 55, 222]);
    assert_eq!(
        (1..=3)
            .map(|n| polyforms(Grid::Trigs, n, false))
            .collect::<Vec<_>>(),
        [1, 3, 12]
    );
    assert_eq!(
        (1..=5)
            .map(|n| polyforms(Grid::Twigs, n, false))
            .collect::<Vec<_>>(),
        [1, 1, 3, 4, 12]
    );
}

#[test]
fn stick_pieces_turn_by_their_grids_groups() {
    let orientations = |grid: Grid, segments: &[[i32; 3]], one_sided| {
        let lattice = grid.lattice();
        let g = lattice.segments().unwrap();
        let cells: Vec<Cell> = segments
            .iter()
            .map(|&[x, y, d]| g.puzzler(x, y, d).unwrap())
            .collect();
        let s = lattice.shape(&cells).unwrap();
        assert!(s.is_connected(lattice));
        s.orientations(lattice, one_sided).len()
    };
    // The I tetrastick lies 2 ways, the L tetrastick 8, the X 1.
    assert_eq!(
        orientations(
            Grid::Sticks,
            &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]],
            false
        ),
        2
    );
    assert_eq!(
        orientations(
            Grid::Sticks,
            &[[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 1]],
            false
        ),
        8
    );
    assert_eq!(
        orientations(
            Grid::Sticks,
            &[[0, 1, 0], [1, 1, 0], [1, 0, 1], [1, 1, 1]],
            false
        ),
        1
    );
    // A trig: 3 directions; a straight tritrig 3; the Y tritwig 2 (it points one of two ways).
    assert_eq!(orientations(Grid::Trigs, &[[0, 0, 0]], false), 3);
    assert_eq!(
        orientations(Grid::Trigs, &[[0, 0, 0], [1, 0, 0], [2, 0, 0]], false),
        3
    );
    assert_eq!(
        orientations(Grid::Twigs, &[[0, 0, 0], [0, 0, 1], [0, 0, 2]], false),
        2
    );
    assert_eq!(orientations(Grid::Twigs, &[[0, 0, 0]], false), 3);
}

#[test]
fn three_dimensional_orientations() {
    let cube = Grid::Cube.lattice();
    let orientations = |cells: &[Cell], one_sided| {
        let s = cube.shape(cells).unwrap();
        s.orientations(cube, one_sided).len()
    };
    // The straight tricube lies along one of 3 axes; the L tetromino as a solid takes
    // 24 orientations, and its mirror image is one of them (it is flat).
    let line = [Cell::at(0, 0, 0), Cell::at(1, 0, 0), Cell::at(2, 0, 0)];
    assert_eq!(orientations(&line, false), 3);
    let l = [
        Cell::at(0, 0, 0),
        Cell::at(1, 0, 0),
        Cell::at(2, 0, 0),
        Cell::at(0, 1, 0),
    ];
    assert_eq!(orientations(&l, true), 24);
    assert_eq!(orientations(&l, false), 24);
    // A screw tetracube is chiral: 12 rotations, 24 with its mirror image.
    let screw = [
        Cell::at(0, 0, 0),
        Cell::at(1, 0, 0),
        Cell::at(1, 1, 0),
        Cell::at(1, 1, 1),
    ];
    assert_eq!(orientations(&screw, true), 12);
    assert_eq!(orientations(&screw, false), 24);
    // On the sphere grid a flat piece may stand in the vertical planes at 45°: the
    // straight line of three balls lies along the 6 directions of the packing's rows.
    let sphere = Grid::Sphere.lattice();
    let s = sphere.shape(&line).unwrap();
    assert_eq!(s.orientations(sphere, true).len(), 6);
    // A flat L of four balls: 24 rotations, and turning it over adds nothing.
    let s = sphere.shape(&l).unwrap();
    assert_eq!(s.orientations(sphere, true).len(), 24);
    assert_eq!(s.orientations(sphere, false).len(), 24);
}

#[test]
fn shapes_are_normalized() {
    let s = Shape::new([Cell::new(5, 5), Cell::new(6, 5), Cell::new(5, 5)]).unwrap();
    assert_eq!(s.cells(), &[Cell::new(0, 0), Cell::new(1, 0)]);
    assert!(Shape::new([]).is_none());
    assert_eq!(Shape::from_picture("..\n.#").unwrap().len(), 1);
    let hex = Grid::Hex.lattice().shape(&[Cell::new(3, 2)]).unwrap();
    assert_eq!(hex.cells(), &[Cell::new(0, 0)]);
}
