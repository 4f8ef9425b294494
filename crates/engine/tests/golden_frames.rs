//! Golden frame cases from the fixtures the HTTP tests read too (`test/fixtures/frame/*.json`): each
//! expected number is a closed form named in the fixture (slope-deflection, virtual work, statics).
//! The fixtures are API requests; this test maps them to the engine's model the way the service does
//! (ids to indices, the request's units to SI, clockwise moments to counter-clockwise) and reads the
//! engine's answer back in the request's units. Combination envelopes are the service's and are
//! checked over HTTP; each fixture's combinations here are solved as factors.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

use serde_json::Value;
use spanwise_engine::frame::{
    solve_frame, FrameAnalysis, FrameMember, FrameModel, FrameResult, FrameSettlement,
    FrameSupport, FrameSupportKind, LoadDirection, MemberLoad, MemberLoadKind, NodalLoad,
};
use spanwise_engine::truss::Node;
use spanwise_engine::{Direction, EngineError};

const CASES: [&str; 8] = ["G", "Q", "Qr", "W", "E", "S", "R", "T"];

/// SI per request unit: length, force, stress, area, second moment, displacement, moment.
struct Units {
    length: f64,
    force: f64,
    stress: f64,
    area: f64,
    inertia: f64,
    displacement: f64,
    moment: f64,
}

const SI: Units = Units {
    length: 1.0,
    force: 1.0,
    stress: 1e6,
    area: 1e-6,
    inertia: 1e-12,
    displacement: 1e-3,
    moment: 1.0,
};
const IMPERIAL: Units = Units {
    length: 0.3048,
    force: 4.448_221_615_260_5,
    stress: 6_894.757_293_168_361,
    area: 0.000_645_16,
    inertia: 4.162_314_256e-7,
    displacement: 0.0254,
    moment: 4.448_221_615_260_5 * 0.3048,
};

