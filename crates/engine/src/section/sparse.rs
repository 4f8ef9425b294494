//! The torsion mesh's symmetric positive definite systems, factorised by `faer`'s sparse Cholesky.
//! A triangle mesh numbered by reverse Cuthill-McKee (the frames' skyline, [`crate::skyline`]) fills
//! its whole band, some N^1.5 entries and N² work for N nodes; an approximate-minimum-degree ordering
//! keeps the factor near N log N entries, so a 20,000-node mesh factorises in milliseconds.
//!
//! On these meshes the ordering and the symbolic analysis cost more than the numbers themselves, so
//! the matrix is assembled straight into compressed columns (each column's few entries sorted
//! where they are, not one sort of every element entry), the ordering is found once per mesh on its
//! corners alone ([`elimination_order`]), and it serves both systems. Without holes the two are one
//! matrix over every node, each holding other nodes at zero (an anchor per solid, or the outlines'
//! nodes), so it is assembled and analysed once and only its numbers factorised twice
//! ([`Stiffness::holding`]); a hole ties its outline's nodes to one unknown of the stress function,
//! whose system is then its own.

use std::rc::Rc;

use faer::dyn_stack::{MemBuffer, MemStack};
use faer::perm::PermRef;
use faer::sparse::linalg::amd;
use faer::sparse::linalg::cholesky::{
    factorize_symbolic_cholesky, LltRef, SymbolicCholesky, SymmetricOrdering,
};
use faer::sparse::{SparseColMatRef, SymbolicSparseColMatRef};
use faer::{Conj, MatMut, Par, Side};

use super::mesh::Quadratic;

/// One element's equations (`None` where the value is prescribed) and its stiffness, row by row.
#[derive(Clone, Copy)]
pub(crate) struct Coupling<'a> {
    pub equations: [Option<usize>; 6],
    pub stiffness: &'a [f64; 36],
}

/// A factorised system, ready for any number of right-hand sides.
pub(crate) struct Factor {
    symbolic: Rc<SymbolicCholesky<usize>>,
    values: Vec<f64>,
}

/// The lower triangle in compressed columns: column starts, rows, values.
struct Lower {
    starts: Vec<usize>,
    rows: Vec<usize>,
    values: Vec<f64>,
}

/// Calls its argument with each entry `(row, column, value)` of a lower triangle, repeats allowed.
type Entries<'a> = &'a dyn Fn(&mut dyn FnMut(usize, usize, f64));

/// The entries `each` visits, as the lower triangle in compressed columns, repeats summed: counted
/// into their columns, then each column's few entries sorted where they are (not one sort of all).
fn columns(size: usize, entries: Entries) -> Lower {
    let mut starts = vec![0; size + 1];
    entries(&mut |_, j, _| starts[j + 1] += 1);
    for j in 0..size {
        starts[j + 1] += starts[j];
    }
    let mut next = starts.clone();
    let mut pairs = vec![(0, 0.0); starts[size]];
    entries(&mut |i, j, value| {
        pairs[next[j]] = (i, value);
        next[j] += 1;
    });
    let (mut rows, mut values) = (
        Vec::with_capacity(pairs.len()),
        Vec::with_capacity(pairs.len()),
    );
    let mut compact = vec![0; size + 1];
    for j in 0..size {
        let column = &mut pairs[starts[j]..starts[j + 1]];
        column.sort_unstable_by_key(|p| p.0);
        for &(i, value) in column.iter() {
            if rows.len() > compact[j] && rows.last() == Some(&i) {
                *values.last_mut().expect("a row was pushed") += value;
            } else {
                rows.push(i);
                values.push(value);
            }
        }
        compact[j + 1] = rows.len();
    }
    Lower {
        starts: compact,
        rows,
        values,
    }
}

/// The elements' stiffness over `size` equations, lower triangle only.
fn assemble<'a>(size: usize, elements: impl Iterator<Item = Coupling<'a>> + Clone) -> Lower {
    columns(size, &|each| {
        for Coupling {
            equations,
            stiffness,
        } in elements.clone()
        {
            for (a, row) in equations.iter().zip(stiffness.chunks_exact(6)) {
                let Some(i) = *a else { continue };
                for (b, &value) in equations.iter().zip(row) {
                    match *b {
                        Some(j) if j <= i => each(i, j, value),
                        _ => {}
                    }
                }
            }
        }
    })
}

