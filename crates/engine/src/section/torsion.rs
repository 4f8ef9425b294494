//! Torsion and warping constants of the section, with an estimate of their error: the warping
//! function is solved on a quality mesh and again on the same mesh with every triangle split in four,
//! and the change between the two is the estimate. The finer result is the one reported: J from
//! the warping-function formulation only falls as a mesh is refined (ωᵀKω only grows on nested
//! meshes), and it falls by less on the second halving than on the first once the error shrinks at
//! least in proportion to the triangles' size, so the change bounds what the finer mesh has left.

use serde::Serialize;

use super::mesh::{self, Triangulation, Unmeshed};
use super::shapes::Piece;
use super::union::Material;
use super::warping;

/// Warping constant and shear centre of one solid section.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Warping {
    /// Warping constant about the shear centre (length⁶).
    pub cw: f64,
    /// How much Cw changed between the mesh and its halving.
    pub cw_change: f64,
    /// Trefftz's shear centre `[x, y]`, in the coordinates of the shapes.
    pub shear_centre: [f64; 2],
    /// How far the shear centre moved between the mesh and its halving.
    pub shear_centre_shift: f64,
}

/// Torsion constant and, for one solid, the warping constant and shear centre.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TorsionConstants {
    /// Saint-Venant torsion constant (length⁴); for several solids, the sum of theirs.
    pub j: f64,
    /// How much J changed between the mesh and its halving.
    pub j_change: f64,
    /// `None` for a section of several separate solids, which has no single shear centre.
    pub warping: Option<Warping>,
    /// Separate solids (meeting at most at a corner).
    pub solids: usize,
    /// Six-node triangles in the mesh and in its halving.
    pub triangles: [usize; 2],
}

/// The torsion result, or why there is none.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Torsion {
    /// Computed by finite elements.
    Computed(TorsionConstants),
    /// The outlines have more corners than the mesh takes: bounded work.
    TooManyCorners {
        /// The outlines' corners.
        corners: usize,
        /// The most the mesh takes.
        limit: usize,
    },
    /// The outlines need more triangles than the mesh takes: bounded work.
    TooManyTriangles {
        /// The triangles the quality mesh needed.
        triangles: usize,
        /// The most the mesh takes.
        limit: usize,
    },
    /// No usable mesh or solution (outlines crossing after rounding, a result that overflows).
    Failed,
}

/// The triangulation moved so that its centroid is at the origin, and that centroid.
fn centred(mut mesh: Triangulation) -> (Triangulation, [f64; 2]) {
    let (mut area, mut first) = (0.0, [0.0, 0.0]);
    for &[a, b, c] in &mesh.triangles {
        let (p, q, r) = (mesh.points[a], mesh.points[b], mesh.points[c]);
        let da = 0.5 * ((q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1]));
        area += da;
        for k in 0..2 {
            first[k] += da * (p[k] + q[k] + r[k]) / 3.0;
        }
    }
    let centroid = [first[0] / area, first[1] / area];
    for p in &mut mesh.points {
        *p = [p[0] - centroid[0], p[1] - centroid[1]];
    }
    (mesh, centroid)
}

/// J, Cw and the shear centre of the material (whose area is `area`), with their estimates.
pub(crate) fn torsion(pieces: &[Piece], material: &Material, area: f64) -> Torsion {
    let origin = material.centre();
    let Some(outlines) = mesh::outlines(pieces, material, origin, area) else {
        return Torsion::Failed;
    };
    let coarse = match mesh::triangulate(&outlines, area) {
        Ok(mesh) => mesh,
        Err(Unmeshed::TooManyCorners(corners)) => {
            return Torsion::TooManyCorners {
                corners,
                limit: mesh::MAX_CORNERS,
            }
        }
        Err(Unmeshed::TooManyTriangles(triangles)) => {
            return Torsion::TooManyTriangles {
                triangles,
                limit: mesh::MAX_TRIANGLES,
            }
        }
        Err(Unmeshed::Triangulation) => return Torsion::Failed,
    };
    let (coarse, centroid) = centred(coarse);
    let fine = mesh::split(&coarse);
    let coarse_q = mesh::quadratic(&coarse);
    let fine_q = mesh::quadratic(&fine);
    let (Some(a), Some(b)) = (warping::solve(&coarse_q), warping::solve(&fine_q)) else {
        return Torsion::Failed;
    };
    let at = |p: [f64; 2]| {
        [
            origin[0] + centroid[0] + p[0],
            origin[1] + centroid[1] + p[1],
        ]
    };
    let warping = match (a.warping, b.warping) {
        (Some((centre_a, cw_a)), Some((centre_b, cw_b))) => Some(Warping {
            cw: cw_b,
            cw_change: (cw_a - cw_b).abs(),
            shear_centre: at(centre_b),
            shear_centre_shift: (centre_a[0] - centre_b[0]).hypot(centre_a[1] - centre_b[1]),
        }),
        _ => None,
    };
    let constants = TorsionConstants {
        j: b.j,
        j_change: (a.j - b.j).abs(),
        warping,
        solids: fine_q.anchors.len(),
        triangles: [coarse_q.elements.len(), fine_q.elements.len()],
    };
    if finite(&constants) {
        Torsion::Computed(constants)
    } else {
        Torsion::Failed
    }
}

fn finite(c: &TorsionConstants) -> bool {
    let mut values = vec![c.j, c.j_change];
    if let Some(w) = c.warping {
        values.extend([w.cw, w.cw_change, w.shear_centre_shift]);
        values.extend(w.shear_centre);
    }
    values.iter().all(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section::warping::solve;

    /// An L of two plates, meshed once.
    fn l_mesh() -> Triangulation {
        let outline = vec![vec![
            [0.0, 0.0],
            [90.0, 0.0],
            [90.0, 10.0],
            [10.0, 10.0],
            [10.0, 60.0],
            [0.0, 60.0],
        ]];
        mesh::triangulate(&outline, 1400.0).unwrap()
    }

    fn moved(mesh: &Triangulation, f: impl Fn([f64; 2]) -> [f64; 2]) -> Triangulation {
        Triangulation {
            points: mesh.points.iter().map(|p| f(*p)).collect(),
            triangles: mesh.triangles.clone(),
        }
    }

    #[test]
    fn moving_the_section_moves_its_shear_centre_and_keeps_j_and_cw() {
        let base = l_mesh();
        let (angle, shift) = (0.7f64, [1234.5, -678.9]);
        let (s, c) = angle.sin_cos();
        let turn = |p: [f64; 2]| [c * p[0] - s * p[1], s * p[0] + c * p[1]];
        let of = |mesh: Triangulation| {
            let (mesh, centroid) = centred(mesh);
            let solved = solve(&mesh::quadratic(&mesh)).unwrap();
            let (centre, cw) = solved.warping.unwrap();
            (
                solved.j,
                cw,
                [centroid[0] + centre[0], centroid[1] + centre[1]],
            )
        };
        let (j, cw, centre) = of(base.clone());
        let (j2, cw2, centre2) = of(moved(&base, |p| {
            let q = turn(p);
            [q[0] + shift[0], q[1] + shift[1]]
        }));
        assert!((j2 - j).abs() <= 1e-9 * j, "{j} {j2}");
        assert!((cw2 - cw).abs() <= 1e-9 * cw, "{cw} {cw2}");
        let expected = turn(centre);
        for k in 0..2 {
            assert!((centre2[k] - expected[k] - shift[k]).abs() < 1e-9 * 90.0);
        }
    }
}
