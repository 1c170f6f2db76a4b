//! PNG: the same drawing as the SVG (the scene placed by the layout), rasterized by hand
//! into an RGB buffer without anti-aliasing: every cell, line and dot is a polygon filled
//! by the pixels whose centres lie inside it (on the square grid, whole-pixel
//! rectangles), and polygons that share a side leave no gap. Encoded with `image`'s
//! deterministic PNG encoder. There is no font: labels are not drawn; gallery captions
//! use a built-in 3×5 digit font (with `z` and `=` for the names of layers). On the
//! grids of space, the layers' panels and the isometric view as in the SVG, the balls
//! shaded by a darker rim and a highlight. Pictures above 100 million pixels are refused.

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder, RgbImage};

use crate::error::Error;
use crate::geom::{Cell, Grid, Lattice, Point};
use crate::model::{Board, PieceSet, Tiling};
use crate::render::layout::Layout;
use crate::render::lines::Segment;
use crate::render::palette;
use crate::render::scene::{self, Scene};
use crate::render::solid::{Iso, Shape3d};
use crate::render::sticks::{self, Sticks};
use crate::render::RenderOptions;

/// One tiling as PNG bytes.
///
/// # Errors
/// An [`crate::Error::Input`] for a cell size out of range or a picture
/// that is too large (a gallery holds at most 10,000 tilings and 100 million pixels; cells are 4 to 1024 pixels).
pub fn tiling(
    board: &Board,
    set: &PieceSet,
    t: &Tiling,
    opts: &RenderOptions,
) -> Result<Vec<u8>, Error> {
    gallery(board, set, std::slice::from_ref(t), opts)
}

/// Several tilings in one PNG, in rows and columns in solution order.
///
/// # Errors
/// An [`crate::Error::Input`] for no tilings, too many, a cell size out of
/// range or a picture that is too large (a gallery holds at most 10,000 tilings and 100 million pixels; cells are 4 to 1024 pixels).
pub fn gallery(
    board: &Board,
    set: &PieceSet,
    ts: &[Tiling],
    opts: &RenderOptions,
) -> Result<Vec<u8>, Error> {
    let img = image(board, set, ts, opts)?;
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            ExtendedColorType::Rgb8,
        )
        .expect("encoding PNG into memory cannot fail");
    Ok(bytes)
}

/// The raster picture of `ts`.
///
/// # Errors
/// As [`Layout::new`], and [`Layout::check_pixels`] for pictures that are too large.
pub(crate) fn image(
    board: &Board,
    set: &PieceSet,
    ts: &[Tiling],
    opts: &RenderOptions,
) -> Result<RgbImage, Error> {
    let layout = Layout::new(ts.len(), board, opts.cell_size, opts.captions)?;
    layout.check_pixels()?;
    let mut canvas = Canvas::new(layout.width, layout.height, palette::BACKGROUND);
    for (k, t) in ts.iter().enumerate() {
        let (x, y) = layout.origin(k);
        canvas.origin = (x as i64, y as i64);
        let scene = Scene::new(board, set, t);
        if scene.grid == Grid::Sphere {
            draw_balls(&mut canvas, &scene, &layout);
        } else if scene.grid.is_segments() {
            draw_sticks(&mut canvas, &Sticks::new(board, set, t), &layout);
        } else {
            draw(&mut canvas, &scene, &layout);
        }
        if board.grid.is_3d() {
            for z in 0..board.depth {
                let (lx, ly) = layout.layer_label(z);
                let band = (lx.round() as i64, ly.round() as i64);
                text(&mut canvas, layout.layer_labels, band, &format!("z={z}"));
            }
            iso(&mut canvas, &Iso::new(board, set, t), &layout);
        }
        if layout.caption > 0 {
            canvas.origin = (0, 0);
            let (bx, by) = layout.caption_band(k);
            caption(&mut canvas, &layout, bx, by, k + 1);
        }
    }
    Ok(
        RgbImage::from_raw(layout.width, layout.height, canvas.pixels)
            .expect("buffer size matches"),
    )
}

