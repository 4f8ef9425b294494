//! Generative checks of the second-order analysis and the critical factors on 50 random frames
//! (fixed seeds): with a tiny axial force the second-order results are the first-order ones; cutting
//! every member into 8 changes no result and no factor; each factor whose mode moves a joint makes
//! the stiffness singular; and no model, however wrong, makes the engine panic.

mod support;

use spanwise_engine::frame::second_order::buckling::{frame_buckling, mode_residual};
use spanwise_engine::frame::second_order::solve_frame_second_order;
use spanwise_engine::frame::{
    solve_frame, FrameMember, FrameModel, FrameResult, LoadDirection, MemberLoad, MemberLoadKind,
    NodalLoad,
};
use spanwise_engine::truss::Node;
use support::portal_grid;

const PIECES: usize = 8;

/// A frame of 1-3 bays and 1-3 storeys, columns continuous, some beam ends hinged, at least one base
/// fixed; gravity on every joint above the base, a sideways push at the top, and member loads
/// across the members only (so every member's axial force is constant along it).
fn random_frame(rng: &mut fastrand::Rng) -> FrameModel {
    let (bays, storeys) = (rng.usize(1..=3), rng.usize(1..=3));
    let (mut model, _) = portal_grid(rng, bays, storeys, (2.5, 2.5));
    let mut nodal_loads: Vec<NodalLoad> = (bays + 1..model.nodes.len())
        .map(|node| NodalLoad {
            node,
            fx: 0.0,
            fy: -(rng.f64() * 180.0 + 20.0),
            moment: 0.0,
            case: 0,
        })
        .collect();
    nodal_loads[0].fx = rng.f64() * 25.0 + 5.0;
    model.nodal_loads = nodal_loads;
    model.member_loads = across_loads(rng, &model);
    model
}

/// Uniform loads across some members (global-y on beams, global-x on columns) and point loads
/// across others, placed clear of the cuts at eighths.
fn across_loads(rng: &mut fastrand::Rng, model: &FrameModel) -> Vec<MemberLoad> {
    let mut loads = Vec::new();
    for (index, m) in model.members.iter().enumerate() {
        let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
        let length = (b.x - a.x).hypot(b.y - a.y);
        let direction = if a.y == b.y {
            LoadDirection::GlobalY
        } else {
            LoadDirection::GlobalX
        };
        if rng.f64() < 0.5 {
            let w = -(rng.f64() * 25.0 + 5.0);
            loads.push(MemberLoad {
                member: index,
                kind: MemberLoadKind::Line {
                    from: 0.0,
                    to: length,
                    start: w,
                    end: w,
                    direction,
                },
                case: 0,
            });
        }
        if rng.f64() < 0.3 {
            let eighth = rng.usize(0..PIECES) as f64 + 0.1 + 0.8 * rng.f64();
            loads.push(MemberLoad {
                member: index,
                kind: MemberLoadKind::Point {
                    at: eighth * length / PIECES as f64,
                    force: -(rng.f64() * 40.0 + 5.0),
                    direction,
                },
                case: 0,
            });
        }
    }
    loads
}

/// Every member cut into `PIECES` equal members: the model's nodes keep their indices, the new
/// ones follow; a hinge stays at its end; each load goes to the pieces it lies on.
fn cut(model: &FrameModel) -> FrameModel {
    let mut out = FrameModel {
        nodes: model.nodes.clone(),
        members: vec![],
        supports: model.supports.clone(),
        nodal_loads: model.nodal_loads.clone(),
        member_loads: vec![],
    };
    for (index, m) in model.members.iter().enumerate() {
        let (a, b) = (model.nodes[m.from], model.nodes[m.to]);
        let length = (b.x - a.x).hypot(b.y - a.y);
        let piece = length / PIECES as f64;
        let mut ends = vec![m.from];
        for k in 1..PIECES {
            let t = k as f64 / PIECES as f64;
            out.nodes.push(Node {
                x: a.x + t * (b.x - a.x),
                y: a.y + t * (b.y - a.y),
            });
            ends.push(out.nodes.len() - 1);
        }
        ends.push(m.to);
        let first = out.members.len();
        for k in 0..PIECES {
            out.members.push(FrameMember {
                from: ends[k],
                to: ends[k + 1],
                release_start: k == 0 && m.release_start,
                release_end: k == PIECES - 1 && m.release_end,
                ..*m
            });
        }
        for load in model.member_loads.iter().filter(|l| l.member == index) {
            match load.kind {
                MemberLoadKind::Line {
                    start, direction, ..
                } => out.member_loads.extend((0..PIECES).map(|k| MemberLoad {
                    member: first + k,
                    kind: MemberLoadKind::Line {
                        from: 0.0,
                        to: piece,
                        start,
                        end: start,
                        direction,
                    },
                    case: 0,
                })),
                MemberLoadKind::Point {
                    at,
                    force,
                    direction,
                } => {
                    let k = (at / piece).floor() as usize;
                    out.member_loads.push(MemberLoad {
                        member: first + k,
                        kind: MemberLoadKind::Point {
                            at: at - k as f64 * piece,
                            force,
                            direction,
                        },
                        case: 0,
                    });
                }
                MemberLoadKind::Moment { .. } => unreachable!("the generator makes none"),
            }
        }
    }
    out
}

