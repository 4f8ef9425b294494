//! Native truss benchmark: the 300-node, 1000-member lattice of
//! [`spanwise_engine::lattice::benchmark_truss`] with three load cases and four combinations,
//! solved many times; prints the median time of a whole `solve_truss` call (validation,
//! numbering, assembly, one factorisation, the case solves and every combination's results).
//!
//! ```text
//! cargo run --release -p spanwise-engine --example bench_truss -- [--runs N] [--fixture FILE] [--turns]
//! ```
//!
//! `--turns` times runs on request instead (`examples/support`, for `bench/native.ts`, which sets the
//! WASM figure against it).
//! `--fixture FILE` also writes the `solveTruss` input (`{model, combinations}`) as JSON, so the
//! WASM and HTTP benchmarks solve exactly this truss.

use std::time::Instant;

use spanwise_engine::lattice::{benchmark_combinations, benchmark_truss};
use spanwise_engine::truss::solve_truss;

mod support;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut runs = 500usize;
    let mut fixture = None;
    let mut turns = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--runs" => runs = args.next().ok_or("--runs needs a number")?.parse()?,
            "--fixture" => fixture = Some(args.next().ok_or("--fixture needs a file")?),
            "--turns" => turns = true,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let runs = runs.max(1);

    let model = benchmark_truss();
    let combinations = benchmark_combinations();
    if let Some(path) = fixture {
        let input = serde_json::json!({ "model": model, "combinations": combinations });
        std::fs::write(&path, serde_json::to_string(&input)? + "\n")?;
        println!("wrote {path}");
    }
    if turns {
        return support::answer_turns(|| solve_truss(&model, &combinations));
    }

    // The figure printed at the end, from a result dropped before timing: a result kept alive across
    // the timed runs left glibc's heap laid out so that every solve returned memory to the kernel and
    // faulted it back in (0.40 ms a solve against 0.33 without it, the same code).
    let max_force = solve_truss(&model, &combinations)?[1]
        .member_forces
        .iter()
        .map(|f| f.force.abs())
        .fold(0.0, f64::max);
    // Warm caches and the allocator before timing.
    for _ in 0..20 {
        solve_truss(&model, &combinations)?;
    }
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let r = solve_truss(&model, &combinations);
            let elapsed = start.elapsed().as_secs_f64();
            std::hint::black_box(r).map(|_| elapsed)
        })
        .collect::<Result<_, _>>()?;
    times.sort_by(f64::total_cmp);
    let ms = |t: f64| t * 1e3;
    println!(
        "truss {} nodes, {} members, {} load cases, {} combinations",
        model.nodes.len(),
        model.members.len(),
        3,
        combinations.len()
    );
    println!(
        "solve_truss over {runs} runs: median {:.3} ms, min {:.3} ms, p90 {:.3} ms",
        ms(times[runs / 2]),
        ms(times[0]),
        ms(times[(runs * 9 / 10).min(runs - 1)])
    );
    println!("largest |member force| in 1.35G + 1.5Q: {max_force:.3} kN");
    Ok(())
}
