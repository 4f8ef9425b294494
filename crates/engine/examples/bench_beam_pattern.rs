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
    let combinations: Vec<Vec<f64>> = support::AS1170.iter().map(|(_, f)| f.to_vec()).collect();
    let of = |kind: &str| -> Vec<usize> {
        (0..support::AS1170.len())
            .filter(|&k| support::AS1170[k].0 == kind)
            .collect()
    };
    let (uls, sls) = (of("ULS"), of("SLS"));
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
