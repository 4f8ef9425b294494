//! Continuous beams: spans with their own EI, hinges, supports anywhere, loads in cases.
//!
//! The beam is cut into members at span joints and supports; each member is one bending element.
//! The stiffness matrix is factorised once, each load case present is one solve, and every
//! combination is the factored sum of those solutions (plus settlements, always at factor 1).
//! Member diagrams and extremes come from exact integration ([`crate::member`]), not sampling.

use nalgebra::{Matrix4, Vector4};
use serde::{Deserialize, Serialize};

use crate::error::{Direction, EngineError};
use crate::member::{self, LineLoad, MemberLoads, PointAction, SectionState, Segment};
use crate::polynomial::{BernsteinBasis, Poly};
use crate::skyline::{Equations, Skyline};

/// Intervals a span is sampled with. Linear interpolation between samples must stay within 0.5% of the
/// curve: a chord over h misses by at most h²/8 |f''|, which for a simply supported UDL is 1/n² of the
/// peak moment and 1.2/n² of the peak deflection; n = 24 keeps both near 0.2%, and segments cut by loads
/// only shorten h. (The golden tests check the interpolation error directly.)
const SAMPLES_PER_SPAN: f64 = 24.0;

/// A beam in SI units: kN, m, kN/m², m⁴.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct BeamModel {
    /// Spans, left to right.
    pub spans: Vec<Span>,
    /// Supports in any order.
    pub supports: Vec<Support>,
    /// Loads, each in a load case.
    #[serde(default)]
    pub loads: Vec<BeamLoad>,
}

/// One span.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
pub struct Span {
    /// Length (m).
    pub length: f64,
    /// Young's modulus (kN/m²).
    pub e: f64,
    /// Second moment of area (m⁴).
    pub i: f64,
    /// True when the joint at this span's left end releases moment.
    #[serde(default)]
    pub hinge: bool,
}

/// Support kinds of a beam.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SupportKind {
    /// Restrains deflection.
    Pin,
    /// Restrains deflection (a beam carries no axial load, so pin and roller act alike).
    Roller,
    /// Restrains deflection and rotation.
    Fixed,
}

/// A support.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
pub struct Support {
    /// Kind.
    pub kind: SupportKind,
    /// Distance from the left end (m).
    pub position: f64,
    /// Imposed vertical displacement (m, up positive).
    #[serde(default)]
    pub settlement: f64,
}

/// A load in a case (`case` indexes the combination factors).
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum BeamLoad {
    /// Concentrated force (kN, up positive).
    Point {
        /// Position (m).
        position: f64,
        /// Force (kN, up positive).
        force: f64,
        /// Load case index.
        case: usize,
    },
    /// Concentrated moment (kN.m, counter-clockwise positive).
    Moment {
        /// Position (m).
        position: f64,
        /// Moment (kN.m, counter-clockwise positive).
        moment: f64,
        /// Load case index.
        case: usize,
    },
    /// Distributed load `q(s) = q[0] + q[1] s + q[2] s²` (kN/m, up positive), `s = x - from`.
    Line {
        /// Start (m).
        from: f64,
        /// End (m).
        to: f64,
        /// Polynomial coefficients.
        q: [f64; 3],
        /// Load case index.
        case: usize,
    },
}

impl BeamLoad {
    fn case(&self) -> usize {
        match *self {
            BeamLoad::Point { case, .. }
            | BeamLoad::Moment { case, .. }
            | BeamLoad::Line { case, .. } => case,
        }
    }
}

/// A value and where it occurs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Extreme {
    /// The value.
    pub value: f64,
    /// Position (m).
    pub position: f64,
}

/// Largest and smallest values of one function over the beam.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Range {
    /// Largest value, leftmost on a tie.
    pub max: Extreme,
    /// Smallest value, leftmost on a tie.
    pub min: Extreme,
}

/// Exact extremes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BeamExtremes {
    /// Shear (kN).
    pub shear: Range,
    /// Moment (kN.m, sagging positive).
    pub moment: Range,
    /// Deflection (m, up positive).
    pub deflection: Range,
}

/// Diagram series of `[position, value]`; at a jump the left value comes first.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BeamDiagrams {
    /// Shear (kN).
    pub shear: Vec<[f64; 2]>,
    /// Moment (kN.m, sagging positive).
    pub moment: Vec<[f64; 2]>,
    /// Rotation (rad, counter-clockwise positive).
    pub rotation: Vec<[f64; 2]>,
    /// Deflection (m, up positive).
    pub deflection: Vec<[f64; 2]>,
}

/// Reaction at one support.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BeamReaction {
    /// Support kind.
    pub kind: SupportKind,
    /// Position (m).
    pub position: f64,
    /// Vertical force on the beam (kN, up positive).
    pub vertical: f64,
    /// Moment on the beam (kN.m, counter-clockwise positive; 0 unless fixed).
    pub moment: f64,
}

