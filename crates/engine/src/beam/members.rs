//! The bending members of a discretised beam, one between each two consecutive nodes.

use super::discretise::{Member, Node};
use super::model::BeamModel;
use crate::error::EngineError;
use crate::member;

/// Members between consecutive nodes take the EI of the span they lie in. An EI or a stiffness past
/// f64's range is an overflow: left in, it would factorise as a vanishing pivot, a false mechanism.
pub(super) fn members(model: &BeamModel, nodes: &[Node]) -> Result<Vec<Member>, EngineError> {
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
    nodes
        .windows(2)
        .enumerate()
        .map(|(n, w)| {
            let length = w[1].x - w[0].x;
            let span = span_of(0.5 * (w[0].x + w[1].x));
            let ei = span.e * span.i;
            let stiffness = member::bending_stiffness(length, ei);
            if !(ei.is_finite() && stiffness.iter().all(|k| k.is_finite())) {
                return Err(EngineError::NonFinite {
                    message: "a span's bending stiffness EI overflowed".into(),
                });
            }
            Ok(Member {
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
                stiffness,
            })
        })
        .collect()
}
