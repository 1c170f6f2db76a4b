//! Domino tilings of a plane board by Kasteleyn's determinant: the tilings by one kind
//! of two-cell piece (dominoes on squares, lozenges on triangles) are the perfect
//! matchings of the cells' adjacency graph, which is bipartite and planar, and their
//! number is |det K| for the biadjacency matrix K signed so that around every bounded
//! face of 2k edges the signs multiply to (−1)^(k+1) (Kasteleyn 1961; Temperley &
//! Fisher 1961; Kenyon, "Lectures on dimers", 2009). On squares a vertical edge in
//! column x is signed (−1)^x (a unit square's product is −1); on triangles, whose faces
//! are hexagons, every sign is +1. Those signs hold where every bounded face is a unit
//! face (the cells around one lattice point), which is checked by Euler's formula: the
//! bounded faces of the graph number E − V + C, and each lattice point all of whose
//! cells are open makes one. Boards with holes are left to the sweep.
//!
//! The determinant is taken modulo enough 62-bit primes for Hadamard's bound (a row has
//! at most 3 or 4 entries ±1, so |det| ≤ 2^n) and put together by the Chinese remainder
//! theorem; the cells are numbered along the board's short side, so K is banded and
//! each elimination costs n · band², not n³. Its cost follows the board, not the count:
//! the Aztec diamond of order 23 (1,104 cells, 2^276 tilings) takes milliseconds.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;

use crate::count::Count;
use crate::geom::{Cell, Grid};
use crate::model::Puzzle;

use super::error::CountStopped;
use super::modular::{self, inverse, mul, sub};

/// The most cells of one colour the determinant takes (a dense `n × n` table of words:
/// 128 MiB at most).
const MAX_CELLS: usize = 4096;

/// The number of tilings of `puzzle` by Kasteleyn's determinant, or `Ok(None)` when it
/// does not apply: not one kind of two-cell piece on squares or triangles with every
/// cell covered, a board with holes, or too many cells.
pub fn count_dimers(puzzle: &Puzzle, stop: &AtomicBool) -> Result<Option<Count>, CountStopped> {
    let board = &puzzle.board;
    let square = match board.grid {
        Grid::Square => true,
        Grid::Triangle => false,
        _ => return Ok(None),
    };
    let [piece] = &puzzle.set.pieces[..] else {
        return Ok(None);
    };
    let n = puzzle.open.len();
    if board.depth != 1
        || !board.cover_all_cells
        || piece.shape.len() != 2
        || n % 2 != 0
        || !(puzzle.least(0) as usize..=puzzle.remaining[0] as usize).contains(&(n / 2))
        || puzzle.has_crossing_rule()
    {
        return Ok(None);
    }
    // The cells along the short side, and the edges (the placements).
    let key = |c: Cell| {
        if board.width >= board.height {
            (c.x, c.y)
        } else {
            (c.y, c.x)
        }
    };
    let mut cells = puzzle.open.clone();
    cells.sort_by_key(|&c| key(c));
    let index: HashMap<Cell, usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(puzzle.placements.len());
    let mut adjacent = vec![Vec::new(); n];
    for p in &puzzle.placements {
        let (a, b) = (index[&p.cells[0]], index[&p.cells[1]]);
        edges.push((a, b));
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    // Two colours, and the components.
    let mut colour = vec![u8::MAX; n];
    let mut components = 0;
    for start in 0..n {
        if colour[start] != u8::MAX {
            continue;
        }
        components += 1;
        colour[start] = 0;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            for &w in &adjacent[v] {
                if colour[w] == u8::MAX {
                    colour[w] = 1 - colour[v];
                    stack.push(w);
                } else if colour[w] == colour[v] {
                    return Ok(None);
                }
            }
        }
    }
    if !faces_are_unit(puzzle, edges.len(), components) {
        return Ok(None);
    }
    let (mut row, mut col) = (vec![usize::MAX; n], vec![usize::MAX; n]);
    let (mut blacks, mut whites) = (0, 0);
    for v in 0..n {
        if colour[v] == 0 {
            row[v] = blacks;
            blacks += 1;
        } else {
            col[v] = whites;
            whites += 1;
        }
    }
    if blacks != whites {
        return Ok(Some(Count::ZERO));
    }
    if blacks > MAX_CELLS {
        return Ok(None);
    }
    let m = blacks;
    let mut entries: Vec<(usize, usize, bool)> = Vec::with_capacity(edges.len());
    for &(a, b) in &edges {
        let (black, white) = if colour[a] == 0 { (a, b) } else { (b, a) };
        let (cb, cw) = (cells[black], cells[white]);
        let negative = square && cb.x == cw.x && cb.x.rem_euclid(2) == 1;
        entries.push((row[black], col[white], negative));
    }
    let det = determinant(m, &entries, stop)?;
    Ok(Some(Count::from_big(det)))
}

