//! Timing in turns, for `bench/native.ts`: on a shared machine the speed of both cores drifts over
//! seconds, so a native median taken a minute before the WASM one can compare a quiet moment with a
//! busy one. With `--turns`, an example solves on request: `bench/native.ts` times a few runs in
//! WebAssembly, then asks this process for as many, and so on, so both sides meet the same moments.

use std::error::Error;
use std::io::{BufRead, Write};
use std::time::Instant;

/// After a warm-up, reads a run count per line from standard input and answers each with the times
/// of that many runs of `solve`, in milliseconds, on one line; ends at the end of the input.
pub fn answer_turns<T, E: Error + 'static>(
    mut solve: impl FnMut() -> Result<T, E>,
) -> Result<(), Box<dyn Error>> {
    for _ in 0..20 {
        std::hint::black_box(solve()?);
    }
    let mut out = std::io::stdout().lock();
    // the first line says the warm-up is over
    writeln!(out, "ready")?;
    out.flush()?;
    for line in std::io::stdin().lock().lines() {
        let runs: usize = line?.trim().parse()?;
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let start = Instant::now();
            let result = solve();
            times.push(start.elapsed().as_secs_f64() * 1e3);
            std::hint::black_box(result?);
        }
        let text: Vec<String> = times.iter().map(f64::to_string).collect();
        writeln!(out, "{}", text.join(" "))?;
        out.flush()?;
    }
    Ok(())
}
