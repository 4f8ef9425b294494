//! Golden beam cases from the fixtures the HTTP tests read too (`test/fixtures/beam/*.json`): each
//! expected number is a closed form named in its fixture. The fixtures are API requests; this test maps
//! them to the engine's model the way the service does (the request's units to SI, clockwise moments to
//! counter-clockwise, udl and area loads to polynomial line loads) and reads the engine's answer back in
//! the request's units and the API's signs. Below them, properties of the engine no API request shows:
//! load cases, mechanisms, refusals, sampling.
//! Units of the tests below: kN, m; EI = 200 GPa x 1e-4 m⁴ = 2e4 kN.m². Tolerance 1e-6 relative.

mod golden;

use golden::beams::{pin, roller, span, support, EI};
use golden::{check, fixtures, list, num, series_at, units_of, Units};
use serde_json::Value;
use spanwise_engine::beam::{
    solve_beam, BeamLoad, BeamModel, BeamResult, Range, Span, Support, SupportKind,
};
use spanwise_engine::{Direction, EngineError};

fn udl(from: f64, to: f64, w: f64) -> BeamLoad {
    BeamLoad::Line {
        from,
        to,
        q: [w, 0.0, 0.0],
        case: 0,
    }
}
fn point(position: f64, force: f64) -> BeamLoad {
    BeamLoad::Point {
        position,
        force,
        case: 0,
    }
}
fn solve(spans: Vec<Span>, supports: Vec<Support>, loads: Vec<BeamLoad>) -> BeamResult {
    let model = BeamModel {
        pattern: Vec::new(),
        spans,
        supports,
        loads,
    };
    solve_beam(&model, &[vec![1.0]])
        .expect("stable beam")
        .remove(0)
}

#[track_caller]
fn close(got: f64, want: f64) {
    let scale = want.abs().max(1e-9);
    assert!((got - want).abs() <= 1e-6 * scale, "got {got}, want {want}");
}

/// The engine's model of a beam request, as ts/solve/beam.ts builds it.
fn model_of(request: &Value, u: &Units) -> BeamModel {
    BeamModel {
        pattern: Vec::new(),
        spans: list(request, "spans")
            .iter()
            .map(|s| Span {
                length: num(s, "length") * u.length,
                e: num(s, "E") * u.stress,
                i: num(s, "I") * u.inertia,
                hinge: s["connection"] == "hinge",
            })
            .collect(),
        supports: list(request, "supports")
            .iter()
            .map(|s| Support {
                kind: match s["type"].as_str().unwrap() {
                    "pin" => SupportKind::Pin,
                    "roller" => SupportKind::Roller,
                    _ => SupportKind::Fixed,
                },
                position: num(s, "position") * u.length,
                settlement: num(s, "settlement") * u.displacement,
            })
            .collect(),
        loads: list(request, "loads")
            .iter()
            .map(|l| load_of(l, u))
            .collect(),
    }
}

/// One load: a clockwise moment becomes the engine's counter-clockwise one; a udl or an area load
/// becomes q(s) = c0 + c1 s + c2 s² with s = x - from (an area load: pressure times width, each linear).
fn load_of(l: &Value, u: &Units) -> BeamLoad {
    let position = num(l, "position") * u.length;
    let (from, to) = (num(l, "from") * u.length, num(l, "to") * u.length);
    let or_start = |key: &str, start: f64| l.get(key).and_then(Value::as_f64).unwrap_or(start);
    match l["type"].as_str().unwrap() {
        "point" => point(position, num(l, "magnitude") * u.force),
        "moment" => BeamLoad::Moment {
            position,
            moment: -num(l, "magnitude") * u.moment,
            case: 0,
        },
        "udl" => {
            let per_length = u.force / u.length;
            let start = num(l, "start") * per_length;
            let end = or_start("end", num(l, "start")) * per_length;
            BeamLoad::Line {
                from,
                to,
                q: [start, (end - start) / (to - from), 0.0],
                case: 0,
            }
        }
        _ => {
            let (p0, w0) = (num(l, "start") * u.pressure, num(l, "width") * u.length);
            let p1 = or_start("end", num(l, "start")) * u.pressure;
            let w1 = or_start("endWidth", num(l, "width")) * u.length;
            let (dp, dw) = ((p1 - p0) / (to - from), (w1 - w0) / (to - from));
            BeamLoad::Line {
                from,
                to,
                q: [p0 * w0, p0 * dw + dp * w0, dp * dw],
                case: 0,
            }
        }
    }
}

