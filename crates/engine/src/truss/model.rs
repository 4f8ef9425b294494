//! What a truss is and what its analysis answers, in SI units, and the rules a model must keep.

use serde::{Deserialize, Serialize};

use crate::error::EngineError;

/// Bar ends closer than this fraction of the model's extent coincide.
const COINCIDENT: f64 = 1e-9;

/// A plane truss in SI units: kN, m, kN/m², m², rad; +y up.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrussModel {
    /// Nodes, referred to by index.
    pub nodes: Vec<Node>,
    /// Bars between nodes.
    pub members: Vec<Member>,
    /// At most one support per node.
    pub supports: Vec<Support>,
    /// Nodal loads, each in a load case.
    #[serde(default)]
    pub loads: Vec<Load>,
    /// Initial elongations (lack of fit, thermal strain); they act at factor 1 in every combination.
    #[serde(default)]
    pub fabrication_errors: Vec<FabricationError>,
}

/// A joint.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct Node {
    /// Coordinate (m).
    pub x: f64,
    /// Coordinate (m, up positive).
    pub y: f64,
}

/// A pin-ended bar.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct Member {
    /// Start node index.
    pub from: usize,
    /// End node index.
    pub to: usize,
    /// Young's modulus (kN/m²).
    pub e: f64,
    /// Cross-section area (m²).
    pub a: f64,
}

/// Support kinds of a truss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SupportKind {
    /// Restrains both displacements.
    Pin,
    /// Restrains the displacement normal to its rolling direction.
    Roller,
}

/// Imposed displacement of a support (m, global axes, +x right, +y up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Settlement {
    /// Horizontal component (m).
    #[serde(default)]
    pub x: f64,
    /// Vertical component (m, down negative).
    #[serde(default)]
    pub y: f64,
}

/// A support at a node.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct Support {
    /// Node index.
    pub node: usize,
    /// Kind.
    pub kind: SupportKind,
    /// Direction a roller rolls along (rad, counter-clockwise from +x): 0 restrains y only,
    /// π/2 restrains x only. Ignored for a pin.
    #[serde(default)]
    pub angle: f64,
    /// Imposed displacement; a roller only feels its component normal to the rolling direction.
    #[serde(default)]
    pub settlement: Settlement,
}

/// A force on a node (kN, global axes).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
pub struct Load {
    /// Node index.
    pub node: usize,
    /// Horizontal component (kN, +x positive).
    #[serde(default)]
    pub fx: f64,
    /// Vertical component (kN, up positive).
    #[serde(default)]
    pub fy: f64,
    /// Load case index (indexes the combination factors).
    #[serde(default)]
    pub case: usize,
}

/// An initial elongation of a bar: `strain * L + delta_length`. Thermal strain is `alpha * ΔT`;
/// lack of fit is a length error. Several entries on one bar add.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FabricationError {
    /// Member index.
    pub member: usize,
    /// Initial strain (positive = longer).
    #[serde(default)]
    pub strain: f64,
    /// Initial length error (m, positive = fabricated long).
    #[serde(default)]
    pub delta_length: f64,
}

/// Reaction at a supported node: the force the support exerts on the truss.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Reaction {
    /// Node index.
    pub node: usize,
    /// Horizontal component (kN, +x positive).
    pub horizontal: f64,
    /// Vertical component (kN, up positive).
    pub vertical: f64,
}

/// Axial force in a bar.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MemberForce {
    /// Member index.
    pub member: usize,
    /// Start node index.
    pub from: usize,
    /// End node index.
    pub to: usize,
    /// Axial force (kN, tension positive).
    pub force: f64,
}

/// Displacement of a node.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Displacement {
    /// Node index.
    pub node: usize,
    /// Horizontal (m, +x positive).
    pub dx: f64,
    /// Vertical (m, up positive).
    pub dy: f64,
}

/// A non-fatal advisory about the model, naming the node it concerns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Warning {
    /// Node index.
    pub node: usize,
    /// What was noticed, free of units and ids so that the service can phrase it for the user.
    pub message: String,
}

