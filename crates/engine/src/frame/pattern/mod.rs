//! Pattern loading on frames (decisions.md 17): the loads of the patterned cases cut into pieces,
//! one per member (its member loads of one case) and one per node (its nodal loads of one case),
//! each present at its case's full factor or absent. Each piece is one more load set, solved with
//! the one factorisation ([`pieces`]), so an arrangement's value anywhere is the fixed part (the unpatterned
//! cases and the settlements) plus the present pieces' contributions, and the bounds over all 2^n
//! arrangements take exactly the pieces contributing the adverse way there.
//!
//! Along a member, a piece on another member or on a node acts through the member's ends only: its
//! axial force and shear are constant and its moment linear, so it changes sign at most once. The
//! member's own pieces are polynomials on its segments. Between consecutive points where some
//! contribution changes sign the governing arrangement is fixed, and each such stretch is searched
//! for its extremes exactly, as a combination's member is.

use serde::Serialize;

mod pieces;
mod search;

use super::loads::LocalLoads;
use super::member_results::{all_breakpoints, functions, Functions};
use super::{combination_result, FrameAnalysis, FrameModel, Linear};
use crate::analysis::factor;
use crate::beam::pattern::{adverse, range};
use crate::beam::{DiagramBounds, PatternedRange};
use crate::error::EngineError;
use crate::member::MemberLoads;
use pieces::{PieceLoads, Responses};
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
    let linear = Linear::solve(model)?;
    let results = linear.results(model, combinations, diagrams)?;
    let (pieces, loads) = pieces::cut(model, pattern);
    let parts = Parts::new(model, &linear, &loads);
    let bounds = combinations
        .iter()
        .enumerate()
        .map(|(k, factors)| {
            let wanted = bounded.get(k).copied().unwrap_or_default();
            parts.bounds(factors, pattern, &pieces, wanted)
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

/// What every combination's bounds are built from.
struct Parts<'a> {
    model: &'a FrameModel,
    linear: &'a Linear,
    /// Per member: the breakpoints of every load on it, shared by every function there.
    xs: Vec<Vec<f64>>,
    responses: Responses,
    /// Per member: the pieces on it.
    own: Vec<Vec<usize>>,
}

impl<'a> Parts<'a> {
    fn new(model: &'a FrameModel, linear: &'a Linear, loads: &[PieceLoads]) -> Self {
        let mut all = LocalLoads::default();
        let mut both = MemberLoads::default();
        let xs: Vec<Vec<f64>> = linear
            .members
            .iter()
            .enumerate()
            .map(|(m, member)| {
                all.clear();
                linear
                    .cases
                    .iter()
                    .for_each(|c| all.extend_scaled(&c.members[m], 1.0));
                let mut xs = Vec::new();
                all_breakpoints(&mut xs, &mut both, member.length, &all);
                xs
            })
            .collect();
        let responses = pieces::responses(model, linear, loads, &xs);
        let mut own = vec![Vec::new(); linear.members.len()];
        for (j, o) in responses.own.iter().enumerate() {
            if let Some((m, _)) = o {
                own[*m].push(j);
            }
        }
        Parts {
            model,
            linear,
            xs,
            responses,
            own,
        }
    }

    /// One combination's bounds (`factors` over the model's cases, `pattern` the patterned ones).
    fn bounds(
        &self,
        factors: &[f64],
        pattern: &[usize],
        pieces: &[FramePiece],
        wanted: Bounded,
    ) -> Result<FramePatterned, EngineError> {
        let mut out = FramePatterned::default();
        if !(wanted.forces || wanted.displacements || wanted.series) {
            return Ok(out);
        }
        // the fixed part: every case but the patterned ones, and the settlements
        let mut fixed = factors.to_vec();
        for &c in pattern {
            if let Some(f) = fixed.get_mut(c) {
                *f = 0.0;
            }
        }
        let scale: Vec<f64> = pieces.iter().map(|p| factor(factors, p.case)).collect();
        let d = self.linear.solutions.combined(&fixed);
        let mut work = Default::default();
        let held = combination_result(self.model, self.linear, &fixed, &d, false, &mut work)?;
        let r = &self.responses;
        let bound = |fixed: f64, of: &dyn Fn(usize) -> f64| {
            let contributions: Vec<(usize, f64)> =
                (0..r.count).map(|j| (j, scale[j] * of(j))).collect();
            range(fixed, [0.0; 2], adverse(&contributions))
        };
        if wanted.forces {
            out.reactions = held
                .reactions
                .iter()
                .enumerate()
                .map(|(s, x)| {
                    let fixed = [x.horizontal, x.vertical, x.moment];
                    std::array::from_fn(|k| bound(fixed[k], &|j| r.reactions[s * r.count + j][k]))
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
                    std::array::from_fn(|k| {
                        bound(fixed[k], &|j| r.displacements[n * r.count + j][k])
                    })
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
        let mut off = Vec::with_capacity(self.responses.count);
        let count = self.responses.count;
        for (m, member) in self.linear.members.iter().enumerate() {
            let (u, p) = self.linear.member_state(m, fixed, d, &mut loads);
            functions(&mut held, member, &u, &p, &loads, &self.xs[m]);
            let own: Vec<(usize, f64, &Functions)> = self.own[m]
                .iter()
                .filter_map(|&j| {
                    self.responses.own[j]
                        .as_ref()
                        .map(|(_, f)| (j, scale[j], f))
                })
                .collect();
            let ends = &self.responses.ends[m * count..(m + 1) * count];
            let mut extremes = Vec::with_capacity(3);
            let mut series = Vec::with_capacity(3);
            for function in 0..3 {
                off.clear();
                off.extend(
                    ends.iter()
                        .enumerate()
                        .filter(|&(j, _)| scale[j] != 0.0 && !self.own[m].contains(&j))
                        .map(|(j, e)| (j, through_ends(e, function, scale[j]))),
                );
                let search = Search {
                    xs: &self.xs[m],
                    fixed: &held,
                    own: &own,
                    off: &off,
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