/// The value at a fixture path, in the request's units and the API's signs (ts/solve/beam.ts).
fn value_at(r: &BeamResult, path: &str, u: &Units) -> Option<f64> {
    let (dotted, at) = match path.split_once('@') {
        Some((d, a)) => (d, Some(a)),
        None => (path, None),
    };
    let parts: Vec<&str> = dotted.split('.').collect();
    let scale = |quantity: &str| match quantity {
        "moment" => u.moment,
        "deflection" => u.displacement,
        "rotation" => 1.0,
        _ => u.force,
    };
    match parts[..] {
        ["reactions", k, field] => {
            let reaction = r.reactions.get(k.parse::<usize>().ok()?)?;
            Some(match field {
                "vertical" => reaction.vertical / u.force,
                // the API reports reaction moments clockwise positive
                _ => -reaction.moment / u.moment,
            })
        }
        ["extremes", quantity, which, field] => {
            let range: &Range = match quantity {
                "shear" => &r.extremes.shear,
                "moment" => &r.extremes.moment,
                _ => &r.extremes.deflection,
            };
            let extreme = match which {
                "max" if quantity == "deflection" => {
                    if range.min.value.abs() >= range.max.value.abs() {
                        range.min
                    } else {
                        range.max
                    }
                }
                "max" | "maxSagging" | "maxUp" => range.max,
                _ => range.min,
            };
            Some(if field == "value" {
                extreme.value / scale(quantity)
            } else {
                extreme.position / u.length
            })
        }
        ["diagrams", quantity] => {
            let series = match quantity {
                "shear" => &r.diagrams.shear,
                "moment" => &r.diagrams.moment,
                "rotation" => &r.diagrams.rotation,
                _ => &r.diagrams.deflection,
            };
            series_at(series, at?, u.length).map(|v| v / scale(quantity))
        }
        _ => None,
    }
}

#[test]
fn every_fixture_matches_its_closed_forms() {
    let all = fixtures("beam");
    assert!(all.len() >= 26, "fixtures not found");
    for (name, fixture) in all {
        let request = &fixture["request"];
        let u = units_of(request);
        let result = solve_beam(&model_of(request, u), &[vec![1.0]])
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .remove(0);
        let checked = check(&name, &fixture, |path| value_at(&result, path, u));
        assert!(checked > 0, "{name}: nothing checked");
    }
}

#[test]
fn jumps_are_two_pairs_at_their_position() {
    // decisions.md 3: a point load gives two shear pairs at its position; a hinge two rotation pairs.
    let r = solve(
        vec![span(8.0)],
        vec![pin(0.0), roller(8.0)],
        vec![point(3.0, -20.0)],
    );
    assert_eq!(r.diagrams.shear.iter().filter(|s| s[0] == 3.0).count(), 2);
    let gerber = solve(
        vec![
            span(4.0),
            Span {
                hinge: true,
                ..span(4.0)
            },
        ],
        vec![support(SupportKind::Fixed, 0.0), roller(8.0)],
        vec![udl(4.0, 8.0, -10.0)],
    );
    assert_eq!(
        gerber
            .diagrams
            .rotation
            .iter()
            .filter(|p| p[0] == 4.0)
            .count(),
        2
    );
}

#[test]
fn load_cases_combine_linearly() {
    // Superposition: factors 1.2 G + 1.5 Q on a simply supported span give wL²/8 with w = 1.2·10 + 1.5·5.
    let l = 6.0;
    let model = BeamModel {
        pattern: Vec::new(),
        spans: vec![span(l)],
        supports: vec![pin(0.0), roller(l)],
        loads: vec![
            BeamLoad::Line {
                from: 0.0,
                to: l,
                q: [-10.0, 0.0, 0.0],
                case: 0,
            },
            BeamLoad::Line {
                from: 0.0,
                to: l,
                q: [-5.0, 0.0, 0.0],
                case: 1,
            },
        ],
    };
    let results = solve_beam(&model, &[vec![1.0, 1.0], vec![1.2, 1.5], vec![1.0, 0.0]]).unwrap();
    close(results[0].extremes.moment.max.value, 15.0 * 36.0 / 8.0);
    close(results[1].extremes.moment.max.value, 19.5 * 36.0 / 8.0);
    close(results[2].extremes.moment.max.value, 10.0 * 36.0 / 8.0);
    // every combination is sampled at the same positions
    let xs = |r: &BeamResult| r.diagrams.shear.iter().map(|p| p[0]).collect::<Vec<_>>();
    assert_eq!(xs(&results[0]), xs(&results[1]));
}

