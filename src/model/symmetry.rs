//! The board's symmetry group and what `--symmetry reduce` does with it.
//!
//! A symmetry is a square-grid transform that maps the board's frame onto itself (open,
//! blocked and pre-placed squares onto squares of the same kind) together with the
//! permutation of pieces it induces: free pieces, and one-sided pieces whose mirror image
//! is one of their rotations, map to themselves; any other one-sided piece under a
//! reflection maps to the piece of the set that is its mirror image (if there is none, or
//! more than one, the reflection is not a symmetry of the puzzle).
//!
//! Reduction (Knuth, "Dancing Links", §"Symmetry"): one piece that every solution uses
//! once and that every symmetry maps to itself is restricted to one placement per orbit.
//! Each class of solutions then has its members with that piece at the representative
//! placement `r` forming one orbit of `r`'s stabilizer, so only when `r` is itself
//! symmetric must a solution be checked for being the least of its stabilizer orbit.
//! There a second piece, used once and mapped to itself, is restricted the same way under
//! that stabilizer ([`Reduction::parts`]): only solutions whose second piece sits at the
//! least of its images are kept, and the check remains for those where that placement is
//! symmetric too. When the reflections instead swap a one-sided piece with its mirror piece, that piece
//! is restricted under the rotations alone, and of the (at most) two halves of a class
//! only the one whose representative is least is kept. Without either kind of piece
//! every solution is checked against the whole group.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::geom::{Cell, Transform};

use super::images::PlacementIndex;
use super::{Puzzle, Square};

/// One element of the group: a transform of the board and the piece permutation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    pub transform: Transform,
    /// Added after transforming a cell, so that the frame maps onto itself.
    pub shift: Cell,
    /// `pieces[p]` is the piece that piece `p` becomes.
    pub pieces: Vec<usize>,
}

impl Symmetry {
    pub fn map(&self, c: Cell) -> Cell {
        let t = self.transform.apply(c);
        Cell::new(t.x + self.shift.x, t.y + self.shift.y)
    }
}

/// The symmetry group of a puzzle and the placement images under it.
#[derive(Clone, Debug)]
pub struct Group {
    /// The identity first.
    pub elements: Vec<Symmetry>,
    /// `images[g][k]`: the placement that placement `k` becomes under element `g`.
    pub images: Vec<Vec<u32>>,
}

