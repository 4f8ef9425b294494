//! Golden truss cases from the fixtures the HTTP tests read too (`test/fixtures/truss/*.json`): every
//! expected number comes from a hand calculation in its fixture (method of joints and sections,
//! compatibility, unit-load virtual work). The fixtures are API requests; this test maps them to the
//! engine's model the way ts/solve/truss.ts does (ids to indices, the request's units to SI, polar loads
//! and thermal strains to components) and reads the answer back in the request's units.
//! Below them, properties of the engine no single request shows: combinations, imposed deformations
//! under factors, warnings, separate parts, mechanisms, refusals, random models.
//! Units of the tests below: kN, m; every bar has E = 200 GPa, A = 1000 mm², so EA = 2e5 kN, unless
//! stated. Tolerance 1e-6 relative.

mod golden;

use std::collections::HashMap;

use golden::{check, fixtures, list, num, units_of, Units};
use serde_json::Value;
use spanwise_engine::lattice::lattice;
use spanwise_engine::truss::{
    solve_truss, FabricationError, Load, Member, Node, Settlement, Support, SupportKind,
    TrussModel, TrussResult,
};
use spanwise_engine::{Direction, EngineError};

const E: f64 = 200e6; // kN/m²
const A: f64 = 1e-3; // m²
const EA: f64 = E * A; // 2e5 kN

fn node(x: f64, y: f64) -> Node {
    Node { x, y }
}
fn bar(from: usize, to: usize) -> Member {
    Member {
        from,
        to,
        e: E,
        a: A,
    }
}
fn pin(node: usize) -> Support {
    Support {
        node,
        kind: SupportKind::Pin,
        angle: 0.0,
        settlement: Settlement::default(),
    }
}
/// A roller rolling along `degrees` counter-clockwise from +x.
fn roller(node: usize, degrees: f64) -> Support {
    Support {
        node,
        kind: SupportKind::Roller,
        angle: degrees.to_radians(),
        settlement: Settlement::default(),
    }
}
fn settled(mut support: Support, x: f64, y: f64) -> Support {
    support.settlement = Settlement { x, y };
    support
}
fn load(node: usize, fx: f64, fy: f64) -> Load {
    Load {
        node,
        fx,
        fy,
        case: 0,
    }
}
fn truss(
    nodes: Vec<Node>,
    members: Vec<Member>,
    supports: Vec<Support>,
    loads: Vec<Load>,
) -> TrussModel {
    TrussModel {
        nodes,
        members,
        supports,
        loads,
        fabrication_errors: Vec::new(),
    }
}
fn solve(model: &TrussModel) -> TrussResult {
    solve_truss(model, &[vec![1.0]])
        .expect("stable truss")
        .remove(0)
}
fn force(r: &TrussResult, member: usize) -> f64 {
    r.member_forces[member].force
}

#[track_caller]
fn close(got: f64, want: f64) {
    let scale = want.abs().max(1e-9);
    assert!((got - want).abs() <= 1e-6 * scale, "got {got}, want {want}");
}

/// For expected zeros: `got` is within 1e-6 of `scale`, the size of the numbers around it.
#[track_caller]
fn negligible(got: f64, scale: f64) {
    assert!(
        got.abs() <= 1e-6 * scale,
        "got {got}, want 0 (scale {scale})"
    );
}

