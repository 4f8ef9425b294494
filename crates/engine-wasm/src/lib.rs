//! The WebAssembly boundary: stateless exports.
//!
//! The engine's error values cross the boundary as data (`{"error": {...}}`), so JavaScript never
//! sees a trap for a bad model. A truss crosses as JSON both ways. A beam, the request the service
//! answers most, crosses as numbers (`beam_frame`), and its diagram series, most of its answer, as
//! one `Float64Array` or, when the caller gives the response's units, as JSON text ready for the
//! response (`series_text`).

use serde::Serialize;
use spanwise_engine::beam::{analyse_beam, BeamAnalysis, Diagram, EnvelopeRequest};
use spanwise_engine::truss::solve_truss as solve_truss_model;
use spanwise_engine::EngineError;
use wasm_bindgen::prelude::wasm_bindgen;

pub mod beam_frame;
pub mod frame;
pub mod series_text;
pub mod truss_frame;
use beam_frame::{decode_request, encode_answer, BeamRequest};
use series_text::{write_series, PrintedPositions, SeriesUnits};

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

/// A beam's answer: numbers (`beam_frame::encode_answer`), the diagram series as numbers or as
/// JSON text, or the engine's refusal as JSON.
#[wasm_bindgen]
pub struct BeamSolution {
    error: Option<String>,
    answer: Vec<f64>,
    series: Vec<f64>,
    text: Vec<u8>,
}

#[wasm_bindgen]
impl BeamSolution {
    /// The engine's refusal as `{"error": {...}}`, or nothing when the beam was solved.
    #[wasm_bindgen(getter)]
    pub fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// Results, envelopes and text lengths as `beam_frame::encode_answer` lays them out.
    #[wasm_bindgen(js_name = takeAnswer)]
    pub fn take_answer(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.answer)
    }

    /// Every result's shear, moment, rotation and deflection pairs, then every envelope's max and min
    /// pairs, flattened in that order. Handed over once: the buffer moves to JavaScript rather than
    /// being copied twice.
    #[wasm_bindgen(js_name = takeSeries)]
    pub fn take_series(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.series)
    }

    /// The same series, in the same order, as JSON arrays of `[position, value]` pairs written one
    /// after another (their lengths end the answer); empty unless series units were given, and then
    /// `takeSeries` answers nothing. ASCII bytes, not a string: the service splices them into the
    /// response body as they are (a string would be decoded here and encoded again for the socket).
    #[wasm_bindgen(js_name = takeText)]
    pub fn take_text(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.text)
    }
}

fn failed(error: EngineError) -> BeamSolution {
    BeamSolution {
        error: Some(answer::<()>(Err(error))),
        answer: Vec::new(),
        series: Vec::new(),
        text: Vec::new(),
    }
}

/// Every series of an analysis in the order they cross, with the diagram it plots: each result's
/// shear, moment, rotation and deflection, then each envelope's max and min.
fn every_series<'a>(
    analysis: &'a BeamAnalysis,
    envelopes: &'a [EnvelopeRequest],
) -> impl Iterator<Item = (Diagram, &'a [[f64; 2]])> {
    let results = analysis.results.iter().flat_map(|r| {
        let d = &r.diagrams;
        [
            (Diagram::Shear, d.shear.as_slice()),
            (Diagram::Moment, d.moment.as_slice()),
            (Diagram::Rotation, d.rotation.as_slice()),
            (Diagram::Deflection, d.deflection.as_slice()),
        ]
    });
    let bounds = analysis
        .envelopes
        .iter()
        .zip(envelopes)
        .flat_map(|(b, e)| [(e.diagram, b.max.as_slice()), (e.diagram, b.min.as_slice())]);
    results.chain(bounds)
}

/// The analysis' series as JSON text in the response's units, and each one's length.
fn series_as_text(
    analysis: &BeamAnalysis,
    envelopes: &[EnvelopeRequest],
    units: &SeriesUnits,
) -> Result<(Vec<u8>, Vec<usize>), EngineError> {
    // "[-0.12345678901234567,-0.12345678901234567]," at most per pair
    let pairs: usize = every_series(analysis, envelopes)
        .map(|(_, s)| s.len())
        .sum();
    let mut text = Vec::with_capacity(44 * pairs + 2);
    let mut lengths = Vec::new();
    let mut printed = PrintedPositions::default();
    for (diagram, pairs) in every_series(analysis, envelopes) {
        let start = text.len();
        write_series(&mut text, pairs, units, diagram, &mut printed)?;
        lengths.push(text.len() - start);
    }
    Ok((text, lengths))
}

fn solved(request: &BeamRequest) -> Result<BeamSolution, EngineError> {
    let analysis = analyse_beam(
        &request.model,
        &request.combinations,
        &request.envelopes,
        request.keep_diagrams,
    )?;
    let (series, text, lengths) = match &request.series_units {
        Some(units) => {
            let (text, lengths) = series_as_text(&analysis, &request.envelopes, units)?;
            (Vec::new(), text, lengths)
        }
        None => {
            let series = every_series(&analysis, &request.envelopes)
                .flat_map(|(_, pairs)| pairs.iter().flatten().copied())
                .collect();
            (series, Vec::new(), Vec::new())
        }
    };
    Ok(BeamSolution {
        error: None,
        answer: encode_answer(&analysis, &lengths),
        series,
        text,
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
