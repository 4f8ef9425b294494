//! One response of the beam (a load case, the settlements, or a combination solved directly):
//! reactions and every member's exact functions, and the factored sums of responses.

use nalgebra::Vector4;

use super::discretise::Discretised;
use super::model::{BeamReaction, SupportKind};
use crate::member::{self, MemberLoads, SectionState, Segment};
use crate::polynomial::{BernsteinBasis, Poly};

/// Reactions and exact member functions of one load case, of the settlements, or of their sum.
pub(super) struct Component {
    pub reactions: Vec<BeamReaction>,
    /// Per member: start position, span length (sets the sampling) and segments.
    pub members: Vec<(f64, f64, Vec<Segment>)>,
    /// Bernstein coefficients of shear, moment and deflection for every segment, members in order.
    pub bernstein: Vec<[Bernstein; 3]>,
}

/// Bernstein coefficients of one function over one segment.
pub(super) type Bernstein = [f64; Poly::CAPACITY];

/// Degrees the Bernstein forms of shear, moment and deflection use: a quadratic line load gives
/// shear of degree 3, moment 4 and deflection 6, and no member function goes higher.
pub(super) const BERNSTEIN_DEGREE: [usize; 3] = [3, 4, 6];

fn bernstein_of(members: &[(f64, f64, Vec<Segment>)]) -> Vec<[Bernstein; 3]> {
    let bases = BERNSTEIN_DEGREE.map(BernsteinBasis::of_degree);
    let segments = members.iter().flat_map(|(_, _, segments)| segments);
    // written in place: returned by value, each segment's coefficients were copied through the
    // stack several times, which in WebAssembly stalled on every copy
    let mut bernstein = vec![[[0.0; Poly::CAPACITY]; 3]; segments.clone().count()];
    for (s, slot) in segments.zip(bernstein.iter_mut()) {
        let length = s.end - s.start;
        let functions = [&s.shear, &s.moment, &s.deflection];
        for (f, coefficients) in slot.iter_mut().enumerate() {
            functions[f].bernstein_into(length, &bases[f], coefficients);
        }
    }
    bernstein
}

/// `Σ factor × reactions` (every component lists the same supports in the same order).
pub(super) fn superpose_reactions(parts: &[(f64, &Component)]) -> Vec<BeamReaction> {
    let mut sum: Vec<BeamReaction> = parts[0]
        .1
        .reactions
        .iter()
        .map(|r| BeamReaction {
            vertical: 0.0,
            moment: 0.0,
            ..*r
        })
        .collect();
    for &(factor, part) in parts.iter().filter(|(f, _)| *f != 0.0) {
        for (r, p) in sum.iter_mut().zip(&part.reactions) {
            r.vertical += factor * p.vertical;
            r.moment += factor * p.moment;
        }
    }
    sum
}

/// `Σ factor × segment` for one segment: every component has the same segments (zero loads still
/// cut them), so the sum is taken coefficient by coefficient.
pub(super) fn superpose_segment(
    parts: &[(f64, &Component)],
    member: usize,
    segment: usize,
) -> Segment {
    let first = parts[0].1.members[member].2[segment];
    let mut sum = Segment {
        shear: Poly::default(),
        moment: Poly::default(),
        rotation: Poly::default(),
        deflection: Poly::default(),
        ..first
    };
    for &(factor, part) in parts.iter().filter(|(f, _)| *f != 0.0) {
        let s = &part.members[member].2[segment];
        sum.shear.add_scaled(&s.shear, factor);
        sum.moment.add_scaled(&s.moment, factor);
        sum.rotation.add_scaled(&s.rotation, factor);
        sum.deflection.add_scaled(&s.deflection, factor);
    }
    sum
}

/// `Σ factor × component` as one component: reactions, segments and Bernstein coefficients summed
/// term by term (every component has the same segments).
pub(super) fn superpose(parts: &[(f64, &Component)]) -> Component {
    let geometry = parts[0].1;
    let members = geometry
        .members
        .iter()
        .enumerate()
        .map(|(m, (x0, span, segments))| {
            let summed = (0..segments.len())
                .map(|k| superpose_segment(parts, m, k))
                .collect();
            (*x0, *span, summed)
        })
        .collect();
    let mut bernstein = vec![[[0.0; Poly::CAPACITY]; 3]; geometry.bernstein.len()];
    for &(factor, part) in parts.iter().filter(|(f, _)| *f != 0.0) {
        for (sum, own) in bernstein.iter_mut().zip(&part.bernstein) {
            for (a, b) in sum.as_flattened_mut().iter_mut().zip(own.as_flattened()) {
                *a += factor * b;
            }
        }
    }
    Component {
        reactions: superpose_reactions(parts),
        members,
        bernstein,
    }
}

/// The response to displacements `d` with each load set's loads (`beam.cases[k]`, a case or one
/// piece of a patterned case) at `factor_of(k)`.
pub(super) fn response(
    beam: &Discretised,
    d: &[f64],
    factor_of: &dyn Fn(usize) -> f64,
) -> Component {
    let mut end_forces_at_dof = vec![0.0; d.len()];
    let mut nodal = vec![0.0; d.len()];
    for (k, c) in beam.cases.iter().enumerate() {
        let f = factor_of(k);
        nodal
            .iter_mut()
            .zip(&c.nodal)
            .for_each(|(n, x)| *n += f * x);
    }
    let mut member_segments: Vec<(f64, f64, Vec<Segment>)> = Vec::with_capacity(beam.members.len());
    // one buffer for every member's factored loads: an allocation per member cost WebAssembly's
    // allocator more than filling it
    let mut loads = MemberLoads::default();
    for (e, m) in beam.members.iter().enumerate() {
        loads.clear();
        let mut fef = Vector4::zeros();
        for (k, c) in beam.cases.iter().enumerate() {
            let f = factor_of(k);
            if f == 0.0 {
                continue;
            }
            loads.extend_scaled(&c.members[e], f);
            fef += c.fixed_end[e] * f;
        }
        let de = Vector4::from_fn(|a, _| d[m.dofs[a]]);
        let end = m.stiffness * de + fef;
        for (a, &dof) in m.dofs.iter().enumerate() {
            end_forces_at_dof[dof] += end[a];
        }
        let start = SectionState {
            shear: end[0],
            moment: -end[1],
            rotation: de[1],
            deflection: de[0],
        };
        // every case's breakpoints, so all responses share their segments
        let segments = member::integrate_at(m.length, m.ei, start, &loads, &beam.breakpoints[e]);
        member_segments.push((beam.nodes[m.start].x, m.span_length, segments));
    }

    let reactions = beam
        .supports
        .iter()
        .map(|&(s, n)| {
            let node = beam.nodes[n];
            let vertical = end_forces_at_dof[node.deflection] - nodal[node.deflection];
            let moment = if s.kind == SupportKind::Fixed {
                end_forces_at_dof[node.rotation_left] - nodal[node.rotation_left]
            } else {
                0.0
            };
            BeamReaction {
                kind: s.kind,
                position: node.x,
                vertical,
                moment,
            }
        })
        .collect::<Vec<_>>();

    Component {
        reactions,
        bernstein: bernstein_of(&member_segments),
        members: member_segments,
    }
}
