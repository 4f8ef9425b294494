/**
 * The typed facade over the WebAssembly exports. Pure: it is handed initialised bindings, so the
 * same code runs in Node (ts/engine/node.ts) and in the browser calculator.
 */
import { decodeBeamAnswer, DIAGRAMS, encodeBeamRequest } from './beam-frame.js';
import { decodeTrussAnswer, encodeTrussRequest } from './truss-frame.js';
import type {
  BeamSolutionHandle,
  DiagramName,
  EngineBeamAnalysis,
  EngineBeamModel,
  EngineBeamResult,
  EngineBindings,
  EngineEnvelopeRequest,
  EngineErrorValue,
  Samples,
  EngineTrussModel,
  EngineTrussResult,
} from './types.js';

/** The engine refused the model; `error` says why (a mechanism, an invalid model, an overflow). */
export class EngineFailure extends Error {
  readonly error: EngineErrorValue;
  constructor(error: EngineErrorValue) {
    super(error.kind === 'mechanism' ? `mechanism at node ${error.node}` : error.message);
    this.name = 'EngineFailure';
    this.error = error;
  }
}

export interface Engine {
  /** Crate version + the 12-character git revision the WASM was built from. */
  readonly version: string;
  /**
   * Every combination's reactions and extremes, the diagrams of the first `keepDiagrams`, and the
   * pointwise bounds of each requested envelope, taken inside the engine as it sums each combination.
   * Series are views into one `Float64Array` in engine units (SI: m, kN, kN.m, rad), the caller's to
   * convert in place.
   */
  analyseBeam(
    model: EngineBeamModel,
    combinations: number[][],
    envelopes: EngineEnvelopeRequest[],
    keepDiagrams: number,
  ): EngineBeamAnalysis;
  /** One result per combination (factor vectors indexed by case number). */
  solveTruss(model: EngineTrussModel, combinations: number[][]): EngineTrussResult[];
}

/** The engine's refusal, `{"error": {...}}` from the binding, as the failure it is. */
function refusal(json: string): EngineFailure {
  return new EngineFailure((JSON.parse(json) as { error: EngineErrorValue }).error);
}

/** A beam solved by the binding, each series a view into the one flat array, taken in order. */
function analyse(bindings: EngineBindings, frame: Float64Array): EngineBeamAnalysis {
  const solution: BeamSolutionHandle = bindings.solveBeam(frame);
  try {
    if (solution.error !== undefined) throw refusal(solution.error);
    const answer = decodeBeamAnswer(solution.takeAnswer());
    const flat = solution.takeSeries();
    let at = 0;
    const next = (pairs: number) => flat.subarray(at, (at += 2 * pairs));
    const results = answer.results.map(({ result, pairs }): EngineBeamResult => {
      const samples = {} as Record<DiagramName, Samples>;
      DIAGRAMS.forEach((name, i) => {
        samples[name] = next(pairs[i]!);
      });
      return { ...result, samples };
    });
    return { results, envelopes: answer.envelopes.map((pairs) => ({ max: next(pairs), min: next(pairs) })) };
  } finally {
    solution.free();
  }
}

export function createEngine(bindings: EngineBindings): Engine {
  return {
    version: bindings.engineVersion(),
    analyseBeam: (model, combinations, envelopes, keepDiagrams) =>
      analyse(bindings, encodeBeamRequest(model, combinations, envelopes, keepDiagrams)),
    solveTruss: (model, combinations) => {
      const solution = bindings.solveTruss(encodeTrussRequest(model, combinations));
      try {
        if (solution.error !== undefined) throw refusal(solution.error);
        return decodeTrussAnswer(solution.takeAnswer(), solution.takeMessages());
      } finally {
        solution.free();
      }
    },
  };
}
