//! The pieces of the patterned cases and each one's response at factor 1: one more load set each,
//! solved with the frame's one factorisation (one forward and back substitution for them all),
//! then read where the bounds need it: every member's axial force, shear and moment through its
//! ends, the reactions, the joint displacements, and its own member's functions.

use nalgebra::{Matrix6, Vector6};

use super::super::element::BeamColumn;
use super::super::loads::{add_member_load, LocalLoads};
use super::super::member_results::{functions, Functions};
use super::super::{load_vector, FrameModel, Linear};
use super::FramePiece;

/// A piece's loads: forces and moments per node (global; a member load at a member's very end is
/// one), and its member's local loads.
pub(super) struct PieceLoads {
    nodal: Vec<[f64; 3]>,
    member: Option<(usize, LocalLoads)>,
}

/// The pieces of the cases `pattern`, by case, then the loaded members in order, then the loaded
/// nodes in order, with their loads.
pub(super) fn cut(model: &FrameModel, pattern: &[usize]) -> (Vec<FramePiece>, Vec<PieceLoads>) {
    let mut cases = pattern.to_vec();
    cases.sort_unstable();
    cases.dedup();
    let (mut pieces, mut loads) = (Vec::new(), Vec::new());
    for case in cases {
        let mut members: Vec<usize> = model
            .member_loads
            .iter()
            .filter(|l| l.case == case)
            .map(|l| l.member)
            .collect();
        members.sort_unstable();
        members.dedup();
        for m in members {
            let mut nodal = vec![[0.0; 3]; model.nodes.len()];
            let mut local = LocalLoads::default();
            for l in model
                .member_loads
                .iter()
                .filter(|l| l.case == case && l.member == m)
            {
                add_member_load(model, l, &mut local, &mut |node, f| {
                    (0..3).for_each(|k| nodal[node][k] += f[k])
                });
            }
            pieces.push(FramePiece {
                case,
                member: Some(m),
                node: None,
            });
            loads.push(PieceLoads {
                nodal,
                member: Some((m, local)),
            });
        }
        let mut nodes: Vec<usize> = model
            .nodal_loads
            .iter()
            .filter(|l| l.case == case)
            .map(|l| l.node)
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        for n in nodes {
            let mut nodal = vec![[0.0; 3]; model.nodes.len()];
            for l in model
                .nodal_loads
                .iter()
                .filter(|l| l.case == case && l.node == n)
            {
                let f = [l.fx, l.fy, l.moment];
                (0..3).for_each(|k| nodal[n][k] += f[k]);
            }
            pieces.push(FramePiece {
                case,
                member: None,
                node: Some(n),
            });
            loads.push(PieceLoads {
                nodal,
                member: None,
            });
        }
    }
    (pieces, loads)
}

/// Every piece's response at factor 1, each quantity's pieces side by side (a row), so that a
/// quantity's contributions are read as one slice.
pub(super) struct Responses {
    /// Pieces.
    pub count: usize,
    /// Member m's axial force, shear and moment at the start under piece j at `(3m + k) count + j`
    /// (along the member: the first two constant, the moment rising by the shear per metre); zero
    /// for a piece on the member itself, which acts along it through [`Responses::own`] instead.
    pub ends: Vec<f64>,
    /// Support s's horizontal, vertical and moment reaction under piece j at `(3s + k) count + j`.
    pub reactions: Vec<f64>,
    /// Node n's x, y and rotation under piece j at `(3n + k) count + j`.
    pub displacements: Vec<f64>,
    /// Per piece: its member's functions, over that member's breakpoints `xs`.
    pub own: Vec<Option<(usize, Functions)>>,
}

impl Responses {
    /// Item `i`'s three rows of `column` (one of [`Responses::ends`], `reactions`, `displacements`).
    pub fn rows<'a>(&self, column: &'a [f64], i: usize) -> [&'a [f64]; 3] {
        let n = self.count;
        std::array::from_fn(|k| &column[(3 * i + k) * n..(3 * i + k + 1) * n])
    }
}

