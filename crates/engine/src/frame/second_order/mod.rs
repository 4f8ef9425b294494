//! Second-order analysis of plane frames: equilibrium on the deformed geometry (P-Δ and P-δ) by the
//! exact beam-column stiffness of every member under its axial force, iterated on the axial forces;
//! and elastic critical load factors by Wittrick-Williams counting ([`buckling`]).
//!
//! Superposition does not hold, so each load arrangement (a combination's factored loads) is solved
//! on its own. The members are re-formed from their axial forces ([`beam_column::Stressed`]) and
//! assembled with the first-order analysis's numbering and skyline profile; the first solve is the
//! first-order one (zero axial force gives the first-order member exactly), each further solve uses
//! the axial forces of the one before, until the largest change is below 1e-10 of the largest axial
//! force. A member's axial force is its mean (EA times its chord's strain): with axial member loads
//! it varies along the member, and the bending sees the mean. Small rotations, no bowing.

pub(crate) mod basis;
mod beam_column;
pub mod buckling;
mod results;

use nalgebra::Vector6;

use super::element::BeamColumn;
use super::loads::{case_loads, CaseLoads, LocalLoads};
use super::member_results::Workspace;
use super::stiffness::{imposed_forces, Restraints};
use super::{
    factored_nodal, frame_result, prepare, solve_frame, FrameAnalysis, FrameModel, FrameResult,
};
use crate::analysis::{factor, System};
use crate::error::EngineError;
use crate::member::breakpoints_into;
use beam_column::Stressed;
use buckling::BucklingMode;

/// Relative change of the axial forces at which the iteration has converged.
const TOLERANCE: f64 = 1e-10;
/// Solves with re-formed members before the iteration is given up.
const MOST_ITERATIONS: usize = 50;

/// Second-order results of every combination and how many iterations each took.
#[derive(Clone, Debug, PartialEq)]
pub struct SecondOrderAnalysis {
    /// Results in the first-order analysis's form, one per combination.
    pub analysis: FrameAnalysis,
    /// Solves with members re-formed from axial forces, one count per combination.
    pub iterations: Vec<usize>,
}

/// What every arrangement of one model shares: supports, members, loads by case, the numbering.
pub(crate) struct Setup<'a> {
    model: &'a FrameModel,
    restraints: Restraints,
    members: Vec<BeamColumn>,
    cases: Vec<CaseLoads>,
    system: System,
}

impl<'a> Setup<'a> {
    /// Checks the model and numbers and factorises its first-order stiffness (a mechanism is
    /// refused here, as in first order).
    pub fn new(model: &'a FrameModel) -> Result<Self, EngineError> {
        let (restraints, members, system) = prepare(model)?;
        Ok(Setup {
            model,
            restraints,
            members,
            cases: case_loads(model),
            system,
        })
    }

    /// One arrangement's factored loads: nodal (global) and each member's, with the breakpoints
    /// of its bending loads.
    pub fn arrangement(&self, factors: &[f64]) -> Arrangement {
        let mut nodal = vec![[0.0; 3]; self.model.nodes.len()];
        factored_nodal(&mut nodal, &self.cases, factors);
        let mut loads = vec![LocalLoads::default(); self.members.len()];
        for c in &self.cases {
            let f = factor(factors, c.case);
            if f == 0.0 {
                continue;
            }
            for (sum, l) in loads.iter_mut().zip(&c.members) {
                if !l.is_empty() {
                    sum.extend_scaled(l, f);
                }
            }
        }
        let xs = loads
            .iter()
            .zip(&self.members)
            .map(|(l, m)| {
                let mut xs = Vec::new();
                breakpoints_into(&mut xs, m.length, &l.bending);
                xs
            })
            .collect();
        Arrangement { nodal, loads, xs }
    }

    /// The members re-formed under axial forces `axial`.
    fn stressed(&self, axial: impl Iterator<Item = f64>) -> Vec<Stressed> {
        self.members
            .iter()
            .zip(axial)
            .map(|(m, n)| Stressed::new(m, n))
            .collect()
    }

