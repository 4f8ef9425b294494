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

use serde::{Deserialize, Serialize};

use crate::error::{Direction, EngineError};
use crate::skyline::{Equations, Skyline};

/// A free dof stiffer than this fraction of the bars meeting at its node is held. The skyline's own
/// pivot test is relative to the dof's diagonal, so it cannot see a dof whose whole stiffness is
/// rounding noise (a roller rolling square to its only bar, a node whose bars are all parallel to
/// one dof, to the last bit): this catches those before factorising. Rounding leaves ~1e-30 here;
/// a real soft bar across stiff ones stays far above.
const NEGLIGIBLE_STIFFNESS: f64 = 1e-12;

/// Bar ends closer than this fraction of the model's extent coincide.
const COINCIDENT: f64 = 1e-9;

/// A direction component this small is rounding left by degrees-to-radians conversion
/// (cos 90° = 6e-17): a roller at a multiple of 90° is then exactly axis-aligned.
const ROUNDING: f64 = 1e-15;

/// A roller settlement component along the rolling direction smaller than this fraction of the
/// settlement is rounding, not something the user asked for.
const ALONG_ROLLING: f64 = 1e-9;

/// A plane truss in SI units: kN, m, kN/m², m², rad; +y up.
#[derive(Clone, Debug, Deserialize, Serialize)]
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

/// The directions (unit vectors in global axes) a node's two dofs are measured along.
type Axes = [[f64; 2]; 2];

const GLOBAL_AXES: Axes = [[1.0, 0.0], [0.0, 1.0]];

/// How the supports hold the nodes.
struct Restraints {
    axes: Vec<Axes>,
    prescribed: Vec<bool>,
    /// Prescribed value of each dof (settlements), zero elsewhere.
    imposed: Vec<f64>,
    warnings: Vec<Warning>,
}

/// A bar ready for assembly.
struct Bar {
    dofs: [usize; 4],
    /// Axial stiffness EA/L (kN/m).
    stiffness: f64,
    /// Elongation per unit displacement of each dof (dofs in their node's axes).
    elongation: [f64; 4],
    /// Unit vector from the start node to the end node.
    direction: [f64; 2],
    /// Initial elongation from fabrication errors (m).
    initial: f64,
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
    fn force(&self, d: &[f64]) -> f64 {
        self.stiffness * (self.elongation_of(d) - self.initial)
    }

