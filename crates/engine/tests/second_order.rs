//! Second-order analysis and elastic critical loads of frames against closed forms: the AISC 360-16
//! Commentary C2.2 benchmarks, Euler's columns, a column restrained by an arm, portal frames by the
//! slope-deflection equations with stability functions (solved here), and a tie in tension. Every
//! model is solved as given and with its members cut into pieces, which must change nothing.

use std::f64::consts::PI;

use spanwise_engine::frame::second_order::buckling::frame_buckling;
use spanwise_engine::frame::second_order::solve_frame_second_order;
use spanwise_engine::frame::{
    FrameMember, FrameModel, FrameSupport, FrameSupportKind, LoadDirection, MemberLoad,
    MemberLoadKind, NodalLoad,
};
use spanwise_engine::truss::Node;
use spanwise_engine::EngineError;

const KIP: f64 = 4.448_221_615_260_5; // kN
const INCH: f64 = 0.0254; // m
const KSI: f64 = KIP / (INCH * INCH); // kN/m²

fn support(node: usize, kind: FrameSupportKind, angle: f64) -> FrameSupport {
    FrameSupport {
        node,
        kind,
        angle,
        settlement: Default::default(),
    }
}

/// A straight line of `pieces` members from `a` to `b`, continuous (releases only at its two ends).
fn line(a: [f64; 2], b: [f64; 2], pieces: usize, e: f64, area: f64, i: f64) -> FrameModel {
    let nodes = (0..=pieces)
        .map(|k| {
            let t = k as f64 / pieces as f64;
            Node {
                x: a[0] + t * (b[0] - a[0]),
                y: a[1] + t * (b[1] - a[1]),
            }
        })
        .collect();
    let members = (0..pieces)
        .map(|k| FrameMember {
            from: k,
            to: k + 1,
            e,
            a: area,
            i,
            release_start: false,
            release_end: false,
        })
        .collect();
    FrameModel {
        nodes,
        members,
        supports: vec![],
        nodal_loads: vec![],
        member_loads: vec![],
    }
}

fn nodal(node: usize, fx: f64, fy: f64) -> NodalLoad {
    NodalLoad {
        node,
        fx,
        fy,
        moment: 0.0,
        case: 0,
    }
}

/// `w` down on each of the `pieces` members of a line `length` long.
fn downward(pieces: usize, length: f64, w: f64) -> Vec<MemberLoad> {
    (0..pieces)
        .map(|m| MemberLoad {
            member: m,
            kind: MemberLoadKind::Line {
                from: 0.0,
                to: length / pieces as f64,
                start: -w,
                end: -w,
                direction: LoadDirection::GlobalY,
            },
            case: 0,
        })
        .collect()
}

/// A horizontal line of `pieces` members, pinned at its left and on a roller at its right,
/// pulled by `axial` at the roller (negative: pushed) and carrying `w` down: its result and its
/// largest moment.
fn pulled_beam(
    pieces: usize,
    length: f64,
    (e, a, i): (f64, f64, f64),
    axial: f64,
    w: f64,
) -> (spanwise_engine::frame::FrameResult, f64) {
    let mut model = line([0.0, 0.0], [length, 0.0], pieces, e, a, i);
    model.supports = vec![
        support(0, FrameSupportKind::Pin, 0.0),
        support(pieces, FrameSupportKind::Roller, 0.0),
    ];
    model.nodal_loads = vec![nodal(pieces, axial, 0.0)];
    model.member_loads = downward(pieces, length, w);
    let mut solved = solve_frame_second_order(&model, &[vec![1.0]], 1).unwrap();
    let r = solved.analysis.results.remove(0);
    let largest = r
        .members
        .iter()
        .map(|m| m.extremes.moment.max.value)
        .fold(f64::MIN, f64::max);
    (r, largest)
}

fn close(got: f64, want: f64, tolerance: f64, what: &str) {
    assert!(
        (got - want).abs() <= tolerance * want.abs(),
        "{what}: {got} against {want} ({:e})",
        (got - want) / want
    );
}