impl Group {
    /// The symmetries of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> Group {
        let board = &puzzle.board;
        let frame: Vec<Cell> = board
            .cells()
            .filter(|&c| board.square(c) != Square::Outside)
            .collect();
        let min = |f: &dyn Fn(&Cell) -> i32| frame.iter().map(f).min().unwrap_or(0);
        let (min_x, min_y) = (min(&|c| c.x), min(&|c| c.y));
        let mut elements = Vec::new();
        for t in Transform::ALL {
            let Some(pieces) = piece_map(puzzle, t) else {
                continue;
            };
            let images: Vec<Cell> = frame.iter().map(|&c| t.apply(c)).collect();
            let shift = Cell::new(
                min_x - images.iter().map(|c| c.x).min().unwrap_or(0),
                min_y - images.iter().map(|c| c.y).min().unwrap_or(0),
            );
            let g = Symmetry {
                transform: t,
                shift,
                pieces,
            };
            let label = |p: usize| puzzle.set.pieces[p].label;
            let same = frame.iter().all(|&c| {
                let (from, to) = (board.square(c), board.square(g.map(c)));
                match (from, to) {
                    (Square::Preplaced(a), Square::Preplaced(b)) => {
                        match (puzzle.set.by_label(a), puzzle.set.by_label(b)) {
                            (Some(pa), Some(_)) => label(g.pieces[pa]) == b,
                            _ => false,
                        }
                    }
                    (a, b) => a == b,
                }
            });
            if same {
                elements.push(g);
            }
        }
        let index = PlacementIndex::new(puzzle);
        let mut images: Vec<Vec<u32>> = Vec::with_capacity(elements.len());
        for g in &elements {
            // An element that is `a ∘ b` for two found before it maps each placement as
            // `b` then `a` do (its shift and piece permutation follow from its transform).
            let found = 1..images.len();
            let parts = found.clone().find_map(|a| {
                let ta = elements[a].transform;
                (found.clone())
                    .find(|&b| ta.after(elements[b].transform) == g.transform)
                    .map(|b| (a, b))
            });
            images.push(match parts {
                Some((a, b)) => images[b].iter().map(|&k| images[a][k as usize]).collect(),
                None => index.images(g),
            });
        }
        Group { elements, images }
    }

    pub fn order(&self) -> usize {
        self.elements.len()
    }

    /// The image of a solution (placement indices) under element `g`, sorted.
    pub fn image(&self, g: usize, solution: &[usize], out: &mut Vec<usize>) {
        out.clear();
        out.extend(solution.iter().map(|&k| self.images[g][k] as usize));
        out.sort_unstable();
    }

    /// The distinct images of a sorted solution, itself first.
    pub fn orbit(&self, solution: &[usize]) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = vec![solution.to_vec()];
        let mut image = Vec::new();
        for g in 1..self.order() {
            self.image(g, solution, &mut image);
            if !out.contains(&image) {
                out.push(image.clone());
            }
        }
        out
    }

    /// True if the sorted `solution` is the least of its images under the elements `gs`.
    pub fn is_least(&self, solution: &[usize], gs: &[usize], scratch: &mut Vec<usize>) -> bool {
        gs.iter().all(|&g| {
            self.image(g, solution, scratch);
            solution <= &scratch[..]
        })
    }
}

/// The piece permutation that transform `t` induces, if every piece has an image.
fn piece_map(puzzle: &Puzzle, t: Transform) -> Option<Vec<usize>> {
    let set = &puzzle.set;
    set.pieces
        .iter()
        .enumerate()
        .map(|(k, p)| {
            if p.mirror || t.is_rotation() {
                return Some(k);
            }
            let want = p.shape.transformed(t).canonical(true);
            if want == p.canonical() {
                // Its mirror image is one of its rotations: it stays itself, even when
                // the set holds other one-sided copies of the same shape.
                return Some(k);
            }
            let mut found = set.pieces.iter().enumerate().filter(|(j, q)| {
                !q.mirror
                    && q.count == p.count
                    && puzzle.remaining[*j] == puzzle.remaining[k]
                    && q.canonical() == want
            });
            let first = found.next().map(|(j, _)| j);
            if found.next().is_some() {
                None
            } else {
                first
            }
        })
        .collect()
}

/// How `--symmetry reduce` prunes the search for one puzzle.
#[derive(Clone, Debug)]
pub struct Reduction {
    pub group: Group,
    /// The restricted piece, if there is a suitable one.
    pub piece: Option<usize>,
    /// Per placement: may it appear in the reduced search?
    pub allowed: Vec<bool>,
    /// Per placement of the restricted piece that is a representative: the non-identity
    /// elements that fix it (empty for most).
    pub stabilizer: HashMap<usize, Vec<usize>>,
    /// The non-identity elements, for the check without a restricted piece.
    others: Vec<usize>,
    /// A second piece (used once, mapped to itself by every symmetry) restricted below
    /// the representatives that a symmetry fixes: there only its placements that are the
    /// least of their images under that representative's stabilizer are needed (see
    /// [`Reduction::parts`]), and per placement, whether it is one of this piece's.
    pub second: Option<usize>,
    of_second: Vec<bool>,
    /// The representatives whose stabilizer fixes no placement of the second piece
    /// that is the least of its images under it ([`Reduction::accepts_all_with`] asks
    /// once per task, and the answer takes a pass over every placement).
    never_fixed: HashSet<usize>,
    /// Set when the restricted piece is one-sided and the reflections swap it with its
    /// mirror piece: it is then restricted under the rotations only, and each class's two
    /// halves are told apart by [`Mirrored`].
    mirrored: Option<Mirrored>,
}