    /// `EA/L · b bᵀ`, row-major.
    fn matrix(&self) -> [f64; 16] {
        let mut k = [0.0; 16];
        for a in 0..4 {
            for b in 0..4 {
                k[a * 4 + b] = self.stiffness * self.elongation[a] * self.elongation[b];
            }
        }
        k
    }
}

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
    validate(model)?;
    let restraints = restrain(model)?;
    let bars = bars(model, &restraints.axes)?;
    let dof_count = 2 * model.nodes.len();
    let dofs_of_bars = || bars.iter().map(|b| &b.dofs[..]);
    let equations = Equations::number(dof_count, &restraints.prescribed, dofs_of_bars());
    require_every_dof_held(model, &restraints, &bars)?;
    let mut k = Skyline::with_profile(&equations, dofs_of_bars());
    for bar in &bars {
        k.assemble(&equations, &bar.dofs, &bar.matrix());
    }
    let factorized = k
        .factorize()
        .map_err(|zero| mechanism(model, &restraints.axes, equations.dof_of[zero.equation]))?;

    // Displacements for nodal forces `f` (per dof, in node axes), prescribed dofs set to `base`.
    let solve = |f: &[f64], base: &[f64]| -> Vec<f64> {
        let mut x: Vec<f64> = equations.dof_of.iter().map(|&dof| f[dof]).collect();
        factorized.solve(&mut x);
        let mut d = base.to_vec();
        for (&dof, value) in equations.dof_of.iter().zip(x) {
            d[dof] = value;
        }
        d
    };

    // Case solutions hold the supports still: settlements are in the imposed solution, once.
    let held = vec![0.0; dof_count];
    let cases = case_loads(model);
    let case_displacements: Vec<Vec<f64>> = cases
        .iter()
        .map(|c| solve(&in_node_axes(&c.forces, &restraints.axes), &held))
        .collect();
    let imposed = match imposed_forces(&restraints, &bars) {
        Some(f) => solve(&f, &restraints.imposed),
        None => held,
    };

    combinations
        .iter()
        .map(|factors| {
            let factor_of = |case: usize| factors.get(case).copied().unwrap_or(0.0);
            let mut d = imposed.clone();
            let mut loads = vec![[0.0; 2]; model.nodes.len()];
            for (c, dc) in cases.iter().zip(&case_displacements) {
                let f = factor_of(c.case);
                if f != 0.0 {
                    d.iter_mut().zip(dc).for_each(|(di, x)| *di += f * x);
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

fn validate(model: &TrussModel) -> Result<(), EngineError> {
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
    }
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

/// Unit vector at `angle` (rad), with rounding noise in a component cleared.
fn unit(angle: f64) -> [f64; 2] {
    let clean = |c: f64| if c.abs() < ROUNDING { 0.0 } else { c };
    [clean(angle.cos()), clean(angle.sin())]
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// Node axes, prescribed dofs and their values from the supports.
fn restrain(model: &TrussModel) -> Result<Restraints, EngineError> {
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
                let rolling = unit(support.angle);
                let normal = [-rolling[1], rolling[0]];
                r.axes[n] = [rolling, normal];
                r.prescribed[2 * n + 1] = true;
                r.imposed[2 * n + 1] = dot(s, normal);
                let along = dot(s, rolling);
                if along.abs() > ALONG_ROLLING * s[0].hypot(s[1]) {
                    r.warnings.push(Warning {
                        node: n,
                        message: "the roller's settlement along its rolling direction has no \
                                  effect: a roller cannot impose a displacement it lets happen"
                            .into(),
                    });
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

/// Bars with their stiffness and the elongation each dof causes, in the node axes.
fn bars(model: &TrussModel, axes: &[Axes]) -> Result<Vec<Bar>, EngineError> {
    let mut initial = vec![0.0; model.members.len()];
    for f in &model.fabrication_errors {
        let length = length_of(model, &model.members[f.member]);
        initial[f.member] += f.strain * length + f.delta_length;
    }
    model
        .members
        .iter()
        .zip(initial)
        .map(|(m, initial)| {
            let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
            let length = length_of(model, m);
            let direction = [(b.x - a.x) / length, (b.y - a.y) / length];
            let stiffness = m.e * m.a / length;
            if !(stiffness.is_finite() && initial.is_finite() && length.is_finite()) {
                return Err(EngineError::NonFinite {
                    message: "a member's stiffness or initial elongation overflowed".into(),
                });
            }
            // elongation = direction · (u_to − u_from), with u = Σ axis·dof at each end
            let [ax, ay] = axes[m.from];
            let [bx, by] = axes[m.to];
            Ok(Bar {
                dofs: [2 * m.from, 2 * m.from + 1, 2 * m.to, 2 * m.to + 1],
                stiffness,
                elongation: [
                    -dot(direction, ax),
                    -dot(direction, ay),
                    dot(direction, bx),
                    dot(direction, by),
                ],
                direction,
                initial,
            })
        })
        .collect()
}

/// Every free dof needs stiffness from some bar; a node nothing holds is a mechanism.
fn require_every_dof_held(
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
fn mechanism(model: &TrussModel, axes: &[Axes], dof: usize) -> EngineError {
    let node = dof / 2;
    let axis = axes[node][dof % 2];
    let direction = if axis[0].abs() >= axis[1].abs() {
        Direction::Horizontal
    } else {
        Direction::Vertical
    };
    EngineError::Mechanism {
        node,
        direction,
        x: model.nodes[node].x,
        y: model.nodes[node].y,
    }
}

/// Loads grouped by case, in order of case index.
fn case_loads(model: &TrussModel) -> Vec<CaseLoads> {
    let mut ids: Vec<usize> = model.loads.iter().map(|l| l.case).collect();
    ids.sort_unstable();
    ids.dedup();
    ids.into_iter()
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

/// Nodal forces equivalent to the settlements and fabrication errors, `None` when there are none.
fn imposed_forces(restraints: &Restraints, bars: &[Bar]) -> Option<Vec<f64>> {
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

/// Results of one combination from its displacements (node axes) and global nodal loads.
fn combine(
    model: &TrussModel,
    restraints: &Restraints,
    bars: &[Bar],
    d: &[f64],
    loads: &[[f64; 2]],
) -> Result<TrussResult, EngineError> {
    // What the bars do to each node (global): tension pulls a node toward the bar's other end.
    let mut from_bars = vec![[0.0; 2]; model.nodes.len()];
    let member_forces: Vec<MemberForce> = bars
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

    let reactions: Vec<Reaction> = model
        .supports
        .iter()
        .map(|s| {
            let n = s.node;
            // Node equilibrium: bars + load + reaction = 0.
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
        .collect();

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
