//! The analysis core every structure kind shares: number the equations, assemble the elements'
//! stiffness into a skyline, factorise once (a vanishing pivot is a [`EngineError::Mechanism`]
//! named by the structure), then solve any number of load cases and superpose them.
//!
//! A structure kind (beam, truss, frame) says only what is its own: which degrees of freedom each
//! element couples and with what stiffness ([`Element`]), which are prescribed and to what, where a
//! degree of freedom sits (to name a mechanism) and the nodal forces of each load case. Everything
//! from the numbering to the factored sum of the case solutions is here, once.

use crate::error::EngineError;
pub use crate::numbering::Nodes;
use crate::skyline::{Equations, Factorized, Skyline};

/// One element as the core sees it: the degrees of freedom it couples and its stiffness over them.
pub trait Element {
    /// Global degree-of-freedom numbers, in the order of the stiffness rows.
    fn dofs(&self) -> &[usize];
    /// The symmetric stiffness matrix over [`Element::dofs`], row-major (or column-major: the same).
    fn stiffness(&self) -> &[f64];
}

/// A structure's stiffness, numbered and factorised once, ready for any number of load cases.
#[derive(Clone, Debug)]
pub struct System {
    equations: Equations,
    factorized: Factorized,
    dof_count: usize,
}

impl System {
    /// Numbers the free degrees of freedom (reverse Cuthill-McKee over `nodes`), assembles and
    /// factorises. `prescribed` has one entry per dof. `mechanism` names the degree of freedom
    /// whose pivot vanished: where the structure moves.
    pub fn factorise<E: Element>(
        nodes: Nodes,
        prescribed: &[bool],
        elements: &[E],
        mechanism: impl Fn(usize) -> EngineError,
    ) -> Result<Self, EngineError> {
        let dofs = || elements.iter().map(Element::dofs);
        let dof_count = prescribed.len();
        let equations = Equations::number(&nodes, prescribed, dofs());
        let factorized = assemble(&equations, elements)
            .factorize()
            .map_err(|zero| mechanism(equations.dof_of[zero.equation]))?;
        Ok(System {
            equations,
            factorized,
            dof_count,
        })
    }

    /// The same numbering with new element stiffness (a second-order analysis re-forms its members
    /// from their axial forces): assembled and factorised again, a vanishing or negative pivot
    /// named by `mechanism`.
    pub fn refactorise<E: Element>(
        &self,
        elements: &[E],
        mechanism: impl Fn(usize) -> EngineError,
    ) -> Result<Self, EngineError> {
        let factorized = assemble(&self.equations, elements)
            .factorize()
            .map_err(|zero| mechanism(self.equations.dof_of[zero.equation]))?;
        Ok(System {
            equations: self.equations.clone(),
            factorized,
            dof_count: self.dof_count,
        })
    }

    /// The same numbering with new element stiffness that may be indefinite: the factorised system
    /// and its number of negative eigenvalues (its count of negative pivots), or `None` when a
    /// pivot is not finite.
    pub fn with_inertia<E: Element>(&self, elements: &[E]) -> Option<(Self, usize)> {
        let (factorized, negative) = assemble(&self.equations, elements)
            .factorize_indefinite()
            .ok()?;
        let system = System {
            equations: self.equations.clone(),
            factorized,
            dof_count: self.dof_count,
        };
        Some((system, negative))
    }

    /// ln |det K| of the factorised stiffness.
    pub fn log_abs_det(&self) -> f64 {
        self.factorized.log_abs_det()
    }

    /// Number of degrees of freedom, free and prescribed.
    pub fn dof_count(&self) -> usize {
        self.dof_count
    }

