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
//! for its extremes exactly, as a combination's member is. Those points, and on each stretch the
//! sum of the pieces contributing upward, belong to the pieces alone, so they are found once
//! ([`search::Track`]) and every combination only scales them by its factors.

use serde::Serialize;

mod pieces;
mod search;

use super::loads::LocalLoads;
use super::member_results::{all_breakpoints, functions, Functions};
use super::{factored_nodal, node_displacements, FrameAnalysis, FrameModel, Linear};
use crate::analysis::factor;
use crate::beam::{DiagramBounds, PatternedRange};
use crate::error::EngineError;
use crate::member::MemberLoads;
use pieces::{PieceLoads, Responses};
use search::{fixed_only, poly, through_ends, Contributions, Search, Track};

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
    let parts = Parts::new(model, &linear, &loads, &pieces);
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

/// A combination's fixed part at the supports and the nodes.
struct Held {
    /// Per support: horizontal, vertical and moment.
    reactions: Vec<[f64; 3]>,
    /// Per node: x, y and rotation.
    displacements: Vec<[f64; 3]>,
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
    /// The members with an end at a support, ascending.
    at_support: Vec<usize>,
    /// The patterned cases, ascending, and each piece's place among them.
    cases: Vec<usize>,
    case_of: Vec<usize>,
    /// Per member: its axial force's, shear's and moment's stretches.
    tracks: Vec<[Track; 3]>,
}

impl<'a> Parts<'a> {
    fn new(
        model: &'a FrameModel,
        linear: &'a Linear,
        loads: &[PieceLoads],
        pieces: &[FramePiece],
    ) -> Self {
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
        let mut cases: Vec<usize> = pieces.iter().map(|p| p.case).collect();
        cases.dedup();
        let case_of = pieces
            .iter()
            .map(|p| cases.partition_point(|&c| c < p.case))
            .collect();
        let mut parts = Parts {
            model,
            linear,
            xs,
            own,
            at_support: pieces::at_support(model, linear),
            responses,
            cases,
            case_of,
            tracks: Vec::new(),
        };
        parts.tracks = (0..linear.members.len())
            .map(|m| std::array::from_fn(|f| parts.track(m, f)))
            .collect();
        parts
    }

    /// Member `m`'s stretches for `function`.
    fn track(&self, m: usize, function: usize) -> Track {
        let r = &self.responses;
        let own: Vec<&Functions> = self.own[m]
            .iter()
            .filter_map(|&j| r.own[j].as_ref().map(|(_, f)| f))
            .collect();
        let ends = &r.ends[m * r.count..(m + 1) * r.count];
        let through = ends
            .iter()
            .enumerate()
            .map(|(j, e)| (self.case_of[j], through_ends(e, function)));
        Track::new(&self.xs[m], &own, through, self.cases.len(), function)
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
        let held = self.held(&fixed, &d);
        let r = &self.responses;
        let mut contributions = Contributions::default();
        // no piece contributes to a combination without the patterned cases
        let absent = scale.iter().all(|&s| s == 0.0);
        let mut bound = |fixed: f64, rows: &[[f64; 3]], k: usize| {
            if absent {
                let only = fixed_only(fixed, 0.0);
                return PatternedRange {
                    max: only.clone(),
                    min: only,
                };
            }
            let mut weights = [0.0; 3];
            weights[k] = 1.0;
            contributions.fill((rows, weights), &scale, &[]);
            PatternedRange {
                max: contributions.bound((fixed, 0.0), 0),
                min: contributions.bound((fixed, 0.0), 1),
            }
        };
        // a support's reactions or a node's displacements: the fixed part of each, and every piece's rows
        // a support's reactions or a node's displacements: the fixed part of each, and every piece's rows
        let mut at_points = |held: &[[f64; 3]], rows: &[[f64; 3]]| -> Vec<[PatternedRange; 3]> {
            let of = |i: usize| &rows[i * r.count..(i + 1) * r.count];
            held.iter()
                .enumerate()
                .map(|(i, fixed)| std::array::from_fn(|k| bound(fixed[k], of(i), k)))
                .collect()
        };
        if wanted.forces {
            out.reactions = at_points(&held.reactions, &r.reactions);
        }
        if wanted.displacements {
            out.displacements = at_points(&held.displacements, &r.displacements);
        }
        if wanted.forces || wanted.series {
            let case_scale: Vec<f64> = self.cases.iter().map(|&c| factor(factors, c)).collect();
            self.member_bounds(&fixed, [&scale, &case_scale], &d, wanted, &mut out);
        }
        require_finite(out)
    }

