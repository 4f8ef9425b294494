//! The beam cut into nodes and bending members at span joints and supports, its supports turned
//! into prescribed degrees of freedom and its loads placed on nodes and members, case by case.

use nalgebra::{Matrix4, Vector4};

use super::model::{BeamLoad, BeamModel, Piece, Support, SupportKind};
use crate::analysis::Element;
use crate::error::{Direction, EngineError};
use crate::member::{self, LineLoad, MemberLoads, PointAction};
use crate::polynomial::Poly;

use super::members::members;

/// A node of the discretised beam.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub x: f64,
    pub deflection: usize,
    /// Rotation of the member ending here and of the member starting here (two dofs at a hinge).
    pub rotation_left: usize,
    pub rotation_right: usize,
    pub hinge: bool,
}

/// One bending member between two consecutive nodes.
#[derive(Clone, Debug)]
pub(super) struct Member {
    pub start: usize,
    pub length: f64,
    pub ei: f64,
    /// Span length, which sets the sampling density.
    pub span_length: f64,
    pub dofs: [usize; 4],
    pub stiffness: Matrix4<f64>,
}

impl Element for Member {
    fn dofs(&self) -> &[usize] {
        &self.dofs
    }

    fn stiffness(&self) -> &[f64] {
        // symmetric, so nalgebra's column-major slice reads the same as row-major
        self.stiffness.as_slice()
    }
}

/// Where each dof sits, to name a mechanism.
#[derive(Clone, Copy, Debug)]
pub(super) struct DofPlace {
    node: usize,
    direction: Direction,
}

/// The beam cut into nodes and members, with its loads sorted by case.
pub(super) struct Discretised {
    /// Each member's breakpoints under every case's loads together.
    pub breakpoints: Vec<Vec<f64>>,
    pub nodes: Vec<Node>,
    pub members: Vec<Member>,
    pub places: Vec<DofPlace>,
    pub prescribed: Vec<bool>,
    /// Settlement or zero for each dof.
    pub imposed: Vec<f64>,
    /// Support index -> node index, supports sorted by position.
    pub supports: Vec<(Support, usize)>,
    pub cases: Vec<CaseLoads>,
    /// Positions where each diagram can jump.
    pub shear_jumps: Vec<f64>,
    pub moment_jumps: Vec<f64>,
    pub rotation_jumps: Vec<f64>,
    pub tolerance: f64,
    /// Where each span of the model ends, left to right (the last at the beam's end).
    pub span_ends: Vec<f64>,
}

/// Loads of one case, placed on nodes and members: all of the case's loads, or (a patterned case)
/// those of one piece, the stretch that is member `piece`.
pub(super) struct CaseLoads {
    pub case: usize,
    pub piece: Option<usize>,
    pub nodal: Vec<f64>,
    pub members: Vec<MemberLoads>,
    pub fixed_end: Vec<Vector4<f64>>,
}

impl CaseLoads {
    /// The index in `cases` of the loads of `case` (and `piece`), added empty when new.
    fn slot(
        cases: &mut Vec<CaseLoads>,
        case: usize,
        piece: Option<usize>,
        dof_count: usize,
        members: usize,
    ) -> usize {
        let at = cases
            .iter()
            .position(|c| c.case == case && c.piece == piece);
        at.unwrap_or_else(|| {
            cases.push(CaseLoads {
                case,
                piece,
                nodal: vec![0.0; dof_count],
                members: vec![MemberLoads::default(); members],
                fixed_end: Vec::new(),
            });
            cases.len() - 1
        })
    }

    /// Nodal forces of the case: its nodal loads less its members' fixed-end forces.
    pub fn forces(&self, members: &[Member]) -> Vec<f64> {
        let mut f = self.nodal.clone();
        for (m, fef) in members.iter().zip(&self.fixed_end) {
            for (a, &dof) in m.dofs.iter().enumerate() {
                f[dof] -= fef[a];
            }
        }
        f
    }
}