/// Whether every bounded face of the cells' adjacency graph (`edges` edges,
/// `components` components) is the ring of cells around one lattice point.
fn faces_are_unit(puzzle: &Puzzle, edges: usize, components: usize) -> bool {
    let lattice = puzzle.board.lattice();
    let full = if puzzle.board.grid == Grid::Square {
        4
    } else {
        6
    };
    let mut around: HashMap<(i64, i64), u32> = HashMap::new();
    for &c in &puzzle.open {
        for p in lattice.polygon(c) {
            let at = ((p.0 * 8.0).round() as i64, (p.1 * 1024.0).round() as i64);
            *around.entry(at).or_default() += 1;
        }
    }
    let unit = around.values().filter(|&&k| k == full).count();
    edges + components == puzzle.open.len() + unit
}

/// |det K| for the `m × m` matrix whose entries are `entries` (row, column, negative),
/// ±1, every other 0.
fn determinant(
    m: usize,
    entries: &[(usize, usize, bool)],
    stop: &AtomicBool,
) -> Result<BigUint, CountStopped> {
    // Hadamard: a row of at most 4 entries ±1 has norm 2 at most, so |det| ≤ 2^m; the
    // primes' product must pass 2^(m + 1) to tell the sign.
    let primes: Vec<u64> = modular::primes().take((m + 1) / 61 + 1).collect();
    let mut value = BigUint::from(0u32);
    let mut modulus = BigUint::from(1u32);
    for &p in &primes {
        let r = det_mod(m, entries, p, stop)?;
        // Garner's step: value + modulus · t ≡ r (mod p).
        let v = (&value % p).iter_u64_digits().next().unwrap_or(0);
        let inv = inverse((&modulus % p).iter_u64_digits().next().unwrap_or(0), p);
        let t = mul(sub(r, v, p), inv, p);
        value += &modulus * t;
        modulus *= p;
    }
    // The determinant is the residue nearest 0; its size is the count.
    let half = &modulus >> 1;
    Ok(if value > half { modulus - value } else { value })
}

/// det K mod `p`, by Gaussian elimination within the band of the nonzero entries (with
/// row exchanges, which widen the band above by the band below).
fn det_mod(
    m: usize,
    entries: &[(usize, usize, bool)],
    p: u64,
    stop: &AtomicBool,
) -> Result<u64, CountStopped> {
    let mut a = vec![0u64; m * m];
    let (mut below, mut above) = (0usize, 0usize);
    for &(r, c, negative) in entries {
        a[r * m + c] = if negative { p - 1 } else { 1 };
        below = below.max(r.saturating_sub(c));
        above = above.max(c.saturating_sub(r));
    }
    let reach = above + below;
    let mut det = 1u64;
    for k in 0..m {
        if k % 64 == 0 && stop.load(Ordering::Relaxed) {
            return Err(CountStopped);
        }
        let last_row = (k + below).min(m - 1);
        let Some(pivot) = (k..=last_row).find(|&r| a[r * m + k] != 0) else {
            return Ok(0);
        };
        let last_col = (k + reach).min(m - 1);
        if pivot != k {
            for c in k..=last_col {
                a.swap(pivot * m + c, k * m + c);
            }
            det = p - det;
            if det == p {
                det = 0;
            }
        }
        let d = a[k * m + k];
        det = mul(det, d, p);
        let inv = inverse(d, p);
        for r in k + 1..=last_row {
            let f = a[r * m + k];
            if f == 0 {
                continue;
            }
            let f = mul(f, inv, p);
            for c in k..=last_col {
                let x = a[k * m + c];
                if x != 0 {
                    a[r * m + c] = sub(a[r * m + c], mul(f, x, p), p);
                }
            }
        }
    }
    Ok(det)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn determinants_of_small_matrices() {
        let go = AtomicBool::new(false);
        // [[1, 1], [1, -1]]: det −2.
        let e = [(0, 0, false), (0, 1, false), (1, 0, false), (1, 1, true)];
        assert_eq!(determinant(2, &e, &go).unwrap(), BigUint::from(2u32));
        // A permutation needing a row exchange: [[0, 1], [1, 0]], det −1.
        let e = [(0, 1, false), (1, 0, false)];
        assert_eq!(determinant(2, &e, &go).unwrap(), BigUint::from(1u32));
        // Singular.
        let e = [(0, 0, false), (0, 1, false), (1, 0, false), (1, 1, false)];
        assert_eq!(determinant(2, &e, &go).unwrap(), BigUint::from(0u32));
    }
}
