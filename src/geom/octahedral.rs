//! The point group of the cubic lattice, Oh: the 48 signed permutations of the three
//! axes, the 24 rotations (determinant +1) first, the identity first of all. The cube
//! grid acts with it on (column, row, layer); the sphere grid on the coordinates of the
//! face-centred cubic lattice that carries its packing.

/// The number of elements.
pub const ORDER: usize = 48;

/// One element: output axis `i` is `sign[i] ·` input axis `axis[i]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Element {
    axis: [usize; 3],
    sign: [i32; 3],
}

/// The six permutations of three axes, even ones first.
const PERMUTATIONS: [([usize; 3], i32); 6] = [
    ([0, 1, 2], 1),
    ([1, 2, 0], 1),
    ([2, 0, 1], 1),
    ([1, 0, 2], -1),
    ([0, 2, 1], -1),
    ([2, 1, 0], -1),
];

/// All 48 elements: for each determinant (+1, then −1), each permutation with each
/// choice of signs whose product makes that determinant.
const ELEMENTS: [Element; ORDER] = elements();

const fn elements() -> [Element; ORDER] {
    let mut out = [Element {
        axis: [0, 1, 2],
        sign: [1, 1, 1],
    }; ORDER];
    let mut k = 0;
    let mut det = 1;
    while det >= -1 {
        let mut p = 0;
        while p < PERMUTATIONS.len() {
            let (axis, parity) = PERMUTATIONS[p];
            let mut signs = 0;
            while signs < 8 {
                let sign = [
                    1 - 2 * (signs & 1),
                    1 - 2 * ((signs >> 1) & 1),
                    1 - 2 * ((signs >> 2) & 1),
                ];
                if parity * sign[0] * sign[1] * sign[2] == det {
                    out[k] = Element { axis, sign };
                    k += 1;
                }
                signs += 1;
            }
            p += 1;
        }
        det -= 2;
    }
    out
}

/// Element `t` applied to the point `v`.
pub fn apply(t: usize, v: [i32; 3]) -> [i32; 3] {
    let e = ELEMENTS[t];
    [0, 1, 2].map(|i| e.sign[i] * v[e.axis[i]])
}

/// Whether element `t` is a rotation.
pub fn is_rotation(t: usize) -> bool {
    t < ORDER / 2
}

/// The images of the axes, for people: `(x,y,z)` is the identity, `(-y,x,z)` a quarter
/// turn about the third axis.
pub fn name(t: usize) -> String {
    let e = ELEMENTS[t];
    let axis = |i: usize| {
        let sign = if e.sign[i] < 0 { "-" } else { "" };
        format!("{sign}{}", ["x", "y", "z"][e.axis[i]])
    };
    format!("({},{},{})", axis(0), axis(1), axis(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_are_distinct_with_24_rotations_and_the_identity_first() {
        let probe = [1, 2, 3];
        let images: std::collections::HashSet<_> = (0..ORDER).map(|t| apply(t, probe)).collect();
        assert_eq!(images.len(), ORDER);
        assert_eq!(apply(0, probe), probe);
        assert_eq!((0..ORDER).filter(|&t| is_rotation(t)).count(), 24);
        assert_eq!(name(0), "(x,y,z)");
    }
}
