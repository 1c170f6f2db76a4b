//! Rendering: tilings as text (ascii, unicode), as JSON Lines, and as images (svg, png).
//! Renderers see a [`Board`], its [`PieceSet`] and [`Tiling`]s, never the engine. Each
//! format is one module: [`ascii`], [`unicode`], [`json`], [`svg`] and `png` (the `png`
//! feature), or [`render_image`] for either image format by [`Format`]; [`stl`] makes
//! the pieces (and a tray for the board) as meshes to print in 3D. Several tilings in
//! one image make a gallery. Every grid draws through its lattice: text in the input's
//! picture layout, JSON cells in picture coordinates, images from the cells' polygons
//! ([`crate::Lattice::polygon`], [`crate::Lattice::sides`]). Everything here is
//! deterministic: the same input gives the same bytes.
//!
//! ```
//! use polyx::{load_puzzle, render, Puzzle, Solver, SymmetryMode};
//!
//! let (board, pieces) = load_puzzle("3x20", None).unwrap();
//! let solver = Solver::new(Puzzle::new(board, pieces).unwrap(), SymmetryMode::Reduce);
//! let mut tilings = Vec::new();
//! solver.run(None, |t| {
//!     tilings.push(t.clone());
//!     std::ops::ControlFlow::Continue(())
//! });
//! let puzzle = solver.puzzle();
//! let text = render::ascii::tilings(&puzzle.board, &puzzle.set, &tilings);
//! assert_eq!(text.lines().filter(|l| !l.is_empty()).count(), 2 * 3);
//! let svg = render::svg::gallery(&puzzle.board, &puzzle.set, &tilings, &Default::default());
//! assert!(svg.unwrap().starts_with("<svg"));
//! ```

pub mod ascii;
pub mod json;
pub(crate) mod layers;
pub(crate) mod layout;
pub(crate) mod lines;
pub(crate) mod palette;
pub(crate) mod panels;
#[cfg(feature = "png")]
pub mod png;
pub(crate) mod scene;
pub(crate) mod solid;
pub(crate) mod stick_boxes;
pub(crate) mod sticks;
pub mod stl;
pub mod svg;
pub mod unicode;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
mod grid_tests;

use std::path::Path;

use crate::error::{Error, InputError};
use crate::model::{Board, PieceSet, Tiling};

pub use json::Summary;
pub use unicode::UnicodeOptions;

/// An output format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One letter per cell ([`ascii`]).
    Ascii,
    /// Box-drawing outlines ([`unicode`]).
    Unicode,
    /// JSON Lines, one object per solution ([`json`]).
    Json,
    /// A vector image ([`svg`]).
    Svg,
    /// A bitmap image (the `png` feature).
    Png,
}

impl Format {
    /// Every format, in the order the help text lists them.
    pub const ALL: [Format; 5] = [
        Format::Ascii,
        Format::Unicode,
        Format::Json,
        Format::Svg,
        Format::Png,
    ];

    /// The format a file name asks for: `.txt` ascii, `.json`/`.jsonl`/`.ndjson` json,
    /// `.svg`, `.png` (any case). Unicode has no extension of its own.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "txt" => Some(Format::Ascii),
            "json" | "jsonl" | "ndjson" => Some(Format::Json),
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }

    /// The format called `name` on the command line (`ascii`, `unicode`, ...).
    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The format's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Ascii => "ascii",
            Format::Unicode => "unicode",
            Format::Json => "json",
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }

    /// Svg and png: drawn with [`render_image`], several tilings as one gallery.
    pub fn is_image(self) -> bool {
        matches!(self, Format::Svg | Format::Png)
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How to draw images (and whether text shows labels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Side of one cell in pixels (svg user units); at least 4.
    pub cell_size: u32,
    /// Piece labels inside pieces (unicode, svg; png has no font and never shows them).
    pub labels: bool,
    /// A caption with the solution's number under each tiling of a gallery.
    pub captions: bool,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            cell_size: 32,
            labels: true,
            captions: true,
        }
    }
}

/// Draws `tilings` as svg or png bytes: one tiling alone, several as a gallery in
/// solution order. Text formats are refused (use [`ascii`], [`unicode`], [`json`]).
///
/// # Errors
/// An [`InputError`] if there is nothing to draw, the format is not an image format,
/// the cell size is out of range, or the gallery is too large (a gallery holds at most 10,000 tilings and 100 million pixels; cells are 4 to 1024 pixels).
pub fn render_image(
    format: Format,
    board: &Board,
    set: &PieceSet,
    tilings: &[Tiling],
    opts: &RenderOptions,
) -> Result<Vec<u8>, Error> {
    if tilings.is_empty() {
        return Err(InputError::new("there is no solution to draw").into());
    }
    match format {
        Format::Svg => Ok(svg::gallery(board, set, tilings, opts)?.into_bytes()),
        #[cfg(feature = "png")]
        Format::Png => png::gallery(board, set, tilings, opts),
        #[cfg(not(feature = "png"))]
        Format::Png => Err(InputError::new("this polyx was built without png output")
            .with_hint("rebuild with the `png` feature, or use --format svg")
            .into()),
        _ => Err(InputError::new(format!("{format} is not an image format")).into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_from_extension_and_name() {
        let f = |p: &str| Format::from_extension(Path::new(p));
        assert_eq!(f("out.PNG"), Some(Format::Png));
        assert_eq!(f("a/b.svg"), Some(Format::Svg));
        assert_eq!(f("s.jsonl"), Some(Format::Json));
        assert_eq!(f("s.txt"), Some(Format::Ascii));
        assert_eq!(f("s"), None);
        assert_eq!(f("s.gif"), None);
        for format in Format::ALL {
            assert_eq!(Format::from_name(format.name()), Some(format));
        }
        assert_eq!(Format::from_name("html"), None);
    }

    #[test]
    fn render_image_refuses_text_and_empty() {
        let (board, set, t) = fixtures::two_l();
        let opts = RenderOptions::default();
        assert!(render_image(Format::Ascii, &board, &set, &[t], &opts).is_err());
        assert!(render_image(Format::Svg, &board, &set, &[], &opts).is_err());
    }
}