/// The engine's model of a truss request, as ts/solve/truss.ts builds it.
fn model_of(request: &Value, u: &Units) -> TrussModel {
    let index = |key: &str| -> HashMap<i64, usize> {
        list(request, key)
            .iter()
            .enumerate()
            .map(|(i, v)| (v["id"].as_i64().unwrap(), i))
            .collect()
    };
    let (nodes, members) = (index("nodes"), index("members"));
    let materials: HashMap<i64, Value> = list(request, "materials")
        .iter()
        .map(|m| (m["id"].as_i64().unwrap(), m.clone()))
        .collect();
    let node_of = |v: &Value| nodes[&v.as_i64().unwrap()];
    TrussModel {
        nodes: list(request, "nodes")
            .iter()
            .map(|n| node(num(n, "x") * u.length, num(n, "y") * u.length))
            .collect(),
        members: list(request, "members")
            .iter()
            .map(|m| {
                let material = &materials[&m.get("material").and_then(Value::as_i64).unwrap_or(1)];
                Member {
                    from: node_of(&m["from"]),
                    to: node_of(&m["to"]),
                    e: num(material, "E") * u.stress,
                    a: num(material, "A") * u.area,
                }
            })
            .collect(),
        supports: list(request, "supports")
            .iter()
            .map(|s| {
                let settlement = s.get("settlement").cloned().unwrap_or(Value::Null);
                Support {
                    node: node_of(&s["node"]),
                    kind: if s["type"] == "pin" {
                        SupportKind::Pin
                    } else {
                        SupportKind::Roller
                    },
                    angle: num(s, "angle").to_radians(),
                    settlement: Settlement {
                        x: num(&settlement, "x") * u.displacement,
                        y: num(&settlement, "y") * u.displacement,
                    },
                }
            })
            .collect(),
        loads: list(request, "loads")
            .iter()
            .map(|l| {
                let (fx, fy) = match l.get("magnitude").and_then(Value::as_f64) {
                    Some(magnitude) => {
                        let (sin, cos) = num(l, "angle").to_radians().sin_cos();
                        (magnitude * cos, magnitude * sin)
                    }
                    None => (num(l, "fx"), num(l, "fy")),
                };
                load(node_of(&l["node"]), fx * u.force, fy * u.force)
            })
            .collect(),
        fabrication_errors: list(request, "fabricationErrors")
            .iter()
            .map(|f| FabricationError {
                member: members[&f["member"].as_i64().unwrap()],
                strain: num(f, "alpha") * num(f, "deltaT"),
                delta_length: num(f, "deltaLength") * u.displacement,
            })
            .collect(),
    }
}

/// The value at a fixture path, in the request's units (entries in request order, as the API lists them).
fn value_at(r: &TrussResult, path: &str, u: &Units) -> Option<f64> {
    let parts: Vec<&str> = path.split('.').collect();
    let k = parts.get(1)?.parse::<usize>().ok()?;
    match (parts[0], *parts.get(2)?) {
        ("reactions", "horizontal") => Some(r.reactions.get(k)?.horizontal / u.force),
        ("reactions", "vertical") => Some(r.reactions.get(k)?.vertical / u.force),
        ("memberForces", "force") => Some(r.member_forces.get(k)?.force / u.force),
        ("displacements", "dx") => Some(r.displacements.get(k)?.dx / u.displacement),
        ("displacements", "dy") => Some(r.displacements.get(k)?.dy / u.displacement),
        _ => None,
    }
}

#[test]
fn every_fixture_matches_its_hand_calculation() {
    let all = fixtures("truss");
    assert!(all.len() >= 22, "fixtures not found");
    for (name, fixture) in all {
        let request = &fixture["request"];
        let u = units_of(request);
        let result = solve_truss(&model_of(request, u), &[vec![1.0]])
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .remove(0);
        let checked = check(&name, &fixture, |path| value_at(&result, path, u));
        assert!(checked > 0, "{name}: nothing checked");
    }
}

// ---------------------------------------------------------------------------------------------
// Pratt truss, three 4 m panels, 3 m deep (3-4-5 triangles):
//
//        U1(4,3) ──── U2(8,3)
//       ╱  │      ╲     │  ╲
//  L0(0,0)─L1(4,0)─L2(8,0)─L3(12,0)
//   pin                      roller
//
// m = 9, j = 6, r = 3: 2j = m + r, statically determinate.

const L0: usize = 0;
const L1: usize = 1;
const L2: usize = 2;
const L3: usize = 3;
const U1: usize = 4;
const U2: usize = 5;

fn pratt(loads: Vec<Load>) -> TrussModel {
    truss(
        vec![
            node(0.0, 0.0),
            node(4.0, 0.0),
            node(8.0, 0.0),
            node(12.0, 0.0),
            node(4.0, 3.0),
            node(8.0, 3.0),
        ],
        vec![
            bar(L0, L1), // 0
            bar(L1, L2), // 1
            bar(L2, L3), // 2
            bar(U1, U2), // 3
            bar(L0, U1), // 4
            bar(U2, L3), // 5
            bar(L1, U1), // 6
            bar(L2, U2), // 7
            bar(U1, L2), // 8
        ],
        vec![pin(L0), roller(L3, 0.0)],
        loads,
    )
}

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

