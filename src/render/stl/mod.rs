//! Pieces to print: each piece of a set as a closed triangle mesh in millimetres, written
//! as binary STL, and a tray for a board of a plane grid. Pieces of the plane grids are
//! prisms (`extrude.rs`, outlines from `outline.rs`), cubes one surface around their unit
//! cubes (`voxels.rs`), balls spheres joined by necks (`balls.rs`, the surface of a signed
//! distance field by `isosurface.rs`), sticks, trigs and twigs rods of the thickness
//! joined at their points (`bars.rs`); the clearance shrinks each piece so that printed
//! pieces fit together. Every mesh is closed (each edge in two triangles, run in
//! opposite directions) with outward normals ([`Mesh::is_closed`]), and rests on
//! the plane z = 0 with its corner at the origin. [`binary`] writes a mesh as binary STL
//! (`write.rs`).

mod balls;
mod bars;
pub(crate) mod extrude;
pub(crate) mod isosurface;
mod mesh;
pub(crate) mod outline;
pub(crate) mod tray;
pub(crate) mod voxels;
mod write;

#[cfg(test)]
mod tests;

use crate::error::InputError;
use crate::geom::{Grid, Shape};
use crate::model::Board;

pub use bars::MAX_THICKNESS;
pub use mesh::{Mesh, Vec3};
pub use write::binary;

/// Sizes for printing, in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StlOptions {
    /// One cell: the side of a square or a cube, the distance between the centres of
    /// neighbouring hexagons or balls, the side of a triangle.
    pub cell_size: f64,
    /// The height of a piece of a plane grid (a tray's recess is half as deep).
    pub thickness: f64,
    /// How far every outer surface of a piece moves in (and a tray's recess out).
    pub clearance: f64,
}

impl Default for StlOptions {
    fn default() -> StlOptions {
        StlOptions {
            cell_size: 10.0,
            thickness: 5.0,
            clearance: 0.2,
        }
    }
}

/// The largest cell size and thickness, in mm (a metre: more is a mistake in units).
pub const MAX_SIZE: f64 = 1000.0;

impl StlOptions {
    /// Checks the sizes: cell size and thickness above 0 and at most [`MAX_SIZE`], the
    /// clearance at least 0 and below a tenth of a cell (beyond it the thin parts of a
    /// piece, a triangle's tip or a ball's neck, would vanish).
    ///
    /// # Errors
    /// An [`InputError`] naming the option and the range it must be in.
    pub fn check(&self) -> Result<(), InputError> {
        let positive = |name: &str, v: f64| {
            if v.is_finite() && v > 0.0 && v <= MAX_SIZE {
                Ok(())
            } else {
                Err(
                    InputError::new(format!("{name} {v} is out of range")).with_hint(format!(
                        "give a size in millimetres above 0 and at most {MAX_SIZE}"
                    )),
                )
            }
        };
        positive("--cell-size", self.cell_size)?;
        positive("--thickness", self.thickness)?;
        let most = self.cell_size / 10.0;
        if !(self.clearance.is_finite() && self.clearance >= 0.0 && self.clearance < most) {
            return Err(
                InputError::new(format!("--clearance {} is out of range", self.clearance))
                    .with_hint(format!(
                        "give at least 0 and less than a tenth of --cell-size ({most} mm)"
                    )),
            );
        }
        Ok(())
    }
}

/// The printable solid of a piece of `grid` with cells `shape`.
///
/// # Errors
/// An [`InputError`] if the sizes are out of range ([`StlOptions::check`]; on the grids
/// of segments, a thickness above [`MAX_THICKNESS`] of the cell size).
pub fn piece(grid: Grid, shape: &Shape, opts: &StlOptions) -> Result<Mesh, InputError> {
    opts.check()?;
    let lattice = grid.lattice();
    let (size, d) = (opts.cell_size, opts.clearance);
    let mut mesh = match grid {
        Grid::Square | Grid::Hex | Grid::Triangle => {
            let plane = outline::Plane::new(lattice, shape.cells(), size);
            let inside = vec![true; shape.len()];
            extrude::prism(
                &plane,
                &inside,
                &plane.shrunk(&inside, d),
                0.0,
                opts.thickness,
            )
        }
        Grid::Cube => voxels::solid(shape, size, d),
        Grid::Sphere => balls::solid(lattice, shape, size, d),
        Grid::Sticks | Grid::Trigs | Grid::Twigs => {
            let most = bars::MAX_THICKNESS * size;
            if opts.thickness > most {
                return Err(InputError::new(format!(
                    "--thickness {} is too thick for bars of --cell-size {size}",
                    opts.thickness
                ))
                .with_hint(format!(
                    "a bar of the {} grid is at most {} of a cell thick: give at most {most} mm",
                    grid.name(),
                    bars::MAX_THICKNESS
                )));
            }
            let segments = lattice.segments().expect("a grid of segments");
            bars::solid(segments, shape, size, opts.thickness, d)
        }
    };
    to_origin(&mut mesh);
    Ok(mesh)
}

/// The tray of a board of a plane grid (see the `tray` module).
///
/// # Errors
/// An [`InputError`] if the sizes are out of range or the board is not of a plane grid.
pub fn board_tray(board: &Board, opts: &StlOptions) -> Result<Mesh, InputError> {
    opts.check()?;
    if !matches!(board.grid, Grid::Square | Grid::Hex | Grid::Triangle) {
        return Err(InputError::new(format!(
            "a tray is made for a board of squares, hexagons or triangles; {} is a board of the {} grid",
            board.name,
            board.grid.name()
        ))
        .with_hint("write the pieces instead: polyx show SET --stl DIR"));
    }
    let mut mesh = tray::tray(board, opts);
    to_origin(&mut mesh);
    Ok(mesh)
}

/// A file name for a piece named `name`: its letters, digits, `-` and `_`, others as `_`.
pub fn file_name(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{stem}.stl")
}

/// Moves `mesh` so that its least x, y and z are 0.
fn to_origin(mesh: &mut Mesh) {
    let (lo, _) = mesh.bounds();
    mesh.translate(lo.map(|v| -v));
}