fn draw(canvas: &mut Canvas, scene: &Scene, layout: &Layout) {
    let lattice = &scene.lattice;
    let mut cells = |cells: &[crate::geom::Cell], color: [u8; 3]| {
        for &c in cells {
            let corners: Vec<(f64, f64)> = lattice
                .polygon(c)
                .into_iter()
                .map(|p| layout.pixel(p))
                .collect();
            canvas.polygon(&corners, color);
        }
    };
    for fill in &scene.fills {
        cells(&fill.cells, fill.color);
    }
    cells(&scene.blocked, palette::BLOCKED);
    cells(&scene.empty, palette::EMPTY);
    for fill in &scene.fills {
        lines(canvas, &fill.grid, layout, 1, fill.grid_color);
    }
    lines(
        canvas,
        &scene.empty_grid,
        layout,
        1,
        palette::grid_color(palette::EMPTY),
    );
    lines(
        canvas,
        &scene.outline,
        layout,
        layout.outline as i64,
        palette::INK,
    );
    dots(canvas, scene, layout);
}

/// A dot in each cell of each pre-placed piece.
fn dots(canvas: &mut Canvas, scene: &Scene, layout: &Layout) {
    let lattice = &scene.lattice;
    let r = (layout.cell as i64 / 10).max(1);
    for fill in scene.fills.iter().filter(|f| f.fixed) {
        for &c in &fill.cells {
            let (x, y) = layout.pixel(scene::dot_point(lattice, c));
            canvas.dot(
                x.floor() as i64,
                y.floor() as i64,
                r,
                palette::text_color(fill.color),
            );
        }
    }
}

/// The panels of the sphere grid, as in the SVG: discs with dark rims, the balls of a
/// piece in a layer joined by bonds, dots on pre-placed pieces.
fn draw_balls(canvas: &mut Canvas, scene: &Scene, layout: &Layout) {
    let lattice = &scene.lattice;
    let s = f64::from(layout.cell);
    let centre = |c: Cell| layout.pixel(scene::centre(lattice, c));
    let bond = (s * 0.3).round();
    for fill in &scene.fills {
        for &a in &fill.cells {
            for &b in &fill.cells {
                let step = (b.x - a.x, b.y - a.y);
                if a.z == b.z && (step == (1, 0) || step == (0, 1)) {
                    let outline = f64::from(layout.outline);
                    band(
                        canvas,
                        centre(a),
                        centre(b),
                        bond + 2.0 * outline,
                        palette::INK,
                    );
                    band(canvas, centre(a), centre(b), bond, fill.color);
                }
            }
        }
    }
    let r = s * BALL;
    let rim = f64::from(layout.outline.div_ceil(2));
    let mut disc = |c: Cell, color: [u8; 3]| {
        canvas.round(centre(c), r + rim / 2.0, palette::INK);
        canvas.round(centre(c), r - rim / 2.0, color);
    };
    for fill in &scene.fills {
        fill.cells.iter().for_each(|&c| disc(c, fill.color));
    }
    scene
        .blocked
        .iter()
        .for_each(|&c| disc(c, palette::BLOCKED));
    scene.empty.iter().for_each(|&c| disc(c, palette::EMPTY));
    dots(canvas, scene, layout);
}

/// A tiling of a grid of segments, as in the SVG: the board's segments faint, blocked
/// ones dark, each placement's segments as bands with round ends over wider dark ones,
/// dots on the segments of pre-placed pieces.
fn draw_sticks(canvas: &mut Canvas, drawing: &Sticks, layout: &Layout) {
    let s = f64::from(layout.cell);
    let width = |w: f64| (w * s).max(1.0);
    let mut strokes = |segments: &[Segment], w: f64, color: [u8; 3]| {
        for g in segments {
            let (a, b) = (layout.pixel(g.a), layout.pixel(g.b));
            band(canvas, a, b, w, color);
            canvas.round(a, w / 2.0, color);
            canvas.round(b, w / 2.0, color);
        }
    };
    strokes(&drawing.board, width(sticks::FAINT), sticks::FAINT_COLOR);
    strokes(
        &drawing.blocked,
        width(2.0 * sticks::FAINT),
        palette::BLOCKED,
    );
    for piece in &drawing.pieces {
        let edge = width(sticks::STROKE + 2.0 * sticks::EDGE);
        strokes(&piece.strokes, edge, palette::INK);
        strokes(&piece.strokes, width(sticks::STROKE), piece.color);
    }
    for piece in drawing.pieces.iter().filter(|p| p.fixed) {
        for g in &piece.strokes {
            let (x, y) = layout.pixel(sticks::middle(g));
            let r = (sticks::STROKE * s / 5.0).max(0.5);
            canvas.round((x, y), r, palette::text_color(piece.color));
        }
    }
}

