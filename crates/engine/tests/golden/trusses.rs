//! Truss builders and checks shared by the golden truss tests (`golden_truss*.rs`): the Pratt truss and
//! the polar-load triangle several of them load, and two models put side by side.
//! Units: kN, m; every bar has E = 200 GPa, A = 1000 mm², so EA = 2e5 kN, unless stated. `close` and
//! `negligible` are 1e-6 relative.

use spanwise_engine::truss::{
    solve_truss, FabricationError, Load, Member, Node, Settlement, Support, SupportKind,
    TrussModel, TrussResult,
};

pub const E: f64 = 200e6; // kN/m²
pub const A: f64 = 1e-3; // m²
pub const EA: f64 = E * A; // 2e5 kN

pub fn node(x: f64, y: f64) -> Node {
    Node { x, y }
}
pub fn bar(from: usize, to: usize) -> Member {
    Member {
        from,
        to,
        e: E,
        a: A,
    }
}
pub fn pin(node: usize) -> Support {
    Support {
        node,
        kind: SupportKind::Pin,
        angle: 0.0,
        settlement: Settlement::default(),
    }
}
/// A roller rolling along `degrees` counter-clockwise from +x.
pub fn roller(node: usize, degrees: f64) -> Support {
    Support {
        node,
        kind: SupportKind::Roller,
        angle: degrees.to_radians(),
        settlement: Settlement::default(),
    }
}
pub fn settled(mut support: Support, x: f64, y: f64) -> Support {
    support.settlement = Settlement { x, y };
    support
}
pub fn load(node: usize, fx: f64, fy: f64) -> Load {
    Load {
        node,
        fx,
        fy,
        case: 0,
    }
}
pub fn truss(
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
pub fn solve(model: &TrussModel) -> TrussResult {
    solve_truss(model, &[vec![1.0]])
        .expect("stable truss")
        .remove(0)
}
pub fn force(r: &TrussResult, member: usize) -> f64 {
    r.member_forces[member].force
}

#[track_caller]
pub fn close(got: f64, want: f64) {
    let scale = want.abs().max(1e-9);
    assert!((got - want).abs() <= 1e-6 * scale, "got {got}, want {want}");
}

/// For expected zeros: `got` is within 1e-6 of `scale`, the size of the numbers around it.
#[track_caller]
pub fn negligible(got: f64, scale: f64) {
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

pub const L0: usize = 0;
pub const L1: usize = 1;
pub const L2: usize = 2;
pub const L3: usize = 3;
pub const U1: usize = 4;
pub const U2: usize = 5;

pub fn pratt(loads: Vec<Load>) -> TrussModel {
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

/// Triangle A(0,0) pin, B(8,0) roller, C(4,3) with a polar load of 100 kN at 240°.
pub fn polar_triangle(offset: f64) -> TrussModel {
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

/// Two models side by side in one: the second's indices shifted past the first's.
pub fn side_by_side(first: TrussModel, second: TrussModel) -> TrussModel {
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
