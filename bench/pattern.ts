/**
 * `make bench`, pattern loading (decisions.md 17): the 20-span, 200-load beam of bench/fixtures (loads in all
 * eight cases) under every AS1170 combination with `pattern: ["Q"]`, beside the same model and combinations
 * without it, measured side by side in alternating rounds: through the engine facade (every combination's
 * reactions and extremes, the envelopes' bounds, the unfactored diagrams), and through the whole pipeline
 * with the response text, as the route runs it. Target: the patterned solve at most 3x the unpatterned one, judged
 * on the medians. Beside them, the ratio of the fastest tenth of the runs: on a machine with many more runnable
 * processes than cores a run longer than a scheduler slice is often preempted, which inflates the median of the
 * longer side far more than the shorter one's, and the fastest runs show the code's own ratio.
 *
 * Frames: the 300-node, 1,000-member frame of bench/fixtures (dead and live load on each of its 261 beams, wind at 29
 * nodes) under every AS1170 combination of those cases, with `pattern: [Q]` (261 pieces: the reactions and member
 * extremes over every arrangement of the ULS combinations, the displacements of the SLS ones, as the service asks the
 * engine for them: not of a combination without Q, whose bounds are its own result, nor of one an earlier one bounds,
 * ts/combinations/pattern.ts) beside the same model without it, through the engine facade: each side measures the
 * engine's solve and everything the service reads from the engine to write its answer. Then through the whole pipeline
 * with the response's bytes, as the route runs it, for the same frame as a request takes it (its first 500 member loads
 * of the 522, bench/requests.ts): the patterned answer names each envelope bound's governing arrangement, 2.8 million
 * pieces in all (30 MB of JSON against the plain answer's 6 MB), which the writer copies from each piece's text
 * (ts/solve/piece-list.ts). The patterned side's bounds come as the binding's columns, per part each bound's value and
 * position and its governing arrangement as bits (13,920 bounds naming 1.8 million pieces in all), which the service's
 * writer reads directly (ts/solve/frame-pattern.ts), as the plain side's member results are columns the writer reads;
 * neither side's writing of the response is timed.
 */
import { readFileSync } from 'node:fs';
import { loadEngine } from '../ts/engine/node.js';
import type { EngineBeamModel, EngineEnvelopeRequest } from '../ts/engine/types.js';
import type { EngineFrameModel } from '../ts/engine/frame-model.js';
import { caseIndex, dominated, factorVector, generateCombinations, LOAD_CASES, UNFACTORED } from '../ts/combinations/index.js';
import type { BeamSolveRequest } from '../ts/schema/beam.js';
import { solveBeamRequest } from '../ts/solve/beam.js';
import { responseBody } from '../ts/solve/json-text.js';
import type { SolveContext } from '../ts/solve/context.js';
import { solveFrame } from '../ts/solve/frame.js';
import { patternFlags } from '../ts/solve/frame-pattern.js';
import { beamRequest, fixture, frameRequest } from './requests.js';
import { median, runTimes, warmUp } from './timing.js';

const TARGET = 3;
const engine = await loadEngine();
const beam = JSON.parse(readFileSync(fixture('beam-20-span.json'), 'utf8')) as { model: EngineBeamModel };
const set = generateCombinations({ standard: 'AS1170' }, LOAD_CASES);
const vectors = [[...UNFACTORED], ...set.combinations.map((c) => factorVector(c.factors))];
const of = (kind: 'ULS' | 'SLS') => set.combinations.flatMap((c, i) => (c.kind === kind ? [i + 1] : []));
const envelopes: EngineEnvelopeRequest[] = [
  { combinations: of('ULS'), diagram: 'shear' },
  { combinations: of('ULS'), diagram: 'moment' },
  { combinations: of('SLS'), diagram: 'deflection' },
];
const patterned: EngineBeamModel = { ...beam.model, pattern: [caseIndex('Q')] };
const pieces = engine.analyseBeam(patterned, vectors, envelopes, 1).pieces.length;

const api = beamRequest(beam.model);
const context: SolveContext = { engine, baseUrl: 'http://localhost:3000' };
const plainRequest: BeamSolveRequest = { ...api, combinations: { standard: 'AS1170' } };
const patternRequest: BeamSolveRequest = { ...api, combinations: { standard: 'AS1170', pattern: ['Q'] } };

