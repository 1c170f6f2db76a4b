//! A restricted piece that the reflections swap with its mirror piece (a one-sided set
//! holding both twins): it is restricted under the rotations only, so each class of
//! solutions falls into (at most) two halves, the rotations' classes of a solution and
//! of its mirror image, and only the half whose representative is least is kept.

use super::group::Group;

/// The rotations (a normal subgroup of index 2) and one reflection, for a restricted
/// piece that the reflections map to its mirror piece.
#[derive(Clone, Debug)]
pub(super) struct Mirrored {
    pub rotations: Vec<usize>,
    pub reflection: usize,
    /// Per placement: is it a placement of the restricted piece?
    pub of_piece: Vec<bool>,
}

impl Mirrored {
    /// A solution found with the piece at a representative under the rotations stands for
    /// half of its class at most; the other half is the rotations' class of its mirror
    /// image. Accepts the solution if it is not greater than that half's representative
    /// (the least of its images with the piece at a representative placement).
    pub fn accepts(&self, group: &Group, solution: &[usize], scratch: &mut Vec<usize>) -> bool {
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