    /// [`System::solve`] for many sets of nodal forces at once, the prescribed dofs held still: one
    /// pass through the factor for all of them. A set that loads a few dofs (a piece of a patterned
    /// frame loads one member) starts its forward substitution at its first loaded equation. The
    /// displacements by dof, the sets side by side: set r's at dof i is at `i * forces.len() + r`.
    pub fn solve_many(&self, forces: &[Vec<f64>]) -> Vec<f64> {
        let (count, dof_of) = (forces.len(), &self.equations.dof_of);
        let n = dof_of.len();
        // each set's entries that are not zero by their bits (a negative zero is written as it is)
        // at their equations, found in one pass along its dofs; a set loads a few equations
        let loaded: Vec<Vec<(usize, f64)>> = (forces.iter())
            .map(|f| {
                (f.iter().zip(&self.equations.of_dof))
                    .filter(|(v, _)| v.to_bits() != 0)
                    .filter_map(|(&v, eq)| eq.map(|eq| (eq, v)))
                    .collect()
            })
            .collect();
        let first: Vec<usize> = (loaded.iter())
            .map(|l| {
                (l.iter().filter(|(_, v)| *v != 0.0))
                    .map(|&(eq, _)| eq)
                    .min()
                    .unwrap_or(n)
            })
            .collect();
        // the sets in order of their first loaded equation, so that those started are the first ones
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by_key(|&r| first[r]);
        let mut x = vec![0.0; n * count];
        for (c, &r) in order.iter().enumerate() {
            for &(eq, f) in &loaded[r] {
                x[eq * count + c] = f;
            }
        }
        let mut started = Vec::with_capacity(n);
        for i in 0..n {
            let before = started.last().copied().unwrap_or(0);
            started.push(before + order[before..].partition_point(|&r| first[r] <= i));
        }
        self.factorized.solve_many(&mut x, count, &started);
        let mut out = vec![0.0; self.dof_count * count];
        for (i, &dof) in dof_of.iter().enumerate() {
            let by_set = &mut out[dof * count..(dof + 1) * count];
            for (c, &r) in order.iter().enumerate() {
                by_set[r] = x[i * count + c];
            }
        }
        out
    }

    /// Displacements under nodal forces `forces` (one per dof; prescribed dofs' entries are not
    /// read), with the prescribed dofs set to `base`.
    pub fn solve(&self, forces: &[f64], base: &[f64]) -> Vec<f64> {
        let mut x: Vec<f64> = self.equations.dof_of.iter().map(|&d| forces[d]).collect();
        self.factorized.solve(&mut x);
        let mut d = base.to_vec();
        for (&dof, value) in self.equations.dof_of.iter().zip(x) {
            d[dof] = value;
        }
        d
    }

    /// Solves every load case with the supports held still, and the imposed deformations
    /// (settlements, misfits: `(equivalent forces, prescribed values)`) once, if there are any.
    pub fn solve_cases(
        &self,
        cases: impl IntoIterator<Item = (usize, Vec<f64>)>,
        imposed: Option<(Vec<f64>, &[f64])>,
    ) -> Solutions {
        let held = vec![0.0; self.dof_count];
        let cases = cases
            .into_iter()
            .map(|(case, forces)| (case, self.solve(&forces, &held)))
            .collect();
        let imposed = match imposed {
            Some((forces, values)) => self.solve(&forces, values),
            None => held,
        };
        Solutions { cases, imposed }
    }
}

/// The elements' stiffness assembled over `equations`.
fn assemble<E: Element>(equations: &Equations, elements: &[E]) -> Skyline {
    let mut k = Skyline::with_profile(equations, elements.iter().map(Element::dofs));
    for e in elements {
        k.assemble(equations, e.dofs(), e.stiffness());
    }
    k
}

/// The solved load cases of a structure: each case present and the imposed deformations.
#[derive(Clone, Debug)]
pub struct Solutions {
    /// `(case index, displacements)`, in order of case index.
    pub cases: Vec<(usize, Vec<f64>)>,
    /// Displacements from settlements and misfits (all zero when there are none); they act at
    /// factor 1 in every combination.
    pub imposed: Vec<f64>,
}

