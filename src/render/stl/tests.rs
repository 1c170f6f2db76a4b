//! Every built-in piece set (sticks, trigs and twigs as bars too) and every built-in
//! board of a plane grid, as meshes: closed, and enclosing the volume the shape says
//! (within 1%, or exactly where no curve is approximated).

use super::*;
use crate::geom::{Cell, Lattice};
use crate::model::{library, Square};

/// The area of one cell in cells² and the length of one side in cells.
fn cell_geometry(grid: Grid) -> (f64, f64) {
    let r3 = 3f64.sqrt();
    match grid {
        Grid::Square => (1.0, 1.0),
        Grid::Hex => (r3 / 2.0, 1.0 / r3),
        Grid::Triangle => (r3 / 4.0, 1.0),
        _ => (1.0, 1.0),
    }
}

/// The sides of `shape`'s cells with no cell of the shape across (faces, for cubes).
fn outer_sides(lattice: &dyn Lattice, shape: &Shape, sides_per_cell: usize) -> usize {
    shape
        .cells()
        .iter()
        .map(|&c| {
            sides_per_cell
                - lattice
                    .neighbours(c)
                    .into_iter()
                    .filter(|n| shape.contains(*n))
                    .count()
        })
        .sum()
}

/// The volume a piece should have: exact at clearance 0; with clearance `d`, the solid
/// less a skin of depth `d` over its surface (the first term of Steiner's formula, which
/// misses only terms in `d²` at the corners: under 0.6% for one 10 mm cube at 0.2 mm).
fn expected(grid: Grid, shape: &Shape, opts: &StlOptions) -> f64 {
    let lattice = grid.lattice();
    let (s, d, t) = (opts.cell_size, opts.clearance, opts.thickness);
    let n = shape.len() as f64;
    match grid {
        Grid::Cube => {
            let faces = outer_sides(lattice, shape, 6) as f64;
            n * s.powi(3) - faces * s * s * d
        }
        Grid::Sphere => {
            balls::expected_volume(shape.len(), balls::necks(lattice, shape).len(), s, d)
        }
        Grid::Sticks | Grid::Trigs | Grid::Twigs => {
            let grid = lattice.segments().expect("a grid of segments");
            bars::expected_volume(grid, shape, s, t, d)
        }
        _ => {
            let (area, side) = cell_geometry(grid);
            let corners = lattice.polygon(Cell::new(0, 0)).len();
            let perimeter = outer_sides(lattice, shape, corners) as f64 * side * s;
            (n * area * s * s - perimeter * d) * t
        }
    }
}

#[test]
fn every_built_in_piece_is_a_closed_mesh_of_its_volume() {
    for &(name, _) in library::piece_sets() {
        let set = library::load_piece_set(name, None).unwrap();
        for opts in [
            StlOptions::default(),
            StlOptions {
                clearance: 0.0,
                ..Default::default()
            },
        ] {
            for p in &set.pieces {
                let mesh = piece(set.grid, &p.shape, &opts).unwrap();
                let what = format!("{name} {} at clearance {}", p.name, opts.clearance);
                let want = expected(set.grid, &p.shape, &opts);
                let got = mesh.signed_volume();
                let round = set.grid == Grid::Sphere || set.grid.is_segments();
                let exact = opts.clearance == 0.0 && !round;
                let tolerance = if exact { 1e-9 } else { 0.01 };
                assert!(
                    (got / want - 1.0).abs() < tolerance,
                    "{what}: {got} mm³, want {want}"
                );
                // Cubes that meet only along an edge share it at clearance 0; any
                // clearance separates them.
                if opts.clearance > 0.0 || set.grid != Grid::Cube {
                    assert!(
                        mesh.is_closed(),
                        "{what}: open edges {:?}",
                        &mesh.open_edges()[..4.min(mesh.open_edges().len())]
                    );
                }
                let (lo, _) = mesh.bounds();
                assert!(lo.iter().all(|v| v.abs() < 1e-9), "{what}: {lo:?}");
            }
        }
    }
}