/// AISC 360-16 Commentary C2.2, Table C-C2.1, Case 1: W14X48 (A = 14.1 in², Ix = 484 in⁴,
/// E = 29,000 ksi), 28 ft, pinned at both ends, w = 0.200 kip/ft and axial P. Closed forms (Chen &
/// Lui, Structural Stability, 1987): k² = P/EI, midspan moment (w/k²)(sec(kL/2) − 1) and midspan
/// deflection (w/(Pk²))(sec(kL/2) − 1) − wL²/(8P) (at P = 0: wL²/8 and 5wL⁴/384EI). Printed in the
/// Commentary: 235, 269, 313, 375 kip-in for P = 0, 150, 300, 450 kip.
#[test]
fn aisc_case_1_pinned_beam_column_under_a_uniform_load() {
    let (l, w, e, a, i): (f64, f64, f64, f64, f64) =
        (28.0 * 12.0, 0.2 / 12.0, 29_000.0, 14.1, 484.0);
    let printed = [235.0, 269.0, 313.0, 375.0];
    for (p, printed) in [0.0, 150.0, 300.0, 450.0].into_iter().zip(printed) {
        let ei = e * i;
        let (moment, deflection) = if p == 0.0 {
            (w * l * l / 8.0, 5.0 * w * l.powi(4) / (384.0 * ei))
        } else {
            let k = (p / ei).sqrt();
            let sec = 1.0 / (k * l / 2.0).cos();
            let m = w / (k * k) * (sec - 1.0);
            (m, w / (p * k * k) * (sec - 1.0) - w * l * l / (8.0 * p))
        };
        for pieces in [1, 2, 4] {
            let section = (e * KSI, a * INCH * INCH, i * INCH.powi(4));
            let (r, largest) = pulled_beam(pieces, l * INCH, section, -p * KIP, w * KIP / INCH);
            close(largest / (KIP * INCH), moment, 1e-9, "midspan moment");
            close(largest / (KIP * INCH), printed, 5e-3, "printed moment");
            // the midspan is a node when the member is cut in an even number of pieces
            let mid = if pieces % 2 == 0 {
                -r.displacements[pieces / 2].y
            } else {
                let series = r.members[0].diagrams.deflection.as_slice();
                -series[series.len() / 2][1]
            };
            close(mid / INCH, deflection, 1e-9, "midspan deflection");
        }
    }
}

/// AISC 360-16 Commentary C2.2, Case 2: the W14X48 as a 28 ft cantilever (fixed base, free top),
/// H = 1 kip at the top and axial P. Closed forms: base moment HL·tan(kL)/(kL), top deflection
/// H(tan(kL) − kL)/(Pk) (HL³/3EI at P = 0). The Commentary's printed base moments 336, 469, 598 and
/// 848 kip-in belong to P = 0, 100, 150 and 200 kip (its table's Case 2 column; at 300 kip and
/// more the cantilever would be past its Euler load π²EI/4L² = 306.7 kip).
#[test]
fn aisc_case_2_cantilever_under_a_lateral_load() {
    let (l, h, e, a, i): (f64, f64, f64, f64, f64) = (28.0 * 12.0, 1.0, 29_000.0, 14.1, 484.0);
    let printed = [336.0, 469.0, 598.0, 848.0];
    for (p, printed) in [0.0, 100.0, 150.0, 200.0].into_iter().zip(printed) {
        let ei = e * i;
        let (moment, deflection) = if p == 0.0 {
            (h * l, h * l.powi(3) / (3.0 * ei))
        } else {
            let kl = (p / ei).sqrt() * l;
            (h * l * kl.tan() / kl, h * (kl.tan() - kl) / (p * kl / l))
        };
        for pieces in [1, 3] {
            let mut model = line(
                [0.0, 0.0],
                [0.0, l * INCH],
                pieces,
                e * KSI,
                a * INCH * INCH,
                i * INCH.powi(4),
            );
            model.supports = vec![support(0, FrameSupportKind::Fixed, 0.0)];
            model.nodal_loads = vec![nodal(pieces, h * KIP, -p * KIP)];
            let solved = solve_frame_second_order(&model, &[vec![1.0]], 0).unwrap();
            let r = &solved.analysis.results[0];
            close(
                r.reactions[0].moment.abs() / (KIP * INCH),
                moment,
                1e-9,
                "base moment",
            );
            close(
                r.reactions[0].moment.abs() / (KIP * INCH),
                printed,
                5e-3,
                "printed moment",
            );
            close(
                r.displacements[pieces].x / INCH,
                deflection,
                1e-9,
                "top deflection",
            );
            // shear = dM/dx: H at the base, H·sec(kL) at the top (decisions 18)
            let kl = (p / ei).sqrt() * l;
            let top = r.members[pieces - 1].end.shear.abs() / KIP;
            close(top, h / kl.cos(), 1e-9, "top shear");
        }
    }
}

