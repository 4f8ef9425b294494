/**
 * Where the WASM beam's time goes (issue 13's WASM / native ratio): the 20-span, 200-load beam of `make bench`
 * through the binding's calls one step at a time, as `Engine.analyseBeam` makes them: the model in (a call per
 * record), the solve, the results out (reactions, diagrams, extremes), freeing; then the facade whole. Medians of
 * 1,500 runs after 500 to warm up. `npx tsx bench/wasm-beam-split.ts` (after `make wasm`); set the native figure
 * of `make bench` beside it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEngine, describeBeam } from '../ts/engine/engine.js';
import { packageDirectory } from '../ts/engine/node.js';
import type { EngineBeamModel, EngineBindings } from '../ts/engine/types.js';
import { fixture } from './requests.js';

const pkg = packageDirectory();
const glue = (await import(pathToFileURL(join(pkg, 'spanwise_engine.js')).href)) as EngineBindings & {
  initSync(options: { module: BufferSource }): unknown;
};
glue.initSync({ module: readFileSync(join(pkg, 'spanwise_engine_bg.wasm')) });
const { model, combinations } = JSON.parse(readFileSync(fixture('beam-20-span.json'), 'utf8')) as {
  model: EngineBeamModel;
  combinations: number[][];
};
const DIAGRAMS = ['shear', 'moment', 'rotation', 'deflection'];
const WARM_UP = 500;
const RUNS = 2000;

const steps = ['model in', 'solve', 'reactions out', 'diagrams out', 'extremes out', 'freeing', 'in all'] as const;
const times = new Map<string, number[]>(steps.map((s) => [s, []]));
const kept: unknown[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  let last = start;
  const lap = (step: (typeof steps)[number]) => {
    const now = performance.now();
    times.get(step)!.push(now - last);
    last = now;
  };
  const input = new glue.BeamInput();
  describeBeam(input, model, combinations);
  lap('model in');
  const solution = input.solve(1);
  lap('solve');
  kept.length = 0;
  kept.push(solution.reactionKinds());
  for (let i = 0; i < solution.count; i++)
    kept.push(solution.reactionPositions(i), solution.reactionForces(i), solution.reactionMoments(i));
  lap('reactions out');
  for (let i = 0; i < solution.count; i++) for (const d of DIAGRAMS) kept.push(solution.diagram(i, d));
  lap('diagrams out');
  for (let i = 0; i < solution.count; i++) kept.push(solution.extremes(i));
  lap('extremes out');
  solution.free();
  input.free();
  lap('freeing');
  times.get('in all')!.push(performance.now() - start);
}
const median = (xs: number[]) => [...xs.slice(WARM_UP)].sort((a, b) => a - b)[(xs.length - WARM_UP) >> 1]!;
for (const step of steps) console.log(`${step.padEnd(14)} ${(median(times.get(step)!) * 1000).toFixed(1).padStart(7)} µs`);
const engine = createEngine(glue);
const facade: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  engine.analyseBeam(model, combinations, [], 1);
  facade.push(performance.now() - start);
}
console.log(`${'the facade'.padEnd(14)} ${(median(facade) * 1000).toFixed(1).padStart(7)} µs (Engine.analyseBeam, as make bench times it)`);