/// Results of one combination of load cases.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeamResult {
    /// One per support, in order of position.
    pub reactions: Vec<BeamReaction>,
    /// Sampled diagrams (exact at every sample).
    pub diagrams: BeamDiagrams,
    /// Exact extremes.
    pub extremes: BeamExtremes,
}

/// One of the four diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Diagram {
    /// Shear.
    Shear,
    /// Moment.
    Moment,
    /// Rotation.
    Rotation,
    /// Deflection.
    Deflection,
}

impl Diagram {
    const ALL: [Diagram; 4] = [
        Diagram::Shear,
        Diagram::Moment,
        Diagram::Rotation,
        Diagram::Deflection,
    ];

    fn of(self, d: &BeamDiagrams) -> &Vec<[f64; 2]> {
        match self {
            Diagram::Shear => &d.shear,
            Diagram::Moment => &d.moment,
            Diagram::Rotation => &d.rotation,
            Diagram::Deflection => &d.deflection,
        }
    }

    fn of_mut(self, d: &mut BeamDiagrams) -> &mut Vec<[f64; 2]> {
        match self {
            Diagram::Shear => &mut d.shear,
            Diagram::Moment => &mut d.moment,
            Diagram::Rotation => &mut d.rotation,
            Diagram::Deflection => &mut d.deflection,
        }
    }
}

/// A diagram to bound pointwise over some of the combinations (an envelope).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct EnvelopeRequest {
    /// Indices into the combinations.
    pub combinations: Vec<usize>,
    /// Which diagram.
    pub diagram: Diagram,
}

/// Pointwise largest and smallest values of one diagram over the requested combinations.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DiagramBounds {
    /// Largest value at each sample position.
    pub max: Vec<[f64; 2]>,
    /// Smallest value at each sample position.
    pub min: Vec<[f64; 2]>,
}

/// Results of every combination and the requested envelopes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeamAnalysis {
    /// One per combination; only the first `keep_diagrams` carry their diagrams.
    pub results: Vec<BeamResult>,
    /// One per envelope request, in order.
    pub envelopes: Vec<DiagramBounds>,
}

/// A node of the discretised beam.
#[derive(Clone, Copy, Debug)]
struct Node {
    x: f64,
    deflection: usize,
    /// Rotation of the member ending here and of the member starting here (two dofs at a hinge).
    rotation_left: usize,
    rotation_right: usize,
    hinge: bool,
}

/// One bending member between two consecutive nodes.
#[derive(Clone, Debug)]
struct Member {
    start: usize,
    length: f64,
    ei: f64,
    /// Span length, which sets the sampling density.
    span_length: f64,
    dofs: [usize; 4],
    stiffness: Matrix4<f64>,
}

/// Where each dof sits, to name a mechanism.
#[derive(Clone, Copy, Debug)]
struct DofPlace {
    node: usize,
    direction: Direction,
}

/// The beam cut into nodes and members, with its loads sorted by case.
struct Discretised {
    /// Each member's breakpoints under every case's loads together.
    breakpoints: Vec<Vec<f64>>,
    nodes: Vec<Node>,
    members: Vec<Member>,
    places: Vec<DofPlace>,
    prescribed: Vec<bool>,
    /// Settlement or zero for each dof.
    imposed: Vec<f64>,
    /// Support index -> node index, supports sorted by position.
    supports: Vec<(Support, usize)>,
    cases: Vec<CaseLoads>,
    /// Positions where each diagram can jump.
    shear_jumps: Vec<f64>,
    moment_jumps: Vec<f64>,
    rotation_jumps: Vec<f64>,
    tolerance: f64,
}

/// Loads of one case, placed on nodes and members.
struct CaseLoads {
    case: usize,
    nodal: Vec<f64>,
    members: Vec<MemberLoads>,
    fixed_end: Vec<Vector4<f64>>,
}

/// Solves the beam for each combination (factors indexed by case; missing factors are 0).
pub fn solve_beam(
    model: &BeamModel,
    combinations: &[Vec<f64>],
) -> Result<Vec<BeamResult>, EngineError> {
    analyse_beam(model, combinations, &[], combinations.len()).map(|a| a.results)
}

