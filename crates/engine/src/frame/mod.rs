//! Plane rigid-jointed frames: beam-columns (axial and bending) with end moment releases, pin,
//! inclined-roller and fixed supports with settlements, nodal loads and member loads in cases.
//!
//! Every node has three dofs: two displacements (along x and y, or along an inclined roller's rolling
//! and normal directions, so that the roller is an exact constraint) and a rotation. The analysis core
//! ([`crate::analysis`]) factorises the stiffness once; each load case present is one solve, the
//! settlements one more, and a combination is their factored sum. Member results are exact: the end
//! forces plus the member's own loads, integrated as polynomials ([`crate::member`]).
//!
//! ```
//! use spanwise_engine::frame::{solve_frame, FrameMember, FrameModel, FrameSupport, FrameSupportKind, NodalLoad};
//! use spanwise_engine::truss::Node;
//! // A 4 m cantilever column, EI = 2e4 kN.m², 10 kN sideways at the top: PL³/3EI = 10.667 mm.
//! let model = FrameModel {
//!     nodes: vec![Node { x: 0.0, y: 0.0 }, Node { x: 0.0, y: 4.0 }],
//!     members: vec![FrameMember { from: 0, to: 1, e: 200e6, a: 1e-2, i: 1e-4, release_start: false, release_end: false }],
//!     supports: vec![FrameSupport { node: 0, kind: FrameSupportKind::Fixed, angle: 0.0, settlement: Default::default() }],
//!     nodal_loads: vec![NodalLoad { node: 1, fx: 10.0, fy: 0.0, moment: 0.0, case: 0 }],
//!     member_loads: vec![],
//! };
//! let analysis = solve_frame(&model, &[vec![1.0]], 0).unwrap();
//! assert!((analysis.results[0].displacements[1].x - 10.0 * 64.0 / 6e4).abs() < 1e-12);
//! ```

mod element;
mod loads;
mod member_results;
mod model;
mod pattern;
pub mod second_order;
mod series;
mod stiffness;

pub use member_results::{EndForces, FrameMemberResult, MemberDiagrams, MemberExtremes, Series};
pub use model::{
    member_length, FrameMember, FrameModel, FrameSettlement, FrameSupport, FrameSupportKind,
    FrameWarning, LoadDirection, MemberLoad, MemberLoadKind, NodalLoad,
};
pub use pattern::{
    solve_frame_patterned, Bounded, FramePatterned, FramePiece, PatternedFrameAnalysis,
};

use nalgebra::Vector6;
use serde::Serialize;

use crate::analysis::{factor, Nodes, Solutions, System};
use crate::error::EngineError;
use element::BeamColumn;
use loads::{case_loads, CaseLoads, LocalLoads};
use member_results::{member_result, Workspace};
use stiffness::{imposed_forces, mechanism, members, require_every_dof_held, restrain, Restraints};

/// A support's reaction on the structure (global axes).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FrameReaction {
    /// Node index.
    pub node: usize,
    /// Horizontal force (kN, +x).
    pub horizontal: f64,
    /// Vertical force (kN, +y).
    pub vertical: f64,
    /// Moment (kN.m, counter-clockwise).
    pub moment: f64,
}

/// A node's displacement (global axes).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NodeDisplacement {
    /// Along x (m).
    pub x: f64,
    /// Along y (m).
    pub y: f64,
    /// Rotation (rad, counter-clockwise).
    pub rotation: f64,
}

/// Results of one combination.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameResult {
    /// One per support, in the model's order.
    pub reactions: Vec<FrameReaction>,
    /// One per node.
    pub displacements: Vec<NodeDisplacement>,
    /// One per member.
    pub members: Vec<FrameMemberResult>,
}

/// Results of every combination, and what the caller should know about the model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameAnalysis {
    /// One per combination; the first `diagrams` carry member diagrams.
    pub results: Vec<FrameResult>,
    /// Advisories (a roller settlement along its rolling direction).
    pub warnings: Vec<FrameWarning>,
}

/// Solves the frame for each combination (factors indexed by case; missing factors are 0);
/// settlements act at factor 1 in every combination. The first `diagrams` results carry sampled
/// member diagrams; every result has exact extremes.
pub fn solve_frame(
    model: &FrameModel,
    combinations: &[Vec<f64>],
    diagrams: usize,
) -> Result<FrameAnalysis, EngineError> {
    let linear = Linear::solve(model)?;
    Ok(FrameAnalysis {
        results: linear.results(model, combinations, diagrams)?,
        warnings: linear.restraints.warnings.clone(),
    })
}

