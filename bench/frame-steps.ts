/**
 * Where a large frame's answer spends its time in process, step by step (issue 38): the 300-node,
 * 1,000-member frame with diagrams off, with its diagrams, and with EN1990-UK combinations, through the
 * pipeline the engine threads run (validate, solve, response text), beside the engine's own solve of the
 * same model. `npx tsx bench/frame-steps.ts [--profile]`; with `--profile` the pipeline alone, for
 * `node --cpu-prof`.
 */
import { loadEngine } from '../ts/engine/node.js';
import { factorVector, generateCombinations, presentCases, UNFACTORED } from '../ts/combinations/index.js';
import { caseIndex, type LoadCase } from '../ts/combinations/types.js';
import { solveFrame } from '../ts/solve/frame.js';
import { frameEngineModel, frameRequestToSI, resolveMemberLoads } from '../ts/solve/frame-model.js';
import { prepareFrame } from '../ts/solve/self-weight.js';
import { responseBody } from '../ts/solve/json-text.js';
import type { SolveContext } from '../ts/solve/context.js';
import type { FrameSolveRequest } from '../ts/schema/frame.js';
import { frameRequest } from './requests.js';
import { median, runTimes, warmUp } from './timing.js';

const engine = await loadEngine();
const context: SolveContext = { engine, baseUrl: 'http://localhost:3000' };

/** The three requests of the HTTP benchmark, and the engine's work for each. */
export function frameCases() {
  const plain = frameRequest();
  const withCases = frameRequest(true);
  return [
    { name: 'diagrams off', request: { ...plain, output: { diagrams: false } } },
    { name: 'full diagrams', request: plain },
    { name: 'EN1990-UK, diagrams off', request: { ...withCases, combinations: { standard: 'EN1990-UK' }, output: { diagrams: false } } },
  ];
}

/** The engine model and combination vectors the pipeline hands the engine for this request. */
export function engineWork(request: object) {
  const typed = request as FrameSolveRequest;
  const prepared = prepareFrame(typed, undefined).request;
  const loads = [...(prepared.nodalLoads ?? []), ...(prepared.memberLoads ?? [])];
  const set = prepared.combinations ? generateCombinations(prepared.combinations, presentCases(loads)) : undefined;
  const model = frameEngineModel(frameRequestToSI(resolveMemberLoads(prepared), undefined), (c) => caseIndex((c ?? 'G') as LoadCase));
  const vectors = [[...UNFACTORED], ...(set?.combinations ?? []).map((c) => factorVector(c.factors))];
  const keep = typed.output?.diagrams === false ? 0 : 1;
  return { model, vectors, keep };
}

const profile = process.argv.includes('--profile');
const only = process.argv.find((a) => /^\d$/.test(a));
for (const { name, request } of frameCases().filter((_, i) => only === undefined || i === Number(only))) {
  const text = JSON.stringify(request);
  const pipeline = () => responseBody(solveFrame(JSON.parse(text), context));
  const { model, vectors, keep } = engineWork(request);
  const solve = () => engine.solveFrame(model, vectors, keep);
  if (profile) {
    warmUp(pipeline);
    runTimes(pipeline, 50);
    continue;
  }
  warmUp(pipeline);
  warmUp(solve);
  const [a, b] = [[], []] as [number[], number[]];
  for (let round = 0; round < 10; round++) {
    a.push(...runTimes(solve, 5));
    b.push(...runTimes(pipeline, 5));
  }
  const bytes = pipeline().length;
  console.log(
    `${name} (${vectors.length} analyses, ${(bytes / 1e6).toFixed(2)} MB): engine ${median(a).toFixed(2)} ms, pipeline ${median(b).toFixed(2)} ms, ratio ${(median(b) / median(a)).toFixed(2)}`,
  );
}