/// The rotations (a normal subgroup of index 2) and one reflection, for a restricted
/// piece that the reflections map to its mirror piece.
#[derive(Clone, Debug)]
struct Mirrored {
    rotations: Vec<usize>,
    reflection: usize,
    /// Per placement: is it a placement of the restricted piece?
    of_piece: Vec<bool>,
}

impl Reduction {
    pub fn new(puzzle: &Puzzle) -> Reduction {
        let group = Group::of(puzzle);
        let others: Vec<usize> = (1..group.order()).collect();
        // The piece with the least cost, the first of equals, with its representatives.
        // The cost is the piece's number of placements: the search branches on the
        // restricted piece first, and the piece with the fewest placements is the most
        // constrained (Knuth restricts X), which leaves the smallest trees below its
        // representatives (8x8-square: X 7.6 M nodes, I 8.8 M, 0.42 s against 0.50 s;
        // NOI2005: J 2.9 M, D 7.5 M). Ties go to fewer representatives, symmetric ones
        // counting twice (their subtrees are searched whole).
        let mut best: Option<Candidate> = None;
        if group.order() > 1 && puzzle.board.use_all_pieces {
            for (k, &r) in puzzle.remaining.iter().enumerate() {
                let fixed_by_all = group.elements.iter().all(|g| g.pieces[k] == k);
                if r == 1 && fixed_by_all {
                    let reps = || representatives(puzzle, &group, k);
                    offer(&mut best, k, of_piece(puzzle, k).len(), reps);
                }
            }
        }
        let mut mirrored = None;
        if best.is_none() && group.order() > 1 && puzzle.board.use_all_pieces {
            let rotations: Vec<usize> = (0..group.order())
                .filter(|&g| group.elements[g].transform.is_rotation())
                .collect();
            let reflections: Vec<usize> = (0..group.order())
                .filter(|&g| !group.elements[g].transform.is_rotation())
                .collect();
            for (k, &r) in puzzle.remaining.iter().enumerate() {
                let swapped = reflections.first().map(|&g| group.elements[g].pieces[k]);
                let qualifies = r == 1
                    && swapped.is_some_and(|m| m != k)
                    && reflections
                        .iter()
                        .all(|&g| Some(group.elements[g].pieces[k]) == swapped);
                if qualifies {
                    let reps = || representatives_in(puzzle, &group, k, &rotations);
                    offer(&mut best, k, of_piece(puzzle, k).len(), reps);
                }
            }
            if let Some(&(_, k, _)) = best.as_ref() {
                mirrored = Some(Mirrored {
                    reflection: reflections[0],
                    rotations,
                    of_piece: puzzle.placements.iter().map(|p| p.piece == k).collect(),
                });
            }
        }
        let mut allowed = vec![true; puzzle.placements.len()];
        let mut stabilizer = HashMap::new();
        let piece = best.as_ref().map(|&(_, k, _)| k);
        if let Some((_, k, reps)) = best {
            for (index, p) in puzzle.placements.iter().enumerate() {
                if p.piece == k {
                    allowed[index] = false;
                }
            }
            for (rep, stab) in reps {
                allowed[rep] = true;
                stabilizer.insert(rep, stab);
            }
        }
        // Below a representative that symmetries fix, the solutions come in pairs (or
        // more) that those symmetries swap; a second piece tells them apart, which lets
        // the search skip half of them (without the memo, 8x8-square: 8.8 M nodes in one
        // tree, 6.7 M in its parts; Scott's board: 79 k and 59 k).
        // The second piece is the one with the fewest placements that those symmetries
        // fix (their solutions still need a check, and only they are not halved), then
        // the fewest placements (8x8-square, without the memo: I, none of whose
        // placements a diagonal reflection fixes, 6.7 M nodes; the 2x2 square, 7 of 49
        // fixed, 7.6 M).
        let symmetric: Vec<usize> = (stabilizer.values().flatten().copied())
            .collect::<std::collections::BTreeSet<usize>>()
            .into_iter()
            .collect();
        let second = match piece {
            Some(k) if !symmetric.is_empty() && mirrored.is_none() => (0..puzzle.set.pieces.len())
                .filter(|&j| {
                    j != k
                        && puzzle.remaining[j] == 1
                        && group.elements.iter().all(|g| g.pieces[j] == j)
                })
                .min_by_key(|&j| {
                    let of_j = of_piece(puzzle, j);
                    let fixed = (of_j.clone())
                        .filter(|&x| symmetric.iter().any(|&h| group.images[h][x] as usize == x))
                        .count();
                    (fixed, of_j.len())
                }),
            _ => None,
        };
        let of_second = match second {
            Some(q) => puzzle.placements.iter().map(|p| p.piece == q).collect(),
            None => Vec::new(),
        };
        let mut reduction = Reduction {
            group,
            piece,
            allowed,
            stabilizer,
            others,
            mirrored,
            second,
            of_second,
            never_fixed: HashSet::new(),
        };
        if reduction.second.is_some() {
            reduction.never_fixed = (reduction.stabilizer.iter())
                .filter(|(_, stab)| !stab.is_empty() && reduction.second_never_fixed(stab))
                .map(|(&rep, _)| rep)
                .collect();
        }
        reduction
    }

