/**
 * The typed facade over the WebAssembly exports. Pure: it is handed initialised bindings, so the
 * same code runs in Node (ts/engine/node.ts) and in the browser calculator.
 *
 * A model is described to the binding record by record through its typed methods (`BeamInput.span`,
 * `TrussInput.member`...), whose declarations wasm-bindgen writes from the Rust: no layout is kept here.
 * Results come back as typed arrays for the bulk (diagram series, member forces, displacements, a beam's
 * reactions by column) and as the engine's own serde forms for the rest (extremes, truss reactions, warnings).
 */
import type { EngineSectionAnswer, EngineSectionModel } from './section-properties.js';
import type {
  DiagramName,
  EngineBeamAnalysis,
  EngineBeamModel,
  EngineBeamResult,
  EngineBindings,
  EngineEnvelopeRequest,
  EngineErrorValue,
  EnginePatterned,
  EnginePatternedRange,
  EngineSupportKind,
  EngineTrussDescription,
  EngineTrussModel,
  EngineTrussResult,
} from './types.js';
import { solveFrame } from './frame.js';
import { boundColumns } from './pattern-columns.js';
import type { EngineFrameAnalysis, EngineFrameModel, EngineFrameOptions } from './frame-model.js';

/**
 * The binding's `LinkDeflater`: `push` adds a piece of the input text (false once the output cannot fit, and
 * then the caller frees it); `finish` adds the last piece and answers the stream in base64url without
 * padding, freeing the deflater. The binding reads the text's UTF-8 in place and encodes the stream itself:
 * no array of bytes is made in JavaScript on the way in or out.
 */
export interface LinkDeflater {
  push(piece: string): boolean;
  finish(piece: string): string | undefined;
  free(): void;
}

