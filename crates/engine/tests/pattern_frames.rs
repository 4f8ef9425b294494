//! Pattern loading on frames (decisions.md 17) against brute force: on random frames with up to 10
//! pieces, every one of the 2^n arrangements is solved on its own (the absent pieces' loads left
//! out) under the same combinations, and the patterned bounds must be the largest and smallest of
//! them for every reaction, displacement and member extreme; each bound's named arrangement, solved
//! on its own, must reproduce it; with one patterned case and with two. Units: kN, m.

mod support;

use spanwise_engine::frame::{
    solve_frame, solve_frame_patterned, Bounded, FrameModel, FramePiece, FrameResult,
    LoadDirection, MemberLoad, MemberLoadKind, NodalLoad,
};
use support::portal_grid;

const G: usize = 0;
const Q: usize = 1;

/// A frame of 1-3 bays and 1-2 storeys with some hinged beam ends, dead load on every beam and live
/// load (udl, partial udl, point, couple, sideways) on some members and nodes, `pieces` pieces in all.
fn random_frame(rng: &mut fastrand::Rng, pieces: usize) -> FrameModel {
    let (bays, storeys) = (rng.usize(1..=3), rng.usize(1..=2));
    let (mut model, first_beam) = portal_grid(rng, bays, storeys, (3.0, 2.0));
    for m in first_beam..model.members.len() {
        model
            .member_loads
            .push(udl(m, 0.0, length(&model, m), -(rng.f64() * 20.0 + 5.0), G));
    }
    live_loads(rng, &mut model, pieces);
    model
}

fn length(model: &FrameModel, m: usize) -> f64 {
    let member = model.members[m];
    let (a, b) = (model.nodes[member.from], model.nodes[member.to]);
    (b.x - a.x).hypot(b.y - a.y)
}

fn udl(member: usize, from: f64, to: f64, w: f64, case: usize) -> MemberLoad {
    let direction = LoadDirection::GlobalY;
    MemberLoad {
        member,
        kind: MemberLoadKind::Line {
            from,
            to,
            start: w,
            end: w,
            direction,
        },
        case,
    }
}

/// Live loads on `pieces` distinct members and nodes (up to as many as there are), of every kind.
fn live_loads(rng: &mut fastrand::Rng, model: &mut FrameModel, pieces: usize) {
    let (members, nodes) = (model.members.len(), model.nodes.len());
    let mut places: Vec<usize> = (0..members + nodes).collect();
    rng.shuffle(&mut places);
    for &place in places.iter().take(pieces) {
        if place >= members {
            let node = place - members;
            let (fx, fy) = (rng.f64() * 20.0 - 10.0, -(rng.f64() * 30.0));
            model.nodal_loads.push(NodalLoad {
                node,
                fx,
                fy,
                moment: rng.f64() * 10.0 - 5.0,
                case: Q,
            });
            continue;
        }
        let l = length(model, place);
        let (a, b) = (rng.f64() * 0.4 * l, l * (0.6 + 0.4 * rng.f64()));
        let kind = match rng.usize(0..4) {
            0 => MemberLoadKind::Line {
                from: 0.0,
                to: l,
                start: -10.0,
                end: -10.0,
                direction: LoadDirection::GlobalY,
            },
            1 => MemberLoadKind::Line {
                from: a,
                to: b,
                start: -12.0,
                end: -4.0,
                direction: LoadDirection::LocalY,
            },
            2 => MemberLoadKind::Point {
                at: b,
                force: 15.0,
                direction: LoadDirection::GlobalX,
            },
            _ => MemberLoadKind::Moment {
                at: a.max(0.1 * l),
                moment: 8.0,
            },
        };
        model.member_loads.push(MemberLoad {
            member: place,
            kind,
            case: Q,
        });
        if rng.f64() < 0.3 {
            // a second live load on the same member: the same piece
            model.member_loads.push(udl(place, 0.0, l, -6.0, Q));
        }
    }
}

/// The model with only the live loads of the pieces `present` (bit k for piece k).
fn arranged(
    model: &FrameModel,
    pieces: &[FramePiece],
    present: &dyn Fn(usize) -> bool,
) -> FrameModel {
    let piece_of = |case: usize, member: Option<usize>, node: Option<usize>| {
        pieces
            .iter()
            .position(|p| p.case == case && p.member == member && p.node == node)
    };
    let patterned = |case: usize| pieces.iter().any(|p| p.case == case);
    let mut out = model.clone();
    out.member_loads.retain(|l| {
        !patterned(l.case) || piece_of(l.case, Some(l.member), None).is_some_and(present)
    });
    out.nodal_loads.retain(|l| {
        !patterned(l.case) || piece_of(l.case, None, Some(l.node)).is_some_and(present)
    });
    out
}

