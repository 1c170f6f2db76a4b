//! The text pictures of the grids of space: one picture per layer, side by side, bottom
//! layer first, separated by [`GAP`], with a line of `z=0 z=1 …` under them, each label
//! under the first column of its layer. Every layer's picture is the whole frame (the
//! sphere grid's smaller upper layers of a pyramid simply have spaces beyond their end),
//! so a column of the frame is the same column in every layer's picture.

/// The spaces between two layers' pictures.
pub const GAP: &str = "   ";

/// The pictures `layers` (each a list of lines, the same number for all) side by side,
/// with the layer labels under them; trailing spaces trimmed, each line ending with `\n`.
pub fn side_by_side(layers: &[Vec<String>]) -> String {
    let labels: Vec<String> = (0..layers.len()).map(|z| format!("z={z}")).collect();
    let widths: Vec<usize> = (layers.iter().zip(&labels))
        .map(|(rows, label)| {
            let widest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
            widest.max(label.chars().count())
        })
        .collect();
    let height = layers.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    let mut line = String::new();
    for y in 0..=height {
        line.clear();
        for (z, rows) in layers.iter().enumerate() {
            if z > 0 {
                line.push_str(GAP);
            }
            let text = if y == height {
                labels[z].as_str()
            } else {
                rows.get(y).map_or("", String::as_str)
            };
            line.push_str(text);
            let pad = widths[z].saturating_sub(text.chars().count());
            line.extend(std::iter::repeat_n(' ', pad));
        }
        out.push_str(line.trim_end_matches(' '));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_side_by_side_with_labels() {
        let rows = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let text = side_by_side(&[rows(&["AAB", "A.B"]), rows(&["C  ", "   "]), rows(&["D"])]);
        assert_eq!(text, "AAB   C     D\nA.B\nz=0   z=1   z=2\n");
        // A layer narrower than its label takes the label's width.
        let narrow = side_by_side(&[rows(&["A"]), rows(&["B"])]);
        assert_eq!(narrow, "A     B\nz=0   z=1\n");
    }
}
