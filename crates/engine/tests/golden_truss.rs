//! Golden truss cases: every expected number comes from a hand calculation written beside it
//! (method of joints, compatibility, unit-load virtual work). Units: kN, m; every bar has
//! E = 200 GPa, A = 1000 mm², so EA = 2e5 kN, unless stated. Tolerance 1e-6 relative.

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

/// Member lengths of the Pratt truss, in member order.
const PRATT_LENGTHS: [f64; 9] = [4.0, 4.0, 4.0, 4.0, 5.0, 5.0, 3.0, 3.0, 5.0];

/// Method of joints, 30 kN down at L1 and 60 kN down at L2.
/// Reactions: ΣM about L0: 12 R3 = 30·4 + 60·8 → R3 = 50, R0 = 90 − 50 = 40.
/// L0: ΣFy: 40 + ⅗F4 = 0 → F4 = −200/3; ΣFx: F0 + ⅘F4 = 0 → F0 = 160/3.
/// L1: ΣFy: F6 − 30 = 0 → F6 = 30; ΣFx: F1 = F0 = 160/3.
/// U1: ΣFy: −⅗F4 − F6 − ⅗F8 = 0 → F8 = 50/3; ΣFx: −⅘F4 + F3 + ⅘F8 = 0 → F3 = −200/3.
/// L3: ΣFy: 50 + ⅗F5 = 0 → F5 = −250/3; ΣFx: −F2 − ⅘F5 = 0 → F2 = 200/3.
/// L2: ΣFy: F7 + ⅗F8 − 60 = 0 → F7 = 50 (ΣFx: −160/3 + 200/3 − ⅘·50/3 = 0 checks).
const PRATT_FORCES: [f64; 9] = [
    160.0 / 3.0,
    160.0 / 3.0,
    200.0 / 3.0,
    -200.0 / 3.0,
    -200.0 / 3.0,
    -250.0 / 3.0,
    30.0,
    50.0,
    50.0 / 3.0,
];

/// Method of joints, unit load down at L2: R3 = 8/12 = 2/3, R0 = 1/3.
/// L0: f4 = −(1/3)/⅗ = −5/9, f0 = 4/9. L1: f6 = 0, f1 = 4/9.
/// U1: ⅗·5/9 − 0 − ⅗f8 = 0 → f8 = 5/9; ⅘·5/9 + f3 + ⅘·5/9 = 0 → f3 = −8/9.
/// L3: 2/3 + ⅗f5 = 0 → f5 = −10/9, f2 = 8/9. L2: f7 + ⅗·5/9 − 1 = 0 → f7 = 2/3.
const PRATT_UNIT_AT_L2: [f64; 9] = [
    4.0 / 9.0,
    4.0 / 9.0,
    8.0 / 9.0,
    -8.0 / 9.0,
    -5.0 / 9.0,
    -10.0 / 9.0,
    0.0,
    2.0 / 3.0,
    5.0 / 9.0,
];

#[test]
fn pratt_truss_by_the_method_of_joints() {
    let r = solve(&pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]));
    for (m, &want) in PRATT_FORCES.iter().enumerate() {
        close(force(&r, m), want);
    }
    assert_eq!((r.reactions[0].node, r.reactions[1].node), (L0, L3));
    negligible(r.reactions[0].horizontal, 90.0);
    close(r.reactions[0].vertical, 40.0);
    assert_eq!(
        r.reactions[1].horizontal, 0.0,
        "a roller at 0° resists no horizontal force"
    );
    close(r.reactions[1].vertical, 50.0);
    assert_eq!((r.member_forces[8].from, r.member_forces[8].to), (U1, L2));
    assert!(r.warnings.is_empty());
}

#[test]
fn deflection_matches_the_unit_load_method() {
    // Virtual work: Δ(L2, down) = Σ F·f·L / EA over the members, with F and f from the two
    // method-of-joints tables above: (2560 + 2560 + 6400 + 6400 + 5000 + 12500 + 0 + 2700 + 1250)/27
    // = 39370/27 kN·m, so Δ = 39370 / (27 · 2e5) = 7.2907e-3 m.
    let sum: f64 = (0..9)
        .map(|m| PRATT_FORCES[m] * PRATT_UNIT_AT_L2[m] * PRATT_LENGTHS[m])
        .sum();
    close(sum, 39370.0 / 27.0);
    let r = solve(&pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]));
    close(r.displacements[L2].dy, -39370.0 / 27.0 / EA);
    // The pin does not move; the roller moves only along x.
    assert_eq!((r.displacements[L0].dx, r.displacements[L0].dy), (0.0, 0.0));
    assert_eq!(r.displacements[L3].dy, 0.0);
}

