//! The WebAssembly boundary: stateless exports taking and returning JSON strings.
//!
//! Every call answers `{"ok": ...}` or `{"error": {...}}`; the engine's error values cross the
//! boundary as data, so JavaScript never sees a trap for a bad model.

use serde::{Deserialize, Serialize};
use spanwise_engine::beam::{solve_beam as solve_beam_model, BeamModel};
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
struct BeamRequest {
    model: BeamModel,
    combinations: Vec<Vec<f64>>,
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

/// Solves a beam: input `{model, combinations: [[factor per case]]}`, output one result per combination.
#[wasm_bindgen(js_name = solveBeam)]
pub fn solve_beam(input: &str) -> String {
    answer(parse::<BeamRequest>(input).and_then(|r| solve_beam_model(&r.model, &r.combinations)))
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
