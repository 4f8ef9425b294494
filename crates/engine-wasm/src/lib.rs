//! The WebAssembly boundary: the engine's models built and its results read through typed methods.
//!
//! What crosses is defined once, here, and wasm-bindgen writes the TypeScript declarations of it
//! (`pkg/spanwise_engine.d.ts`), which `ts/engine` is type-checked against: no layout is kept in step
//! by hand. A model is built record by record (`BeamInput::point`, `TrussInput::member`...: one call
//! per record, scalars only, so building costs what writing a number array did). Results come back
//! as one `Float64Array` per column for what is bulky (a truss's member forces and displacements, a
//! beam's diagram series, in engine units: SI), a beam's reactions as columns too (a serde object
//! per reaction cost more than the beam's four diagrams), and as plain objects written by serde from
//! the engine's own types for what is small (extremes, a truss's reactions, warnings). Section properties, small models, cross
//! as plain objects both ways (`section_properties`, serde-wasm-bindgen). Units and JSON are the TypeScript
//! layer's. The engine's error values cross as data (`{"error": {...}}`), so JavaScript never sees a
//! trap for a bad model.

use serde::Serialize;
use spanwise_engine::arrangement::Arrangement;
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::{wasm_bindgen, JsValue};

pub mod beam;
pub mod frame;
mod frame_pattern;
pub mod link;
pub mod section_properties;
pub mod truss;

/// Crate version and the git revision the binding was built from, e.g. `0.1.0+0123456789ab`.
pub const ENGINE_VERSION: &str = env!("SPANWISE_ENGINE_VERSION");

/// The engine version string.
#[wasm_bindgen(js_name = engineVersion)]
pub fn engine_version() -> String {
    ENGINE_VERSION.to_string()
}

#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum Answer {
    Error(EngineError),
}

/// The engine's refusal as `{"error": {...}}`.
fn refusal(error: EngineError) -> String {
    serde_json::to_string(&Answer::Error(error)).unwrap_or_default()
}

/// A small engine value as a plain JavaScript object (its serde form), `undefined` if it is missing.
fn plain<T: Serialize>(value: Option<&T>) -> JsValue {
    value
        .and_then(|v| serde_wasm_bindgen::to_value(v).ok())
        .unwrap_or(JsValue::UNDEFINED)
}

/// 32-bit words per arrangement of `pieces` pieces in a `patternPieces` column.
fn arrangement_width(pieces: usize) -> usize {
    pieces.div_ceil(32)
}

/// Appends `arrangement` as `width` 32-bit words, piece k at bit k % 32 of word k / 32 (JavaScript
/// has no 64-bit typed array that reads as cheaply); `None` (no bound) as zeros.
fn push_arrangement(out: &mut Vec<u32>, arrangement: Option<&Arrangement>, width: usize) {
    let start = out.len();
    let words = arrangement.map_or(&[][..], |a| a.words());
    out.extend(
        words
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .take(width),
    );
    out.resize(start + width, 0);
}

/// Aborts the instance the way any panic does (`unreachable`, since the release build aborts on panic).
/// No route calls it: the service's tests call it to show that a trapped instance is replaced and the next
/// request is served (test/service/engine-faults.test.ts).
#[wasm_bindgen(js_name = trapForTests)]
pub fn trap_for_tests() {
    panic!("a trap asked for by a test");
}