impl Discretised {
    /// The mechanism error for a free dof.
    pub fn mechanism(&self, dof: usize) -> EngineError {
        let place = self.places[dof];
        EngineError::Mechanism {
            node: place.node,
            direction: place.direction,
            x: self.nodes[place.node].x,
            y: 0.0,
        }
    }

    /// The pieces of the patterned cases, in the order of their load sets.
    pub fn pieces(&self) -> Vec<Piece> {
        self.cases
            .iter()
            .filter_map(|c| {
                let m = &self.members[c.piece?];
                let from = self.nodes[m.start].x;
                Some(Piece {
                    case: c.case,
                    from,
                    to: self.nodes[m.start + 1].x,
                })
            })
            .collect()
    }

    /// Nodal forces equivalent to the settlements, `None` when there are none.
    pub fn settlement_forces(&self) -> Option<Vec<f64>> {
        if self.imposed.iter().all(|&u| u == 0.0) {
            return None;
        }
        let mut f = vec![0.0; self.places.len()];
        for m in &self.members {
            let imposed = Vector4::from_fn(|a, _| self.imposed[m.dofs[a]]);
            let restoring = m.stiffness * imposed;
            for (a, &dof) in m.dofs.iter().enumerate() {
                f[dof] -= restoring[a];
            }
        }
        Some(f)
    }
}

pub(super) fn discretise(model: &BeamModel) -> Result<Discretised, EngineError> {
    let total: f64 = model.spans.iter().map(|s| s.length).sum();
    let tolerance = 1e-9 * total;
    let (nodes, places) = nodes(model, total, tolerance);
    let members = members(model, &nodes)?;
    let held = restrain(model, &nodes, places.len(), total, tolerance)?;
    let mut shear_jumps: Vec<f64> = held.supports.iter().map(|&(_, n)| nodes[n].x).collect();
    let mut moment_jumps: Vec<f64> = held
        .supports
        .iter()
        .filter(|(s, _)| s.kind == SupportKind::Fixed)
        .map(|&(_, n)| nodes[n].x)
        .collect();
    let rotation_jumps: Vec<f64> = nodes.iter().filter(|n| n.hinge).map(|n| n.x).collect();
    let placer = Placer {
        nodes: &nodes,
        members: &members,
        tolerance,
    };
    let cases = placer.cases(model, places.len(), &mut shear_jumps, &mut moment_jumps)?;
    let breakpoints = members
        .iter()
        .enumerate()
        .map(|(e, m)| {
            let of_member = || cases.iter().map(|c| &c.members[e]);
            let mut all = MemberLoads {
                points: Vec::with_capacity(of_member().map(|l| l.points.len()).sum()),
                lines: Vec::with_capacity(of_member().map(|l| l.lines.len()).sum()),
            };
            of_member().for_each(|loads| all.extend(loads));
            member::breakpoints(m.length, &all)
        })
        .collect();
    for jumps in [&mut shear_jumps, &mut moment_jumps] {
        jumps.sort_by(f64::total_cmp);
        jumps.dedup_by(|b, a| (*b - *a).abs() <= tolerance);
    }
    Ok(Discretised {
        breakpoints,
        nodes,
        members,
        places,
        prescribed: held.prescribed,
        imposed: held.imposed,
        supports: held.supports,
        cases,
        shear_jumps,
        moment_jumps,
        rotation_jumps,
        tolerance,
        span_ends: model
            .spans
            .iter()
            .scan(0.0, |x, s| {
                *x += s.length;
                Some(*x)
            })
            .collect(),
    })
}