/// Livesley's stability functions s and c for φ = L√(P/EI) in compression (Livesley & Chandler,
/// Stability Functions for Structural Frameworks, 1956), and the member stiffness over (v1, θ1, v2,
/// θ2) they give for EI = L = 1.
fn livesley(phi: f64) -> [[f64; 4]; 4] {
    let s = phi * (phi.sin() - phi * phi.cos()) / (2.0 - 2.0 * phi.cos() - phi * phi.sin());
    let c = (phi - phi.sin()) / (phi.sin() - phi * phi.cos());
    let (a, b) = (2.0 * s * (1.0 + c) - phi * phi, s * (1.0 + c));
    [
        [a, b, -a, b],
        [b, s, -b, s * c],
        [-a, -b, a, -b],
        [b, s * c, -b, s],
    ]
}

/// The root of `f` in `[lo, hi]` (a sign change) by bisection to the last bit.
fn root(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let f_lo = f(lo);
    assert!(f_lo * f(hi) < 0.0, "no sign change in [{lo}, {hi}]");
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid == lo || mid == hi {
            break;
        }
        if (f(mid) < 0.0) == (f_lo < 0.0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

const E: f64 = 200e6;
const I: f64 = 8e-5;
const A: f64 = 1e-2;
/// The area of a column as slope-deflection takes it, axially rigid: with 1e-2 m² the beam's
/// antisymmetric bending stretches one column and squeezes the other enough to move a portal's
/// factor by 1e-3; at this area by less than 1e-11.
const RIGID: f64 = 1e6;

/// A column from (0, 0) to (0, L) in `pieces` members, its base and top supports given, P down at
/// the top; its lowest factors.
fn column(
    pieces: usize,
    base: FrameSupportKind,
    top: Option<FrameSupportKind>,
    p: f64,
) -> Vec<f64> {
    let mut model = line([0.0, 0.0], [0.0, 5.0], pieces, E, A, I);
    model.supports = vec![support(0, base, 0.0)];
    if let Some(kind) = top {
        // rolling along y: the top is held sideways only
        model.supports.push(support(pieces, kind, PI / 2.0));
    }
    model.nodal_loads = vec![nodal(pieces, 0.0, -p)];
    frame_buckling(&model, &[1.0], 2)
        .unwrap()
        .iter()
        .map(|m| m.factor)
        .collect()
}

/// Euler's columns (Timoshenko & Gere, Theory of Elastic Stability, 2.1-2.3): pinned-pinned
/// π²EI/L², fixed-free π²EI/4L², fixed-pinned 4.493409458²EI/L² (tan φ = φ), each as one member
/// and cut into 2, 3 and 7; the second factors too (4π²EI/L², 9π²EI/4L², 7.725252²EI/L²).
#[test]
fn eulers_columns_whole_and_cut() {
    let (l, p) = (5.0, 100.0);
    let euler = |phi: f64| phi * phi * E * I / (l * l * p);
    let fixed_pinned = [4.493_409_457_909_064, 7.725_251_836_937_707];
    let cases = [
        (
            FrameSupportKind::Pin,
            Some(FrameSupportKind::Roller),
            [PI, 2.0 * PI],
        ),
        (FrameSupportKind::Fixed, None, [PI / 2.0, 1.5 * PI]),
        (
            FrameSupportKind::Fixed,
            Some(FrameSupportKind::Roller),
            fixed_pinned,
        ),
    ];
    for (base, top, phis) in cases {
        for pieces in [1, 2, 3, 7] {
            let factors = column(pieces, base, top, p);
            for (got, phi) in factors.iter().zip(phis) {
                close(
                    *got,
                    euler(phi),
                    1e-9,
                    &format!("{base:?} {top:?} in {pieces}"),
                );
            }
        }
    }
}

/// A column pinned at its base and held sideways at its top, where an unloaded arm (far end on a
/// roller that holds it vertically) restrains its rotation with 3EI_a/b. Slope-deflection with
/// stability functions: M_base = 0 and M_top + 3(EI_a/b)θ = 0 give s(1 − c²) + ρ = 0,
/// ρ = (3EI_a/b)/(EI_c/h); solved here by bisection between π and 4.4934. The column's axial force is
/// the first-order one (the arm takes a little of P as the column shortens).
#[test]
fn a_column_restrained_by_an_unloaded_arm() {
    let (h, b, p, ia) = (5.0, 4.0, 100.0, 3e-5);
    for pieces in [1, 2, 3, 7] {
        let mut model = line([0.0, 0.0], [0.0, h], pieces, E, RIGID, I);
        model.nodes.push(Node { x: b, y: h });
        model.members.push(FrameMember {
            from: pieces,
            to: pieces + 1,
            e: E,
            a: A,
            i: ia,
            release_start: false,
            release_end: false,
        });
        model.supports = vec![
            support(0, FrameSupportKind::Pin, 0.0),
            support(pieces, FrameSupportKind::Roller, PI / 2.0),
            support(pieces + 1, FrameSupportKind::Roller, 0.0),
        ];
        model.nodal_loads = vec![nodal(pieces, 0.0, -p)];
        let first = spanwise_engine::frame::solve_frame(&model, &[vec![1.0]], 0).unwrap();
        let n = -first.results[0].members[0].start.axial;
        let rho = (3.0 * E * ia / b) / (E * I / h);
        let phi = root(
            |phi| {
                let k = livesley(phi);
                k[1][1] * (1.0 - (k[1][3] / k[1][1]).powi(2)) + rho
            },
            PI + 1e-9,
            4.493,
        );
        let want = phi * phi * E * I / (h * h * n);
        let got = frame_buckling(&model, &[1.0], 1).unwrap()[0].factor;
        close(got, want, 1e-9, &format!("arm, column in {pieces}"));
    }
}

/// A continuous column over three held joints (pin, then two rollers holding it sideways), P at the
/// top: each span buckles as pinned-pinned at π²EI/L² while no joint translates, so the mode is
/// scaled by its largest rotation.
#[test]
fn a_mode_between_held_joints() {
    let (l, p) = (4.0, 50.0);
    for pieces in [1, 2, 3] {
        let mut model = line([0.0, 0.0], [0.0, 2.0 * l], 2 * pieces, E, A, I);
        model.supports = vec![
            support(0, FrameSupportKind::Pin, 0.0),
            support(pieces, FrameSupportKind::Roller, PI / 2.0),
            support(2 * pieces, FrameSupportKind::Roller, PI / 2.0),
        ];
        model.nodal_loads = vec![nodal(2 * pieces, 0.0, -p)];
        let modes = frame_buckling(&model, &[1.0], 1).unwrap();
        close(
            modes[0].factor,
            PI * PI * E * I / (l * l * p),
            1e-9,
            "two spans",
        );
        let d = &modes[0].displacements;
        // whole spans: no node translates, and the largest rotation is 1; cut spans: the points
        // between joints move, the largest by 1, and the joints turn by π/L of it (a sine)
        let rotation = d.iter().map(|v| v.rotation.abs()).fold(0.0, f64::max);
        let sideways = d.iter().map(|v| v.x.abs()).fold(0.0, f64::max);
        if pieces == 1 {
            close(rotation, 1.0, 1e-12, "largest rotation");
        } else {
            close(sideways, 1.0, 1e-12, "largest translation");
            let peak = (1..pieces)
                .map(|k| (k as f64 * PI / pieces as f64).sin())
                .fold(0.0, f64::max);
            close(d[0].rotation.abs(), PI / l / peak, 1e-9, "joint rotation");
        }
        // the joints between spans do not move sideways
        for k in [0, pieces, 2 * pieces] {
            assert!(d[k].x.abs() < 1e-9, "{:?}", d[k]);
        }
    }
}

/// A strut hinged at both ends between two fixed supports, squeezed by moving one support towards
/// the other by δ: N = EAδ/L, and it buckles inside itself at π²EI/L² (factor π²EI/(L·EAδ)) with
/// no joint moving: the stiffness never sees it, only Wittrick-Williams's J0 counts it.
#[test]
fn a_member_mode_that_no_joint_sees() {
    let (l, delta) = (3.0, 1e-4);
    let mut model = line([0.0, 0.0], [l, 0.0], 1, E, A, I);
    model.members[0].release_start = true;
    model.members[0].release_end = true;
    let mut squeezed = support(1, FrameSupportKind::Fixed, 0.0);
    squeezed.settlement.x = -delta;
    model.supports = vec![support(0, FrameSupportKind::Fixed, 0.0), squeezed];
    let modes = frame_buckling(&model, &[1.0], 2).unwrap();
    let n = E * A * delta / l;
    close(
        modes[0].factor,
        PI * PI * E * I / (l * l * n),
        1e-9,
        "first",
    );
    close(
        modes[1].factor,
        4.0 * PI * PI * E * I / (l * l * n),
        1e-9,
        "second",
    );
    assert!(modes[0]
        .displacements
        .iter()
        .all(|d| d.x == 0.0 && d.y == 0.0 && d.rotation == 0.0));
    // in second order the strut squeezed past its Euler load is refused, though no joint could move;
    // just below it, solved
    for (squeeze, buckles) in [(1.01, true), (0.99, false)] {
        model.supports[1].settlement.x = -delta * squeeze * modes[0].factor;
        let solved = solve_frame_second_order(&model, &[vec![1.0]], 0);
        assert_eq!(solved.is_err(), buckles, "{squeeze}: {solved:?}");
        if buckles {
            assert_eq!(
                solved.unwrap_err(),
                EngineError::Buckling { arrangement: 0 }
            );
        }
    }
}

/// The stiffness of a portal's column over (sway v, top rotation θ) for EI = h = 1, the base
/// rotation condensed out when the base is pinned.
fn column_sway(phi: f64, pinned: bool) -> [[f64; 2]; 2] {
    let k = livesley(phi);
    // rows and columns: v2 (2), θ2 (3); the base's rotation is 1
    let mut out = [[k[2][2], k[2][3]], [k[3][2], k[3][3]]];
    if pinned {
        for (r, i) in [2, 3].into_iter().enumerate() {
            for (c, j) in [2, 3].into_iter().enumerate() {
                out[r][c] -= k[i][1] * k[1][j] / k[1][1];
            }
        }
    }
    out
}

/// Portal frames, columns h, beam b, P down on each top joint: the sway mode (both joints turn θ,
/// the beam bends in double curvature with 6EI_b/b) is where det [k_vv, k_vθ; k_θv, k_θθ + 6R] = 0,
/// R = (EI_b/b)/(EI_c/h), with each column's stability-function stiffness (Livesley & Chandler;
/// the base rotation condensed out for a pinned base): solved here by bisection.
#[test]
fn portal_frames_sway_at_the_slope_deflection_factor() {
    let (h, b, p, ib) = (4.0, 6.0, 200.0, 1.2e-4);
    let r = (ib / b) / (I / h);
    for base in [FrameSupportKind::Fixed, FrameSupportKind::Pin] {
        let pinned = base == FrameSupportKind::Pin;
        let det = |phi: f64| {
            let k = column_sway(phi, pinned);
            k[0][0] * (k[1][1] + 6.0 * r) - k[0][1] * k[1][0]
        };
        let phi = root(det, 0.1, if pinned { PI / 2.0 } else { PI - 1e-9 });
        let want = phi * phi * E * I / (h * h * p);
        for pieces in [1, 2, 3] {
            let model = portal(h, b, pieces, base, ib, [0.0, -p]);
            let got = frame_buckling(&model, &[1.0], 1).unwrap()[0].factor;
            close(got, want, 1e-9, &format!("{base:?} portal in {pieces}"));
        }
    }
}

/// A portal: columns (0,0)-(0,h) and (b,0)-(b,h) cut into `pieces`, the beam whole, `top` (fx, fy)
/// on each top joint.
fn portal(
    h: f64,
    b: f64,
    pieces: usize,
    base: FrameSupportKind,
    ib: f64,
    top: [f64; 2],
) -> FrameModel {
    let left = line([0.0, 0.0], [0.0, h], pieces, E, RIGID, I);
    let right = line([b, 0.0], [b, h], pieces, E, RIGID, I);
    let shift = left.nodes.len();
    let mut model = left.clone();
    model.nodes.extend(right.nodes);
    model
        .members
        .extend(right.members.iter().map(|m| FrameMember {
            from: m.from + shift,
            to: m.to + shift,
            ..*m
        }));
    model.members.push(FrameMember {
        from: pieces,
        to: shift + pieces,
        e: E,
        a: A,
        i: ib,
        release_start: false,
        release_end: false,
    });
    model.supports = vec![support(0, base, 0.0), support(shift, base, 0.0)];
    model.nodal_loads = vec![
        nodal(pieces, top[0], top[1]),
        nodal(shift + pieces, top[0], top[1]),
    ];
    model
}

/// A tie: pinned, on a roller, pulled by T and carrying w down. Tension stiffens it (the hyperbolic
/// closed form, Timoshenko & Gere 1.11 with P → −T): k² = T/EI, u = kL/2, midspan moment
/// (w/k²)(1 − sech u) and deflection wL²/(8T) − (w/(Tk²))(1 − sech u).
#[test]
fn a_tie_in_tension() {
    let (l, w, t) = (6.0, 10.0, 2000.0);
    let k = (t / (E * I)).sqrt();
    let sech = 1.0 / (k * l / 2.0).cosh();
    let moment = w / (k * k) * (1.0 - sech);
    let deflection = w * l * l / (8.0 * t) - w / (t * k * k) * (1.0 - sech);
    for pieces in [2, 4] {
        let (r, largest) = pulled_beam(pieces, l, (E, A, I), t, w);
        close(largest, moment, 1e-9, "tie moment");
        close(
            -r.displacements[pieces / 2].y,
            deflection,
            1e-9,
            "tie deflection",
        );
        assert!(moment < w * l * l / 8.0);
    }
}

/// At its first critical factor the iteration cannot stand: a 422, never a result.
#[test]
fn loads_past_the_critical_load_are_refused() {
    let (l, p) = (5.0, 100.0);
    let critical = PI * PI * E * I / (4.0 * l * l);
    let mut model = line([0.0, 0.0], [0.0, l], 2, E, A, I);
    model.supports = vec![support(0, FrameSupportKind::Fixed, 0.0)];
    model.nodal_loads = vec![nodal(2, 1.0, -p)];
    let below = solve_frame_second_order(&model, &[vec![critical / p * 0.9]], 0);
    assert!(below.is_ok(), "{below:?}");
    for factor in [1.01, 2.5] {
        let past = solve_frame_second_order(&model, &[vec![1.0], vec![critical / p * factor]], 0);
        assert_eq!(past.unwrap_err(), EngineError::Buckling { arrangement: 1 });
    }
}

/// Gaussian elimination with partial pivoting for four equations.
fn solve4(mut m: [[f64; 4]; 4], mut r: [f64; 4]) -> [f64; 4] {
    for k in 0..4 {
        let p = (k..4)
            .max_by(|&a, &b| m[a][k].abs().total_cmp(&m[b][k].abs()))
            .unwrap();
        m.swap(k, p);
        r.swap(k, p);
        for i in k + 1..4 {
            let f = m[i][k] / m[k][k];
            let pivot_row = m[k];
            for (mij, mkj) in m[i][k..].iter_mut().zip(&pivot_row[k..]) {
                *mij -= f * mkj;
            }
            r[i] -= f * r[k];
        }
    }
    let mut x = [0.0; 4];
    for k in (0..4).rev() {
        let tail: f64 = (k + 1..4).map(|j| m[k][j] * x[j]).sum();
        x[k] = (r[k] - tail) / m[k][k];
    }
    x
}

/// Portal frames under P on each top joint and H sideways at the left one, second order, by the
/// slope-deflection equations with stability functions (Livesley & Chandler; columns axially rigid
/// as slope-deflection takes them, the beam an axial spring EA/b): unknowns the two joints' sway
/// Δ1, Δ2 and rotations θ1, θ2 from each joint's sideways balance (H + F1 − C = 0, F2 + C = 0, the
/// beam's thrust C = (EA/b)(Δ1 − Δ2)) and moments; the beam's shear T = s(1+c)(θ1+θ2)EI_b/b² puts
/// P + T and P − T on the columns, and C stiffens or softens the beam. The axial forces are
/// iterated here to the last bit, as the engine iterates them.
#[test]
fn portal_frames_sway_under_a_lateral_load_as_slope_deflection_says() {
    let (h, b, p, ib, push) = (4.0, 6.0, 300.0, 1.2e-4, 20.0);
    let (c1, c2, c3) = (E * I / h, E * I / (h * h), E * I / h.powi(3));
    let (beam, spring) = (E * ib / b, E * A / b);
    for base in [FrameSupportKind::Fixed, FrameSupportKind::Pin] {
        let pinned = base == FrameSupportKind::Pin;
        let (mut columns, mut thrust) = ([p, p], push / 2.0);
        let mut x = [0.0; 4];
        let mut k1 = column_sway(1.0, pinned);
        for _ in 0..200 {
            let [left, right] = columns.map(|c| column_sway(h * (c / (E * I)).sqrt(), pinned));
            k1 = left;
            let kb = livesley(b * (thrust / (E * ib)).sqrt());
            let (s, sc) = (kb[1][1], kb[1][3]);
            // [Δ1, Δ2, θ1, θ2]; the column's y' is −x, so its v is −Δ
            let m = [
                [-c3 * left[0][0] - spring, spring, c2 * left[0][1], 0.0],
                [spring, -c3 * right[0][0] - spring, 0.0, c2 * right[0][1]],
                [-c2 * left[1][0], 0.0, c1 * left[1][1] + beam * s, beam * sc],
                [
                    0.0,
                    -c2 * right[1][0],
                    beam * sc,
                    c1 * right[1][1] + beam * s,
                ],
            ];
            x = solve4(m, [-push, 0.0, 0.0, 0.0]);
            let shear = kb[0][1] * (x[2] + x[3]) * E * ib / (b * b);
            thrust = spring * (x[0] - x[1]);
            columns = [p + shear, p - shear];
        }
        let top_moment = -c2 * k1[1][0] * x[0] + c1 * k1[1][1] * x[2];
        for pieces in [1, 3] {
            let mut model = portal(h, b, pieces, base, ib, [0.0, -p]);
            model.nodal_loads[0].fx = push;
            let solved = solve_frame_second_order(&model, &[vec![1.0]], 0).unwrap();
            let r = &solved.analysis.results[0];
            let right = 2 * pieces + 1;
            let name = format!("{base:?} portal in {pieces}");
            close(r.displacements[pieces].x, x[0], 1e-9, &name);
            close(r.displacements[right].x, x[1], 1e-9, &name);
            close(r.displacements[pieces].rotation, x[2], 1e-9, &name);
            close(r.members[pieces - 1].end.moment, top_moment, 1e-9, &name);
            assert!(solved.iterations[0] > 2 && solved.iterations[0] <= 50);
        }
    }
}