    /// Displacements of `arrangement` with the members `stressed`, factorised as `system`.
    fn displacements(&self, system: &System, stressed: &[Stressed], a: &Arrangement) -> Vec<f64> {
        let r = &self.restraints;
        let mut f: Vec<f64> = a
            .nodal
            .iter()
            .zip(&r.axes)
            .flat_map(|(load, axes)| {
                let along = |axis: [f64; 2]| load[0] * axis[0] + load[1] * axis[1];
                [along(axes[0]), along(axes[1]), load[2]]
            })
            .collect();
        for (((m, s), loads), xs) in self.members.iter().zip(stressed).zip(&a.loads).zip(&a.xs) {
            if loads.is_empty() {
                continue;
            }
            let fixed = m.to_local.transpose() * s.fixed_end_forces(m, loads, xs);
            for (&dof, value) in m.dofs.iter().zip(fixed.iter()) {
                f[dof] -= value;
            }
        }
        if let Some(imposed) = imposed_forces(r, stressed) {
            f.iter_mut().zip(imposed).for_each(|(fi, g)| *fi += g);
        }
        system.solve(&f, &r.imposed)
    }

    /// Each member's mean axial force (kN, tension positive) for the displacements `d`.
    fn axial_forces(&self, d: &[f64]) -> Vec<f64> {
        self.members
            .iter()
            .map(|m| {
                let u = m.local_displacements(d);
                m.ea / m.length * (u[3] - u[0])
            })
            .collect()
    }

    /// The first-order displacements and axial forces of an arrangement.
    pub fn first_order(&self, a: &Arrangement) -> (Vec<f64>, Vec<f64>) {
        let stressed = self.stressed(std::iter::repeat(0.0));
        let d = self.displacements(&self.system, &stressed, a);
        let axial = self.axial_forces(&d);
        (d, axial)
    }

    /// Iterates arrangement `index` to equilibrium on its deformed geometry: its displacements,
    /// the members as last re-formed and the number of solves with re-formed members.
    fn converge(
        &self,
        index: usize,
        a: &Arrangement,
    ) -> Result<(Vec<f64>, Vec<Stressed>, usize), EngineError> {
        let (_, mut axial) = self.first_order(a);
        for iteration in 1..=MOST_ITERATIONS {
            let stressed = self.stressed(axial.iter().copied());
            // the first-order stiffness factorised: a pivot lost now is the axial forces' doing
            let system = self
                .system
                .refactorise(&stressed, |_| EngineError::Buckling { arrangement: index })?;
            let d = self.displacements(&system, &stressed, a);
            let next = self.axial_forces(&d);
            let largest = next.iter().fold(0.0_f64, |m, n| m.max(n.abs()));
            let change = next
                .iter()
                .zip(&axial)
                .fold(0.0_f64, |m, (n, o)| m.max((n - o).abs()));
            if !(change.is_finite() && largest.is_finite()) {
                return Err(EngineError::Buckling { arrangement: index });
            }
            if change <= TOLERANCE * largest {
                // a member past a critical load of its own (a pin-ended strut beyond Euler's load)
                // leaves the stiffness positive definite: Wittrick-Williams's J0 counts it
                if self.members_buckled(&next) {
                    return Err(EngineError::Buckling { arrangement: index });
                }
                return Ok((d, stressed, iteration));
            }
            axial = next;
        }
        if self.members_buckled(&axial) {
            return Err(EngineError::Buckling { arrangement: index });
        }
        Err(EngineError::NotConverged {
            message: format!(
                "the axial forces of load arrangement {index} changed by more than {TOLERANCE} \
                 of the largest after {MOST_ITERATIONS} iterations"
            ),
        })
    }

    /// Whether some member under `axial` is past a critical load it has with its ends clamped.
    fn members_buckled(&self, axial: &[f64]) -> bool {
        self.members
            .iter()
            .zip(axial)
            .any(|(m, &n)| buckling::clamped_modes(m, n) > 0)
    }

