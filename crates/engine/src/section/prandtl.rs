//! Prandtl's stress function on the same mesh, for a lower bound on J: φ solves ∇²φ = −2, zero on
//! each solid's outer boundary and an unknown constant φₖ on each hole's, and J = 2∫φ dA + 2Σ φₖ Aₖ
//! with Aₖ the holes' areas (Timoshenko & Goodier, Theory of Elasticity, §104 and §115).
//!
//! Why it bounds J from below: J is the largest value of 4∫φ dA + 4Σ φₖ Aₖ − ∫|∇φ|² dA over every
//! such φ (the principle of least complementary energy), and the finite-element φ is one of them
//! whose value is its own J (Galerkin). The warping function's J = Ix + Iy − ωᵀKω is likewise at
//! least the exact one (least potential energy). The exact J of the meshed outline therefore lies
//! between the two, and their difference bounds the error of either: a bound, not an estimate, and
//! it costs one factorisation of the same size as the warping function's rather than a solve on
//! a finer mesh (Prager and Synge's hypercircle; sectionproperties and Pilkey give J alone).

use super::mesh::Quadratic;
use super::sparse::{self, Coupling, Stiffness};
use super::warping::Triangle;

/// The three sides of a six-node triangle: (corner, corner, midpoint) positions.
const SIDES: [(usize, usize, usize); 3] = [(0, 1, 3), (1, 2, 4), (2, 0, 5)];

fn root(parent: &mut [usize], mut n: usize) -> usize {
    while parent[n] != n {
        parent[n] = parent[parent[n]];
        n = parent[n];
    }
    n
}

/// The stress function's equation of each node: `None` on an outer boundary (held at zero), one
/// shared equation for all the nodes of a hole's boundary; and the area of each equation's hole.
fn equations(mesh: &Quadratic) -> (Vec<Option<usize>>, Vec<f64>) {
    let n = mesh.nodes.len();
    // a side is on the boundary when its midpoint belongs to one triangle only
    let mut uses = vec![0u8; n];
    for e in &mesh.elements {
        for (_, _, m) in SIDES {
            uses[e[m]] = uses[e[m]].saturating_add(1);
        }
    }
    // (corner, corner, midpoint) of each boundary side, in the triangle's counter-clockwise order
    let sides: Vec<[usize; 3]> = mesh
        .elements
        .iter()
        .flat_map(|e| SIDES.map(|(a, b, m)| [e[a], e[b], e[m]]))
        .filter(|side| uses[side[2]] == 1)
        .collect();
    let mut parent: Vec<usize> = (0..n).collect();
    let mut on_boundary = vec![false; n];
    for side in &sides {
        let r = root(&mut parent, side[0]);
        for &node in side {
            on_boundary[node] = true;
            let s = root(&mut parent, node);
            parent[s] = r;
        }
    }
    // the signed area each connected boundary encloses: the triangles wind counter-clockwise, so an
    // outer boundary (material on its left) encloses a positive area and a hole's a negative one;
    // a hole touching the outline at a point joins it and is held at zero with it
    let mut enclosed = vec![0.0; n];
    for &[a, b, _] in &sides {
        let (p, q) = (mesh.nodes[a], mesh.nodes[b]);
        let r = root(&mut parent, a);
        enclosed[r] += 0.5 * (p[0] * q[1] - q[0] * p[1]);
    }
    let mut equation = vec![None; n];
    let mut hole_of_root = vec![usize::MAX; n];
    let mut hole_areas = Vec::new();
    let mut count = 0;
    for node in 0..n {
        if !on_boundary[node] {
            equation[node] = Some(count);
            hole_areas.push(0.0);
            count += 1;
            continue;
        }
        let r = root(&mut parent, node);
        if enclosed[r] >= 0.0 {
            continue;
        }
        if hole_of_root[r] == usize::MAX {
            hole_of_root[r] = count;
            hole_areas.push(-enclosed[r]);
            count += 1;
        }
        equation[node] = Some(hole_of_root[r]);
    }
    (equation, hole_areas)
}

/// The equations in the order `nodes` names their nodes (the warping function's elimination order),
/// each once, a hole's shared equation where its last node comes (it joins its whole boundary, so
/// it is eliminated late, as a minimum-degree ordering would), and any left over at the end.
fn elimination_order(equation: &[Option<usize>], count: usize, nodes: &[usize]) -> Vec<usize> {
    let mut last = vec![0; count];
    for (k, &node) in nodes.iter().enumerate() {
        if let Some(e) = equation[node] {
            last[e] = k;
        }
    }
    let mut placed = vec![false; count];
    let mut order = Vec::with_capacity(count);
    for (k, &node) in nodes.iter().enumerate() {
        if let Some(e) = equation[node] {
            if last[e] == k && !placed[e] {
                placed[e] = true;
                order.push(e);
            }
        }
    }
    order.extend((0..count).filter(|&e| !placed[e]));
    order
}

/// J from the stress function on the mesh (a lower bound) and the stress function at the nodes, or
/// `None` if the system cannot be factorised. `stiffness`: the mesh's over every node, analysed
/// for the warping function, which serves here too unless a hole ties its boundary's nodes to one
/// unknown; `order`: the nodes in the order the warping function's were eliminated in, if any.
pub(crate) fn stress_function(
    mesh: &Quadratic,
    triangles: &[Triangle],
    stiffness: &Stiffness,
    order: Option<&[usize]>,
) -> Option<(f64, Vec<f64>)> {
    let (equation, hole_areas) = equations(mesh);
    if hole_areas.is_empty() {
        // every node on an outline: the only admissible stress function is zero
        return Some((0.0, vec![0.0; mesh.nodes.len()]));
    }
    // 2∫Nᵢ dA: zero for a six-node triangle's corners and a third of its area for each midpoint
    let mut load = vec![0.0; mesh.nodes.len()];
    for (e, t) in mesh.elements.iter().zip(triangles) {
        for m in 3..6 {
            load[e[m]] += 2.0 * t.area / 3.0;
        }
    }
    if hole_areas.iter().all(|&a| a == 0.0) {
        let held: Vec<bool> = equation.iter().map(Option::is_none).collect();
        for (f, &h) in load.iter_mut().zip(&held) {
            if h {
                *f = 0.0;
            }
        }
        let phi = stiffness.holding(&held)?.solve(&load);
        let j = phi.iter().zip(&load).map(|(p, f)| p * f).sum();
        return Some((j, phi));
    }
    let at = |element: &[usize; 6]| element.map(|n| equation[n]);
    let factor = sparse::factorise(
        hole_areas.len(),
        mesh.elements.iter().zip(triangles).map(|(e, t)| Coupling {
            equations: at(e),
            stiffness: &t.stiffness,
        }),
        order
            .map(|nodes| elimination_order(&equation, hole_areas.len(), nodes))
            .as_deref(),
    )?;
    let mut tied: Vec<f64> = hole_areas.iter().map(|a| 2.0 * a).collect();
    for (node, f) in load.iter().enumerate() {
        if let Some(eq) = equation[node] {
            tied[eq] += f;
        }
    }
    let phi = factor.solve(&tied);
    let j = phi.iter().zip(&tied).map(|(p, f)| p * f).sum();
    Some((
        j,
        equation.iter().map(|e| e.map_or(0.0, |e| phi[e])).collect(),
    ))
}
