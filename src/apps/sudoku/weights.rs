//! The weights of the target Sudoku (NOIP 2009 靶形数独): one integer per cell, and the
//! score of a filled grid, Σ weight × digit. [`Weights::noip`] is the problem's own 9×9
//! target, `10 − max(|r − 4|, |c − 4|)` (10 at the centre down to 6 on the rim);
//! [`Weights::parse`] reads n² integers (any whitespace between them) for an n×n board,
//! each error located at its line and column.

use super::{MAX_BOX, MIN_BOX};
use crate::error::{InputError, Location};

/// The largest weight allowed in absolute value: scores of a 49×49 grid stay far inside
/// `i64`.
pub const MAX_WEIGHT: i64 = 1_000_000_000;

/// A weight per cell of an n×n board (n = b², b from [`MIN_BOX`] to [`MAX_BOX`]).
///
/// # Guarantees
/// `values.len() == side²`; `side` is b² for a supported box size b; every
/// `|value| <= MAX_WEIGHT`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    box_size: usize,
    values: Vec<i64>,
}

impl Weights {
    /// The NOIP 2009 target: `10 − max(|r − 4|, |c − 4|)` for rows and columns 0 to 8.
    pub fn noip() -> Weights {
        let values = (0..81)
            .map(|k: i64| {
                let (r, c) = (k / 9, k % 9);
                10 - (r - 4).abs().max((c - 4).abs())
            })
            .collect();
        Weights {
            box_size: 3,
            values,
        }
    }

    /// Weights of a board of box size `box_size`, row-major.
    pub fn new(box_size: usize, values: Vec<i64>) -> Result<Weights, InputError> {
        let n = box_size * box_size;
        if !(MIN_BOX..=MAX_BOX).contains(&box_size) || values.len() != n * n {
            return Err(InputError::new(format!(
                "{} weights are not those of a board of box size {box_size}",
                values.len()
            )));
        }
        if let Some(w) = values.iter().find(|w| w.abs() > MAX_WEIGHT) {
            return Err(InputError::new(format!(
                "the weight {w} is beyond ±{MAX_WEIGHT}"
            )));
        }
        Ok(Weights { box_size, values })
    }

    /// The weights in `text` (read from `path`): n² integers for an n×n board, in rows.
    pub fn parse(path: &str, text: &str) -> Result<Weights, InputError> {
        let mut values = Vec::new();
        let mut last = (1, 1);
        for (l, line) in text.lines().enumerate() {
            for (col, word) in words(line) {
                let at = || Location::at_line(path, text, l + 1, col);
                let value: i64 = word.parse().map_err(|_| {
                    InputError::at(at(), format!("`{word}` is not a whole number"))
                        .with_hint("a weight file holds n² integers, e.g. 9 lines of 9")
                })?;
                if value.abs() > MAX_WEIGHT {
                    return Err(InputError::at(
                        at(),
                        format!("the weight {value} is beyond ±{MAX_WEIGHT}"),
                    )
                    .with_hint("use smaller weights; only their ratios matter"));
                }
                values.push(value);
            }
            last = (l + 1, line.chars().count() + 1);
        }
        let count = values.len();
        let Some(box_size) = (MIN_BOX..=MAX_BOX).find(|b| b.pow(4) == count) else {
            let sizes: Vec<String> = (MIN_BOX..=MAX_BOX.min(5))
                .map(|b| format!("{} for {}×{}", b.pow(4), b * b, b * b))
                .collect();
            let loc = Location::at_line(path, text, last.0, last.1);
            return Err(InputError::at(
                loc,
                format!("{count} weights are not those of a Sudoku board"),
            )
            .with_hint(format!("give one weight per cell: {}", sizes.join(", "))));
        };
        Ok(Weights { box_size, values })
    }

    /// The box size b of the board (its side is b²).
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The side n of the board.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
    }

    /// The weights, row-major.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// Σ weight × digit over the cells (0 counts as nothing).
    pub fn score(&self, cells: &[u8]) -> i64 {
        self.values
            .iter()
            .zip(cells)
            .map(|(&w, &d)| w * i64::from(d))
            .sum()
    }
}

/// The words of `line` and the 1-based column (in characters) where each starts.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut col = 0;
    let mut start = None;
    let mut out = Vec::new();
    for (off, ch) in line.char_indices() {
        col += 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((off, col)),
            (true, Some((s, c))) => {
                out.push((c, &line[s..off]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((s, c)) = start {
        out.push((c, &line[s..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noip_target_rings() {
        let w = Weights::noip();
        assert_eq!(w.values()[40], 10);
        assert_eq!(w.values()[0], 6);
        assert_eq!(w.values()[9 * 3 + 4], 9);
        assert_eq!(w.values().iter().filter(|&&v| v == 6).count(), 32);
        assert_eq!(w.score(&[1; 81]), w.values().iter().sum::<i64>());
    }

    #[test]
    fn a_file_of_sixteen_weights_is_a_four_by_four_board() {
        let text = "1 2 3 4\n5 6 7 8\n\n-1 0 0 0\n0 0 0 12\n";
        let w = Weights::parse("w", text).unwrap();
        assert_eq!(w.box_size(), 2);
        assert_eq!(w.values()[8], -1);
        assert_eq!(w.values()[15], 12);
    }

    #[test]
    fn bad_weights_are_located() {
        let e = Weights::parse("w", "1 2 3 4\n5 x 7 8\n").unwrap_err();
        let loc = e.location.unwrap();
        assert_eq!((loc.line, loc.column), (2, 3));
        assert!(e.message.contains("`x`"), "{}", e.message);
        let e = Weights::parse("w", "1 2 3\n").unwrap_err();
        assert!(e.message.contains("3 weights"), "{}", e.message);
        assert_eq!(e.location.unwrap().line, 1);
        let e = Weights::parse("w", &"1 ".repeat(15).replace("1 1", "1 99999999999")).unwrap_err();
        assert!(e.message.contains("beyond"), "{}", e.message);
        assert!(Weights::new(3, vec![0; 80]).is_err());
        assert!(Weights::new(3, vec![0; 81]).is_ok());
    }
}