/// A model's load cases solved with its one factorisation: what every combination superposes.
pub(super) struct Linear {
    restraints: Restraints,
    members: Vec<BeamColumn>,
    /// Each case's loads, in order of case index.
    cases: Vec<CaseLoads>,
    /// Each case's fixed-end forces per member: linear in the loads, so superposed per combination.
    fixed: Vec<Vec<Vector6<f64>>>,
    solutions: Solutions,
    /// The factorised stiffness, for more load sets (pattern loading's pieces).
    system: System,
}

impl Linear {
    fn solve(model: &FrameModel) -> Result<Self, EngineError> {
        let (restraints, members, system) = prepare(model)?;
        let cases = case_loads(model);
        let fixed: Vec<Vec<Vector6<f64>>> = cases
            .iter()
            .map(|c| {
                members
                    .iter()
                    .zip(&c.members)
                    .map(|(m, l)| m.fixed_end_forces(l))
                    .collect()
            })
            .collect();
        let solutions = system.solve_cases(
            cases.iter().zip(&fixed).map(|(c, f)| {
                let loaded = members.iter().zip(f).zip(&c.members);
                let loaded = loaded.filter(|(_, l)| !l.is_empty()).map(|(mf, _)| mf);
                (c.case, load_vector(&c.nodal, loaded, &restraints))
            }),
            imposed_forces(&restraints, &members).map(|f| (f, &restraints.imposed[..])),
        );
        Ok(Linear {
            restraints,
            members,
            cases,
            fixed,
            solutions,
            system,
        })
    }

    /// Every combination's result; the first `diagrams` with member diagrams.
    fn results(
        &self,
        model: &FrameModel,
        combinations: &[Vec<f64>],
        diagrams: usize,
    ) -> Result<Vec<FrameResult>, EngineError> {
        let mut work = Workspace::default();
        combinations
            .iter()
            .enumerate()
            .map(|(k, factors)| {
                let d = self.solutions.combined(factors);
                combination_result(model, self, factors, &d, k < diagrams, &mut work)
            })
            .collect()
    }

    /// A member's local end displacements and end forces under displacements `d`, and its own
    /// loads at the combination's `factors` into `loads`.
    fn member_state(
        &self,
        index: usize,
        factors: &[f64],
        d: &[f64],
        loads: &mut LocalLoads,
    ) -> (Vector6<f64>, Vector6<f64>) {
        let m = &self.members[index];
        let mut fixed = Vector6::zeros();
        loads.clear();
        for (c, case_fixed) in self.cases.iter().zip(&self.fixed) {
            let f = factor(factors, c.case);
            if f != 0.0 && !c.members[index].is_empty() {
                fixed += f * case_fixed[index];
                loads.extend_scaled(&c.members[index], f);
            }
        }
        let u = m.local_displacements(d);
        let p = m.end_forces(&u, &fixed);
        (u, p)
    }
}

/// The checked model's supports and members, and its stiffness numbered and factorised (a
/// mechanism refused).
fn prepare(model: &FrameModel) -> Result<(Restraints, Vec<BeamColumn>, System), EngineError> {
    model::validate(model)?;
    let restraints = restrain(model)?;
    let members = members(model, &restraints.axes)?;
    require_every_dof_held(model, &restraints, &members)?;
    let system = System::factorise(
        Nodes { per_node: 3 },
        &restraints.prescribed,
        &members,
        |dof| mechanism(model, &restraints.axes, dof),
    )?;
    Ok((restraints, members, system))
}

/// Nodal forces of one load set along the node axes: its nodal loads (global, per node) and what
/// its loaded members put on their ends (the opposite of their fixed-end forces).
fn load_vector<'a>(
    nodal: &[[f64; 3]],
    loaded: impl Iterator<Item = (&'a BeamColumn, &'a Vector6<f64>)>,
    restraints: &Restraints,
) -> Vec<f64> {
    let mut f: Vec<f64> = nodal
        .iter()
        .zip(&restraints.axes)
        .flat_map(|(load, axes)| {
            let along = |axis: [f64; 2]| load[0] * axis[0] + load[1] * axis[1];
            [along(axes[0]), along(axes[1]), load[2]]
        })
        .collect();
    for (m, fixed) in loaded {
        let fixed = m.to_local.transpose() * fixed;
        for (&dof, value) in m.dofs.iter().zip(fixed.iter()) {
            f[dof] -= value;
        }
    }
    f
}

