/** The one clock of the benchmarks: the median of many runs after a warm-up. */

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median milliseconds of `runs` runs, after 20 unmeasured ones. */
export function timeMs(run: () => unknown, runs: number): number {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}