/// Asserts `got` equals `want` in every value to `tolerance` of the largest of its kind; `pieces`
/// members of `got` stand for each of `want`'s (their ends, their extremes over all of them).
fn same(got: &FrameResult, want: &FrameResult, nodes: usize, pieces: usize, tolerance: f64) {
    let check = |kind: &str, pairs: Vec<(f64, f64)>| {
        let largest = pairs.iter().map(|p| p.1.abs()).fold(0.0, f64::max);
        for (k, (g, w)) in pairs.iter().enumerate() {
            assert!(
                (g - w).abs() <= tolerance * largest,
                "{kind} {k}: {g} against {w}"
            );
        }
    };
    let reactions = |r: &FrameResult| {
        r.reactions
            .iter()
            .flat_map(|r| [r.horizontal, r.vertical, r.moment])
            .collect::<Vec<_>>()
    };
    check(
        "reaction",
        reactions(got).into_iter().zip(reactions(want)).collect(),
    );
    let d = |r: &FrameResult| {
        r.displacements[..nodes]
            .iter()
            .flat_map(|d| [d.x, d.y])
            .collect::<Vec<_>>()
    };
    check("displacement", d(got).into_iter().zip(d(want)).collect());
    let rotations = |r: &FrameResult| {
        r.displacements[..nodes]
            .iter()
            .map(|d| d.rotation)
            .collect::<Vec<_>>()
    };
    check(
        "rotation",
        rotations(got).into_iter().zip(rotations(want)).collect(),
    );
    let mut moments = Vec::new();
    let mut forces = Vec::new();
    for (k, w) in want.members.iter().enumerate() {
        let parts = &got.members[k * pieces..(k + 1) * pieces];
        let (first, last) = (&parts[0], &parts[pieces - 1]);
        forces.extend([
            (first.start.axial, w.start.axial),
            (first.start.shear, w.start.shear),
            (last.end.axial, w.end.axial),
            (last.end.shear, w.end.shear),
        ]);
        let top = parts
            .iter()
            .map(|p| p.extremes.moment.max.value)
            .fold(f64::MIN, f64::max);
        let bottom = parts
            .iter()
            .map(|p| p.extremes.moment.min.value)
            .fold(f64::MAX, f64::min);
        moments.extend([
            (first.start.moment, w.start.moment),
            (last.end.moment, w.end.moment),
            (top, w.extremes.moment.max.value),
            (bottom, w.extremes.moment.min.value),
        ]);
    }
    check("member force", forces);
    check("moment", moments);
}

/// The model's loads times `factor`.
fn scaled(model: &FrameModel, factor: f64) -> FrameModel {
    let mut out = model.clone();
    for l in &mut out.nodal_loads {
        (l.fx, l.fy) = (l.fx * factor, l.fy * factor);
    }
    for l in &mut out.member_loads {
        match &mut l.kind {
            MemberLoadKind::Line { start, end, .. } => {
                (*start, *end) = (*start * factor, *end * factor)
            }
            MemberLoadKind::Point { force, .. } => *force *= factor,
            MemberLoadKind::Moment { moment, .. } => *moment *= factor,
        }
    }
    out
}

