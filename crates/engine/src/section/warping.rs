//! Saint-Venant torsion by finite elements over six-node triangles, as Pilkey formulates it (and the
//! sectionproperties project computes it): the warping function ω solves ∇²ω = 0 with
//! ∂ω/∂n = y nₓ − x n_y on the outline, weakly ∫ ∇v·∇ω dA = ∫ (y ∂v/∂x − x ∂v/∂y) dA, free up to a
//! constant in each solid (fixed at one node). Then, about the centroid,
//! - J = Ixx + Iyy − ωᵀKω (the energy the warping releases);
//! - the shear centre is Trefftz's: the point about which the warping function ω − y_s x + x_s y is
//!   orthogonal to x and y, x_s = (Ixy I_xω − Iyy I_yω)/Δ, y_s = (Ixx I_xω − Ixy I_yω)/Δ,
//!   Δ = Ixx Iyy − Ixy², with I_xω = ∫ xω dA, I_yω = ∫ yω dA; it does not depend on Poisson's ratio;
//! - Cw = ∫ (ω_s − ω̄_s)² dA, the warping function about the shear centre less its mean.
//!
//! The elements are straight-sided, so every integrand is a polynomial of degree at most four over
//! the triangle and the six-point rule below integrates it exactly; those of degree two (the
//! stiffness, the load, the stress gap) take the three-point rule.

use super::mesh::Quadratic;
use super::prandtl;
use super::sparse::{self, Coupling, Stiffness};

/// Strang and Fix's six-point rule, exact to degree 4: (weight, area coordinates).
const RULE: [(f64, [f64; 3]); 6] = {
    const A: f64 = 0.445_948_490_915_965;
    const B: f64 = 0.108_103_018_168_070;
    const C: f64 = 0.091_576_213_509_771;
    const D: f64 = 0.816_847_572_980_459;
    const W1: f64 = 0.223_381_589_678_011;
    const W2: f64 = 0.109_951_743_655_322;
    [
        (W1, [A, A, B]),
        (W1, [A, B, A]),
        (W1, [B, A, A]),
        (W2, [C, C, D]),
        (W2, [C, D, C]),
        (W2, [D, C, C]),
    ]
};

/// Torsion and warping of one mesh, about the centroid the mesh is centred on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Solved {
    /// Saint-Venant torsion constant from the warping function: at least the exact one.
    pub j: f64,
    /// The same from the stress function on the same mesh: at most the exact one.
    pub j_lower: f64,
    /// `None` for several solids.
    pub warping: Option<SolvedWarping>,
    /// Each element's share of `j - j_lower`.
    pub gaps: Vec<f64>,
}

/// Shear centre (from the mesh's origin) and warping constant, from the warping function as solved
/// and read linearly between the corners.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SolvedWarping {
    pub quadratic: ([f64; 2], f64),
    pub linear: ([f64; 2], f64),
}

/// Strang and Fix's three-point rule, exact to degree 2: enough for the stiffness, the warping
/// function's load and the stress gap, whose integrands are products of two linear factors.
const RULE_2: [(f64, [f64; 3]); 3] = {
    const A: f64 = 2.0 / 3.0;
    const B: f64 = 1.0 / 6.0;
    const W: f64 = 1.0 / 3.0;
    [(W, [A, B, B]), (W, [B, A, B]), (W, [B, B, A])]
};

/// One triangle's geometry: twice its area and the gradients of its area coordinates.
struct Geometry {
    area: f64,
    /// ∂Lᵢ/∂x, ∂Lᵢ/∂y.
    gradients: [[f64; 2]; 3],
    corners: [[f64; 2]; 3],
}

impl Geometry {
    fn of(nodes: &[[f64; 2]], element: &[usize; 6]) -> Self {
        let corners = [nodes[element[0]], nodes[element[1]], nodes[element[2]]];
        let [p, q, r] = corners;
        let twice = (q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1]);
        let gradients = [
            [(q[1] - r[1]) / twice, (r[0] - q[0]) / twice],
            [(r[1] - p[1]) / twice, (p[0] - r[0]) / twice],
            [(p[1] - q[1]) / twice, (q[0] - p[0]) / twice],
        ];
        Geometry {
            area: 0.5 * twice,
            gradients,
            corners,
        }
    }

    fn point(&self, l: [f64; 3]) -> [f64; 2] {
        let c = &self.corners;
        [
            l[0] * c[0][0] + l[1] * c[1][0] + l[2] * c[2][0],
            l[0] * c[0][1] + l[1] * c[1][1] + l[2] * c[2][1],
        ]
    }
}

