//! Native beam benchmark: a 20-span continuous beam with 200 loads (points, partial and varying line
//! loads, moments) in eight load cases, solved many times; prints the median time of a whole
//! `solve_beam` call for the unfactored analysis.
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_beam [-- --runs N] [-- --fixture FILE] [-- --turns]
//! ```
//!
//! `--turns` times plain solves on request instead (`examples/support`, for `bench/native.ts`, which sets
//! the WASM figure against it). `--fixture FILE` also writes the `solveBeam` input
//! (`{model, combinations}`) as JSON, so the WASM benchmark solves exactly this beam.

use spanwise_engine::beam::{solve_beam, BeamLoad, BeamModel, Span, Support, SupportKind};

mod support;

/// 20 spans of 4 to 8 m with varying I; a pin, then rollers at every joint; 200 loads spread over all
/// spans and the eight load cases.
fn twenty_span_beam() -> BeamModel {
    let spans: Vec<Span> = (0..20)
        .map(|n| Span {
            length: 4.0 + (n % 5) as f64,
            e: 200e6,
            i: 1e-4 * (1.0 + (n % 3) as f64),
            hinge: false,
        })
        .collect();
    let total: f64 = spans.iter().map(|s| s.length).sum();
    let mut x = 0.0;
    let mut supports = vec![Support {
        kind: SupportKind::Pin,
        position: 0.0,
        settlement: 0.0,
    }];
    for s in &spans {
        x += s.length;
        supports.push(Support {
            kind: SupportKind::Roller,
            position: x,
            settlement: 0.0,
        });
    }
    let loads = (0..200)
        .map(|n| {
            let at = total * (n as f64 + 0.37) / 200.0;
            let case = n % 8;
            match n % 4 {
                0 => BeamLoad::Point {
                    position: at,
                    force: -10.0 - (n % 7) as f64,
                    case,
                },
                1 => BeamLoad::Line {
                    from: at,
                    to: (at + 1.5).min(total),
                    q: [-5.0, 0.0, 0.0],
                    case,
                },
                2 => BeamLoad::Line {
                    from: at,
                    to: (at + 2.0).min(total),
                    q: [-2.0, -1.0, 0.1],
                    case,
                },
                _ => BeamLoad::Moment {
                    position: at,
                    moment: 3.0,
                    case,
                },
            }
        })
        .collect();
    BeamModel {
        pattern: Vec::new(),
        spans,
        supports,
        loads,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = support::Options::from_args(500)?;
    let model = twenty_span_beam();
    let combinations = vec![vec![1.0; 8]];
    options.write_fixture(&model, &combinations)?;
    if options.turns {
        return support::answer_turns(|| solve_beam(&model, &combinations));
    }
    let runs = options.runs;
    let times =
        |combinations: &[Vec<f64>]| support::timed_runs(runs, || solve_beam(&model, combinations));
    let plain = times(&combinations)?;
    println!(
        "native beam, 20 spans / 200 loads, over {runs} runs: {}",
        support::spread(&plain)
    );
    let plain = plain[runs / 2];
    // The unfactored analysis plus 13 factor vectors, as many as AS1170 generates with all eight
    // cases present; the factors' values do not change the work.
    let mut combined = combinations.clone();
    combined.extend((0..13).map(|n| (0..8).map(|c| 0.9 + 0.05 * ((n + c) % 7) as f64).collect()));
    let with = times(&combined)?[runs / 2];
    // Every result keeps its four diagrams here, which the service never asks for; the combinations
    // target is read from the WASM figures `make bench` prints next (envelopes, one result's diagrams).
    println!(
        "native beam with 13 combinations, every result's diagrams kept: median {with:.3} ms, {:.2}x the plain solve",
        with / plain
    );
    Ok(())
}
