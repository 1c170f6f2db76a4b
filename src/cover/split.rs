//! The state of a search as the list of choices made: a choice is the position of the
//! option tried among the options of the item chosen at that level. Because X3 is
//! deterministic, a list of positions names exactly one node of the search tree, and
//! the engine can re-enter it by replaying the choices ([`super::Search::run_from`]).
//!
//! A [`Subproblem`] is the subtree below such a node: parallel workers, shards and
//! checkpoints all deal in them. A [`Resume`] is a point inside a subtree where a run
//! stopped. Searching every subproblem of a split, in order, visits exactly the nodes and
//! solutions of the unsplit search, in the same order.

use serde::{Deserialize, Serialize};

/// The subtree below a node of the search tree, named by its path of positions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Subproblem {
    /// The position of the option chosen at each level, from the root.
    pub path: Vec<u32>,
}

impl Subproblem {
    /// The whole search tree.
    pub fn root() -> Subproblem {
        Subproblem { path: Vec::new() }
    }
}

/// Where a stopped run can go on: the path of the node it stopped at, and whether that
/// node was already visited (a solution the visitor stopped at) or not (a tick).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resume {
    /// The node the run stopped at, as a [`Subproblem`] path.
    pub path: Vec<u32>,
    /// Whether that node was already visited (the run stopped at a solution there).
    pub visited: bool,
}

#[cfg(test)]
mod tests {
    use super::super::{Problem, Search};
    use super::*;
    use std::ops::ControlFlow;

    /// The 4-queens-like toy from Knuth's paper, plus a few more options.
    fn toy() -> Problem {
        let mut p = Problem::new();
        let items: Vec<_> = "abcdefg".chars().map(|c| p.add_primary(c)).collect();
        let rows: [&[usize]; 8] = [
            &[2, 4],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
            &[0, 3],
            &[1, 2, 4, 5, 6],
        ];
        for r in rows {
            let ids: Vec<_> = r.iter().map(|&i| items[i]).collect();
            p.add_option(&ids).unwrap();
        }
        p
    }

    #[test]
    fn split_subproblems_add_up_to_the_whole() {
        let p = toy();
        let mut whole = Search::new(&p);
        let all = whole.solutions(usize::MAX);
        let whole_stats = whole.stats();
        for depth in 0..4 {
            let mut s = Search::new(&p);
            let subs = s.split(&Subproblem::root(), depth).unwrap();
            let mut found = Vec::new();
            for sub in &subs {
                s.run_from(sub, None, &mut |v: &super::super::Visit<'_>| {
                    found.push(v.options());
                    ControlFlow::Continue(())
                })
                .unwrap();
            }
            assert_eq!(found, all, "depth {depth}");
            assert_eq!(s.stats().nodes, whole_stats.nodes, "depth {depth}");
        }
    }
}
