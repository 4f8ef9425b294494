//! Golden truss cases from the fixtures the HTTP tests read too (`test/fixtures/truss/*.json`): every
//! expected number comes from a hand calculation in its fixture (method of joints and sections,
//! compatibility, unit-load virtual work). The fixtures are API requests; this test maps them to the
//! engine's model the way ts/solve/truss.ts does (ids to indices, the request's units to SI, polar loads
//! and thermal strains to components) and reads the answer back in the request's units.
//! Below them, the committed benchmark fixture (`bench/fixtures/truss-300.json`) against the generator
//! that wrote it, with its statics by hand. Properties of the engine no single request shows are in
//! golden_truss_behaviour.rs (combinations, imposed deformations under factors, warnings, separate
//! parts, serialised shape), golden_truss_mechanisms.rs (mechanisms, refusals) and
//! golden_truss_random.rs (random models); their builders are in golden/trusses.rs.
//! Units of the benchmark check: kN, m. Tolerance: each fixture's own; 1e-6 relative for the benchmark.

mod golden;

use std::collections::HashMap;

use golden::trusses::{close, load, node};
use golden::{check, fixtures, list, num, units_of, Units};
use serde_json::Value;
use spanwise_engine::truss::{
    solve_truss, FabricationError, Member, Settlement, Support, SupportKind, TrussModel,
    TrussResult,
};

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