#[test]
fn one_pin_only_is_a_mechanism() {
    let model = BeamModel {
        pattern: Vec::new(),
        spans: vec![span(5.0)],
        supports: vec![pin(0.0)],
        loads: vec![point(2.0, -1.0)],
    };
    match solve_beam(&model, &[vec![1.0]]) {
        Err(EngineError::Mechanism { .. }) => {}
        other => panic!("expected a mechanism, got {other:?}"),
    }
}

#[test]
fn hinge_that_frees_a_span_is_a_mechanism_at_the_hinge() {
    let model = BeamModel {
        pattern: Vec::new(),
        spans: vec![
            span(5.0),
            Span {
                hinge: true,
                ..span(5.0)
            },
        ],
        supports: vec![pin(0.0), roller(10.0)],
        loads: vec![],
    };
    match solve_beam(&model, &[vec![1.0]]) {
        Err(EngineError::Mechanism { x, direction, .. }) => {
            assert!(direction == Direction::Vertical || direction == Direction::Rotation);
            assert!((0.0..=10.0).contains(&x));
        }
        other => panic!("expected a mechanism, got {other:?}"),
    }
}

#[test]
fn a_bending_stiffness_too_large_for_a_double_is_an_overflow_not_a_mechanism() {
    // E = 1e200 GPa = 1e206 kN/m² and I = 1e200 mm⁴ = 1e188 m⁴ are each finite, but EI = 1e394 kN·m²
    // is past f64::MAX (about 1.8e308): it factorised as a vanishing pivot, "free to rotate at 6 m"
    let model = BeamModel {
        spans: vec![Span {
            e: 1e206,
            i: 1e188,
            ..span(6.0)
        }],
        supports: vec![pin(0.0), roller(6.0)],
        loads: vec![point(3.0, -10.0)],
        pattern: Vec::new(),
    };
    match solve_beam(&model, &[vec![1.0]]) {
        Err(EngineError::NonFinite { message }) => {
            assert!(message.contains("overflow"), "{message}")
        }
        other => panic!("expected an overflow, got {other:?}"),
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let cases = vec![
        BeamModel {
            pattern: Vec::new(),
            spans: vec![],
            supports: vec![pin(0.0)],
            loads: vec![],
        },
        BeamModel {
            pattern: Vec::new(),
            spans: vec![Span {
                length: f64::NAN,
                ..span(1.0)
            }],
            supports: vec![pin(0.0)],
            loads: vec![],
        },
        BeamModel {
            pattern: Vec::new(),
            spans: vec![span(1.0)],
            supports: vec![pin(0.0), roller(0.0)],
            loads: vec![],
        },
        BeamModel {
            pattern: Vec::new(),
            spans: vec![span(1.0)],
            supports: vec![pin(0.0), roller(1.0)],
            loads: vec![point(2.0, 1.0)],
        },
        BeamModel {
            pattern: Vec::new(),
            spans: vec![span(1.0)],
            supports: vec![],
            loads: vec![],
        },
        BeamModel {
            pattern: Vec::new(),
            spans: vec![Span {
                hinge: true,
                ..span(1.0)
            }],
            supports: vec![pin(0.0)],
            loads: vec![],
        },
    ];
    for model in cases {
        assert!(matches!(
            solve_beam(&model, &[vec![1.0]]),
            Err(EngineError::InvalidModel { .. })
        ));
    }
}

#[test]
fn samples_interpolate_within_half_a_percent() {
    // decisions.md 3: linear interpolation between samples stays within 0.5% of the exact curve.
    // Simply supported UDL: M(x) = w x (L - x) / 2, v(x) = -w x (L³ - 2 L x² + x³) / 24EI (Roark 2e).
    let (l, w) = (7.0, 9.0);
    let r = solve(
        vec![span(l)],
        vec![pin(0.0), roller(l)],
        vec![udl(0.0, l, -w)],
    );
    let moment = |x: f64| w * x * (l - x) / 2.0;
    let deflection = |x: f64| -w * x * (l.powi(3) - 2.0 * l * x * x + x.powi(3)) / (24.0 * EI);
    for (series, exact, peak) in [
        (
            &r.diagrams.moment,
            &moment as &dyn Fn(f64) -> f64,
            w * l * l / 8.0,
        ),
        (
            &r.diagrams.deflection,
            &deflection,
            5.0 * w * l.powi(4) / (384.0 * EI),
        ),
    ] {
        for pair in series.windows(2) {
            let mid = 0.5 * (pair[0][0] + pair[1][0]);
            let interpolated = 0.5 * (pair[0][1] + pair[1][1]);
            assert!(
                (interpolated - exact(mid)).abs() <= 0.005 * peak,
                "at {mid}"
            );
        }
    }
}

#[test]
fn many_combinations_superpose_the_case_responses_exactly() {
    // With more combinations than cases, each case is integrated once and combinations are summed
    // polynomial by polynomial; the results must equal solving each combination on its own.
    let (l, w, p) = (8.0, 6.0, 20.0);
    let model = BeamModel {
        pattern: Vec::new(),
        spans: vec![span(l), span(l)],
        supports: vec![pin(0.0), roller(l), roller(2.0 * l)],
        loads: vec![
            BeamLoad::Line {
                from: 0.0,
                to: 2.0 * l,
                q: [-w, 0.0, 0.0],
                case: 0,
            },
            BeamLoad::Point {
                position: 3.0,
                force: -p,
                case: 1,
            },
            BeamLoad::Moment {
                position: 12.0,
                moment: 5.0,
                case: 2,
            },
        ],
    };
    let many: Vec<Vec<f64>> = vec![
        vec![1.0, 1.0, 1.0],
        vec![1.2, 1.5, 0.0],
        vec![0.9, 0.0, 1.5],
        vec![1.35, 0.0, 0.0],
        vec![1.0, 0.4, -1.0],
        vec![0.0, 1.0, 0.0],
    ];
    let together = solve_beam(&model, &many).unwrap();
    for (factors, combined) in many.iter().zip(&together) {
        let alone = solve_beam(&model, std::slice::from_ref(factors))
            .unwrap()
            .remove(0);
        for (a, b) in alone.reactions.iter().zip(&combined.reactions) {
            close(b.vertical, a.vertical);
        }
        close(
            combined.extremes.moment.max.value,
            alone.extremes.moment.max.value,
        );
        close(
            combined.extremes.moment.min.value,
            alone.extremes.moment.min.value,
        );
        close(
            combined.extremes.deflection.min.value,
            alone.extremes.deflection.min.value,
        );
        assert_eq!(combined.diagrams.moment.len(), alone.diagrams.moment.len());
        for (a, b) in alone
            .diagrams
            .deflection
            .iter()
            .zip(&combined.diagrams.deflection)
        {
            assert_eq!(a[0], b[0]);
            assert!((a[1] - b[1]).abs() <= 1e-9 * alone.extremes.deflection.min.value.abs());
        }
    }
    // and the load-only combination matches statics: two spans under the point load alone
    // (three-moment equation, P at a = 3 in span 1 of 8: M_B = -P a (L² - a²) / (4 L²))
    let mb = -p * 3.0 * (l * l - 9.0) / (4.0 * l * l);
    let moment_at = |r: &spanwise_engine::beam::BeamResult, x: f64| {
        r.diagrams
            .moment
            .iter()
            .find(|s| s[0] == x)
            .map(|s| s[1])
            .unwrap()
    };
    close(moment_at(&together[5], l), mb);
}

/// Each span's deflection extremes, exact even where other spans hold the beam's (issue 36): hinges over the inner
/// supports make three simply supported spans, 6 m lifted by 10 kN/m, 6 m and 4 m pressed down by 10 kN/m. Each
/// deflects 5wL⁴/(384EI) at its midspan (simply supported beam under a uniform load, e.g. Roark, Table 8.1 case
/// 2e): 6 m gives 5·10·1296/(384·2e4) = 8.4375e-3 m (up at x = 3, down at x = 9); 4 m gives 5·10·256/(384·2e4) =
/// 1.6667e-3 m down at x = 14. The last span holds neither of the beam's extremes, so a search bounded by the
/// whole beam's deflection would not look inside it.
#[test]
fn each_span_has_its_own_exact_deflection_extremes() {
    let hinged = |length: f64| Span {
        hinge: true,
        ..span(length)
    };
    let r = solve(
        vec![span(6.0), hinged(6.0), hinged(4.0)],
        vec![pin(0.0), roller(6.0), roller(12.0), roller(16.0)],
        vec![udl(0.0, 6.0, 10.0), udl(6.0, 16.0, -10.0)],
    );
    let sag = |l: f64| -5.0 * 10.0 * l.powi(4) / (384.0 * EI);
    let spans = &r.extremes.spans;
    assert_eq!(spans.len(), 3);
    close(spans[0].max.value, -sag(6.0));
    close(spans[0].max.position, 3.0);
    close(spans[1].min.value, sag(6.0));
    close(spans[1].min.position, 9.0);
    close(spans[2].min.value, sag(4.0));
    close(spans[2].min.position, 14.0);
    close(r.extremes.deflection.max.value, -sag(6.0));
    close(r.extremes.deflection.min.value, sag(6.0));
}
