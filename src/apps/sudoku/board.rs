//! The candidate state of the target Sudoku's search: one bitmask of digits per cell (bit
//! d − 1 for digit d), and propagation to a fixed point. After [`Board::propagate`]
//! returns true, a cell with one candidate is placed, no peer of a placed cell keeps
//! its digit, and every digit still has a cell in every unit (naked and hidden singles;
//! Norvig's constraint propagation on bitmasks).

/// The units and peers of a board of box size b, as flat tables of cell indices.
#[derive(Clone, Debug)]
pub struct Board {
    side: usize,
    /// All n digits.
    full: u64,
    /// 3n units of n cells: rows, columns, boxes.
    units: Vec<u16>,
    /// The peers of each cell (same row, column or box), `peer_count` each.
    peers: Vec<u16>,
    peer_count: usize,
}

impl Board {
    /// The tables of a board of box size `b` (2 to 7).
    pub fn new(b: usize) -> Board {
        let n = b * b;
        let units: Vec<u16> = super::potentials::units(b)
            .into_iter()
            .flatten()
            .map(|i| i as u16)
            .collect();
        let peer_count = 2 * (n - 1) + (b - 1) * (b - 1);
        let mut peers = Vec::with_capacity(n * n * peer_count);
        for i in 0..n * n {
            let (r, c) = (i / n, i % n);
            let start = peers.len();
            for j in 0..n * n {
                let (rj, cj) = (j / n, j % n);
                let same_box = r / b == rj / b && c / b == cj / b;
                if j != i && (r == rj || c == cj || same_box) {
                    peers.push(j as u16);
                }
            }
            debug_assert_eq!(peers.len() - start, peer_count);
        }
        Board {
            side: n,
            full: if n == 64 { u64::MAX } else { (1 << n) - 1 },
            units,
            peers,
            peer_count,
        }
    }

    /// The side n.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The mask of all n digits.
    pub fn full(&self) -> u64 {
        self.full
    }

    /// The cells of unit `u` (rows 0..n, columns n..2n, boxes 2n..3n).
    pub fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    fn peers_of(&self, i: usize) -> &[u16] {
        &self.peers[i * self.peer_count..(i + 1) * self.peer_count]
    }

    /// The candidates of `cells` (0 empty): a given keeps its digit, an empty cell all;
    /// and the givens queued for [`Board::propagate`].
    pub fn start(&self, cells: &[u8], cand: &mut [u64], queue: &mut Vec<u16>) {
        queue.clear();
        for (i, (&d, c)) in cells.iter().zip(cand.iter_mut()).enumerate() {
            if d == 0 {
                *c = self.full;
            } else {
                *c = 1 << (d - 1);
                queue.push(i as u16);
            }
        }
    }

    /// Removes the digits of the queued (just placed) cells from their peers, places
    /// naked and hidden singles, until nothing changes. False on a contradiction (a cell
    /// or a unit's digit left with no place).
    pub fn propagate(&self, cand: &mut [u64], queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(i) = queue.pop() {
                let i = usize::from(i);
                let bit = cand[i];
                for &p in self.peers_of(i) {
                    let p = usize::from(p);
                    let c = cand[p];
                    if c & bit != 0 {
                        let c = c & !bit;
                        if c == 0 {
                            queue.clear();
                            return false;
                        }
                        cand[p] = c;
                        if c & (c - 1) == 0 {
                            queue.push(p as u16);
                        }
                    }
                }
            }
            for u in 0..3 * self.side {
                let cells = self.unit(u);
                let (mut once, mut twice) = (0u64, 0u64);
                for &i in cells {
                    let c = cand[usize::from(i)];
                    twice |= once & c;
                    once |= c;
                }
                if once != self.full {
                    return false;
                }
                let mut lone = once & !twice;
                while lone != 0 {
                    let bit = lone & lone.wrapping_neg();
                    lone ^= bit;
                    if let Some(&i) = cells.iter().find(|&&i| cand[usize::from(i)] & bit != 0) {
                        let c = &mut cand[usize::from(i)];
                        if *c != bit {
                            *c = bit;
                            queue.push(i);
                        }
                    }
                }
            }
            if queue.is_empty() {
                return true;
            }
        }
    }
}

/// The digit of a placed cell's mask (one bit).
pub fn digit(mask: u64) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// True if `mask` holds exactly one digit.
pub fn is_placed(mask: u64) -> bool {
    mask & (mask.wrapping_sub(1)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_and_units() {
        let board = Board::new(3);
        assert_eq!(board.peer_count, 20);
        assert_eq!(board.unit(0), &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(board.unit(9)[1], 9);
        assert_eq!(board.unit(18 + 4)[0], 30);
        assert_eq!(Board::new(7).full(), (1 << 49) - 1);
    }

    #[test]
    fn propagation_fills_an_easy_puzzle_and_finds_clashes() {
        let board = Board::new(3);
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let cells: Vec<u8> = text.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        let (mut cand, mut queue) = (vec![0; 81], Vec::new());
        board.start(&cells, &mut cand, &mut queue);
        assert!(board.propagate(&mut cand, &mut queue));
        let grid: Vec<u8> = cand.iter().map(|&m| digit(m)).collect();
        assert!(cand.iter().all(|&m| is_placed(m)));
        assert!(crate::apps::sudoku::is_valid_solution(3, &grid));
        let mut clash = vec![0; 81];
        clash[0] = 4;
        clash[80 - 8] = 4;
        board.start(&clash, &mut cand, &mut queue);
        assert!(!board.propagate(&mut cand, &mut queue));
    }
}
