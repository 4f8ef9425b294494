//! The truss export answers JSON for good models, engine errors and unreadable input alike.

use spanwise_engine_wasm::solve_truss;

/// Triangle A(0,0) pin, B(8,0) roller, C(4,3) with 10 kN down; two combinations.
const TRIANGLE: &str = r#"{
    "model": {
        "nodes": [{"x": 0, "y": 0}, {"x": 8, "y": 0}, {"x": 4, "y": 3}],
        "members": [{"from": 0, "to": 1, "e": 2e8, "a": 1e-3},
                    {"from": 1, "to": 2, "e": 2e8, "a": 1e-3},
                    {"from": 0, "to": 2, "e": 2e8, "a": 1e-3}],
        "supports": [{"node": 0, "kind": "pin"}, {"node": 1, "kind": "roller"}],
        "loads": [{"node": 2, "fy": -10, "case": 0}]
    },
    "combinations": [[1.0], [1.5]]
}"#;

#[test]
fn answers_one_result_per_combination() {
    // Symmetric triangle: each support takes half of 10 kN; joint B: ⅗F_BC + 5 = 0 → F_BC = −25/3,
    // F_AB = −⅘F_BC = 20/3. Factor 1.5 scales both.
    let answer: serde_json::Value = serde_json::from_str(&solve_truss(TRIANGLE)).unwrap();
    let ok = answer["ok"].as_array().expect("ok");
    assert_eq!(ok.len(), 2);
    let f_ab = ok[0]["memberForces"][0]["force"].as_f64().unwrap();
    assert!((f_ab - 20.0 / 3.0).abs() < 1e-9, "{f_ab}");
    let r_b = ok[1]["reactions"][1]["vertical"].as_f64().unwrap();
    assert!((r_b - 7.5).abs() < 1e-9, "{r_b}");
}

#[test]
fn a_mechanism_crosses_as_an_error_value() {
    let one_support = TRIANGLE.replace(r#", {"node": 1, "kind": "roller"}"#, "");
    let answer: serde_json::Value = serde_json::from_str(&solve_truss(&one_support)).unwrap();
    assert_eq!(answer["error"]["kind"], "mechanism", "{answer}");
    assert!(answer["error"]["node"].is_u64());
}

#[test]
fn unreadable_input_is_an_invalid_model() {
    let answer: serde_json::Value = serde_json::from_str(&solve_truss("{\"model\": 3}")).unwrap();
    assert_eq!(answer["error"]["kind"], "invalidModel");
}
