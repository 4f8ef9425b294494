//! What the native benchmark examples share: their arguments, the fixture they write, their timed
//! runs, and timing in turns.
//!
//! Timing in turns is for `bench/native.ts`: on a shared machine the speed of both cores drifts over
//! seconds, so a native median taken a minute before the WASM one can compare a quiet moment with a
//! busy one. With `--turns`, an example solves on request: `bench/native.ts` times a few runs in
//! WebAssembly, then asks this process for as many, and so on, so both sides meet the same moments.

use std::error::Error;
use std::io::{BufRead, Write};
use std::time::Instant;

use serde::Serialize;

/// An example's arguments: `[--runs N] [--fixture FILE] [--turns]`.
pub struct Options {
    /// Timed runs (at least one).
    pub runs: usize,
    /// Where to write the input (`{model, combinations}`) as JSON, so the WASM and HTTP benchmarks
    /// solve exactly this structure.
    pub fixture: Option<String>,
    /// Answer turns on standard input ([`answer_turns`]) instead of timing runs.
    pub turns: bool,
}

impl Options {
    /// The command line's options, `runs` when it names none.
    pub fn from_args(runs: usize) -> Result<Self, Box<dyn Error>> {
        let mut options = Options {
            runs,
            fixture: None,
            turns: false,
        };
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--runs" => options.runs = args.next().ok_or("--runs needs a number")?.parse()?,
                "--fixture" => options.fixture = Some(args.next().ok_or("--fixture needs a file")?),
                "--turns" => options.turns = true,
                other => return Err(format!("unknown argument {other}").into()),
            }
        }
        options.runs = options.runs.max(1);
        Ok(options)
    }

    /// Writes the fixture when one was asked for.
    pub fn write_fixture(
        &self,
        model: &impl Serialize,
        combinations: &[Vec<f64>],
    ) -> Result<(), Box<dyn Error>> {
        if let Some(path) = &self.fixture {
            let input = serde_json::json!({ "model": model, "combinations": combinations });
            std::fs::write(path, serde_json::to_string(&input)? + "\n")?;
            println!("wrote {path}");
        }
        Ok(())
    }
}

/// Milliseconds of each of `runs` runs of `solve`, after a warm-up; sorted, so `[0]` is the least
/// and `[runs / 2]` the median.
pub fn timed_runs<T, E: Error + 'static>(
    runs: usize,
    mut solve: impl FnMut() -> Result<T, E>,
) -> Result<Vec<f64>, Box<dyn Error>> {
    warm_up(&mut solve)?;
    let mut times = times_of(runs.max(1), &mut solve)?;
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// Twenty runs, to warm caches and the allocator before timing.
fn warm_up<T, E: Error + 'static>(
    solve: &mut impl FnMut() -> Result<T, E>,
) -> Result<(), Box<dyn Error>> {
    for _ in 0..20 {
        std::hint::black_box(solve()?);
    }
    Ok(())
}

/// Milliseconds of each of `runs` runs, in the order run.
fn times_of<T, E: Error + 'static>(
    runs: usize,
    solve: &mut impl FnMut() -> Result<T, E>,
) -> Result<Vec<f64>, Box<dyn Error>> {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let result = solve();
        times.push(start.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(result?);
    }
    Ok(times)
}

/// `median …, min …, p90 …` of sorted run times.
pub fn spread(times: &[f64]) -> String {
    let at = |q: usize| times[(times.len() * q / 10).min(times.len() - 1)];
    format!(
        "median {:.3} ms, min {:.3} ms, p90 {:.3} ms",
        at(5),
        times[0],
        at(9)
    )
}

/// The sorted run times of a model without and with pattern loading, and the ratio of their medians.
#[allow(dead_code)] // the pattern examples' alone
pub fn print_pattern_beside_plain(plain: &[f64], with: &[f64]) {
    println!("  without pattern: {}", spread(plain));
    println!("  with pattern:    {}", spread(with));
    println!(
        "  ratio of medians {:.2}",
        with[with.len() / 2] / plain[plain.len() / 2]
    );
}

/// After a warm-up, reads a run count per line from standard input and answers each with the times
/// of that many runs of `solve`, in milliseconds, on one line; ends at the end of the input.
pub fn answer_turns<T, E: Error + 'static>(
    mut solve: impl FnMut() -> Result<T, E>,
) -> Result<(), Box<dyn Error>> {
    warm_up(&mut solve)?;
    let mut out = std::io::stdout().lock();
    // the first line says the warm-up is over
    writeln!(out, "ready")?;
    out.flush()?;
    for line in std::io::stdin().lock().lines() {
        let runs: usize = line?.trim().parse()?;
        let text: Vec<String> = times_of(runs, &mut solve)?
            .iter()
            .map(f64::to_string)
            .collect();
        writeln!(out, "{}", text.join(" "))?;
        out.flush()?;
    }
    Ok(())
}

/// AS1170's combinations of the eight cases (G, Q, Qr, W, E, S, R, T) as ts/combinations makes them
/// (AS/NZS 1170.0 4.2.2 and 4.3): the unfactored analysis first, then ten ULS and three SLS.
#[allow(dead_code)]
pub const AS1170: [(&str, [f64; 8]); 14] = [
    ("", [1.0; 8]),
    ("ULS", [1.35, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.2, 1.5, 1.5, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.2, 0.6, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.2, 0.4, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
    ("ULS", [0.9, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.0, 0.3, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.0, 0.3, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0]),
    ("ULS", [1.2, 0.4, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]),
    ("ULS", [1.2, 0.4, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]),
    ("ULS", [1.2, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]),
    ("SLS", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("SLS", [1.0, 0.7, 0.7, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("SLS", [1.0, 0.4, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
];
