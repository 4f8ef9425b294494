//! The WebAssembly boundary: stateless exports taking JSON strings and answering JSON.
//!
//! Every call answers `{"ok": ...}` or `{"error": {...}}`; the engine's error values cross the
//! boundary as data, so JavaScript never sees a trap for a bad model. A beam's diagram series are
//! most of its answer, so they cross as one `Float64Array` beside the JSON: parsing thousands of
//! numbers out of text costs more than the solve itself.

use serde::{Deserialize, Serialize};
use spanwise_engine::beam::{
    analyse_beam, BeamAnalysis, BeamExtremes, BeamModel, BeamReaction, EnvelopeRequest,
};
use spanwise_engine::truss::{solve_truss as solve_truss_model, TrussModel};
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::wasm_bindgen;

/// Crate version and the git revision the binding was built from, e.g. `0.1.0+0123456789ab`.
pub const ENGINE_VERSION: &str = env!("SPANWISE_ENGINE_VERSION");

/// The engine version string.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    ENGINE_VERSION.to_string()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BeamRequest {
    model: BeamModel,
    combinations: Vec<Vec<f64>>,
    /// Diagrams to bound pointwise over groups of the combinations.
    #[serde(default)]
    envelopes: Vec<EnvelopeRequest>,
    /// How many results (from the first) keep their diagrams; all when absent.
    keep_diagrams: Option<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Answer<T> {
    Ok(T),
    Error(EngineError),
}

fn answer<T: Serialize>(result: Result<T, EngineError>) -> String {
    let answer = match result {
        Ok(value) => Answer::Ok(value),
        Err(error) => Answer::Error(error),
    };
    serde_json::to_string(&answer).unwrap_or_else(|e| {
        serde_json::to_string(&Answer::<()>::Error(EngineError::NonFinite {
            message: e.to_string(),
        }))
        .unwrap_or_default()
    })
}

fn parse<'a, T: Deserialize<'a>>(input: &'a str) -> Result<T, EngineError> {
    serde_json::from_str(input).map_err(|e| EngineError::invalid(format!("engine input: {e}")))
}

/// A beam's answer: JSON with everything but the diagram series, and the series themselves.
#[wasm_bindgen]
pub struct BeamSolution {
    json: String,
    series: Vec<f64>,
}

#[wasm_bindgen]
impl BeamSolution {
    /// `{"ok": {results: [{reactions, extremes, series: [n shear, n moment, n rotation, n deflection]}],
    /// envelopes: [n]}}` or `{"error": {...}}`; each `n` counts `[position, value]` pairs.
    #[wasm_bindgen(getter)]
    pub fn json(&self) -> String {
        self.json.clone()
    }

    /// Every result's shear, moment, rotation and deflection pairs, then every envelope's max and min
    /// pairs, flattened in that order. Handed
    /// over once: the buffer moves to JavaScript rather than being copied twice.
    #[wasm_bindgen(js_name = takeSeries)]
    pub fn take_series(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.series)
    }
}

/// One beam result on the wire: its diagrams are counted here and carried in the series array.
#[derive(Serialize)]
struct BeamWire<'a> {
    reactions: &'a [BeamReaction],
    extremes: &'a BeamExtremes,
    series: [usize; 4],
}

/// The analysis on the wire: results, then each envelope's pair count (max pairs, then min pairs,
/// follow the results' series in the array).
#[derive(Serialize)]
struct AnalysisWire<'a> {
    results: Vec<BeamWire<'a>>,
    envelopes: Vec<usize>,
}

fn beam_solution(analysis: Result<BeamAnalysis, EngineError>) -> BeamSolution {
    let analysis = match analysis {
        Ok(analysis) => analysis,
        Err(error) => {
            return BeamSolution {
                json: answer::<()>(Err(error)),
                series: Vec::new(),
            }
        }
    };
    let diagrams = analysis.results.iter().map(|r| &r.diagrams);
    let total: usize = diagrams
        .map(|d| d.shear.len() + d.moment.len() + d.rotation.len() + d.deflection.len())
        .sum::<usize>()
        + analysis
            .envelopes
            .iter()
            .map(|e| e.max.len() + e.min.len())
            .sum::<usize>();
    let mut series = Vec::with_capacity(2 * total);
    let results = analysis
        .results
        .iter()
        .map(|r| {
            let d = &r.diagrams;
            let all = [&d.shear, &d.moment, &d.rotation, &d.deflection];
            for s in all {
                series.extend(s.iter().flatten());
            }
            BeamWire {
                reactions: &r.reactions,
                extremes: &r.extremes,
                series: all.map(|s| s.len()),
            }
        })
        .collect();
    let envelopes = analysis
        .envelopes
        .iter()
        .map(|e| {
            series.extend(e.max.iter().flatten());
            series.extend(e.min.iter().flatten());
            e.max.len()
        })
        .collect();
    BeamSolution {
        json: answer(Ok(AnalysisWire { results, envelopes })),
        series,
    }
}

/// Solves a beam: input `{model, combinations, envelopes?, keepDiagrams?}`, one result per
/// combination and one set of bounds per envelope.
#[wasm_bindgen(js_name = solveBeam)]
pub fn solve_beam(input: &str) -> BeamSolution {
    beam_solution(parse::<BeamRequest>(input).and_then(|r| {
        let keep = r.keep_diagrams.unwrap_or(r.combinations.len());
        analyse_beam(&r.model, &r.combinations, &r.envelopes, keep)
    }))
}

#[derive(Deserialize)]
struct TrussRequest {
    model: TrussModel,
    combinations: Vec<Vec<f64>>,
}

/// Solves a plane truss: input `{model, combinations: [[factor per case]]}`, output one result per
/// combination.
#[wasm_bindgen(js_name = solveTruss)]
pub fn solve_truss(input: &str) -> String {
    answer(parse::<TrussRequest>(input).and_then(|r| solve_truss_model(&r.model, &r.combinations)))
}