    /// The fixed part's reactions and node displacements (`factors` and their displacements `d`),
    /// as a combination's result gives them: what the members at a support take from its node
    /// less what is applied there. Its members' functions are built member by member later.
    fn held(&self, factors: &[f64], d: &[f64]) -> Held {
        let nodes = self.model.nodes.len();
        let mut at_nodes = vec![[0.0; 3]; nodes];
        let mut loads = LocalLoads::default();
        for &k in &self.at_support {
            let m = &self.linear.members[k];
            let (_, p) = self.linear.member_state(k, factors, d, &mut loads);
            for (end, node) in [(0, m.dofs[0] / 3), (3, m.dofs[3] / 3)] {
                let g = m.to_global([p[end], p[end + 1], p[end + 2]]);
                (0..3).for_each(|i| at_nodes[node][i] += g[i]);
            }
        }
        let mut nodal = vec![[0.0; 3]; nodes];
        factored_nodal(&mut nodal, &self.linear.cases, factors);
        Held {
            reactions: (self.model.supports.iter())
                .map(|s| std::array::from_fn(|i| at_nodes[s.node][i] - nodal[s.node][i]))
                .collect(),
            displacements: node_displacements(&self.linear.restraints, d)
                .iter()
                .map(|x| [x.x, x.y, x.rotation])
                .collect(),
        }
    }

    /// Each member's extremes (and, when wanted, sampled bounds) over every arrangement.
    fn member_bounds(
        &self,
        fixed: &[f64],
        [scale, case_scale]: [&[f64]; 2],
        d: &[f64],
        wanted: Bounded,
        out: &mut FramePatterned,
    ) {
        let mut loads = LocalLoads::default();
        let mut held = Functions::default();
        let mut contributions = Contributions::default();
        let absent = case_scale.iter().all(|&s| s == 0.0);
        for (m, member) in self.linear.members.iter().enumerate() {
            let (u, p) = self.linear.member_state(m, fixed, d, &mut loads);
            functions(&mut held, member, &u, &p, &loads, &self.xs[m]);
            let own: Vec<(f64, &Functions)> = self.own[m]
                .iter()
                .filter_map(|&j| self.responses.own[j].as_ref().map(|(_, f)| (scale[j], f)))
                .collect();
            let mut extremes = Vec::with_capacity(3);
            let mut series = Vec::with_capacity(3);
            for function in 0..3 {
                let search = Search {
                    xs: &self.xs[m],
                    track: &self.tracks[m][function],
                    fixed: &held,
                    own: &own,
                    scale: case_scale,
                    function,
                };
                let (best, sampled) = search.run(member.length, wanted.series);
                if wanted.forces && absent {
                    let [max, min] =
                        best.map(|(x, _, k, t)| fixed_only(poly(&held, k, function).eval(t), x));
                    extremes.push(PatternedRange { max, min });
                } else if wanted.forces {
                    let range = self.range((m, function), (&held, scale), best, &mut contributions);
                    extremes.push(range);
                }
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

    /// Member `m`'s `function` over every arrangement at its candidates `best` (largest and
    /// smallest), with the pieces present in each one's arrangement.
    fn range(
        &self,
        (m, function): (usize, usize),
        (held, scale): (&Functions, &[f64]),
        best: [search::Candidate; 2],
        contributions: &mut Contributions,
    ) -> PatternedRange {
        let r = &self.responses;
        let rows = &r.ends[m * r.count..(m + 1) * r.count];
        let mut filled = None;
        let [max, min] = [0, 1].map(|dir| {
            let (x, _, k, t) = best[dir];
            // through the ends, the axial force and the shear are the same all along the member
            let same = filled.is_some_and(|at| at == (k, t))
                || (filled.is_some() && function < 2 && self.own[m].is_empty());
            if !same {
                // an own piece's row is zero: it acts along the member, and counts through `own`
                let own: Vec<(usize, f64)> = (self.own[m].iter())
                    .filter_map(|&j| {
                        let f = &r.own[j].as_ref()?.1;
                        Some((j, scale[j] * poly(f, k, function).eval(t)))
                    })
                    .collect();
                // the moment rises by the shear per metre
                let weights = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, x, 1.0]][function];
                contributions.fill((rows, weights), scale, &own);
                filled = Some((k, t));
            }
            contributions.bound((poly(held, k, function).eval(t), x), dir)
        });
        PatternedRange { max, min }
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
