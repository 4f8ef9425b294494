/**
 * The large frame's pipeline in process, for finding where its time goes (issue 38; docs/architecture.md, "Speed"):
 * the 300-node, 1,000-member frame with diagrams off (case 0), with its diagrams (1) and with EN1990-UK combinations
 * (2), the pipeline an engine thread runs (JSON.parse of the body to the response's bytes) beside the engine calls
 * it makes, replayed. `npx tsx bench/frame-steps.ts [N]` prints both; with `--profile` it runs only the pipeline,
 * for `node --import tsx --cpu-prof bench/frame-steps.ts --profile N`. Not part of `make bench`, whose
 * bench/run.ts sets the same requests over HTTP against the engine.
 */
import { loadEngine } from '../ts/engine/node.js';
import { solveFrame } from '../ts/solve/frame.js';
import { responseBody } from '../ts/solve/json-text.js';
import type { SolveContext } from '../ts/solve/context.js';
import { frameRequest } from './requests.js';
import { recordEngineCalls } from './side-by-side.js';
import { median, runTimes, warmUp } from './timing.js';

const engine = await loadEngine();
const context: SolveContext = { engine, baseUrl: 'http://localhost:3000' };
const plain = frameRequest();
const cases = [
  { name: 'diagrams off', request: { ...plain, output: { diagrams: false } } },
  { name: 'with diagrams', request: plain },
  {
    name: 'EN1990-UK, diagrams off',
    request: { ...frameRequest(true), combinations: { standard: 'EN1990-UK' }, output: { diagrams: false } },
  },
];

const profile = process.argv.includes('--profile');
const only = process.argv.slice(2).find((a) => /^\d$/.test(a));
for (const { name, request } of cases.filter((_, i) => only === undefined || i === Number(only))) {
  const text = JSON.stringify(request);
  const pipeline = () => responseBody(solveFrame(JSON.parse(text), context));
  warmUp(pipeline);
  if (profile) {
    runTimes(pipeline, 50);
    continue;
  }
  const replay = recordEngineCalls(engine, (c) => solveFrame(JSON.parse(text), c));
  warmUp(replay);
  const [a, b] = [[], []] as [number[], number[]];
  for (let round = 0; round < 10; round++) {
    a.push(...runTimes(replay, 5));
    b.push(...runTimes(pipeline, 5));
  }
  const bytes = pipeline().length;
  console.log(
    `${name} (${(bytes / 1e6).toFixed(2)} MB): engine ${median(a).toFixed(2)} ms, pipeline ${median(b).toFixed(2)} ms, ratio ${(median(b) / median(a)).toFixed(2)}`,
  );
}