/// An approximate-minimum-degree order of a graph's `size` vertices joined by `edges` (either way
/// round, repeats allowed): the vertices, first eliminated first.
pub(crate) fn minimum_degree(size: usize, edges: &[[usize; 2]]) -> Option<Vec<usize>> {
    let lower = columns(size, &|each| {
        for &[a, b] in edges.iter().filter(|[a, b]| a != b) {
            each(a.max(b), a.min(b), 0.0);
        }
    });
    let pattern =
        SymbolicSparseColMatRef::new_checked(size, size, &lower.starts, None, &lower.rows);
    let (mut forward, mut inverse) = (vec![0; size], vec![0; size]);
    let mut scratch =
        MemBuffer::try_new(amd::order_scratch::<usize>(size, lower.rows.len())).ok()?;
    let control = amd::Control::default();
    amd::order(
        &mut forward,
        &mut inverse,
        pattern,
        control,
        MemStack::new(&mut scratch),
    )
    .ok()?;
    Some(forward)
}

/// A system's stiffness, assembled, with the symbolic analysis of its pattern: the warping and the
/// stress function of a section without holes share both, differing only in the equations each
/// holds at zero ([`Stiffness::holding`]), so the pattern is analysed once for the two.
pub(crate) struct Stiffness {
    lower: Lower,
    symbolic: Rc<SymbolicCholesky<usize>>,
}

/// The elements' stiffness assembled over `size` equations and analysed for elimination in `order`
/// (equations, first eliminated first) or else in an approximate-minimum-degree order; `None` if
/// it holds a value that is not finite. Equations repeated within an element (values tied to one
/// unknown) add both their couplings, as they should.
pub(crate) fn analyse<'a>(
    size: usize,
    elements: impl Iterator<Item = Coupling<'a>> + Clone,
    order: Option<&[usize]>,
) -> Option<Stiffness> {
    let lower = assemble(size, elements);
    if size == 0 || lower.values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let pattern =
        SymbolicSparseColMatRef::new_checked(size, size, &lower.starts, None, &lower.rows);
    let inverse = order.map(|forward| {
        let mut inverse = vec![usize::MAX; size];
        for (k, &e) in forward.iter().enumerate() {
            inverse[e] = k;
        }
        inverse
    });
    let ordering = match (order, &inverse) {
        (Some(forward), Some(inverse))
            if forward.len() == size && !inverse.contains(&usize::MAX) =>
        {
            SymmetricOrdering::Custom(PermRef::new_checked(forward, inverse, size))
        }
        _ => SymmetricOrdering::Amd,
    };
    let symbolic =
        factorize_symbolic_cholesky(pattern, Side::Lower, ordering, Default::default()).ok()?;
    Some(Stiffness {
        lower,
        symbolic: Rc::new(symbolic),
    })
}

/// [`analyse`], then [`Stiffness::holding`] nothing.
pub(crate) fn factorise<'a>(
    size: usize,
    elements: impl Iterator<Item = Coupling<'a>> + Clone,
    order: Option<&[usize]>,
) -> Option<Factor> {
    analyse(size, elements, order)?.holding(&vec![false; size])
}

impl Stiffness {
    /// The system with each `held` equation's row and column replaced by the identity's (its
    /// value zero for a zero load there), factorised; `None` if it is not positive definite (a
    /// degenerate mesh).
    pub(crate) fn holding(&self, held: &[bool]) -> Option<Factor> {
        let Lower {
            starts,
            rows,
            values,
        } = &self.lower;
        let size = starts.len() - 1;
        let mut values = values.clone();
        for j in 0..size {
            for k in starts[j]..starts[j + 1] {
                let i = rows[k];
                if held[i] || held[j] {
                    values[k] = if i == j { 1.0 } else { 0.0 };
                }
            }
        }
        let pattern = SymbolicSparseColMatRef::new_checked(size, size, starts, None, rows);
        let symbolic = &self.symbolic;
        let mut factor = vec![0.0; symbolic.len_val()];
        let mut scratch = MemBuffer::try_new(
            symbolic.factorize_numeric_llt_scratch::<f64>(Par::Seq, Default::default()),
        )
        .ok()?;
        symbolic
            .factorize_numeric_llt(
                &mut factor,
                SparseColMatRef::new(pattern, &values),
                Side::Lower,
                Default::default(),
                Par::Seq,
                MemStack::new(&mut scratch),
                Default::default(),
            )
            .ok()?;
        Some(Factor {
            symbolic: Rc::clone(symbolic),
            values: factor,
        })
    }
}

