//! Binary STL: an 80-byte header, the number of triangles, then per triangle its unit
//! normal, its three corners (counter-clockwise seen from outside, so the normal follows
//! the right-hand rule) as little-endian `f32` millimetres, and two zero bytes.

use super::mesh::{cross, norm, scale, sub, Mesh};

/// `mesh` as a binary STL file whose header starts with `title` (cut to 80 bytes).
pub fn binary(mesh: &Mesh, title: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(84 + 50 * mesh.triangles.len());
    let mut header = [b' '; 80];
    // A header must not start with "solid", which readers take for ASCII STL.
    let title = format!("polyx {title}");
    let n = title.len().min(80);
    header[..n].copy_from_slice(&title.as_bytes()[..n]);
    out.extend_from_slice(&header);
    out.extend_from_slice(&(mesh.triangles.len() as u32).to_le_bytes());
    for t in &mesh.triangles {
        let [a, b, c] = t.map(|i| mesh.vertices[i as usize]);
        let n = cross(sub(b, a), sub(c, a));
        let length = norm(n);
        let unit = if length > 0.0 {
            scale(n, 1.0 / length)
        } else {
            n
        };
        for v in [unit, a, b, c] {
            for x in v {
                out.extend_from_slice(&(x as f32).to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_triangle_is_134_bytes() {
        let mesh = Mesh {
            vertices: vec![[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            triangles: vec![[0, 1, 2]],
        };
        let bytes = binary(&mesh, "t");
        assert_eq!(bytes.len(), 84 + 50);
        assert!(bytes.starts_with(b"polyx t "));
        assert_eq!(&bytes[80..84], &1u32.to_le_bytes());
        // The normal is +z.
        assert_eq!(&bytes[92..96], &1.0f32.to_le_bytes());
    }
}
