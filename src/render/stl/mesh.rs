//! A triangle mesh in millimetres: shared vertices and triangles by index, wound
//! counter-clockwise seen from outside (the right-hand normal points out). A mesh is
//! *closed* when every edge lies in exactly two triangles that run it in opposite
//! directions; then its signed volume (the divergence theorem over the triangles) is the
//! volume it encloses, positive for outward normals.

use std::collections::HashMap;

/// A point or a vector in millimetres: x, y (the picture's rows grow towards −y) and z up.
pub type Vec3 = [f64; 3];

/// Vertices and triangles.
#[derive(Clone, Debug, Default)]
pub struct Mesh {
    /// The vertices, in millimetres.
    pub vertices: Vec<Vec3>,
    /// Each triangle's three vertices, counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
}

impl Mesh {
    /// The volume enclosed, in mm³: the sum of the signed volumes of the tetrahedra from
    /// the origin to each triangle (exact for a closed mesh whatever the origin).
    pub fn signed_volume(&self) -> f64 {
        self.triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| self.vertices[i as usize]);
                dot(a, cross(b, c)) / 6.0
            })
            .sum()
    }

    /// The surface area, in mm².
    pub fn area(&self) -> f64 {
        self.triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| self.vertices[i as usize]);
                norm(cross(sub(b, a), sub(c, a))) / 2.0
            })
            .sum()
    }

    /// The edges that break closedness: a directed edge used other than once, or one
    /// whose reverse is not used exactly once. Empty for a closed mesh.
    pub fn open_edges(&self) -> Vec<(u32, u32)> {
        let mut uses: HashMap<(u32, u32), u32> = HashMap::new();
        for t in &self.triangles {
            for k in 0..3 {
                *uses.entry((t[k], t[(k + 1) % 3])).or_default() += 1;
            }
        }
        let mut open: Vec<(u32, u32)> = uses
            .iter()
            .filter(|&(&(a, b), &n)| n != 1 || uses.get(&(b, a)) != Some(&1))
            .map(|(&e, _)| e)
            .collect();
        open.sort_unstable();
        open
    }

    /// Whether every edge is in exactly two triangles, run in opposite directions, and no
    /// triangle repeats a vertex.
    pub fn is_closed(&self) -> bool {
        !self.triangles.is_empty()
            && self
                .triangles
                .iter()
                .all(|t| t[0] != t[1] && t[1] != t[2] && t[2] != t[0])
            && self.open_edges().is_empty()
    }

    /// The smallest box holding every vertex: `(min, max)`.
    pub fn bounds(&self) -> (Vec3, Vec3) {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for v in &self.vertices {
            for k in 0..3 {
                lo[k] = lo[k].min(v[k]);
                hi[k] = hi[k].max(v[k]);
            }
        }
        (lo, hi)
    }

    /// Moves every vertex by `d`.
    pub fn translate(&mut self, d: Vec3) {
        for v in &mut self.vertices {
            *v = add(*v, d);
        }
    }

    /// Appends `other`'s triangles (as a separate shell).
    pub fn append(&mut self, other: &Mesh) {
        let base = self.vertices.len() as u32;
        self.vertices.extend_from_slice(&other.vertices);
        self.triangles
            .extend(other.triangles.iter().map(|t| t.map(|i| i + base)));
    }
}

/// Builds a mesh whose vertices are found by a key: the same key, the same vertex, so
/// faces built separately share their edges.
#[derive(Debug, Default)]
pub struct MeshBuilder<K> {
    mesh: Mesh,
    index: HashMap<K, u32>,
}

impl<K: std::hash::Hash + Eq> MeshBuilder<K> {
    /// An empty mesh.
    pub fn new() -> MeshBuilder<K> {
        MeshBuilder {
            mesh: Mesh::default(),
            index: HashMap::new(),
        }
    }

    /// The vertex named `key`, made at `at` the first time.
    pub fn vertex(&mut self, key: K, at: Vec3) -> u32 {
        let mesh = &mut self.mesh;
        *self.index.entry(key).or_insert_with(|| {
            mesh.vertices.push(at);
            (mesh.vertices.len() - 1) as u32
        })
    }

    /// A triangle, unless two of its corners are one vertex (a side of zero length).
    pub fn triangle(&mut self, a: u32, b: u32, c: u32) {
        if a != b && b != c && c != a {
            self.mesh.triangles.push([a, b, c]);
        }
    }

    /// A convex polygon (corners counter-clockwise seen from outside) as a fan of
    /// triangles; repeated consecutive corners are dropped.
    pub fn polygon(&mut self, corners: &[u32]) {
        let mut ring: Vec<u32> = Vec::with_capacity(corners.len());
        for &c in corners {
            if ring.last() != Some(&c) {
                ring.push(c);
            }
        }
        while ring.len() > 1 && ring.first() == ring.last() {
            ring.pop();
        }
        for k in 1..ring.len().saturating_sub(1) {
            self.triangle(ring[0], ring[k], ring[k + 1]);
        }
    }

    /// The mesh built.
    pub fn finish(self) -> Mesh {
        self.mesh
    }
}

/// `a + b`.
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a − b`.
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `a` times `s`.
pub fn scale(a: Vec3, s: f64) -> Vec3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

/// The dot product.
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The cross product.
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The length of `a`.
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unit cube, six faces of two triangles.
    pub(crate) fn cube() -> Mesh {
        let mut b = MeshBuilder::new();
        let mut v = |x: i32, y: i32, z: i32| b.vertex((x, y, z), [x, y, z].map(f64::from));
        let c: Vec<u32> = (0..8).map(|k| v(k & 1, (k >> 1) & 1, k >> 2)).collect();
        for face in [
            [0, 2, 3, 1],
            [4, 5, 7, 6],
            [0, 1, 5, 4],
            [2, 6, 7, 3],
            [0, 4, 6, 2],
            [1, 3, 7, 5],
        ] {
            b.polygon(&face.map(|k| c[k]));
        }
        b.finish()
    }

    #[test]
    fn a_cube_is_closed_with_volume_one() {
        let m = cube();
        assert!(m.is_closed(), "{:?}", m.open_edges());
        assert!((m.signed_volume() - 1.0).abs() < 1e-12);
        assert!((m.area() - 6.0).abs() < 1e-12);
    }

    #[test]
    fn a_missing_or_flipped_face_is_open() {
        let mut m = cube();
        m.triangles.pop();
        assert!(!m.is_closed());
        let mut m = cube();
        m.triangles[0].swap(0, 1);
        assert!(!m.is_closed());
    }
}
