//! Pattern loading on frames (decisions.md 17): the loads of the patterned cases cut into pieces,
//! one per member (its member loads of one case) and one per node (its nodal loads of one case),
//! each present at its case's full factor or absent. Each piece is a load case of its own, solved
//! with the one factorisation, so an arrangement's value anywhere is the fixed part (the unpatterned
//! cases and the settlements) plus the present pieces' contributions, and the bounds over all 2^n
//! arrangements take exactly the pieces contributing the adverse way there.
//!
//! Along a member, a piece on another member or on a node acts through the member's ends only: its
//! axial force and shear are constant and its moment linear, so it changes sign at most once. The
//! member's own pieces are polynomials on its segments. Between consecutive points where some
//! contribution changes sign the governing arrangement is fixed, and each such stretch is searched
//! for its extremes exactly, as a combination's member is.

use nalgebra::Vector6;
use serde::Serialize;

use super::loads::LocalLoads;
mod search;

use super::member_results::{all_breakpoints, functions, Functions};
use super::{combination_result, node_displacements, FrameAnalysis, FrameModel, Linear};
use crate::analysis::factor;
use crate::beam::pattern::{adverse, range};
use crate::beam::{DiagramBounds, PatternedRange};
use crate::error::EngineError;
use crate::member::MemberLoads;
use search::{through_ends, Search};

/// A piece of a patterned case: the case's member loads on one member, or its nodal loads on one
/// node (indices from 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FramePiece {
    /// Load case index.
    pub case: usize,
    /// The member whose loads these are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub member: Option<usize>,
    /// The node whose loads these are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<usize>,
}

/// What one combination's envelope bounds over every arrangement.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bounded {
    /// Reactions and each member's axial force, shear and moment (a ULS combination).
    pub forces: bool,
    /// Node displacements (an SLS combination).
    pub displacements: bool,
    /// Each member's axial force, shear and moment bounds, sampled (a figure of the envelope).
    pub series: bool,
}

/// One combination's bounds over every arrangement of the pieces; a part not asked for is empty.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FramePatterned {
    /// Per support: horizontal, vertical and moment (kN, kN.m counter-clockwise), global axes.
    pub reactions: Vec<[PatternedRange; 3]>,
    /// Per member: axial force, shear and moment (member conventions), with positions.
    pub members: Vec<[PatternedRange; 3]>,
    /// Per member: axial force, shear and moment bounds sampled along it.
    pub series: Vec<[DiagramBounds; 3]>,
    /// Per node: x, y (m) and rotation (rad).
    pub displacements: Vec<[PatternedRange; 3]>,
}

/// Every combination's fully loaded results, the pieces, and each combination's bounds.
#[derive(Clone, Debug)]
pub struct PatternedFrameAnalysis {
    /// As [`super::solve_frame`] gives them: every load present.
    pub analysis: FrameAnalysis,
    /// By case, then the members' pieces in member order, then the nodes' in node order.
    pub pieces: Vec<FramePiece>,
    /// One per combination.
    pub bounds: Vec<FramePatterned>,
}

