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

/// G, Q, W at indices 0, 1, 3 of the eight cases; unfactored first, then AS1170's five ULS and three
/// SLS combinations of these cases (ts/combinations, AS/NZS 1170.0 4.2.2 and 4.3).
const COMBINATIONS: [(&str, [f64; 4]); 9] = [
    ("", [1.0, 1.0, 0.0, 1.0]),
    ("ULS", [1.35, 0.0, 0.0, 0.0]),
    ("ULS", [1.2, 1.5, 0.0, 0.0]),
    ("ULS", [1.2, 0.6, 0.0, 0.0]),
    ("ULS", [1.2, 0.4, 0.0, 1.0]),
    ("ULS", [0.9, 0.0, 0.0, 1.0]),
    ("SLS", [1.0, 0.0, 0.0, 0.0]),
    ("SLS", [1.0, 0.7, 0.0, 0.0]),
    ("SLS", [1.0, 0.4, 0.0, 0.0]),
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
    let combinations: Vec<Vec<f64>> = COMBINATIONS.iter().map(|(_, f)| f.to_vec()).collect();
    let bounded: Vec<Bounded> = COMBINATIONS
        .iter()
        .map(|(kind, _)| Bounded {
            forces: *kind == "ULS",
            displacements: *kind == "SLS",
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
