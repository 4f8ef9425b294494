//! A frame's loads by case: nodal forces in global axes, and each member's loads resolved into its
//! local axes (bending along y' for the beam's member integration, axial along x'). A force or
//! couple at a member's very end acts on the node there.

use super::model::{member_length, FrameModel, LoadDirection, MemberLoad, MemberLoadKind};
use crate::analysis::cases_present;
use crate::member::{LineLoad, MemberLoads, PointAction};
use crate::polynomial::Poly;

/// Loads along a member's x' axis.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct AxialLoads {
    /// `(position, force along +x')` strictly inside the member.
    pub points: Vec<(f64, f64)>,
    /// `(from, to, p(s))`: kN/m along +x', `s` from `from`.
    pub lines: Vec<(f64, f64, Poly)>,
}

/// One member's loads in local axes.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct LocalLoads {
    /// Along y' and couples, in the beam's member conventions.
    pub bending: MemberLoads,
    /// Along x'.
    pub axial: AxialLoads,
}

impl LocalLoads {
    /// True when the member carries no load inside.
    pub fn is_empty(&self) -> bool {
        self.bending.points.is_empty()
            && self.bending.lines.is_empty()
            && self.axial.points.is_empty()
            && self.axial.lines.is_empty()
    }

    /// Removes every load, keeping the buffers.
    pub fn clear(&mut self) {
        self.bending.clear();
        self.axial.points.clear();
        self.axial.lines.clear();
    }

    /// Adds `other`'s loads times `factor`.
    pub fn extend_scaled(&mut self, other: &LocalLoads, factor: f64) {
        self.bending.extend_scaled(&other.bending, factor);
        let a = &mut self.axial;
        a.points
            .extend(other.axial.points.iter().map(|&(x, f)| (x, f * factor)));
        a.lines.extend(
            other
                .axial
                .lines
                .iter()
                .map(|&(from, to, p)| (from, to, p.scaled(factor))),
        );
    }

    /// Axial end forces `[start, end]` (along +x') that hold both ends of a bar of `length` still:
    /// the load shared by the linear shape functions, with the sign of a reaction.
    pub fn axial_fixed_end_forces(&self, length: f64) -> [f64; 2] {
        let mut f = [0.0; 2];
        for &(x, p) in &self.axial.points {
            f[0] -= p * (length - x) / length;
            f[1] -= p * x / length;
        }
        for (from, to, p) in &self.axial.lines {
            let w = to - from;
            // ∫ p ds and ∫ p s ds over the loaded length, exactly
            let total = p.integral(0.0).eval(w);
            let first = times_s(p).integral(0.0).eval(w);
            let toward_end = (from * total + first) / length;
            f[0] -= total - toward_end;
            f[1] -= toward_end;
        }
        f
    }
}

/// `s · p(s)`.
fn times_s(p: &Poly) -> Poly {
    let mut c = [0.0; Poly::CAPACITY];
    c[1..].copy_from_slice(&p.c[..Poly::CAPACITY - 1]);
    Poly { c }
}

/// The loads of one case: forces and counter-clockwise moments per node (global), and per member.
pub(super) struct CaseLoads {
    /// Load case index.
    pub case: usize,
    /// `[fx, fy, moment]` per node.
    pub nodal: Vec<[f64; 3]>,
    /// Local loads per member.
    pub members: Vec<LocalLoads>,
}

/// Loads grouped by case, in order of case index.
pub(super) fn case_loads(model: &FrameModel) -> Vec<CaseLoads> {
    let cases = model.nodal_loads.iter().map(|l| l.case);
    let cases = cases.chain(model.member_loads.iter().map(|l| l.case));
    cases_present(cases)
        .into_iter()
        .map(|case| one_case(model, case))
        .collect()
}

fn one_case(model: &FrameModel, case: usize) -> CaseLoads {
    let mut loads = CaseLoads {
        case,
        nodal: vec![[0.0; 3]; model.nodes.len()],
        members: vec![LocalLoads::default(); model.members.len()],
    };
    for l in model.nodal_loads.iter().filter(|l| l.case == case) {
        let n = &mut loads.nodal[l.node];
        n[0] += l.fx;
        n[1] += l.fy;
        n[2] += l.moment;
    }
    for l in model.member_loads.iter().filter(|l| l.case == case) {
        let nodal = &mut loads.nodal;
        add_member_load(model, l, &mut loads.members[l.member], &mut |node, f| {
            (0..3).for_each(|k| nodal[node][k] += f[k])
        });
    }
    loads
}

