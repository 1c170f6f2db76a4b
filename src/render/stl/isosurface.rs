//! A closed mesh of the solid where a field is negative (a signed distance, say), by
//! marching tetrahedra: the field is sampled on a grid of points, each grid cube is cut
//! into six tetrahedra along its main diagonal (Kuhn's triangulation, the same in every
//! cube, so neighbouring cubes cut their shared faces alike), and each tetrahedron with
//! corners of both signs gets one triangle or two across the edges whose ends differ.
//! A vertex on an edge is one vertex for every tetrahedron that has the edge, so the mesh
//! is closed by construction; triangles are wound by the tetrahedron's orientation, so
//! normals point out. Each vertex is then moved along its edge to where the field is
//! zero (regula falsi), which puts it on the surface.

use std::collections::HashMap;

use super::mesh::{add, scale, sub, Mesh, Vec3};

/// The surface `field = 0` around the solid `field < 0` inside the box `lo..hi`, sampled
/// every `step` mm. The field must be positive on the box's faces.
pub fn surface(field: &dyn Fn(Vec3) -> f64, lo: Vec3, hi: Vec3, step: f64) -> Mesh {
    let n: [usize; 3] = std::array::from_fn(|a| ((hi[a] - lo[a]) / step).ceil() as usize + 1);
    let point = |i: [usize; 3]| -> Vec3 { std::array::from_fn(|a| lo[a] + i[a] as f64 * step) };
    let index = |i: [usize; 3]| (i[2] * n[1] + i[1]) * n[0] + i[0];
    // A value of exactly zero counts as outside, a little away from zero, so no vertex
    // lands on a grid point.
    let tiny = step * 1e-6;
    let mut values = vec![0.0; n[0] * n[1] * n[2]];
    for z in 0..n[2] {
        for y in 0..n[1] {
            for x in 0..n[0] {
                let v = field(point([x, y, z]));
                values[index([x, y, z])] = if v.abs() < tiny { tiny } else { v };
            }
        }
    }
    let tets = kuhn();
    let mut edges: HashMap<(usize, usize), u32> = HashMap::new();
    let mut mesh = Mesh::default();
    let mut vertex = |a: usize, b: usize, pa: Vec3, pb: Vec3, mesh: &mut Mesh| -> u32 {
        let k = if a < b { (a, b) } else { (b, a) };
        *edges.entry(k).or_insert_with(|| {
            mesh.vertices
                .push(root(field, pa, pb, values[a], values[b]));
            (mesh.vertices.len() - 1) as u32
        })
    };
    for z in 0..n[2] - 1 {
        for y in 0..n[1] - 1 {
            for x in 0..n[0] - 1 {
                let corner = |k: usize| [x + (k & 1), y + ((k >> 1) & 1), z + (k >> 2)];
                let ids: [usize; 8] = std::array::from_fn(|k| index(corner(k)));
                let inside: u8 = (0..8).map(|k| u8::from(values[ids[k]] < 0.0) << k).sum();
                if inside == 0 || inside == 255 {
                    continue;
                }
                for tet in &tets {
                    let v = tet.map(|k| ids[k]);
                    let p = tet.map(|k| point(corner(k)));
                    let neg = tet.map(|k| values[ids[k]] < 0.0);
                    let count = neg.iter().filter(|&&b| b).count();
                    let mut x =
                        |i: usize, j: usize, mesh: &mut Mesh| vertex(v[i], v[j], p[i], p[j], mesh);
                    match count {
                        1 | 3 => {
                            // The lone corner first, by an even permutation.
                            let lone = (0..4).find(|&k| neg[k] == (count == 1)).unwrap_or(0);
                            let [a, b, c, d] = EVEN_FIRST[lone];
                            let mut t =
                                [x(a, b, &mut mesh), x(a, c, &mut mesh), x(a, d, &mut mesh)];
                            if count == 3 {
                                t.swap(1, 2);
                            }
                            mesh.triangles.push(t);
                        }
                        2 => {
                            // Inside a, b and outside c, d, (a, b, c, d) even.
                            let first = (0..4).find(|&k| neg[k]).unwrap_or(0);
                            let mut order = EVEN_FIRST[first];
                            while !neg[order[1]] {
                                order = [order[0], order[2], order[3], order[1]];
                            }
                            let [a, b, c, d] = order;
                            let q = [
                                x(a, c, &mut mesh),
                                x(a, d, &mut mesh),
                                x(b, d, &mut mesh),
                                x(b, c, &mut mesh),
                            ];
                            mesh.triangles.push([q[0], q[1], q[2]]);
                            mesh.triangles.push([q[0], q[2], q[3]]);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    mesh
}

/// For each corner `k` of a tetrahedron, an even permutation of `0..4` that starts
/// with `k`.
const EVEN_FIRST: [[usize; 4]; 4] = [[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]];

/// The six tetrahedra of a cube (corner `k` at offset `(k & 1, k >> 1 & 1, k >> 2)`)
/// around its diagonal from corner 0 to corner 7, each positively oriented.
fn kuhn() -> [[usize; 4]; 6] {
    let offset = |k: usize| -> Vec3 { [(k & 1) as f64, ((k >> 1) & 1) as f64, (k >> 2) as f64] };
    let mut tets = [[0; 4]; 6];
    let axes = [
        [1, 2, 4],
        [1, 4, 2],
        [2, 1, 4],
        [2, 4, 1],
        [4, 1, 2],
        [4, 2, 1],
    ];
    for (t, [a, b, _]) in tets.iter_mut().zip(axes) {
        *t = [0, a, a | b, 7];
        let [p0, p1, p2, p3] = t.map(offset);
        let det = super::mesh::dot(sub(p1, p0), super::mesh::cross(sub(p2, p0), sub(p3, p0)));
        if det < 0.0 {
            t.swap(2, 3);
        }
    }
    tets
}

/// The point between `pa` (field `fa`) and `pb` (field `fb`, of the other sign) where
/// the field is zero, by regula falsi (Illinois), kept off the ends.
fn root(field: &dyn Fn(Vec3) -> f64, pa: Vec3, pb: Vec3, fa: f64, fb: f64) -> Vec3 {
    let at = |t: f64| add(pa, scale(sub(pb, pa), t));
    let (mut t0, mut t1, mut f0, mut f1) = (0.0, 1.0, fa, fb);
    let mut t = f0 / (f0 - f1);
    for _ in 0..16 {
        t = (t0 * f1 - t1 * f0) / (f1 - f0);
        let f = field(at(t));
        if f.abs() < 1e-9 {
            break;
        }
        if (f < 0.0) == (f0 < 0.0) {
            (t0, f0) = (t, f);
            f1 /= 2.0;
        } else {
            (t1, f1) = (t, f);
            f0 /= 2.0;
        }
    }
    at(t.clamp(1e-3, 1.0 - 1e-3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::stl::mesh::norm;

    #[test]
    fn a_sphere_is_closed_with_nearly_its_volume() {
        let r = 5.0;
        let mesh = surface(&|p| norm(p) - r, [-6.0; 3], [6.0; 3], 0.4);
        assert!(
            mesh.is_closed(),
            "{:?}",
            &mesh.open_edges()[..5.min(mesh.open_edges().len())]
        );
        let exact = 4.0 / 3.0 * std::f64::consts::PI * r.powi(3);
        let v = mesh.signed_volume();
        assert!(v < exact && v > 0.995 * exact, "{v} {exact}");
    }
}