fn combination_result(
    model: &FrameModel,
    linear: &Linear,
    factors: &[f64],
    d: &[f64],
    with_diagrams: bool,
    work: &mut Workspace,
) -> Result<FrameResult, EngineError> {
    let members = &linear.members;
    let mut nodal = vec![[0.0; 3]; model.nodes.len()];
    let mut at_nodes = vec![[0.0; 3]; model.nodes.len()];
    let mut results = Vec::with_capacity(members.len());
    if with_diagrams {
        work.reserve_diagrams(members.len());
    }
    for (index, m) in members.iter().enumerate() {
        let (u, p) = linear.member_state(index, factors, d, &mut work.loads);
        for (end, node) in [(0, m.dofs[0] / 3), (3, m.dofs[3] / 3)] {
            let g = m.to_global([p[end], p[end + 1], p[end + 2]]);
            (0..3).for_each(|k| at_nodes[node][k] += g[k]);
        }
        results.push(member_result(m, &u, &p, work, with_diagrams));
    }
    work.share_diagrams(&mut results);
    factored_nodal(&mut nodal, &linear.cases, factors);
    frame_result(model, &linear.restraints, &nodal, &at_nodes, d, results)
}

/// Adds each case's nodal loads times its factor to `nodal`.
fn factored_nodal(nodal: &mut [[f64; 3]], cases: &[CaseLoads], factors: &[f64]) {
    for c in cases {
        let f = factor(factors, c.case);
        for (sum, load) in nodal.iter_mut().zip(&c.nodal) {
            (0..3).for_each(|k| sum[k] += f * load[k]);
        }
    }
}

/// A combination's result from its displacements `d`, its nodal loads, what the members exert on
/// each node (`at_nodes`, global) and the members' results: reactions are what the members take
/// from a support node less what is applied there.
fn frame_result(
    model: &FrameModel,
    restraints: &Restraints,
    nodal: &[[f64; 3]],
    at_nodes: &[[f64; 3]],
    d: &[f64],
    results: Vec<FrameMemberResult>,
) -> Result<FrameResult, EngineError> {
    let result = FrameResult {
        reactions: model
            .supports
            .iter()
            .map(|s| {
                let (held, applied) = (at_nodes[s.node], nodal[s.node]);
                FrameReaction {
                    node: s.node,
                    horizontal: held[0] - applied[0],
                    vertical: held[1] - applied[1],
                    moment: held[2] - applied[2],
                }
            })
            .collect(),
        displacements: node_displacements(restraints, d),
        members: results,
    };
    require_finite(result)
}

/// Each node's displacement in global axes from the dofs `d` (along the node axes).
fn node_displacements(restraints: &Restraints, d: &[f64]) -> Vec<NodeDisplacement> {
    (0..restraints.axes.len())
        .map(|n| {
            let [a0, a1] = restraints.axes[n];
            let (u0, u1) = (d[3 * n], d[3 * n + 1]);
            NodeDisplacement {
                x: a0[0] * u0 + a1[0] * u1,
                y: a0[1] * u0 + a1[1] * u1,
                rotation: d[3 * n + 2],
            }
        })
        .collect()
}

/// Numbers that overflowed are an error value, never a result.
fn require_finite(result: FrameResult) -> Result<FrameResult, EngineError> {
    let finite = result
        .reactions
        .iter()
        .all(|r| r.horizontal.is_finite() && r.vertical.is_finite() && r.moment.is_finite())
        && result
            .displacements
            .iter()
            .all(|d| d.x.is_finite() && d.y.is_finite() && d.rotation.is_finite())
        && result.members.iter().all(|m| {
            let e = &m.extremes;
            [e.axial, e.shear, e.moment, e.deflection]
                .iter()
                .all(|r| r.max.value.is_finite() && r.min.value.is_finite())
        });
    if finite {
        Ok(result)
    } else {
        Err(EngineError::NonFinite {
            message: "a frame result overflowed".into(),
        })
    }
}
