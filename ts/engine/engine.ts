/**
 * The typed facade over the WebAssembly exports. Pure: it is handed initialised bindings, so the
 * same code runs in Node (ts/engine/node.ts) and in the browser calculator.
 */
import type {
  DiagramName,
  EngineBeamModel,
  EngineBeamResult,
  EngineBeamWire,
  EngineBindings,
  EngineErrorValue,
  EngineTrussModel,
  EngineTrussResult,
  Samples,
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

/** `[x0, v0, x1, v1, ...]` as `[[x0, v0], [x1, v1], ...]`. */
export function pairs(samples: Samples): Series {
  const series: Series = new Array(samples.length / 2);
  for (let k = 0; k < series.length; k++) series[k] = [samples[2 * k]!, samples[2 * k + 1]!];
  return series;
}

const DIAGRAMS: readonly DiagramName[] = ['shear', 'moment', 'rotation', 'deflection'];

/**
 * Each result's four diagrams as views into the one flat array (no copies); the `[position, value]`
 * pairs are built only for a result whose `diagrams` are read, since an envelope needs just the
 * samples of every combination.
 */
function withDiagrams(wires: EngineBeamWire[], flat: Float64Array): EngineBeamResult[] {
  let at = 0;
  return wires.map(({ reactions, extremes, series }) => {
    const samples = {} as Record<DiagramName, Samples>;
    DIAGRAMS.forEach((name, i) => {
      const length = 2 * series[i]!;
      samples[name] = flat.subarray(at, at + length);
      at += length;
    });
    let diagrams: Record<DiagramName, Series> | undefined;
    return {
      reactions,
      extremes,
      samples,
      get diagrams() {
        diagrams ??= {
          shear: pairs(samples.shear),
          moment: pairs(samples.moment),
          rotation: pairs(samples.rotation),
          deflection: pairs(samples.deflection),
        };
        return diagrams;
      },
    };
  });
}

export function createEngine(bindings: EngineBindings): Engine {
  return {
    version: bindings.engineVersion(),
    solveBeam(model, combinations) {
      const solution = bindings.solveBeam(JSON.stringify({ model, combinations }));
      try {
        return withDiagrams(unwrap<EngineBeamWire[]>(solution.json), solution.takeSeries());
      } finally {
        solution.free();
      }
    },
    solveTruss: (model, combinations) =>
      unwrap<EngineTrussResult[]>(bindings.solveTruss(JSON.stringify({ model, combinations }))),
  };
}
