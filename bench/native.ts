/**
 * WebAssembly against native, timed in turns. On a shared 2-core machine the speed of both cores drifts over
 * seconds: on 2026-11-26 one `make bench` set a WASM truss of 0.435 ms against a native median taken a minute
 * before of 0.431 ms (1.01x, printed "met"), where the native example gave 0.284-0.292 ms in four runs that
 * morning (1.48-1.58x); five rounds of a native run, then a WASM one, gave round ratios of 0.81 to 2.46. So
 * the native example (`crates/engine/examples`, built by `make bench`) runs beside this process with
 * `--turns` (`examples/support`): a few runs in WebAssembly, then as many natively, then natively with glibc
 * keeping its freed memory, and again, so all three meet the same moments of the machine.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median, runTimes, warmUp } from './timing.js';

export type NativeExample = 'bench_beam' | 'bench_truss' | 'bench_frame';

/**
 * glibc settings under which freed memory stays in the process (no trimming, no mmap per large block), as
 * WebAssembly's allocator keeps what it grew: the native figure without glibc's page faults, shown beside.
 */
const GLIBC_KEEPS_MEMORY = 'glibc.malloc.mmap_threshold=8388608:glibc.malloc.trim_threshold=16777216';

/** Turns per side; each turn times `runsPerTurn` runs. */
const TURNS = 60;

/** The example answering turns, or undefined when `make bench` has not built it. */
async function nativeTurns(example: NativeExample, keepMemory: boolean) {
  const binary = fileURLToPath(new URL(`../target/release/examples/${example}`, import.meta.url));
  if (!existsSync(binary)) return undefined;
  const env = keepMemory ? { ...process.env, GLIBC_TUNABLES: GLIBC_KEEPS_MEMORY } : process.env;
  const child = spawn(binary, ['--turns'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const line = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`${example} --turns ended early`);
    return next.value;
  };
  if ((await line()) !== 'ready') throw new Error(`${example} --turns did not start`);
  return {
    /** Milliseconds of each of `runs` runs. */
    async time(runs: number): Promise<number[]> {
      child.stdin.write(`${runs}\n`);
      return (await line()).split(' ').map(Number);
    },
    close: () => child.stdin.end(),
  };
}

export interface AgainstNative {
  /** Medians of every timed run, ms. */
  wasm: number;
  native: number;
  /** The native example with glibc keeping its freed memory. */
  kept: number;
  /** wasm / native and wasm / kept, of the medians. */
  ratio: number;
  keptRatio: number;
  /** The quartiles of the turns' own ratios: how much the machine moved under the figure. */
  turnRatios: [number, number];
  turns: number;
  runs: number;
}

const quartiles = (values: number[]): [number, number] => {
  const sorted = [...values].sort((a, b) => a - b);
  return [sorted[Math.floor(sorted.length / 4)]!, sorted[Math.floor((3 * sorted.length) / 4)]!];
};

/**
 * `run` in WebAssembly against the native example, in alternating turns of `runsPerTurn` runs each (about
 * 10 ms a turn keeps both sides within the same moment); undefined when the example is not built.
 */
export async function againstNative(example: NativeExample, run: () => unknown, runsPerTurn: number): Promise<AgainstNative | undefined> {
  const native = await nativeTurns(example, false);
  if (native === undefined) return undefined;
  // the same binary, so built too
  const kept = (await nativeTurns(example, true))!;
  const times = { wasm: [] as number[], native: [] as number[], kept: [] as number[] };
  const turnRatios: number[] = [];
  try {
    warmUp(run);
    for (let turn = 0; turn < TURNS; turn++) {
      const wasm = runTimes(run, runsPerTurn);
      const nativeTimes = await native.time(runsPerTurn);
      times.wasm.push(...wasm);
      times.native.push(...nativeTimes);
      times.kept.push(...(await kept.time(runsPerTurn)));
      turnRatios.push(median(wasm) / median(nativeTimes));
    }
  } finally {
    native.close();
    kept.close();
  }
  const [wasmMs, nativeMs, keptMs] = [median(times.wasm), median(times.native), median(times.kept)];
  return {
    wasm: wasmMs,
    native: nativeMs,
    kept: keptMs,
    ratio: wasmMs / nativeMs,
    keptRatio: wasmMs / keptMs,
    turnRatios: quartiles(turnRatios),
    turns: TURNS,
    runs: runsPerTurn,
  };
}

/** One line for the figure: both medians, the ratio, and the middle half of the turns' ratios. */
export function describeAgainstNative(label: string, { wasm, native, ratio, turnRatios, turns, runs }: AgainstNative): string {
  return (
    `${label}: wasm ${wasm.toFixed(3)} ms / native ${native.toFixed(3)} ms = ${ratio.toFixed(2)}x (target <= 1.3x; ` +
    `medians of ${turns} alternating turns of ${runs} runs, the turns' ratios ${turnRatios[0].toFixed(2)}-${turnRatios[1].toFixed(2)} in the middle half)`
  );
}