    /// The reduced search as one or more searches, each with its allowed placements,
    /// whose solutions together are those the reduction accepts (and maybe others it
    /// rejects). With a second piece: one search with the representatives that no
    /// symmetry fixes, then one per stabilizer among the others, with those
    /// representatives only and the second piece only at placements that are the least
    /// of their images under that stabilizer (and, for a single representative, without
    /// the placements that overlap it: smaller tables). Otherwise the one search of
    /// [`Reduction::allowed`].
    pub fn parts(&self, puzzle: &Puzzle) -> Vec<Vec<bool>> {
        if self.second.is_none() {
            return vec![self.allowed.clone()];
        }
        let mut by_stabilizer: BTreeMap<&[usize], Vec<usize>> = BTreeMap::new();
        for (&rep, stab) in &self.stabilizer {
            if !stab.is_empty() {
                by_stabilizer.entry(stab).or_default().push(rep);
            }
        }
        let mut first = self.allowed.clone();
        for rep in by_stabilizer.values().flatten() {
            first[*rep] = false;
        }
        let mut parts = vec![first];
        for (stab, reps) in &by_stabilizer {
            let mut part = self.allowed.clone();
            for &other in self.stabilizer.keys() {
                part[other] = reps.contains(&other);
            }
            let alone = match reps[..] {
                [rep] => Some((rep, &puzzle.placements[rep].cells)),
                _ => None,
            };
            for (x, allowed) in part.iter_mut().enumerate() {
                let overlaps = || {
                    alone.is_some_and(|(rep, cells)| {
                        x != rep && (puzzle.placements[x].cells.iter()).any(|c| cells.contains(c))
                    })
                };
                if self.of_second[x] && !self.least_below(stab, x) || overlaps() {
                    *allowed = false;
                }
            }
            parts.push(part);
        }
        parts
    }

    /// What a search of each of `parts` (from [`Reduction::parts`]) can branch on
    /// first, level by level: its placements of the restricted piece, then, with
    /// `second` and in the parts below symmetric representatives (all but the first),
    /// its placements of the second piece. Both pieces are used exactly once, and a
    /// part allows the same placements of every other piece as the whole reduction but
    /// those that overlap its one representative (which, placed first, rules them out
    /// anyway); so a search of the whole reduction's placements that branches first on
    /// these lists finds exactly the part's solutions (without `second`, only if it
    /// allows just the part's placements of the second piece).
    pub fn firsts(
        &self,
        puzzle: &Puzzle,
        parts: &[Vec<bool>],
        second: bool,
    ) -> Vec<Vec<Vec<usize>>> {
        let of = |part: &[bool], piece: Option<usize>| -> Vec<usize> {
            (0..part.len())
                .filter(|&k| part[k] && Some(puzzle.placements[k].piece) == piece)
                .collect()
        };
        (parts.iter().enumerate())
            .map(|(i, part)| {
                let mut firsts = vec![of(part, self.piece)];
                if second && i > 0 {
                    firsts.push(of(part, self.second));
                }
                firsts
            })
            .collect()
    }