/// A ball's radius in the panels, in cells.
const BALL: f64 = 0.42;

/// The isometric view, as in the SVG: cube faces with thin dark edges, balls as discs
/// with a dark rim, a highlight toward the upper left and a darker lower right.
fn iso(canvas: &mut Canvas, view: &Iso, layout: &Layout) {
    let at = |p: Point| layout.iso_pixel(p).expect("a solid has an isometric view");
    let s = f64::from(layout.cell);
    for shape in &view.shapes {
        match shape {
            Shape3d::Face(corners, color) => {
                let corners: Vec<Point> = corners.iter().map(|&p| at(p)).collect();
                canvas.polygon(&corners, *color);
                for i in 0..corners.len() {
                    let (a, b) = (corners[i], corners[(i + 1) % corners.len()]);
                    band(canvas, a, b, 1.0, palette::INK);
                }
            }
            Shape3d::Ball(centre, radius, color) => {
                let (c, r) = (at(*centre), radius * s);
                canvas.round(c, r, palette::INK);
                canvas.round(c, r - 1.0, palette::mix(*color, [0; 3], 0.3));
                let lit = (c.0 - r * 0.08, c.1 - r * 0.08);
                canvas.round(lit, r * 0.85, *color);
                let shine = (c.0 - r * 0.3, c.1 - r * 0.35);
                canvas.round(shine, r * 0.3, palette::mix(*color, [0xff; 3], 0.55));
            }
        }
    }
}

/// A straight band `width` pixels wide from `a` to `b` (pixels relative to the origin),
/// with round ends.
fn band(canvas: &mut Canvas, a: Point, b: Point, width: f64, color: [u8; 3]) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let h = width / 2.0;
    let n = (-dy / len * h, dx / len * h);
    let corners = [
        (a.0 + n.0, a.1 + n.1),
        (b.0 + n.0, b.1 + n.1),
        (b.0 - n.0, b.1 - n.1),
        (a.0 - n.0, a.1 - n.1),
    ];
    canvas.polygon(&corners, color);
}

/// Each segment as a band `width` pixels wide along it, ends extended so that corners
/// close. Across an axis-parallel segment the band covers whole pixels from `width / 2`
/// before the line (rounded down) to the rest after it.
fn lines(canvas: &mut Canvas, segments: &[Segment], layout: &Layout, width: i64, color: [u8; 3]) {
    let before = (width / 2) as f64;
    let after = width as f64 - before;
    // As in the SVG: square ends where every line is upright, else round ones.
    let all_upright = segments
        .iter()
        .all(|g| g.is_horizontal() || g.is_vertical());
    for g in segments {
        let (a, b) = (layout.pixel(g.a), layout.pixel(g.b));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len == 0.0 {
            continue;
        }
        let u = (dx / len, dy / len);
        let upright = g.is_horizontal() || g.is_vertical();
        // The normal: down for horizontal lines, right for vertical ones.
        let n = if upright { (u.1, u.0) } else { (-u.1, u.0) };
        // Square ends close right-angled corners; round ones (hex and triangle grids)
        // close any corner without sticking out.
        let (start, end) = if all_upright {
            (-before, len + after)
        } else {
            let r = width as f64 / 2.0;
            canvas.disc(a, r, color);
            canvas.disc(b, r, color);
            (0.0, len)
        };
        let point = |along: f64, across: f64| {
            (
                a.0 + u.0 * along + n.0 * across,
                a.1 + u.1 * along + n.1 * across,
            )
        };
        let band = [
            point(start, -before),
            point(end, -before),
            point(end, after),
            point(start, after),
        ];
        canvas.polygon(&band, color);
    }
}

/// Rows of a 3×5 digit font, 3 bits per row (bit 2 is the left column).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 7, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 1, 1],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// The number `n`, centred in the caption band at `(bx, by)`.
fn caption(canvas: &mut Canvas, layout: &Layout, bx: u32, by: u32, n: usize) {
    let middle = bx as i64 + layout.tile_width as i64 / 2;
    let width = layout.tile_width as i64;
    text_in(
        canvas,
        layout.caption,
        (middle, by as i64),
        width,
        &n.to_string(),
    );
}

/// `text` (digits, `z` and `=`) centred at `x` in a band `band` pixels high whose top is
/// at `y`, relative to the origin.
fn text(canvas: &mut Canvas, band: u32, (x, y): (i64, i64), text: &str) {
    text_in(canvas, band, (x, y), 0, text);
}