/// Triangle A(0,0) pin, B(8,0) roller, C(4,3) with a polar load of 100 kN at 240°.
fn polar_triangle(offset: f64) -> TrussModel {
    let (sin, cos) = 240f64.to_radians().sin_cos();
    truss(
        vec![
            node(offset, 0.0),
            node(offset + 8.0, 0.0),
            node(offset + 4.0, 3.0),
        ],
        vec![bar(0, 1), bar(1, 2), bar(0, 2)],
        vec![pin(0), roller(1, 0.0)],
        vec![load(2, 100.0 * cos, 100.0 * sin)],
    )
}

// ---------------------------------------------------------------------------------------------
// Separate parts and mechanisms.

/// Two models side by side in one: the second's indices shifted past the first's.
fn side_by_side(first: TrussModel, second: TrussModel) -> TrussModel {
    let (n, m) = (first.nodes.len(), first.members.len());
    let mut out = first;
    out.nodes.extend(second.nodes);
    out.members
        .extend(second.members.into_iter().map(|b| Member {
            from: b.from + n,
            to: b.to + n,
            ..b
        }));
    out.supports
        .extend(second.supports.into_iter().map(|s| Support {
            node: s.node + n,
            ..s
        }));
    out.loads.extend(second.loads.into_iter().map(|l| Load {
        node: l.node + n,
        ..l
    }));
    out.fabrication_errors
        .extend(
            second
                .fabrication_errors
                .into_iter()
                .map(|f| FabricationError {
                    member: f.member + m,
                    ..f
                }),
        );
    out
}

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

#[track_caller]
fn mechanism(model: &TrussModel) -> (usize, Direction) {
    match solve_truss(model, &[vec![1.0]]) {
        Err(EngineError::Mechanism {
            node,
            direction,
            x,
            y,
        }) => {
            assert_eq!((x, y), (model.nodes[node].x, model.nodes[node].y));
            (node, direction)
        }
        other => panic!("expected a mechanism, got {other:?}"),
    }
}

#[test]
fn one_support_only_is_a_mechanism() {
    // A pin alone lets the triangle turn about it: the free node named is one that turns.
    let mut model = polar_triangle(0.0);
    model.supports.truncate(1);
    let (node, _) = mechanism(&model);
    assert!(node == 1 || node == 2, "node {node}");
}

#[test]
fn parallel_rollers_let_the_truss_slide() {
    // Two rollers at 0° hold nothing horizontally: the mode is a pure x translation.
    let mut model = polar_triangle(0.0);
    model.supports[0] = roller(0, 0.0);
    let (_, direction) = mechanism(&model);
    assert_eq!(direction, Direction::Horizontal);
}

#[test]
fn collinear_node_with_no_stiffness_across() {
    // B sits on the straight line A-C; two horizontal bars give it no vertical stiffness.
    let model = truss(
        vec![node(0.0, 0.0), node(2.0, 0.0), node(4.0, 0.0)],
        vec![bar(0, 1), bar(1, 2)],
        vec![pin(0), pin(2)],
        vec![load(1, 0.0, -10.0)],
    );
    assert_eq!(mechanism(&model), (1, Direction::Vertical));
}

#[test]
fn inclined_collinear_node_is_found_too() {
    // The same on a line at atan(1.7): rounding leaves B a tiny stiffness across, not zero.
    let model = truss(
        vec![node(0.0, 0.0), node(1.0, 1.7), node(2.0, 3.4)],
        vec![bar(0, 1), bar(1, 2)],
        vec![pin(0), pin(2)],
        vec![load(1, 0.0, -10.0)],
    );
    assert_eq!(mechanism(&model).0, 1);
}

#[test]
fn a_soft_bar_across_stiff_ones_still_holds_the_node() {
    // The collinear node B again, now also hung from a pin at D(2, 2) by a bar 1e9 times softer
    // than the chords. Only that bar resists B's vertical movement (the chords have no first-order
    // stiffness across), so it carries the whole 10 kN: F_BD = 10 (tension), and
    // dy(B) = −F L / EA = −10 · 2 / (2e8 · 1e-12) = −1e5 m (linear theory, however large).
    let mut model = truss(
        vec![
            node(0.0, 0.0),
            node(2.0, 0.0),
            node(4.0, 0.0),
            node(2.0, 2.0),
        ],
        vec![bar(0, 1), bar(1, 2), bar(1, 3)],
        vec![pin(0), pin(2), pin(3)],
        vec![load(1, 0.0, -10.0)],
    );
    model.members[2].a = 1e-12;
    let r = solve(&model);
    close(force(&r, 2), 10.0);
    negligible(force(&r, 0), 10.0);
    close(r.displacements[1].dy, -1e5);
}

