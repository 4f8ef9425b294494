//! A beam across the boundary: `BeamInput` built record by record, `BeamSolution` read by result.

use spanwise_engine::beam::{
    analyse_beam, BeamAnalysis, BeamLoad, BeamModel, BeamReaction, Diagram, EnvelopeRequest,
    PatternedBound, Span, Support, SupportKind,
};
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

use crate::{arrangement_width, plain, push_arrangement, refusal};

/// A beam being described to the engine (SI: kN, m, kN/m², m⁴; counter-clockwise moments).
#[wasm_bindgen]
#[derive(Default)]
pub struct BeamInput {
    model: BeamModel,
    combinations: Vec<Vec<f64>>,
    envelopes: Vec<EnvelopeRequest>,
    /// A record the engine cannot take (an unknown support kind or diagram), refused at `solve`.
    unreadable: Option<String>,
}

#[wasm_bindgen]
impl BeamInput {
    /// An empty beam.
    #[wasm_bindgen(constructor)]
    pub fn new() -> BeamInput {
        BeamInput::default()
    }

    /// The next span, left to right; `hinge` releases moment at its left end.
    pub fn span(&mut self, length: f64, e: f64, i: f64, hinge: bool) {
        self.model.spans.push(Span {
            length,
            e,
            i,
            hinge,
        });
    }

    /// A support of kind `pin`, `roller` or `fixed`, with its settlement (m, up positive).
    pub fn support(&mut self, kind: &str, position: f64, settlement: f64) {
        let kind = match kind {
            "pin" => SupportKind::Pin,
            "roller" => SupportKind::Roller,
            "fixed" => SupportKind::Fixed,
            other => return self.refuse(format!("no support kind {other:?}")),
        };
        self.model.supports.push(Support {
            kind,
            position,
            settlement,
        });
    }

    /// A concentrated force (kN, up positive) in a load case.
    pub fn point(&mut self, position: f64, force: f64, case: usize) {
        self.model.loads.push(BeamLoad::Point {
            position,
            force,
            case,
        });
    }

    /// A concentrated moment (kN.m, counter-clockwise positive) in a load case.
    pub fn moment(&mut self, position: f64, moment: f64, case: usize) {
        self.model.loads.push(BeamLoad::Moment {
            position,
            moment,
            case,
        });
    }

    /// A distributed load `q0 + q1 s + q2 s²` (kN/m, up positive, `s = x - from`) in a load case.
    pub fn line(&mut self, from: f64, to: f64, q0: f64, q1: f64, q2: f64, case: usize) {
        self.model.loads.push(BeamLoad::Line {
            from,
            to,
            q: [q0, q1, q2],
            case,
        });
    }

    /// Patterns a load case: its loads on each stretch between supports and span joints may be
    /// present or absent independently, and every envelope takes the most adverse arrangement.
    pub fn pattern(&mut self, case: usize) {
        self.model.pattern.push(case);
    }

    /// The next combination's factors, indexed by load case.
    pub fn combination(&mut self, factors: Vec<f64>) {
        self.combinations.push(factors);
    }

    /// Bounds a diagram (`shear`, `moment`, `rotation` or `deflection`) over some combinations.
    pub fn envelope(&mut self, diagram: &str, combinations: Vec<usize>) {
        let diagram = match diagram {
            "shear" => Diagram::Shear,
            "moment" => Diagram::Moment,
            "rotation" => Diagram::Rotation,
            "deflection" => Diagram::Deflection,
            other => return self.refuse(format!("no diagram {other:?}")),
        };
        self.envelopes.push(EnvelopeRequest {
            combinations,
            diagram,
        });
    }

    fn refuse(&mut self, message: String) {
        self.unreadable.get_or_insert(message);
    }

    /// Every combination's results, the diagrams of the first `keep_diagrams`, and the envelopes.
    pub fn solve(&self, keep_diagrams: usize) -> BeamSolution {
        let analysis = match &self.unreadable {
            Some(message) => Err(EngineError::invalid(format!("engine input: {message}"))),
            None => analyse_beam(
                &self.model,
                &self.combinations,
                &self.envelopes,
                keep_diagrams,
            ),
        };
        match analysis {
            Ok(analysis) => BeamSolution {
                error: None,
                analysis: Some(analysis),
            },
            Err(error) => BeamSolution {
                error: Some(refusal(error)),
                analysis: None,
            },
        }
    }
}

/// A solved beam, read result by result; a result index past the end reads as empty.
#[wasm_bindgen]
pub struct BeamSolution {
    error: Option<String>,
    analysis: Option<BeamAnalysis>,
}