    /// Does no element of `stab` fix a placement of the second piece that is the least
    /// of its images under `stab`?
    fn second_never_fixed(&self, stab: &[usize]) -> bool {
        (self.of_second.iter().enumerate())
            .filter(|&(x, &of)| of && self.least_below(stab, x))
            .all(|(x, _)| stab.iter().all(|&h| self.group.images[h][x] as usize != x))
    }

    /// Is placement `x` the least of its images under the elements `stab`?
    fn least_below(&self, stab: &[usize], x: usize) -> bool {
        stab.iter().all(|&h| self.group.images[h][x] as usize >= x)
    }

    /// True when the reduced search accepts every solution that contains the placements
    /// `fixed` (some of them, in any order), each alone in its class: the group is
    /// trivial, or `fixed` holds a representative of the restricted piece that no
    /// symmetry fixes (and the piece is not one-sided). Such solutions need no check and
    /// each stands for `order` solutions, so counting them needs no placements.
    /// With a second piece, also a symmetric representative together with a placement
    /// of the second piece that is less than all its images under the representative's
    /// stabilizer; or, when the search allows only second-piece placements that are the
    /// least of their images (`second_least`, a part of [`Reduction::parts`]), a
    /// symmetric representative whose stabilizer fixes none of those.
    pub fn accepts_all_with(&self, fixed: &[usize], second_least: bool) -> bool {
        if self.group.order() == 1 {
            return true;
        }
        if self.mirrored.is_some() {
            return false;
        }
        fixed.iter().any(|k| match self.stabilizer.get(k) {
            Some(stab) if stab.is_empty() => true,
            Some(stab) => {
                self.second.is_some()
                    && (second_least && self.never_fixed.contains(k)
                        || fixed.iter().any(|&x| {
                            self.of_second[x]
                                && stab.iter().all(|&h| self.group.images[h][x] as usize > x)
                        }))
            }
            None => false,
        })
    }

    /// Does the reduced search report this solution (sorted placement indices)? Exactly
    /// one solution of each class is accepted.
    pub fn accepts(&self, solution: &[usize], scratch: &mut Vec<usize>) -> bool {
        if self.group.order() == 1 {
            return true;
        }
        match self.piece {
            Some(_) => {
                let stab = solution
                    .iter()
                    .find_map(|k| self.stabilizer.get(k))
                    .expect("every reduced solution uses the restricted piece");
                if !stab.is_empty() {
                    // With a second piece: its placement must be the least of its images
                    // under the stabilizer, and the solution the least of its images
                    // under the elements that fix that placement too.
                    let fixing: Vec<usize> = match self.second {
                        Some(_) => {
                            let &x = (solution.iter())
                                .find(|&&x| self.of_second[x])
                                .expect("every reduced solution uses the second piece");
                            if !self.least_below(stab, x) {
                                return false;
                            }
                            (stab.iter().copied())
                                .filter(|&h| self.group.images[h][x] as usize == x)
                                .collect()
                        }
                        None => stab.clone(),
                    };
                    if !self.group.is_least(solution, &fixing, scratch) {
                        return false;
                    }
                }
                match &self.mirrored {
                    None => true,
                    Some(m) => m.accepts(&self.group, solution, scratch),
                }
            }
            None => self.group.is_least(solution, &self.others, scratch),
        }
    }
}

/// Placements that represent their orbit, each with its stabilizer's non-identity elements.
type Representatives = Vec<(usize, Vec<usize>)>;