/// Solves the beam for each combination and bounds diagrams over groups of them. Envelopes are
/// taken while each combination's samples are summed, so a combination's diagrams are only kept
/// (and handed back) for the first `keep_diagrams` results.
pub fn analyse_beam(
    model: &BeamModel,
    combinations: &[Vec<f64>],
    envelopes: &[EnvelopeRequest],
    keep_diagrams: usize,
) -> Result<BeamAnalysis, EngineError> {
    if let Some(bad) = envelopes
        .iter()
        .flat_map(|e| &e.combinations)
        .find(|&&i| i >= combinations.len())
    {
        return Err(EngineError::invalid(format!(
            "envelope names combination {bad}, which does not exist"
        )));
    }
    validate(model)?;
    let beam = discretise(model)?;
    let equations = Equations::number(
        beam.places.len(),
        &beam.prescribed,
        beam.members.iter().map(|m| &m.dofs[..]),
    );
    let mut k = Skyline::with_profile(&equations, beam.members.iter().map(|m| &m.dofs[..]));
    for m in &beam.members {
        // symmetric, so nalgebra's column-major slice reads the same as row-major
        k.assemble(&equations, &m.dofs, m.stiffness.as_slice());
    }
    let factors = k.factorize().map_err(|zero| {
        let place = beam.places[equations.dof_of[zero.equation]];
        EngineError::Mechanism {
            node: place.node,
            direction: place.direction,
            x: beam.nodes[place.node].x,
            y: 0.0,
        }
    })?;

    // One solve per load case present, and one for the settlements.
    let solve_rhs = |rhs_of_dof: &dyn Fn(usize) -> f64, base: &[f64]| -> Vec<f64> {
        let mut rhs: Vec<f64> = equations.dof_of.iter().map(|&d| rhs_of_dof(d)).collect();
        factors.solve(&mut rhs);
        let mut d = base.to_vec();
        for (eq, &dof) in equations.dof_of.iter().enumerate() {
            d[dof] = rhs[eq];
        }
        d
    };
    let zero = vec![0.0; beam.places.len()];
    let case_displacements: Vec<Vec<f64>> = beam
        .cases
        .iter()
        .map(|c| {
            let mut f = c.nodal.clone();
            for (m, fef) in beam.members.iter().zip(&c.fixed_end) {
                for (a, &dof) in m.dofs.iter().enumerate() {
                    f[dof] -= fef[a];
                }
            }
            solve_rhs(&|dof| f[dof], &zero)
        })
        .collect();
    let settlement = if beam.imposed.iter().any(|&u| u != 0.0) {
        let mut f = vec![0.0; beam.places.len()];
        for m in &beam.members {
            let imposed = Vector4::from_fn(|a, _| beam.imposed[m.dofs[a]]);
            let restoring = m.stiffness * imposed;
            for (a, &dof) in m.dofs.iter().enumerate() {
                f[dof] -= restoring[a];
            }
        }
        Some(solve_rhs(&|dof| f[dof], &beam.imposed))
    } else {
        None
    };

    let imposed = settlement.unwrap_or(zero);
    let mut bounds: Vec<DiagramBounds> = vec![DiagramBounds::default(); envelopes.len()];
    // Bounds each envelope that includes combination `i`; keeps the diagrams only where asked.
    let mut finish = |i: usize, mut result: BeamResult| {
        for (b, e) in bounds.iter_mut().zip(envelopes) {
            if e.combinations.contains(&i) {
                widen(b, e.diagram.of(&result.diagrams));
            }
        }
        if i >= keep_diagrams {
            result.diagrams = BeamDiagrams::default();
        }
        if finite(&result) {
            Ok(result)
        } else {
            Err(EngineError::NonFinite {
                message: "the beam's results overflowed".into(),
            })
        }
    };
    // The diagrams combination `i` needs: all four when kept, else those its envelopes bound.
    let needed = |i: usize| -> [bool; 4] {
        Diagram::ALL.map(|d| {
            i < keep_diagrams
                || envelopes
                    .iter()
                    .any(|e| e.diagram == d && e.combinations.contains(&i))
        })
    };

    // One combination integrated directly from its superposed displacements, with all its diagrams.
    let direct = |factors: &[f64]| {
        let factor_of = |case: usize| factors.get(case).copied().unwrap_or(0.0);
        let mut d = imposed.clone();
        for (c, dc) in beam.cases.iter().zip(&case_displacements) {
            let f = factor_of(c.case);
            if f != 0.0 {
                d.iter_mut().zip(dc).for_each(|(di, x)| *di += f * x);
            }
        }
        let combined = response(&beam, &d, &factor_of);
        BeamResult {
            diagrams: sample(&beam, &combined.members, [true; 4]),
            extremes: extremes(&[(1.0, &combined)]),
            reactions: combined.reactions,
        }
    };

    // Few combinations: each one directly.
    if combinations.len() <= beam.cases.len() + 1 {
        let results = combinations
            .iter()
            .enumerate()
            .map(|(i, factors)| finish(i, direct(factors)))
            .collect::<Result<Vec<_>, _>>()?;
        return bounded(BeamAnalysis {
            results,
            envelopes: bounds,
        });
    }

    // Many: integrate and sample each load case (and the settlements) once; a combination is their
    // factored sum, polynomial by polynomial and sample by sample, so no combination integrates
    // anything again. The results that keep their diagrams are solved directly, so the cases are
    // sampled only for the diagrams the envelopes bound.
    let mut components: Vec<(Option<usize>, Component)> = beam
        .cases
        .iter()
        .zip(&case_displacements)
        .map(|(c, dc)| {
            let only = |case: usize| if case == c.case { 1.0 } else { 0.0 };
            (Some(c.case), response(&beam, dc, &only))
        })
        .collect();
    components.push((None, response(&beam, &imposed, &|_| 0.0)));
    let summed = (keep_diagrams..combinations.len())
        .map(needed)
        .fold([false; 4], |a, b| std::array::from_fn(|d| a[d] || b[d]));
    let samples: Vec<BeamDiagrams> = components
        .iter()
        .map(|(_, c)| sample(&beam, &c.members, summed))
        .collect();
    let results = combinations
        .iter()
        .enumerate()
        .map(|(i, factors)| {
            if i < keep_diagrams {
                return finish(i, direct(factors));
            }
            // settlements act at factor 1 in every combination
            let factor =
                |case: &Option<usize>| case.map_or(1.0, |c| factors.get(c).copied().unwrap_or(0.0));
            let parts: Vec<(f64, &Component)> = components
                .iter()
                .map(|(case, c)| (factor(case), c))
                .collect();
            let sampled: Vec<(f64, &BeamDiagrams)> = components
                .iter()
                .zip(&samples)
                .map(|((case, _), s)| (factor(case), s))
                .collect();
            finish(
                i,
                BeamResult {
                    diagrams: superpose_samples(&sampled, needed(i)),
                    extremes: extremes(&parts),
                    reactions: superpose_reactions(&parts),
                },
            )
        })
        .collect::<Result<Vec<_>, _>>()?;
    bounded(BeamAnalysis {
        results,
        envelopes: bounds,
    })
}