/// Nodes at span joints (with their hinge flag) and supports, and where each dof sits.
fn nodes(model: &BeamModel, total: f64, tolerance: f64) -> (Vec<Node>, Vec<DofPlace>) {
    let mut positions = vec![(0.0, false)];
    let mut x = 0.0;
    for (n, s) in model.spans.iter().enumerate() {
        x += s.length;
        let hinge_next = model.spans.get(n + 1).is_some_and(|next| next.hinge);
        positions.push((
            if n + 1 == model.spans.len() { total } else { x },
            hinge_next,
        ));
    }
    positions.extend(
        model
            .supports
            .iter()
            .map(|s| (s.position.clamp(0.0, total), false)),
    );
    positions.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut merged: Vec<(f64, bool)> = Vec::new();
    for (x, hinge) in positions {
        match merged.last_mut() {
            Some(last) if (x - last.0).abs() <= tolerance => last.1 |= hinge,
            _ => merged.push((x, hinge)),
        }
    }
    let mut places = Vec::new();
    let mut nodes = Vec::with_capacity(merged.len());
    for (node, &(x, hinge)) in merged.iter().enumerate() {
        let mut place = |direction| {
            places.push(DofPlace { node, direction });
            places.len() - 1
        };
        let deflection = place(Direction::Vertical);
        let rotation_left = place(Direction::Rotation);
        let rotation_right = if hinge {
            place(Direction::Rotation)
        } else {
            rotation_left
        };
        nodes.push(Node {
            x,
            deflection,
            rotation_left,
            rotation_right,
            hinge,
        });
    }
    (nodes, places)
}

/// What the supports hold: prescribed dofs, their settlements, and each support's node.
struct Held {
    prescribed: Vec<bool>,
    imposed: Vec<f64>,
    supports: Vec<(Support, usize)>,
}

fn restrain(
    model: &BeamModel,
    nodes: &[Node],
    dof_count: usize,
    total: f64,
    tolerance: f64,
) -> Result<Held, EngineError> {
    let node_at = |x: f64| nodes.iter().position(|n| (n.x - x).abs() <= tolerance);
    let mut held = Held {
        prescribed: vec![false; dof_count],
        imposed: vec![0.0; dof_count],
        supports: Vec::new(),
    };
    for s in &model.supports {
        let n = node_at(s.position.clamp(0.0, total))
            .ok_or_else(|| EngineError::invalid("support not on a node"))?;
        if held.supports.iter().any(|&(_, m)| m == n) {
            return Err(EngineError::invalid(format!(
                "two supports at position {}",
                nodes[n].x
            )));
        }
        let node = nodes[n];
        held.prescribed[node.deflection] = true;
        held.imposed[node.deflection] = s.settlement;
        if s.kind == SupportKind::Fixed {
            if node.hinge {
                return Err(EngineError::invalid(format!(
                    "a fixed support cannot stand at the hinge at {}",
                    node.x
                )));
            }
            held.prescribed[node.rotation_left] = true;
        }
        held.supports.push((*s, n));
    }
    held.supports
        .sort_by(|a, b| nodes[a.1].x.total_cmp(&nodes[b.1].x));
    Ok(held)
}

/// Puts loads on the nodes they stand on or inside the members that carry them.
struct Placer<'a> {
    nodes: &'a [Node],
    members: &'a [Member],
    tolerance: f64,
}

