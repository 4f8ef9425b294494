//! Native pattern-loading benchmark of a beam (decisions.md 17), for profiling what `bench/pattern.ts`
//! times in WebAssembly: the 20-span, 200-load beam of `bench/fixtures/beam-20-span.json` under every
//! AS1170 combination of its eight cases, with envelopes of the ULS shear and moment and the SLS
//! deflection, Q patterned (a piece per span), beside the same model unpatterned.
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_beam_pattern -- [--runs N]
//! ```
//!
//! `PATTERN_ONLY=N` (`PLAIN_ONLY=N`) solves the patterned (unpatterned) beam N times and nothing
//! else, a fixed workload for `perf` or callgrind.

use spanwise_engine::beam::{analyse_beam, BeamModel, Diagram, EnvelopeRequest};

// the fixture writing and the timing in turns are for the other examples
#[allow(dead_code)]
mod support;

/// Unfactored first, then AS1170's ten ULS and three SLS combinations of the eight cases (G, Q, Qr,
/// W, E, S, R, T; ts/combinations, AS/NZS 1170.0 4.2.2 and 4.3).
const COMBINATIONS: [[f64; 8]; 14] = [
    [1.0; 8],
    [1.35, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1.2, 1.5, 1.5, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1.2, 0.6, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1.2, 0.4, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
    [0.9, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0],
    [1.0, 0.3, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
    [1.0, 0.3, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0],
    [1.2, 0.4, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
    [1.2, 0.4, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0],
    [1.2, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
    [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1.0, 0.7, 0.7, 0.0, 0.0, 0.0, 0.0, 0.0],
    [1.0, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = support::Options::from_args(50)?;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../bench/fixtures/beam-20-span.json"
    );
    let fixture: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let model: BeamModel = serde_json::from_value(fixture["model"].clone())?;
    let patterned = BeamModel {
        pattern: vec![1],
        ..model.clone()
    };
    let combinations: Vec<Vec<f64>> = COMBINATIONS.iter().map(|f| f.to_vec()).collect();
    let (uls, sls): (Vec<usize>, Vec<usize>) = (1..=13).partition(|&k| k <= 10);
    let envelopes = [
        (uls.clone(), Diagram::Shear),
        (uls, Diagram::Moment),
        (sls, Diagram::Deflection),
    ]
    .map(|(combinations, diagram)| EnvelopeRequest {
        combinations,
        diagram,
    });
    let solve = |model: &BeamModel| analyse_beam(model, &combinations, &envelopes, 1);
    for (only, model) in [("PATTERN_ONLY", &patterned), ("PLAIN_ONLY", &model)] {
        if let Ok(count) = std::env::var(only) {
            for _ in 0..count.parse::<usize>()? {
                std::hint::black_box(solve(model)?);
            }
            return Ok(());
        }
    }
    let plain = support::timed_runs(options.runs, || solve(&model))?;
    let with = support::timed_runs(options.runs, || solve(&patterned))?;
    println!("beam, 20 spans, 200 loads, Q patterned");
    support::print_pattern_beside_plain(&plain, &with);
    Ok(())
}