/// The analysis, unless an envelope overflowed (results are checked one by one as they are made).
fn bounded(analysis: BeamAnalysis) -> Result<BeamAnalysis, EngineError> {
    let finite_series = |s: &[[f64; 2]]| s.iter().all(|p| p[0].is_finite() && p[1].is_finite());
    if analysis
        .envelopes
        .iter()
        .all(|b| finite_series(&b.max) && finite_series(&b.min))
    {
        Ok(analysis)
    } else {
        Err(EngineError::NonFinite {
            message: "an envelope of the beam's results overflowed".into(),
        })
    }
}

/// Widens envelope bounds by one combination's series (the first one sets them).
fn widen(bounds: &mut DiagramBounds, series: &[[f64; 2]]) {
    if bounds.max.is_empty() {
        bounds.max = series.to_vec();
        bounds.min = series.to_vec();
        return;
    }
    for ((hi, lo), s) in bounds.max.iter_mut().zip(bounds.min.iter_mut()).zip(series) {
        hi[1] = hi[1].max(s[1]);
        lo[1] = lo[1].min(s[1]);
    }
}

/// `Σ factor × samples`, position by position (every component is sampled at the same positions),
/// for the diagrams `wanted` (the others stay empty).
fn superpose_samples(parts: &[(f64, &BeamDiagrams)], wanted: [bool; 4]) -> BeamDiagrams {
    let first = parts[0].1;
    let mut sum = BeamDiagrams::default();
    for (d, _) in Diagram::ALL.iter().zip(wanted).filter(|(_, w)| *w) {
        let total = d.of_mut(&mut sum);
        *total = d.of(first).iter().map(|p| [p[0], 0.0]).collect();
        for &(factor, part) in parts.iter().filter(|(f, _)| *f != 0.0) {
            for (t, s) in total.iter_mut().zip(d.of(part)) {
                t[1] += factor * s[1];
            }
        }
    }
    sum
}

/// Reactions and exact member functions of one load case, of the settlements, or of their sum.
struct Component {
    reactions: Vec<BeamReaction>,
    /// Per member: start position, span length (sets the sampling) and segments.
    members: Vec<(f64, f64, Vec<Segment>)>,
    /// Bernstein coefficients of shear, moment and deflection for every segment, members in order.
    bernstein: Vec<[Bernstein; 3]>,
}

/// Bernstein coefficients of one function over one segment.
type Bernstein = [f64; Poly::CAPACITY];

/// Degrees the Bernstein forms of shear, moment and deflection use: a quadratic line load gives
/// shear of degree 3, moment 4 and deflection 6, and no member function goes higher.
const BERNSTEIN_DEGREE: [usize; 3] = [3, 4, 6];