/// One member load resolved into its member's local loads `local`, or, standing at a member end,
/// handed to `nodal` as a force and moment `[fx, fy, moment]` on the node there.
pub(super) fn add_member_load(
    model: &FrameModel,
    l: &MemberLoad,
    local: &mut LocalLoads,
    nodal: &mut dyn FnMut(usize, [f64; 3]),
) {
    let member = &model.members[l.member];
    let (a, b) = (model.nodes[member.from], model.nodes[member.to]);
    let length = member_length(model, member);
    let direction = [(b.x - a.x) / length, (b.y - a.y) / length];
    let at_end = |x: f64| {
        let tolerance = 1e-12 * length;
        (x <= tolerance)
            .then_some(member.from)
            .or((x >= length - tolerance).then_some(member.to))
    };
    match l.kind {
        MemberLoadKind::Point {
            at,
            force,
            direction: d,
        } => match at_end(at) {
            Some(node) => {
                let g = global_unit(d, direction);
                nodal(node, [force * g[0], force * g[1], 0.0]);
            }
            None => {
                let [ux, uy] = local_unit(d, direction);
                local.axial.points.push((at, force * ux));
                local.bending.points.push(PointAction {
                    at,
                    force: force * uy,
                    moment: 0.0,
                });
            }
        },
        MemberLoadKind::Moment { at, moment } => match at_end(at) {
            Some(node) => nodal(node, [0.0, 0.0, moment]),
            None => local.bending.points.push(PointAction {
                at,
                force: 0.0,
                moment,
            }),
        },
        MemberLoadKind::Line {
            from,
            to,
            start,
            end,
            direction: d,
        } => {
            let [ux, uy] = local_unit(d, direction);
            let q = Poly::from_coefficients(&[start, (end - start) / (to - from)]);
            local.bending.lines.push(LineLoad {
                from,
                to,
                q: q.scaled(uy),
            });
            local.axial.lines.push((from, to, q.scaled(ux)));
        }
    }
}

/// Components along (x', y') of a unit load in direction `d` on a member along `x`.
fn local_unit(d: LoadDirection, x: [f64; 2]) -> [f64; 2] {
    let [c, s] = x;
    match d {
        LoadDirection::GlobalX => [c, -s],
        LoadDirection::GlobalY => [s, c],
        LoadDirection::LocalX => [1.0, 0.0],
        LoadDirection::LocalY => [0.0, 1.0],
    }
}

/// Global components of a unit load in direction `d` on a member along `x`.
fn global_unit(d: LoadDirection, x: [f64; 2]) -> [f64; 2] {
    let [c, s] = x;
    match d {
        LoadDirection::GlobalX => [1.0, 0.0],
        LoadDirection::GlobalY => [0.0, 1.0],
        LoadDirection::LocalX => [c, s],
        LoadDirection::LocalY => [-s, c],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_uniform_axial_load_is_shared_equally_and_a_triangle_two_to_one() {
        // Fixed-fixed bar, p along x' over the whole length: each end holds pL/2. A triangle rising
        // from 0 to p holds pL/6 at the start and pL/3 at the end (linear shape functions).
        let (l, p) = (4.0, 3.0);
        let uniform = LocalLoads {
            axial: AxialLoads {
                points: vec![],
                lines: vec![(0.0, l, Poly::constant(p))],
            },
            ..Default::default()
        };
        let f = uniform.axial_fixed_end_forces(l);
        assert!((f[0] + p * l / 2.0).abs() < 1e-12 && (f[1] + p * l / 2.0).abs() < 1e-12);
        let triangle = LocalLoads {
            axial: AxialLoads {
                points: vec![],
                lines: vec![(0.0, l, Poly::from_coefficients(&[0.0, p / l]))],
            },
            ..Default::default()
        };
        let f = triangle.axial_fixed_end_forces(l);
        assert!((f[0] + p * l / 6.0).abs() < 1e-12 && (f[1] + p * l / 3.0).abs() < 1e-12);
    }
}