/** The engine refused the model; `error` says why (a mechanism, an invalid model, an overflow). */
export class EngineFailure extends Error {
  readonly error: EngineErrorValue;
  constructor(error: EngineErrorValue) {
    super(
      error.kind === 'mechanism'
        ? `mechanism at node ${error.node}`
        : error.kind === 'buckling'
          ? `load arrangement ${error.arrangement} reaches its elastic critical load`
          : error.message,
    );
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
   * Series are `Float64Array`s in engine units (SI: m, kN, kN.m, rad), the caller's to convert in place.
   */
  analyseBeam(
    model: EngineBeamModel,
    combinations: number[][],
    envelopes: EngineEnvelopeRequest[],
    keepDiagrams: number,
  ): EngineBeamAnalysis;
  /**
   * One result per combination (factor vectors indexed by case number). The model is given whole, or as a
   * function that describes it to the binding record by record.
   */
  solveTruss(describe: (input: EngineTrussDescription) => void, combinations: number[][]): EngineTrussResult[];
  /**
   * One result per combination; the first `keepDiagrams` carry member diagrams (ts/engine/frame.ts). With
   * `analysis`, second order and critical factors as it asks.
   */
  solveFrame(model: EngineFrameModel, combinations: number[][], keepDiagrams: number, analysis?: EngineFrameOptions): EngineFrameAnalysis;
  /** A raw DEFLATE (RFC 1951) stream for a link, given up as soon as its output passes `limit` bytes. */
  linkDeflater(limit: number): LinkDeflater;
  /** Properties of a section, or the faults of its pieces (ts/engine/section-properties.ts). */
  sectionProperties(model: EngineSectionModel): EngineSectionAnswer;
  /**
   * Throw the instance away and start a fresh one of the same compiled module. After a trap (a Rust panic
   * aborts as `unreachable`) the old instance's memory and borrow flags are left mid-call: every later call
   * on it would fail. Objects of the old instance must not be used afterwards (the glue refuses them).
   */
  reset(): void;
  /** The instance's linear memory in bytes: it only grows, so a request that grew it far is a reason to reset. */
  memoryBytes(): number;
}

/** The engine's refusal, `{"error": {...}}` from the binding, as the failure it is. */
function refusal(json: string): EngineFailure {
  return new EngineFailure((JSON.parse(json) as { error: EngineErrorValue }).error);
}

const DIAGRAMS: readonly DiagramName[] = ['shear', 'moment', 'rotation', 'deflection'];

/** The beam model, its combinations and envelopes told to the binding's `BeamInput`, one call per record. */
export function describeBeam(
  input: InstanceType<EngineBindings['BeamInput']>,
  model: EngineBeamModel,
  combinations: readonly number[][],
  envelopes: readonly EngineEnvelopeRequest[] = [],
): void {
  for (const s of model.spans) input.span(s.length, s.e, s.i, s.hinge);
  for (const s of model.supports) input.support(s.kind, s.position, s.settlement);
  for (const l of model.loads) {
    if (l.type === 'point') input.point(l.position, l.force, l.case);
    else if (l.type === 'moment') input.moment(l.position, l.moment, l.case);
    else input.line(l.from, l.to, l.q[0], l.q[1], l.q[2], l.case);
  }
  for (const c of model.pattern ?? []) input.pattern(c);
  for (const c of combinations) input.combination(c);
  for (const e of envelopes) input.envelope(e.diagram, e.combinations);
}

function analyseBeam(
  bindings: EngineBindings,
  model: EngineBeamModel,
  combinations: readonly number[][],
  envelopes: readonly EngineEnvelopeRequest[],
  keepDiagrams: number,
): EngineBeamAnalysis {
  const input = new bindings.BeamInput();
  try {
    describeBeam(input, model, combinations, envelopes);
    const solution = input.solve(keepDiagrams);
    try {
      if (solution.error !== undefined) throw refusal(solution.error);
      const kinds = solution.reactionKinds() as EngineSupportKind[];
      const pieces = (solution.pieces() ?? []) as EngineBeamAnalysis['pieces'];
      const results = Array.from({ length: solution.count }, (_, i): EngineBeamResult => {
        const samples = {} as EngineBeamResult['samples'];
        for (const name of DIAGRAMS) samples[name] = solution.diagram(i, name);
        const result: EngineBeamResult = {
          reactions: beamReactions(kinds, solution, i),
          samples,
          extremes: solution.extremes(i) as EngineBeamResult['extremes'],
        };
        const pattern = patternOf(solution.patternValues(i), solution.patternPieces(i), pieces.length);
        if (pattern !== undefined) result.pattern = pattern;
        return result;
      });
      return {
        results,
        envelopes: envelopes.map((_, k) => ({ max: solution.bound(k, true), min: solution.bound(k, false) })),
        pieces,
      };
    } finally {
      solution.free();
    }
  } finally {
    input.free();
  }
}

/** A result's bounds over every arrangement from the binding's two columns (`patternValues`, `patternPieces`). */
function patternOf(values: Float64Array, words: Uint32Array, pieces: number): EnginePatterned | undefined {
  if (values.length === 0) return undefined;
  const columns = boundColumns(values, words, pieces);
  const range = (): EnginePatternedRange | undefined => {
    const [max, min] = [columns.bound(), columns.bound()];
    return Number.isNaN(max.value) ? undefined : { max, min };
  };
  const pattern: EnginePatterned = { reactions: [] };
  const [shear, moment, deflection] = [range(), range(), range()];
  if (shear) pattern.shear = shear;
  if (moment) pattern.moment = moment;
  if (deflection) pattern.deflection = deflection;
  while (columns.more()) pattern.reactions.push({ vertical: range()!, moment: range()! });
  return pattern;
}

/** A result's reactions from the binding's columns (kinds, positions, forces, moments: one per support). */
function beamReactions(
  kinds: readonly EngineSupportKind[],
  solution: ReturnType<InstanceType<EngineBindings['BeamInput']>['solve']>,
  result: number,
): EngineBeamResult['reactions'] {
  const [positions, forces, moments] = [
    solution.reactionPositions(result),
    solution.reactionForces(result),
    solution.reactionMoments(result),
  ];
  const reactions: EngineBeamResult['reactions'] = [];
  for (let k = 0; k < kinds.length; k++) {
    reactions.push({ kind: kinds[k]!, position: positions[k]!, vertical: forces[k]!, moment: moments[k]! });
  }
  return reactions;
}

/** A truss already held as an engine model (the benchmarks' fixtures), described record by record to the binding. */
export function describeTruss(model: EngineTrussModel): (input: EngineTrussDescription) => void {
  return (input) => {
    for (const n of model.nodes) input.node(n.x, n.y);
    for (const m of model.members) input.member(m.from, m.to, m.e, m.a);
    for (const s of model.supports) input.support(s.node, s.kind === 'roller', s.angle, s.settlement.x, s.settlement.y);
    for (const l of model.loads) input.load(l.node, l.fx, l.fy, l.case);
    for (const f of model.fabricationErrors) input.fabricationError(f.member, f.strain, f.deltaLength);
  };
}

function solveTruss(
  bindings: EngineBindings,
  describe: (input: EngineTrussDescription) => void,
  combinations: readonly number[][],
): EngineTrussResult[] {
  const input = new bindings.TrussInput();
  try {
    describe(input);
    for (const c of combinations) input.combination(c);
    const solution = input.solve();
    try {
      if (solution.error !== undefined) throw refusal(solution.error);
      const warnings = (solution.warnings() ?? []) as EngineTrussResult['warnings'];
      return Array.from({ length: solution.count }, (_, i): EngineTrussResult => ({
        reactions: solution.reactions(i) as EngineTrussResult['reactions'],
        memberForces: solution.memberForces(i),
        dx: solution.displacementsX(i),
        dy: solution.displacementsY(i),
        warnings,
      }));
    } finally {
      solution.free();
    }
  } finally {
    input.free();
  }
}

export function createEngine(bindings: EngineBindings): Engine {
  return {
    version: bindings.engineVersion(),
    analyseBeam: (model, combinations, envelopes, keepDiagrams) => analyseBeam(bindings, model, combinations, envelopes, keepDiagrams),
    solveTruss: (describe, combinations) => solveTruss(bindings, describe, combinations),
    solveFrame: (model, combinations, keepDiagrams, analysis) => solveFrame(bindings, model, combinations, keepDiagrams, refusal, analysis),
    linkDeflater: (limit) => new bindings.LinkDeflater(limit),
    sectionProperties: (model) => bindings.sectionProperties(model) as EngineSectionAnswer,
    reset: () => bindings.__wbg_reset_state(),
    memoryBytes: () => bindings.initSync().memory.buffer.byteLength,
  };
}