/// Every bounded quantity of a result: per support three reactions, per node three displacements,
/// per member axial, shear and moment `[max, min]`.
fn quantities(r: &FrameResult) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    for s in &r.reactions {
        out.extend([s.horizontal, s.vertical, s.moment].map(|v| [v, v]));
    }
    for d in &r.displacements {
        out.extend([d.x, d.y, d.rotation].map(|v| [v, v]));
    }
    for m in &r.members {
        let e = m.extremes;
        out.extend([e.axial, e.shear, e.moment].map(|x| [x.max.value, x.min.value]));
    }
    out
}

#[track_caller]
fn close(got: f64, want: f64, scale: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-9 * scale.max(want.abs()),
        "{what}: got {got}, want {want}"
    );
}

#[test]
fn random_frames_every_arrangement() {
    let combinations = vec![vec![1.2, 1.5], vec![1.35, 0.0], vec![1.0, -0.4]];
    let mut rng = fastrand::Rng::with_seed(32);
    for frame in 0..24 {
        let model = random_frame(&mut rng, 1 + frame % 10);
        every_arrangement(&model, &[Q], &combinations, &format!("frame {frame}"));
    }
}

/// Members that carry no load of any case (dead load on some beams only, so most columns and some
/// beams are bare), whose extremes are at their ends in every arrangement, beside loaded ones; live
/// loads of both signs, so that pieces pull a member's end forces both ways.
#[test]
fn random_frames_bare_members_and_loads_of_both_signs() {
    let combinations = vec![vec![1.2, 1.5], vec![0.9, -0.4], vec![1.0, 0.0]];
    let mut rng = fastrand::Rng::with_seed(5);
    for frame in 0..16 {
        let mut model = random_frame(&mut rng, 2 + frame % 9);
        let bare: Vec<bool> = (0..model.members.len()).map(|_| rng.bool()).collect();
        model
            .member_loads
            .retain(|l| l.case != G || !bare[l.member]);
        for l in model.member_loads.iter_mut().filter(|l| l.case == Q) {
            if rng.bool() {
                reverse(&mut l.kind);
            }
        }
        for l in model.nodal_loads.iter_mut().filter(|_| rng.bool()) {
            [l.fx, l.fy, l.moment] = [-l.fx, -l.fy, -l.moment];
        }
        every_arrangement(
            &model,
            &[Q],
            &combinations,
            &format!("bare members, frame {frame}"),
        );
    }
}

/// Frames with more pieces than brute force can take (a beam with a stretch per piece, searched in
/// blocks, most of them passed over; bare members bounded at their ends): each member extreme is
/// the one found when every stretch of every member is searched (as a sampled envelope does), and
/// each one's named arrangement, solved on its own, reproduces it.
#[test]
fn many_pieces_the_shortcuts_find_what_the_full_search_finds() {
    let combinations = vec![vec![1.2, 1.5], vec![0.9, -0.4]];
    let mut rng = fastrand::Rng::with_seed(71);
    for frame in 0..3 {
        let (mut model, first_beam) = portal_grid(&mut rng, 8 + frame, 5, (3.0, 2.0));
        for m in first_beam..model.members.len() {
            let l = length(&model, m);
            if rng.f64() < 0.8 {
                model
                    .member_loads
                    .push(udl(m, 0.0, l, -(rng.f64() * 20.0 + 5.0), G));
            }
            model
                .member_loads
                .push(udl(m, 0.0, l, -(rng.f64() * 15.0 + 2.0), Q));
        }
        live_loads(&mut rng, &mut model, 8);
        let solve = |series| {
            let bounded = [Bounded {
                forces: true,
                displacements: false,
                series,
            }; 2];
            solve_frame_patterned(&model, &[Q], &combinations, 0, &bounded).expect("stable frame")
        };
        let (quick, full) = (solve(false), solve(true));
        assert!(
            quick.pieces.len() > 40,
            "frame {frame}: {} pieces",
            quick.pieces.len()
        );
        for (k, (q, f)) in quick.bounds.iter().zip(&full.bounds).enumerate() {
            let scale = f.members.iter().flatten().fold(1.0, |m, r| {
                f64::max(m, r.max.value.abs().max(r.min.value.abs()))
            });
            for (i, (a, b)) in q.members.iter().zip(&f.members).enumerate() {
                for (function, (a, b)) in a.iter().zip(b).enumerate() {
                    let what =
                        format!("frame {frame}, combination {k}, member {i}, function {function}");
                    close(a.max.value, b.max.value, scale, &what);
                    close(a.min.value, b.min.value, scale, &what);
                    for (bound, side) in [(&a.max, 0), (&a.min, 1)] {
                        let arranged =
                            arranged(&model, &quick.pieces, &|p| bound.pieces.contains(p));
                        let alone = solve_frame(&arranged, &combinations[k..=k], 0).unwrap();
                        let e = alone.results[0].members[i].extremes;
                        let x = [e.axial, e.shear, e.moment][function];
                        let own = [x.max.value, x.min.value][side];
                        close(own, bound.value, scale, &format!("{what}: named"));
                    }
                }
            }
        }
    }
}