    /// The result of an arrangement from its displacements and re-formed members.
    fn result(
        &self,
        a: &Arrangement,
        d: &[f64],
        stressed: &[Stressed],
        with_diagrams: bool,
        work: &mut Workspace,
    ) -> Result<FrameResult, EngineError> {
        let n = self.model.nodes.len();
        let mut at_nodes = vec![[0.0; 3]; n];
        let mut results = Vec::with_capacity(self.members.len());
        let mut stretches = Vec::new();
        if with_diagrams {
            work.reserve_diagrams(self.members.len());
        }
        for ((m, s), loads) in self.members.iter().zip(stressed).zip(&a.loads) {
            work.loads.clear();
            work.loads.extend_scaled(loads, 1.0);
            let u: Vector6<f64> = m.local_displacements(d);
            let (result, p) = results::member_result(m, s, &u, work, &mut stretches, with_diagrams);
            for (end, node) in [(0, m.dofs[0] / 3), (3, m.dofs[3] / 3)] {
                let g = m.to_global([p[end], p[end + 1], p[end + 2]]);
                (0..3).for_each(|k| at_nodes[node][k] += g[k]);
            }
            results.push(result);
        }
        work.share_diagrams(&mut results);
        frame_result(
            self.model,
            &self.restraints,
            &a.nodal,
            &at_nodes,
            d,
            results,
        )
    }
}

/// One load arrangement's factored loads.
pub(crate) struct Arrangement {
    nodal: Vec<[f64; 3]>,
    loads: Vec<LocalLoads>,
    xs: Vec<Vec<f64>>,
}

/// Solves each combination (factors indexed by case; settlements at factor 1) to equilibrium on its
/// deformed geometry. The first `diagrams` results carry member diagrams. A combination at or past
/// its elastic critical load is [`EngineError::Buckling`] (naming its index); one whose axial
/// forces do not settle within 50 iterations is [`EngineError::NotConverged`].
pub fn solve_frame_second_order(
    model: &FrameModel,
    combinations: &[Vec<f64>],
    diagrams: usize,
) -> Result<SecondOrderAnalysis, EngineError> {
    let setup = Setup::new(model)?;
    let mut work = Workspace::default();
    let mut results = Vec::with_capacity(combinations.len());
    let mut iterations = Vec::with_capacity(combinations.len());
    for (index, factors) in combinations.iter().enumerate() {
        let a = setup.arrangement(factors);
        let (d, stressed, count) = setup.converge(index, &a)?;
        results.push(setup.result(&a, &d, &stressed, index < diagrams, &mut work)?);
        iterations.push(count);
    }
    Ok(SecondOrderAnalysis {
        analysis: FrameAnalysis {
            results,
            warnings: setup.restraints.warnings,
        },
        iterations,
    })
}

/// What a frame analysis finds besides the first-order results.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameOptions {
    /// Equilibrium on the deformed geometry ([`solve_frame_second_order`]).
    pub second_order: bool,
    /// How many critical factors ([`buckling::frame_buckling`]) each flagged combination gets.
    pub buckling: usize,
    /// Which combinations get critical factors (missing: none).
    pub buckling_of: Vec<bool>,
}

/// Results of every combination with what [`FrameOptions`] asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct FullFrameAnalysis {
    /// First- or second-order results, one per combination.
    pub analysis: FrameAnalysis,
    /// Solves with re-formed members per combination (0 in first order).
    pub iterations: Vec<usize>,
    /// Critical factors and modes per combination (empty where not asked for, or where nothing
    /// is in compression).
    pub buckling: Vec<Vec<BucklingMode>>,
}

/// Solves every combination in first or second order and finds the critical factors asked for,
/// each with the axial forces of its combination's first-order analysis.
pub fn analyse_frame(
    model: &FrameModel,
    combinations: &[Vec<f64>],
    diagrams: usize,
    options: &FrameOptions,
) -> Result<FullFrameAnalysis, EngineError> {
    let (analysis, iterations) = if options.second_order {
        let s = solve_frame_second_order(model, combinations, diagrams)?;
        (s.analysis, s.iterations)
    } else {
        let a = solve_frame(model, combinations, diagrams)?;
        (a, vec![0; combinations.len()])
    };
    let mut buckling = vec![Vec::new(); combinations.len()];
    if options.buckling > 0 {
        let setup = Setup::new(model)?;
        for (k, factors) in combinations.iter().enumerate() {
            if options.buckling_of.get(k).copied().unwrap_or(false) {
                let (_, axial) = setup.first_order(&setup.arrangement(factors));
                buckling[k] = setup.buckling(&axial, options.buckling)?;
            }
        }
    }
    Ok(FullFrameAnalysis {
        analysis,
        iterations,
        buckling,
    })
}