/// The six shape functions at area coordinates `l`.
fn shape(l: [f64; 3]) -> [f64; 6] {
    [
        l[0] * (2.0 * l[0] - 1.0),
        l[1] * (2.0 * l[1] - 1.0),
        l[2] * (2.0 * l[2] - 1.0),
        4.0 * l[0] * l[1],
        4.0 * l[1] * l[2],
        4.0 * l[2] * l[0],
    ]
}

/// The shape functions' gradients at `l`.
fn shape_gradients(g: &Geometry, l: [f64; 3]) -> [[f64; 2]; 6] {
    let d = g.gradients;
    let along = |a: usize, b: usize, k: usize| 4.0 * (l[b] * d[a][k] + l[a] * d[b][k]);
    let mut out = [[0.0; 2]; 6];
    for k in 0..2 {
        for i in 0..3 {
            out[i][k] = (4.0 * l[i] - 1.0) * d[i][k];
        }
        out[3][k] = along(0, 1, k);
        out[4][k] = along(1, 2, k);
        out[5][k] = along(2, 0, k);
    }
    out
}

/// One six-node triangle's stiffness ∫ ∇Nᵢ·∇Nⱼ dA (row by row), shared by the warping function
/// and the stress function, and the warping function's load ∫ (y ∂Nᵢ/∂x − x ∂Nᵢ/∂y) dA.
pub(crate) struct Triangle {
    pub stiffness: [f64; 36],
    pub torsion_load: [f64; 6],
    pub area: f64,
}

fn triangle(nodes: &[[f64; 2]], element: &[usize; 6]) -> Triangle {
    let g = Geometry::of(nodes, element);
    let mut stiffness = [0.0; 36];
    let mut torsion_load = [0.0; 6];
    for (w, l) in RULE_2 {
        let b = shape_gradients(&g, l);
        let [x, y] = g.point(l);
        let weight = w * g.area;
        for i in 0..6 {
            torsion_load[i] += weight * (y * b[i][0] - x * b[i][1]);
            for j in i..6 {
                stiffness[6 * i + j] += weight * (b[i][0] * b[j][0] + b[i][1] * b[j][1]);
            }
        }
    }
    for i in 0..6 {
        for j in 0..i {
            stiffness[6 * i + j] = stiffness[6 * j + i];
        }
    }
    Triangle {
        stiffness,
        torsion_load,
        area: g.area,
    }
}

/// Integrals over the mesh of the warping function against the coordinates.
#[derive(Default)]
struct Moments {
    area: f64,
    xx: f64,
    yy: f64,
    xy: f64,
    omega: f64,
    x_omega: f64,
    y_omega: f64,
}

/// How the warping function is read between the nodes: as solved (quadratic), or linear between
/// each triangle's corners (how far the mesh resolves its curvature).
#[derive(Clone, Copy, PartialEq)]
enum Reading {
    Quadratic,
    Linear,
}

/// `f(dA, [x, y], ω)` at each quadrature point of the mesh.
fn integrate(
    mesh: &Quadratic,
    omega: &[f64],
    reading: Reading,
    mut f: impl FnMut(f64, [f64; 2], f64),
) {
    for element in &mesh.elements {
        let g = Geometry::of(&mesh.nodes, element);
        for (w, l) in RULE {
            let value: f64 = match reading {
                Reading::Quadratic => shape(l)
                    .iter()
                    .zip(element)
                    .map(|(n, &i)| n * omega[i])
                    .sum(),
                Reading::Linear => (0..3).map(|i| l[i] * omega[element[i]]).sum(),
            };
            f(w * g.area, g.point(l), value);
        }
    }
}

fn moments(mesh: &Quadratic, omega: &[f64], reading: Reading) -> Moments {
    let mut m = Moments::default();
    integrate(mesh, omega, reading, |da, [x, y], w| {
        m.area += da;
        m.xx += da * y * y;
        m.yy += da * x * x;
        m.xy += da * x * y;
        m.omega += da * w;
        m.x_omega += da * x * w;
        m.y_omega += da * y * w;
    });
    m
}

