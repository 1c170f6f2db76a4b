//! Colours for pieces. The default palette is 24 colours of high mutual contrast (after
//! Sasha Trubetskoy's "20 simple, distinct colours", plus four), ordered so that
//! neighbouring indices differ strongly in hue and lightness; past 24 it repeats,
//! alternately lighter and darker. A piece's own `color` always wins.

use crate::model::PieceSet;

/// The default palette, in order.
pub const PALETTE: [[u8; 3]; 24] = [
    [0xe6, 0x19, 0x4b], // red
    [0x3c, 0xb4, 0x4b], // green
    [0xff, 0xe1, 0x19], // yellow
    [0x43, 0x63, 0xd8], // blue
    [0xf5, 0x82, 0x31], // orange
    [0x91, 0x1e, 0xb4], // purple
    [0x42, 0xd4, 0xf4], // cyan
    [0xf0, 0x32, 0xe6], // magenta
    [0xbf, 0xef, 0x45], // lime
    [0xfa, 0xbe, 0xd4], // pink
    [0x46, 0x99, 0x90], // teal
    [0xdc, 0xbe, 0xff], // lavender
    [0x9a, 0x63, 0x24], // brown
    [0xff, 0xfa, 0xc8], // beige
    [0x80, 0x00, 0x00], // maroon
    [0xaa, 0xff, 0xc3], // mint
    [0x80, 0x80, 0x00], // olive
    [0xff, 0xd8, 0xb1], // apricot
    [0x00, 0x00, 0x75], // navy
    [0xa9, 0xa9, 0xa9], // grey
    [0x6a, 0x3d, 0x9a], // violet
    [0xfb, 0x9a, 0x99], // salmon
    [0x2f, 0x4f, 0x4f], // slate
    [0xb2, 0xdf, 0x8a], // pale green
];

/// Outlines and text on light fills.
pub const INK: [u8; 3] = [0x22, 0x22, 0x22];
/// Blocked cells.
pub const BLOCKED: [u8; 3] = [0x55, 0x55, 0x55];
/// Open cells that no piece covers.
pub const EMPTY: [u8; 3] = [0xf2, 0xf2, 0xf2];
/// Open cells that no piece covers, in the isometric view of a solid (shaded).
pub const EMPTY_SOLID: [u8; 3] = [0xd8, 0xd8, 0xd8];
/// The image's background.
pub const BACKGROUND: [u8; 3] = [0xff, 0xff, 0xff];

/// The default colour of the piece with index `k`.
pub fn default_color(k: usize) -> [u8; 3] {
    let base = PALETTE[k % PALETTE.len()];
    match (k / PALETTE.len()) % 3 {
        0 => base,
        1 => mix(base, [0xff; 3], 0.35),
        _ => mix(base, [0x00; 3], 0.35),
    }
}

/// Piece `k`'s colour: its own if the set gives one, else the default.
pub fn piece_color(set: &PieceSet, k: usize) -> [u8; 3] {
    set.pieces
        .get(k)
        .and_then(|p| p.color)
        .unwrap_or_else(|| default_color(k))
}

/// Perceived lightness, 0..=255 (Rec. 601 weights).
pub fn luma(c: [u8; 3]) -> u32 {
    (299 * c[0] as u32 + 587 * c[1] as u32 + 114 * c[2] as u32) / 1000
}

/// Thin grid lines inside a fill of colour `c`: a little darker, or lighter on dark
/// fills, so they show without competing with the outlines.
pub fn grid_color(c: [u8; 3]) -> [u8; 3] {
    if luma(c) < 96 {
        mix(c, [0xff; 3], 0.3)
    } else {
        mix(c, [0x00; 3], 0.22)
    }
}

/// Text on a fill of colour `c`: ink on light fills, white on dark ones.
pub fn text_color(c: [u8; 3]) -> [u8; 3] {
    if luma(c) < 110 {
        [0xff; 3]
    } else {
        INK
    }
}

/// `a` moved a fraction `t` of the way to `b`.
pub fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let f = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])]
}

/// `#rrggbb`.
pub fn hex(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixtures;

    fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
        (0..3).map(|i| (a[i] as i32 - b[i] as i32).abs()).sum()
    }

    #[test]
    fn neighbours_differ_and_all_distinct() {
        for k in 0..72 {
            let d = distance(default_color(k), default_color(k + 1));
            let least = if k + 1 < PALETTE.len() { 150 } else { 90 };
            assert!(d > least, "colours {k} and {} too close ({d})", k + 1);
        }
        for (i, &a) in PALETTE.iter().enumerate() {
            for (j, &b) in PALETTE[..i].iter().enumerate() {
                assert!(distance(a, b) > 50, "{i} vs {j}");
            }
        }
    }

    #[test]
    fn own_colour_wins() {
        let (_, set, _) = fixtures::preplaced();
        assert_eq!(piece_color(&set, 2), [0x10, 0x20, 0x30]);
        assert_eq!(piece_color(&set, 0), PALETTE[0]);
        assert_eq!(hex(piece_color(&set, 2)), "#102030");
    }
}