/// A member load turned the other way.
fn reverse(kind: &mut MemberLoadKind) {
    match kind {
        MemberLoadKind::Line { start, end, .. } => [*start, *end] = [-*start, -*end],
        MemberLoadKind::Point { force, .. } => *force = -*force,
        MemberLoadKind::Moment { moment, .. } => *moment = -*moment,
    }
}

/// Two patterned cases, each piece of one of them, under factors of either sign: the bounds take each
/// case's pieces at their own factor.
#[test]
fn random_frames_two_patterned_cases() {
    const R: usize = 2;
    let combinations = vec![
        vec![1.2, 1.5, 0.6],
        vec![0.9, -0.4, 1.0],
        vec![1.0, 0.0, -0.7],
    ];
    let mut rng = fastrand::Rng::with_seed(17);
    for frame in 0..12 {
        let mut model = random_frame(&mut rng, 2 + frame % 9);
        // every live load of some members and nodes moved, whole, to the second case
        let (members, nodes) = (model.members.len(), model.nodes.len());
        let moved: Vec<bool> = (0..members + nodes).map(|_| rng.bool()).collect();
        for l in model.member_loads.iter_mut().filter(|l| l.case == Q) {
            l.case = if moved[l.member] { R } else { Q };
        }
        for l in model.nodal_loads.iter_mut().filter(|l| l.case == Q) {
            l.case = if moved[members + l.node] { R } else { Q };
        }
        every_arrangement(
            &model,
            &[Q, R],
            &combinations,
            &format!("two cases, frame {frame}"),
        );
    }
}

/// The bounds of `model` with the cases `pattern` patterned against every arrangement solved on its
/// own, and each named arrangement against its bound.
fn every_arrangement(
    model: &FrameModel,
    pattern: &[usize],
    combinations: &[Vec<f64>],
    label: &str,
) {
    let all = [Bounded {
        forces: true,
        displacements: true,
        series: false,
    }; 3];
    let patterned =
        solve_frame_patterned(model, pattern, combinations, 0, &all).expect("stable frame");
    let pieces = &patterned.pieces;
    let n = pieces.len();
    // the combinations stay fully loaded
    let full = solve_frame(model, combinations, 0).expect("stable frame");
    for (got, want) in patterned.analysis.results.iter().zip(&full.results) {
        let scale = quantities(want)
            .iter()
            .fold(1.0, |m, q| f64::max(m, q[0].abs()));
        for (g, w) in quantities(got).iter().zip(quantities(want)) {
            close(g[0], w[0], scale, &format!("{label}: fully loaded"));
        }
    }
    let mut brute: Vec<Vec<[f64; 2]>> = Vec::new();
    for mask in 0..1usize << n {
        let solved = solve_frame(
            &arranged(model, pieces, &|k| mask >> k & 1 == 1),
            combinations,
            0,
        )
        .unwrap();
        for (k, r) in solved.results.iter().enumerate() {
            let q = quantities(r);
            if mask == 0 {
                brute.push(q);
                continue;
            }
            for (b, v) in brute[k].iter_mut().zip(q) {
                *b = [b[0].max(v[0]), b[1].min(v[1])];
            }
        }
    }
    for (k, bounds) in patterned.bounds.iter().enumerate() {
        let ranges: Vec<_> = bounds
            .reactions
            .iter()
            .chain(&bounds.displacements)
            .chain(&bounds.members)
            .flatten()
            .collect();
        assert_eq!(ranges.len(), brute[k].len());
        let scale = brute[k]
            .iter()
            .fold(1.0, |m, q| f64::max(m, q[0].abs().max(q[1].abs())));
        for (i, (r, b)) in ranges.iter().zip(&brute[k]).enumerate() {
            let what = format!("{label} ({n} pieces), combination {k}, quantity {i}");
            close(r.max.value, b[0], scale, &what);
            close(r.min.value, b[1], scale, &what);
            // each named arrangement, solved on its own, reaches its bound
            for (bound, side) in [(&r.max, 0), (&r.min, 1)] {
                let model = arranged(model, pieces, &|p| bound.pieces.contains(p));
                let alone = solve_frame(&model, &combinations[k..=k], 0).unwrap();
                close(
                    quantities(&alone.results[0])[i][side],
                    bound.value,
                    scale,
                    &format!("{what}: named"),
                );
            }
        }
    }
}
