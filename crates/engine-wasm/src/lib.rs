//! The WebAssembly boundary: stateless exports.
//!
//! The engine's error values cross the boundary as data (`{"error": {...}}`), so JavaScript never
//! sees a trap for a bad model. Models and results cross as numbers (`beam_frame`, `truss_frame`),
//! and a beam's diagram series, most of its answer, as one `Float64Array` in engine units (SI):
//! units and JSON are the TypeScript layer's.

use serde::Serialize;
use spanwise_engine::beam::{analyse_beam, BeamAnalysis};
use spanwise_engine::truss::solve_truss as solve_truss_model;
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::wasm_bindgen;

pub mod beam_frame;
pub mod frame;
pub mod truss_frame;
use beam_frame::{decode_request, encode_answer, BeamRequest};

/// Crate version and the git revision the binding was built from, e.g. `0.1.0+0123456789ab`.
pub const ENGINE_VERSION: &str = env!("SPANWISE_ENGINE_VERSION");

/// The engine version string.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    ENGINE_VERSION.to_string()
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

/// A beam's answer: numbers (`beam_frame::encode_answer`) and the diagram series, or the engine's
/// refusal as JSON.
#[wasm_bindgen]
pub struct BeamSolution {
    error: Option<String>,
    answer: Vec<f64>,
    series: Vec<f64>,
}

#[wasm_bindgen]
impl BeamSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the beam was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// Results and envelopes as `beam_frame::encode_answer` lays them out.
    #[wasm_bindgen(js_name = takeAnswer)]
    pub fn take_answer(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.answer)
    }

    /// Every result's shear, moment, rotation and deflection pairs, then every envelope's max and min
    /// pairs, flattened in that order, in engine units (SI). Handed over once: the buffer moves to
    /// JavaScript rather than being copied twice.
    #[wasm_bindgen(js_name = takeSeries)]
    pub fn take_series(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.series)
    }
}

fn failed(error: EngineError) -> BeamSolution {
    BeamSolution {
        error: Some(answer::<()>(Err(error))),
        answer: Vec::new(),
        series: Vec::new(),
    }
}

/// Every series of an analysis in the order they cross: each result's shear, moment, rotation and
/// deflection, then each envelope's max and min.
fn every_series(analysis: &BeamAnalysis) -> impl Iterator<Item = &[[f64; 2]]> {
    let results = analysis.results.iter().flat_map(|r| {
        let d = &r.diagrams;
        [
            d.shear.as_slice(),
            d.moment.as_slice(),
            d.rotation.as_slice(),
            d.deflection.as_slice(),
        ]
    });
    let bounds = analysis
        .envelopes
        .iter()
        .flat_map(|b| [b.max.as_slice(), b.min.as_slice()]);
    results.chain(bounds)
}

fn solved(request: &BeamRequest) -> Result<BeamSolution, EngineError> {
    let analysis = analyse_beam(
        &request.model,
        &request.combinations,
        &request.envelopes,
        request.keep_diagrams,
    )?;
    let series = every_series(&analysis)
        .flat_map(|pairs| pairs.iter().flatten().copied())
        .collect();
    Ok(BeamSolution {
        error: None,
        answer: encode_answer(&analysis),
        series,
    })
}

/// Solves a beam given as a `beam_frame` of numbers: one result per combination and one set of
/// bounds per envelope.
#[wasm_bindgen(js_name = solveBeam)]
pub fn solve_beam(frame: &[f64]) -> BeamSolution {
    match decode_request(frame).and_then(|request| solved(&request)) {
        Ok(solution) => solution,
        Err(error) => failed(error),
    }
}

/// A truss's answer: numbers (`truss_frame::encode_answer`) and its warnings' messages, or the
/// engine's refusal as JSON.
#[wasm_bindgen]
pub struct TrussSolution {
    error: Option<String>,
    answer: Vec<f64>,
    messages: Vec<String>,
}

#[wasm_bindgen]
impl TrussSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the truss was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// Results as `truss_frame::encode_answer` lays them out.
    #[wasm_bindgen(js_name = takeAnswer)]
    pub fn take_answer(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.answer)
    }

    /// Every result's warning messages, in the order the answer lists the warnings.
    #[wasm_bindgen(js_name = takeMessages)]
    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }
}

/// Solves a plane truss given as a `truss_frame` of numbers: one result per combination.
#[wasm_bindgen(js_name = solveTruss)]
pub fn solve_truss(frame: &[f64]) -> TrussSolution {
    let solved = truss_frame::decode_request(frame)
        .and_then(|request| solve_truss_model(&request.model, &request.combinations));
    match solved {
        Ok(results) => {
            let (answer, messages) = truss_frame::encode_answer(&results);
            TrussSolution {
                error: None,
                answer,
                messages,
            }
        }
        Err(error) => TrussSolution {
            error: Some(answer::<()>(Err(error))),
            answer: Vec::new(),
            messages: Vec::new(),
        },
    }
}