/// [`super::solve_frame`] with the cases `pattern` patterned: the results stay fully loaded, and
/// each combination gains the bounds `bounded` asks of it (`bounded[k]` for combination k; none
/// past its end).
pub fn solve_frame_patterned(
    model: &FrameModel,
    pattern: &[usize],
    combinations: &[Vec<f64>],
    diagrams: usize,
    bounded: &[Bounded],
) -> Result<PatternedFrameAnalysis, EngineError> {
    let (pieced, pieces, base) = cut(model, pattern);
    let linear = Linear::solve(&pieced)?;
    let full: Vec<Vec<f64>> = combinations
        .iter()
        .map(|f| with_pieces(f, base, &pieces))
        .collect();
    let results = linear.results(&pieced, &full, diagrams)?;
    let parts = Parts::new(&pieced, &linear, base, pieces.len());
    let bounds = combinations
        .iter()
        .enumerate()
        .map(|(k, factors)| {
            let wanted = bounded.get(k).copied().unwrap_or_default();
            parts.bounds(factors, &pieces, wanted)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PatternedFrameAnalysis {
        analysis: FrameAnalysis {
            results,
            warnings: linear.restraints.warnings.clone(),
        },
        pieces,
        bounds,
    })
}

/// The pieces, and the model with each piece's loads in a case of its own, numbered from the
/// returned base (past every case of the model and of `pattern`).
fn cut(model: &FrameModel, pattern: &[usize]) -> (FrameModel, Vec<FramePiece>, usize) {
    let cases = model.nodal_loads.iter().map(|l| l.case);
    let cases = cases.chain(model.member_loads.iter().map(|l| l.case));
    let base = 1 + cases.chain(pattern.iter().copied()).max().unwrap_or(0);
    let mut patterned = pattern.to_vec();
    patterned.sort_unstable();
    patterned.dedup();
    let mut pieced = model.clone();
    let mut pieces = Vec::new();
    for case in patterned {
        let mut of_member = vec![0; model.members.len()];
        let mut members: Vec<usize> = model
            .member_loads
            .iter()
            .filter(|l| l.case == case)
            .map(|l| l.member)
            .collect();
        members.sort_unstable();
        members.dedup();
        for m in members {
            of_member[m] = base + pieces.len();
            pieces.push(FramePiece {
                case,
                member: Some(m),
                node: None,
            });
        }
        for l in pieced.member_loads.iter_mut().filter(|l| l.case == case) {
            l.case = of_member[l.member];
        }
        let mut of_node = vec![0; model.nodes.len()];
        let mut nodes: Vec<usize> = model
            .nodal_loads
            .iter()
            .filter(|l| l.case == case)
            .map(|l| l.node)
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        for n in nodes {
            of_node[n] = base + pieces.len();
            pieces.push(FramePiece {
                case,
                member: None,
                node: Some(n),
            });
        }
        for l in pieced.nodal_loads.iter_mut().filter(|l| l.case == case) {
            l.case = of_node[l.node];
        }
    }
    (pieced, pieces, base)
}

/// A combination's factors over the pieced model: the model's cases as given (the patterned ones
/// now carry no load), then each piece at its case's factor.
fn with_pieces(factors: &[f64], base: usize, pieces: &[FramePiece]) -> Vec<f64> {
    let mut f: Vec<f64> = (0..base).map(|c| factor(factors, c)).collect();
    f.extend(pieces.iter().map(|p| factor(factors, p.case)));
    f
}

/// One piece's response at factor 1.
struct PieceResponse {
    /// Each member's end forces (local; what the nodes exert on it).
    ends: Vec<Vector6<f64>>,
    /// Per support: `[horizontal, vertical, moment]`.
    reactions: Vec<[f64; 3]>,
    /// Per node: `[x, y, rotation]`.
    displacements: Vec<[f64; 3]>,
    /// A member piece's member: its functions there, over that member's breakpoints.
    own: Option<(usize, Functions)>,
}

/// What every combination's bounds are built from.
struct Parts<'a> {
    model: &'a FrameModel,
    linear: &'a Linear,
    base: usize,
    /// Per member: the breakpoints of every case's loads on it, shared by every function there.
    xs: Vec<Vec<f64>>,
    /// Per piece, in piece order.
    pieces: Vec<PieceResponse>,
    /// Per member: the pieces on it.
    own: Vec<Vec<usize>>,
}

impl<'a> Parts<'a> {
    fn new(model: &'a FrameModel, linear: &'a Linear, base: usize, count: usize) -> Self {
        let mut loads = LocalLoads::default();
        let mut both = MemberLoads::default();
        let xs: Vec<Vec<f64>> = linear
            .members
            .iter()
            .enumerate()
            .map(|(m, member)| {
                loads.clear();
                linear
                    .cases
                    .iter()
                    .for_each(|c| loads.extend_scaled(&c.members[m], 1.0));
                let mut xs = Vec::new();
                all_breakpoints(&mut xs, &mut both, member.length, &loads);
                xs
            })
            .collect();
        let first = linear
            .cases
            .iter()
            .position(|c| c.case >= base)
            .unwrap_or(linear.cases.len());
        let mut parts = Parts {
            model,
            linear,
            base,
            xs,
            pieces: Vec::with_capacity(count),
            own: vec![Vec::new(); linear.members.len()],
        };
        for i in first..linear.cases.len() {
            let response = parts.piece_response(i);
            if let Some((m, _)) = response.own {
                parts.own[m].push(parts.pieces.len());
            }
            parts.pieces.push(response);
        }
        parts
    }

    /// The response of the case at `i` (a piece's) at factor 1.
    fn piece_response(&self, i: usize) -> PieceResponse {
        let (linear, model) = (self.linear, self.model);
        let d = &linear.solutions.cases[i].1;
        let mut at_nodes = vec![[0.0; 3]; model.nodes.len()];
        let mut own = None;
        let ends = linear
            .members
            .iter()
            .enumerate()
            .map(|(m, member)| {
                let u = member.local_displacements(d);
                let p = member.end_forces(&u, &linear.fixed[i][m]);
                let loads = &linear.cases[i].members[m];
                if !loads.is_empty() {
                    let mut f = Functions::default();
                    functions(&mut f, member, &u, &p, loads, &self.xs[m]);
                    own = Some((m, f));
                }
                for (end, node) in [(0, member.dofs[0] / 3), (3, member.dofs[3] / 3)] {
                    let g = member.to_global([p[end], p[end + 1], p[end + 2]]);
                    (0..3).for_each(|k| at_nodes[node][k] += g[k]);
                }
                p
            })
            .collect();
        let nodal = &linear.cases[i].nodal;
        PieceResponse {
            ends,
            reactions: model
                .supports
                .iter()
                .map(|s| std::array::from_fn(|k| at_nodes[s.node][k] - nodal[s.node][k]))
                .collect(),
            displacements: node_displacements(&linear.restraints, d)
                .iter()
                .map(|n| [n.x, n.y, n.rotation])
                .collect(),
            own,
        }
    }