impl Factor {
    /// `K x = b`.
    pub(crate) fn solve(&self, b: &[f64]) -> Vec<f64> {
        let mut x = b.to_vec();
        let n = x.len();
        let mut scratch = MemBuffer::new(self.symbolic.solve_in_place_scratch::<f64>(1, Par::Seq));
        LltRef::new(&self.symbolic, &self.values).solve_in_place_with_conj(
            Conj::No,
            MatMut::from_column_major_slice_mut(&mut x, n, 1),
            Par::Seq,
            MemStack::new(&mut scratch),
        );
        x
    }
}

/// The nodes in an order to eliminate them in: the corners in an approximate-minimum-degree
/// order of the straight-sided mesh (a quarter of the nodes and about a sixth of the couplings
/// of the six-node one, so the ordering costs that much less), each side's midpoint just before
/// the first of its two corners. A midpoint's neighbours are all that corner's neighbours too,
/// so eliminating it first adds no fill the corner would not add. `None` if the ordering fails.
pub(crate) fn elimination_order(mesh: &Quadratic) -> Option<Vec<usize>> {
    let mut corner = vec![usize::MAX; mesh.nodes.len()];
    let mut corners = Vec::new();
    for element in &mesh.elements {
        for &node in &element[..3] {
            if corner[node] == usize::MAX {
                corner[node] = corners.len();
                corners.push(node);
            }
        }
    }
    let sides = |e: &[usize; 6]| [[e[0], e[1], e[3]], [e[1], e[2], e[4]], [e[2], e[0], e[5]]];
    let edges: Vec<[usize; 2]> = mesh
        .elements
        .iter()
        .flat_map(|e| sides(e).map(|[a, b, _]| [corner[a], corner[b]]))
        .collect();
    let order = minimum_degree(corners.len(), &edges)?;
    let mut position = vec![0; corners.len()];
    for (k, &c) in order.iter().enumerate() {
        position[c] = k;
    }
    // each midpoint filed under the first of its corners (once, though two triangles name it)
    let mut filed = vec![usize::MAX; mesh.nodes.len()];
    for element in &mesh.elements {
        for [a, b, middle] in sides(element) {
            filed[middle] = position[corner[a]].min(position[corner[b]]);
        }
    }
    let mut starts = vec![0; corners.len() + 1];
    for &k in filed.iter().filter(|&&k| k != usize::MAX) {
        starts[k + 1] += 1;
    }
    for k in 0..corners.len() {
        starts[k + 1] += starts[k] + 1;
    }
    // bucket k: its midpoints, then the corner itself
    let mut next = starts.clone();
    let mut nodes = vec![0; mesh.nodes.len()];
    for (node, &k) in filed.iter().enumerate().filter(|(_, &k)| k != usize::MAX) {
        nodes[next[k]] = node;
        next[k] += 1;
    }
    for (k, &c) in order.iter().enumerate() {
        nodes[starts[k + 1] - 1] = corners[c];
    }
    Some(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_and_held_values_assemble_as_they_should() {
        // two unit springs 0-1 and 1-2 as 6-dof elements padded with zeros; node 0 held, 1 and 2
        // tied to one unknown: the tied pair's stiffness is the first spring's alone (the second
        // spring joins two tied ends and adds 1 - 1 - 1 + 1 = 0), so a unit load moves it by 1
        let spring = |a: usize, b: usize| {
            let mut k = [0.0; 36];
            k[6 * a + a] = 1.0;
            k[6 * b + b] = 1.0;
            k[6 * a + b] = -1.0;
            k[6 * b + a] = -1.0;
            k
        };
        let (k1, k2) = (spring(0, 1), spring(1, 2));
        let map = [None, Some(0), Some(0), None, None, None];
        let factor = factorise(
            1,
            [&k1, &k2].into_iter().map(|stiffness| Coupling {
                equations: map,
                stiffness,
            }),
            None,
        )
        .unwrap();
        assert!((factor.solve(&[1.0])[0] - 1.0).abs() < 1e-14);
    }

    #[test]
    fn a_singular_system_is_refused() {
        let mut k = [0.0; 36];
        k[0] = 1.0;
        let free = [Some(0), Some(1), None, None, None, None];
        let couplings = std::iter::once(Coupling {
            equations: free,
            stiffness: &k,
        });
        assert!(factorise(2, couplings, None).is_none());
    }
}