/// Results of one combination of load cases.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrussResult {
    /// One per support, in the order of the supports.
    pub reactions: Vec<Reaction>,
    /// One per member, in member order.
    pub member_forces: Vec<MemberForce>,
    /// One per node, in node order.
    pub displacements: Vec<Displacement>,
    /// Advisories about the model (the same in every combination).
    pub warnings: Vec<Warning>,
}

/// The rules the engine relies on (the service checks them first and names the fields). Answers
/// each member's length, measured here once for every later step (a `hypot` per member is a
/// visible part of a large truss's solve, the more so in WebAssembly).
pub(super) fn validate(model: &TrussModel) -> Result<Vec<f64>, EngineError> {
    let node_count = model.nodes.len();
    if node_count == 0 {
        return Err(EngineError::invalid("a truss needs at least one node"));
    }
    for (n, node) in model.nodes.iter().enumerate() {
        if !(node.x.is_finite() && node.y.is_finite()) {
            return Err(EngineError::invalid(format!(
                "node {n}: coordinates must be finite"
            )));
        }
    }
    let extent = extent(&model.nodes);
    let mut lengths = Vec::with_capacity(model.members.len());
    for (m, member) in model.members.iter().enumerate() {
        if member.from >= node_count || member.to >= node_count {
            return Err(EngineError::invalid(format!(
                "member {m}: refers to a node that does not exist"
            )));
        }
        for (name, v) in [("E", member.e), ("A", member.a)] {
            if !(v.is_finite() && v > 0.0) {
                return Err(EngineError::invalid(format!(
                    "member {m}: {name} must be a positive finite number"
                )));
            }
        }
        let length = length_of(model, member);
        if member.from == member.to || length <= COINCIDENT * extent {
            return Err(EngineError::invalid(format!(
                "member {m}: its ends coincide"
            )));
        }
        lengths.push(length);
    }
    validate_supports(model)?;
    validate_loads(model)?;
    Ok(lengths)
}

fn validate_supports(model: &TrussModel) -> Result<(), EngineError> {
    let node_count = model.nodes.len();
    let mut supported = vec![false; node_count];
    for (s, support) in model.supports.iter().enumerate() {
        if support.node >= node_count {
            return Err(EngineError::invalid(format!(
                "support {s}: refers to a node that does not exist"
            )));
        }
        if supported[support.node] {
            return Err(EngineError::invalid(format!(
                "support {s}: node {} already has a support",
                support.node
            )));
        }
        supported[support.node] = true;
        let numbers = [support.angle, support.settlement.x, support.settlement.y];
        if !numbers.iter().all(|v| v.is_finite()) {
            return Err(EngineError::invalid(format!(
                "support {s}: angle and settlement must be finite"
            )));
        }
    }
    Ok(())
}

fn validate_loads(model: &TrussModel) -> Result<(), EngineError> {
    let node_count = model.nodes.len();
    for (l, load) in model.loads.iter().enumerate() {
        if load.node >= node_count {
            return Err(EngineError::invalid(format!(
                "load {l}: refers to a node that does not exist"
            )));
        }
        if !(load.fx.is_finite() && load.fy.is_finite()) {
            return Err(EngineError::invalid(format!(
                "load {l}: components must be finite"
            )));
        }
    }
    for (f, error) in model.fabrication_errors.iter().enumerate() {
        if error.member >= model.members.len() {
            return Err(EngineError::invalid(format!(
                "fabrication error {f}: refers to a member that does not exist"
            )));
        }
        if !(error.strain.is_finite() && error.delta_length.is_finite()) {
            return Err(EngineError::invalid(format!(
                "fabrication error {f}: strain and length error must be finite"
            )));
        }
    }
    Ok(())
}

/// The larger side of the nodes' bounding box: the scale that says when two points coincide.
fn extent(nodes: &[Node]) -> f64 {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for n in nodes {
        lo = [lo[0].min(n.x), lo[1].min(n.y)];
        hi = [hi[0].max(n.x), hi[1].max(n.y)];
    }
    (hi[0] - lo[0]).max(hi[1] - lo[1])
}

fn length_of(model: &TrussModel, member: &Member) -> f64 {
    let (a, b) = (model.nodes[member.from], model.nodes[member.to]);
    (b.x - a.x).hypot(b.y - a.y)
}
