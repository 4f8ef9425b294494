//! Native pattern-loading benchmark (decisions.md 17), for profiling what `bench/pattern.ts` times in
//! WebAssembly: the 300-node frame of `bench/fixtures/frame-300.json` under the AS1170 combinations of
//! its cases (G, Q, W) with Q patterned (a piece per loaded beam), beside the same model unpatterned.
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_frame_pattern -- [--runs N]
//! ```
//!
//! `PATTERN_ONLY=N` solves the patterned frame N times and nothing else, a fixed workload for `perf`.

use spanwise_engine::frame::{solve_frame, solve_frame_patterned, Bounded, FrameModel};

// the fixture writing and the timing in turns are for the other examples
#[allow(dead_code)]
mod support;

/// AS1170's combinations with no factor on E, S, R or T: the frame's loads are in G, Q and W only
/// (indices 0, 1 and 3), so its combinations are those rows' first four factors.
fn combinations() -> Vec<(&'static str, Vec<f64>)> {
    support::AS1170
        .iter()
        .filter(|(_, f)| f[4..].iter().all(|&x| x == 0.0) || f.iter().all(|&x| x == 1.0))
        .map(|&(kind, f)| (kind, f[..4].to_vec()))
        .collect()
}

/// What the service asks the engine to bound for these rows, as `patternFlags` (ts/solve/frame-pattern.ts) gives
/// them and test/combinations/frame-pattern.test.ts checks: 1.2G + 1.5Q's and 1.2G + 0.4Q + W's forces, G + 0.7Q's
/// displacements; nothing of the unfactored analysis, of a row without live load (its bounds are its own result) or
/// of 1.2G + 0.6Q and G + 0.4Q (an earlier row of the same other factors bounds them: they never govern).
const ASKED: [(bool, bool); 9] = [
    (false, false),
    (false, false),
    (true, false),
    (false, false),
    (true, false),
    (false, false),
    (false, false),
    (false, true),
    (false, false),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = support::Options::from_args(20)?;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/fixtures/frame-300.json"
    );
    let text = std::fs::read_to_string(path)?;
    let model: FrameModel =
        serde_json::from_value(serde_json::from_str::<serde_json::Value>(&text)?["model"].clone())?;
    let (kinds, combinations): (Vec<&str>, Vec<Vec<f64>>) = combinations().into_iter().unzip();
    assert_eq!(kinds.len(), ASKED.len(), "the rows ASKED describes");
    let bounded: Vec<Bounded> = (ASKED.iter())
        .map(|&(forces, displacements)| Bounded {
            forces,
            displacements,
            series: false,
        })
        .collect();
    let patterned = || solve_frame_patterned(&model, &[1], &combinations, 1, &bounded);
    if let Ok(count) = std::env::var("PATTERN_ONLY") {
        for _ in 0..count.parse::<usize>()? {
            std::hint::black_box(patterned()?);
        }
        return Ok(());
    }
    let plain = support::timed_runs(options.runs, || solve_frame(&model, &combinations, 1))?;
    let with = support::timed_runs(options.runs, patterned)?;
    let solved = patterned()?;
    let pieces = solved.pieces.len();
    let every_bound = || {
        solved.bounds.iter().flat_map(|b| {
            b.reactions
                .iter()
                .chain(&b.members)
                .chain(&b.displacements)
                .flatten()
        })
    };
    let named: usize = every_bound()
        .map(|r| r.max.pieces.len() + r.min.pieces.len())
        .sum();
    // each quantity has a largest and a smallest bound
    let count = 2 * every_bound().count();
    println!("{count} bounds naming {named} pieces");
    println!(
        "frame {} nodes, {} members, Q patterned ({pieces} pieces)",
        model.nodes.len(),
        model.members.len()
    );
    support::print_pattern_beside_plain(&plain, &with);
    Ok(())
}
