//! Golden truss properties no single request of `test/fixtures/truss/` shows: results named by their
//! nodes and members, combinations, imposed deformations under factors, warnings, inclined supports,
//! separate parts and the serialised shape. Each expected number comes from a hand calculation written
//! beside it (superposition, compatibility, statics) or from the fixture it names.
//! Units of the tests below: kN, m; every bar has E = 200 GPa, A = 1000 mm², so EA = 2e5 kN, unless
//! stated. Tolerance 1e-6 relative.

mod golden;

use golden::trusses::{
    bar, close, force, load, negligible, node, pin, polar_triangle, pratt, roller, settled,
    side_by_side, solve, truss, EA, L0, L1, L2, L3, U1,
};
use spanwise_engine::truss::{solve_truss, Load, TrussModel};

// ---------------------------------------------------------------------------------------------
// Pratt truss, three 4 m panels, 3 m deep (`pratt` in golden/trusses.rs).

#[test]
fn results_name_their_nodes_and_members() {
    // Reactions in support order with their node, member forces in member order with their ends.
    let r = solve(&pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]));
    assert_eq!((r.reactions[0].node, r.reactions[1].node), (L0, L3));
    assert_eq!((r.member_forces[8].from, r.member_forces[8].to), (U1, L2));
    assert!(r.warnings.is_empty());
}

#[test]
fn combinations_are_factored_sums_of_the_cases() {
    // Case 0: 30 kN at L1, case 1: 60 kN at L2. Superposition: [1, 1] is both loads; [2, 0]
    // is twice the L1 load alone, whose L1 vertical force (joint L1: F6 − 30 = 0) is 30 → 60, and
    // whose reaction at L3 is 30·4/12 = 10 → 20.
    let mut model = pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]);
    model.loads[1].case = 1;
    let results = solve_truss(&model, &[vec![1.0, 1.0], vec![2.0], vec![]]).unwrap();
    assert_eq!(results.len(), 3);
    // [1, 1] is both loads at once (test/fixtures/truss/pratt-three-panels-joints.json)
    let both = solve(&pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]));
    for (a, b) in results[0].member_forces.iter().zip(&both.member_forces) {
        close(a.force, b.force);
    }
    close(force(&results[1], 6), 60.0);
    close(results[1].reactions[1].vertical, 20.0);
    // No factors at all: nothing loads the truss.
    assert!(results[2].member_forces.iter().all(|f| f.force == 0.0));
}

// ---------------------------------------------------------------------------------------------
// Symmetric three-bar truss (Timoshenko, Strength of Materials Part I, §2 statically
// indeterminate problems; Gere, Mechanics of Materials, Example 2-9 form): a vertical bar of length
// L = 4 and two bars at α from it with cos α = 0.8 (length 5), all hung from pins at height 4 and
// meeting at D. Compatibility: D moves down δ; the middle bar stretches δ, the outer ones δ cos α.
// Equilibrium F2 + 2 F1 cos α = P gives
//   F2 = P / (1 + 2cos³α),  F1 = P cos²α / (1 + 2cos³α),  δ = F2 L / EA.

const D: usize = 0;
const COS: f64 = 0.8;
const LENGTH: f64 = 4.0;

fn three_bar(loads: Vec<Load>) -> TrussModel {
    truss(
        vec![
            node(0.0, 0.0),
            node(-3.0, 4.0),
            node(0.0, 4.0),
            node(3.0, 4.0),
        ],
        vec![bar(D, 1), bar(D, 2), bar(D, 3)],
        vec![pin(1), pin(2), pin(3)],
        loads,
    )
}

/// 1 + 2cos³α = 2.024.
fn k3() -> f64 {
    1.0 + 2.0 * COS.powi(3)
}

#[test]
fn settlement_of_the_middle_support() {
    // Middle support settles Δ = 10 mm. D moves down v; the middle bar's elongation is −Δ − v, the
    // outer bars' −v cos α. Equilibrium at D: EA/L(−Δ − v) − 2cos³α EA v / L = 0 →
    // v = −Δ/(1 + 2cos³α); F2 = −(EAΔ/L)·2cos³α/(1 + 2cos³α); F1 = (EAΔ/L) cos²α/(1 + 2cos³α).
    let delta = 0.01;
    let mut model = three_bar(vec![]);
    model.supports[1] = settled(pin(2), 0.0, -delta);
    // (the settlement alone: test/fixtures/truss/three-bar-settlement.json)
    let scale = EA * delta / LENGTH; // 500 kN
                                     // Imposed deformations act at factor 1 whatever the combination: with a 100 kN load case at
                                     // factor 1.5 the middle force is 1.5·100/k3 plus the settlement's share.
    model.loads = vec![load(D, 0.0, -100.0)];
    let r = solve_truss(&model, &[vec![1.5], vec![0.0]]).unwrap();
    close(
        force(&r[0], 1),
        150.0 / k3() - scale * 2.0 * COS.powi(3) / k3(),
    );
    close(force(&r[1], 1), -scale * 2.0 * COS.powi(3) / k3());
}

