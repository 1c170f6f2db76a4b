//! Where things go in a picture, in pixels: one tiling, or a gallery of several in
//! solution order on a grid of `ceil(sqrt(n))` columns. Each tiling sits in a tile of
//! its board (the bounding box of its cells' polygons, [`Lattice::polygon`]) plus a padding, with an optional caption band below; tiles are separated
//! by a gap. A pure computation, so tests can assert sizes; it also enforces the limits
//! (at most [`MAX_TILINGS`] tilings, and [`MAX_PIXELS`] pixels for raster output).

use crate::error::{Error, InputError};
use crate::geom::{Lattice, Point};
use crate::model::{Board, Square};
use crate::render::panels::Panels;
use crate::render::solid;
use crate::render::sticks;

/// Most tilings one picture may hold.
pub const MAX_TILINGS: usize = 10_000;
/// Most pixels a raster picture may have (100 million: 300 MB as RGB).
#[cfg(any(test, feature = "png"))]
pub const MAX_PIXELS: u64 = 100_000_000;
/// Smallest and largest cell size.
pub const MIN_CELL: u32 = 4;
pub const MAX_CELL: u32 = 1024;

const HINT: &str = "use -n to ask for fewer solutions or --cell-size to draw smaller cells";

/// The geometry of a picture of `n` tilings of one board.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Pixels per cell side.
    pub cell: u32,
    /// Space between a board's edge and its tile's edge.
    pub pad: u32,
    /// Space between tiles.
    pub gap: u32,
    /// Height of the caption band under each board (0: no captions).
    pub caption: u32,
    /// Width of the outlines.
    pub outline: u32,
    pub columns: u32,
    pub rows: u32,
    pub tile_width: u32,
    pub tile_height: u32,
    /// The whole picture.
    pub width: u32,
    pub height: u32,
    /// The top left corner of the board's bounding box, in cell units.
    pub corner: Point,
    /// Height of the band under the layers' panels of a solid that names the layers
    /// (0 on the plane grids).
    pub layer_labels: u32,
    /// On the grids of space, the isometric view: its left edge in pixels from the
    /// board's origin, and the top left corner of its box in projected cell units.
    pub iso: Option<(f64, Point)>,
    /// The frame's width and height in cells, and the distance between the left edges
    /// of two layers' panels (0 on the plane grids).
    pub frame: (f64, f64, f64),
}

impl Layout {
    /// The layout of `n` tilings of `board` with cells of `cell` pixels; captions only
    /// when asked for and `n > 1`.
    ///
    /// # Errors
    /// An [`InputError`] if `n` is 0 or above [`MAX_TILINGS`], the cell size is outside
    /// [`MIN_CELL`]..=[`MAX_CELL`], or a side exceeds `u32`.
    pub fn new(n: usize, board: &Board, cell: u32, captions: bool) -> Result<Layout, Error> {
        if n == 0 {
            return Err(InputError::new("there is no solution to draw").into());
        }
        if n > MAX_TILINGS {
            return Err(InputError::new(format!(
                "{n} solutions are too many for one picture (at most {MAX_TILINGS})"
            ))
            .with_hint(HINT)
            .into());
        }
        if !(MIN_CELL..=MAX_CELL).contains(&cell) {
            return Err(InputError::new(format!(
                "cell size {cell} is out of range (from {MIN_CELL} to {MAX_CELL} pixels)"
            ))
            .into());
        }
        let pad = (cell / 4).max(2);
        let gap = (cell / 4).max(2);
        let caption = if captions && n > 1 {
            (cell / 2).max(10)
        } else {
            0
        };
        let outline = (cell / 10).max(2);
        let columns = (n as f64).sqrt().ceil() as u64;
        let rows = (n as u64).div_ceil(columns);
        let (corner, extent) = bounding_box(board);
        let pixels = |units: f64| (units * f64::from(cell) - 1e-6).ceil().max(0.0) as u64;
        let (mut content_width, mut content_height) = (pixels(extent.0), pixels(extent.1));
        let (mut layer_labels, mut iso) = (0, None);
        if board.grid.is_3d() {
            // The panels, a band of layer names under them, and the isometric view
            // one cell to their right.
            layer_labels = (cell / 2).max(10);
            let (iso_corner, iso_size) = solid::view_box(board);
            let left = content_width + cell as u64;
            iso = Some((left as f64, iso_corner));
            content_width = left + pixels(iso_size.0);
            content_height = (content_height + layer_labels as u64).max(pixels(iso_size.1));
        }
        let tile_width = content_width + 2 * pad as u64;
        let tile_height = content_height + 2 * pad as u64 + caption as u64;
        let width = columns * tile_width + (columns - 1) * gap as u64;
        let height = rows * tile_height + (rows - 1) * gap as u64;
        let fits = |v: u64| u32::try_from(v).ok();
        let (Some(width), Some(height), Some(tile_width), Some(tile_height)) = (
            fits(width),
            fits(height),
            fits(tile_width),
            fits(tile_height),
        ) else {
            return Err(InputError::new(format!(
                "a picture of {n} solutions at cell size {cell} would be {width}×{height} pixels, too large"
            ))
            .with_hint(HINT)
            .into());
        };
        Ok(Layout {
            cell,
            pad,
            gap,
            caption,
            outline,
            columns: columns as u32,
            rows: rows as u32,
            tile_width,
            tile_height,
            width,
            height,
            corner,
            layer_labels,
            iso,
            frame: (
                f64::from(board.width),
                f64::from(board.height),
                Panels::of(board).left(1),
            ),
        })
    }

    /// Where point `p` of the board (in cell units) is, in pixels from the board's
    /// origin ([`Layout::origin`]).
    pub fn pixel(&self, p: Point) -> (f64, f64) {
        let s = f64::from(self.cell);
        ((p.0 - self.corner.0) * s, (p.1 - self.corner.1) * s)
    }

