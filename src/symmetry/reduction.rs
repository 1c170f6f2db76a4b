//! What `--symmetry reduce` does with the board's group (Knuth, "Dancing Links",
//! §"Symmetry"): one piece that every solution uses once and that every symmetry maps to
//! itself is restricted to one placement per orbit ([`super::restrict`]). Each class of
//! solutions then has its members with that piece at the representative placement `r`
//! forming one orbit of `r`'s stabilizer, so only when `r` is itself symmetric must a
//! solution be checked for being the least of its stabilizer orbit. There a second
//! piece, used once and mapped to itself, is restricted the same way under that
//! stabilizer ([`Reduction::parts`]): only solutions whose second piece sits at the
//! least of its images are kept, and the check remains for those where that placement
//! is symmetric too. When the reflections instead swap a one-sided piece with its mirror
//! piece, that piece is restricted under the rotations alone ([`super::mirrored`]).
//! Without either kind of piece every solution is checked against the whole group.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::model::Puzzle;

use super::group::Group;
use super::mirrored::Mirrored;
use super::restrict::{restricted_piece, second_piece, Candidate};

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

impl Reduction {
    /// The reduction of `puzzle`'s search under its symmetry group.
    pub fn new(puzzle: &Puzzle) -> Reduction {
        let group = Group::of(puzzle);
        let others: Vec<usize> = (1..group.order()).collect();
        let (best, mirrored) = match restricted_piece(puzzle, &group) {
            Some((best, mirrored)) => (Some(best), mirrored),
            None => (None, None),
        };
        let piece = best.as_ref().map(|&(_, k, _)| k);
        let (allowed, stabilizer) = restrict(puzzle, best);
        let second = match piece {
            Some(k) if mirrored.is_none() => second_piece(puzzle, &group, k, &stabilizer),
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

/// The placements allowed when the chosen piece (if any: its index and representatives)
/// keeps only its representatives, and each representative's stabilizer.
fn restrict(puzzle: &Puzzle, best: Option<Candidate>) -> (Vec<bool>, HashMap<usize, Vec<usize>>) {
    let mut allowed = vec![true; puzzle.placements.len()];
    let mut stabilizer = HashMap::new();
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
    (allowed, stabilizer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::samples::{eight_by_eight_square, scott};
    use crate::symmetry::restrict::{of_piece, representatives};

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
