//! Golden truss mechanisms and refusals: models the engine cannot solve are named as a mechanism (the
//! node and direction that move freely) or refused as invalid, and overflow is an error value, not a
//! panic. The stable near-mechanisms among them are checked against hand calculations written beside
//! them.
//! Units of the tests below: kN, m; every bar has E = 200 GPa, A = 1000 mm², so EA = 2e5 kN, unless
//! stated. Tolerance 1e-6 relative.

mod golden;

use golden::trusses::{
    bar, close, force, load, negligible, node, pin, polar_triangle, pratt, roller, side_by_side,
    solve, truss, L1,
};
use spanwise_engine::truss::{solve_truss, FabricationError, TrussModel};
use spanwise_engine::{Direction, EngineError};

// ---------------------------------------------------------------------------------------------
// Mechanisms.

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