#[test]
fn every_built_in_board_of_the_plane_makes_a_closed_tray() {
    let mut trays = 0;
    for &(name, _) in library::boards() {
        let board = library::load_board(name).unwrap();
        if board.grid.is_3d() || board.grid.is_segments() {
            assert!(board_tray(&board, &StlOptions::default()).is_err());
            continue;
        }
        trays += 1;
        let opts = StlOptions::default();
        let mesh = board_tray(&board, &opts).unwrap();
        assert!(
            mesh.is_closed(),
            "{name}: {:?}",
            &mesh.open_edges()[..4.min(mesh.open_edges().len())]
        );
        // At clearance 0: the plate's cells to the floor, the walls' to the top.
        let flat = StlOptions {
            clearance: 0.0,
            ..opts
        };
        let got = board_tray(&board, &flat).unwrap().signed_volume();
        let (area, _) = cell_geometry(board.grid);
        let cell = area * flat.cell_size * flat.cell_size;
        let recess = board
            .cells()
            .filter(|&c| matches!(board.square(c), Square::Open | Square::Preplaced(_)))
            .count() as f64;
        let plate = mesh_cells(&board);
        let want = plate * cell * (tray::FLOOR + flat.thickness / 2.0)
            - recess * cell * flat.thickness / 2.0;
        assert!(
            (got / want - 1.0).abs() < 1e-9,
            "{name}: {got} mm³, want {want}"
        );
        // The clearance widens the recess: a little less plastic.
        assert!(
            mesh.signed_volume() < got && mesh.signed_volume() > 0.97 * got,
            "{name}"
        );
    }
    assert!(trays >= 10, "{trays}");
}

/// The cells of a tray's plate: the board's and every cell sharing a corner with one.
fn mesh_cells(board: &crate::model::Board) -> f64 {
    let lattice = board.lattice();
    let on: Vec<Cell> = board
        .cells()
        .filter(|&c| board.square(c) != Square::Outside)
        .collect();
    let class = lattice.class(on[0]);
    let corners: Vec<(i64, i64)> = on
        .iter()
        .flat_map(|&c| lattice.polygon(c))
        .map(|(x, y)| ((x * 1e6).round() as i64, (y * 1e6).round() as i64))
        .collect();
    let mut n = on.len();
    for y in -2..board.height + 2 {
        for x in -2..board.width + 2 {
            let c = Cell::new(x, y);
            if lattice.class(c) == class
                && board.square(c) == Square::Outside
                && lattice.polygon(c).iter().any(|&(x, y)| {
                    corners.contains(&((x * 1e6).round() as i64, (y * 1e6).round() as i64))
                })
            {
                n += 1;
            }
        }
    }
    n as f64
}

#[test]
fn sizes_out_of_range_are_refused_with_the_option_named() {
    let shape = Shape::new([Cell::new(0, 0)]).unwrap();
    for (opts, option) in [
        (
            StlOptions {
                cell_size: 0.0,
                ..Default::default()
            },
            "--cell-size",
        ),
        (
            StlOptions {
                thickness: f64::NAN,
                ..Default::default()
            },
            "--thickness",
        ),
        (
            StlOptions {
                clearance: -0.1,
                ..Default::default()
            },
            "--clearance",
        ),
        (
            StlOptions {
                clearance: 1.0,
                ..Default::default()
            },
            "--clearance",
        ),
    ] {
        let err = piece(Grid::Square, &shape, &opts).unwrap_err().to_string();
        assert!(err.contains(option), "{err}");
    }
}

#[test]
fn file_names_keep_letters_and_digits() {
    assert_eq!(file_name("F"), "F.stl");
    assert_eq!(file_name("V3 left/right"), "V3_left_right.stl");
}

#[test]
fn bars_thicker_than_their_limit_are_refused_with_the_option_named() {
    let set = library::load_piece_set("tetrasticks", None).unwrap();
    let opts = StlOptions {
        thickness: 8.0,
        ..Default::default()
    };
    let err = piece(set.grid, &set.pieces[0].shape, &opts).unwrap_err();
    assert!(err.to_string().contains("--thickness 8"), "{err}");
    assert!(err.to_string().contains("at most 7 mm"), "{err}");
}
