//! A truss combination's results from its displacements: bar forces, reactions by node
//! equilibrium, displacements in global axes.

use super::model::{Displacement, MemberForce, Reaction, SupportKind, TrussModel, TrussResult};
use super::stiffness::{dot, Bar, Restraints};
use crate::error::EngineError;

/// Results of one combination from its displacements (node axes) and global nodal loads.
pub(super) fn combine(
    model: &TrussModel,
    restraints: &Restraints,
    bars: &[Bar],
    d: &[f64],
    loads: &[[f64; 2]],
) -> Result<TrussResult, EngineError> {
    let (member_forces, from_bars) = member_forces(model, bars, d);
    let reactions = reactions(model, restraints, &from_bars, loads);
    let displacements: Vec<Displacement> = restraints
        .axes
        .iter()
        .enumerate()
        .map(|(n, [a, b])| {
            let (u, v) = (d[2 * n], d[2 * n + 1]);
            Displacement {
                node: n,
                dx: a[0] * u + b[0] * v,
                dy: a[1] * u + b[1] * v,
            }
        })
        .collect();

    let finite = member_forces.iter().all(|m| m.force.is_finite())
        && reactions
            .iter()
            .all(|r| r.horizontal.is_finite() && r.vertical.is_finite())
        && displacements
            .iter()
            .all(|d| d.dx.is_finite() && d.dy.is_finite());
    if !finite {
        return Err(EngineError::NonFinite {
            message: "the truss's results overflowed".into(),
        });
    }
    Ok(TrussResult {
        reactions,
        member_forces,
        displacements,
        warnings: restraints.warnings.clone(),
    })
}

/// Every bar's force, and what the bars do to each node (global): tension pulls a node toward the
/// bar's other end.
fn member_forces(model: &TrussModel, bars: &[Bar], d: &[f64]) -> (Vec<MemberForce>, Vec<[f64; 2]>) {
    let mut from_bars = vec![[0.0; 2]; model.nodes.len()];
    let member_forces = bars
        .iter()
        .zip(&model.members)
        .enumerate()
        .map(|(index, (bar, m))| {
            let force = bar.force(d);
            let [cx, cy] = bar.direction;
            from_bars[m.from][0] += force * cx;
            from_bars[m.from][1] += force * cy;
            from_bars[m.to][0] -= force * cx;
            from_bars[m.to][1] -= force * cy;
            MemberForce {
                member: index,
                from: m.from,
                to: m.to,
                force,
            }
        })
        .collect();
    (member_forces, from_bars)
}

/// Each support's reaction from its node's equilibrium: bars + load + reaction = 0.
fn reactions(
    model: &TrussModel,
    restraints: &Restraints,
    from_bars: &[[f64; 2]],
    loads: &[[f64; 2]],
) -> Vec<Reaction> {
    model
        .supports
        .iter()
        .map(|s| {
            let n = s.node;
            let mut r = [
                -(from_bars[n][0] + loads[n][0]),
                -(from_bars[n][1] + loads[n][1]),
            ];
            if s.kind == SupportKind::Roller {
                // A roller pushes only along its normal; what is left along the rolling direction
                // is the solver's rounding.
                let normal = restraints.axes[n][1];
                let along_normal = dot(r, normal);
                r = [along_normal * normal[0], along_normal * normal[1]];
            }
            Reaction {
                node: n,
                horizontal: r[0],
                vertical: r[1],
            }
        })
        .collect()
}
