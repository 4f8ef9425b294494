//! Random models shared by the engine's generative tests.

use spanwise_engine::frame::{FrameMember, FrameModel, FrameSupport, FrameSupportKind};
use spanwise_engine::truss::Node;

/// A portal grid drawn at random, with no loads: `bays` bays and `storeys` storeys (each drawn by the caller),
/// bay widths 3-8 m, storey heights `height.0` plus up to `height.1` m, continuous columns, beams whose ends
/// are hinged one time in seven, and every base pinned or fixed with at least one fixed. With it, the index of
/// its first beam (the columns come first).
pub fn portal_grid(
    rng: &mut fastrand::Rng,
    bays: usize,
    storeys: usize,
    height: (f64, f64),
) -> (FrameModel, usize) {
    let widths: Vec<f64> = (0..bays).map(|_| rng.f64() * 5.0 + 3.0).collect();
    let heights: Vec<f64> = (0..storeys)
        .map(|_| rng.f64() * height.1 + height.0)
        .collect();
    let at = |col: usize, level: usize| level * (bays + 1) + col;
    let mut nodes = Vec::new();
    for level in 0..=storeys {
        let y: f64 = heights[..level].iter().sum();
        for col in 0..=bays {
            nodes.push(Node {
                x: widths[..col].iter().sum(),
                y,
            });
        }
    }
    let mut members = Vec::new();
    let member = |rng: &mut fastrand::Rng, from, to, hinges: [bool; 2]| FrameMember {
        from,
        to,
        e: 200e6,
        a: rng.f64() * 1.5e-2 + 3e-3,
        i: rng.f64() * 1.8e-4 + 2e-5,
        release_start: hinges[0],
        release_end: hinges[1],
    };
    for level in 0..storeys {
        for col in 0..=bays {
            members.push(member(rng, at(col, level), at(col, level + 1), [false; 2]));
        }
    }
    let first_beam = members.len();
    for level in 1..=storeys {
        for col in 0..bays {
            let hinges = [rng.f64() < 0.15, rng.f64() < 0.15];
            members.push(member(rng, at(col, level), at(col + 1, level), hinges));
        }
    }
    let fixed = rng.usize(0..=bays);
    let supports = (0..=bays)
        .map(|col| FrameSupport {
            node: col,
            kind: if col == fixed || rng.bool() {
                FrameSupportKind::Fixed
            } else {
                FrameSupportKind::Pin
            },
            angle: 0.0,
            settlement: Default::default(),
        })
        .collect();
    let model = FrameModel {
        nodes,
        members,
        supports,
        nodal_loads: vec![],
        member_loads: vec![],
    };
    (model, first_beam)
}
