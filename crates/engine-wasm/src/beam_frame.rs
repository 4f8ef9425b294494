//! A beam request and its answer as flat arrays of numbers.
//!
//! A small beam solves in tens of microseconds, and printing its model as JSON in JavaScript,
//! parsing it here (serde buffers every internally tagged load), then printing and parsing the answer
//! cost as much again. Everything a beam crosses with is a number, so it crosses as a
//! `Float64Array`: counts first, then fixed-size records. `ts/engine/engine.ts` writes and reads the
//! same layout; the engine validates the model it decodes, so a malformed frame is an
//! `InvalidModel`, never a panic.

use spanwise_engine::beam::{
    BeamAnalysis, BeamLoad, BeamModel, BeamResult, Diagram, EnvelopeRequest, Extreme, Range, Span,
    Support, SupportKind,
};
use spanwise_engine::EngineError;

use crate::frame::Reader;

/// What a beam request asks for.
pub struct BeamRequest {
    /// The model in engine units.
    pub model: BeamModel,
    /// Factor vectors, one per combination, indexed by load case.
    pub combinations: Vec<Vec<f64>>,
    /// Diagrams to bound over groups of the combinations.
    pub envelopes: Vec<EnvelopeRequest>,
    /// How many results (from the first) keep their diagrams.
    pub keep_diagrams: usize,
}

const SUPPORT_KINDS: [SupportKind; 3] = [SupportKind::Pin, SupportKind::Roller, SupportKind::Fixed];
const DIAGRAMS: [Diagram; 4] = [
    Diagram::Shear,
    Diagram::Moment,
    Diagram::Rotation,
    Diagram::Deflection,
];