    /// Where point `p` of the isometric view (in projected cell units) is, in pixels
    /// from the board's origin; `None` on the plane grids.
    pub fn iso_pixel(&self, p: Point) -> Option<(f64, f64)> {
        let (left, corner) = self.iso?;
        let s = f64::from(self.cell);
        Some((left + (p.0 - corner.0) * s, (p.1 - corner.1) * s))
    }

    /// The middle of the name of layer `z` under its panel, in pixels from the board's
    /// origin: (x, y of the band's top).
    pub fn layer_label(&self, z: i32) -> (f64, f64) {
        let (width, height, pitch) = self.frame;
        let s = f64::from(self.cell);
        (
            (f64::from(z) * pitch + width / 2.0 - self.corner.0) * s,
            (height - self.corner.1) * s,
        )
    }

    /// Refuses a raster picture of more than [`MAX_PIXELS`] pixels.
    ///
    /// # Errors
    /// An [`InputError`] naming the size and the limit.
    #[cfg(any(test, feature = "png"))]
    pub fn check_pixels(&self) -> Result<(), Error> {
        let pixels = self.width as u64 * self.height as u64;
        if pixels > MAX_PIXELS {
            return Err(InputError::new(format!(
                "the picture would be {}×{} = {pixels} pixels, more than the limit of {MAX_PIXELS}",
                self.width, self.height
            ))
            .with_hint(HINT)
            .into());
        }
        Ok(())
    }

    /// The top-left corner of tile `k` (row-major, in solution order).
    pub fn tile(&self, k: usize) -> (u32, u32) {
        let (col, row) = (k as u32 % self.columns, k as u32 / self.columns);
        (
            col * (self.tile_width + self.gap),
            row * (self.tile_height + self.gap),
        )
    }

    /// The top-left corner of the board's bounding box in tile `k`.
    pub fn origin(&self, k: usize) -> (u32, u32) {
        let (x, y) = self.tile(k);
        (x + self.pad, y + self.pad)
    }

    /// The caption band of tile `k`: its top-left corner; the band is `tile_width` wide
    /// and `caption` high.
    pub fn caption_band(&self, k: usize) -> (u32, u32) {
        let (x, y) = self.tile(k);
        (x, y + self.tile_height - self.caption)
    }
}

/// The top left corner and the size, in cell units, of the box around the polygons of
/// every cell of the board's frame as drawn (on the square grid, the frame itself; on
/// the grids of space, the layers' panels side by side; on the grids of segments, the
/// board's segments).
fn bounding_box(board: &Board) -> (Point, Point) {
    let panels = Panels::of(board);
    let lattice: &dyn Lattice = &panels;
    let points: Vec<Point> = match board.lattice().segments() {
        // The end points of the board's segments (the frame's other positions are
        // points of the grid, or holes).
        Some(grid) => board
            .cells()
            .filter(|&c| board.square(c) != Square::Outside)
            .filter_map(|c| sticks::stroke(grid, c))
            .flat_map(|g| [g.a, g.b])
            .collect(),
        None => board.cells().flat_map(|c| lattice.polygon(c)).collect(),
    };
    let (mut lo, mut hi) = ((f64::MAX, f64::MAX), (f64::MIN, f64::MIN));
    for (x, y) in points {
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    if lo.0 > hi.0 {
        return ((0.0, 0.0), (0.0, 0.0));
    }
    (lo, (hi.0 - lo.0, hi.1 - lo.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tiling_is_board_plus_padding() {
        let board = Board::rectangle("6x10", 10, 6);
        let l = Layout::new(1, &board, 32, true).unwrap();
        assert_eq!((l.width, l.height), (10 * 32 + 16, 6 * 32 + 16));
        assert_eq!((l.columns, l.rows, l.caption), (1, 1, 0));
        assert_eq!(l.origin(0), (8, 8));
    }

    #[test]
    fn gallery_grid_sizes() {
        let board = Board::rectangle("3x2", 3, 2);
        // 5 tilings: 3 columns, 2 rows; tile 96+16 by 64+16+16.
        let l = Layout::new(5, &board, 32, true).unwrap();
        assert_eq!((l.columns, l.rows), (3, 2));
        assert_eq!((l.tile_width, l.tile_height), (112, 96));
        assert_eq!((l.width, l.height), (3 * 112 + 2 * 8, 2 * 96 + 8));
        assert_eq!(l.tile(4), (120, 104));
        assert_eq!(l.caption_band(4), (120, 104 + 80));
        let no_captions = Layout::new(5, &board, 32, false).unwrap();
        assert_eq!(no_captions.height, 2 * 80 + 8);
        let square = Layout::new(16, &board, 8, true).unwrap();
        assert_eq!((square.columns, square.rows), (4, 4));
        let seventeen = Layout::new(17, &board, 8, true).unwrap();
        assert_eq!((seventeen.columns, seventeen.rows), (5, 4));
    }

    #[test]
    fn limits() {
        let board = Board::rectangle("6x10", 10, 6);
        let too_many = Layout::new(MAX_TILINGS + 1, &board, 4, false).unwrap_err();
        assert!(too_many.to_string().contains("hint: use -n"));
        assert!(Layout::new(0, &board, 32, false).is_err());
        assert!(Layout::new(1, &board, 3, false).is_err());
        let big = Layout::new(MAX_TILINGS, &board, 64, true).unwrap();
        let err = big.check_pixels().unwrap_err().to_string();
        assert!(err.contains("more than the limit of 100000000"), "{err}");
        assert!(err.contains("--cell-size"), "{err}");
        Layout::new(100, &board, 32, true)
            .unwrap()
            .check_pixels()
            .unwrap();
    }
}
