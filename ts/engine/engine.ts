/**
 * The typed facade over the WebAssembly exports. Pure: it is handed initialised bindings, so the
 * same code runs in Node (ts/engine/node.ts) and in the browser calculator.
 */
import type {
  DiagramName,
  EngineAnalysisWire,
  EngineBeamAnalysis,
  EngineBeamModel,
  EngineBeamResult,
  EngineBindings,
  EngineEnvelopeRequest,
  EngineErrorValue,
  EngineTrussModel,
  EngineTrussResult,
  Samples,
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
  /** One result per combination (factor vectors indexed by case number). */
  solveTruss(model: EngineTrussModel, combinations: number[][]): EngineTrussResult[];
}

type Answer<T> = { ok: T } | { error: EngineErrorValue };

function unwrap<T>(json: string): T {
  const answer = JSON.parse(json) as Answer<T>;
  if ('error' in answer) throw new EngineFailure(answer.error);
  return answer.ok;
}

const DIAGRAMS: readonly DiagramName[] = ['shear', 'moment', 'rotation', 'deflection'];

/** Each result's four diagrams and each envelope's bounds as views into the one flat array (no copies). */
function withDiagrams({ results: wires, envelopes }: EngineAnalysisWire, flat: Float64Array): EngineBeamAnalysis {
  let at = 0;
  const take = (pairs: number) => flat.subarray(at, (at += 2 * pairs));
  const results = wires.map(({ reactions, extremes, series }): EngineBeamResult => {
    const samples = {} as Record<DiagramName, Samples>;
    DIAGRAMS.forEach((name, i) => {
      samples[name] = take(series[i]!);
    });
    return { reactions, extremes, samples };
  });
  return { results, envelopes: envelopes.map((pairs) => ({ max: take(pairs), min: take(pairs) })) };
}

export function createEngine(bindings: EngineBindings): Engine {
  const analyseBeam: Engine['analyseBeam'] = (model, combinations, envelopes, keepDiagrams) => {
    const solution = bindings.solveBeam(JSON.stringify({ model, combinations, envelopes, keepDiagrams }));
    try {
      return withDiagrams(unwrap<EngineAnalysisWire>(solution.json), solution.takeSeries());
    } finally {
      solution.free();
    }
  };
  return {
    version: bindings.engineVersion(),
    analyseBeam,
    solveTruss: (model, combinations) =>
      unwrap<EngineTrussResult[]>(bindings.solveTruss(JSON.stringify({ model, combinations }))),
  };
}
