/** The one clock of the benchmarks: the median of many runs after a warm-up. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * How long a benchmark runs unmeasured first. V8 starts WebAssembly and JavaScript in its baseline
 * compilers and swaps optimised code in, in the background, as functions grow hot; twenty warm-up runs
 * (5 ms of the 20-span beam) left part of the timed runs before that: two runs of `make bench` measured
 * that beam at 0.416 and 0.324 ms, and 0.278 ms after a second of warm-up, level from then on. The
 * native figures beside them are compiled ahead of time.
 */
const WARM_UP_MS = 1000;

/** At least 20 unmeasured runs and `WARM_UP_MS` of them. */
export function warmUp(run: () => unknown): void {
  const start = performance.now();
  for (let i = 0; i < 20 || performance.now() - start < WARM_UP_MS; i++) run();
}

/** Milliseconds of each of `runs` runs, in the order run (no warm-up). */
export function runTimes(run: () => unknown, runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times;
}

/** Median milliseconds of `runs` runs, after `warmUp`. */
export function timeMs(run: () => unknown, runs: number): number {
  warmUp(run);
  return median(runTimes(run, runs));
}
