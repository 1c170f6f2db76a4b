//! A printable book of challenges, as the booklets that come with such puzzles: pages of
//! challenges (each board with its pre-placed pieces in colour and its open cells
//! blank, numbered, with its level), then pages of their solutions in the same order
//! (the pre-placed pieces marked with dots, as `polyx solve` draws them).
//!
//! SVG: one document whose pages are A4 sheets at 96 pixels per inch (794 × 1123),
//! stacked top to bottom, each a `<g id="page-N">` with a thin frame; every board is
//! the [`crate::render::svg`] drawing of its tiling, nested as an `<svg>` scaled into
//! its slot of the page's grid, with its caption ("3 · expert") below. PNG: the
//! challenges as one [`crate::render::png`] gallery above the solutions as another,
//! each board numbered; PNG has no font, so levels are in the SVG book only.

use std::fmt::Write;

use crate::error::{Error, InputError};
use crate::model::{Board, PieceSet, Tiling};
use crate::render::layout::Layout;
use crate::render::{svg, Format, RenderOptions};

use super::generate::Challenge;

/// A4 at 96 pixels per inch.
const PAGE_WIDTH: u32 = 794;
const PAGE_HEIGHT: u32 = 1123;
const MARGIN: u32 = 40;
/// The page's heading band, and each board's caption band.
const HEADING: u32 = 40;
const CAPTION: u32 = 24;

/// How to lay out a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// Boards across a page.
    pub columns: u32,
    /// Rows of boards on a page.
    pub rows: u32,
    /// Side of a cell in pixels in the PNG book (the SVG scales boards to the page).
    pub cell_size: u32,
    /// The book's title, at the top of its first page.
    pub title: String,
}

impl Default for BookOptions {
    fn default() -> BookOptions {
        BookOptions {
            columns: 3,
            rows: 4,
            cell_size: 24,
            title: String::new(),
        }
    }
}

/// What one board of the book shows.
struct Entry<'a> {
    board: &'a Board,
    tiling: Tiling,
    caption: String,
}

/// The book of `challenges` (made from one puzzle, whose piece set is `set`) in
/// `format` (svg or png).
///
/// # Errors
/// No challenges, a format that is not svg or png, or a picture too large.
pub fn book(
    set: &PieceSet,
    challenges: &[Challenge],
    format: Format,
    opts: &BookOptions,
) -> Result<Vec<u8>, Error> {
    if challenges.is_empty() {
        return Err(InputError::new("there is no challenge to put in a book").into());
    }
    match format {
        Format::Svg => Ok(svg_book(set, challenges, opts)?.into_bytes()),
        #[cfg(feature = "png")]
        Format::Png => png_book(set, challenges, opts),
        _ => Err(
            InputError::new(format!("a book is svg or png, not {format}"))
                .with_hint("name the book FILE.svg or FILE.png")
                .into(),
        ),
    }
}

/// The challenge's picture: its pre-placed pieces only.
fn preplaced(c: &Challenge) -> Tiling {
    Tiling {
        placements: (c.solution.placements.iter())
            .filter(|p| p.fixed)
            .cloned()
            .collect(),
    }
}