fn bernstein_of(members: &[(f64, f64, Vec<Segment>)]) -> Vec<[Bernstein; 3]> {
    let bases = BERNSTEIN_DEGREE.map(BernsteinBasis::of_degree);
    members
        .iter()
        .flat_map(|(_, _, segments)| segments)
        .map(|s| {
            let length = s.end - s.start;
            let functions = [&s.shear, &s.moment, &s.deflection];
            std::array::from_fn(|f| functions[f].bernstein_with(length, &bases[f]))
        })
        .collect()
}

/// `Σ factor × reactions` (every component lists the same supports in the same order).
fn superpose_reactions(parts: &[(f64, &Component)]) -> Vec<BeamReaction> {
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
fn superpose_segment(parts: &[(f64, &Component)], member: usize, segment: usize) -> Segment {
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

fn validate(model: &BeamModel) -> Result<(), EngineError> {
    if model.spans.is_empty() {
        return Err(EngineError::invalid("a beam needs at least one span"));
    }
    for (n, s) in model.spans.iter().enumerate() {
        for (name, v) in [("length", s.length), ("E", s.e), ("I", s.i)] {
            if !(v.is_finite() && v > 0.0) {
                return Err(EngineError::invalid(format!(
                    "span {n}: {name} must be a positive finite number"
                )));
            }
        }
    }
    if model.spans[0].hinge {
        return Err(EngineError::invalid(
            "the first span has no previous span to hinge to",
        ));
    }
    if model.supports.is_empty() {
        return Err(EngineError::invalid("a beam needs at least one support"));
    }
    let total: f64 = model.spans.iter().map(|s| s.length).sum();
    let tolerance = 1e-9 * total;
    let inside = |x: f64| x.is_finite() && x >= -tolerance && x <= total + tolerance;
    for s in &model.supports {
        if !inside(s.position) || !s.settlement.is_finite() {
            return Err(EngineError::invalid(format!(
                "support at {} lies off the beam",
                s.position
            )));
        }
    }
    for l in &model.loads {
        let ok = match *l {
            BeamLoad::Point {
                position, force, ..
            } => inside(position) && force.is_finite(),
            BeamLoad::Moment {
                position, moment, ..
            } => inside(position) && moment.is_finite(),
            BeamLoad::Line { from, to, q, .. } => {
                inside(from) && inside(to) && from < to && q.iter().all(|v| v.is_finite())
            }
        };
        if !ok {
            return Err(EngineError::invalid(
                "a load lies off the beam or is not finite",
            ));
        }
    }
    Ok(())
}

fn discretise(model: &BeamModel) -> Result<Discretised, EngineError> {
    let total: f64 = model.spans.iter().map(|s| s.length).sum();
    let tolerance = 1e-9 * total;

    // Span joints (with their hinge flag), then supports, give the node positions.
    let mut joints = vec![(0.0, false)];
    let mut x = 0.0;
    for (n, s) in model.spans.iter().enumerate() {
        x += s.length;
        let hinge_next = model.spans.get(n + 1).is_some_and(|next| next.hinge);
        joints.push((
            if n + 1 == model.spans.len() { total } else { x },
            hinge_next,
        ));
    }
    let mut positions: Vec<(f64, bool)> = joints.clone();
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
    for (n, &(x, hinge)) in merged.iter().enumerate() {
        let deflection = places.len();
        places.push(DofPlace {
            node: n,
            direction: Direction::Vertical,
        });
        let rotation_left = places.len();
        places.push(DofPlace {
            node: n,
            direction: Direction::Rotation,
        });
        let rotation_right = if hinge {
            places.push(DofPlace {
                node: n,
                direction: Direction::Rotation,
            });
            rotation_left + 1
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
    let node_at = |x: f64| nodes.iter().position(|n| (n.x - x).abs() <= tolerance);

    // Members between consecutive nodes take the EI of the span they lie in.
    let span_of = |x: f64| {
        let mut end = 0.0;
        for s in &model.spans {
            end += s.length;
            if x < end {
                return *s;
            }
        }
        model.spans[model.spans.len() - 1]
    };
    let members: Vec<Member> = nodes
        .windows(2)
        .enumerate()
        .map(|(n, w)| {
            let length = w[1].x - w[0].x;
            let span = span_of(0.5 * (w[0].x + w[1].x));
            let ei = span.e * span.i;
            Member {
                start: n,
                length,
                ei,
                span_length: span.length,
                dofs: [
                    w[0].deflection,
                    w[0].rotation_right,
                    w[1].deflection,
                    w[1].rotation_left,
                ],
                stiffness: member::bending_stiffness(length, ei),
            }
        })
        .collect();

    let mut prescribed = vec![false; places.len()];
    let mut imposed = vec![0.0; places.len()];
    let mut supports: Vec<(Support, usize)> = Vec::new();
    for s in &model.supports {
        let n = node_at(s.position.clamp(0.0, total))
            .ok_or_else(|| EngineError::invalid("support not on a node"))?;
        if supports.iter().any(|&(_, m)| m == n) {
            return Err(EngineError::invalid(format!(
                "two supports at position {}",
                nodes[n].x
            )));
        }
        let node = nodes[n];
        prescribed[node.deflection] = true;
        imposed[node.deflection] = s.settlement;
        if s.kind == SupportKind::Fixed {
            if node.hinge {
                return Err(EngineError::invalid(format!(
                    "a fixed support cannot stand at the hinge at {}",
                    node.x
                )));
            }
            prescribed[node.rotation_left] = true;
        }
        supports.push((*s, n));
    }
    supports.sort_by(|a, b| nodes[a.1].x.total_cmp(&nodes[b.1].x));

    let mut shear_jumps: Vec<f64> = supports.iter().map(|&(_, n)| nodes[n].x).collect();
    let mut moment_jumps: Vec<f64> = supports
        .iter()
        .filter(|(s, _)| s.kind == SupportKind::Fixed)
        .map(|&(_, n)| nodes[n].x)
        .collect();
    let rotation_jumps: Vec<f64> = nodes.iter().filter(|n| n.hinge).map(|n| n.x).collect();

    let mut case_ids: Vec<usize> = model.loads.iter().map(BeamLoad::case).collect();
    case_ids.sort_unstable();
    case_ids.dedup();
    let mut cases: Vec<CaseLoads> = case_ids
        .iter()
        .map(|&case| CaseLoads {
            case,
            nodal: vec![0.0; places.len()],
            members: vec![MemberLoads::default(); members.len()],
            fixed_end: Vec::new(),
        })
        .collect();
    let member_containing = |x: f64| {
        members
            .iter()
            .position(|m| x > nodes[m.start].x && x < nodes[m.start].x + m.length)
            .unwrap_or(0)
    };
    for load in &model.loads {
        let c = cases
            .iter_mut()
            .find(|c| c.case == load.case())
            .expect("case collected above");
        match *load {
            BeamLoad::Point {
                position, force, ..
            } => {
                shear_jumps.push(position);
                match node_at(position) {
                    Some(n) => c.nodal[nodes[n].deflection] += force,
                    None => {
                        let m = member_containing(position);
                        let at = position - nodes[members[m].start].x;
                        c.members[m].points.push(PointAction {
                            at,
                            force,
                            moment: 0.0,
                        });
                    }
                }
            }
            BeamLoad::Moment {
                position, moment, ..
            } => {
                moment_jumps.push(position);
                match node_at(position) {
                    Some(n) if nodes[n].hinge => {
                        return Err(EngineError::invalid(format!(
                            "a moment at the hinge at {} has no defined side",
                            nodes[n].x
                        )))
                    }
                    Some(n) => c.nodal[nodes[n].rotation_left] += moment,
                    None => {
                        let m = member_containing(position);
                        let at = position - nodes[members[m].start].x;
                        c.members[m].points.push(PointAction {
                            at,
                            force: 0.0,
                            moment,
                        });
                    }
                }
            }
            BeamLoad::Line { from, to, q, .. } => {
                let q = Poly::from_coefficients(&q);
                for (m, member) in members.iter().enumerate() {
                    let x0 = nodes[member.start].x;
                    let (a, b) = (from.max(x0), to.min(x0 + member.length));
                    if b - a > tolerance {
                        c.members[m].lines.push(LineLoad {
                            from: a - x0,
                            to: b - x0,
                            q: q.shifted(a - from),
                        });
                    }
                }
            }
        }
    }
    let breakpoints = members
        .iter()
        .enumerate()
        .map(|(e, m)| {
            let mut all = MemberLoads::default();
            cases.iter().for_each(|c| all.extend(&c.members[e]));
            member::breakpoints(m.length, &all)
        })
        .collect();
    for c in &mut cases {
        c.fixed_end = members
            .iter()
            .zip(&c.members)
            .map(|(m, loads)| member::fixed_end_forces(m.length, m.ei, loads))
            .collect();
    }
    for jumps in [&mut shear_jumps, &mut moment_jumps] {
        jumps.sort_by(f64::total_cmp);
        jumps.dedup_by(|b, a| (*b - *a).abs() <= tolerance);
    }
    Ok(Discretised {
        breakpoints,
        nodes,
        members,
        places,
        prescribed,
        imposed,
        supports,
        cases,
        shear_jumps,
        moment_jumps,
        rotation_jumps,
        tolerance,
    })
}

/// The response to displacements `d` with each case's loads at `factor_of(case)`.
fn response(beam: &Discretised, d: &[f64], factor_of: &dyn Fn(usize) -> f64) -> Component {
    let mut end_forces_at_dof = vec![0.0; d.len()];
    let mut nodal = vec![0.0; d.len()];
    for c in &beam.cases {
        let f = factor_of(c.case);
        nodal
            .iter_mut()
            .zip(&c.nodal)
            .for_each(|(n, x)| *n += f * x);
    }
    let mut member_segments: Vec<(f64, f64, Vec<Segment>)> = Vec::with_capacity(beam.members.len());
    for (e, m) in beam.members.iter().enumerate() {
        let active = || beam.cases.iter().filter(|c| factor_of(c.case) != 0.0);
        let mut loads = MemberLoads {
            points: Vec::with_capacity(active().map(|c| c.members[e].points.len()).sum()),
            lines: Vec::with_capacity(active().map(|c| c.members[e].lines.len()).sum()),
        };
        let mut fef = Vector4::zeros();
        for c in active() {
            let f = factor_of(c.case);
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

fn finite(r: &BeamResult) -> bool {
    let series = [
        &r.diagrams.shear,
        &r.diagrams.moment,
        &r.diagrams.rotation,
        &r.diagrams.deflection,
    ];
    r.reactions
        .iter()
        .all(|x| x.vertical.is_finite() && x.moment.is_finite())
        && series
            .iter()
            .all(|s| s.iter().all(|p| p[0].is_finite() && p[1].is_finite()))
}

/// Samples the `wanted` diagrams over every segment (the others stay empty).
fn sample(
    beam: &Discretised,
    members: &[(f64, f64, Vec<Segment>)],
    wanted: [bool; 4],
) -> BeamDiagrams {
    let mut out = BeamDiagrams::default();
    for (d, _) in Diagram::ALL.iter().zip(wanted).filter(|(_, w)| *w) {
        *d.of_mut(&mut out) = sample_one(beam, members, *d);
    }
    out
}

/// One diagram: each segment's start, interior points at most a span/24 apart, and the beam's end.
/// At a breakpoint where the diagram can jump, the value just left comes before the value just right.
fn sample_one(
    beam: &Discretised,
    members: &[(f64, f64, Vec<Segment>)],
    diagram: Diagram,
) -> Vec<[f64; 2]> {
    let (function, jumps): (fn(&Segment) -> &Poly, &[f64]) = match diagram {
        Diagram::Shear => (|s| &s.shear, &beam.shear_jumps),
        Diagram::Moment => (|s| &s.moment, &beam.moment_jumps),
        Diagram::Rotation => (|s| &s.rotation, &beam.rotation_jumps),
        Diagram::Deflection => (|s| &s.deflection, &[]),
    };
    // jump positions are sorted: the first one not left of x - tolerance decides
    let is_jump = |x: f64| {
        let at = jumps.partition_point(|&j| j < x - beam.tolerance);
        jumps.get(at).is_some_and(|&j| j <= x + beam.tolerance)
    };
    // a span's samples, plus each segment's start and a jump's second value
    let capacity = members
        .iter()
        .map(|(_, _, segments)| SAMPLES_PER_SPAN as usize + 2 * segments.len())
        .sum::<usize>()
        + 1;
    let mut series = Vec::with_capacity(capacity);
    let mut previous: Option<f64> = None;
    for (x0, span_length, segments) in members {
        let h = span_length / SAMPLES_PER_SPAN;
        for s in segments {
            let p = function(s);
            let degree = p.degree();
            let x = x0 + s.start;
            if let Some(left) = previous {
                if is_jump(x) {
                    series.push([x, left]);
                }
            }
            series.push([x, p.c[0]]);
            let length = s.end - s.start;
            let intervals = (length / h).ceil().max(1.0) as usize;
            for k in 1..intervals {
                let t = length * k as f64 / intervals as f64;
                series.push([x + t, p.eval_to(t, degree)]);
            }
            previous = Some(p.eval_to(length, degree));
        }
    }
    if let (Some(last), Some((x0, _, segments))) = (previous, members.last()) {
        if let Some(s) = segments.last() {
            series.push([x0 + s.end, last]);
        }
    }
    series
}

/// Stationary points down the chain q -> V -> M -> θ, each level's roots fencing the next, found
/// only as deep as a caller asks.
struct Chain<'a> {
    segment: &'a Segment,
    length: f64,
    /// Roots of q, V, M and θ inside the segment.
    roots: [Option<Vec<f64>>; 4],
}

impl<'a> Chain<'a> {
    fn new(segment: &'a Segment) -> Self {
        Chain {
            segment,
            length: segment.end - segment.start,
            roots: Default::default(),
        }
    }

    fn roots(&mut self, level: usize) -> &[f64] {
        if self.roots[level].is_none() {
            let s = self.segment;
            let found = match level {
                0 => s.shear.derivative().roots_in(0.0, self.length),
                _ => {
                    let fences = self.roots(level - 1).to_vec();
                    let p = [&s.shear, &s.moment, &s.rotation][level - 1];
                    p.roots_between(0.0, self.length, &fences)
                }
            };
            self.roots[level] = Some(found);
        }
        self.roots[level].as_deref().unwrap_or(&[])
    }
}

/// Exact extremes of shear, moment and deflection of `Σ factor × component`: segment ends (one-sided)
/// and stationary points. The superposed Bernstein coefficients give every segment's end values and
/// bounds without evaluating anything; stationary points are sought only in segments whose bounds
/// could beat the values already found, which leaves most segments of a long beam untouched.
fn extremes(parts: &[(f64, &Component)]) -> BeamExtremes {
    // the chain level whose roots are each function's stationary points
    const LEVEL: [usize; 3] = [0, 1, 3];
    let geometry = parts[0].1;
    let slots: Vec<(usize, usize, f64, f64)> = geometry
        .members
        .iter()
        .enumerate()
        .flat_map(|(m, (x0, _, segments))| {
            segments
                .iter()
                .enumerate()
                .map(move |(k, s)| (m, k, x0 + s.start, x0 + s.end))
        })
        .collect();
    let active: Vec<(f64, &Component)> = parts.iter().copied().filter(|(f, _)| *f != 0.0).collect();
    // A slot's superposed coefficients are summed where they are used, never stored for the whole
    // beam: that array was most of the cost of a combination's extremes.
    let superposed = |slot: usize, ends_only: bool| {
        let mut sum = [[0.0; Poly::CAPACITY]; 3];
        for &(factor, part) in &active {
            let Some(own) = part.bernstein.get(slot) else {
                continue;
            };
            for f in 0..3 {
                let last = BERNSTEIN_DEGREE[f];
                if ends_only {
                    sum[f][0] += factor * own[f][0];
                    sum[f][last] += factor * own[f][last];
                } else {
                    for (a, b) in sum[f].iter_mut().zip(&own[f]).take(last + 1) {
                        *a += factor * b;
                    }
                }
            }
        }
        sum
    };
    let mut candidates: [Vec<(f64, f64)>; 3] =
        std::array::from_fn(|_| Vec::with_capacity(2 * slots.len() + 8));
    for (slot, &(_, _, x0, x1)) in slots.iter().enumerate() {
        let b = superposed(slot, true);
        for f in 0..3 {
            candidates[f].push((x0, b[f][0]));
            candidates[f].push((x1, b[f][BERNSTEIN_DEGREE[f]]));
        }
    }
    let mut high = candidates
        .each_ref()
        .map(|c| c.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max));
    let mut low = candidates
        .each_ref()
        .map(|c| c.iter().map(|v| v.1).fold(f64::INFINITY, f64::min));
    for (slot, &(m, k, x0, _)) in slots.iter().enumerate() {
        let b = superposed(slot, false);
        let wanted: [bool; 3] = std::array::from_fn(|f| {
            let coefficients = &b[f][..=BERNSTEIN_DEGREE[f]];
            let upper = coefficients
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let lower = coefficients.iter().copied().fold(f64::INFINITY, f64::min);
            // a margin well above the tie tolerance, so a segment that could tie is never skipped
            let margin = 1e-6 * high[f].abs().max(low[f].abs());
            upper >= high[f] - margin || lower <= low[f] + margin
        });
        if !wanted.contains(&true) {
            continue;
        }
        let segment = superpose_segment(parts, m, k);
        let mut chain = Chain::new(&segment);
        let functions = [segment.shear, segment.moment, segment.deflection];
        for f in (0..3).filter(|&f| wanted[f]) {
            for &t in chain.roots(LEVEL[f]) {
                let v = functions[f].eval(t);
                candidates[f].push((x0 + t, v));
                high[f] = high[f].max(v);
                low[f] = low[f].min(v);
            }
        }
    }
    let [shear, moment, deflection] = candidates.map(|c| range(&c));
    BeamExtremes {
        shear,
        moment,
        deflection,
    }
}

/// Largest and smallest of the candidate values. Values equal to within rounding count as a tie,
/// so a flat stretch reports its left end.
fn range(candidates: &[(f64, f64)]) -> Range {
    let max = candidates
        .iter()
        .map(|c| c.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let min = candidates.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let tie = 1e-9 * max.abs().max(min.abs());
    let leftmost = |pick: &dyn Fn(f64) -> bool| {
        candidates
            .iter()
            .filter(|c| pick(c.1))
            .map(|c| c.0)
            .fold(f64::INFINITY, f64::min)
    };
    Range {
        max: Extreme {
            value: max,
            position: leftmost(&|v| v >= max - tie),
        },
        min: Extreme {
            value: min,
            position: leftmost(&|v| v <= min + tie),
        },
    }
}
