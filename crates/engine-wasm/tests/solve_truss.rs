//! The truss binding answers results for good models and an error value for engine refusals.

use spanwise_engine_wasm::truss::TrussInput;

/// Triangle A(0,0) pin, B(8,0) roller, C(4,3) with 10 kN down; two combinations.
fn triangle(supports: usize) -> TrussInput {
    let mut input = TrussInput::new();
    for (x, y) in [(0.0, 0.0), (8.0, 0.0), (4.0, 3.0)] {
        input.node(x, y);
    }
    for (from, to) in [(0, 1), (1, 2), (0, 2)] {
        input.member(from, to, 2e8, 1e-3);
    }
    input.support(0, false, 0.0, 0.0, 0.0);
    if supports > 1 {
        input.support(1, true, 0.0, 0.0, 0.0);
    }
    input.load(2, 0.0, -10.0, 0);
    input.combination(vec![1.0]);
    input.combination(vec![1.5]);
    input
}

#[test]
fn answers_one_result_per_combination() {
    // Symmetric triangle: each support takes half of 10 kN; joint B: ⅗F_BC + 5 = 0 → F_BC = −25/3,
    // F_AB = −⅘F_BC = 20/3. Factor 1.5 scales both.
    let solution = triangle(2).solve();
    assert_eq!(solution.error(), None);
    assert_eq!(solution.count(), 2, "two results");
    let forces = solution.member_forces(0);
    assert!((forces[0] - 20.0 / 3.0).abs() < 1e-9, "{}", forces[0]);
    assert!((forces[1] + 25.0 / 3.0).abs() < 1e-9, "{}", forces[1]);
    let factored = solution.member_forces(1);
    assert!(
        (factored[0] - 1.5 * 20.0 / 3.0).abs() < 1e-9,
        "{}",
        factored[0]
    );
    assert_eq!(solution.displacements_y(0).len(), 3);
    assert!(solution.member_forces(2).is_empty(), "no third result");
}

#[test]
fn a_mechanism_crosses_as_an_error_value() {
    // one support only: the roller left out
    let solution = triangle(1).solve();
    let answer: serde_json::Value =
        serde_json::from_str(&solution.error().expect("refused")).unwrap();
    assert_eq!(answer["error"]["kind"], "mechanism", "{answer}");
    assert!(answer["error"]["node"].is_u64());
    assert_eq!(solution.count(), 0);
}

#[test]
fn a_reference_past_the_nodes_is_an_invalid_model() {
    let mut input = triangle(2);
    input.member(0, 7, 2e8, 1e-3);
    let answer: serde_json::Value =
        serde_json::from_str(&input.solve().error().expect("refused")).unwrap();
    assert_eq!(answer["error"]["kind"], "invalidModel");
}