impl Placer<'_> {
    fn node_at(&self, x: f64) -> Option<usize> {
        self.nodes
            .iter()
            .position(|n| (n.x - x).abs() <= self.tolerance)
    }

    fn member_containing(&self, x: f64) -> usize {
        self.members
            .iter()
            .position(|m| x > self.nodes[m.start].x && x < self.nodes[m.start].x + m.length)
            .unwrap_or(0)
    }

    /// Each case's loads, nodal and per member, with its fixed-end forces; point forces and
    /// moments add where the shear and moment diagrams jump. A patterned case's loads are split by
    /// stretch (member), one `CaseLoads` per stretch that carries any; sorted by case, then stretch.
    fn cases(
        &self,
        model: &BeamModel,
        dof_count: usize,
        shear_jumps: &mut Vec<f64>,
        moment_jumps: &mut Vec<f64>,
    ) -> Result<Vec<CaseLoads>, EngineError> {
        let mut cases: Vec<CaseLoads> = Vec::new();
        for load in &model.loads {
            let case = load.case();
            let patterned = model.pattern.contains(&case);
            let members = self.members.len();
            let slot = |cases: &mut Vec<CaseLoads>, piece| {
                CaseLoads::slot(cases, case, piece, dof_count, members)
            };
            match *load {
                BeamLoad::Point {
                    position, force, ..
                } => {
                    shear_jumps.push(position);
                    let c = slot(&mut cases, patterned.then(|| self.stretch_of(position)));
                    self.point(&mut cases[c], position, force, 0.0);
                }
                BeamLoad::Moment {
                    position, moment, ..
                } => {
                    moment_jumps.push(position);
                    let c = slot(&mut cases, patterned.then(|| self.stretch_of(position)));
                    self.moment(&mut cases[c], position, moment)?;
                }
                BeamLoad::Line { from, to, q, .. } => {
                    let whole = (!patterned).then(|| slot(&mut cases, None));
                    for m in self.members_under(from, to) {
                        let c = whole.unwrap_or_else(|| slot(&mut cases, Some(m)));
                        self.line_on(&mut cases[c], m, from, to, &q);
                    }
                }
            }
        }
        cases.sort_by_key(|c| (c.case, c.piece));
        for c in &mut cases {
            c.fixed_end = self
                .members
                .iter()
                .zip(&c.members)
                .map(|(m, loads)| member::fixed_end_forces(m.length, m.ei, loads))
                .collect();
        }
        Ok(cases)
    }

    /// The stretch (member) a concentrated load belongs to: the one starting at the node it stands
    /// on (the last one at the beam's right end), else the one containing it.
    fn stretch_of(&self, position: f64) -> usize {
        match self.node_at(position) {
            Some(n) => n.min(self.members.len() - 1),
            None => self.member_containing(position),
        }
    }

    /// The members a line load from `from` to `to` covers by more than the tolerance, in order.
    fn members_under(&self, from: f64, to: f64) -> impl Iterator<Item = usize> + '_ {
        // members in order along the beam: none from the first starting at `to` on reaches back to
        // the load, and one ending before `from` has none of it; plain comparisons, which cost less
        // than the NaN-aware max and min for every member of every load
        self.members
            .iter()
            .enumerate()
            .take_while(move |(_, m)| self.nodes[m.start].x < to)
            .filter(move |(_, m)| {
                let x0 = self.nodes[m.start].x;
                let (a, b) = (from.max(x0), to.min(x0 + m.length));
                x0 + m.length > from && b - a > self.tolerance
            })
            .map(|(e, _)| e)
    }

    /// A concentrated action inside the member that contains `position`.
    fn inside(&self, c: &mut CaseLoads, position: f64, force: f64, moment: f64) {
        let m = self.member_containing(position);
        let at = position - self.nodes[self.members[m].start].x;
        c.members[m].points.push(PointAction { at, force, moment });
    }

    fn point(&self, c: &mut CaseLoads, position: f64, force: f64, moment: f64) {
        match self.node_at(position) {
            Some(n) => c.nodal[self.nodes[n].deflection] += force,
            None => self.inside(c, position, force, moment),
        }
    }

    fn moment(&self, c: &mut CaseLoads, position: f64, moment: f64) -> Result<(), EngineError> {
        match self.node_at(position) {
            Some(n) if self.nodes[n].hinge => Err(EngineError::invalid(format!(
                "a moment at the hinge at {} has no defined side",
                self.nodes[n].x
            ))),
            Some(n) => {
                c.nodal[self.nodes[n].rotation_left] += moment;
                Ok(())
            }
            None => {
                self.inside(c, position, 0.0, moment);
                Ok(())
            }
        }
    }

    /// The part of a line load `q` (from `from` to `to`) that member `m` carries.
    fn line_on(&self, c: &mut CaseLoads, m: usize, from: f64, to: f64, q: &[f64; 3]) {
        let member = &self.members[m];
        let x0 = self.nodes[member.start].x;
        let (a, b) = (from.max(x0), to.min(x0 + member.length));
        c.members[m].lines.push(LineLoad {
            from: a - x0,
            to: b - x0,
            q: Poly::from_coefficients(q).shifted(a - from),
        });
    }
}
