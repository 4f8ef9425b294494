//! A frame's stiffness: node axes (an inclined roller's rolling and normal directions), prescribed
//! dofs and their values, members as elements of the analysis core, and mechanisms named by node.

use super::element::BeamColumn;
use super::model::{member_length, FrameModel, FrameSupportKind, FrameWarning};
use crate::error::{Direction, EngineError};
use crate::roller::{roller_axes, roller_settlement, translation_mechanism, Axes, GLOBAL_AXES};

/// A free dof with less stiffness than this fraction of what meets at its node is held by nothing:
/// the skyline's pivot test is relative to the dof's own diagonal, so it cannot see a dof whose whole
/// stiffness is rounding noise or exactly zero (a node every member meets through a hinge).
const NEGLIGIBLE_STIFFNESS: f64 = 1e-12;

/// How the supports hold the nodes: three dofs per node (two along the node's axes, one rotation).
pub(super) struct Restraints {
    pub axes: Vec<Axes>,
    pub prescribed: Vec<bool>,
    /// Prescribed value of each dof (settlements), zero elsewhere.
    pub imposed: Vec<f64>,
    pub warnings: Vec<FrameWarning>,
}

/// Node axes, prescribed dofs and their values from the supports.
pub(super) fn restrain(model: &FrameModel) -> Result<Restraints, EngineError> {
    let n = model.nodes.len();
    let mut r = Restraints {
        axes: vec![GLOBAL_AXES; n],
        prescribed: vec![false; 3 * n],
        imposed: vec![0.0; 3 * n],
        warnings: Vec::new(),
    };
    for support in &model.supports {
        let (k, s) = (3 * support.node, support.settlement);
        let shift = [s.x, s.y];
        if support.kind == FrameSupportKind::Roller {
            r.axes[support.node] = roller_axes(support.angle);
            r.prescribed[k + 1] = true;
            let (normal, warning) = roller_settlement(&r.axes[support.node], shift);
            r.imposed[k + 1] = normal;
            if let Some(message) = warning {
                r.warnings.push(FrameWarning {
                    node: support.node,
                    message,
                });
            }
            continue;
        }
        r.prescribed[k] = true;
        r.prescribed[k + 1] = true;
        r.imposed[k] = s.x;
        r.imposed[k + 1] = s.y;
        if support.kind == FrameSupportKind::Fixed {
            r.prescribed[k + 2] = true;
            r.imposed[k + 2] = s.rotation;
        }
    }
    Ok(r)
}

/// Members as elements over the node axes.
pub(super) fn members(model: &FrameModel, axes: &[Axes]) -> Result<Vec<BeamColumn>, EngineError> {
    // sized up front: a collect through `Result` cannot know the length, and doubling would copy
    // every (large) element again
    let mut out = Vec::with_capacity(model.members.len());
    for m in &model.members {
        out.push({
            let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
            let length = member_length(model, m);
            let (ea, ei) = (m.e * m.a, m.e * m.i);
            if !(ea.is_finite() && ei.is_finite() && (ei / length.powi(3)).is_finite()) {
                return Err(EngineError::NonFinite {
                    message: "a member's stiffness overflowed".into(),
                });
            }
            BeamColumn::new(
                [m.from, m.to],
                [&axes[m.from], &axes[m.to]],
                [b.x - a.x, b.y - a.y],
                (ea, ei),
                [m.release_start, m.release_end],
            )
        });
    }
    Ok(out)
}

/// Every free dof needs stiffness from some member; one that nothing holds is a mechanism there.
pub(super) fn require_every_dof_held(
    model: &FrameModel,
    restraints: &Restraints,
    members: &[BeamColumn],
) -> Result<(), EngineError> {
    use crate::analysis::Element;
    let mut diagonal = vec![0.0; restraints.prescribed.len()];
    let mut meeting = vec![0.0; model.nodes.len()];
    for m in members {
        let k = m.stiffness();
        for (i, &dof) in m.dofs.iter().enumerate() {
            diagonal[dof] += k[7 * i];
        }
        // what meets each node: the member's largest end stiffness, released or not
        let scale = (m.ea / m.length)
            .max(12.0 * m.ei / m.length.powi(3))
            .max(4.0 * m.ei / m.length);
        meeting[m.dofs[0] / 3] += scale;
        meeting[m.dofs[3] / 3] += scale;
    }
    for (dof, &k) in diagonal.iter().enumerate() {
        if !restraints.prescribed[dof] && k <= NEGLIGIBLE_STIFFNESS * meeting[dof / 3] {
            return Err(mechanism(model, &restraints.axes, dof));
        }
    }
    Ok(())
}

/// The mechanism error for a free dof: a rotation, or the nearer of horizontal and vertical.
pub(super) fn mechanism(model: &FrameModel, axes: &[Axes], dof: usize) -> EngineError {
    let node = dof / 3;
    let at = model.nodes[node];
    match dof % 3 {
        2 => EngineError::Mechanism {
            node,
            direction: Direction::Rotation,
            x: at.x,
            y: at.y,
        },
        k => translation_mechanism(node, axes[node][k], [at.x, at.y]),
    }
}

/// Nodal forces that hold the structure in the settled shape (−K·u of the settlements), `None`
/// when no support settles.
pub(super) fn imposed_forces<E: crate::analysis::Element>(
    restraints: &Restraints,
    members: &[E],
) -> Option<Vec<f64>> {
    if restraints.imposed.iter().all(|&u| u == 0.0) {
        return None;
    }
    let mut f = vec![0.0; restraints.imposed.len()];
    for m in members {
        let k = m.stiffness();
        for (i, &row) in m.dofs().iter().enumerate() {
            let push: f64 = m
                .dofs()
                .iter()
                .enumerate()
                .map(|(j, &col)| k[6 * j + i] * restraints.imposed[col])
                .sum();
            f[row] -= push;
        }
    }
    Some(f)
}
