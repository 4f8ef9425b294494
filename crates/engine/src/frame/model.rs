//! What a plane frame is and what its analysis answers, in SI units, and the rules a model must keep.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;
use crate::truss::Node;

/// Member ends closer than this fraction of the model's extent coincide.
const COINCIDENT: f64 = 1e-9;

/// A plane rigid-jointed frame in SI units: kN, m, kN/m², m², m⁴, rad; +y up, moments
/// counter-clockwise positive.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameModel {
    /// Nodes, referred to by index.
    pub nodes: Vec<Node>,
    /// Beam-columns between nodes.
    pub members: Vec<FrameMember>,
    /// At most one support per node.
    pub supports: Vec<FrameSupport>,
    /// Forces and moments on nodes, each in a load case.
    #[serde(default)]
    pub nodal_loads: Vec<NodalLoad>,
    /// Loads inside members, each in a load case.
    #[serde(default)]
    pub member_loads: Vec<MemberLoad>,
}

/// A beam-column: axial and bending stiffness, optionally hinged at either end.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FrameMember {
    /// Start node index; local x' runs from here to `to`, y' is x' turned counter-clockwise.
    pub from: usize,
    /// End node index.
    pub to: usize,
    /// Young's modulus (kN/m²).
    pub e: f64,
    /// Cross-section area (m²).
    pub a: f64,
    /// Second moment of area (m⁴).
    pub i: f64,
    /// A moment release (hinge) at the start.
    #[serde(default)]
    pub release_start: bool,
    /// A moment release (hinge) at the end.
    #[serde(default)]
    pub release_end: bool,
}

/// Support kinds of a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FrameSupportKind {
    /// Restrains both displacements.
    Pin,
    /// Restrains the displacement normal to its rolling direction.
    Roller,
    /// Restrains both displacements and the rotation.
    Fixed,
}

/// Imposed displacement of a support: global x and y (m) and rotation (rad, counter-clockwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct FrameSettlement {
    /// Horizontal (m).
    #[serde(default)]
    pub x: f64,
    /// Vertical (m, down negative).
    #[serde(default)]
    pub y: f64,
    /// Rotation (rad); a fixed support only.
    #[serde(default)]
    pub rotation: f64,
}

/// A support at a node.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct FrameSupport {
    /// Node index.
    pub node: usize,
    /// Kind.
    pub kind: FrameSupportKind,
    /// Direction a roller rolls along (rad, counter-clockwise from +x): 0 restrains y only.
    #[serde(default)]
    pub angle: f64,
    /// Imposed displacement; a roller only feels its component normal to the rolling direction.
    #[serde(default)]
    pub settlement: FrameSettlement,
}

/// A force and moment on a node (global axes).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct NodalLoad {
    /// Node index.
    pub node: usize,
    /// Horizontal force (kN, +x).
    #[serde(default)]
    pub fx: f64,
    /// Vertical force (kN, +y).
    #[serde(default)]
    pub fy: f64,
    /// Moment (kN.m, counter-clockwise).
    #[serde(default)]
    pub moment: f64,
    /// Load case index.
    #[serde(default)]
    pub case: usize,
}

/// The direction a member force or distributed load acts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LoadDirection {
    /// Along global +x; a distributed load is per metre of member length.
    GlobalX,
    /// Along global +y; a distributed load is per metre of member length.
    GlobalY,
    /// Along the member's +x' (from its start to its end).
    LocalX,
    /// Along the member's +y' (x' turned counter-clockwise).
    LocalY,
}

/// What a member load is.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum MemberLoadKind {
    /// A force at `at` (m from the start).
    Point {
        /// Position (m from the member start).
        at: f64,
        /// Force (kN) along the load direction.
        force: f64,
        /// Direction.
        direction: LoadDirection,
    },
    /// A linearly varying load over `[from, to]` (kN per metre of member).
    Line {
        /// Start (m from the member start).
        from: f64,
        /// End (m from the member start).
        to: f64,
        /// Intensity at `from`.
        start: f64,
        /// Intensity at `to`.
        end: f64,
        /// Direction.
        direction: LoadDirection,
    },
    /// A couple at `at` (kN.m, counter-clockwise).
    Moment {
        /// Position (m from the member start).
        at: f64,
        /// Moment (kN.m, counter-clockwise).
        moment: f64,
    },
}