#[test]
fn combinations_are_factored_sums_of_the_cases() {
    // Case 0: 30 kN at L1, case 1: 60 kN at L2. Superposition: [1, 1] is the golden table; [2, 0]
    // is twice the L1 load alone, whose L1 vertical force (joint L1: F6 − 30 = 0) is 30 → 60, and
    // whose reaction at L3 is 30·4/12 = 10 → 20.
    let mut model = pratt(vec![load(L1, 0.0, -30.0), load(L2, 0.0, -60.0)]);
    model.loads[1].case = 1;
    let results = solve_truss(&model, &[vec![1.0, 1.0], vec![2.0], vec![]]).unwrap();
    assert_eq!(results.len(), 3);
    for (m, &want) in PRATT_FORCES.iter().enumerate() {
        close(force(&results[0], m), want);
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
fn three_bar_truss_by_compatibility() {
    let p = 100.0;
    let r = solve(&three_bar(vec![load(D, 0.0, -p)]));
    let middle = p / k3();
    let outer = p * COS * COS / k3();
    close(force(&r, 0), outer);
    close(force(&r, 1), middle);
    close(force(&r, 2), outer);
    close(r.displacements[D].dy, -middle * LENGTH / EA);
    negligible(r.displacements[D].dx, middle * LENGTH / EA);
    // Reactions are the bar forces pointing back up the bars: (∓0.6, 0.8)·F1 and (0, 1)·F2.
    close(r.reactions[0].horizontal, -0.6 * outer);
    close(r.reactions[0].vertical, 0.8 * outer);
    close(r.reactions[1].vertical, middle);
    close(r.reactions[2].horizontal, 0.6 * outer);
}

#[test]
fn settlement_of_the_middle_support() {
    // Middle support settles Δ = 10 mm. D moves down v; the middle bar's elongation is −Δ − v, the
    // outer bars' −v cos α. Equilibrium at D: EA/L(−Δ − v) − 2cos³α EA v / L = 0 →
    // v = −Δ/(1 + 2cos³α); F2 = −(EAΔ/L)·2cos³α/(1 + 2cos³α); F1 = (EAΔ/L) cos²α/(1 + 2cos³α).
    let delta = 0.01;
    let mut model = three_bar(vec![]);
    model.supports[1] = settled(pin(2), 0.0, -delta);
    let r = solve(&model);
    let scale = EA * delta / LENGTH; // 500 kN
    close(force(&r, 1), -scale * 2.0 * COS.powi(3) / k3());
    close(force(&r, 0), scale * COS * COS / k3());
    close(force(&r, 2), scale * COS * COS / k3());
    close(r.displacements[D].dy, -delta / k3());
    close(r.displacements[2].dy, -delta);
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
fn settlement_of_a_determinate_truss_strains_nothing() {
    // The roller at L3 drops 12 mm: the Pratt truss turns rigidly about L0 by θ = −0.012/12 =
    // −1e-3 rad, so (dx, dy) = θ·(−y, x): L2 → (0, −8e-3), U1 → (3e-3, −4e-3); no force anywhere.
    let mut model = pratt(vec![]);
    model.supports[1] = settled(roller(L3, 0.0), 0.0, -0.012);
    let r = solve(&model);
    let scale = EA * 0.012 / 12.0;
    for f in &r.member_forces {
        negligible(f.force, scale);
    }
    for reaction in &r.reactions {
        negligible(reaction.vertical, scale);
    }
    close(r.displacements[L2].dy, -8e-3);
    close(r.displacements[U1].dx, 3e-3);
    close(r.displacements[U1].dy, -4e-3);
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
// Fabrication errors.

#[test]
fn lack_of_fit_in_the_middle_bar() {
    // Middle bar fabricated δ0 = 2 mm long. Its force is EA/L(elongation − δ0) = EA/L(−v − δ0);
    // the outer bars' −EA cos²α v/L. Equilibrium at D: −v − δ0 − 2cos³α v = 0 →
    // v = −δ0/(1 + 2cos³α); F2 = −(EAδ0/L)·2cos³α/(1 + 2cos³α); F1 = (EAδ0/L)·cos²α/(1 + 2cos³α).
    let delta0 = 0.002;
    let mut model = three_bar(vec![]);
    model.fabrication_errors = vec![FabricationError {
        member: 1,
        strain: 0.0,
        delta_length: delta0,
    }];
    let r = solve(&model);
    let scale = EA * delta0 / LENGTH; // 100 kN
    close(force(&r, 1), -scale * 2.0 * COS.powi(3) / k3());
    close(force(&r, 0), scale * COS * COS / k3());
    close(r.displacements[D].dy, -delta0 / k3());
    // Reactions balance each other: no load is applied.
    let sum_y: f64 = r.reactions.iter().map(|x| x.vertical).sum();
    negligible(sum_y, scale);
}

#[test]
fn thermal_strain_in_the_outer_bars() {
    // Both outer bars heated ΔT = 50 °C with α = 12e-6 /°C: εt = 6e-4. Outer force
    // EA(−cos²α v/L − εt), middle −EA v/L; equilibrium at D: −v(1 + 2cos³α)/L = 2cos α εt →
    // v = −2cos α εt L/(1 + 2cos³α); F2 = 2cos α EAεt/(1 + 2cos³α) = 192/2.024 (tension);
    // F1 = −EAεt/(1 + 2cos³α) = −120/2.024.
    let strain = 12e-6 * 50.0;
    let mut model = three_bar(vec![]);
    model.fabrication_errors = [0, 2]
        .into_iter()
        .map(|member| FabricationError {
            member,
            strain,
            delta_length: 0.0,
        })
        .collect();
    let r = solve(&model);
    close(force(&r, 1), 2.0 * COS * EA * strain / k3());
    close(force(&r, 0), -EA * strain / k3());
    close(force(&r, 2), -EA * strain / k3());
    close(r.displacements[D].dy, -2.0 * COS * strain * LENGTH / k3());
}

#[test]
fn fabrication_errors_in_a_determinate_truss_cause_no_force() {
    // Bottom chord L1-L2 5 mm long; top chord U1-U2 heated: εt = 6e-4 over 4 m = 2.4 mm.
    // A determinate truss takes up misfits by moving, not straining. Virtual work with initial
    // elongations: Δ = Σ f·e0.
    // Unit horizontal load at L3: only the bottom chord carries it (f = 1), so dx(L3) = 5 mm.
    // Unit downward load at L2 (table above): f1 = 4/9, f3 = −8/9, so
    // dy(L2) = −(4/9·0.005 − 8/9·0.0024) = −0.0008/9.
    let mut model = pratt(vec![]);
    model.fabrication_errors = vec![
        FabricationError {
            member: 1,
            strain: 0.0,
            delta_length: 0.005,
        },
        FabricationError {
            member: 3,
            strain: 6e-4,
            delta_length: 0.0,
        },
    ];
    let r = solve(&model);
    let scale = EA * 0.005 / 4.0;
    for f in &r.member_forces {
        negligible(f.force, scale);
    }
    for reaction in &r.reactions {
        negligible(reaction.horizontal, scale);
        negligible(reaction.vertical, scale);
    }
    close(r.displacements[L3].dx, 0.005);
    close(r.displacements[L2].dy, -0.0008 / 9.0);
}

// ---------------------------------------------------------------------------------------------
// Supports at an angle, loads at an angle.

#[test]
fn inclined_roller_at_30_degrees() {
    // Triangle A(0,0) pin, B(6,0) roller rolling along 30°, C(3,4) carrying 100 kN down.
    // The roller pushes along its normal n = (−sin 30°, cos 30°) with magnitude R.
    // ΣM about A: 6·R cos 30° − 3·100 = 0 → R cos 30° = 50, R sin 30° = 50 tan 30° = 50/√3.
    // B: (−50/√3, 50); A: (50/√3, 50).
    // Joint B: ΣFy: ⅘F_BC + 50 = 0 → F_BC = −62.5; ΣFx: −F_AB − ⅗F_BC − 50/√3 = 0 →
    // F_AB = 37.5 − 50/√3. Joint A: ΣFy: ⅘F_AC + 50 = 0 → F_AC = −62.5.
    let model = truss(
        vec![node(0.0, 0.0), node(6.0, 0.0), node(3.0, 4.0)],
        vec![bar(0, 1), bar(1, 2), bar(0, 2)],
        vec![pin(0), roller(1, 30.0)],
        vec![load(2, 0.0, -100.0)],
    );
    let r = solve(&model);
    let root3 = 3f64.sqrt();
    close(r.reactions[1].horizontal, -50.0 / root3);
    close(r.reactions[1].vertical, 50.0);
    close(r.reactions[0].horizontal, 50.0 / root3);
    close(r.reactions[0].vertical, 50.0);
    close(force(&r, 0), 37.5 - 50.0 / root3);
    close(force(&r, 1), -62.5);
    close(force(&r, 2), -62.5);
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

/// ΣM about A: −3·H_B + 4·(−60) = 0 → H_B = −80; A: (80, 60).
/// Joint C: ΣFy: ⅗F_BC − 60 = 0 → F_BC = 100; ΣFx: −F_AC − ⅘·100 = 0 → F_AC = −80.
/// Joint B: ΣFy: −F_AB − ⅗·100 = 0 → F_AB = −60.
fn check_vertical_roller_triangle(r: &TrussResult) {
    close(r.reactions[1].horizontal, -80.0);
    assert_eq!(
        r.reactions[1].vertical, 0.0,
        "a roller at 90° resists no vertical force"
    );
    close(r.reactions[0].horizontal, 80.0);
    close(r.reactions[0].vertical, 60.0);
    close(r.member_forces[0].force, -60.0);
    close(r.member_forces[1].force, 100.0);
    close(r.member_forces[2].force, -80.0);
}

#[test]
fn roller_at_90_degrees_restrains_x_only() {
    let r = solve(&vertical_roller_triangle(0.0));
    check_vertical_roller_triangle(&r);
    assert_eq!(r.displacements[1].dx, 0.0);
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

/// Components: fx = 100 cos 240° = −50, fy = 100 sin 240° = −50√3.
/// ΣM about A: 8 B_y + (4·fy − 3·fx) = 0 → B_y = (200√3 − 150)/8 = 25√3 − 18.75;
/// A_x = 50, A_y = 50√3 − B_y = 25√3 + 18.75.
/// Joint B: ⅗F_BC + B_y = 0 → F_BC = −B_y/0.6; −F_AB − ⅘F_BC = 0 → F_AB = (4/3)B_y.
/// Joint A: ⅗F_AC + A_y = 0 → F_AC = −A_y/0.6 (ΣFx: (4/3)(B_y − A_y) + 50 = 0 checks).
fn check_polar_triangle(r: &TrussResult) {
    let root3 = 3f64.sqrt();
    let (by, ay) = (25.0 * root3 - 18.75, 25.0 * root3 + 18.75);
    close(r.reactions[0].horizontal, 50.0);
    close(r.reactions[0].vertical, ay);
    close(r.reactions[1].vertical, by);
    close(r.member_forces[0].force, 4.0 / 3.0 * by);
    close(r.member_forces[1].force, -by / 0.6);
    close(r.member_forces[2].force, -ay / 0.6);
}

#[test]
fn polar_load_as_components() {
    check_polar_triangle(&solve(&polar_triangle(0.0)));
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
    // Each part is its own statically determinate truss: the hand results above hold part by part.
    let model = side_by_side(polar_triangle(0.0), vertical_roller_triangle(20.0));
    let r = solve(&model);
    check_polar_triangle(&TrussResult {
        reactions: r.reactions[..2].to_vec(),
        member_forces: r.member_forces[..3].to_vec(),
        ..r.clone()
    });
    check_vertical_roller_triangle(&TrussResult {
        reactions: r.reactions[2..].to_vec(),
        member_forces: r.member_forces[3..].to_vec(),
        ..r.clone()
    });
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