fn num(v: &Value, key: &str) -> f64 {
    v.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn model_of(request: &Value, u: &Units) -> FrameModel {
    let list = |key: &str| {
        request
            .get(key)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let ids: HashMap<i64, usize> = list("nodes")
        .iter()
        .enumerate()
        .map(|(i, n)| (n["id"].as_i64().unwrap(), i))
        .collect();
    let member_ids: HashMap<i64, usize> = list("members")
        .iter()
        .enumerate()
        .map(|(i, m)| (m["id"].as_i64().unwrap(), i))
        .collect();
    let materials: HashMap<i64, Value> = list("materials")
        .iter()
        .map(|m| (m["id"].as_i64().unwrap(), m.clone()))
        .collect();
    let node = |v: &Value| ids[&v.as_i64().unwrap()];
    let case = |v: &Value| {
        v.get("case")
            .and_then(Value::as_str)
            .map_or(0, |c| CASES.iter().position(|k| *k == c).unwrap())
    };
    FrameModel {
        nodes: list("nodes")
            .iter()
            .map(|n| Node {
                x: num(n, "x") * u.length,
                y: num(n, "y") * u.length,
            })
            .collect(),
        members: list("members")
            .iter()
            .map(|m| {
                let material = &materials[&m.get("material").and_then(Value::as_i64).unwrap_or(1)];
                let released = |end: &str| {
                    m.get("releases")
                        .and_then(|r| r.get(end))
                        .and_then(Value::as_bool)
                        .unwrap_or(false)
                };
                FrameMember {
                    from: node(&m["from"]),
                    to: node(&m["to"]),
                    e: num(material, "E") * u.stress,
                    a: num(material, "A") * u.area,
                    i: num(material, "I") * u.inertia,
                    release_start: released("start"),
                    release_end: released("end"),
                }
            })
            .collect(),
        supports: list("supports")
            .iter()
            .map(|s| {
                let settlement = s.get("settlement").cloned().unwrap_or(Value::Null);
                FrameSupport {
                    node: node(&s["node"]),
                    kind: match s["type"].as_str().unwrap() {
                        "pin" => FrameSupportKind::Pin,
                        "roller" => FrameSupportKind::Roller,
                        _ => FrameSupportKind::Fixed,
                    },
                    angle: num(s, "angle").to_radians(),
                    settlement: FrameSettlement {
                        x: num(&settlement, "x") * u.displacement,
                        y: num(&settlement, "y") * u.displacement,
                        rotation: num(&settlement, "rotation"),
                    },
                }
            })
            .collect(),
        nodal_loads: list("nodalLoads")
            .iter()
            .map(|l| NodalLoad {
                node: node(&l["node"]),
                fx: num(l, "fx") * u.force,
                fy: num(l, "fy") * u.force,
                moment: -num(l, "moment") * u.moment,
                case: case(l),
            })
            .collect(),
        member_loads: list("memberLoads")
            .iter()
            .map(|l| member_load(l, &member_ids, u, case(l)))
            .collect(),
    }
}

fn member_load(l: &Value, ids: &HashMap<i64, usize>, u: &Units, case: usize) -> MemberLoad {
    let direction = match l
        .get("direction")
        .and_then(Value::as_str)
        .unwrap_or("global-y")
    {
        "global-x" => LoadDirection::GlobalX,
        "local-x" => LoadDirection::LocalX,
        "local-y" => LoadDirection::LocalY,
        _ => LoadDirection::GlobalY,
    };
    let per_length = u.force / u.length;
    let kind = match l["type"].as_str().unwrap() {
        "point" => MemberLoadKind::Point {
            at: num(l, "position") * u.length,
            force: num(l, "magnitude") * u.force,
            direction,
        },
        "moment" => MemberLoadKind::Moment {
            at: num(l, "position") * u.length,
            moment: -num(l, "magnitude") * u.moment,
        },
        _ => MemberLoadKind::Line {
            from: num(l, "from") * u.length,
            to: num(l, "to") * u.length,
            start: num(l, "start") * per_length,
            end: l
                .get("end")
                .and_then(Value::as_f64)
                .unwrap_or(num(l, "start"))
                * per_length,
            direction,
        },
    };
    MemberLoad {
        member: ids[&l["member"].as_i64().unwrap()],
        kind,
        case,
    }
}

/// The value at a fixture path in the request's units, or None for a path the service computes.
fn value_at(result: &FrameResult, path: &str, u: &Units) -> Option<f64> {
    let (dotted, at) = match path.split_once('@') {
        Some((d, a)) => (d, Some(a.parse::<f64>().unwrap())),
        None => (path, None),
    };
    let parts: Vec<&str> = dotted.split('.').collect();
    let index = |k: usize| parts[k].parse::<usize>().unwrap();
    match parts[0] {
        "reactions" => {
            let r = result.reactions[index(1)];
            Some(match parts[2] {
                "horizontal" => r.horizontal / u.force,
                "vertical" => r.vertical / u.force,
                _ => -r.moment / u.moment,
            })
        }
        "displacements" => {
            let d = result.displacements[index(1)];
            Some(match parts[2] {
                "dx" => d.x / u.displacement,
                "dy" => d.y / u.displacement,
                _ => d.rotation,
            })
        }
        "members" => member_value(&result.members[index(1)], &parts[2..], at, u),
        _ => None,
    }
}

fn member_value(
    m: &spanwise_engine::frame::FrameMemberResult,
    parts: &[&str],
    at: Option<f64>,
    u: &Units,
) -> Option<f64> {
    let scale = |quantity: &str| match quantity {
        "moment" => u.moment,
        "deflection" => u.displacement,
        _ => u.force,
    };
    match parts[0] {
        "start" | "end" => {
            let f = if parts[0] == "start" { m.start } else { m.end };
            let v = match parts[1] {
                "axial" => f.axial,
                "shear" => f.shear,
                _ => f.moment,
            };
            Some(v / scale(parts[1]))
        }
        "extremes" => {
            let range = match parts[1] {
                "axial" => m.extremes.axial,
                "shear" => m.extremes.shear,
                _ => m.extremes.moment,
            };
            let e = if matches!(parts[2], "max" | "maxSagging") {
                range.max
            } else {
                range.min
            };
            Some(if parts[3] == "value" {
                e.value / scale(parts[1])
            } else {
                e.position / u.length
            })
        }
        "diagrams" => {
            let series = match parts[1] {
                "axial" => &m.diagrams.axial,
                "shear" => &m.diagrams.shear,
                "moment" => &m.diagrams.moment,
                _ => &m.diagrams.deflection,
            };
            let x = at? * u.length;
            series
                .iter()
                .find(|p| (p[0] - x).abs() < 1e-9)
                .map(|p| p[1] / scale(parts[1]))
        }
        _ => None,
    }
}

fn fixtures() -> Vec<(String, Value)> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test/fixtures/frame");
    let mut files: Vec<_> = fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                serde_json::from_str(&fs::read_to_string(&p).unwrap()).unwrap(),
            )
        })
        .collect()
}

fn factors_of(request: &Value) -> Vec<Vec<f64>> {
    let mut all = vec![vec![1.0; CASES.len()]];
    if let Some(custom) = request
        .pointer("/combinations/custom")
        .and_then(Value::as_array)
    {
        all.extend(
            custom
                .iter()
                .map(|c| CASES.iter().map(|k| num(&c["factors"], k)).collect()),
        );
    }
    all
}

