//! Golden beam cases: every expected number is a closed-form result, named beside it.
//! Units: kN, m; EI = 200 GPa x 1e-4 m⁴ = 2e4 kN.m² unless stated. Tolerance 1e-6 relative.

use spanwise_engine::beam::{
    solve_beam, BeamLoad, BeamModel, BeamResult, Span, Support, SupportKind,
};
use spanwise_engine::{Direction, EngineError};

const E: f64 = 200e6; // kN/m² (200 GPa)
const I: f64 = 1e-4; // m⁴
const EI: f64 = E * I;

fn span(length: f64) -> Span {
    Span {
        length,
        e: E,
        i: I,
        hinge: false,
    }
}
fn support(kind: SupportKind, position: f64) -> Support {
    Support {
        kind,
        position,
        settlement: 0.0,
    }
}
fn pin(x: f64) -> Support {
    support(SupportKind::Pin, x)
}
fn roller(x: f64) -> Support {
    support(SupportKind::Roller, x)
}
fn fixed(x: f64) -> Support {
    support(SupportKind::Fixed, x)
}
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
fn moment_ccw(position: f64, moment: f64) -> BeamLoad {
    BeamLoad::Moment {
        position,
        moment,
        case: 0,
    }
}
fn solve(spans: Vec<Span>, supports: Vec<Support>, loads: Vec<BeamLoad>) -> BeamResult {
    let model = BeamModel {
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

/// Value of a series at x (first pair at that position), by linear interpolation.
fn at(series: &[[f64; 2]], x: f64) -> f64 {
    for w in series.windows(2) {
        if x >= w[0][0] && x <= w[1][0] && w[1][0] > w[0][0] {
            let t = (x - w[0][0]) / (w[1][0] - w[0][0]);
            return w[0][1] + t * (w[1][1] - w[0][1]);
        }
    }
    panic!("{x} outside the series");
}

#[test]
fn simply_supported_udl() {
    // Roark Table 8.1 case 2e: R = wL/2, M = wL²/8 at midspan, δ = 5wL⁴/384EI.
    let (l, w) = (6.0, 10.0);
    let r = solve(
        vec![span(l)],
        vec![pin(0.0), roller(l)],
        vec![udl(0.0, l, -w)],
    );
    close(r.reactions[0].vertical, w * l / 2.0);
    close(r.reactions[1].vertical, w * l / 2.0);
    close(r.extremes.moment.max.value, w * l * l / 8.0);
    close(r.extremes.moment.max.position, l / 2.0);
    close(
        r.extremes.deflection.min.value,
        -5.0 * w * l.powi(4) / (384.0 * EI),
    );
    close(r.extremes.shear.max.value, w * l / 2.0);
    close(r.extremes.shear.min.value, -w * l / 2.0);
    // decisions.md 13: series start just right of the left end, end just left of the right end
    close(r.diagrams.shear[0][1], w * l / 2.0);
    close(r.diagrams.shear.last().unwrap()[1], -w * l / 2.0);
}

#[test]
fn simply_supported_off_centre_point_load() {
    // Roark Table 8.1 case 1e: R_A = Pb/L, R_B = Pa/L, M = Pab/L under the load;
    // δmax = Pa(L²-a²)^1.5 / (9√3 L EI) at sqrt((L²-a²)/3) from the far end (a the shorter distance).
    let (l, a, p) = (8.0, 3.0, 20.0);
    let b = l - a;
    let r = solve(vec![span(l)], vec![pin(0.0), roller(l)], vec![point(a, -p)]);
    close(r.reactions[0].vertical, p * b / l);
    close(r.reactions[1].vertical, p * a / l);
    close(r.extremes.moment.max.value, p * a * b / l);
    close(r.extremes.moment.max.position, a);
    let dmax = p * a * (l * l - a * a).powf(1.5) / (9.0 * 3f64.sqrt() * l * EI);
    close(r.extremes.deflection.min.value, -dmax);
    close(
        r.extremes.deflection.min.position,
        l - ((l * l - a * a) / 3.0).sqrt(),
    );
    // the shear jumps by P at the load: both one-sided values are in the series
    let jump: Vec<f64> = r
        .diagrams
        .shear
        .iter()
        .filter(|s| s[0] == a)
        .map(|s| s[1])
        .collect();
    assert_eq!(jump.len(), 2);
    close(jump[0], p * b / l);
    close(jump[1], -p * a / l);
}

#[test]
fn simply_supported_triangular_load() {
    // Roark Table 8.1 case 2e (uniformly increasing): R_A = wL/6, R_B = wL/3,
    // Mmax = wL²/(9√3) at x = L/√3.
    let (l, w) = (6.0, 12.0);
    let load = BeamLoad::Line {
        from: 0.0,
        to: l,
        q: [0.0, -w / l, 0.0],
        case: 0,
    };
    let r = solve(vec![span(l)], vec![pin(0.0), roller(l)], vec![load]);
    close(r.reactions[0].vertical, w * l / 6.0);
    close(r.reactions[1].vertical, w * l / 3.0);
    close(r.extremes.moment.max.value, w * l * l / (9.0 * 3f64.sqrt()));
    close(r.extremes.moment.max.position, l / 3f64.sqrt());
}

#[test]
fn simply_supported_partial_udl() {
    // Statics: 20 kN resultant at x = 4 on a 10 m span -> R_B = 8, R_A = 12;
    // V = 12 - 5(x - 2) = 0 at x = 4.4, M = 12(4.4) - 5(2.4)²/2 = 38.4.
    let r = solve(
        vec![span(10.0)],
        vec![pin(0.0), roller(10.0)],
        vec![udl(2.0, 6.0, -5.0)],
    );
    close(r.reactions[0].vertical, 12.0);
    close(r.reactions[1].vertical, 8.0);
    close(r.extremes.moment.max.value, 38.4);
    close(r.extremes.moment.max.position, 4.4);
}

#[test]
fn simply_supported_end_moment() {
    // Clockwise C at the left end: R_A = -C/L, R_B = C/L, M(x) = C(1 - x/L).
    // Roark Table 8.1 case 3e with a = 0: θ_A = -CL/3EI (clockwise).
    let (l, c) = (6.0, 30.0);
    let r = solve(
        vec![span(l)],
        vec![pin(0.0), roller(l)],
        vec![moment_ccw(0.0, -c)],
    );
    close(r.reactions[0].vertical, -c / l);
    close(r.reactions[1].vertical, c / l);
    close(r.extremes.moment.max.value, c);
    close(r.extremes.moment.max.position, 0.0);
    close(r.diagrams.rotation[0][1], -c * l / (3.0 * EI));
}

#[test]
fn simply_supported_midspan_moment() {
    // Clockwise C at midspan: R = ∓C/L, M jumps from -C/2 to +C/2, no deflection at midspan (antisymmetry).
    let (l, c) = (8.0, 40.0);
    let r = solve(
        vec![span(l)],
        vec![pin(0.0), roller(l)],
        vec![moment_ccw(4.0, -c)],
    );
    close(r.reactions[0].vertical, -c / l);
    close(r.extremes.moment.max.value, c / 2.0);
    close(r.extremes.moment.min.value, -c / 2.0);
    close(r.extremes.moment.max.position, 4.0);
    assert!(at(&r.diagrams.deflection, 4.0).abs() < 1e-12);
}

#[test]
fn simply_supported_linearly_varying_load() {
    // A line load falling linearly from 10 to 5 kN/m (what an area load of 5 kPa on a width tapering
    // from 2 m to 1 m becomes). Statics: total 45 kN at x̄ = L(w1 + 2w2)/(3(w1 + w2)) = 8/3 m,
    // R_B = 45 x̄ / 6 = 20, R_A = 25; V = 25 - 10x + 5x²/12 = 0 at x = 12 - √84,
    // M = 25x - 5x² + 5x³/36 there.
    let load = BeamLoad::Line {
        from: 0.0,
        to: 6.0,
        q: [-10.0, 5.0 / 6.0, 0.0],
        case: 0,
    };
    let r = solve(vec![span(6.0)], vec![pin(0.0), roller(6.0)], vec![load]);
    close(r.reactions[0].vertical, 25.0);
    close(r.reactions[1].vertical, 20.0);
    let x = 12.0 - 84f64.sqrt();
    close(r.extremes.moment.max.position, x);
    close(
        r.extremes.moment.max.value,
        25.0 * x - 5.0 * x * x + 5.0 * x.powi(3) / 36.0,
    );
}

#[test]
fn cantilever_fixed_left() {
    // Roark Table 8.1 cases 1a, 2a, 3a with the fixed end at the left.
    let l = 4.0;
    let (p, w, c) = (10.0, 5.0, 15.0);
    let tip = solve(vec![span(l)], vec![fixed(0.0)], vec![point(l, -p)]);
    close(tip.reactions[0].vertical, p);
    close(tip.reactions[0].moment, p * l); // counter-clockwise here; the API shows -P L clockwise
    close(
        tip.extremes.deflection.min.value,
        -p * l.powi(3) / (3.0 * EI),
    );
    close(tip.extremes.moment.min.value, -p * l);
    close(tip.extremes.moment.min.position, 0.0);
    let uniform = solve(vec![span(l)], vec![fixed(0.0)], vec![udl(0.0, l, -w)]);
    close(uniform.reactions[0].vertical, w * l);
    close(uniform.reactions[0].moment, w * l * l / 2.0);
    close(
        uniform.extremes.deflection.min.value,
        -w * l.powi(4) / (8.0 * EI),
    );
    // clockwise moment C at the tip: hogging -C throughout, tip deflection -CL²/2EI
    let end_moment = solve(vec![span(l)], vec![fixed(0.0)], vec![moment_ccw(l, -c)]);
    assert!(end_moment.reactions[0].vertical.abs() < 1e-9);
    close(end_moment.reactions[0].moment, c);
    close(
        end_moment.extremes.deflection.min.value,
        -c * l * l / (2.0 * EI),
    );
    close(end_moment.extremes.moment.min.value, -c);
    close(end_moment.extremes.moment.min.position, 0.0);
}

#[test]
fn cantilever_fixed_right() {
    // Mirror of the above: the wall moment changes sense.
    let l = 4.0;
    let (p, w) = (10.0, 5.0);
    let tip = solve(vec![span(l)], vec![fixed(l)], vec![point(0.0, -p)]);
    close(tip.reactions[0].vertical, p);
    close(tip.reactions[0].moment, -p * l);
    close(
        tip.extremes.deflection.min.value,
        -p * l.powi(3) / (3.0 * EI),
    );
    close(tip.extremes.deflection.min.position, 0.0);
    let uniform = solve(vec![span(l)], vec![fixed(l)], vec![udl(0.0, l, -w)]);
    close(uniform.reactions[0].moment, -w * l * l / 2.0);
    close(uniform.extremes.moment.min.value, -w * l * l / 2.0);
    close(uniform.extremes.moment.min.position, l);
    // clockwise C at the free left tip: sagging +C throughout, so the tip rises C L²/2EI
    let end_moment = solve(vec![span(l)], vec![fixed(l)], vec![moment_ccw(0.0, -12.0)]);
    close(
        end_moment.extremes.deflection.max.value,
        12.0 * l * l / (2.0 * EI),
    );
    close(end_moment.extremes.deflection.max.position, 0.0);
}

#[test]
fn propped_cantilever_udl() {
    // Roark Table 8.1 case 2c: R_B = 3wL/8, R_A = 5wL/8, M_A = -wL²/8, max sagging 9wL²/128 at 5L/8.
    let (l, w) = (8.0, 6.0);
    let r = solve(
        vec![span(l)],
        vec![fixed(0.0), roller(l)],
        vec![udl(0.0, l, -w)],
    );
    close(r.reactions[0].vertical, 5.0 * w * l / 8.0);
    close(r.reactions[1].vertical, 3.0 * w * l / 8.0);
    close(r.reactions[0].moment, w * l * l / 8.0);
    close(r.extremes.moment.max.value, 9.0 * w * l * l / 128.0);
    close(r.extremes.moment.max.position, 5.0 * l / 8.0);
    close(r.extremes.moment.min.value, -w * l * l / 8.0);
}

#[test]
fn fixed_fixed_udl_and_point() {
    // Roark Table 8.1 cases 2d and 1d: UDL end moments -wL²/12, midspan wL²/24, δ = wL⁴/384EI;
    // central point load end moments -PL/8, midspan PL/8, δ = PL³/192EI.
    let (l, w, p) = (6.0, 10.0, 30.0);
    let u = solve(
        vec![span(l)],
        vec![fixed(0.0), fixed(l)],
        vec![udl(0.0, l, -w)],
    );
    close(u.extremes.moment.min.value, -w * l * l / 12.0);
    close(u.extremes.moment.max.value, w * l * l / 24.0);
    close(
        u.extremes.deflection.min.value,
        -w * l.powi(4) / (384.0 * EI),
    );
    close(u.reactions[0].moment, w * l * l / 12.0);
    close(u.reactions[1].moment, -w * l * l / 12.0);
    let c = solve(
        vec![span(l)],
        vec![fixed(0.0), fixed(l)],
        vec![point(l / 2.0, -p)],
    );
    close(c.extremes.moment.min.value, -p * l / 8.0);
    close(c.extremes.moment.max.value, p * l / 8.0);
    close(
        c.extremes.deflection.min.value,
        -p * l.powi(3) / (192.0 * EI),
    );
}

#[test]
fn two_span_continuous_unequal_spans_and_ei() {
    // Clapeyron's three-moment equation with M_A = M_C = 0:
    // 2 M_B (L1/I1 + L2/I2) = -(w L1³/4I1 + w L2³/4I2); then R_A = wL1/2 + M_B/L1, R_C = wL2/2 + M_B/L2.
    let (l1, l2, w) = (4.0, 6.0, 10.0);
    let (i1, i2) = (I, 2.0 * I);
    let spans = vec![
        Span {
            length: l1,
            e: E,
            i: i1,
            hinge: false,
        },
        Span {
            length: l2,
            e: E,
            i: i2,
            hinge: false,
        },
    ];
    let r = solve(
        spans,
        vec![pin(0.0), roller(l1), roller(l1 + l2)],
        vec![udl(0.0, l1 + l2, -w)],
    );
    let mb =
        -(w * l1.powi(3) / (4.0 * i1) + w * l2.powi(3) / (4.0 * i2)) / (2.0 * (l1 / i1 + l2 / i2));
    close(mb, -30.714285714285715); // the hand calculation: -430/14
    let ra = w * l1 / 2.0 + mb / l1;
    let rc = w * l2 / 2.0 + mb / l2;
    close(r.reactions[0].vertical, ra);
    close(r.reactions[2].vertical, rc);
    close(r.reactions[1].vertical, w * (l1 + l2) - ra - rc);
    close(r.extremes.moment.min.value, mb);
    close(r.extremes.moment.min.position, l1);
}

#[test]
fn three_span_continuous_unequal_spans_and_ei() {
    // Three-moment equation at B and C (relative I = 1, 2, 1; L = 4, 6, 5; w = 10):
    //   14 M_B + 3 M_C = -430,  3 M_B + 16 M_C = -582.5  ->  M_B = -5132.5/215, M_C = -6865/215.
    let w = 10.0;
    let spans = vec![
        Span {
            length: 4.0,
            e: E,
            i: I,
            hinge: false,
        },
        Span {
            length: 6.0,
            e: E,
            i: 2.0 * I,
            hinge: false,
        },
        Span {
            length: 5.0,
            e: E,
            i: I,
            hinge: false,
        },
    ];
    let supports = vec![pin(0.0), roller(4.0), roller(10.0), roller(15.0)];
    let r = solve(spans, supports, vec![udl(0.0, 15.0, -w)]);
    let (mb, mc) = (-5132.5 / 215.0, -6865.0 / 215.0);
    close(at(&r.diagrams.moment, 4.0), mb);
    close(at(&r.diagrams.moment, 10.0), mc);
    close(r.reactions[0].vertical, w * 4.0 / 2.0 + mb / 4.0);
    close(r.reactions[3].vertical, w * 5.0 / 2.0 + mc / 5.0);
    close(r.extremes.moment.min.value, mc);
}

#[test]
fn overhang() {
    // Supports at 0 and 6 on an 8 m beam, w = 10 everywhere. Statics: R_B = 80·4/6, R_A = 80 - R_B;
    // hogging over B = -w·2²/2 = -20; max sagging R_A²/2w at x = R_A/w.
    let w = 10.0;
    let r = solve(
        vec![span(8.0)],
        vec![pin(0.0), roller(6.0)],
        vec![udl(0.0, 8.0, -w)],
    );
    let rb = 80.0 * 4.0 / 6.0;
    let ra = 80.0 - rb;
    close(r.reactions[0].vertical, ra);
    close(r.reactions[1].vertical, rb);
    close(r.extremes.moment.min.value, -20.0);
    close(r.extremes.moment.min.position, 6.0);
    close(r.extremes.moment.max.value, ra * ra / (2.0 * w));
    close(r.extremes.moment.max.position, ra / w);
}

#[test]
fn settlement_of_an_interior_support() {
    // Two equal spans L, middle support settles Δ: R_B = 48EIΔ/(2L)³ = 6EIΔ/L³ (pulls down),
    // R_A = R_C = -R_B/2, M_B = R_A L.
    let (l, delta) = (5.0, -0.010);
    let mut supports = vec![pin(0.0), roller(l), roller(2.0 * l)];
    supports[1].settlement = delta;
    let r = solve(vec![span(l), span(l)], supports, vec![]);
    let rb = 6.0 * EI * delta / l.powi(3);
    close(r.reactions[1].vertical, rb);
    close(r.reactions[0].vertical, -rb / 2.0);
    close(r.extremes.moment.max.value, -rb / 2.0 * l);
    close(at(&r.diagrams.deflection, l), delta);
}

#[test]
fn settlement_of_a_fixed_end() {
    // Fixed-fixed, right end drops Δ: end shears 12EIΔ/L³, end moments 6EIΔ/L² (slope-deflection).
    let (l, delta) = (5.0, -0.010);
    let mut supports = vec![fixed(0.0), fixed(l)];
    supports[1].settlement = delta;
    let r = solve(vec![span(l)], supports, vec![]);
    close(r.reactions[0].vertical, -12.0 * EI * delta / l.powi(3));
    close(r.reactions[1].vertical, 12.0 * EI * delta / l.powi(3));
    close(r.reactions[0].moment, -6.0 * EI * delta / (l * l));
    close(r.extremes.moment.min.value, 6.0 * EI * delta / (l * l));
    close(r.extremes.moment.min.position, 0.0);
}

#[test]
fn gerber_beam_with_hinge() {
    // Cantilever AB (fixed at A) carries the simply supported BC through a hinge at B; w on BC.
    // Statics: BC gives 20 kN at B and C; A: R = 20, moment 80 (hogging); BC max sagging wL²/8 = 20;
    // hinge deflection = cantilever tip under 20 kN = -PL³/3EI.
    let w = 10.0;
    let spans = vec![
        span(4.0),
        Span {
            hinge: true,
            ..span(4.0)
        },
    ];
    let r = solve(
        spans,
        vec![fixed(0.0), roller(8.0)],
        vec![udl(4.0, 8.0, -w)],
    );
    close(r.reactions[0].vertical, 20.0);
    close(r.reactions[0].moment, 80.0);
    close(r.reactions[1].vertical, 20.0);
    close(r.extremes.moment.max.value, 20.0);
    close(r.extremes.moment.max.position, 6.0);
    close(at(&r.diagrams.deflection, 4.0), -20.0 * 64.0 / (3.0 * EI));
    assert!(
        at(&r.diagrams.moment, 4.0).abs() < 1e-9,
        "no moment at the hinge"
    );
    // the rotation jumps at the hinge: two pairs at x = 4
    assert_eq!(
        r.diagrams.rotation.iter().filter(|p| p[0] == 4.0).count(),
        2
    );
}

#[test]
fn load_cases_combine_linearly() {
    // Superposition: factors 1.2 G + 1.5 Q on a simply supported span give wL²/8 with w = 1.2·10 + 1.5·5.
    let l = 6.0;
    let model = BeamModel {
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
fn bad_input_is_an_error_not_a_panic() {
    let cases = vec![
        BeamModel {
            spans: vec![],
            supports: vec![pin(0.0)],
            loads: vec![],
        },
        BeamModel {
            spans: vec![Span {
                length: f64::NAN,
                ..span(1.0)
            }],
            supports: vec![pin(0.0)],
            loads: vec![],
        },
        BeamModel {
            spans: vec![span(1.0)],
            supports: vec![pin(0.0), roller(0.0)],
            loads: vec![],
        },
        BeamModel {
            spans: vec![span(1.0)],
            supports: vec![pin(0.0), roller(1.0)],
            loads: vec![point(2.0, 1.0)],
        },
        BeamModel {
            spans: vec![span(1.0)],
            supports: vec![],
            loads: vec![],
        },
        BeamModel {
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