/// `text` in a band `band` pixels high, centred at `middle`; `width`, when not 0, is
/// the band's width, for centring exactly as the captions always have.
fn text_in(canvas: &mut Canvas, band: u32, (middle, top): (i64, i64), width: i64, text: &str) {
    let scale = (band as i64 / 8).max(1);
    let advance = 4 * scale;
    let text_width = advance * text.len() as i64 - scale;
    let x0 = if width > 0 {
        middle - width / 2 + (width - text_width) / 2
    } else {
        middle - text_width / 2
    };
    let y0 = top + (band as i64 - 5 * scale) / 2;
    for (i, d) in text.bytes().enumerate() {
        let glyph = match d {
            b'z' => [0, 7, 2, 4, 7],
            b'=' => [0, 7, 0, 7, 0],
            _ => DIGITS[(d - b'0') as usize],
        };
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..3 {
                if bits & (4 >> col) != 0 {
                    let x = x0 + i as i64 * advance + col * scale;
                    canvas.rect(x, y0 + row as i64 * scale, scale, scale, palette::INK);
                }
            }
        }
    }
}

/// An RGB pixel buffer with clipped rectangle and dot drawing relative to an origin.
struct Canvas {
    width: i64,
    height: i64,
    pixels: Vec<u8>,
    origin: (i64, i64),
}

impl Canvas {
    fn new(width: u32, height: u32, background: [u8; 3]) -> Canvas {
        let n = width as usize * height as usize;
        let mut pixels = Vec::with_capacity(3 * n);
        for _ in 0..n {
            pixels.extend_from_slice(&background);
        }
        Canvas {
            width: width as i64,
            height: height as i64,
            pixels,
            origin: (0, 0),
        }
    }

    /// The `w × h` rectangle at `(x, y)` (relative to the origin), clipped.
    fn rect(&mut self, x: i64, y: i64, w: i64, h: i64, color: [u8; 3]) {
        let (x, y) = (x + self.origin.0, y + self.origin.1);
        let (x0, x1) = (x.max(0), (x + w).min(self.width));
        let (y0, y1) = (y.max(0), (y + h).min(self.height));
        for py in y0..y1 {
            let row = (py * self.width) as usize * 3;
            let span = &mut self.pixels[row + 3 * x0 as usize..row + 3 * x1.max(x0) as usize];
            for px in span.chunks_exact_mut(3) {
                px.copy_from_slice(&color);
            }
        }
    }

    /// The polygon with `corners` (relative to the origin) filled: every pixel whose
    /// centre is inside, by the even-odd rule on the scan line through the centre (so
    /// two polygons that share a side leave no gap between them).
    fn polygon(&mut self, corners: &[(f64, f64)], color: [u8; 3]) {
        let corners: Vec<(f64, f64)> = corners
            .iter()
            .map(|&(x, y)| (x + self.origin.0 as f64, y + self.origin.1 as f64))
            .collect();
        let top = corners.iter().map(|p| p.1).fold(f64::MAX, f64::min);
        let bottom = corners.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        let first = ((top - 0.5).ceil() as i64).max(0);
        let last = ((bottom - 0.5).ceil() as i64).min(self.height);
        let n = corners.len();
        let mut crossings: Vec<f64> = Vec::with_capacity(n);
        for py in first..last {
            let y = py as f64 + 0.5;
            crossings.clear();
            for i in 0..n {
                let (p, q) = (corners[i], corners[(i + 1) % n]);
                if (p.1 > y) != (q.1 > y) {
                    crossings.push(p.0 + (y - p.1) * (q.0 - p.0) / (q.1 - p.1));
                }
            }
            crossings.sort_by(f64::total_cmp);
            for span in crossings.chunks_exact(2) {
                // Pixels whose centre x + 0.5 lies in [span[0], span[1]).
                let x0 = ((span[0] - 0.5).ceil() as i64).max(0);
                let x1 = ((span[1] - 0.5).ceil() as i64).min(self.width);
                if x1 > x0 {
                    let row = (py * self.width) as usize * 3;
                    for px in self.pixels[row + 3 * x0 as usize..row + 3 * x1 as usize]
                        .chunks_exact_mut(3)
                    {
                        px.copy_from_slice(&color);
                    }
                }
            }
        }
    }