#[wasm_bindgen]
impl BeamSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the beam was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// How many results (one per combination).
    #[wasm_bindgen(getter)]
    pub fn count(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| a.results.len())
    }

    /// The kind of each support (`pin`, `roller`, `fixed`) in the order every result lists its
    /// reactions (by position); the same for all results, so read once. The reactions cross as these
    /// kinds and three columns rather than a serde object each, which cost more than the diagrams.
    #[wasm_bindgen(js_name = reactionKinds)]
    pub fn reaction_kinds(&self) -> JsValue {
        let kinds = self
            .result(0)
            .map(|r| r.reactions.iter().map(|x| x.kind).collect::<Vec<_>>());
        plain(kinds.as_ref())
    }

    /// A result's reaction positions (m), in the order of [`BeamSolution::reaction_kinds`].
    #[wasm_bindgen(js_name = reactionPositions)]
    pub fn reaction_positions(&self, result: usize) -> Vec<f64> {
        self.reaction_column(result, |r| r.position)
    }

    /// A result's vertical reactions (kN, up positive on the beam).
    #[wasm_bindgen(js_name = reactionForces)]
    pub fn reaction_forces(&self, result: usize) -> Vec<f64> {
        self.reaction_column(result, |r| r.vertical)
    }

    /// A result's reaction moments (kN.m, counter-clockwise on the beam; 0 unless fixed).
    #[wasm_bindgen(js_name = reactionMoments)]
    pub fn reaction_moments(&self, result: usize) -> Vec<f64> {
        self.reaction_column(result, |r| r.moment)
    }

    /// A result's exact extremes (`{shear, moment, deflection}`, each `{max, min}` of
    /// `{value, position}`).
    pub fn extremes(&self, result: usize) -> JsValue {
        plain(self.result(result).map(|r| &r.extremes))
    }

    /// A result's bounds over every arrangement of the pieces as numbers, empty when it has none:
    /// `[value, position]` of shear max and min, moment max and min, deflection max and min (NaN for a
    /// function not bounded), then per support vertical max, min, moment max, min (`[value, 0]`).
    /// Columns rather than a serde object per bound, which cost more than the solve's own arrangement
    /// work.
    #[wasm_bindgen(js_name = patternValues)]
    pub fn pattern_values(&self, result: usize) -> Vec<f64> {
        let mut out = Vec::new();
        self.each_pattern_bound(result, |b| match b {
            Some(b) => out.extend([b.value, b.position]),
            None => out.extend([f64::NAN, f64::NAN]),
        });
        out
    }

    /// The pieces present in each bound of [`BeamSolution::pattern_values`], in the same order: per
    /// bound, its arrangement as ⌈pieces / 32⌉ 32-bit words, piece k at bit k % 32 of word k / 32.
    #[wasm_bindgen(js_name = patternPieces)]
    pub fn pattern_pieces(&self, result: usize) -> Vec<u32> {
        let width = arrangement_width(self.analysis.as_ref().map_or(0, |a| a.pieces.len()));
        let mut out = Vec::new();
        self.each_pattern_bound(result, |b| {
            push_arrangement(&mut out, b.map(|b| &b.pieces), width)
        });
        out
    }

    /// The pieces of the patterned cases (`{case, from, to}`, m), in the order bounds name them.
    pub fn pieces(&self) -> JsValue {
        plain(self.analysis.as_ref().map(|a| &a.pieces))
    }

    /// One diagram (`shear`, `moment`, `rotation`, `deflection`) of a result as
    /// `[x0, v0, x1, v1, ...]` (m and kN, kN.m, rad or m); empty unless the result kept its diagrams.
    pub fn diagram(&self, result: usize, diagram: &str) -> Vec<f64> {
        let Some(d) = self.result(result).map(|r| &r.diagrams) else {
            return Vec::new();
        };
        let series = match diagram {
            "shear" => &d.shear,
            "moment" => &d.moment,
            "rotation" => &d.rotation,
            "deflection" => &d.deflection,
            _ => return Vec::new(),
        };
        series.as_flattened().to_vec()
    }

    /// The pointwise largest (`max` true) or smallest values of envelope `index`, as `diagram` lays
    /// them out.
    pub fn bound(&self, index: usize, max: bool) -> Vec<f64> {
        let bounds = self.analysis.as_ref().and_then(|a| a.envelopes.get(index));
        bounds.map_or_else(Vec::new, |b| {
            let series = if max { &b.max } else { &b.min };
            series.as_flattened().to_vec()
        })
    }
}

impl BeamSolution {
    /// Each bound of a result's pattern, in the order [`BeamSolution::pattern_values`] gives them.
    fn each_pattern_bound(&self, result: usize, mut each: impl FnMut(Option<&PatternedBound>)) {
        let Some(p) = self.result(result).and_then(|r| r.pattern.as_ref()) else {
            return;
        };
        for range in [&p.shear, &p.moment, &p.deflection] {
            each(range.as_ref().map(|r| &r.max));
            each(range.as_ref().map(|r| &r.min));
        }
        for r in &p.reactions {
            for range in [&r.vertical, &r.moment] {
                each(Some(&range.max));
                each(Some(&range.min));
            }
        }
    }

    fn reaction_column(&self, result: usize, of: impl Fn(&BeamReaction) -> f64) -> Vec<f64> {
        self.result(result)
            .map(|r| r.reactions.iter().map(of).collect())
            .unwrap_or_default()
    }

    fn result(&self, index: usize) -> Option<&spanwise_engine::beam::BeamResult> {
        self.analysis.as_ref().and_then(|a| a.results.get(index))
    }
}