/// The elements' couplings over every node of the mesh.
pub(crate) fn couplings<'a>(
    mesh: &'a Quadratic,
    triangles: &'a [Triangle],
) -> impl Iterator<Item = Coupling<'a>> + Clone {
    mesh.elements.iter().zip(triangles).map(|(e, t)| Coupling {
        equations: e.map(Some),
        stiffness: &t.stiffness,
    })
}

/// The warping function over the mesh and its energy ωᵀKω, or `None` if the system cannot be
/// factorised (a mesh no solver should see: degenerate triangles). One node of each solid is held.
fn warping_function(
    mesh: &Quadratic,
    triangles: &[Triangle],
    stiffness: &Stiffness,
) -> Option<(Vec<f64>, f64)> {
    let mut held = vec![false; mesh.nodes.len()];
    for &anchor in &mesh.anchors {
        held[anchor] = true;
    }
    let factor = stiffness.holding(&held)?;
    let mut load = vec![0.0; mesh.nodes.len()];
    for (e, t) in mesh.elements.iter().zip(triangles) {
        for (&node, f) in e.iter().zip(t.torsion_load) {
            load[node] += f;
        }
    }
    for (f, &h) in load.iter_mut().zip(&held) {
        if h {
            *f = 0.0;
        }
    }
    let omega = factor.solve(&load);
    let energy = omega.iter().zip(&load).map(|(w, f)| w * f).sum();
    Some((omega, energy))
}

/// Trefftz's shear centre and Cw about it, from the warping function read one way.
fn centre_and_cw(
    mesh: &Quadratic,
    omega: &[f64],
    reading: Reading,
    m: &Moments,
) -> ([f64; 2], f64) {
    let delta = m.xx * m.yy - m.xy * m.xy;
    let xs = (m.xy * m.x_omega - m.yy * m.y_omega) / delta;
    let ys = (m.xx * m.x_omega - m.xy * m.y_omega) / delta;
    // integrated directly rather than expanded, so that a Cw near zero loses no digits
    let mean = m.omega / m.area;
    let mut cw = 0.0;
    integrate(mesh, omega, reading, |da, [x, y], w| {
        let about_centre = w - ys * x + xs * y - mean;
        cw += da * about_centre * about_centre;
    });
    ([xs, ys], cw)
}

/// J with its lower bound, and for one solid the shear centre and Cw, of a mesh whose origin is
/// the section's centroid.
pub(crate) fn solve(mesh: &Quadratic) -> Option<Solved> {
    let triangles: Vec<Triangle> = mesh
        .elements
        .iter()
        .map(|e| triangle(&mesh.nodes, e))
        .collect();
    let order = sparse::elimination_order(mesh);
    let stiffness = sparse::analyse(
        mesh.nodes.len(),
        couplings(mesh, &triangles),
        order.as_deref(),
    )?;
    let (omega, energy) = warping_function(mesh, &triangles, &stiffness)?;
    let m = moments(mesh, &omega, Reading::Quadratic);
    let j = m.xx + m.yy - energy;
    let (j_lower, phi) = prandtl::stress_function(mesh, &triangles, &stiffness, order.as_deref())?;
    let warping = (mesh.anchors.len() == 1).then(|| SolvedWarping {
        quadratic: centre_and_cw(mesh, &omega, Reading::Quadratic, &m),
        linear: centre_and_cw(
            mesh,
            &omega,
            Reading::Linear,
            &moments(mesh, &omega, Reading::Linear),
        ),
    });
    Some(Solved {
        j,
        j_lower,
        warping,
        gaps: gaps(mesh, &omega, &phi),
    })
}