#[test]
fn roller_rolling_square_to_its_only_bar() {
    // Bar along x, roller at B rolling (almost exactly) along y: B can move freely along y.
    for degrees in [90.0, 90.0 + 1e-11] {
        let model = truss(
            vec![node(0.0, 0.0), node(4.0, 0.0)],
            vec![bar(0, 1)],
            vec![pin(0), roller(1, degrees)],
            vec![load(1, 5.0, 0.0)],
        );
        assert_eq!(mechanism(&model), (1, Direction::Vertical), "{degrees}°");
    }
    // Rolling along the bar instead is stable: the bar holds B. Its force is the 5 kN pull.
    let model = truss(
        vec![node(0.0, 0.0), node(4.0, 0.0)],
        vec![bar(0, 1)],
        vec![pin(0), roller(1, 0.0)],
        vec![load(1, 5.0, 0.0)],
    );
    close(solve(&model).member_forces[0].force, 5.0);
}

#[test]
fn unsupported_part_is_a_mechanism() {
    let mut second = polar_triangle(20.0);
    second.supports.clear();
    let (node, _) = mechanism(&side_by_side(polar_triangle(0.0), second));
    assert!((3..6).contains(&node), "node {node}");
}

#[test]
fn node_touched_by_nothing_is_a_mechanism() {
    let mut model = pratt(vec![load(L1, 0.0, -30.0)]);
    model.nodes.push(node(20.0, 5.0));
    assert_eq!(mechanism(&model), (6, Direction::Horizontal));
    // Pinned, the same lone node is held and harmless.
    model.supports.push(pin(6));
    let r = solve(&model);
    close(force(&r, 6), 30.0);
}

// ---------------------------------------------------------------------------------------------
// Bad input is an error value.

#[track_caller]
fn invalid(model: &TrussModel) {
    match solve_truss(model, &[vec![1.0]]) {
        Err(EngineError::InvalidModel { .. }) => {}
        other => panic!("expected InvalidModel, got {other:?}"),
    }
}

#[test]
fn invalid_models_are_rejected() {
    let good = || polar_triangle(0.0);
    let mut m = good();
    m.nodes[2] = m.nodes[1];
    invalid(&m); // member 1's ends coincide
    let mut m = good();
    m.members[0].to = 0;
    invalid(&m);
    let mut m = good();
    m.members[0].e = 0.0;
    invalid(&m);
    let mut m = good();
    m.members[1].a = -1e-3;
    invalid(&m);
    let mut m = good();
    m.members[1].a = f64::NAN;
    invalid(&m);
    let mut m = good();
    m.nodes[0].x = f64::INFINITY;
    invalid(&m);
    let mut m = good();
    m.members[2].to = 7;
    invalid(&m);
    let mut m = good();
    m.supports[1].node = 3;
    invalid(&m);
    let mut m = good();
    m.supports.push(roller(0, 45.0));
    invalid(&m); // two supports on node 0
    let mut m = good();
    m.loads[0].node = 9;
    invalid(&m);
    let mut m = good();
    m.loads[0].fy = f64::NAN;
    invalid(&m);
    let mut m = good();
    m.fabrication_errors.push(FabricationError {
        member: 3,
        strain: 1e-4,
        delta_length: 0.0,
    });
    invalid(&m);
    let mut m = good();
    m.supports[0].settlement.y = f64::NEG_INFINITY;
    invalid(&m);
    invalid(&truss(vec![], vec![], vec![], vec![]));
}

