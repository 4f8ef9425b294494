//! The beam binding: results by index for good models, an error value for anything the engine
//! cannot take, never a panic.

use spanwise_engine_wasm::beam::BeamInput;

/// A 10 m simply supported beam, E = 2e8 kN/m², I = 1e-4 m⁴: 12 kN down at 4 m (case 0) and
/// 2 kN/m down over the whole span (case 1); the second combination holds the udl alone.
fn beam() -> BeamInput {
    let mut input = BeamInput::new();
    input.span(10.0, 2e8, 1e-4, false);
    input.support("pin", 0.0, 0.0);
    input.support("roller", 10.0, 0.0);
    input.point(4.0, -12.0, 0);
    input.line(0.0, 10.0, -2.0, 0.0, 0.0, 1);
    input.combination(vec![1.0, 1.0]);
    input.combination(vec![0.0, 1.0]);
    input.envelope("moment", vec![0, 1]);
    input
}

#[test]
fn answers_series_by_result_and_bounds_by_envelope() {
    let solution = beam().solve(2);
    assert_eq!(solution.error(), None);
    assert_eq!(solution.count(), 2);
    // udl alone: M(x) = w x (L - x) / 2 = x (10 - x), sagging positive; 24.96 kN.m at x = 4.8
    let moment = solution.diagram(1, "moment");
    let at = moment
        .chunks(2)
        .find(|p| (p[0] - 4.8).abs() < 1e-12)
        .expect("a sample at 4.8 m");
    assert!((at[1] - 24.96).abs() < 1e-9, "{}", at[1]);
    // the envelope is sampled where the diagrams are; the point load only adds sagging moment
    let (max, min) = (solution.bound(0, true), solution.bound(0, false));
    assert_eq!(max.len(), moment.len());
    for ((hi, lo), udl) in max.chunks(2).zip(min.chunks(2)).zip(moment.chunks(2)) {
        assert_eq!(hi[0], udl[0]);
        assert_eq!(lo[1], udl[1]);
        assert!(hi[1] >= lo[1]);
    }
    assert!(solution.diagram(2, "moment").is_empty(), "no third result");
    assert!(solution.diagram(0, "torsion").is_empty(), "no such diagram");
}

#[test]
fn results_past_keep_diagrams_carry_none() {
    let solution = beam().solve(1);
    assert!(!solution.diagram(0, "shear").is_empty());
    assert!(solution.diagram(1, "shear").is_empty());
}

#[test]
fn what_the_engine_cannot_take_is_an_invalid_model() {
    let mut unknown_kind = beam();
    unknown_kind.support("clamp", 5.0, 0.0);
    let mut unknown_diagram = beam();
    unknown_diagram.envelope("torsion", vec![0]);
    let mut missing_combination = beam();
    missing_combination.envelope("shear", vec![7]);
    for input in [unknown_kind, unknown_diagram, missing_combination] {
        let solution = input.solve(1);
        let answer: serde_json::Value =
            serde_json::from_str(&solution.error().expect("refused")).unwrap();
        assert_eq!(answer["error"]["kind"], "invalidModel", "{answer}");
        assert_eq!(solution.count(), 0);
    }
}