#[test]
fn roller_settlement_along_its_rolling_direction_only_warns() {
    // A roller at 0° cannot impose a horizontal displacement: 5 mm along x changes nothing and is
    // reported; 5 mm along its normal (y) is not reported.
    let loads = vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)];
    let plain = solve(&pratt(loads.clone()));
    let mut model = pratt(loads.clone());
    model.supports[1] = settled(roller(L3, 0.0), 0.005, 0.0);
    let r = solve(&model);
    assert_eq!(r.warnings.len(), 1);
    assert_eq!(r.warnings[0].node, L3);
    for (a, b) in r.member_forces.iter().zip(&plain.member_forces) {
        close(a.force, b.force);
    }
    for (a, b) in r.displacements.iter().zip(&plain.displacements) {
        assert!((a.dx - b.dx).abs() <= 1e-12 && (a.dy - b.dy).abs() <= 1e-12);
    }
    model.supports[1] = settled(roller(L3, 0.0), 0.0, -0.005);
    assert!(solve(&model).warnings.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Supports at an angle, loads at an angle.

#[test]
fn inclined_roller_moves_along_its_rolling_direction() {
    // Triangle A(0,0) pin, B(6,0) roller rolling along 30°, C(3,4) carrying 100 kN down (its forces
    // and reactions: test/fixtures/truss/triangle-6x4-roller-30.json).
    let model = truss(
        vec![node(0.0, 0.0), node(6.0, 0.0), node(3.0, 4.0)],
        vec![bar(0, 1), bar(1, 2), bar(0, 2)],
        vec![pin(0), roller(1, 30.0)],
        vec![load(2, 0.0, -100.0)],
    );
    let r = solve(&model);
    // B moves along the rolling direction only: its component along the normal is zero.
    let b = r.displacements[1];
    let (s, c) = 30f64.to_radians().sin_cos();
    negligible(-s * b.dx + c * b.dy, b.dx.hypot(b.dy));
    assert!(b.dx.hypot(b.dy) > 0.0);
}

/// Triangle A(0,0) pin, B(0,3) roller rolling along 90° (restrains x only), C(4,0) with 60 kN down.
fn vertical_roller_triangle(offset: f64) -> TrussModel {
    truss(
        vec![
            node(offset, 0.0),
            node(offset, 3.0),
            node(offset + 4.0, 0.0),
        ],
        vec![bar(0, 1), bar(1, 2), bar(0, 2)],
        vec![pin(0), roller(1, 90.0)],
        vec![load(2, 0.0, -60.0)],
    )
}

// ---------------------------------------------------------------------------------------------
// Separate parts.

#[test]
fn separate_stable_parts_are_solved_together() {
    // Each part is its own statically determinate truss (their hand results:
    // test/fixtures/truss/triangle-polar-100-at-240.json, triangle-vertical-roller.json): solved
    // together, each part's answer is what it is alone.
    let (first, second) = (polar_triangle(0.0), vertical_roller_triangle(20.0));
    let r = solve(&side_by_side(first.clone(), second.clone()));
    for (k, alone) in [solve(&first), solve(&second)].iter().enumerate() {
        let (reactions, members) = (
            &r.reactions[2 * k..2 * k + 2],
            &r.member_forces[3 * k..3 * k + 3],
        );
        for (a, b) in reactions.iter().zip(&alone.reactions) {
            close(a.horizontal, b.horizontal);
            close(a.vertical, b.vertical);
        }
        for (a, b) in members.iter().zip(&alone.member_forces) {
            close(a.force, b.force);
        }
    }
    assert_eq!(r.reactions[2].node, 3);
    assert_eq!((r.member_forces[5].from, r.member_forces[5].to), (3, 5));
}

// ---------------------------------------------------------------------------------------------
// Serialised shape (what the WASM boundary and the service read).

#[test]
fn model_and_result_serialise_in_camel_case() {
    let json = r#"{
        "nodes": [{"x": 0, "y": 0}, {"x": 8, "y": 0}, {"x": 4, "y": 3}],
        "members": [{"from": 0, "to": 1, "e": 2e8, "a": 1e-3},
                    {"from": 1, "to": 2, "e": 2e8, "a": 1e-3},
                    {"from": 0, "to": 2, "e": 2e8, "a": 1e-3}],
        "supports": [{"node": 0, "kind": "pin"},
                     {"node": 1, "kind": "roller", "angle": 0, "settlement": {"x": 0.001}}],
        "loads": [{"node": 2, "fy": -10}],
        "fabricationErrors": [{"member": 0, "deltaLength": 0.001}]
    }"#;
    let model: TrussModel = serde_json::from_str(json).unwrap();
    assert_eq!(model.fabrication_errors[0].delta_length, 0.001);
    assert_eq!(model.supports[1].settlement.x, 0.001);
    let value = serde_json::to_value(solve(&model)).unwrap();
    for key in ["reactions", "memberForces", "displacements", "warnings"] {
        assert!(value.get(key).is_some(), "{key}");
    }
    assert_eq!(value["memberForces"][1]["from"], 1);
    assert_eq!(value["warnings"][0]["node"], 1);
}