/// A piece to restrict: its cost (placements, then representatives with symmetric ones
/// counted twice), its index and its representatives.
type Candidate = ((usize, usize), usize, Representatives);

/// Makes piece `k`, with `placements` placements, the `best` candidate if its cost is
/// less. A piece with more placements than the best so far cannot win, so its
/// representatives (`reps`: them and how many are symmetric) are not found (Scott's
/// board: 3 pieces' of 12, `Reduction::new` 938 k -> 733 k instructions).
fn offer(
    best: &mut Option<Candidate>,
    k: usize,
    placements: usize,
    reps: impl FnOnce() -> (Representatives, usize),
) {
    if best.as_ref().is_some_and(|b| placements > b.0 .0) {
        return;
    }
    let (reps, symmetric) = reps();
    let cost = (placements, reps.len() + 2 * symmetric);
    if best.as_ref().is_none_or(|b| cost < b.0) {
        *best = Some((cost, k, reps));
    }
}

/// The indices of piece `k`'s placements (they are sorted by piece): found by two
/// binary searches, not a pass over every placement (Scott's board: `Reduction::new`
/// 1.44 M instructions with two passes per candidate second piece, 1.13 M without).
fn of_piece(puzzle: &Puzzle, k: usize) -> std::ops::Range<usize> {
    let first = puzzle.placements.partition_point(|p| p.piece < k);
    first..first + puzzle.placements[first..].partition_point(|p| p.piece <= k)
}

/// One placement of piece `k` per orbit (the least index), each with its stabilizer's
/// non-identity elements; and how many of them have a non-trivial stabilizer.
fn representatives(puzzle: &Puzzle, group: &Group, k: usize) -> (Representatives, usize) {
    let all: Vec<usize> = (0..group.order()).collect();
    representatives_in(puzzle, group, k, &all)
}

/// [`representatives`] under the elements `gs` (a subgroup, the identity first).
fn representatives_in(
    puzzle: &Puzzle,
    group: &Group,
    k: usize,
    gs: &[usize],
) -> (Representatives, usize) {
    let mut reps = Vec::new();
    let mut symmetric = 0;
    for index in of_piece(puzzle, k) {
        let orbit_min = gs
            .iter()
            .map(|&g| group.images[g][index] as usize)
            .min()
            .expect("the identity");
        if orbit_min != index {
            continue;
        }
        let stab: Vec<usize> = gs
            .iter()
            .copied()
            .filter(|&g| g != 0 && group.images[g][index] as usize == index)
            .collect();
        if !stab.is_empty() {
            symmetric += 1;
        }
        reps.push((index, stab));
    }
    (reps, symmetric)
}

