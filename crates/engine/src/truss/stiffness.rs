//! A truss's stiffness: node axes (an inclined roller's rolling and normal directions), prescribed
//! dofs, bars as elements of the analysis core, and the forces equivalent to imposed deformations.

use super::model::{SupportKind, TrussModel, Warning};
use crate::analysis::Element;
use crate::error::EngineError;
pub(super) use crate::roller::{dot, Axes};
use crate::roller::{roller_axes, roller_settlement, translation_mechanism, GLOBAL_AXES};

/// A free dof stiffer than this fraction of the bars meeting at its node is held. The skyline's own
/// pivot test is relative to the dof's diagonal, so it cannot see a dof whose whole stiffness is
/// rounding noise (a roller rolling square to its only bar, a node whose bars are all parallel to
/// one dof, to the last bit): this catches those before factorising. Rounding leaves ~1e-30 here;
/// a real soft bar across stiff ones stays far above.
const NEGLIGIBLE_STIFFNESS: f64 = 1e-12;

/// How the supports hold the nodes.
pub(super) struct Restraints {
    pub axes: Vec<Axes>,
    pub prescribed: Vec<bool>,
    /// Prescribed value of each dof (settlements), zero elsewhere.
    pub imposed: Vec<f64>,
    pub warnings: Vec<Warning>,
}

/// A bar ready for assembly.
pub(super) struct Bar {
    dofs: [usize; 4],
    /// Axial stiffness EA/L (kN/m).
    stiffness: f64,
    /// Elongation per unit displacement of each dof (dofs in their node's axes).
    elongation: [f64; 4],
    /// Unit vector from the start node to the end node.
    pub direction: [f64; 2],
    /// Initial elongation from fabrication errors (m).
    initial: f64,
    /// `EA/L · b bᵀ`, row-major.
    matrix: [f64; 16],
}

impl Element for Bar {
    fn dofs(&self) -> &[usize] {
        &self.dofs
    }

    fn stiffness(&self) -> &[f64] {
        &self.matrix
    }
}

impl Bar {
    fn elongation_of(&self, d: &[f64]) -> f64 {
        self.dofs
            .iter()
            .zip(&self.elongation)
            .map(|(&dof, b)| b * d[dof])
            .sum()
    }

    /// Axial force for nodal displacements `d`, the initial elongation included.
    pub fn force(&self, d: &[f64]) -> f64 {
        self.stiffness * (self.elongation_of(d) - self.initial)
    }
}

/// Node axes, prescribed dofs and their values from the supports.
pub(super) fn restrain(model: &TrussModel) -> Result<Restraints, EngineError> {
    let dof_count = 2 * model.nodes.len();
    let mut r = Restraints {
        axes: vec![GLOBAL_AXES; model.nodes.len()],
        prescribed: vec![false; dof_count],
        imposed: vec![0.0; dof_count],
        warnings: Vec::new(),
    };
    for support in &model.supports {
        let n = support.node;
        let s = [support.settlement.x, support.settlement.y];
        match support.kind {
            SupportKind::Pin => {
                r.prescribed[2 * n] = true;
                r.prescribed[2 * n + 1] = true;
                r.imposed[2 * n] = s[0];
                r.imposed[2 * n + 1] = s[1];
            }
            SupportKind::Roller => {
                r.axes[n] = roller_axes(support.angle);
                r.prescribed[2 * n + 1] = true;
                let (normal, warning) = roller_settlement(&r.axes[n], s);
                r.imposed[2 * n + 1] = normal;
                if let Some(message) = warning {
                    r.warnings.push(Warning { node: n, message });
                }
            }
        }
    }
    if r.imposed.iter().any(|v| !v.is_finite()) {
        return Err(EngineError::NonFinite {
            message: "a settlement overflowed".into(),
        });
    }
    Ok(r)
}

