//! The pieces of the patterned cases and each one's response at factor 1: one more load set each,
//! solved with the frame's one factorisation (one forward and back substitution for them all),
//! then read where the bounds need it: every member's axial force, shear and moment through its
//! ends, the reactions, the joint displacements, and its own member's functions.

use nalgebra::{Matrix3x6, Vector6};

use super::super::loads::{add_member_load, LocalLoads};
use super::super::member_results::{functions, Functions};
use super::super::{load_vector, node_displacements, FrameModel, Linear};
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

/// Every piece's response at factor 1.
pub(super) struct Responses {
    /// Pieces.
    pub count: usize,
    /// `[axial force, shear, moment at the start]` of member m under piece j at `m * count + j`
    /// (along the member: the first two constant, the moment rising by the shear per metre); zero
    /// for a piece on the member itself, which acts along it through [`Responses::own`] instead.
    pub ends: Vec<[f64; 3]>,
    /// `[horizontal, vertical, moment]` of support s under piece j at `s * count + j`.
    pub reactions: Vec<[f64; 3]>,
    /// `[x, y, rotation]` of node n under piece j at `n * count + j`.
    pub displacements: Vec<[f64; 3]>,
    /// Per piece: its member's functions, over that member's breakpoints `xs`.
    pub own: Vec<Option<(usize, Functions)>>,
}

/// The responses of `loads` (each a piece's), member functions over the breakpoints `xs`.
pub(super) fn responses(
    model: &FrameModel,
    linear: &Linear,
    loads: &[PieceLoads],
    xs: &[Vec<f64>],
) -> Responses {
    let members = &linear.members;
    // each member's start forces from its ends' displacements (global dofs): the first three rows of
    // its local stiffness turned to global axes, formed once rather than per piece
    let rows: Vec<Matrix3x6<f64>> = members
        .iter()
        .map(|m| (m.local * m.to_local).fixed_rows::<3>(0).into_owned())
        .collect();
    let at_support = at_support(model, linear);
    let count = loads.len();
    let mut out = Responses {
        count,
        ends: vec![[0.0; 3]; members.len() * count],
        reactions: vec![[0.0; 3]; model.supports.len() * count],
        displacements: vec![[0.0; 3]; model.nodes.len() * count],
        own: Vec::with_capacity(count),
    };
    let fixed_of = |piece: &PieceLoads| {
        piece
            .member
            .as_ref()
            .map(|(m, l)| (*m, members[*m].fixed_end_forces(l)))
    };
    let forces: Vec<Vec<f64>> = loads
        .iter()
        .map(|piece| {
            let fixed = fixed_of(piece);
            let loaded = fixed.iter().map(|(m, f)| (&members[*m], f));
            load_vector(&piece.nodal, loaded, &linear.restraints)
        })
        .collect();
    let solved = linear.system.solve_many(&forces);
    for (j, (piece, d)) in loads.iter().zip(solved).enumerate() {
        let fixed = fixed_of(piece);
        for (k, (m, row)) in members.iter().zip(&rows).enumerate() {
            let s = row * Vector6::from_fn(|i, _| d[m.dofs[i]]);
            out.ends[k * count + j] = [-s[0], s[1], -s[2]];
        }
        let mut own = None;
        if let Some(((m, local), (_, f))) = piece.member.as_ref().zip(fixed) {
            let member = &members[*m];
            let u = member.local_displacements(&d);
            let p = member.end_forces(&u, &f);
            out.ends[m * count + j] = [0.0; 3];
            let mut functions_of = Functions::default();
            functions(&mut functions_of, member, &u, &p, local, &xs[*m]);
            own = Some((*m, functions_of));
        }
        let held = reactions(model, linear, &at_support, &d, fixed, &piece.nodal);
        for (s, r) in held.into_iter().enumerate() {
            out.reactions[s * count + j] = r;
        }
        for (n, x) in node_displacements(&linear.restraints, &d)
            .iter()
            .enumerate()
        {
            out.displacements[n * count + j] = [x.x, x.y, x.rotation];
        }
        out.own.push(own);
    }
    out
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

/// Each support's reaction under displacements `d`: what the members at supports (`at_support`)
/// take from its node, less the load applied there.
fn reactions(
    model: &FrameModel,
    linear: &Linear,
    at_support: &[usize],
    d: &[f64],
    fixed: Option<(usize, Vector6<f64>)>,
    nodal: &[[f64; 3]],
) -> Vec<[f64; 3]> {
    model
        .supports
        .iter()
        .map(|s| {
            let mut held = [0.0; 3];
            for &k in at_support {
                let m = &linear.members[k];
                let own = fixed
                    .filter(|(f, _)| *f == k)
                    .map_or(Vector6::zeros(), |(_, f)| f);
                let p = m.end_forces(&m.local_displacements(d), &own);
                for (end, node) in [(0, m.dofs[0] / 3), (3, m.dofs[3] / 3)] {
                    if node == s.node {
                        let g = m.to_global([p[end], p[end + 1], p[end + 2]]);
                        (0..3).for_each(|i| held[i] += g[i]);
                    }
                }
            }
            std::array::from_fn(|i| held[i] - nodal[s.node][i])
        })
        .collect()
}
