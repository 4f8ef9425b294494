//! What a beam is (spans, supports, loads in cases) and what its analysis answers, in SI units,
//! and the rules a model must keep.

use serde::{Deserialize, Serialize};

use crate::arrangement::Arrangement;
use crate::error::EngineError;

/// A beam in SI units: kN, m, kN/m², m⁴.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct BeamModel {
    /// Spans, left to right.
    pub spans: Vec<Span>,
    /// Supports in any order.
    pub supports: Vec<Support>,
    /// Loads, each in a load case.
    #[serde(default)]
    pub loads: Vec<BeamLoad>,
    /// Cases whose loads may be present on any stretch between supports and span joints and absent
    /// from the rest: each such stretch's loads of the case are a piece (see [`Piece`]).
    #[serde(default)]
    pub pattern: Vec<usize>,
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
    pub(super) fn case(&self) -> usize {
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
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BeamExtremes {
    /// Shear (kN).
    pub shear: Range,
    /// Moment (kN.m, sagging positive).
    pub moment: Range,
    /// Deflection (m, up positive).
    pub deflection: Range,
    /// Deflection (m, up positive) over each span of the model, in order: what a span/deflection
    /// check reads.
    pub spans: Vec<Range>,
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
    /// The most adverse arrangements of the pieces, for a combination that an envelope bounds when
    /// the model patterns some case; the other fields stay the fully loaded combination's.
    pub pattern: Option<PatternedResult>,
}

/// A piece of a patterned case: its loads on the stretch from `from` to `to` (m), present at the
/// case's full factor or absent, independently of every other piece.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Piece {
    /// Load case index.
    pub case: usize,
    /// Start of the stretch (m).
    pub from: f64,
    /// End of the stretch (m).
    pub to: f64,
}

/// A bound over every arrangement of the pieces and the pieces present in the arrangement that
/// gives it (indices into [`BeamAnalysis::pieces`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatternedBound {
    /// The bound.
    pub value: f64,
    /// Where it occurs (m; 0 for a reaction).
    pub position: f64,
    /// The pieces present.
    pub pieces: Arrangement,
}

/// Largest and smallest values over every position and every arrangement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatternedRange {
    /// Largest value, leftmost on a tie.
    pub max: PatternedBound,
    /// Smallest value, leftmost on a tie.
    pub min: PatternedBound,
}

/// Bounds of one support's reaction over every arrangement.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PatternedReaction {
    /// Vertical force (kN, up positive).
    pub vertical: PatternedRange,
    /// Moment (kN.m, counter-clockwise positive).
    pub moment: PatternedRange,
}

/// A combination's bounds over every arrangement of the pieces. Extremes are given for the
/// functions an envelope bounds over this combination (shear and moment, deflection).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PatternedResult {
    /// Shear (kN).
    pub shear: Option<PatternedRange>,
    /// Moment (kN.m, sagging positive).
    pub moment: Option<PatternedRange>,
    /// Deflection (m, up positive).
    pub deflection: Option<PatternedRange>,
    /// One per support, in order of position.
    pub reactions: Vec<PatternedReaction>,
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
    pub(super) const ALL: [Diagram; 4] = [
        Diagram::Shear,
        Diagram::Moment,
        Diagram::Rotation,
        Diagram::Deflection,
    ];

    pub(super) fn of(self, d: &BeamDiagrams) -> &Vec<[f64; 2]> {
        match self {
            Diagram::Shear => &d.shear,
            Diagram::Moment => &d.moment,
            Diagram::Rotation => &d.rotation,
            Diagram::Deflection => &d.deflection,
        }
    }

    pub(super) fn of_mut(self, d: &mut BeamDiagrams) -> &mut Vec<[f64; 2]> {
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
    /// One per envelope request, in order; over every arrangement of the pieces when a case is
    /// patterned.
    pub envelopes: Vec<DiagramBounds>,
    /// The pieces of the patterned cases, by case and then along the beam.
    pub pieces: Vec<Piece>,
}

/// The rules the engine relies on (the service checks them first and names the fields).
pub(super) fn validate(model: &BeamModel) -> Result<(), EngineError> {
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