impl Solutions {
    /// Displacements of one combination: the imposed ones plus `Σ factor × case`.
    pub fn combined(&self, factors: &[f64]) -> Vec<f64> {
        let mut d = self.imposed.clone();
        for (case, dc) in &self.cases {
            let f = factor(factors, *case);
            if f != 0.0 {
                d.iter_mut().zip(dc).for_each(|(di, x)| *di += f * x);
            }
        }
        d
    }
}

/// A combination's factor on `case` (a missing factor is 0: the case is not in the combination).
pub fn factor(factors: &[f64], case: usize) -> f64 {
    factors.get(case).copied().unwrap_or(0.0)
}

/// The load cases present, in order of case index.
pub fn cases_present(cases: impl Iterator<Item = usize>) -> Vec<usize> {
    let mut ids: Vec<usize> = cases.collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Direction;

    /// A spring of stiffness `k` between two dofs.
    struct Spring {
        dofs: [usize; 2],
        k: [f64; 4],
    }

    impl Spring {
        fn new(a: usize, b: usize, k: f64) -> Self {
            Spring {
                dofs: [a, b],
                k: [k, -k, -k, k],
            }
        }
    }

    impl Element for Spring {
        fn dofs(&self) -> &[usize] {
            &self.dofs
        }
        fn stiffness(&self) -> &[f64] {
            &self.k
        }
    }

    fn mechanism(dof: usize) -> EngineError {
        EngineError::Mechanism {
            node: dof,
            direction: Direction::Horizontal,
            x: 0.0,
            y: 0.0,
        }
    }

    #[test]
    fn springs_in_series_superpose_cases_and_a_settlement() {
        // ground(0) -k=2- 1 -k=4- 2: a 8 N pull at dof 2 stretches the springs by 8/2 and 8/4,
        // so u1 = 4 and u2 = 6; moving the ground by 1 moves everything by 1 (rigid body).
        let springs = [Spring::new(0, 1, 2.0), Spring::new(1, 2, 4.0)];
        let prescribed = [true, false, false];
        let system =
            System::factorise(Nodes { per_node: 1 }, &prescribed, &springs, mechanism).unwrap();
        let settlement = [1.0, 0.0, 0.0];
        // restoring forces -K u of the settlement: spring 0 pulls dof 1 by k·1 = 2
        let solutions = system.solve_cases(
            [(0, vec![0.0, 0.0, 8.0]), (3, vec![0.0, 4.0, 0.0])],
            Some((vec![0.0, 2.0, 0.0], &settlement)),
        );
        assert_eq!(solutions.imposed, vec![1.0, 1.0, 1.0]);
        // case 3: 4 N at dof 1 stretches the first spring by 2, the second not at all
        let d = solutions.combined(&[1.5, 9.0, 9.0, 0.5]);
        let want = [
            1.0,
            1.0 + 1.5 * 4.0 + 0.5 * 2.0,
            1.0 + 1.5 * 6.0 + 0.5 * 2.0,
        ];
        for (got, want) in d.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{got} {want}");
        }
    }

    #[test]
    fn a_vanishing_pivot_is_named_by_the_structure() {
        // dof 2 hangs on nothing but dof 1's spring of zero stiffness: it can move freely
        let springs = [Spring::new(0, 1, 2.0), Spring::new(1, 2, 0.0)];
        let error = System::factorise(
            Nodes { per_node: 1 },
            &[true, false, false],
            &springs,
            mechanism,
        )
        .unwrap_err();
        assert!(
            matches!(error, EngineError::Mechanism { node: 2, .. }),
            "{error:?}"
        );
    }

    #[test]
    fn cases_present_are_sorted_and_distinct() {
        assert_eq!(cases_present([3, 0, 3, 1].into_iter()), vec![0, 1, 3]);
        assert_eq!(factor(&[1.2], 4), 0.0);
    }
}