#[test]
fn overflow_is_non_finite_not_a_panic() {
    let mut m = polar_triangle(0.0);
    for member in &mut m.members {
        member.e = 1e300;
        member.a = 1e300;
    }
    assert!(matches!(
        solve_truss(&m, &[vec![1.0]]),
        Err(EngineError::NonFinite { .. })
    ));
    // Huge factors overflow the results.
    let r = solve_truss(&polar_triangle(0.0), &[vec![f64::MAX]]);
    assert!(matches!(r, Err(EngineError::NonFinite { .. })), "{r:?}");
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

// ---------------------------------------------------------------------------------------------
// Equilibrium on random trusses.

/// SplitMix64: a small deterministic generator, so that every run tests the same trusses.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi).
    fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A triangulated lattice with jittered nodes (under a tenth of a panel, so every triangle keeps
/// its shape), a pin, an inclined roller and sometimes a second pin, loads in three cases,
/// settlements and fabrication errors.
fn random_truss(random: &mut Random) -> TrussModel {
    let (columns, rows) = (2 + random.below(7), 2 + random.below(4));
    let mut model = lattice(columns, rows, random.below(3 * columns * rows));
    for n in &mut model.nodes {
        n.x += random.between(-0.2, 0.2);
        n.y += random.between(-0.2, 0.2);
    }
    for m in &mut model.members {
        m.a *= random.between(0.5, 2.0);
    }
    let mut roll = roller(columns - 1, random.between(-60.0, 60.0));
    roll.settlement = Settlement {
        x: random.between(-0.005, 0.005),
        y: random.between(-0.005, 0.005),
    };
    model.supports = vec![settled(pin(0), random.between(-0.005, 0.005), 0.0), roll];
    if random.below(2) == 0 {
        model.supports.push(settled(
            pin(columns * rows - 1),
            0.0,
            random.between(-0.005, 0.005),
        ));
    }
    model.loads = (0..1 + random.below(10))
        .map(|_| Load {
            node: random.below(model.nodes.len()),
            fx: random.between(-50.0, 50.0),
            fy: random.between(-50.0, 50.0),
            case: random.below(3),
        })
        .collect();
    model.fabrication_errors = (0..random.below(4))
        .map(|_| FabricationError {
            member: random.below(model.members.len()),
            strain: random.between(-1e-3, 1e-3),
            delta_length: random.between(-0.003, 0.003),
        })
        .collect();
    model
}

#[test]
fn random_trusses_are_in_equilibrium() {
    let mut random = Random(20240611);
    for trial in 0..300 {
        let model = random_truss(&mut random);
        let factors = vec![
            random.between(0.0, 1.6),
            random.between(0.0, 1.6),
            random.between(-1.0, 1.0),
        ];
        let r = solve_truss(&model, &[factors.clone(), vec![1.0, 1.0, 1.0]])
            .unwrap_or_else(|e| panic!("trial {trial}: {e}"));
        for (combination, result) in [factors, vec![1.0; 3]].iter().zip(&r) {
            // Forces on every node: bars (tension pulls toward the far end) + loads + reactions.
            let mut net = vec![[0.0f64; 2]; model.nodes.len()];
            let mut scale = 0.0f64;
            for (f, m) in result.member_forces.iter().zip(&model.members) {
                let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
                let length = (b.x - a.x).hypot(b.y - a.y);
                let (cx, cy) = ((b.x - a.x) / length, (b.y - a.y) / length);
                net[m.from][0] += f.force * cx;
                net[m.from][1] += f.force * cy;
                net[m.to][0] -= f.force * cx;
                net[m.to][1] -= f.force * cy;
                scale = scale.max(f.force.abs());
            }
            let mut total = [0.0f64; 2];
            for l in &model.loads {
                let f = combination[l.case];
                net[l.node][0] += f * l.fx;
                net[l.node][1] += f * l.fy;
                total[0] += f * l.fx;
                total[1] += f * l.fy;
                scale = scale.max((f * l.fx).abs()).max((f * l.fy).abs());
            }
            for reaction in &result.reactions {
                net[reaction.node][0] += reaction.horizontal;
                net[reaction.node][1] += reaction.vertical;
                total[0] += reaction.horizontal;
                total[1] += reaction.vertical;
                scale = scale
                    .max(reaction.horizontal.abs())
                    .max(reaction.vertical.abs());
            }
            assert!(scale > 0.0);
            assert!(
                total[0].abs() <= 1e-9 * scale && total[1].abs() <= 1e-9 * scale,
                "trial {trial}: Σ = {total:?}"
            );
            for (n, f) in net.iter().enumerate() {
                assert!(
                    f[0].abs() <= 1e-9 * scale && f[1].abs() <= 1e-9 * scale,
                    "trial {trial}, node {n}: {f:?}"
                );
            }
            // The roller holds only along its normal.
            let roll = model.supports[1];
            let reaction = result.reactions[1];
            let (s, c) = roll.angle.sin_cos();
            assert!((c * reaction.horizontal + s * reaction.vertical).abs() <= 1e-9 * scale);
        }
    }
}

#[test]
fn random_garbage_never_panics() {
    // Whatever the numbers and indices, the engine answers with results or an error value. Bad
    // values are rare enough that many models get through validation to the solver.
    let mut random = Random(7);
    let pick = |random: &mut Random| match random.below(60) {
        0 => 0.0,
        1 => f64::NAN,
        2 => -1.0,
        3 => 1e300,
        4 => 1e-300,
        _ => random.between(-10.0, 10.0),
    };
    let index = |random: &mut Random, n: usize| {
        let range = if random.below(40) == 0 {
            n + 2
        } else {
            n.max(1)
        };
        random.below(range)
    };
    let mut outcomes = [0usize; 4];
    for _ in 0..3000 {
        let n = 2 + random.below(5);
        let nodes: Vec<Node> = (0..n)
            .map(|_| node(pick(&mut random), pick(&mut random)))
            .collect();
        let members: Vec<Member> = (0..random.below(12))
            .map(|_| {
                // Two different nodes, now and then the same one or one that is not there.
                let from = index(&mut random, n);
                let to = if random.below(40) == 0 {
                    index(&mut random, n)
                } else {
                    (from + 1 + random.below(n - 1)) % n
                };
                Member {
                    from,
                    to,
                    e: pick(&mut random).abs(),
                    a: pick(&mut random).abs(),
                }
            })
            .collect();
        let supports = (0..random.below(4).min(n))
            .map(|s| Support {
                node: if random.below(40) == 0 {
                    index(&mut random, n)
                } else {
                    s
                },
                kind: if random.below(2) == 0 {
                    SupportKind::Pin
                } else {
                    SupportKind::Roller
                },
                angle: pick(&mut random),
                settlement: Settlement {
                    x: pick(&mut random) * 1e-3,
                    y: pick(&mut random) * 1e-3,
                },
            })
            .collect();
        let loads = (0..random.below(4))
            .map(|_| Load {
                node: index(&mut random, n),
                fx: pick(&mut random),
                fy: pick(&mut random),
                case: random.below(3),
            })
            .collect();
        let fabrication_errors = (0..random.below(3))
            .map(|_| FabricationError {
                member: index(&mut random, members.len()),
                strain: pick(&mut random) * 1e-4,
                delta_length: 0.0,
            })
            .collect();
        let model = TrussModel {
            nodes,
            members,
            supports,
            loads,
            fabrication_errors,
        };
        match solve_truss(&model, &[vec![1.0, pick(&mut random)]]) {
            Ok(results) => {
                outcomes[0] += 1;
                for r in results {
                    assert!(r.member_forces.iter().all(|f| f.force.is_finite()));
                    assert!(r
                        .displacements
                        .iter()
                        .all(|d| d.dx.is_finite() && d.dy.is_finite()));
                }
            }
            Err(EngineError::InvalidModel { .. }) => outcomes[1] += 1,
            Err(EngineError::Mechanism { .. }) => outcomes[2] += 1,
            Err(_) => outcomes[3] += 1,
        }
    }
    // The generator reaches every outcome but overflow (rare by design), so the solver paths run.
    assert!(
        outcomes[..3].iter().all(|&count| count >= 100),
        "{outcomes:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// The committed benchmark fixture is the generator's truss, and it solves.

#[test]
fn benchmark_fixture_matches_the_generator() {
    use spanwise_engine::lattice::{benchmark_combinations, benchmark_truss};
    let text = include_str!("../../../bench/fixtures/truss-300.json");
    let input: serde_json::Value = serde_json::from_str(text).unwrap();
    let model: TrussModel = serde_json::from_value(input["model"].clone()).unwrap();
    let combinations: Vec<Vec<f64>> =
        serde_json::from_value(input["combinations"].clone()).unwrap();
    let generated = benchmark_truss();
    assert_eq!(
        serde_json::to_value(&model).unwrap(),
        serde_json::to_value(&generated).unwrap()
    );
    assert_eq!(combinations, benchmark_combinations());
    // Statics of the whole lattice under 1.35G: 30 top nodes × 10 kN × 1.35 = 405 kN, carried by the
    // pin at x = 0 and the roller at x = 58 m; the load is symmetric about x = 29, so each takes half.
    let r = solve_truss(&model, &combinations).unwrap();
    close(r[0].reactions[0].vertical, 202.5);
    close(r[0].reactions[1].vertical, 202.5);
}
