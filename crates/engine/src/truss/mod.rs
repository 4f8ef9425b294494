//! Plane pin-jointed trusses: bars carrying axial force only, pin and inclined-roller supports,
//! nodal loads in cases, support settlements and fabrication errors.
//!
//! Every node has two displacement dofs. At a roller they are measured along the roller's rolling
//! and normal directions instead of x and y, so the support is an exact constraint: the normal dof
//! is prescribed, the rolling one stays free. The stiffness matrix is factorised once; each load
//! case present is one solve, the imposed deformations (settlements and fabrication errors) one
//! more, and every combination is the factored sum of the case solutions plus the imposed
//! deformations at factor 1.
//!
//! ```
//! use spanwise_engine::truss::{solve_truss, Load, Member, Node, Support, SupportKind, TrussModel};
//! // Two bars from pins at (±3, 4) meet at (0, 0) under 60 kN down: each carries
//! // 30 / (4/5) = 37.5 kN of tension (method of joints).
//! let bar = |from, to| Member { from, to, e: 200e6, a: 1e-3 };
//! let pin = |node| Support { node, kind: SupportKind::Pin, angle: 0.0, settlement: Default::default() };
//! let model = TrussModel {
//!     nodes: vec![Node { x: 0.0, y: 0.0 }, Node { x: -3.0, y: 4.0 }, Node { x: 3.0, y: 4.0 }],
//!     members: vec![bar(0, 1), bar(0, 2)],
//!     supports: vec![pin(1), pin(2)],
//!     loads: vec![Load { node: 0, fx: 0.0, fy: -60.0, case: 0 }],
//!     fabrication_errors: vec![],
//! };
//! let results = solve_truss(&model, &[vec![1.0]]).unwrap();
//! assert!((results[0].member_forces[0].force - 37.5).abs() < 1e-9);
//! ```

mod model;
mod results;
mod stiffness;

pub use model::{
    Displacement, FabricationError, Load, Member, MemberForce, Node, Reaction, Settlement, Support,
    SupportKind, TrussModel, TrussResult, Warning,
};

use crate::analysis::{cases_present, factor, Nodes, System};
use crate::error::EngineError;
use model::validate;
use results::combine;
use stiffness::{bars, dot, imposed_forces, mechanism, require_every_dof_held, restrain, Axes};

/// Loads of one case in global components per node.
struct CaseLoads {
    case: usize,
    forces: Vec<[f64; 2]>,
}

/// Solves the truss for each combination (factors indexed by case; missing factors are 0).
/// Settlements and fabrication errors act at factor 1 in every combination.
pub fn solve_truss(
    model: &TrussModel,
    combinations: &[Vec<f64>],
) -> Result<Vec<TrussResult>, EngineError> {
    let lengths = validate(model)?;
    let restraints = restrain(model)?;
    let bars = bars(model, &restraints.axes, &lengths)?;
    require_every_dof_held(model, &restraints, &bars)?;
    let system = System::factorise(
        Nodes { per_node: 2 },
        &restraints.prescribed,
        &bars,
        |dof| mechanism(model, &restraints.axes, dof),
    )?;
    // Case solutions hold the supports still: settlements are in the imposed solution, once.
    let cases = case_loads(model);
    let solutions = system.solve_cases(
        cases
            .iter()
            .map(|c| (c.case, in_node_axes(&c.forces, &restraints.axes))),
        imposed_forces(&restraints, &bars).map(|f| (f, &restraints.imposed[..])),
    );
    combinations
        .iter()
        .map(|factors| {
            let d = solutions.combined(factors);
            let mut loads = vec![[0.0; 2]; model.nodes.len()];
            for c in &cases {
                let f = factor(factors, c.case);
                if f != 0.0 {
                    for (load, force) in loads.iter_mut().zip(&c.forces) {
                        load[0] += f * force[0];
                        load[1] += f * force[1];
                    }
                }
            }
            combine(model, &restraints, &bars, &d, &loads)
        })
        .collect()
}

/// Loads grouped by case, in order of case index.
fn case_loads(model: &TrussModel) -> Vec<CaseLoads> {
    cases_present(model.loads.iter().map(|l| l.case))
        .into_iter()
        .map(|case| {
            let mut forces = vec![[0.0; 2]; model.nodes.len()];
            for l in model.loads.iter().filter(|l| l.case == case) {
                forces[l.node][0] += l.fx;
                forces[l.node][1] += l.fy;
            }
            CaseLoads { case, forces }
        })
        .collect()
}

/// Global nodal forces resolved along each node's axes, per dof.
fn in_node_axes(forces: &[[f64; 2]], axes: &[Axes]) -> Vec<f64> {
    forces
        .iter()
        .zip(axes)
        .flat_map(|(&f, a)| [dot(f, a[0]), dot(f, a[1])])
        .collect()
}
