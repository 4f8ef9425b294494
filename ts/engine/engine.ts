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
  EngineSeriesUnits,
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
   */
  analyseBeam(
    model: EngineBeamModel,
    combinations: number[][],
    envelopes: EngineEnvelopeRequest[],
    keepDiagrams: number,
  ): EngineBeamAnalysis;
  /**
   * The same analysis with every series as JSON text in the response's units (ASCII bytes, views into
   * one buffer), ready to be spliced into a response body: the engine prints numbers exactly as
   * JSON.stringify would, and bytes need no encoding on the way to the socket.
   */
  analyseBeamText(
    model: EngineBeamModel,
    combinations: number[][],
    envelopes: EngineEnvelopeRequest[],
    keepDiagrams: number,
    seriesUnits: EngineSeriesUnits,
  ): EngineBeamAnalysis<Uint8Array>;
  /** One result per combination (factor vectors indexed by case number). */
  solveTruss(model: EngineTrussModel, combinations: number[][]): EngineTrussResult[];
}

/** The engine's refusal, `{"error": {...}}` from the binding, as the failure it is. */
function refusal(json: string): EngineFailure {
  return new EngineFailure((JSON.parse(json) as { error: EngineErrorValue }).error);
}

/**
 * A beam solved by the binding, each series taken in order by `take` (given its pair count and
 * the answer's text lengths): views into the one flat array, or slices of the one text.
 */
function analyse<S>(
  bindings: EngineBindings,
  frame: Float64Array,
  take: (solution: BeamSolutionHandle, textLengths: number[]) => (pairs: number) => S,
): EngineBeamAnalysis<S> {
  const solution = bindings.solveBeam(frame);
  try {
    if (solution.error !== undefined) throw refusal(solution.error);
    const answer = decodeBeamAnswer(solution.takeAnswer());
    const next = take(solution, answer.textLengths);
    const results = answer.results.map(({ result, pairs }): EngineBeamResult<S> => {
      const samples = {} as Record<DiagramName, S>;
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
  const analyseBeam: Engine['analyseBeam'] = (model, combinations, envelopes, keepDiagrams) =>
    analyse(bindings, encodeBeamRequest(model, combinations, envelopes, keepDiagrams), (solution) => {
      const flat = solution.takeSeries();
      let at = 0;
      return (pairs) => flat.subarray(at, (at += 2 * pairs));
    });
  const analyseBeamText: Engine['analyseBeamText'] = (model, combinations, envelopes, keepDiagrams, seriesUnits) =>
    analyse(bindings, encodeBeamRequest(model, combinations, envelopes, keepDiagrams, seriesUnits), (solution, lengths) => {
      const text = solution.takeText();
      let [at, k] = [0, 0];
      return () => text.subarray(at, (at += lengths[k++]!));
    });
  return {
    version: bindings.engineVersion(),
    analyseBeam,
    analyseBeamText,
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
