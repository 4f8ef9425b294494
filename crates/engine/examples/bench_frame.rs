//! Native frame benchmark: a 9-bay, 29-storey braced rigid frame (300 nodes, 1,000 members) with
//! gravity (G, Q) on every beam and wind (W) at every level, in four combinations; prints the median
//! time of a whole `solve_frame` call (validation, numbering, assembly, one factorisation, the case
//! solves, every combination's member results, the unfactored diagrams).
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_frame -- [--runs N] [--fixture FILE] [--turns]
//! ```
//!
//! `--fixture FILE` writes the model and combinations as JSON (`{model, combinations}`), so the WASM
//! and HTTP benchmarks solve exactly this frame; `--turns` times runs on request instead
//! (`examples/support`, for `bench/native.ts`, which sets the WASM figure of `bench/frame-engine.ts`
//! against it).

use std::time::Instant;

use spanwise_engine::frame::{
    solve_frame, FrameMember, FrameModel, FrameSupport, FrameSupportKind, LoadDirection,
    MemberLoad, MemberLoadKind, NodalLoad,
};
use spanwise_engine::truss::Node;

mod support;

const BAYS: usize = 9;
const STOREYS: usize = 29;
const BAY: f64 = 6.0;
const STOREY: f64 = 3.5;
/// Members past columns, beams and one diagonal per panel: counter-diagonals fill up to this count.
const MEMBERS: usize = 1000;

/// Node index of column line `c` at level `l`.
fn at(c: usize, l: usize) -> usize {
    l * (BAYS + 1) + c
}

fn benchmark_frame() -> FrameModel {
    let steel = |from, to, i| FrameMember {
        from,
        to,
        e: 200e6,
        a: 1e-2,
        i,
        release_start: false,
        release_end: false,
    };
    let mut members = Vec::with_capacity(MEMBERS);
    for l in 0..STOREYS {
        members.extend((0..=BAYS).map(|c| steel(at(c, l), at(c, l + 1), 3e-4)));
        members.extend((0..BAYS).map(|c| steel(at(c, l + 1), at(c + 1, l + 1), 2e-4)));
    }
    let panels: Vec<(usize, usize)> = (0..STOREYS)
        .flat_map(|l| (0..BAYS).map(move |c| (c, l)))
        .collect();
    // braces are pin-ended: released at both ends
    let brace = |from, to| FrameMember {
        a: 2e-3,
        i: 1e-6,
        release_start: true,
        release_end: true,
        ..steel(from, to, 0.0)
    };
    members.extend(
        panels
            .iter()
            .map(|&(c, l)| brace(at(c, l), at(c + 1, l + 1))),
    );
    let room = MEMBERS - members.len();
    members.extend(
        panels
            .iter()
            .take(room)
            .map(|&(c, l)| brace(at(c + 1, l), at(c, l + 1))),
    );
    let beams =
        (0..STOREYS).flat_map(|l| (0..BAYS).map(move |c| l * (2 * BAYS + 1) + BAYS + 1 + c));
    let udl = |member, w, case| MemberLoad {
        member,
        kind: MemberLoadKind::Line {
            from: 0.0,
            to: BAY,
            start: w,
            end: w,
            direction: LoadDirection::GlobalY,
        },
        case,
    };
    let member_loads = beams
        .flat_map(|b| [udl(b, -12.0, 0), udl(b, -8.0, 1)])
        .collect();
    FrameModel {
        nodes: (0..=STOREYS)
            .flat_map(|l| {
                (0..=BAYS).map(move |c| Node {
                    x: c as f64 * BAY,
                    y: l as f64 * STOREY,
                })
            })
            .collect(),
        members,
        supports: (0..=BAYS)
            .map(|c| FrameSupport {
                node: at(c, 0),
                kind: FrameSupportKind::Fixed,
                angle: 0.0,
                settlement: Default::default(),
            })
            .collect(),
        nodal_loads: (1..=STOREYS)
            .map(|l| NodalLoad {
                node: at(0, l),
                fx: 15.0,
                fy: 0.0,
                moment: 0.0,
                case: 3,
            })
            .collect(),
        member_loads,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = support::Options::from_args(200)?;
    let model = benchmark_frame();
    // unfactored, 1.35G + 1.5Q, 1.2G + 1.5W + 0.6Q... as factors on (G, Q, Qr, W)
    let combinations = vec![
        vec![1.0, 1.0, 0.0, 1.0],
        vec![1.35, 1.5, 0.0, 0.0],
        vec![1.2, 0.6, 0.0, 1.5],
        vec![0.9, 0.0, 0.0, 1.5],
    ];
    options.write_fixture(&model, &combinations)?;
    if options.turns {
        return support::answer_turns(|| solve_frame(&model, &combinations, 1));
    }
    if let Ok(count) = std::env::var("FRAME_ONLY") {
        // a fixed workload for instruction counts (callgrind): `count` plain solves
        for _ in 0..count.parse::<usize>()? {
            std::hint::black_box(solve_frame(&model, &combinations[..1], 1)?);
        }
        return Ok(());
    }
    let analysis = solve_frame(&model, &combinations, 1)?;
    let times = support::timed_runs(options.runs, || solve_frame(&model, &combinations, 1))?;
    let sway = analysis.results[0].displacements[at(0, STOREYS)].x * 1e3;
    println!(
        "frame {} nodes, {} members, 3 load cases, {} combinations",
        model.nodes.len(),
        model.members.len(),
        combinations.len()
    );
    println!(
        "solve_frame over {} runs: {} (native; the 3 ms target is the WASM figure's)",
        options.runs,
        support::spread(&times)
    );
    println!("top-storey sway under G + Q + W: {sway:.3} mm");
    if std::env::var("FRAME_PARTS").is_ok() {
        for (label, combos, diagrams) in [
            ("1 combination, no diagrams", 1, 0),
            ("1 combination, diagrams", 1, 1),
            ("4 combinations, no diagrams", 4, 0),
        ] {
            let start = Instant::now();
            for _ in 0..50 {
                std::hint::black_box(solve_frame(&model, &combinations[..combos], diagrams)?);
            }
            println!(
                "{label}: {:.3} ms",
                start.elapsed().as_secs_f64() * 1e3 / 50.0
            );
        }
    }
    Ok(())
}
