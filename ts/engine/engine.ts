/**
 * The typed facade over the WebAssembly exports. Pure: it is handed initialised bindings, so the
 * same code runs in Node (ts/engine/node.ts) and in the browser calculator.
 */
import type {
  EngineBeamModel,
  EngineBeamResult,
  EngineBeamWire,
  EngineBindings,
  EngineErrorValue,
  EngineTrussModel,
  EngineTrussResult,
  Series,
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
  /** One result per combination (factor vectors indexed by case number). */
  solveBeam(model: EngineBeamModel, combinations: number[][]): EngineBeamResult[];
  /** One result per combination (factor vectors indexed by case number). */
  solveTruss(model: EngineTrussModel, combinations: number[][]): EngineTrussResult[];
}

type Answer<T> = { ok: T } | { error: EngineErrorValue };

function unwrap<T>(json: string): T {
  const answer = JSON.parse(json) as Answer<T>;
  if ('error' in answer) throw new EngineFailure(answer.error);
  return answer.ok;
}

/** Rebuilds each result's four `[position, value]` series from the flat array, in order. */
function withDiagrams(wires: EngineBeamWire[], flat: Float64Array): EngineBeamResult[] {
  let at = 0;
  const next = (pairs: number): Series => {
    const series: Series = new Array(pairs);
    for (let k = 0; k < pairs; k++, at += 2) series[k] = [flat[at]!, flat[at + 1]!];
    return series;
  };
  return wires.map(({ reactions, extremes, series: [shear, moment, rotation, deflection] }) => ({
    reactions,
    diagrams: { shear: next(shear), moment: next(moment), rotation: next(rotation), deflection: next(deflection) },
    extremes,
  }));
}

export function createEngine(bindings: EngineBindings): Engine {
  return {
    version: bindings.engineVersion(),
    solveBeam(model, combinations) {
      const solution = bindings.solveBeam(JSON.stringify({ model, combinations }));
      try {
        return withDiagrams(unwrap<EngineBeamWire[]>(solution.json), solution.series);
      } finally {
        solution.free();
      }
    },
    solveTruss: (model, combinations) =>
      unwrap<EngineTrussResult[]>(bindings.solveTruss(JSON.stringify({ model, combinations }))),
  };
}