    /// A filled disc of radius `r` centred at `centre` (relative to the origin), as a
    /// polygon of 16 sides.
    fn disc(&mut self, centre: (f64, f64), r: f64, color: [u8; 3]) {
        let corners: Vec<(f64, f64)> = (0..16)
            .map(|k| {
                let angle = f64::from(k) * std::f64::consts::PI / 8.0;
                (centre.0 + r * angle.cos(), centre.1 + r * angle.sin())
            })
            .collect();
        self.polygon(&corners, color);
    }

    /// A filled disc of radius `r` centred at `centre` (relative to the origin), as a
    /// polygon of 48 sides: round enough for balls.
    fn round(&mut self, centre: (f64, f64), r: f64, color: [u8; 3]) {
        let corners: Vec<(f64, f64)> = (0..48)
            .map(|k| {
                let angle = f64::from(k) * std::f64::consts::PI / 24.0;
                (centre.0 + r * angle.cos(), centre.1 + r * angle.sin())
            })
            .collect();
        self.polygon(&corners, color);
    }

    /// A filled disc of radius `r` centred at `(cx, cy)` (relative to the origin).
    fn dot(&mut self, cx: i64, cy: i64, r: i64, color: [u8; 3]) {
        for dy in -r..r {
            for dx in -r..r {
                // Pixel centres at (dx + 0.5, dy + 0.5), doubled to stay in integers.
                let (ex, ey) = (2 * dx + 1, 2 * dy + 1);
                if ex * ex + ey * ey <= 4 * r * r {
                    self.rect(cx + dx, cy + dy, 1, 1, color);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;
    use std::path::PathBuf;

    fn golden(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("src/render/golden")
            .join(name)
    }

    /// Compares with the committed golden file; `POLYX_BLESS=1` rewrites it.
    fn check_golden(name: &str, bytes: &[u8]) {
        let path = golden(name);
        if std::env::var_os("POLYX_BLESS").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, bytes).unwrap();
        }
        let expected = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            expected == bytes,
            "{name} differs from its golden file; POLYX_BLESS=1 rewrites it"
        );
    }

    #[test]
    fn holes_matches_golden() {
        let (board, set, t) = fixtures::holes();
        let bytes = tiling(&board, &set, &t, &RenderOptions::default()).unwrap();
        check_golden("holes.png", &bytes);
    }

    #[test]
    fn pentominoes_match_golden() {
        let (board, set, t) = fixtures::pentominoes();
        let bytes = tiling(&board, &set, &t, &RenderOptions::default()).unwrap();
        check_golden("pentominoes.png", &bytes);
    }

    #[test]
    fn preplaced_gallery_matches_golden() {
        let (board, set, t) = fixtures::preplaced();
        let ts = vec![t; 12];
        let opts = RenderOptions {
            cell_size: 24,
            ..RenderOptions::default()
        };
        let img = image(&board, &set, &ts, &opts).unwrap();
        let layout = Layout::new(12, &board, 24, true).unwrap();
        assert_eq!((img.width(), img.height()), (layout.width, layout.height));
        check_golden(
            "preplaced-gallery.png",
            &gallery(&board, &set, &ts, &opts).unwrap(),
        );
    }

    #[test]
    fn pixels_where_expected() {
        let (board, set, t) = fixtures::holes();
        let img = image(&board, &set, &[t], &RenderOptions::default()).unwrap();
        let at = |x: u32, y: u32| img.get_pixel(x, y).0;
        // Board origin (8, 8); the outside cell (0, 0) is background.
        assert_eq!(at(8 + 16, 8 + 16), palette::BACKGROUND);
        assert_eq!(at(8 + 2 * 32 + 16, 8 + 32 + 16), palette::BLOCKED);
        assert_eq!(at(8 + 16, 8 + 32 + 8), palette::default_color(1));
        assert_eq!(
            at(8 + 32, 8 + 32 + 8),
            palette::grid_color(palette::default_color(1))
        );
        assert_eq!(at(8 + 64, 8 + 32 + 8), palette::INK);
    }

    #[test]
    fn too_large_is_refused() {
        let board = Board::rectangle("big", 60, 60);
        let ts = vec![Tiling::default(); 400];
        let opts = RenderOptions::default();
        let err = image(&board, &fixtures::two_l().1, &ts, &opts).unwrap_err();
        assert!(err.to_string().contains("hint: use -n"), "{err}");
    }
}