/** The median and the 10th percentile of a side's runs. */
interface Figures {
  median: number;
  fast: number;
}

/** Both sides timed in alternating rounds (each warmed first), so that a busy minute of the machine weighs on both. */
function paired(plain: () => unknown, withPattern: () => unknown, runs: number): [Figures, Figures] {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round < 6; round++) {
    [plain, withPattern].forEach((run, side) => {
      warmUp(run);
      times[side]!.push(...runTimes(run, runs));
    });
  }
  return times.map((t) => ({ median: median(t), fast: [...t].sort((a, b) => a - b)[Math.floor(t.length / 10)]! })) as [Figures, Figures];
}

const [enginePlain, enginePattern] = paired(
  () => engine.analyseBeam(beam.model, vectors, envelopes, 1),
  () => engine.analyseBeam(patterned, vectors, envelopes, 1),
  30,
);
const [pipePlain, pipePattern] = paired(
  () => responseBody(solveBeamRequest(plainRequest, context)),
  () => responseBody(solveBeamRequest(patternRequest, context)),
  20,
);
console.log(
  `pattern loading, 20 spans / 200 loads in 8 cases, ${set.combinations.length} AS1170 combinations, Q patterned (${pieces} pieces):`,
);
/** One side-by-side line: the medians, their ratio against the target, and the fastest tenth's. */
function report(label: string, plain: Figures, withPattern: Figures): void {
  const ratio = withPattern.median / plain.median;
  console.log(
    `  ${label} medians: without pattern ${plain.median.toFixed(3)} ms, with ${withPattern.median.toFixed(3)} ms: ratio ${ratio.toFixed(2)} ` +
      `(target at most ${TARGET}x): ${ratio <= TARGET ? 'met' : 'NOT met'}; fastest tenth: ${plain.fast.toFixed(3)} ms and ` +
      `${withPattern.fast.toFixed(3)} ms, ratio ${(withPattern.fast / plain.fast).toFixed(2)}`,
  );
}
report('engine  ', enginePlain, enginePattern);
report('pipeline', pipePlain, pipePattern);

const frame = JSON.parse(readFileSync(fixture('frame-300.json'), 'utf8')) as { model: EngineFrameModel };
const frameCases = [...new Set([...frame.model.memberLoads, ...frame.model.nodalLoads].map((l) => LOAD_CASES[l.case]!))];
const frameSet = generateCombinations({ standard: 'AS1170' }, frameCases);
const frameVectors = [[...UNFACTORED], ...frameSet.combinations.map((c) => factorVector(c.factors))];
const framePatterned: EngineFrameModel = {
  ...frame.model,
  pattern: { cases: [caseIndex('Q')], bounds: patternFlags(frameSet.combinations, ['Q'], dominated(frameSet.combinations, ['Q']), false) },
};
const framePieces = engine.solveFrame(framePatterned, frameVectors, 1).pieces?.length ?? 0;
const [framePlain, frameWithPattern] = paired(
  () => engine.solveFrame(frame.model, frameVectors, 1),
  () => engine.solveFrame(framePatterned, frameVectors, 1),
  6,
);
console.log(
  `pattern loading, frame ${frame.model.nodes.length} nodes / ${frame.model.members.length} members, ${frameSet.combinations.length} AS1170 ` +
    `combinations, Q patterned (${framePieces} pieces):`,
);
report('engine  ', framePlain, frameWithPattern);

const frameApi = frameRequest(true);
const framePlainRequest = { ...frameApi, combinations: { standard: 'AS1170' } };
const framePatternRequest = { ...frameApi, combinations: { standard: 'AS1170', pattern: ['Q'] } };
const answerMb = (request: object) => (responseBody(solveFrame(request, context)).length / 1e6).toFixed(1);
const [framePipePlain, framePipePattern] = paired(
  () => responseBody(solveFrame(framePlainRequest, context)),
  () => responseBody(solveFrame(framePatternRequest, context)),
  3,
);
console.log(
  `  the same frame as a request takes it (${frameApi.memberLoads.length} member loads), through the pipeline: answers of ` +
    `${answerMb(framePlainRequest)} MB and ${answerMb(framePatternRequest)} MB`,
);
report('pipeline', framePipePlain, framePipePattern);
