//! The point group of the hexagonal lattice, D6: 6 rotations by multiples of 60° and 6
//! reflections, as integer maps of coordinates `(i, j)` in the basis of two unit vectors
//! 60° apart. Both the hex grid (cell centres) and the triangle grid (triangle centroids,
//! scaled by 3) are points of this lattice, so both take their group from here.

/// The number of elements.
pub const ORDER: usize = 12;

/// Element `t`: `t < 6` is the rotation by `60° · t`; `t ≥ 6` is the reflection
/// `(i, j) ↦ (j, i)` followed by the rotation by `60° · (t − 6)`.
pub fn apply(t: usize, (mut i, mut j): (i32, i32)) -> (i32, i32) {
    if t >= 6 {
        (i, j) = (j, i);
    }
    for _ in 0..t % 6 {
        (i, j) = (-j, i + j);
    }
    (i, j)
}

/// Whether element `t` is a rotation.
pub fn is_rotation(t: usize) -> bool {
    t < 6
}

/// `r0`, `r60`, … `r300` for the rotations; `m0`, … `m5` for the reflections.
pub fn name(t: usize) -> String {
    if t < 6 {
        format!("r{}", 60 * t)
    } else {
        format!("m{}", t - 6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_are_distinct_and_keep_the_six_unit_vectors() {
        let units = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
        let mut seen = std::collections::HashSet::new();
        for t in 0..ORDER {
            let images: Vec<_> = units.iter().map(|&u| apply(t, u)).collect();
            assert!(images.iter().all(|v| units.contains(v)), "t = {t}");
            assert!(seen.insert(images));
        }
    }
}
