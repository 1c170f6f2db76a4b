//! What each solution of a reduced search stands for. A search of the reduction's
//! allowed placements meets every class of solutions (and maybe other members of a
//! class, which [`Reduction::accepts`] rejects). In `reduce` mode an accepted solution
//! counts once; in `keep` mode it stands for its whole class: the group's order divided
//! by the order of its stabilizer when counting, the members of its orbit when listing.
//! Below a subproblem whose placements settle the check ([`Settled`]), every solution
//! counts the same and needs no look ([`Reduction::uniform_weight`]), which lets an
//! engine count without decoding its solutions.

use super::reduction::Reduction;

/// Which solutions count as different.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SymmetryMode {
    /// One solution per class of solutions that the board's symmetries map onto each other.
    Reduce,
    /// Every solution.
    Keep,
}

impl SymmetryMode {
    /// The mode's name on the command line (`--symmetry reduce|keep`).
    pub fn name(self) -> &'static str {
        match self {
            SymmetryMode::Reduce => "reduce",
            SymmetryMode::Keep => "keep",
        }
    }
}

/// What every solution below a subproblem of a search shares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Placements they all contain (the choices on the path, or fewer).
    pub placements: Vec<usize>,
    /// Whether they all place the reduction's second piece at the least of its images
    /// under the stabilizer of their restricted placement (the search is a part of
    /// [`Reduction::parts`] below symmetric representatives).
    pub second_least: bool,
}

/// What one solution found by a search of the reduction's placements stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Nothing: another member of its class is the one reported.
    Rejected,
    /// Itself alone.
    Itself,
    /// Its whole class ([`Reduction::class_size`], [`Reduction::members`]).
    Class,
}

impl Reduction {
    /// True when a search in `mode` meets every solution once (keep mode with no
    /// restricted piece): solutions need neither a check nor their class.
    pub fn searches_every_solution(&self, mode: SymmetryMode) -> bool {
        mode == SymmetryMode::Keep && self.piece.is_none()
    }

    /// What each solution below a subproblem that `settled` describes adds to the count
    /// in `mode`, if that is the same for all of them and needs no look at the rest of
    /// the solution (see [`Reduction::accepts_all_with`]); `None` otherwise.
    pub fn uniform_weight(&self, mode: SymmetryMode, settled: &Settled) -> Option<u64> {
        if self.searches_every_solution(mode) {
            return Some(1);
        }
        if !self.accepts_all_with(&settled.placements, settled.second_least) {
            return None;
        }
        Some(match mode {
            SymmetryMode::Reduce => 1,
            SymmetryMode::Keep => self.group.order() as u64,
        })
    }

    /// What the sorted `solution`, found by a search of the reduction's placements,
    /// stands for in `mode`.
    pub fn found(&self, mode: SymmetryMode, solution: &[usize], scratch: &mut Vec<usize>) -> Found {
        let every = self.searches_every_solution(mode);
        if !every && !self.accepts(solution, scratch) {
            Found::Rejected
        } else if every || mode == SymmetryMode::Reduce {
            Found::Itself
        } else {
            Found::Class
        }
    }

    /// The number of solutions in the class of the sorted `solution`.
    pub fn class_size(&self, solution: &[usize], scratch: &mut Vec<usize>) -> u64 {
        self.group.order() as u64 / self.group.stabilizer_order(solution, scratch)
    }

    /// The members of the class of the sorted `solution`, itself first, each sorted.
    pub fn members(&self, solution: &[usize]) -> Vec<Vec<usize>> {
        self.group.orbit(solution)
    }

    /// The member of the class of the sorted `solution` that a search in reduce mode
    /// reports: the one whose placements the reduction allows and that it accepts
    /// (exactly one member of each class is), sorted. Were there none, the least member
    /// (still one per class).
    pub fn representative(&self, solution: &[usize], scratch: &mut Vec<usize>) -> Vec<usize> {
        let mut members = self.members(solution);
        let allowed = |m: &Vec<usize>| m.iter().all(|&k| self.allowed[k]);
        match (members.iter()).position(|m| allowed(m) && self.accepts(m, scratch)) {
            Some(i) => members.swap_remove(i),
            None => members.into_iter().min().unwrap_or_default(),
        }
    }
}
