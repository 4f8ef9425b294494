//! Diagram series written as JSON text in the response's units.
//!
//! A beam response is mostly its diagram series, several hundred numbers, and printing them was the
//! largest single cost of a solve request in JavaScript. Here each value is taken to the response's
//! unit by exactly the two divisions `ts/units` performs, so the numbers are the same doubles, and
//! printed with `ryu_js`, which writes the same shortest round-trip form as JavaScript's
//! `Number.prototype.toString` (and so `JSON.stringify`).

use std::ops::Range;

use serde::Deserialize;
use spanwise_engine::beam::Diagram;
use spanwise_engine::EngineError;

/// Two divisors per quantity: an engine value `v` is `(v / d[0]) / d[1]` in the response's unit
/// (engine units per API SI unit, then API SI units per response unit: 1 for SI).
pub type Divisors = [f64; 2];

/// The divisors of the positions and of each diagram's values.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct SeriesUnits {
    /// Positions along the beam.
    pub length: Divisors,
    /// Shear values (a force).
    pub shear: Divisors,
    /// Moment values.
    pub moment: Divisors,
    /// Rotation values.
    pub rotation: Divisors,
    /// Deflection values (a displacement).
    pub deflection: Divisors,
}

impl SeriesUnits {
    /// The divisors of one diagram's values.
    pub fn of(&self, diagram: Diagram) -> Divisors {
        match diagram {
            Diagram::Shear => self.shear,
            Diagram::Moment => self.moment,
            Diagram::Rotation => self.rotation,
            Diagram::Deflection => self.deflection,
        }
    }
}

/// Where each position of the last series was printed. A result's four diagrams are sampled at
/// nearly the same positions (and an envelope's max and min at exactly the same), so a series copies
/// the digits of a position printed just before instead of printing it again.
#[derive(Debug, Default)]
pub struct PrintedPositions {
    previous: Vec<(f64, Range<usize>)>,
    current: Vec<(f64, Range<usize>)>,
}

impl PrintedPositions {
    /// The digits of `x` if the last series printed it; positions ascend, so `cursor` only moves on.
    fn find(&self, x: f64, cursor: &mut usize) -> Option<Range<usize>> {
        while self.previous.get(*cursor).is_some_and(|(p, _)| *p < x) {
            *cursor += 1;
        }
        self.previous
            .get(*cursor)
            .filter(|(p, _)| *p == x)
            .map(|(_, digits)| digits.clone())
    }

    fn finish_series(&mut self) {
        std::mem::swap(&mut self.previous, &mut self.current);
        self.current.clear();
    }
}

/// Appends `[[x0,v0],[x1,v1],...]` to `out` (ASCII); a value that leaves the finite range is an
/// error (nothing non-finite leaves the service), named by its diagram.
pub fn write_series(
    out: &mut Vec<u8>,
    pairs: &[[f64; 2]],
    units: &SeriesUnits,
    diagram: Diagram,
    printed: &mut PrintedPositions,
) -> Result<(), EngineError> {
    let (length, values) = (units.length, units.of(diagram));
    let mut digits = ryu_js::Buffer::new();
    let mut cursor = 0;
    out.push(b'[');
    for (k, &[x, v]) in pairs.iter().enumerate() {
        let (x, v) = ((x / length[0]) / length[1], (v / values[0]) / values[1]);
        if !x.is_finite() || !v.is_finite() {
            return Err(EngineError::NonFinite {
                message: format!(
                    "a {} value is too large to represent; check the model's magnitudes",
                    name(diagram)
                ),
            });
        }
        out.extend_from_slice(if k == 0 { b"[" } else { b",[" });
        let start = out.len();
        match printed.find(x, &mut cursor) {
            Some(earlier) => out.extend_from_within(earlier),
            None => out.extend_from_slice(digits.format_finite(x).as_bytes()),
        }
        printed.current.push((x, start..out.len()));
        out.push(b',');
        out.extend_from_slice(digits.format_finite(v).as_bytes());
        out.push(b']');
    }
    out.push(b']');
    printed.finish_series();
    Ok(())
}

fn name(diagram: Diagram) -> &'static str {
    match diagram {
        Diagram::Shear => "shear",
        Diagram::Moment => "moment",
        Diagram::Rotation => "rotation",
        Diagram::Deflection => "deflection",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SI: SeriesUnits = SeriesUnits {
        length: [1.0, 1.0],
        shear: [1.0, 1.0],
        moment: [1.0, 1.0],
        rotation: [1.0, 1.0],
        deflection: [1e-3, 1.0],
    };

    fn text(pairs: &[[f64; 2]], diagram: Diagram) -> Result<String, EngineError> {
        let mut out = Vec::new();
        write_series(
            &mut out,
            pairs,
            &SI,
            diagram,
            &mut PrintedPositions::default(),
        )?;
        Ok(String::from_utf8(out).expect("ASCII"))
    }

    #[test]
    fn prints_numbers_as_javascript_does() {
        // JSON.stringify([[0,-0],[0.1,1e21],[1e-7,123456789012345680000],[2.5,-1/3]]) in Node 20:
        // [[0,0],[0.1,1e+21],[1e-7,123456789012345680000],[2.5,-0.3333333333333333]]
        let pairs = [
            [0.0, -0.0],
            [0.1, 1e21],
            [1e-7, 123_456_789_012_345_680_000.0],
            [2.5, -1.0 / 3.0],
        ];
        assert_eq!(
            text(&pairs, Diagram::Shear).unwrap(),
            "[[0,0],[0.1,1e+21],[1e-7,123456789012345680000],[2.5,-0.3333333333333333]]"
        );
        assert_eq!(text(&[], Diagram::Moment).unwrap(), "[]");
    }

    #[test]
    fn converts_by_the_same_divisions_as_the_units_table() {
        // deflection: m -> mm is v / 1e-3 as in ts/units, not v * 1e3: for 0.0001233 m Node prints
        // 0.0001233 / 1e-3 = 0.12329999999999998 but 0.0001233 * 1e3 = 0.12329999999999999
        assert_eq!(
            text(&[[1.0, 0.0001233]], Diagram::Deflection).unwrap(),
            "[[1,0.12329999999999998]]"
        );
    }

    #[test]
    fn positions_printed_by_the_last_series_are_copied_exactly() {
        // the second series shares 1/3 and 2/3 with the first, adds 0.5 and repeats 2/3 (a jump)
        let (third, two_thirds) = (1.0 / 3.0, 2.0 / 3.0);
        let mut out = Vec::new();
        let mut printed = PrintedPositions::default();
        let first = [[0.0, 1.0], [third, 2.0], [two_thirds, 3.0]];
        let second = [
            [third, 4.0],
            [0.5, 5.0],
            [two_thirds, 6.0],
            [two_thirds, 7.0],
        ];
        write_series(&mut out, &first, &SI, Diagram::Shear, &mut printed).unwrap();
        write_series(&mut out, &second, &SI, Diagram::Moment, &mut printed).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[[0,1],[0.3333333333333333,2],[0.6666666666666666,3]]\
             [[0.3333333333333333,4],[0.5,5],[0.6666666666666666,6],[0.6666666666666666,7]]"
        );
    }

    #[test]
    fn a_value_past_the_range_is_an_error() {
        let error = text(&[[0.0, f64::MAX]], Diagram::Deflection).unwrap_err();
        assert!(
            matches!(error, EngineError::NonFinite { ref message } if message.contains("deflection"))
        );
    }
}