/// Bars with their stiffness and the elongation each dof causes, in the node axes; `lengths` are
/// the members' (from `validate`). Fabrication errors are summed into the bars themselves, so the
/// solve allocates no more than it did before `lengths` (the native figure moves with glibc's
/// heap: docs/architecture.md, "WebAssembly against native").
pub(super) fn bars(
    model: &TrussModel,
    axes: &[Axes],
    lengths: &[f64],
) -> Result<Vec<Bar>, EngineError> {
    let overflow = || EngineError::NonFinite {
        message: "a member's stiffness or initial elongation overflowed".into(),
    };
    // Filled in place: collecting `Result`s cannot size the vector first, and growing it copies
    // every 224-byte bar again at each doubling.
    let mut bars = Vec::with_capacity(model.members.len());
    for (m, &length) in model.members.iter().zip(lengths) {
        let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
        let direction = [(b.x - a.x) / length, (b.y - a.y) / length];
        let stiffness = m.e * m.a / length;
        if !(stiffness.is_finite() && length.is_finite()) {
            return Err(overflow());
        }
        // elongation = direction · (u_to − u_from), with u = Σ axis·dof at each end
        let [ax, ay] = axes[m.from];
        let [bx, by] = axes[m.to];
        let elongation = [
            -dot(direction, ax),
            -dot(direction, ay),
            dot(direction, bx),
            dot(direction, by),
        ];
        bars.push(Bar {
            dofs: [2 * m.from, 2 * m.from + 1, 2 * m.to, 2 * m.to + 1],
            stiffness,
            elongation,
            direction,
            initial: 0.0,
            matrix: std::array::from_fn(|k| stiffness * elongation[k / 4] * elongation[k % 4]),
        });
    }
    for f in &model.fabrication_errors {
        bars[f.member].initial += f.strain * lengths[f.member] + f.delta_length;
    }
    if bars.iter().all(|b| b.initial.is_finite()) {
        Ok(bars)
    } else {
        Err(overflow())
    }
}

/// Every free dof needs stiffness from some bar; a node nothing holds is a mechanism.
pub(super) fn require_every_dof_held(
    model: &TrussModel,
    restraints: &Restraints,
    bars: &[Bar],
) -> Result<(), EngineError> {
    let mut diagonal = vec![0.0; restraints.prescribed.len()];
    let mut meeting = vec![0.0; model.nodes.len()];
    for bar in bars {
        for (&dof, b) in bar.dofs.iter().zip(&bar.elongation) {
            diagonal[dof] += bar.stiffness * b * b;
        }
        // Each end's two dofs are both listed: count the bar once per node.
        meeting[bar.dofs[0] / 2] += bar.stiffness;
        meeting[bar.dofs[2] / 2] += bar.stiffness;
    }
    for (dof, &k) in diagonal.iter().enumerate() {
        if !restraints.prescribed[dof] && k <= NEGLIGIBLE_STIFFNESS * meeting[dof / 2] {
            return Err(mechanism(model, &restraints.axes, dof));
        }
    }
    Ok(())
}

/// The mechanism error for a free dof, named by the nearer of horizontal and vertical.
pub(super) fn mechanism(model: &TrussModel, axes: &[Axes], dof: usize) -> EngineError {
    let node = dof / 2;
    let at = model.nodes[node];
    translation_mechanism(node, axes[node][dof % 2], [at.x, at.y])
}

/// Nodal forces equivalent to the settlements and fabrication errors, `None` when there are none.
pub(super) fn imposed_forces(restraints: &Restraints, bars: &[Bar]) -> Option<Vec<f64>> {
    let any_settlement = restraints.imposed.iter().any(|&u| u != 0.0);
    let any_misfit = bars.iter().any(|b| b.initial != 0.0);
    if !(any_settlement || any_misfit) {
        return None;
    }
    // A bar stretched by the settlements, or fabricated long, pushes on its nodes as if a load
    // EA/L·(e0 − settlement elongation) pulled them along it.
    let mut f = vec![0.0; restraints.imposed.len()];
    for bar in bars {
        let pull = bar.stiffness * (bar.initial - bar.elongation_of(&restraints.imposed));
        for (&dof, b) in bar.dofs.iter().zip(&bar.elongation) {
            f[dof] += pull * b;
        }
    }
    Some(f)
}