fn svg_book(set: &PieceSet, challenges: &[Challenge], opts: &BookOptions) -> Result<String, Error> {
    let per_page = (opts.columns.max(1) * opts.rows.max(1)) as usize;
    let challenge_entries: Vec<Entry> = (challenges.iter().enumerate())
        .map(|(i, c)| Entry {
            board: &c.puzzle.board,
            tiling: preplaced(c),
            caption: format!("{} · {}", i + 1, c.level),
        })
        .collect();
    let solution_entries: Vec<Entry> = (challenges.iter().enumerate())
        .map(|(i, c)| Entry {
            board: &c.puzzle.board,
            tiling: c.solution.clone(),
            caption: format!("{}", i + 1),
        })
        .collect();
    let mut pages: Vec<(String, &[Entry])> = Vec::new();
    for (k, chunk) in challenge_entries.chunks(per_page).enumerate() {
        let heading = match (k, opts.title.is_empty()) {
            (0, false) => opts.title.clone(),
            _ => "Challenges".to_string(),
        };
        pages.push((heading, chunk));
    }
    for chunk in solution_entries.chunks(per_page) {
        pages.push(("Solutions".to_string(), chunk));
    }
    let height = PAGE_HEIGHT * pages.len() as u32;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH}" height="{height}" viewBox="0 0 {PAGE_WIDTH} {height}">"#
    );
    for (p, (heading, entries)) in pages.iter().enumerate() {
        page(&mut out, p, heading, entries, set, opts)?;
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// Page `p` (from 0) of the SVG book.
fn page(
    out: &mut String,
    p: usize,
    heading: &str,
    entries: &[Entry],
    set: &PieceSet,
    opts: &BookOptions,
) -> Result<(), Error> {
    let top = PAGE_HEIGHT * p as u32;
    let _ = writeln!(
        out,
        r##"<g id="page-{}" transform="translate(0 {top})"><rect x="0.5" y="0.5" width="{}" height="{}" fill="#ffffff" stroke="#cccccc"/>"##,
        p + 1,
        PAGE_WIDTH - 1,
        PAGE_HEIGHT - 1
    );
    let _ = writeln!(
        out,
        r##"<text x="{MARGIN}" y="{}" font-family="sans-serif" font-size="20" fill="#222222">{}</text>"##,
        MARGIN + 20,
        escape(heading)
    );
    let (columns, rows) = (opts.columns.max(1), opts.rows.max(1));
    let slot_w = (PAGE_WIDTH - 2 * MARGIN) / columns;
    let slot_h = (PAGE_HEIGHT - 2 * MARGIN - HEADING) / rows;
    for (k, e) in entries.iter().enumerate() {
        let (col, row) = (k as u32 % columns, k as u32 / columns);
        let (x0, y0) = (MARGIN + col * slot_w, MARGIN + HEADING + row * slot_h);
        board(out, e, set, (x0, y0), (slot_w, slot_h - CAPTION))?;
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#222222">{}</text>"##,
            x0 + slot_w / 2,
            y0 + slot_h - CAPTION / 3,
            escape(&e.caption)
        );
    }
    out.push_str("</g>\n");
    Ok(())
}

/// One board drawn by the SVG renderer, scaled to fit `size` at `at`, centred.
fn board(
    out: &mut String,
    e: &Entry,
    set: &PieceSet,
    at: (u32, u32),
    size: (u32, u32),
) -> Result<(), Error> {
    let ro = RenderOptions {
        cell_size: 32,
        labels: true,
        captions: false,
    };
    let layout = Layout::new(1, e.board, ro.cell_size, false)?;
    let drawing = svg::tiling(e.board, set, &e.tiling, &ro)?;
    let (w, h) = (f64::from(layout.width), f64::from(layout.height));
    let scale = (f64::from(size.0) / w).min(f64::from(size.1) / h);
    let (sw, sh) = (w * scale, h * scale);
    let x = f64::from(at.0) + (f64::from(size.0) - sw) / 2.0;
    let y = f64::from(at.1) + (f64::from(size.1) - sh) / 2.0;
    let body = drawing
        .split_once('\n')
        .map_or("", |(_, rest)| rest)
        .trim_end()
        .trim_end_matches("</svg>");
    let _ = writeln!(
        out,
        r#"<svg x="{x:.2}" y="{y:.2}" width="{sw:.2}" height="{sh:.2}" viewBox="0 0 {} {}">"#,
        layout.width, layout.height
    );
    out.push_str(body);
    out.push_str("</svg>\n");
    Ok(())
}

/// `s` with XML's special characters escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(feature = "png")]
fn png_book(
    set: &PieceSet,
    challenges: &[Challenge],
    opts: &BookOptions,
) -> Result<Vec<u8>, Error> {
    use image::codecs::png::PngEncoder;
    use image::{ExtendedColorType, ImageEncoder, RgbImage};

    use crate::render::{palette, png};

    let ro = RenderOptions {
        cell_size: opts.cell_size,
        labels: false,
        captions: true,
    };
    // Every challenge's board is the puzzle's with its own pre-placed squares; drawn on
    // the first's, each shows its own pieces, and uncovered cells are blank alike.
    let board = &challenges[0].puzzle.board;
    let puzzles: Vec<Tiling> = challenges.iter().map(preplaced).collect();
    let solutions: Vec<Tiling> = challenges.iter().map(|c| c.solution.clone()).collect();
    let top = png::image(board, set, &puzzles, &ro)?;
    let bottom = png::image(board, set, &solutions, &ro)?;
    let gap = opts.cell_size * 2;
    let (w, h) = (
        top.width().max(bottom.width()),
        top.height() + gap + bottom.height(),
    );
    let [r, g, b] = palette::BACKGROUND;
    let mut page = RgbImage::from_pixel(w, h, image::Rgb([r, g, b]));
    image::imageops::replace(&mut page, &top, 0, 0);
    image::imageops::replace(&mut page, &bottom, 0, i64::from(top.height() + gap));
    let mut bytes = Vec::new();
    PngEncoder::new(&mut bytes)
        .write_image(page.as_raw(), w, h, ExtendedColorType::Rgb8)
        .expect("encoding PNG into memory cannot fail");
    Ok(bytes)
}