impl Mirrored {
    /// A solution found with the piece at a representative under the rotations stands for
    /// half of its class at most; the other half is the rotations' class of its mirror
    /// image. Accepts the solution if it is not greater than that half's representative
    /// (the least of its images with the piece at a representative placement).
    fn accepts(&self, group: &Group, solution: &[usize], scratch: &mut Vec<usize>) -> bool {
        let mut mirror = Vec::with_capacity(solution.len());
        group.image(self.reflection, solution, &mut mirror);
        let at = *mirror
            .iter()
            .find(|&&p| self.of_piece[p])
            .expect("the mirror image places the restricted piece");
        let rep = self
            .rotations
            .iter()
            .map(|&h| group.images[h][at])
            .min()
            .expect("the identity");
        self.rotations
            .iter()
            .filter(|&&h| group.images[h][at] == rep)
            .all(|&h| {
                group.image(h, &mirror, scratch);
                solution <= &scratch[..]
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::samples::{eight_by_eight_square, scott};

    #[test]
    fn a_candidate_wins_on_placements_then_representatives_and_losers_are_not_weighed() {
        let reps =
            |n: usize, symmetric: usize| move || ((0..n).map(|i| (i, vec![])).collect(), symmetric);
        let never = || -> (Representatives, usize) { panic!("a sure loser was weighed") };
        let mut best = None;
        offer(&mut best, 0, 10, reps(3, 0));
        offer(&mut best, 1, 12, never);
        assert_eq!(best.as_ref().map(|b| b.1), Some(0));
        // Equal placements: fewer representatives (symmetric ones twice) win, the first
        // of equals stays.
        offer(&mut best, 2, 10, reps(1, 1));
        assert_eq!(best.as_ref().map(|b| b.1), Some(0));
        offer(&mut best, 3, 10, reps(2, 0));
        assert_eq!(best.as_ref().map(|b| (b.0, b.1)), Some(((10, 2), 3)));
        // One placement fewer wins, however many representatives.
        offer(&mut best, 4, 9, reps(40, 5));
        assert_eq!(best.as_ref().map(|b| (b.0, b.1)), Some(((9, 50), 4)));
    }

    #[test]
    fn the_restricted_piece_is_the_cheapest_of_all_candidates() {
        // `offer` skips pieces whose placements already lose: the choice must be the
        // one a look at every candidate's full cost makes (the first of equals).
        let noi = crate::model::library::load_puzzle("noi2005", None)
            .map(|(b, s)| Puzzle::new(b, s).expect("valid"))
            .expect("a built-in board");
        for p in [scott(), eight_by_eight_square(), noi] {
            let group = Group::of(&p);
            let cost = |k: usize| {
                let (reps, symmetric) = representatives(&p, &group, k);
                (of_piece(&p, k).len(), reps.len() + 2 * symmetric)
            };
            let fixed = |k: usize| group.elements.iter().all(|g| g.pieces[k] == k);
            let cheapest = (0..p.set.pieces.len())
                .filter(|&k| p.remaining[k] == 1 && fixed(k))
                .min_by_key(|&k| (cost(k), k));
            assert!(cheapest.is_some(), "{}", p.board.name);
            assert_eq!(Reduction::new(&p).piece, cheapest, "{}", p.board.name);
        }
    }

    #[test]
    fn each_pieces_placements_are_one_range() {
        // `of_piece` finds a piece's placements by binary search, which holds because
        // they are sorted by piece: the same indices as a pass over all of them, also
        // with pre-placed pieces (NOI2005's sample: some pieces have none left) and
        // copies (dominoes).
        let sample = crate::model::library::load_puzzle("noi2005-sample", None)
            .map(|(b, s)| Puzzle::new(b, s).expect("valid"))
            .expect("a built-in board");
        let dominoes = crate::bitboard::samples::domino_rectangle(4, 4);
        for p in [scott(), eight_by_eight_square(), sample, dominoes] {
            let mut empty = 0;
            for k in 0..p.set.pieces.len() {
                let pass: Vec<usize> = (0..p.placements.len())
                    .filter(|&i| p.placements[i].piece == k)
                    .collect();
                assert_eq!(of_piece(&p, k).collect::<Vec<_>>(), pass, "piece {k}");
                empty += usize::from(pass.is_empty());
            }
            assert_eq!(
                empty > 0,
                p.board.name == "noi2005-sample",
                "{}",
                p.board.name
            );
        }
    }

    #[test]
    fn the_stabilizers_that_fix_no_least_second_placement_are_found_once_and_right() {
        // Asked once per task by `accepts_all_with`, answered when the reduction is
        // made: the same answer as the pass over every placement, and on Scott's board
        // and 8x8-square some representative has it.
        let mut found = 0;
        for p in [scott(), eight_by_eight_square()] {
            let r = Reduction::new(&p);
            assert!(r.second.is_some());
            for (rep, stab) in r.stabilizer.iter().filter(|(_, s)| !s.is_empty()) {
                assert_eq!(r.never_fixed.contains(rep), r.second_never_fixed(stab));
                found += usize::from(r.never_fixed.contains(rep));
            }
        }
        assert!(found > 0);
    }
}
