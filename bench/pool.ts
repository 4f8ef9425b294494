/**
 * `make bench` (issue 31): the engine threads against the engine in the service's own thread (as before issue
 * 31), side by side in one run, each server in a child process (bench/http-target.ts, the compiled dist/).
 * - `/v1/health` while the envelope figure of a 300-node, 812-member braced frame with EN1990-UK combinations
 *   renders, again and again: its p50 and p99 (target p99 < 20 ms), with the engine inline beside it.
 * - The 300-node, 1,000-member truss over HTTP (load from wrk, bench/http.ts): requests per second on 1 and on 2 engine threads, in
 *   alternating rounds (target: 2 threads at least 1.6 x one).
 * - The 3-span beam of the HTTP benchmarks: requests per second inline and on the pool, and the choice made.
 */
import { availableParallelism } from 'node:os';
import { HTTP_BEAM_REQUEST, load, serve } from './http.js';
import { latticeRequest } from './requests.js';
import { median } from './timing.js';
import { heavyFigure } from '../test/support/heavy.js';

const FIGURE = JSON.stringify(heavyFigure());
const FIGURES = 4;

/** Milliseconds of each health request sent one after another while `FIGURES` figures render in turn. */
async function healthWhileRendering(url: string): Promise<{ times: number[]; figureMs: number }> {
  let rendering = true;
  const start = performance.now();
  const figures = (async () => {
    for (let k = 0; k < FIGURES; k++) {
      const res = await fetch(`${url}/v1/frame/diagram`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: FIGURE });
      if (res.status !== 200) throw new Error(`figure answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    }
    rendering = false;
  })();
  const times: number[] = [];
  while (rendering) {
    const sent = performance.now();
    await (await fetch(`${url}/v1/health`)).arrayBuffer();
    if (rendering) times.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await figures;
  return { times, figureMs: (performance.now() - start) / FIGURES };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

console.log('\nengine threads (issue 31)');
for (const where of ['', 'inline']) {
  const server = await serve('service', undefined, [], undefined, where);
  try {
    await fetch(`${server.url}/v1/health`);
    const { times, figureMs } = await healthWhileRendering(server.url);
    const p99 = percentile(times, 99);
    const label = where === 'inline' ? 'engine inline (before)' : 'engine threads      ';
    console.log(
      `  /v1/health while the 812-member envelope figure renders (${figureMs.toFixed(0)} ms a figure), ${label}: ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms over ${times.length} requests` +
        (where === '' ? ` (target p99 < 20 ms): ${verdict(p99 < 20)}` : ''),
    );
  } finally {
    server.close();
  }
}

const truss = JSON.stringify(latticeRequest());
/**
 * Seconds of load before each measured run: a service runs for hours, and until V8 has compiled the hot code of
 * each isolate (the main thread's and every engine thread's own) its helper threads spend more on compiling than
 * on collecting garbage. After one second they took 0.36-0.52 ms a truss request and the main thread 0.41-0.55
 * ms; after ten, 0.06-0.13 and 0.20-0.23 (runs of 2026-11-27). Two engine threads compile the same code twice over half the
 * requests each, so a short warm-up weighs on two threads' rate more than on one's.
 */
const WARM_UP_S = 8;
const rates: Record<string, number[]> = { '1': [], '2': [] };
/** Where the requests spend CPU, in ms a request, on 1 and on 2 engine threads: what shares the machine's cores. */
type Spent = { engine: number[]; main: number[]; helpers: number[]; load: number[] };
const spent: Record<string, Spent> = {
  '1': { engine: [], main: [], helpers: [], load: [] },
  '2': { engine: [], main: [], helpers: [], load: [] },
};
for (let round = 0; round < 3; round++) {
  for (const threads of round % 2 === 0 ? ['1', '2'] : ['2', '1']) {
    const server = await serve('service', undefined, [], undefined, threads);
    try {
      await load(`${server.url}/v1/truss/solve`, truss, WARM_UP_S);
      const before = server.threadCpuMs();
      const run = await load(`${server.url}/v1/truss/solve`, truss, 4);
      const after = server.threadCpuMs();
      rates[threads]!.push(run.rps);
      if (before && after) {
        const split = cpuSplit(before, after, server.pid!, Number(threads));
        const into = spent[threads]!;
        into.engine.push(split.engine / run.requests);
        into.main.push(split.main / run.requests);
        into.helpers.push(split.helpers / run.requests);
        into.load.push(run.loadCpuMs);
      }
    } finally {
      server.close();
    }
  }
}
const [one, two] = [median(rates['1']!), median(rates['2']!)];
console.log(
  `  300-node truss over HTTP: ${one.toFixed(0)} req/s on 1 engine thread, ${two.toFixed(0)} on 2 (median of 3 rounds): ` +
    `${(two / one).toFixed(2)}x (target >= 1.6x): ${verdict(two / one >= 1.6)}; each run after ${WARM_UP_S} s of warm-up`,
);
for (const threads of ['1', '2']) {
  const { engine, main, helpers, load: generator } = spent[threads]!;
  if (engine.length === 0) continue;
  console.log(
    `    CPU a request on ${threads} engine thread${threads === '1' ? '' : 's'} (of ${availableParallelism()} cores): ` +
      `engine ${median(engine).toFixed(2)} ms, main thread ${median(main).toFixed(2)} ms, V8's helper threads ` +
      `${median(helpers).toFixed(2)} ms, load generator ${median(generator).toFixed(2)} ms`,
  );
}

/**
 * CPU ms between two readings of a server's threads: its main thread, its `engines` busiest other threads (the
 * engine threads), and the rest (V8's garbage collection and compilation helpers, libuv's pool).
 */
function cpuSplit(before: Map<number, number>, after: Map<number, number>, pid: number, engines: number) {
  const used = [...after].map(([tid, ms]) => ({ tid, ms: ms - (before.get(tid) ?? 0) }));
  const main = used.find((t) => t.tid === pid)?.ms ?? 0;
  const others = used.filter((t) => t.tid !== pid).sort((a, b) => b.ms - a.ms);
  const sum = (ts: { ms: number }[]) => ts.reduce((total, t) => total + t.ms, 0);
  return { main, engine: sum(others.slice(0, engines)), helpers: sum(others.slice(engines)) };
}

// The same comparison on a request whose engine work dwarfs what surrounds it (the figure above, ~0.4 s a
// request): how far the pool scales when the main thread, the kernel's loopback and the load generator, which
// share the machine's cores with the engine threads, cost next to nothing beside the engine.
const figureRates: Record<string, number> = {};
for (const threads of ['1', '2']) {
  const server = await serve('service', undefined, [], undefined, threads);
  try {
    // four at a time: enough to keep two threads busy, few enough that none waits past the deadline
    await load(`${server.url}/v1/frame/diagram`, FIGURE, 2, 4);
    figureRates[threads] = (await load(`${server.url}/v1/frame/diagram`, FIGURE, 8, 4)).rps;
  } finally {
    server.close();
  }
}
console.log(
  `  812-member envelope figure over HTTP (engine-bound): ${figureRates['1']!.toFixed(2)} req/s on 1 engine thread, ` +
    `${figureRates['2']!.toFixed(2)} on 2: ${(figureRates['2']! / figureRates['1']!).toFixed(2)}x (information)`,
);

const beam: Record<string, number[]> = { inline: [], pool: [] };
for (let round = 0; round < 3; round++) {
  for (const where of round % 2 === 0 ? ['inline', ''] : ['', 'inline']) {
    const server = await serve('service', undefined, [], undefined, where);
    try {
      await load(`${server.url}/v1/beam/solve`, HTTP_BEAM_REQUEST, 1);
      beam[where === '' ? 'pool' : 'inline']!.push((await load(`${server.url}/v1/beam/solve`, HTTP_BEAM_REQUEST, 3)).rps);
    } finally {
      server.close();
    }
  }
}
const [inline, pooled] = [median(beam.inline!), median(beam.pool!)];
const hopUs = (1 / pooled - 1 / inline) * 1e6;
const hop = hopUs > 0 ? `the hop costs ${hopUs.toFixed(0)} us a request` : 'the second thread gains more than the hop costs';
console.log(
  `  3-span beam over HTTP: ${inline.toFixed(0)} req/s inline, ${pooled.toFixed(0)} on the pool (${(pooled / inline).toFixed(2)}x: ${hop}). ` +
    'Choice: every engine request goes to the pool, small ones too, for the deadline and the isolation from traps.',
);
