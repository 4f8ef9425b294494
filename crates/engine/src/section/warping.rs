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
//! the triangle and the six-point rule below integrates it exactly.

use super::mesh::Quadratic;
use crate::analysis::{Element, Nodes, System};
use crate::error::EngineError;

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Solved {
    /// Saint-Venant torsion constant.
    pub j: f64,
    /// Shear centre (from the mesh's origin) and warping constant; `None` for several solids.
    pub warping: Option<([f64; 2], f64)>,
}

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

/// A six-node triangle as the analysis core sees it.
struct Triangle {
    dofs: [usize; 6],
    stiffness: [f64; 36],
    /// ∫ (y ∂Nᵢ/∂x − x ∂Nᵢ/∂y) dA: the torsion load.
    load: [f64; 6],
}

impl Element for Triangle {
    fn dofs(&self) -> &[usize] {
        &self.dofs
    }
    fn stiffness(&self) -> &[f64] {
        &self.stiffness
    }
}

fn triangle(nodes: &[[f64; 2]], element: &[usize; 6]) -> Triangle {
    let g = Geometry::of(nodes, element);
    let mut stiffness = [0.0; 36];
    let mut load = [0.0; 6];
    for (w, l) in RULE {
        let b = shape_gradients(&g, l);
        let [x, y] = g.point(l);
        let weight = w * g.area;
        for i in 0..6 {
            load[i] += weight * (y * b[i][0] - x * b[i][1]);
            for j in 0..6 {
                stiffness[6 * i + j] += weight * (b[i][0] * b[j][0] + b[i][1] * b[j][1]);
            }
        }
    }
    Triangle {
        dofs: *element,
        stiffness,
        load,
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

/// `f(x, y, ω)` integrated over the mesh, for each quadrature point.
fn integrate(mesh: &Quadratic, omega: &[f64], mut f: impl FnMut(f64, [f64; 2], f64)) {
    for element in &mesh.elements {
        let g = Geometry::of(&mesh.nodes, element);
        for (w, l) in RULE {
            let n = shape(l);
            let value: f64 = (0..6).map(|i| n[i] * omega[element[i]]).sum();
            f(w * g.area, g.point(l), value);
        }
    }
}

fn moments(mesh: &Quadratic, omega: &[f64]) -> Moments {
    let mut m = Moments::default();
    integrate(mesh, omega, |da, [x, y], w| {
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

/// The warping function over the mesh, or `None` if the system cannot be factorised (a mesh no
/// solver should see: degenerate triangles).
fn warping_function(mesh: &Quadratic) -> Option<(Vec<f64>, f64)> {
    let elements: Vec<Triangle> = mesh
        .elements
        .iter()
        .map(|e| triangle(&mesh.nodes, e))
        .collect();
    let mut prescribed = vec![false; mesh.nodes.len()];
    for &anchor in &mesh.anchors {
        prescribed[anchor] = true;
    }
    let system = System::factorise(Nodes { per_node: 1 }, &prescribed, &elements, |_| {
        EngineError::invalid("degenerate mesh")
    })
    .ok()?;
    let mut forces = vec![0.0; mesh.nodes.len()];
    for e in &elements {
        for (dof, f) in e.dofs.iter().zip(e.load) {
            forces[*dof] += f;
        }
    }
    let omega = system.solve(&forces, &vec![0.0; mesh.nodes.len()]);
    let energy: f64 = omega.iter().zip(&forces).map(|(w, f)| w * f).sum();
    Some((omega, energy))
}

/// J, and for one solid the shear centre and Cw, of a mesh whose origin is the section's centroid.
pub(crate) fn solve(mesh: &Quadratic) -> Option<Solved> {
    let (omega, energy) = warping_function(mesh)?;
    let m = moments(mesh, &omega);
    let j = m.xx + m.yy - energy;
    if mesh.anchors.len() != 1 {
        return Some(Solved { j, warping: None });
    }
    let delta = m.xx * m.yy - m.xy * m.xy;
    let xs = (m.xy * m.x_omega - m.yy * m.y_omega) / delta;
    let ys = (m.xx * m.x_omega - m.xy * m.y_omega) / delta;
    // integrated directly rather than expanded, so that a Cw near zero loses no digits
    let mean = m.omega / m.area;
    let mut cw = 0.0;
    integrate(mesh, &omega, |da, [x, y], w| {
        let about_centre = w - ys * x + xs * y - mean;
        cw += da * about_centre * about_centre;
    });
    Some(Solved {
        j,
        warping: Some(([xs, ys], cw)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_integrates_quartics_exactly() {
        // ∫ L1⁴ dA = 4! 2! / 6! · 2A = A/15; ∫ L1² L2² dA = 2! 2! 2! / 6! · 2A = A/90
        let over = |f: &dyn Fn([f64; 3]) -> f64| RULE.iter().map(|(w, l)| w * f(*l)).sum::<f64>();
        assert!((over(&|l| l[0].powi(4)) - 1.0 / 15.0).abs() < 1e-14);
        assert!((over(&|l| l[0] * l[0] * l[1] * l[1]) - 1.0 / 90.0).abs() < 1e-14);
        assert!((over(&|_| 1.0) - 1.0).abs() < 1e-14);
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