/// A load on a member, in a load case.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct MemberLoad {
    /// Member index.
    pub member: usize,
    /// The load.
    pub kind: MemberLoadKind,
    /// Load case index.
    #[serde(default)]
    pub case: usize,
}

/// Something the caller should know about the model that did not stop the analysis.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameWarning {
    /// Node index it concerns.
    pub node: usize,
    /// What, for a person.
    pub message: String,
}

/// Length of a member (m).
pub fn member_length(model: &FrameModel, member: &FrameMember) -> f64 {
    let (a, b) = (model.nodes[member.from], model.nodes[member.to]);
    (b.x - a.x).hypot(b.y - a.y)
}

/// The model's size: its largest coordinate magnitude, at least 1 m.
pub(super) fn extent(model: &FrameModel) -> f64 {
    model
        .nodes
        .iter()
        .map(|p| p.x.abs().max(p.y.abs()))
        .fold(0.0, f64::max)
        .max(1.0)
}

/// The rules the engine relies on (the service checks them first and names the fields).
pub(super) fn validate(model: &FrameModel) -> Result<(), EngineError> {
    let n = model.nodes.len();
    if n < 2 || model.members.is_empty() || model.supports.is_empty() {
        return Err(EngineError::invalid(
            "a frame needs two nodes, a member and a support",
        ));
    }
    let finite = |v: f64| v.is_finite();
    if !model.nodes.iter().all(|p| finite(p.x) && finite(p.y)) {
        return Err(EngineError::invalid("node coordinates must be finite"));
    }
    let extent = extent(model);
    for m in &model.members {
        if m.from >= n || m.to >= n {
            return Err(EngineError::invalid("a member refers to a missing node"));
        }
        if member_length(model, m) <= COINCIDENT * extent {
            return Err(EngineError::invalid("a member has zero length"));
        }
        // each positive and finite; products too large for a double are an overflow, found with the stiffness
        if !([m.e, m.a, m.i].iter().all(|&v| v > 0.0 && finite(v))) {
            return Err(EngineError::invalid(
                "E, A and I must be positive and finite",
            ));
        }
    }
    validate_supports(model)?;
    validate_loads(model)
}

fn validate_supports(model: &FrameModel) -> Result<(), EngineError> {
    let mut supported = vec![false; model.nodes.len()];
    for s in &model.supports {
        if s.node >= supported.len() || std::mem::replace(&mut supported[s.node], true) {
            return Err(EngineError::invalid(
                "a support refers to a missing or already supported node",
            ));
        }
        let t = s.settlement;
        if !(t.x.is_finite() && t.y.is_finite() && t.rotation.is_finite() && s.angle.is_finite()) {
            return Err(EngineError::invalid("support values must be finite"));
        }
        if t.rotation != 0.0 && s.kind != FrameSupportKind::Fixed {
            return Err(EngineError::invalid(
                "only a fixed support can impose a rotation",
            ));
        }
    }
    Ok(())
}

fn validate_loads(model: &FrameModel) -> Result<(), EngineError> {
    let nodes_ok = model.nodal_loads.iter().all(|l| {
        l.node < model.nodes.len() && l.fx.is_finite() && l.fy.is_finite() && l.moment.is_finite()
    });
    if !nodes_ok {
        return Err(EngineError::invalid(
            "a nodal load refers to a missing node or is not finite",
        ));
    }
    for load in &model.member_loads {
        let Some(member) = model.members.get(load.member) else {
            return Err(EngineError::invalid(
                "a member load refers to a missing member",
            ));
        };
        let length = member_length(model, member);
        let inside =
            |x: f64| x.is_finite() && (-1e-12 * length..=length * (1.0 + 1e-12)).contains(&x);
        let ok = match load.kind {
            MemberLoadKind::Point { at, force, .. } => inside(at) && force.is_finite(),
            MemberLoadKind::Moment { at, moment } => inside(at) && moment.is_finite(),
            MemberLoadKind::Line {
                from,
                to,
                start,
                end,
                ..
            } => inside(from) && inside(to) && from < to && start.is_finite() && end.is_finite(),
        };
        if !ok {
            return Err(EngineError::invalid(
                "a member load lies outside its member or is not finite",
            ));
        }
    }
    Ok(())
}