/// Each triangle's share of J's bound: ∫ |τ_ω − τ_φ|² dA, the shear stresses (per G θ) of the
/// warping function, τ_ω = ∇ω − (y, −x), and of the stress function, τ_φ = (∂φ/∂y, −∂φ/∂x). The
/// shares add up to J_ω − J_φ exactly (the two stress fields are orthogonal in the way Prager and
/// Synge's hypercircle needs), so they show where the mesh is too coarse.
fn gaps(mesh: &Quadratic, omega: &[f64], phi: &[f64]) -> Vec<f64> {
    mesh.elements
        .iter()
        .map(|element| {
            let g = Geometry::of(&mesh.nodes, element);
            RULE_2
                .iter()
                .map(|&(w, l)| {
                    let b = shape_gradients(&g, l);
                    let [x, y] = g.point(l);
                    let (mut t, mut s) = ([-y, x], [0.0, 0.0]);
                    for (i, &n) in element.iter().enumerate() {
                        t[0] += b[i][0] * omega[n];
                        t[1] += b[i][1] * omega[n];
                        s[0] += b[i][1] * phi[n];
                        s[1] -= b[i][0] * phi[n];
                    }
                    w * g.area * ((t[0] - s[0]).powi(2) + (t[1] - s[1]).powi(2))
                })
                .sum()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section::mesh;

    #[test]
    fn the_triangles_shares_add_up_to_the_bound_on_a_section_with_a_hole() {
        // a 40 x 40 square with a 20 x 20 hole (wound clockwise): the hole's boundary is one unknown
        // of the stress function; J_ω ≥ J_φ, and the shares of ‖τ_ω − τ_φ‖² add up to J_ω − J_φ
        let outlines = vec![
            vec![[0.0, 0.0], [40.0, 0.0], [40.0, 40.0], [0.0, 40.0]],
            vec![[10.0, 10.0], [10.0, 30.0], [30.0, 30.0], [30.0, 10.0]],
        ];
        let mut mesh = mesh::triangulate(&outlines, 1200.0).unwrap();
        for p in &mut mesh.points {
            *p = [p[0] - 20.0, p[1] - 20.0];
        }
        let solved = solve(&mesh::quadratic(&mesh)).unwrap();
        let gap = solved.j - solved.j_lower;
        assert!(gap >= 0.0 && gap < 0.01 * solved.j, "{solved:?}");
        let shares: f64 = solved.gaps.iter().sum();
        assert!((shares - gap).abs() < 1e-9 * solved.j, "{shares} {gap}");
        // between Bredt's thin-tube formula on the mid-line (4 A_m² t / s = 4 · 900² · 10 / 120 =
        // 270,000), which leaves out the thick corners, and the solid 40 x 40 square (0.1406 a⁴ =
        // 359,936, Roark Table 10.7), which the hole can only make less stiff
        assert!(solved.j > 270_000.0 && solved.j < 359_936.0, "{}", solved.j);
    }

    #[test]
    fn the_rules_integrate_their_degrees_exactly() {
        // ∫ L1⁴ dA = 4! 2! / 6! · 2A = A/15; ∫ L1² L2² dA = 2! 2! 2! / 6! · 2A = A/90
        let over = |f: &dyn Fn([f64; 3]) -> f64| RULE.iter().map(|(w, l)| w * f(*l)).sum::<f64>();
        assert!((over(&|l| l[0].powi(4)) - 1.0 / 15.0).abs() < 1e-14);
        assert!((over(&|l| l[0] * l[0] * l[1] * l[1]) - 1.0 / 90.0).abs() < 1e-14);
        assert!((over(&|_| 1.0) - 1.0).abs() < 1e-14);
        // ∫ L1² dA = 2! 2! / 4! · 2A = A/6; ∫ L1 L2 dA = 2A/4! = A/12
        let over_2 =
            |f: &dyn Fn([f64; 3]) -> f64| RULE_2.iter().map(|(w, l)| w * f(*l)).sum::<f64>();
        assert!((over_2(&|l| l[0] * l[0]) - 1.0 / 6.0).abs() < 1e-15);
        assert!((over_2(&|l| l[0] * l[1]) - 1.0 / 12.0).abs() < 1e-15);
    }

    #[test]
    fn the_shape_functions_partition_unity_and_their_gradients_sum_to_zero() {
        let nodes = [
            [0.0, 0.0],
            [2.0, 0.3],
            [0.4, 1.5],
            [1.0, 0.15],
            [1.2, 0.9],
            [0.2, 0.75],
        ];
        let g = Geometry::of(&nodes, &[0, 1, 2, 3, 4, 5]);
        for (_, l) in RULE {
            assert!((shape(l).iter().sum::<f64>() - 1.0).abs() < 1e-14);
            let b = shape_gradients(&g, l);
            assert!(b.iter().map(|d| d[0]).sum::<f64>().abs() < 1e-13);
            assert!(b.iter().map(|d| d[1]).sum::<f64>().abs() < 1e-13);
        }
    }
}