/// Decodes `[spans, supports, loads, cases, combinations, envelopes, keepDiagrams]`, then spans
/// `(length, e, i, hinge)`, supports `(kind, position, settlement)`, loads
/// `(type, case, a, b, c, d, e)`, each combination's `cases` factors and envelopes
/// `(diagram, n, n combination indices)`.
pub fn decode_request(numbers: &[f64]) -> Result<BeamRequest, EngineError> {
    let mut r = Reader::new(numbers);
    let spans = r.count("the span count")?;
    let supports = r.count("the support count")?;
    let loads = r.count("the load count")?;
    let cases = r.count("the case count")?;
    let combinations = r.count("the combination count")?;
    let envelopes = r.count("the envelope count")?;
    let keep_diagrams = r.count("keepDiagrams")?;
    let spans = (0..spans)
        .map(|_| {
            Ok(Span {
                length: r.number()?,
                e: r.number()?,
                i: r.number()?,
                hinge: r.whole("a span's hinge flag", 1)? == 1,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let supports = (0..supports)
        .map(|_| {
            Ok(Support {
                kind: SUPPORT_KINDS[r.whole("a support kind", 2)?],
                position: r.number()?,
                settlement: r.number()?,
            })
        })
        .collect::<Result<_, EngineError>>()?;
    let loads = (0..loads)
        .map(|_| load(&mut r))
        .collect::<Result<_, EngineError>>()?;
    let combinations = (0..combinations)
        .map(|_| (0..cases).map(|_| r.number()).collect())
        .collect::<Result<_, EngineError>>()?;
    let envelopes = (0..envelopes)
        .map(|_| envelope(&mut r))
        .collect::<Result<_, EngineError>>()?;
    r.finish()?;
    Ok(BeamRequest {
        model: BeamModel {
            spans,
            supports,
            loads,
        },
        combinations,
        envelopes,
        keep_diagrams,
    })
}

/// A load record `(type, case, a, b, c, d, e)`.
fn load(r: &mut Reader) -> Result<BeamLoad, EngineError> {
    let kind = r.whole("a load type", 2)?;
    let case = r.count("a load case")?;
    let [a, b, c, d, e] = [
        r.number()?,
        r.number()?,
        r.number()?,
        r.number()?,
        r.number()?,
    ];
    Ok(match kind {
        0 => BeamLoad::Point {
            position: a,
            force: b,
            case,
        },
        1 => BeamLoad::Moment {
            position: a,
            moment: b,
            case,
        },
        _ => BeamLoad::Line {
            from: a,
            to: b,
            q: [c, d, e],
            case,
        },
    })
}

/// An envelope record `(diagram, n, n combination indices)`.
fn envelope(r: &mut Reader) -> Result<EnvelopeRequest, EngineError> {
    let diagram = DIAGRAMS[r.whole("an envelope diagram", 3)?];
    let n = r.count("an envelope's combination count")?;
    let combinations = (0..n)
        .map(|_| r.count("a combination index"))
        .collect::<Result<_, EngineError>>()?;
    Ok(EnvelopeRequest {
        combinations,
        diagram,
    })
}

/// Encodes the analysis: the result count, then per result its reaction count, reactions
/// `(kind, position, vertical, moment)`, extremes (shear, moment, deflection; each max then min as
/// value and position) and its four series' pair counts; the envelope count and each one's pair
/// count.
pub fn encode_answer(analysis: &BeamAnalysis) -> Vec<f64> {
    let mut out = vec![analysis.results.len() as f64];
    for result in &analysis.results {
        encode_result(&mut out, result);
    }
    out.push(analysis.envelopes.len() as f64);
    out.extend(analysis.envelopes.iter().map(|e| e.max.len() as f64));
    out
}

fn encode_result(out: &mut Vec<f64>, result: &BeamResult) {
    out.push(result.reactions.len() as f64);
    for r in &result.reactions {
        let kind = SUPPORT_KINDS.iter().position(|&k| k == r.kind).unwrap_or(0);
        out.extend([kind as f64, r.position, r.vertical, r.moment]);
    }
    let e = &result.extremes;
    for range in [&e.shear, &e.moment, &e.deflection] {
        let Range { max, min } = range;
        for Extreme { value, position } in [max, min] {
            out.extend([*value, *position]);
        }
    }
    let d = &result.diagrams;
    out.extend([&d.shear, &d.moment, &d.rotation, &d.deflection].map(|s| s.len() as f64));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 10 m simply supported beam with a 12 kN point load at 4 m and a 2 kN/m udl, two combinations.
    fn frame() -> Vec<f64> {
        vec![
            1.0, 2.0, 2.0, 2.0, 2.0, 1.0, 1.0, // counts, keep 1
            10.0, 2e8, 1e-4, 0.0, // span
            0.0, 0.0, 0.0, 1.0, 10.0, 0.0, // pin at 0, roller at 10
            0.0, 0.0, 4.0, -12.0, 0.0, 0.0, 0.0, // point, case 0
            2.0, 1.0, 0.0, 10.0, -2.0, 0.0, 0.0, // udl, case 1
            1.0, 1.0, 1.2, 1.5, // combinations
            1.0, 2.0, 0.0, 1.0, // moment envelope over both
        ]
    }

    #[test]
    fn decodes_every_record() {
        let request = decode_request(&frame()).unwrap();
        assert_eq!(request.model.spans.len(), 1);
        assert_eq!(request.model.supports[1].kind, SupportKind::Roller);
        assert!(
            matches!(request.model.loads[1], BeamLoad::Line { to, q: [q, _, _], case: 1, .. } if to == 10.0 && q == -2.0)
        );
        assert_eq!(request.combinations, vec![vec![1.0, 1.0], vec![1.2, 1.5]]);
        assert_eq!(request.envelopes[0].diagram, Diagram::Moment);
    }

    #[test]
    fn a_malformed_frame_is_an_invalid_model_never_a_panic() {
        let good = frame();
        for cut in 0..good.len() {
            assert!(decode_request(&good[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = good.clone();
        longer.push(0.0);
        assert!(decode_request(&longer).is_err());
        for (at, bad) in [
            (0, -1.0),
            (0, 1.5),
            (0, f64::NAN),
            (11, 3.0),
            (17, 7.0),
            (35, 9.0),
        ] {
            let mut frame = good.clone();
            frame[at] = bad;
            assert!(decode_request(&frame).is_err(), "{bad} at {at}");
        }
    }
}