#[test]
fn a_tiny_axial_force_gives_the_first_order_results() {
    let mut rng = fastrand::Rng::with_seed(33);
    for _ in 0..50 {
        let frame = random_frame(&mut rng);
        let critical = frame_buckling(&frame, &[1.0], 1).unwrap()[0].factor;
        // the axial forces a trillionth of critical: second-order effects of 1e-12
        let model = scaled(&frame, 1e-12 * critical);
        let second = solve_frame_second_order(&model, &[vec![1.0]], 0).unwrap();
        let first = solve_frame(&model, &[vec![1.0]], 0).unwrap();
        let n = model.nodes.len();
        same(&second.analysis.results[0], &first.results[0], n, 1, 1e-9);
    }
}

#[test]
fn cutting_every_member_into_eight_changes_nothing() {
    let mut rng = fastrand::Rng::with_seed(34);
    for _ in 0..50 {
        let frame = random_frame(&mut rng);
        let critical = frame_buckling(&frame, &[1.0], 1).unwrap()[0].factor;
        let model = scaled(&frame, (rng.f64() * 0.5 + 0.2) * critical);
        let pieces = cut(&model);
        let whole = solve_frame_second_order(&model, &[vec![1.0]], 0).unwrap();
        let refined = solve_frame_second_order(&pieces, &[vec![1.0]], 0).unwrap();
        let n = model.nodes.len();
        same(
            &refined.analysis.results[0],
            &whole.analysis.results[0],
            n,
            PIECES,
            1e-9,
        );
        let factors = |m: &FrameModel| -> Vec<f64> {
            frame_buckling(m, &[1.0], 3)
                .unwrap()
                .iter()
                .map(|b| b.factor)
                .collect()
        };
        for (g, w) in factors(&pieces).iter().zip(factors(&model)) {
            assert!((g - w).abs() <= 1e-9 * w, "factor {g} against {w}");
        }
    }
}

#[test]
fn each_mode_with_its_factor_makes_the_stiffness_singular() {
    let mut rng = fastrand::Rng::with_seed(35);
    for _ in 0..50 {
        let frame = random_frame(&mut rng);
        for mode in frame_buckling(&frame, &[1.0], 3).unwrap() {
            let d = &mode.displacements;
            if d.iter()
                .all(|d| d.x == 0.0 && d.y == 0.0 && d.rotation == 0.0)
            {
                // a mode inside members only: no joint moves, nothing for K to hold
                continue;
            }
            let at = mode_residual(&frame, &[1.0], mode.factor, d).unwrap();
            let below = mode_residual(&frame, &[1.0], 0.9 * mode.factor, d).unwrap();
            // a tenth below the factor the same vector is no null vector (the control)
            let control = 1e4 * at.max(1e-16);
            assert!(
                at < 1e-9 && below > control,
                "residual {at} at the factor, {below} below"
            );
        }
    }
}

#[test]
fn no_model_makes_the_engine_panic() {
    let mut rng = fastrand::Rng::with_seed(36);
    let odd = [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300, 1e-300, 1e12];
    for round in 0..300 {
        let mut model = random_frame(&mut rng);
        let value = |rng: &mut fastrand::Rng| odd[rng.usize(0..odd.len())];
        match round % 6 {
            0 => model.members[0].i = value(&mut rng),
            1 => model.nodal_loads[0].fy = value(&mut rng),
            2 => model = scaled(&model, rng.f64() * 1e4),
            3 => model
                .members
                .iter_mut()
                .for_each(|m| (m.release_start, m.release_end) = (true, true)),
            4 => model.nodes[1] = model.nodes[0],
            _ => model.members[0].to = model.nodes.len() + 3,
        }
        let factors = vec![1.0, value(&mut rng)];
        if let Ok(s) = solve_frame_second_order(&model, std::slice::from_ref(&factors), 1) {
            for r in &s.analysis.results {
                assert!(r
                    .displacements
                    .iter()
                    .all(|d| d.x.is_finite() && d.y.is_finite()));
            }
        }
        if let Ok(modes) = frame_buckling(&model, &factors, rng.usize(0..=5)) {
            assert!(modes.iter().all(|m| m.factor.is_finite() && m.factor > 0.0));
        }
    }
}
