//! The truss export answers numbers for good models and an error value for engine refusals and
//! unreadable frames alike.

use spanwise_engine_wasm::solve_truss;

/// Triangle A(0,0) pin, B(8,0) roller, C(4,3) with 10 kN down; two combinations (the layout of
/// `truss_frame::decode_request`).
fn triangle() -> Vec<f64> {
    vec![
        3.0, 3.0, 2.0, 1.0, 0.0, 1.0, 2.0, // counts
        0.0, 0.0, 8.0, 0.0, 4.0, 3.0, // nodes
        0.0, 1.0, 2e8, 1e-3, 1.0, 2.0, 2e8, 1e-3, 0.0, 2.0, 2e8, 1e-3, // members
        0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, // pin at A, roller at B
        2.0, 0.0, -10.0, 0.0, // 10 kN down at C, case 0
        1.0, 1.5, // combinations
    ]
}

#[test]
fn answers_one_result_per_combination() {
    // Symmetric triangle: each support takes half of 10 kN; joint B: ⅗F_BC + 5 = 0 → F_BC = −25/3,
    // F_AB = −⅘F_BC = 20/3. Factor 1.5 scales both.
    let mut solution = solve_truss(&triangle());
    assert_eq!(solution.error(), None);
    let answer = solution.take_answer();
    assert_eq!(answer[0], 2.0, "two results");
    // first result: 2 reactions (node, horizontal, vertical), then 3 member forces
    assert_eq!(answer[1], 2.0);
    let forces_at = 2 + 2 * 3;
    assert_eq!(answer[forces_at], 3.0);
    let f_ab = answer[forces_at + 4];
    assert!((f_ab - 20.0 / 3.0).abs() < 1e-9, "{f_ab}");
    let r_b = answer[2 + 3 + 2];
    assert!((r_b - 5.0).abs() < 1e-9, "{r_b}");
}

#[test]
fn a_mechanism_crosses_as_an_error_value() {
    // one support only: the roller record dropped and the support count cut to 1
    let mut frame = triangle();
    frame.drain(30..35);
    frame[2] = 1.0;
    let solution = solve_truss(&frame);
    let answer: serde_json::Value =
        serde_json::from_str(&solution.error().expect("refused")).unwrap();
    assert_eq!(answer["error"]["kind"], "mechanism", "{answer}");
    assert!(answer["error"]["node"].is_u64());
}

#[test]
fn an_unreadable_frame_is_an_invalid_model() {
    let solution = solve_truss(&[3.0, 1.0]);
    let answer: serde_json::Value =
        serde_json::from_str(&solution.error().expect("refused")).unwrap();
    assert_eq!(answer["error"]["kind"], "invalidModel");
}