    /// One combination's bounds (`factors` over the model's cases).
    fn bounds(
        &self,
        factors: &[f64],
        pieces: &[FramePiece],
        wanted: Bounded,
    ) -> Result<FramePatterned, EngineError> {
        let mut out = FramePatterned::default();
        if !(wanted.forces || wanted.displacements || wanted.series) {
            return Ok(out);
        }
        let fixed: Vec<f64> = (0..self.base).map(|c| factor(factors, c)).collect();
        let scale: Vec<f64> = pieces.iter().map(|p| factor(factors, p.case)).collect();
        let d = self.linear.solutions.combined(&fixed);
        let mut work = Default::default();
        let held = combination_result(self.model, self.linear, &fixed, &d, false, &mut work)?;
        let bound = |fixed: f64, of: &dyn Fn(&PieceResponse) -> f64| {
            let contributions: Vec<(usize, f64)> = self
                .pieces
                .iter()
                .enumerate()
                .map(|(j, r)| (j, scale[j] * of(r)))
                .collect();
            range(fixed, [0.0; 2], adverse(&contributions))
        };
        if wanted.forces {
            out.reactions = held
                .reactions
                .iter()
                .enumerate()
                .map(|(s, r)| {
                    let fixed = [r.horizontal, r.vertical, r.moment];
                    std::array::from_fn(|k| bound(fixed[k], &|p| p.reactions[s][k]))
                })
                .collect();
        }
        if wanted.displacements {
            out.displacements = held
                .displacements
                .iter()
                .enumerate()
                .map(|(n, x)| {
                    let fixed = [x.x, x.y, x.rotation];
                    std::array::from_fn(|k| bound(fixed[k], &|p| p.displacements[n][k]))
                })
                .collect();
        }
        if wanted.forces || wanted.series {
            self.member_bounds(&fixed, &scale, &d, wanted, &mut out);
        }
        require_finite(out)
    }

    /// Each member's extremes (and, when wanted, sampled bounds) over every arrangement.
    fn member_bounds(
        &self,
        fixed: &[f64],
        scale: &[f64],
        d: &[f64],
        wanted: Bounded,
        out: &mut FramePatterned,
    ) {
        let mut loads = LocalLoads::default();
        let mut held = Functions::default();
        for (m, member) in self.linear.members.iter().enumerate() {
            let (u, p) = self.linear.member_state(m, fixed, d, &mut loads);
            functions(&mut held, member, &u, &p, &loads, &self.xs[m]);
            let own: Vec<(usize, f64, &Functions)> = self.own[m]
                .iter()
                .filter_map(|&j| self.pieces[j].own.as_ref().map(|(_, f)| (j, scale[j], f)))
                .collect();
            let mut extremes = Vec::with_capacity(3);
            let mut series = Vec::with_capacity(3);
            for function in 0..3 {
                let off = self
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| scale[*j] != 0.0 && !self.own[m].contains(j))
                    .map(|(j, r)| (j, through_ends(&r.ends[m], function, scale[j])))
                    .collect();
                let search = Search {
                    xs: &self.xs[m],
                    fixed: &held,
                    own: &own,
                    off,
                    function,
                };
                let (range, sampled) = search.run(member.length, wanted.series);
                extremes.push(range);
                series.push(sampled);
            }
            if wanted.forces {
                out.members.push(three(extremes));
            }
            if wanted.series {
                out.series.push(three(series));
            }
        }
    }
}

fn three<T>(v: Vec<T>) -> [T; 3] {
    let mut v = v.into_iter();
    std::array::from_fn(|_| v.next().expect("three functions"))
}

/// Numbers that overflowed are an error value, never a result.
fn require_finite(out: FramePatterned) -> Result<FramePatterned, EngineError> {
    let ranges = out
        .reactions
        .iter()
        .chain(&out.members)
        .chain(&out.displacements);
    let finite = ranges
        .flatten()
        .all(|r| r.max.value.is_finite() && r.min.value.is_finite())
        && out
            .series
            .iter()
            .flatten()
            .all(|s| s.max.iter().chain(&s.min).all(|p| p[1].is_finite()));
    if finite {
        Ok(out)
    } else {
        Err(EngineError::NonFinite {
            message: "a frame's pattern bounds overflowed".into(),
        })
    }
}