/// The responses of `loads` (each a piece's), member functions over the breakpoints `xs`. The
/// displacements come by dof with the pieces side by side, so each member's forces are found for
/// every piece at once, in loops along the pieces that the compiler vectorises.
pub(super) fn responses(
    model: &FrameModel,
    linear: &Linear,
    loads: &[PieceLoads],
    xs: &[Vec<f64>],
) -> Responses {
    let members = &linear.members;
    let count = loads.len();
    let fixed: Vec<FixedEnd> = (loads.iter())
        .map(|piece| (piece.member.as_ref()).map(|(m, l)| (*m, members[*m].fixed_end_forces(l))))
        .collect();
    let forces: Vec<Vec<f64>> = (loads.iter().zip(&fixed))
        .map(|(piece, fixed)| {
            let loaded = fixed.iter().map(|(m, f)| (&members[*m], f));
            load_vector(&piece.nodal, loaded, &linear.restraints)
        })
        .collect();
    let solved = linear.system.solve_many(&forces);
    let mut out = Responses {
        count,
        // every entry written below, in order, so never zeroed first (megabytes for a large frame)
        ends: Vec::with_capacity(3 * members.len() * count),
        reactions: vec![0.0; 3 * model.supports.len() * count],
        displacements: vec![0.0; 3 * model.nodes.len() * count],
        own: Vec::with_capacity(count),
    };
    for m in members {
        // the start's axial force, shear and moment under each piece
        let stiffness = m.local * m.to_local;
        for (r, sign) in [-1.0, 1.0, -1.0].into_iter().enumerate() {
            start_row(m, &stiffness, (&solved, count), (r, sign), &mut out.ends);
        }
    }
    reactions(model, linear, (&solved, &fixed), loads, &mut out.reactions);
    for (n, axes) in linear.restraints.axes.iter().enumerate() {
        let [a0, a1] = *axes;
        let at = |k: usize| &solved[(3 * n + k) * count..(3 * n + k + 1) * count];
        let rows = &mut out.displacements[3 * n * count..3 * (n + 1) * count];
        let (x, rest) = rows.split_at_mut(count);
        let (y, rotation) = rest.split_at_mut(count);
        for (j, (u0, u1)) in at(0).iter().zip(at(1)).enumerate() {
            (x[j], y[j]) = (a0[0] * u0 + a1[0] * u1, a0[1] * u0 + a1[1] * u1);
        }
        rotation.copy_from_slice(at(2));
    }
    for (j, (piece, fixed)) in loads.iter().zip(&fixed).enumerate() {
        let own = piece
            .member
            .as_ref()
            .zip(*fixed)
            .map(|((m, local), (_, f))| {
                let member = &members[*m];
                let u =
                    member.to_local * Vector6::from_fn(|i, _| solved[member.dofs[i] * count + j]);
                let p = member.end_forces(&u, &f);
                // it acts along its member, through `own`, not through the member's ends
                (0..3).for_each(|k| out.ends[(3 * m + k) * count + j] = 0.0);
                let mut functions_of = Functions::default();
                functions(&mut functions_of, member, &u, &p, local, &xs[*m]);
                (*m, functions_of)
            });
        out.own.push(own);
    }
    out
}

/// A member piece's member and its fixed-end forces (local).
type FixedEnd = Option<(usize, Vector6<f64>)>;

/// Row `r` of member `m`'s local end forces (less any fixed-end forces) under every piece's
/// displacements `solved` (by dof, the `count` pieces side by side) times `sign`, appended to `out`:
/// each piece's terms summed in the dofs' order from zero, in one pass for the two or four terms of
/// an axis-aligned member's row. `stiffness` is the member's local stiffness times its rotation.
fn start_row(
    m: &BeamColumn,
    stiffness: &Matrix6<f64>,
    (solved, count): (&[f64], usize),
    (r, sign): (usize, f64),
    out: &mut Vec<f64>,
) {
    let mut terms: [(f64, &[f64]); 6] = [(0.0, &[]); 6];
    let mut n = 0;
    for (i, &dof) in m.dofs.iter().enumerate() {
        let k = stiffness[(r, i)];
        if k != 0.0 {
            terms[n] = (k, &solved[dof * count..(dof + 1) * count]);
            n += 1;
        }
    }
    match terms[..n] {
        [(a, p), (b, q)] => {
            out.extend(p.iter().zip(q).map(|(p, q)| sign * ((0.0 + a * p) + b * q)))
        }
        [(a, p), (b, q), (c, s), (d, t)] => out.extend(
            (p.iter().zip(q).zip(s).zip(t))
                .map(|(((p, q), s), t)| sign * ((((0.0 + a * p) + b * q) + c * s) + d * t)),
        ),
        _ => {
            let start = out.len();
            out.resize(start + count, 0.0);
            let row = &mut out[start..];
            for (k, d) in &terms[..n] {
                row.iter_mut().zip(*d).for_each(|(f, d)| *f += k * d);
            }
            row.iter_mut().for_each(|f| *f *= sign);
        }
    }
}

/// The members with an end at a support, ascending.
pub(super) fn at_support(model: &FrameModel, linear: &Linear) -> Vec<usize> {
    let members = &linear.members;
    (0..members.len())
        .filter(|&k| {
            model
                .supports
                .iter()
                .any(|s| [members[k].dofs[0] / 3, members[k].dofs[3] / 3].contains(&s.node))
        })
        .collect()
}

/// Each support's reaction under each piece (`out[(3s + k) count + j]`): what the members at
/// supports take from its node, less the piece's load applied there.
fn reactions(
    model: &FrameModel,
    linear: &Linear,
    (solved, fixed): (&[f64], &[FixedEnd]),
    loads: &[PieceLoads],
    out: &mut [f64],
) {
    let count = loads.len();
    let mut along: [Vec<f64>; 6] = std::array::from_fn(|_| Vec::with_capacity(count));
    for k in at_support(model, linear) {
        let m = &linear.members[k];
        let stiffness = m.local * m.to_local;
        for (r, row) in along.iter_mut().enumerate() {
            row.clear();
            start_row(m, &stiffness, (solved, count), (r, 1.0), row);
        }
        // the piece on this member adds its fixed-end forces
        for (j, f) in fixed.iter().enumerate() {
            if let Some((_, f)) = f.filter(|(on, _)| *on == k) {
                (0..6).for_each(|r| along[r][j] += f[r]);
            }
        }
        for (end, node) in [(0, m.dofs[0] / 3), (3, m.dofs[3] / 3)] {
            for (s, _) in (model.supports.iter().enumerate()).filter(|(_, s)| s.node == node) {
                for j in 0..count {
                    let g = m.to_global([along[end][j], along[end + 1][j], along[end + 2][j]]);
                    (0..3).for_each(|i| out[(3 * s + i) * count + j] += g[i]);
                }
            }
        }
    }
    for (s, support) in model.supports.iter().enumerate() {
        for (j, piece) in loads.iter().enumerate() {
            (0..3).for_each(|i| out[(3 * s + i) * count + j] -= piece.nodal[support.node][i]);
        }
    }
}
