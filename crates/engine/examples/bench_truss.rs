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

use spanwise_engine::lattice::{benchmark_combinations, benchmark_truss};
use spanwise_engine::truss::solve_truss;

mod support;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = support::Options::from_args(500)?;
    let model = benchmark_truss();
    let combinations = benchmark_combinations();
    options.write_fixture(&model, &combinations)?;
    if options.turns {
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
    let times = support::timed_runs(options.runs, || solve_truss(&model, &combinations))?;
    println!(
        "truss {} nodes, {} members, {} load cases, {} combinations",
        model.nodes.len(),
        model.members.len(),
        3,
        combinations.len()
    );
    println!(
        "solve_truss over {} runs: {}",
        options.runs,
        support::spread(&times)
    );
    println!("largest |member force| in 1.35G + 1.5Q: {max_force:.3} kN");
    Ok(())
}
