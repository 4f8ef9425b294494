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
//! ([`track::Track`]) and every combination only scales them by its factors. At a point that is
//! the same for every combination (a support, a joint, a member's end) so are the pieces' sums and
//! arrangements ([`adverse::Table`]); a member that carries no load has its extremes at its ends.

use std::cell::RefCell;
use std::ops::Range;

use serde::Serialize;

mod adverse;
mod members;
mod pieces;
mod search;
mod track;
mod unarranged;

use super::loads::LocalLoads;
use super::member_results::{all_breakpoints, Functions};
use super::{factored_nodal, node_displacements, FrameAnalysis, FrameModel, Linear};
use crate::analysis::factor;
use crate::beam::{DiagramBounds, PatternedBound, PatternedRange};
use crate::error::EngineError;
use crate::member::MemberLoads;
use adverse::{Contributions, Table};
use pieces::{PieceLoads, Responses};
use track::{Sorted, Track};

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
    let series = bounded.iter().any(|b| b.series);
    let parts = Parts::new(model, &linear, (&loads, &pieces), series);
    let bounds = combinations
        .iter()
        .enumerate()
        .map(|(k, factors)| {
            let wanted = bounded.get(k).copied().unwrap_or_default();
            if !wanted.series && pattern.iter().all(|&c| factor(factors, c) == 0.0) {
                // no piece is ever present: the combination's own results
                Ok(unarranged::bounds(&results[k], wanted))
            } else {
                parts.bounds(factors, pattern, &pieces, wanted)
            }
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
    /// The patterned cases, ascending, and the pieces of each (consecutive).
    cases: Vec<usize>,
    by_case: Vec<Range<usize>>,
    /// Per member: whether it carries a load of any case.
    loaded: Vec<bool>,
    /// Per member: its axial force's, shear's and moment's stretches (none for a member
    /// [`Parts::at_ends`] bounds, unless series are sampled).
    tracks: Vec<[Track; 3]>,
    /// The tracks' buckets searched so far, in their stretches.
    sorted: RefCell<Sorted>,
    /// The quantities at points fixed for every combination, at factor 1: each support's three
    /// reactions, then each node's three displacements, then per member its axial force and
    /// shear through its ends and its moment at either end ([`Parts::quantity`]).
    table: Table,
}

/// Where a part's quantities start in [`Parts::table`].
#[derive(Clone, Copy)]
enum Quantity {
    Reaction,
    Displacement,
    Member,
}

impl<'a> Parts<'a> {
    fn new(
        model: &'a FrameModel,
        linear: &'a Linear,
        (loads, pieces): (&[PieceLoads], &[FramePiece]),
        series: bool,
    ) -> Self {
        let mut all = LocalLoads::default();
        let mut both = MemberLoads::default();
        let mut loaded = Vec::with_capacity(linear.members.len());
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
                loaded.push(!all.is_empty());
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
        let by_case = (cases.iter())
            .map(|&c| {
                pieces.partition_point(|p| p.case < c)..pieces.partition_point(|p| p.case <= c)
            })
            .collect();
        let mut parts = Parts {
            model,
            linear,
            xs,
            own,
            at_support: pieces::at_support(model, linear),
            responses,
            cases,
            by_case,
            loaded,
            tracks: Vec::new(),
            sorted: RefCell::default(),
            table: Table::default(),
        };
        let mut scratch = track::Scratch::default();
        parts.tracks = (0..linear.members.len())
            .map(|m| {
                if !series && parts.at_ends_only(m) {
                    return Default::default();
                }
                let own: Vec<&Functions> = (parts.own[m].iter())
                    .filter_map(|&j| parts.responses.own[j].as_ref().map(|(_, f)| f))
                    .collect();
                std::array::from_fn(|f| parts.track(m, f, &own, &mut scratch))
            })
            .collect();
        parts.table = parts.table();
        parts
    }

    /// Whether member `m`'s extremes in every arrangement are at its ends: it carries no load, so
    /// its fixed part is straight, and each piece (acting through its ends) adds a straight line,
    /// so the largest value (a straight line plus convex ones) and the smallest are at the ends.
    fn at_ends_only(&self, m: usize) -> bool {
        !self.loaded[m] && self.own[m].is_empty()
    }

    /// Member `m`'s stretches for `function`, its own pieces' functions being `own`.
    fn track(
        &self,
        m: usize,
        function: usize,
        own: &[&Functions],
        scratch: &mut track::Scratch,
    ) -> Track {
        let r = &self.responses;
        let [axial, shear, moment] = r.rows(&r.ends, m);
        let (xs, cases) = (&self.xs[m], &self.by_case);
        // a piece acting through the member's ends as `a + b x`: its axial force and shear are
        // constant, its moment rises by the shear per metre; one closure per function, so that the
        // b of the first two, always zero, is known when compiled
        match function {
            0 => Track::new(
                xs,
                own,
                (cases, |j: usize| [axial[j], 0.0]),
                function,
                scratch,
            ),
            1 => Track::new(
                xs,
                own,
                (cases, |j: usize| [shear[j], 0.0]),
                function,
                scratch,
            ),
            _ => Track::new(
                xs,
                own,
                (cases, |j: usize| [moment[j], shear[j]]),
                function,
                scratch,
            ),
        }
    }

    /// The [`Table`] of the quantities at fixed points, read from the responses' rows as they are
    /// (only a member's moment at its end is made: the start's plus the shear times the length).
    fn table(&self) -> Table {
        let r = &self.responses;
        let (supports, nodes) = (self.model.supports.len(), self.model.nodes.len());
        let members = &self.linear.members;
        let quantities = 3 * supports + 3 * nodes + 4 * members.len();
        let mut table = Table::new(quantities, self.by_case.clone());
        for (column, items) in [(&r.reactions, supports), (&r.displacements, nodes)] {
            for i in 0..items {
                r.rows(column, i).iter().for_each(|row| table.push(row));
            }
        }
        let mut at_end = Vec::with_capacity(r.count);
        for (m, member) in members.iter().enumerate() {
            let [axial, shear, moment] = r.rows(&r.ends, m);
            [axial, shear, moment]
                .iter()
                .for_each(|row| table.push(row));
            at_end.clear();
            at_end.extend(shear.iter().zip(moment).map(|(v, s)| s + member.length * v));
            table.push(&at_end);
        }
        table
    }

    /// Where quantity `k` of item `i` of a part is in [`Parts::table`] (for a member: 0 axial force,
    /// 1 shear, 2 moment at the start, 3 at the end).
    fn quantity(&self, part: Quantity, i: usize, k: usize) -> usize {
        let (supports, nodes) = (self.model.supports.len(), self.model.nodes.len());
        match part {
            Quantity::Reaction => 3 * i + k,
            Quantity::Displacement => 3 * (supports + i) + k,
            Quantity::Member => 3 * (supports + nodes) + 4 * i + k,
        }
    }

    /// Quantity `q`'s bound in direction `d` where its fixed part is `fixed`, at patterned case
    /// factors `case_scale`: from the table, or when it cannot say, from every piece's
    /// contribution, which `weigh` fills.
    fn bound_at(
        &self,
        q: usize,
        (fixed, position): (f64, f64),
        (d, case_scale): (usize, &[f64]),
        contributions: &mut Contributions,
        weigh: impl FnOnce(&mut Contributions),
    ) -> PatternedBound {
        match self.table.adverse(q, (d, case_scale), &[]) {
            Some((sum, pieces)) => PatternedBound {
                value: fixed + sum,
                position,
                pieces,
            },
            None => {
                weigh(contributions);
                contributions.bound((fixed, position), d)
            }
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
        let case_scale: Vec<f64> = self.cases.iter().map(|&c| factor(factors, c)).collect();
        let d = self.linear.solutions.combined(&fixed);
        let held = self.held(&fixed, &d);
        let r = &self.responses;
        let mut contributions = Contributions::default();
        // a support's reactions or a node's displacements: the fixed part of each, and every piece's rows
        let mut at_points = |part: Quantity, held: &[[f64; 3]], column: &[f64]| {
            let of = |i: usize| r.rows(column, i);
            let mut range = |i: usize, k: usize| {
                let q = self.quantity(part, i, k);
                let mut weights = [0.0; 3];
                weights[k] = 1.0;
                [0, 1].map(|d| {
                    let weigh = |c: &mut Contributions| c.fill((of(i), weights), &scale, &[]);
                    self.bound_at(
                        q,
                        (held[i][k], 0.0),
                        (d, &case_scale),
                        &mut contributions,
                        weigh,
                    )
                })
            };
            (0..held.len())
                .map(|i| {
                    std::array::from_fn(|k| {
                        let [max, min] = range(i, k);
                        PatternedRange { max, min }
                    })
                })
                .collect::<Vec<[PatternedRange; 3]>>()
        };
        if wanted.forces {
            out.reactions = at_points(Quantity::Reaction, &held.reactions, &r.reactions);
        }
        if wanted.displacements {
            out.displacements = at_points(
                Quantity::Displacement,
                &held.displacements,
                &r.displacements,
            );
        }
        if wanted.forces || wanted.series {
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