fn check(name: &str, fixture: &Value, analysis: &FrameAnalysis, u: &Units) -> usize {
    let expect = fixture["expect"].as_array().unwrap();
    let tolerance = fixture["tolerance"].as_f64().unwrap();
    let scale = expect
        .iter()
        .map(|e| e["value"].as_f64().unwrap().abs())
        .fold(0.0, f64::max);
    let mut checked = 0;
    for e in expect {
        let (path, want) = (e["path"].as_str().unwrap(), e["value"].as_f64().unwrap());
        let (result, path) = match path.strip_prefix("envelope.combinations.") {
            Some(rest) => {
                let (k, rest) = rest.split_once('.').unwrap();
                (&analysis.results[k.parse::<usize>().unwrap() + 1], rest)
            }
            None => (&analysis.results[0], path),
        };
        let path = path.replace("extremes.moment.maxHogging", "extremes.moment.min");
        let Some(got) = value_at(result, &path, u) else {
            continue;
        };
        let allowed = tolerance * if want == 0.0 { scale } else { want.abs() };
        assert!(
            (got - want).abs() <= allowed,
            "{name}: {path} = {got}, expected {want} ({})",
            e["source"]
        );
        checked += 1;
    }
    checked
}

#[test]
fn every_fixture_matches_its_closed_forms() {
    let all = fixtures();
    assert!(all.len() >= 20, "fixtures not found");
    for (name, fixture) in all {
        let request = &fixture["request"];
        let u = if request["units"] == "imperial" {
            &IMPERIAL
        } else {
            &SI
        };
        let model = model_of(request, u);
        let analysis =
            solve_frame(&model, &factors_of(request), 1).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            check(&name, &fixture, &analysis, u) > 0,
            "{name}: nothing checked"
        );
    }
}

fn portal(base: FrameSupportKind, beam_releases: [bool; 2]) -> FrameModel {
    let column = |from, to| FrameMember {
        from,
        to,
        e: 200e6,
        a: 1e-2,
        i: 1e-4,
        release_start: false,
        release_end: false,
    };
    let support = |node| FrameSupport {
        node,
        kind: base,
        angle: 0.0,
        settlement: FrameSettlement::default(),
    };
    FrameModel {
        nodes: vec![
            Node { x: 0.0, y: 0.0 },
            Node { x: 0.0, y: 4.0 },
            Node { x: 6.0, y: 4.0 },
            Node { x: 6.0, y: 0.0 },
        ],
        members: vec![
            column(0, 1),
            FrameMember {
                release_start: beam_releases[0],
                release_end: beam_releases[1],
                ..column(1, 2)
            },
            column(3, 2),
        ],
        supports: vec![support(0), support(3)],
        nodal_loads: vec![NodalLoad {
            node: 1,
            fx: 1.0,
            fy: 0.0,
            moment: 0.0,
            case: 0,
        }],
        member_loads: vec![],
    }
}

#[test]
fn hinges_that_make_a_sway_mechanism_are_a_mechanism() {
    // Pinned bases and a beam hinged at both ends: four hinges, the portal sways freely.
    let error = solve_frame(
        &portal(FrameSupportKind::Pin, [true, true]),
        &[vec![1.0]],
        0,
    )
    .unwrap_err();
    assert!(
        matches!(error, EngineError::Mechanism { node: 0..=3, .. }),
        "{error:?}"
    );
    // The same hinges on fixed bases leave a stable frame: the columns are cantilevers.
    assert!(solve_frame(
        &portal(FrameSupportKind::Fixed, [true, true]),
        &[vec![1.0]],
        0
    )
    .is_ok());
}

#[test]
fn a_node_every_member_meets_through_a_hinge_turns_freely() {
    // Both beam ends hinged and the columns hinged at their tops too: nodes 1 and 2 hold no rotation.
    let mut model = portal(FrameSupportKind::Fixed, [true, true]);
    model.members[0].release_end = true;
    let error = solve_frame(&model, &[vec![1.0]], 0).unwrap_err();
    assert!(
        matches!(
            error,
            EngineError::Mechanism {
                node: 1,
                direction: Direction::Rotation,
                ..
            }
        ),
        "{error:?}"
    );
}

#[test]
fn a_frame_on_one_roller_is_a_mechanism_not_a_panic() {
    let mut model = portal(FrameSupportKind::Pin, [false, false]);
    model.supports = vec![FrameSupport {
        node: 0,
        kind: FrameSupportKind::Roller,
        angle: 0.0,
        settlement: FrameSettlement::default(),
    }];
    assert!(matches!(
        solve_frame(&model, &[vec![1.0]], 0),
        Err(EngineError::Mechanism { .. })
    ));
}

#[test]
fn a_stiffness_too_large_for_a_double_is_an_overflow_not_an_invalid_model() {
    // E = 1e300 kN/m² and I = 1e10 m⁴ are each finite, but EI = 1e310 kN·m² is past f64::MAX (about
    // 1.8e308): the answer says the numbers overflowed, where it said E, A and I must be positive and
    // finite, which they are
    let mut model = portal(FrameSupportKind::Fixed, [false, false]);
    model.members[0].e = 1e300;
    model.members[0].i = 1e10;
    let error = solve_frame(&model, &[vec![1.0]], 0).expect_err("overflows");
    assert!(matches!(error, EngineError::NonFinite { .. }), "{error:?}");
}
